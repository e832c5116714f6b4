;;; navshell-input.el --- Ask for an action's input -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; The fields an action asks for, read as their type asks: one line
;; with `read-string', a number with `read-number', one of some options
;; (`enum', and `boolean' as yes or no) with `completing-read', and text
;; of several lines (a comment's body) in a compose buffer, as magit
;; asks for a commit message: `C-c C-c' sends it, `C-c C-k' cancels.
;; An input is an alist of field names (symbols) to values.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defface navshell-compose-help '((t :inherit shadow))
  "Face of the help line of a compose buffer."
  :group 'navshell)

(defun navshell--field-name (field)
  "The name of FIELD, an input field as navhost describes it, as a symbol."
  (intern (plist-get field :name)))

(defun navshell--bare-title (title)
  "Return TITLE without the `…' of an action that asks for more."
  (string-remove-suffix "…" (string-remove-suffix "..." title)))

(defun navshell--field-prompt (title field)
  "What FIELD of the action titled TITLE is called in a prompt."
  (let ((action (navshell--bare-title title))
        (name (plist-get field :title)))
    (if (equal action name) action (format "%s: %s" action name))))

(defun navshell--read-choice (prompt options default required)
  "Read one of OPTIONS (strings) with PROMPT; DEFAULT is offered first.
Return nil for an empty answer unless REQUIRED."
  (let ((answer (completing-read (format-prompt prompt default) options nil
                                 (if required t 'confirm) nil nil default)))
    (and (> (length answer) 0) answer)))

(defun navshell--read-field (field prompt)
  "Read a value of FIELD with PROMPT (without its colon) in the minibuffer.
Return (VALUE), or nil when an optional field is left empty."
  (let ((default (plist-get field :default))
        (required (eq (plist-get field :required) t)))
    (pcase (plist-get field :type)
      ("number"
       (if (or required default)
           (list (read-number (concat prompt ": ") default))
         (let ((text (string-trim (read-string (format-prompt prompt nil)))))
           (and (> (length text) 0) (list (string-to-number text))))))
      ("boolean"
       (let ((answer (navshell--read-choice prompt '("yes" "no")
                                            (pcase default ('t "yes") (:json-false "no"))
                                            required)))
         (and answer (list (if (equal answer "yes") t :json-false)))))
      ("enum"
       (let ((answer (navshell--read-choice prompt (append (plist-get field :options) nil)
                                            default required)))
         (and answer (list answer))))
      (_
       (let ((text (read-string (format-prompt prompt default) nil nil default)))
         (and (or required (> (length text) 0)) (list text)))))))

(defun navshell--ask-fields (fields input title on-done)
  "Ask for each of FIELDS not in INPUT, then call ON-DONE with the input.
FIELDS are input fields as navhost describes them; INPUT an alist of
the values known already; TITLE the action's, for the prompts.  A
`text' field is asked for in a compose buffer, and ON-DONE is called
once it is sent; cancelling it calls nothing."
  (let ((field (car fields)))
    (cond
     ((null fields) (funcall on-done input))
     ((assq (navshell--field-name field) input)
      (navshell--ask-fields (cdr fields) input title on-done))
     ((equal (plist-get field :type) "text")
      (navshell--compose
       (navshell--field-prompt title field) ""
       (lambda (text)
         (navshell--ask-fields (cdr fields) (append input (list (cons (navshell--field-name field) text)))
                               title on-done))))
     (t
      (let ((value (navshell--read-field field (navshell--field-prompt title field))))
        (navshell--ask-fields (cdr fields)
                              (if value (append input (list (cons (navshell--field-name field) (car value))))
                                input)
                              title on-done))))))

(defvar-local navshell--compose-send nil
  "The function a compose buffer's text is sent to.")

(defvar navshell-compose-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-c") #'navshell-compose-send)
    (define-key map (kbd "C-c C-k") #'navshell-compose-cancel)
    map)
  "Keymap of `navshell-compose-mode'.")

(define-derived-mode navshell-compose-mode text-mode "NavShell-Compose"
  "Major mode of the buffer where an action's text is written.
\\<navshell-compose-mode-map>\\[navshell-compose-send] sends it, \\[navshell-compose-cancel] cancels.

\\{navshell-compose-mode-map}")

(defun navshell--compose (title text on-send)
  "Pop up a compose buffer for TITLE holding TEXT; ON-SEND gets what is sent."
  (let ((buffer (get-buffer-create (format "*navshell: %s*" title))))
    (with-current-buffer buffer
      (navshell-compose-mode)
      (erase-buffer)
      (insert text)
      (setq navshell--compose-send on-send)
      (setq header-line-format
            (concat title "  "
                    (propertize (substitute-command-keys
                                 "\\<navshell-compose-mode-map>\\[navshell-compose-send] sends, \
\\[navshell-compose-cancel] cancels")
                                'face 'navshell-compose-help))))
    (pop-to-buffer buffer)
    buffer))

(defun navshell--compose-close ()
  "Close the current compose buffer and its window."
  (let ((buffer (current-buffer)))
    (quit-window nil (get-buffer-window buffer))
    (kill-buffer buffer)))

(defun navshell-compose-send ()
  "Send the text of this compose buffer to the action it was written for."
  (interactive nil navshell-compose-mode)
  (let ((text (string-trim-right (buffer-string)))
        (send navshell--compose-send))
    (when (string-empty-p (string-trim text))
      (user-error "Nothing written: write the text, or C-c C-k cancels"))
    (navshell--compose-close)
    (funcall send text)))

(defun navshell-compose-cancel ()
  "Close this compose buffer; nothing is sent."
  (interactive nil navshell-compose-mode)
  (let ((title header-line-format))
    (navshell--compose-close)
    (message "navshell: cancelled%s"
             (if (stringp title) (concat ": " (car (split-string title "  "))) ""))))

(provide 'navshell-input)

;;; navshell-input.el ends here
