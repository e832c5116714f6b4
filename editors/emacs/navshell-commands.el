;;; navshell-commands.el --- Moving, opening and searching rows -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; The commands of the NavShell buffer that read and open rows: select
;; the row at point (push its screen or open its link), open a row's
;; URL, move row to row reading more as needed, go back, search, reload.

;;; Code:

(require 'cl-lib)
(require 'browse-url)
(require 'navshell-screen)
(require 'navshell-session)
(require 'navshell-layout)
(require 'navshell-view)

(declare-function navshell "navshell" (&optional new args))

(defcustom navshell-load-ahead 50
  "More rows are read when point comes this many rows from the last one read."
  :type 'natnum
  :group 'navshell)

(defun navshell--open-url (url)
  "Open URL with `browse-url', and say so."
  (message "navshell: opening %s" url)
  (browse-url url))

(defun navshell--select-row (session screen row)
  "Select ROW of SCREEN of SESSION.
A row of a long list whose window the worker no longer keeps is read
again first (`navshell--session-about-rows')."
  (let ((id (plist-get row :id)))
    (navshell--session-about-rows
     session screen (list id)
     (lambda (answered)
       (navshell--session-select
        session screen id
        (lambda (result) (funcall answered (cons 'result result)))
        (lambda (err) (funcall answered (cons 'error err)))
        (lambda (_) t)))
     (lambda (answer)
       (pcase answer
         (`(error . ,err) (navshell--report-error err))
         (`(result . ,result)
          (pcase (plist-get result :action)
            ("openURL" (navshell--open-url (plist-get result :url)))
            ("none" (message "navshell: %s opens nothing" (plist-get row :title))))))))))

(defun navshell-select ()
  "Open the row at point: push its screen, or open its link.
On the line of rows not read yet, read more."
  (interactive nil navshell-mode)
  (let ((screen (navshell--top))
        (found (navshell--row-at-point)))
    (setq navshell--pending nil)
    (cond
     ((not screen) (user-error "NavShell is still starting"))
     (found (navshell--select-row navshell--session screen (car found)))
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
Interactively, ask for it, starting from the screen's search.  The
screen's marks are cleared."
  (interactive
   (let ((screen (navshell--session-top (navshell--live-session))))
     (unless screen (user-error "NavShell is still starting"))
     (list (read-from-minibuffer (format "Search %s: " (navshell--screen-title screen))
                                 (navshell--screen-query screen))))
   navshell-mode)
  (let* ((session (navshell--live-session))
         (screen (navshell--session-top session)))
    (unless screen (user-error "NavShell is still starting"))
    (setf (navshell--screen-query screen) text
          (navshell--screen-marks screen) nil)
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

(provide 'navshell-commands)

;;; navshell-commands.el ends here
