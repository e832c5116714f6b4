;;; navshell-install-test.el --- The installations docs/emacs.md shows -*- lexical-binding: t -*-

;;; Commentary:

;; Each installation snippet of docs/emacs.md, taken from the page with
;; the checkout's path put in, run in a fresh batch Emacs that has not
;; loaded the package, then M-x navshell: the root screen must show.

;;; Code:

(require 'navshell-test-helpers)

(defvar navshell-test-root (getenv "NAVSHELL_ROOT")
  "The NavShell checkout.")

(defvar navshell-test-package (getenv "NAVSHELL_PACKAGE")
  "The copy of editors/emacs the tests load.")

(defun navshell-test-snippet (name)
  "The Emacs Lisp block of docs/emacs.md that starts with the comment NAME."
  (with-temp-buffer
    (insert-file-contents (expand-file-name "docs/emacs.md" navshell-test-root))
    (unless (search-forward (concat "```elisp\n;; " name "\n") nil t)
      (ert-fail (format "docs/emacs.md has no snippet %S" name)))
    (let ((start (point)))
      (search-forward "```")
      (buffer-substring-no-properties start (match-beginning 0)))))

(defun navshell-test-run-snippet (snippet &optional before site)
  "Run SNIPPET in a fresh Emacs, after BEFORE, then M-x navshell.
With SITE, that Emacs loads the system's site files (where Debian puts
its Emacs packages).  Return its output, with \"shown: N\" on success."
  (let* ((code (replace-regexp-in-string
                (regexp-quote "~/src/NavShell/.build/release/navhost") navshell-test-navhost
                (replace-regexp-in-string (regexp-quote "~/src/NavShell/editors/emacs")
                                          navshell-test-package snippet t t)
                t t))
         (check (format "(progn %s %s (navshell)
  (let ((deadline (+ (float-time) 20)))
    (while (and (not (string-search \"torvalds\" (buffer-string))) (< (float-time) deadline))
      (accept-process-output nil 0.05)))
  (princ (format \"shown: %%s\\n\" (string-search \"torvalds\" (buffer-string))))
  (navshell-quit))"
                        (or before "") code)))
    (with-temp-buffer
      (apply #'call-process "emacs" nil t nil
             (append '("--batch") (unless site '("-Q")) (list "--eval" check)))
      (buffer-string))))

(ert-deftest navshell-install-by-hand ()
  "The by-hand lines of docs/emacs.md load the package on first use."
  (let ((output (navshell-test-run-snippet (navshell-test-snippet "by hand"))))
    (should (string-match-p "^shown: [0-9]+$" output))))

(ert-deftest navshell-install-use-package-load-path ()
  "The use-package form with :load-path loads the package on first use."
  (let ((probe (with-temp-buffer
                 (call-process "emacs" nil t nil "--batch" "--eval"
                               "(princ (require 'use-package nil t))")
                 (buffer-string))))
    (unless (string-search "use-package" probe)
      (ert-skip "use-package is not installed (it is built in from Emacs 29)")))
  (let ((output (navshell-test-run-snippet (navshell-test-snippet "use-package, from a checkout")
                                           "(require 'use-package)" t)))
    (should (string-match-p "^shown: [0-9]+$" output))))

;;; navshell-install-test.el ends here
