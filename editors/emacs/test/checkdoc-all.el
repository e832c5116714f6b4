;;; checkdoc-all.el --- Run checkdoc on files, fail on any warning -*- lexical-binding: t -*-

;;; Commentary:

;; emacs --batch -l checkdoc-all.el FILE...: checks each FILE with
;; `checkdoc-file', prints every warning, and exits with 1 if there was
;; one (checkdoc itself only warns).

;;; Code:

(require 'checkdoc)

(defvar checkdoc-all-warnings 0
  "How many warnings checkdoc gave.")

(advice-add 'checkdoc-error :before
            (lambda (&rest _) (setq checkdoc-all-warnings (1+ checkdoc-all-warnings))))

(let ((files command-line-args-left))
  (setq command-line-args-left nil)
  (dolist (file files)
    (checkdoc-file file))
  (message "checkdoc: %d file(s), %d warning(s)" (length files) checkdoc-all-warnings)
  (kill-emacs (if (zerop checkdoc-all-warnings) 0 1)))

;;; checkdoc-all.el ends here
