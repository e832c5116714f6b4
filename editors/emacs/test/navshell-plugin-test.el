;;; navshell-plugin-test.el --- A screen added as a plugin -*- lexical-binding: t -*-

;;; Commentary:

;; The Python example's screens (examples/python-screen/screens.json),
;; shown with no Emacs code for them: the commits of this checkout, and
;; one commit pushed from them.

;;; Code:

(require 'navshell-test-helpers)

(defvar navshell-test-root (getenv "NAVSHELL_ROOT")
  "The NavShell checkout.")

(defun navshell-test-git (&rest args)
  "The output of git with ARGS in the checkout, without its last newline."
  (string-trim-right
   (with-output-to-string
     (apply #'call-process "git" nil standard-output nil "-C" navshell-test-root args))))

(ert-deftest navshell-plugin-screen-shown ()
  "A screen kind from a screens.json file is browsed like a built-in one."
  ;; Lines are cut to the window: the subject's start is what is sure to show.
  (let ((subject (truncate-string-to-width (navshell-test-git "log" "-1" "--format=%s") 30))
        (sha (navshell-test-git "log" "-1" "--format=%h")))
    (navshell-test-with-session
        ("--screens" (expand-file-name "examples/python-screen/screens.json" navshell-test-root)
         "--root" "commits"
         "--root-params" (json-serialize (list :path navshell-test-root)))
      (should (string-prefix-p "Commits of " (navshell-test-header)))
      (should (string-prefix-p (concat "  " subject) (navshell-test-line)))
      (should (string-search sha (navshell-test-line)))
      (should (string-suffix-p "›" (navshell-test-line)))
      (navshell-test-press "RET")
      (navshell-test-wait "the commit is shown"
        (string-search (concat " › " subject) (navshell-test-header)))
      (navshell-test-wait-for-text "Back to the commits")
      (navshell-test-press "^")
      (navshell-test-wait "back on the commits" (string-prefix-p "Commits of " (navshell-test-header)))
      (navshell-test-settle)
      (should (string-prefix-p (concat "  " subject) (navshell-test-line))))))

;;; navshell-plugin-test.el ends here
