;;; navshell.el --- Browse NavShell screens in a buffer -*- lexical-binding: t -*-

;; This file is part of NavShell.

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: tools

;;; Commentary:

;; NavShell in an Emacs buffer.  `M-x navshell' starts navhost (the
;; NavShell host, `navshell-program') and shows its top screen in the
;; buffer *navshell*: one line per row, section headers as headings, and
;; where you are in the header line.  RET opens the row at point, ^ goes
;; back, s searches, g reloads, q ends the session; `?' lists every key.
;; `M-x navshell-open' opens a deep link such as
;; users/mojombo/repositories/grit.  The package speaks JSON-RPC to
;; navhost with the built-in jsonrpc.el and needs nothing else.

;;; Code:

(require 'cl-lib)
(require 'browse-url)
(require 'navshell-session)
(require 'navshell-process)
(require 'navshell-view)
(require 'navshell-deep-link)

(defcustom navshell-load-ahead 50
  "More rows are read when point comes this many rows from the last one read."
  :type 'natnum
  :group 'navshell)

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
    (define-key map (kbd "?") #'describe-mode)
    map)
  "Keymap of `navshell-mode'.")

(define-derived-mode navshell-mode special-mode "NavShell"
  "Major mode of the NavShell buffer: navhost's top screen, read-only.

Each row is one line: its title, its subtitle (dimmed), its detail and,
for a row that opens a screen, `›' (`↗' for a link).  The header line
shows the screens you came through, the current one last.  More rows
are read as point nears the last one read.

\\{navshell-mode-map}"
  (setq truncate-lines t)
  (setq-local header-line-format '(:eval (navshell--header-line)))
  (setq-local revert-buffer-function (lambda (&rest _) (navshell-reload)))
  (add-hook 'post-command-hook #'navshell--after-command nil t)
  (add-hook 'window-size-change-functions #'navshell--resized nil t)
  (add-hook 'kill-buffer-hook #'navshell--killed nil t)
  (hl-line-mode 1))

(defun navshell--live-session ()
  "The session of the NavShell buffer, or a `user-error' when there is none."
  (let ((buffer (navshell--buffer)))
    (unless buffer (user-error "No NavShell session: M-x navshell starts one"))
    (buffer-local-value 'navshell--session buffer)))

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
(defun navshell ()
  "Show NavShell: start navhost and show its root screen in *navshell*.
When a session runs, show its buffer.  Return the buffer."
  (interactive)
  (let ((buffer (navshell--buffer)))
    (when (and buffer (navshell--session-exited (buffer-local-value 'navshell--session buffer)))
      (kill-buffer buffer)
      (setq buffer nil))
    (unless buffer
      (let ((program (navshell--find-program)))
        (setq buffer (get-buffer-create navshell-buffer-name))
        (with-current-buffer buffer
          (navshell-mode)
          (setq navshell--session
                (navshell--session-start program navshell-program-args
                                         (lambda (_session) (navshell--schedule-draw buffer))))
          (navshell--draw buffer))))
    (pop-to-buffer-same-window buffer)
    buffer))

(defvar navshell--draw-timer nil
  "The timer of the draw that changes arrived for, or nil.")

(defun navshell--schedule-draw (buffer)
  "Draw BUFFER once the current burst of navhost's messages is handled."
  (unless navshell--draw-timer
    (setq navshell--draw-timer
          (run-at-time 0 nil (lambda ()
                               (setq navshell--draw-timer nil)
                               (navshell--draw buffer))))))

(defun navshell--top ()
  "The top screen of the current buffer's session, or nil."
  (and navshell--session (navshell--session-top navshell--session)))

(defun navshell--row-at-point ()
  "The row at point and its index, as (ROW . INDEX), or nil."
  (let ((screen (navshell--top))
        (index (navshell--row-at (point))))
    (when (and screen index (<= index (navshell--screen-read screen)))
      (cons (aref (navshell--screen-rows screen) (1- index)) index))))

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

(defun navshell--open-url (url)
  "Open URL with `browse-url', and say so."
  (message "navshell: opening %s" url)
  (browse-url url))

(defun navshell--select-row (session screen row index retried)
  "Select ROW, at INDEX of SCREEN of SESSION.
RETRIED is non-nil when the row's window was read again for it."
  (navshell--session-select
   session screen (plist-get row :id)
   (lambda (result)
     (pcase (plist-get result :action)
       ("openURL" (navshell--open-url (plist-get result :url)))
       ("none" (message "navshell: %s opens nothing" (plist-get row :title)))))
   (lambda (err)
     (when (navshell--window-gone-p err retried)
       (navshell--session-request
        session "screen/rows"
        (list :screen (navshell--screen-id screen) :offset (1- index) :limit 1)
        (lambda (_) (navshell--select-row session screen row index t)))))
   (lambda (err) (navshell--window-gone-p err retried))))

(defun navshell--window-gone-p (err retried)
  "Return non-nil when ERR is about a row not loaded, unless RETRIED.
A row of a long list whose window the worker no longer keeps is read
again, then selected again."
  (and (not retried) (equal (plist-get (plist-get err :data) :reason) "notFound")))

(defun navshell-select ()
  "Open the row at point: push its screen, or open its link.
On the line of rows not read yet, read more."
  (interactive nil navshell-mode)
  (let ((screen (navshell--top))
        (found (navshell--row-at-point)))
    (setq navshell--pending nil)
    (cond
     ((not screen) (user-error "NavShell is still starting"))
     (found (navshell--select-row navshell--session screen (car found) (cdr found) nil))
     ((eql (line-number-at-pos) (navshell--layout-more-line navshell--layout))
      (navshell--session-want navshell--session screen
                              (+ (navshell--screen-read screen) navshell-page-size)))
     (t (user-error "No row at point")))))

(defun navshell-browse-url ()
  "Open the link of the row at point with `browse-url'."
  (interactive nil navshell-mode)
  (let ((row (car (navshell--row-at-point))))
    (cond
     ((not row) (user-error "No row at point"))
     ((equal (plist-get row :accessory) "link") (navshell-select))
     (t (let ((url (cl-loop for text in (list (plist-get (plist-get row :values) :url)
                                              (plist-get row :detail) (plist-get row :subtitle)
                                              (plist-get row :title))
                            when (and (stringp text) (string-match "https?://[^ \t\n]+" text))
                            return (match-string 0 text))))
          (if url (navshell--open-url url)
            (user-error "`%s' has no link" (plist-get row :title))))))))

(defun navshell--move (count)
  "Move point COUNT rows down (up when negative), reading more as needed."
  (let* ((screen (navshell--top))
         (read (if screen (navshell--screen-read screen) 0)))
    (when (> read 0)
      (let* ((here (navshell--row-at (point)))
             (from (or here
                       ;; Off a row: the next row down (or up) counts as one.
                       (let ((line-of (navshell--layout-line-of navshell--layout))
                             (line (line-number-at-pos)))
                         (if (> count 0)
                             (prog1 (or (cl-loop for i from 1 to read
                                                 when (> (aref line-of i) line) return i)
                                        read)
                               (setq count (1- count)))
                           (prog1 (or (cl-loop for i downfrom read to 1
                                               when (< (aref line-of i) line) return i)
                                      1)
                             (setq count (1+ count)))))))
             (target (max 1 (+ from count))))
        (setq navshell--pending nil)
        (setf (navshell--screen-lost-row screen) nil)
        (when (> target read)
          (setq navshell--pending (cons (navshell--screen-id screen) target)))
        (goto-char (navshell--line-start (aref (navshell--layout-line-of navshell--layout)
                                               (min target read))))
        (navshell--session-want navshell--session screen (+ target navshell-load-ahead))))))

(defun navshell-next-row (&optional count)
  "Move to the next row, or COUNT rows down, reading more as needed."
  (interactive "p" navshell-mode)
  (navshell--move (or count 1)))

(defun navshell-previous-row (&optional count)
  "Move to the previous row, or COUNT rows up."
  (interactive "p" navshell-mode)
  (navshell--move (- (or count 1))))

(defun navshell-back ()
  "Go back to the previous screen, point on the row you came from."
  (interactive nil navshell-mode)
  (navshell--session-request (navshell--live-session) "nav/pop" nil))

(defun navshell-search (text)
  "Search the current screen for TEXT; an empty TEXT clears the search.
Interactively, ask for it, starting from the screen's search."
  (interactive
   (let ((screen (navshell--session-top (navshell--live-session))))
     (unless screen (user-error "NavShell is still starting"))
     (list (read-from-minibuffer (format "Search %s: " (navshell--screen-title screen))
                                 (navshell--screen-query screen))))
   navshell-mode)
  (let* ((session (navshell--live-session))
         (screen (navshell--session-top session)))
    (unless screen (user-error "NavShell is still starting"))
    (setf (navshell--screen-query screen) text)
    (navshell--session-request session "screen/query"
                               (list :screen (navshell--screen-id screen) :text text))))

(defun navshell-reload ()
  "Reload the current screen; start navhost again if it is not running."
  (interactive nil navshell-mode)
  (let* ((buffer (navshell--buffer))
         (session (and buffer (buffer-local-value 'navshell--session buffer))))
    (if (or (not session) (navshell--session-exited session))
        (navshell)
      (let ((screen (navshell--session-top session)))
        (when screen
          (setf (navshell--screen-failed screen) nil)
          (navshell--session-request session "screen/reload"
                                     (list :screen (navshell--screen-id screen))))))))

(defun navshell-quit ()
  "End the NavShell session: navhost and its screens exit, the buffer is killed."
  (interactive nil navshell-mode)
  (let ((buffer (navshell--buffer)))
    (when buffer
      (quit-windows-on buffer t))
    (when (buffer-live-p buffer)
      (kill-buffer buffer))))

(provide 'navshell)

;;; navshell.el ends here
