;;; navshell.el --- Browse and act on NavShell screens in a buffer -*- lexical-binding: t -*-

;; Copyright (C) 2026 The NavShell authors

;; Author: The NavShell authors
;; Maintainer: The NavShell authors
;; URL: https://github.com/OWNER/NavShell
;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: tools, comm
;; SPDX-License-Identifier: MIT

;; This file is part of NavShell.

;;; Commentary:

;; NavShell in an Emacs buffer.  `M-x navshell' starts navhost (the
;; NavShell host, `navshell-program') and shows its top screen in the
;; buffer *navshell*: one line per row, section headers as headings, and
;; where you are in the header line.  RET opens the row at point, ^ goes
;; back, s searches, g reloads, K shows the row whole, m marks it, q
;; ends the session; `?' lists every key.  `a' acts on the row at point
;; or on the marked rows: star a repository, comment on an issue, close
;; it.  `M-x navshell-open' opens a deep link such as
;; users/mojombo/repositories/grit; `C-u M-x navshell' starts another
;; session in a buffer of its own.  The package speaks JSON-RPC to
;; navhost with the built-in jsonrpc.el and needs nothing else.

;;; Code:

(defgroup navshell nil
  "Browse and act on NavShell screens (navhost) in a buffer."
  :group 'tools
  :prefix "navshell-")

(require 'cl-lib)
(require 'subr-x)
(require 'navshell-session)
(require 'navshell-process)
(require 'navshell-view)
(require 'navshell-commands)
(require 'navshell-marks)
(require 'navshell-describe)
(require 'navshell-act)
(require 'navshell-deep-link)

(defvar navshell-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'navshell-select)
    (define-key map (kbd "^") #'navshell-back)
    (define-key map (kbd "l") #'navshell-back)
    (define-key map (kbd "s") #'navshell-search)
    (define-key map (kbd "g") #'navshell-reload)
    (define-key map (kbd "n") #'navshell-next-row)
    (define-key map (kbd "p") #'navshell-previous-row)
    (define-key map (kbd "q") #'navshell-quit)
    (define-key map (kbd "o") #'navshell-browse-url)
    (define-key map (kbd "a") #'navshell-act)
    (define-key map (kbd "m") #'navshell-mark)
    (define-key map (kbd "u") #'navshell-unmark)
    (define-key map (kbd "U") #'navshell-unmark-all)
    (define-key map (kbd "K") #'navshell-describe-row)
    (define-key map (kbd "?") #'describe-mode)
    map)
  "Keymap of `navshell-mode'.")

(define-derived-mode navshell-mode special-mode "NavShell"
  "Major mode of the NavShell buffer: navhost's top screen, read-only.

Each row is one line: its title, its subtitle (dimmed), its detail and,
for a row that opens a screen, `›' (`↗' for a link).  A row of prose,
of a kind in `navshell-wrap-kinds', is shown whole, wrapped at word
ends; the others are cut to the window.  A marked row has `*' in its
margin.  The header line shows the screens you came through, the
current one last.  More rows are read as point nears the last one read.

\\{navshell-mode-map}"
  (setq truncate-lines nil
        word-wrap t)
  (setq-local header-line-format '(:eval (navshell--header-line)))
  (setq-local revert-buffer-function (lambda (&rest _) (navshell-reload)))
  (add-hook 'post-command-hook #'navshell--after-command nil t)
  (add-hook 'window-size-change-functions #'navshell--resized nil t)
  (add-hook 'kill-buffer-hook #'navshell--killed nil t)
  (hl-line-mode 1))

(defun navshell--find-program ()
  "The absolute file name of navhost, or a `user-error' naming what was tried."
  (let ((found (executable-find (expand-file-name navshell-program))))
    (when (and (not found) (not (file-name-absolute-p navshell-program)))
      (setq found (executable-find navshell-program)))
    (or found
        (user-error "NavShell: cannot find navhost `%s' (navshell-program) on exec-path; \
build it with swift build -c release and put it on exec-path, or set navshell-program"
                    navshell-program))))

;;;###autoload
(defun navshell (&optional new args)
  "Show NavShell: start navhost and show its root screen in *navshell*.
When a session runs, show its buffer (the current one, else the one
selected last); when it has ended, start it again.  With NEW
\(interactively, a prefix argument), start another session in a buffer
of its own, with ARGS as navhost's arguments after `serve' (by default
`navshell-program-args'; interactively, asked for).  Return the buffer."
  (interactive
   (and current-prefix-arg
        (list t (split-string-and-unquote
                 (read-string "navhost serve arguments: "
                              (combine-and-quote-strings navshell-program-args))))))
  (let ((buffer (and (not new) (navshell--buffer))))
    (when (and buffer (navshell--session-exited (buffer-local-value 'navshell--session buffer)))
      (let ((name (buffer-name buffer))
            (old-args (buffer-local-value 'navshell--args buffer)))
        (kill-buffer buffer)
        (setq buffer (navshell--start name old-args))))
    (unless buffer
      (setq buffer (navshell--start (if new (navshell--free-buffer-name) navshell-buffer-name)
                                    (if new args navshell-program-args))))
    (pop-to-buffer-same-window buffer)
    buffer))

(defvar-local navshell--args nil
  "The arguments navhost of this buffer's session was started with.")

(defun navshell--free-buffer-name ()
  "The name of a buffer for another session: *navshell*, *navshell<2>*, …."
  (cl-loop for count from 1
           for name = (if (= count 1) navshell-buffer-name (format "*navshell<%d>*" count))
           unless (get-buffer name) return name))

(defun navshell--start (name args)
  "Start a session with navhost ARGS in a new buffer NAME; return the buffer."
  (let ((program (navshell--find-program))
        (buffer (get-buffer-create name)))
    (with-current-buffer buffer
      (navshell-mode)
      (setq navshell--args args
            navshell--session
            (navshell--session-start program args (string-trim name "\\*" "\\*")
                                     (lambda (_session) (navshell--schedule-draw buffer))))
      (navshell--draw buffer))
    buffer))

(defvar-local navshell--draw-timer nil
  "The timer of the draw that changes arrived for, or nil.")

(defun navshell--schedule-draw (buffer)
  "Draw BUFFER once the current burst of navhost's messages is handled."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (unless navshell--draw-timer
        (setq navshell--draw-timer
              (run-at-time 0 nil (lambda ()
                                   (when (buffer-live-p buffer)
                                     (with-current-buffer buffer (setq navshell--draw-timer nil))
                                     (navshell--draw buffer)))))))))

(defun navshell--after-command ()
  "Remember the row at point and read ahead of it."
  (let ((screen (navshell--top)))
    (when (and screen navshell--layout)
      (navshell--note-cursor)
      (let ((index (navshell--row-at (point))))
        (cond
         (index (navshell--session-want navshell--session screen (+ index navshell-load-ahead)))
         ((eql (line-number-at-pos) (navshell--layout-more-line navshell--layout))
          (navshell--session-want navshell--session screen
                                  (+ (navshell--screen-read screen) navshell-load-ahead))))))))

(defun navshell--resized (window)
  "Lay the screen out again when WINDOW's width changed."
  (let ((buffer (window-buffer window)))
    (with-current-buffer buffer
      (when (and navshell--layout
                 (/= (navshell--layout-width navshell--layout) (navshell--width buffer)))
        (navshell--draw buffer)))))

(defun navshell--killed ()
  "End the session of the NavShell buffer being killed."
  (when navshell--session
    (navshell--session-stop navshell--session)))

(defun navshell-quit ()
  "End this NavShell session: navhost and its screens exit, the buffer is killed."
  (interactive nil navshell-mode)
  (let ((buffer (navshell--buffer)))
    (when buffer
      (quit-windows-on buffer t))
    (when (buffer-live-p buffer)
      (kill-buffer buffer))))

(provide 'navshell)

;;; navshell.el ends here
