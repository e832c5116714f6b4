;;; navshell-rows-test.el --- Reading rows whole, and marking them -*- lexical-binding: t -*-

;;; Commentary:

;; K shows a row whole in a help window; rows of prose wrap over as
;; many lines as they need instead of being cut; m, u and U mark rows,
;; shown in their margin, and a search clears the marks.

;;; Code:

(require 'navshell-test-helpers)

(ert-deftest navshell-rows-describe ()
  "K shows the row at point whole: its texts, kind, id and typed values."
  (navshell-test-with-session ()
    (navshell-test-press "K")
    (let ((help (with-current-buffer (help-buffer) (buffer-string))))
      (should (get-buffer-window (help-buffer)))
      (dolist (text '("torvalds\nLinus Torvalds\nPortland, OR · 231,870 followers\n"
                      "kind: user" "id: user:torvalds" "section: popular" "screen: Users"
                      "Values" "login: torvalds" "followers: 231870"))
        (should (string-search text help))))
    (with-current-buffer (navshell-test-buffer) (goto-char (point-min)))
    (should-error (navshell-test-press "K") :type 'user-error)))

(ert-deftest navshell-rows-describe-nested-values ()
  "K lays out objects one key a line, lists on a line, and text as a block."
  (should (equal (with-temp-buffer
                   (navshell--describe '(:title "Branches" :kind "property" :id "about:branches"
                                                :section "about"
                                                :values (:value (:base "main" :head "o:feat")
                                                                :labels ["bug" "wontfix"]
                                                                :reviews [(:login "a" :state "ok")]
                                                                :body "Line one\nLine two"
                                                                :mergeable nil :draft :json-false))
                                       "o/r#1")
                   (buffer-substring-no-properties (point-min) (point-max)))
                 "Branches

kind: property
id: about:branches
section: about
screen: o/r#1

Values
  value:
    base: main
    head: o:feat
  labels: bug, wontfix
  reviews:
    - login: a
      state: ok
  body:
    Line one
    Line two
  mergeable: null
  draft: false
")))

(ert-deftest navshell-rows-prose-wraps ()
  "A README paragraph is shown whole, wrapped in the window; K fills it."
  (navshell-test-in-narrow-window 50
    (navshell-test-with-session ()
      (navshell-open "users/mojombo/repositories/grit/readme")
      (navshell-test-wait-for-text "Grit is no longer maintained")
      (navshell-test-settle)
      (let ((text (plist-get (navshell-test-row "line:1.0") :title)))
        (should (> (string-width text) 100))
        (navshell-test-goto "  Grit is no longer maintained")
        ;; The whole paragraph, uncut, on the row's one line ...
        (should (equal (navshell-test-line) (concat "  " text)))
        (with-current-buffer (navshell-test-buffer)
          (should (equal (get-text-property (point) 'wrap-prefix) "  "))
          ;; ... which the window shows over several screen lines.
          (should (>= (count-screen-lines (line-beginning-position) (line-end-position) nil (selected-window))
                      3))
          (should-not truncate-lines))
        (navshell-test-press "K")
        (let ((help (with-current-buffer (help-buffer) (buffer-string))))
          (should (string-search "libgit2/rugged" help))
          (should (cl-every (lambda (line) (<= (string-width line) fill-column))
                            (split-string (car (split-string help "\n\n")) "\n"))))))))

(ert-deftest navshell-rows-others-cut ()
  "Rows that are not prose stay one screen line, cut to the window."
  (navshell-test-in-narrow-window 40
    (navshell-test-with-session ()
      (with-current-buffer (navshell-test-buffer)
        (goto-char (point-min))
        (while (not (eobp))
          (should (<= (count-screen-lines (line-beginning-position) (line-end-position) nil (selected-window))
                      1))
          (forward-line 1))))))

(ert-deftest navshell-rows-marks ()
  "m marks and moves on, u unmarks, U unmarks all; marks show in the margin."
  (navshell-test-with-session ()
    (navshell-test-press "m m")
    (should (equal (navshell-test-marked) '("torvalds" "github")))
    (should (string-prefix-p "  mojombo " (navshell-test-line)))
    ;; The row's text is as it was: the mark covers its margin.
    (navshell-test-goto "torvalds")
    (should (string-prefix-p "  torvalds " (navshell-test-line)))
    (with-current-buffer (navshell-test-buffer)
      (should (eq (get-text-property 0 'face (get-char-property (point) 'display)) 'navshell-mark)))
    (navshell-test-press "n u")
    (should (equal (navshell-test-marked) '("torvalds")))
    (navshell-test-goto "defunkt")
    (navshell-test-press "m U")
    (should (equal (navshell-test-marked) nil))
    (should (navshell-test-noticed "navshell: 2 marks removed"))
    ;; With a region, m marks the rows on its lines, u unmarks them; as
    ;; in Dired, a region that ends at a line's start leaves that line out.
    (transient-mark-mode 1)
    (navshell-test-goto "torvalds")
    (navshell-test-press "C-SPC n n m")
    (should (equal (navshell-test-marked) '("torvalds" "github")))
    (should-not (with-current-buffer (navshell-test-buffer) (region-active-p)))
    (navshell-test-goto "github")
    (navshell-test-press "C-SPC n u")
    (should (equal (navshell-test-marked) '("torvalds")))
    (navshell-test-press "U")
    ;; A mark stays through a redraw, and a new search clears it.
    (navshell-test-goto "torvalds")
    (navshell-test-press "m")
    (navshell-test-press "g")
    (navshell-test-settle)
    (should (equal (navshell-test-marked) '("torvalds")))
    (navshell-search "tor")
    (navshell-test-wait-for-text "Users matching 'tor'")
    (navshell-test-settle)
    (should (equal (navshell-test-marked) nil))
    (navshell-test-press "?")
    (let ((help (with-current-buffer (help-buffer) (buffer-string))))
      (dolist (binding '(("m" . navshell-mark) ("u" . navshell-unmark) ("U" . navshell-unmark-all)
                         ("K" . navshell-describe-row) ("a" . navshell-act)))
        (should (string-match-p (format "^%s[ \t]+%s$" (car binding) (cdr binding)) help))))))

;;; navshell-rows-test.el ends here
