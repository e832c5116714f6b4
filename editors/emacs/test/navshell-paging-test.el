;;; navshell-paging-test.el --- Long lists read as point needs them -*- lexical-binding: t -*-

;;; Commentary:

;; A 1,200-user snapshot (run.sh writes it): rows are read as point
;; nears the last one read, with no cap, and each row shown is navhost's
;; own row at that place.

;;; Code:

(require 'navshell-test-helpers)

(defvar navshell-test-snapshot (getenv "NAVSHELL_SNAPSHOT")
  "A snapshot with 1,200 users.")

(defun navshell-test-navhost-row (index)
  "The title of row INDEX (from 1) of the top screen, as navhost has it."
  (let ((result (navshell-test-request 'screen/rows (list :offset (1- index) :limit 1))))
    (plist-get (aref (plist-get result :rows) 0) :title)))

(defun navshell-test-point-row ()
  "The index of the row at point."
  (with-current-buffer (navshell-test-buffer) (navshell--row-at (point))))

(defun navshell-test-read ()
  "How many rows of the top screen were read."
  (navshell--screen-read (navshell--session-top (navshell-test-session))))

(ert-deftest navshell-paging-end-of-buffer-reads-more ()
  "M-> reaches \"… N more\" and reads more; point goes to the first new row."
  (navshell-test-with-session ("--data" navshell-test-snapshot)
    (should (= (navshell-test-read) navshell-page-size))
    (should (string-suffix-p (format "  … %d more" (- 1200 navshell-page-size)) (navshell-test-text)))
    (navshell-test-press "M->")
    (navshell-test-wait "more rows were read" (> (navshell-test-read) navshell-page-size))
    (navshell-test-settle)
    (should (eql (navshell-test-point-row) (1+ navshell-page-size)))
    (should (string-prefix-p (concat "  " (navshell-test-navhost-row (1+ navshell-page-size)) " ")
                             (navshell-test-line)))))

(ert-deftest navshell-paging-a-thousand-rows ()
  "C-u 999 n goes to row 1,000 once read; back from it returns there."
  (navshell-test-with-session ("--data" navshell-test-snapshot)
    (navshell-test-press "C-u 999 n")
    (navshell-test-wait "point reached row 1,000" (eql (navshell-test-point-row) 1000))
    (navshell-test-settle)
    (let ((title (navshell-test-navhost-row 1000)))
      (should (string-prefix-p (concat "  " title " ") (navshell-test-line)))
      (navshell-test-press "RET")
      (navshell-test-wait "the user's repositories are shown"
        (equal (navshell-test-header) (format "Users › %s's repositories" title)))
      (navshell-test-press "^")
      (navshell-test-wait "back on the users" (equal (navshell-test-header) "Users"))
      (navshell-test-settle)
      (should (eql (navshell-test-point-row) 1000))
      (should (string-prefix-p (concat "  " title " ") (navshell-test-line))))
    ;; No cap: on to the end of the list.
    (navshell-test-press "C-u 300 n")
    (navshell-test-wait "every row was read" (= (navshell-test-read) 1200))
    (navshell-test-settle)
    (should (eql (navshell-test-point-row) 1200))
    (should-not (string-match-p "^  … [0-9]+ more$" (navshell-test-text)))))

(ert-deftest navshell-paging-search-pages ()
  "A search's pages are read as point nears the end, and its footer shown."
  (navshell-test-with-session ("--data" navshell-test-snapshot)
    (navshell-search "a")
    (navshell-test-wait-for-text "Users matching 'a'")
    (navshell-test-settle)
    (let ((first-pages (navshell-test-read)))
      (navshell-test-press "M->")
      (navshell-test-wait "the next page was read" (> (navshell-test-read) first-pages)))))

(defun navshell-test-back-on-a-forgotten-row ()
  "Read 7,000 rows, then put point back on the first, no longer kept by navhost.
Return what navhost calls the first row."
  (let ((first (navshell-test-navhost-row 1)))
    (navshell-test-press "C-u 6999 n")
    (navshell-test-wait "point reached row 7,000" (eql (navshell-test-point-row) 7000))
    (navshell-test-settle)
    (navshell-test-press "M-< n")
    (should (eql (navshell-test-point-row) 1))
    (setq navshell-test-messages nil)
    first))

(ert-deftest navshell-paging-row-read-long-ago ()
  "A row whose window navhost no longer keeps is read again and opened."
  (navshell-test-with-session ("--data" (getenv "NAVSHELL_BIG_SNAPSHOT"))
    (let ((first (navshell-test-back-on-a-forgotten-row)))
      (navshell-test-press "RET")
      (navshell-test-wait "the first user's repositories are shown"
        (equal (navshell-test-header) (format "Users › %s's repositories" first)))
      (should-not (navshell-test-noticed "no row with id")))))

(ert-deftest navshell-paging-act-on-row-read-long-ago ()
  "A row whose window navhost no longer keeps is read again and acted on."
  (navshell-test-with-session ("--data" (getenv "NAVSHELL_BIG_SNAPSHOT"))
    (let ((first (navshell-test-back-on-a-forgotten-row)))
      (navshell-test-press "a Copy SPC text RET")
      (should (string-prefix-p (concat first "\n") (current-kill 0)))
      (should-not (navshell-test-noticed "no row with id")))))

(ert-deftest navshell-paging-gone-row-read-again-once ()
  "A row navhost no longer keeps is read again and the request sent again, once."
  (let* ((screen (navshell--screen-create :id "s1"))
         (gone '(error :code -32602 :message "no row" :data (:reason "notFound")))
         (reads nil) (tries 0) (answers nil)
         (ask (lambda (ids refusals)
                (setq tries 0 answers nil)
                (navshell--session-about-rows
                 nil screen ids
                 (lambda (answered)
                   (cl-incf tries)
                   (funcall answered (if (<= tries refusals) gone '(result :ok t))))
                 (lambda (answer) (push answer answers))))))
    (setf (navshell--screen-rows screen) (vector '(:id "r1") '(:id "r2")))
    (cl-letf (((symbol-function 'navshell--session-request)
               (lambda (_session _method params on-result &rest _)
                 (push (plist-get params :offset) reads)
                 (funcall on-result nil)
                 t)))
      (funcall ask '("r2") 1)
      (should (equal answers '((result :ok t))))
      (should (equal (list tries reads) '(2 (1))))
      (funcall ask '("r2") 2)
      (should (equal answers (list gone)))
      (should (equal (list tries reads) '(2 (1 1))))
      ;; The screen's own item (no rows): nothing to read again.
      (funcall ask nil 1)
      (should (equal answers (list gone)))
      (should (equal (list tries reads) '(1 (1 1)))))))

;;; navshell-paging-test.el ends here
