;;; navshell-plugin-test.el --- A screen added as a plugin -*- lexical-binding: t -*-

;;; Commentary:

;; The Python example's screens (examples/python-screen/screens.json),
;; shown with no Emacs code for them: the commits of this checkout, and
;; one commit pushed from them; and the example's own actions, tagging a
;; commit of a repository made for the test and deleting the tag.

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

(defun navshell-test-git-in (directory &rest args)
  "The output of git with ARGS in DIRECTORY, without its last newline."
  (let ((navshell-test-root directory)) (apply #'navshell-test-git args)))

(ert-deftest navshell-plugin-screen-actions ()
  "A plugin screen's actions are offered and performed with no Emacs code."
  (let ((repository (make-temp-file "navshell-commits" t)))
    (unwind-protect
        (progn
          (navshell-test-git-in repository "init" "-q")
          (navshell-test-git-in repository "-c" "user.name=Test" "-c" "user.email=test@example.com"
                                "commit" "-q" "--allow-empty" "-m" "The first change")
          (navshell-test-with-session
              ("--screens" (expand-file-name "examples/python-screen/screens.json" navshell-test-root)
               "--root" "commits" "--root-params" (json-serialize (list :path repository)))
            (should (string-prefix-p "  The first change" (navshell-test-line)))
            (navshell-test-press "a Tag… RET v1.0 RET")
            (should (equal (caar navshell-test-prompts) "Tag: Tag name: "))
            (should (navshell-test-noticed "navshell: Tag: done on The first change"))
            (navshell-test-wait "the row shows its tag" (string-search "tag v1.0" (navshell-test-line)))
            (should (equal (navshell-test-git-in repository "tag") "v1.0"))
            ;; A destructive one of the plugin's: confirmed before git runs.
            (navshell-test-press "a Delete SPC tag… RET v1.0 RET no RET")
            (should (equal (navshell-test-git-in repository "tag") "v1.0"))
            (navshell-test-press "a Delete SPC tag… RET v1.0 RET yes RET")
            (should (string-suffix-p "(yes or no) " (caar navshell-test-prompts)))
            (should (equal (navshell-test-git-in repository "tag") ""))
            (navshell-test-wait "the row shows no tag" (not (string-search "tag v1.0" (navshell-test-line))))))
      (delete-directory repository t))))

;;; navshell-plugin-test.el ends here
