;;; navshell-describe.el --- Show a row whole in a help window -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; `K' (`navshell-describe-row') shows the row at point whole in a help
;; window: its title, subtitle and detail filled to the window, then its
;; kind, id and section, then its typed values (`values' in the
;; protocol: counts as numbers, dates and URLs as strings, a comment's
;; markdown), lists and objects laid out one item a line.

;;; Code:

(require 'cl-lib)
(require 'help)
(require 'navshell-screen)
(require 'navshell-layout)
(require 'navshell-view)

(defun navshell--scalar-text (value)
  "Return VALUE, a JSON scalar as jsonrpc.el gives it, as text."
  (pcase value
    ('nil "null")
    ('t "true")
    (:json-false "false")
    ((pred stringp) value)
    (_ (format "%s" value))))

(defun navshell--scalar-p (value)
  "Non-nil when VALUE is a JSON scalar: no array, no object."
  (not (or (vectorp value) (and (consp value) (keywordp (car value))))))

(defun navshell--insert-value (value indent)
  "Insert VALUE after a label, nested items indented by INDENT columns."
  (let ((pad (make-string indent ?\s)))
    (cond
     ((and (stringp value) (string-search "\n" value))
      ;; Text of several lines, a comment's markdown: a block of its own.
      (insert "\n" (replace-regexp-in-string "^" (concat pad "  ") value) "\n"))
     ((and (vectorp value) (cl-every #'navshell--scalar-p value))
      (insert " " (if (zerop (length value)) "[]"
                    (mapconcat #'navshell--scalar-text value ", "))
              "\n"))
     ((vectorp value)
      (insert "\n")
      (cl-loop for item across value
               do (insert pad "  -")
               (if (navshell--scalar-p item)
                   (navshell--insert-value item (+ indent 2))
                 (insert " ")
                 (navshell--insert-object item (+ indent 4) t))))
     ((navshell--scalar-p value) (insert " " (navshell--scalar-text value) "\n"))
     (t (insert "\n")
        (navshell--insert-object value (+ indent 2))))))

(defun navshell--insert-object (object indent &optional inline)
  "Insert each key of OBJECT, a plist, and its value, indented by INDENT.
With INLINE, the first key goes where point is, not indented."
  (cl-loop for (key value) on object by #'cddr
           for first = t then nil
           do (insert (if (and first inline) "" (make-string indent ?\s))
                      (propertize (concat (substring (symbol-name key) 1) ":") 'face 'bold))
           (navshell--insert-value value indent)))

(defun navshell--insert-filled (text face)
  "Insert TEXT in FACE as a paragraph filled to `fill-column', if TEXT is some."
  (when (and (stringp text) (> (length text) 0))
    (let ((start (point)))
      (insert (propertize text 'face face) "\n")
      (fill-region start (point)))))

(defun navshell--describe (row screen-title)
  "Insert ROW, a row of the screen titled SCREEN-TITLE, whole."
  (navshell--insert-filled (plist-get row :title) 'bold)
  (navshell--insert-filled (plist-get row :subtitle) 'navshell-subtitle)
  (navshell--insert-filled (plist-get row :detail) 'navshell-detail)
  (insert "\n")
  (navshell--insert-object (list :kind (plist-get row :kind) :id (plist-get row :id)
                                 :section (plist-get row :section) :screen screen-title)
                           0)
  (when (plist-get row :values)
    (insert "\n" (propertize "Values" 'face 'bold) "\n")
    (navshell--insert-object (plist-get row :values) 2)))

(defun navshell-describe-row ()
  "Show the row at point whole in a help window.
Its title, subtitle and detail, uncut, then its kind, id and section,
then its typed values."
  (interactive nil navshell-mode)
  (let ((found (navshell--row-at-point)))
    (unless found (user-error "No row at point"))
    (let ((title (navshell--screen-title (navshell--top))))
      (with-help-window (help-buffer)
        (with-current-buffer standard-output
          (navshell--describe (car found) title))))))

(provide 'navshell-describe)

;;; navshell-describe.el ends here
