;;; navshell-deep-link-test.el --- M-x navshell-open -*- lexical-binding: t -*-

;;; Commentary:

;; Deep links against a real navhost: the stack a path builds, the
;; completion of a path's next segment, the search a link leaves on the
;; root shown in the search prompt, and bad paths leaving the screen as
;; it was.

;;; Code:

(require 'navshell-test-helpers)

(defun navshell-test-seen ()
  "What the user sees: header line, buffer text and point's line."
  (navshell-test-settle)
  (list (navshell-test-header) (navshell-test-text) (navshell-test-line)))

(ert-deftest navshell-deep-link-opens-the-stack ()
  "A path opens the screens it names, the last one on top."
  (navshell-test-with-session ()
    (navshell-open "users/mojombo/repositories/grit")
    (navshell-test-wait "the repository is on top"
      (equal (navshell-test-header) "Users › mojombo's repositories › mojombo/grit"))
    (navshell-test-wait-for-text "Language")
    (navshell-test-press "^")
    (navshell-test-wait "back to the repositories"
      (equal (navshell-test-header) "Users › mojombo's repositories"))
    (navshell-test-press "^")
    (navshell-test-wait "back to the root" (equal (navshell-test-header) "Users"))
    ;; The link searched the root: the search is shown, and the prompt
    ;; starts from it, so it can be cleared.
    (navshell-test-wait-for-text "Users matching 'mojombo'")
    (let ((contents nil))
      (cl-flet ((note () (setq contents (minibuffer-contents))))
        (add-hook 'minibuffer-setup-hook #'note)
        (unwind-protect (navshell-test-press "s C-a C-k RET")
          (remove-hook 'minibuffer-setup-hook #'note)))
      (should (equal contents "mojombo")))
    (navshell-test-wait-for-text "Popular")))

(ert-deftest navshell-deep-link-starts-navshell ()
  "With no session running, a deep link starts one and opens its path."
  (should-not (get-buffer navshell-buffer-name))
  (setq navshell-program navshell-test-navhost navshell-program-args nil)
  (unwind-protect
      (progn
        (navshell-open "users/mojombo/repositories/grit")
        (navshell-test-wait "the repository is on top"
          (equal (navshell-test-header) "Users › mojombo's repositories › mojombo/grit"))
        (navshell-test-wait-for-text "Language")
        (navshell-test-settle)
        (should (string-prefix-p "  Description " (navshell-test-line))))
    (navshell-test-stop)))

(ert-deftest navshell-deep-link-completes-the-next-segment ()
  "The path prompt completes one segment at a time from what was read."
  (navshell-test-with-session ()
    (let ((table (navshell--open-completion-table)))
      (should (equal (all-completions "" table) '("users")))
      (should (member "mojombo" (all-completions "users/mo" table)))
      (should-not (cl-some (lambda (candidate) (string-search "/" candidate))
                           (all-completions "users/" table)))
      (should (equal (completion-boundaries "users/mo" table nil "") '(6 . 0))))
    (navshell-test-goto "  mojombo ")
    (navshell-test-press "RET")
    (navshell-test-wait-for-text "chronic")
    (let ((table (navshell--open-completion-table)))
      (should (equal (all-completions "users/torvalds/" table) '("repositories")))
      (should (member "grit" (all-completions "users/mojombo/repositories/g" table)))
      (should (equal (try-completion "users/mojombo/repositories/gri" table)
                     "users/mojombo/repositories/grit")))
    ;; Through the minibuffer as the user types it.
    (navshell-test-press "M-x navshell-open RET users/mojombo/repositories/gri TAB RET")
    (navshell-test-wait "the completed path is opened"
      (equal (navshell-test-header) "Users › mojombo's repositories › mojombo/grit"))))

(ert-deftest navshell-deep-link-bad-path-changes-nothing ()
  "A bad path is an error message and the screen stays as it was."
  (navshell-test-with-session ()
    (navshell-open "users/mojombo/repositories")
    (navshell-test-wait-for-text "chronic")
    (navshell-test-goto "  grit ")
    (let ((before (navshell-test-seen))
          (frames (navshell-test-watch)))
      (unwind-protect
          (progn
            ;; Outside the grammar: navhost refuses it as it stands.
            (navshell-open "users/mojombo/stars")
            (navshell-test-wait "the grammar error is shown"
              (navshell-test-noticed "invalid path 'users/mojombo/stars'"))
            (should (equal (navshell-test-seen) before))
            ;; A user that does not exist: navhost got part of the way.
            (navshell-open "users/no-such-user-zz/repositories")
            (navshell-test-wait "the failure is shown"
              (navshell-test-noticed "no user named 'no-such-user-zz'"))
            (should (equal (navshell-test-seen) before))
            (should (cl-every (lambda (frame) (equal frame (nth 1 before))) (car frames))))
        (navshell-test-unwatch))
      (navshell-test-press "^")
      (navshell-test-wait "the root is under it, without the bad search"
        (equal (navshell-test-header) "Users"))
      (navshell-test-wait-for-text "Users matching 'mojombo'"))))

;;; navshell-deep-link-test.el ends here
