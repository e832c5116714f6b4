;;; navshell-layout-test.el --- A layout carried on equals one made anew -*- lexical-binding: t -*-

;;; Commentary:

;; The layout of a long list is carried on in place when rows are only
;; appended.  Over seeded random steps (pages appended, sections grown,
;; or shrunk, footers and states changed, a section added, rows read
;; again from the start, widths changed), every carried-on layout must show exactly what
;; a layout made from nothing shows.  No navhost is needed.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'navshell-layout)

(defun navshell-test-layout-row (index)
  "A fresh row object for list position INDEX."
  (list :id (format "row:%d" index) :title (format "title %d" index)
        :subtitle (and (zerop (% index 3)) (format "subtitle of %d" index))
        :detail (format "%d followers" (* index 7))
        :accessory (if (zerop (% index 5)) "link" "disclosure")))

(defun navshell-test-layout-same (carried fresh what)
  "Fail with WHAT unless layouts CARRIED and FRESH show the same."
  (let ((count (navshell--layout-count fresh)))
    (should (equal (list what (navshell--layout-count carried)) (list what count)))
    (dotimes (index count)
      (unless (equal-including-properties (aref (navshell--layout-lines carried) index)
                                           (aref (navshell--layout-lines fresh) index))
        (ert-fail (list what :line index
                        :carried (aref (navshell--layout-lines carried) index)
                        :fresh (aref (navshell--layout-lines fresh) index)))))
    (should (equal (list what (navshell--layout-more-line carried))
                   (list what (navshell--layout-more-line fresh))))
    (dotimes (index (1+ (navshell--layout-read fresh)))
      (should (equal (list what index (aref (navshell--layout-line-of carried) index))
                     (list what index (aref (navshell--layout-line-of fresh) index)))))))

(ert-deftest navshell-layout-carried-on-equals-fresh ()
  "Over 600 seeded random steps, carrying a layout on changes nothing shown."
  (random "navshell-layout")
  (let* ((session (navshell--session-create))
         (screen (navshell--screen-create :id "s1" :title "Test" :revision 1))
         (sections (list (list :id "a" :header "First" :count 40)
                         (list :id "b" :header "Second" :count 30 :hasMore t)))
         (layout nil) (carried 0) (width 79))
    (setf (navshell--screen-sections screen) sections)
    (dotimes (step 600)
      (pcase (random 11)
        ((or 0 1 2 3 4)                 ; a page of rows read
         (let* ((read (navshell--screen-read screen))
                (total (navshell--screen-total screen))
                (page (min (- total read) (1+ (random 30)))))
           (setf (navshell--screen-rows screen)
                 (vconcat (navshell--screen-rows screen)
                          (cl-loop for index from (1+ read) repeat page
                                   collect (navshell-test-layout-row index))))))
        (5 (cl-incf (plist-get (car (last sections)) :count) (random 20)))
        (6 (setf (plist-get (car (last sections)) :footer)
                 (nth (random 3) '(nil "Loading more…" "Could not load: timeout")))
           (setf (plist-get (car (last sections)) :state) (nth (random 3) '(nil "loading" "failed"))))
        (7 (when (< (length sections) 4)
             (setq sections (append sections (list (list :id (format "x%d" step) :header
                                                          (format "Section %d" step)
                                                          :count (random 25)))))))
        (8 (setf (navshell--screen-rows screen)
                 (cl-loop for index from 1 to (min 20 (navshell--screen-total screen))
                          vconcat (list (navshell-test-layout-row index)))))
        (9 (setq width (nth (random 3) '(79 40 120))))
        (10 (setf (plist-get (car (last sections)) :count)
                  (max 0 (- (plist-get (car (last sections)) :count) (random 10))))))
      (setf (navshell--screen-sections screen) (copy-tree sections)
            (navshell--screen-fetching screen) (zerop (random 4)))
      (let* ((built (navshell--layout-build session screen width layout))
             (fresh (car (navshell--layout-build session screen width nil))))
        (when (cdr built) (cl-incf carried))
        (setq layout (car built))
        (navshell-test-layout-same layout fresh step)))
    ;; The steps carried most layouts on, so the test tests something.
    (should (> carried 200))))

;;; navshell-layout-test.el ends here
