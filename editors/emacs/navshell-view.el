;;; navshell-view.el --- Draw NavShell's top screen into its buffer -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; Draws a session's top screen into the NavShell buffer and keeps each
;; window's point on a row: the row it was on when the lines change, the
;; row a screen was left on when it is shown again.  A draw rewrites the
;; buffer only from the first line that changed, so a page of rows
;; arriving at the end of a long list costs the page, not the list.

;;; Code:

(require 'cl-lib)
(require 'navshell-screen)
(require 'navshell-session)
(require 'navshell-layout)

(defconst navshell-buffer-name "*navshell*"
  "The name of the first NavShell session's buffer.")

(defvar-local navshell--session nil
  "The session this NavShell buffer shows.")

(defvar-local navshell--layout nil
  "The layout the buffer shows now.")

(defvar-local navshell--shown nil
  "The id of the screen the buffer shows.")

(defvar-local navshell--pending nil
  "Where `navshell-next-row' is headed past the rows read: (SCREEN-ID . INDEX).")

(defun navshell--buffer ()
  "The NavShell buffer commands act on, or nil.
The current buffer when it shows a session, else the NavShell buffer
selected most recently."
  (cl-find-if (lambda (buffer) (buffer-local-value 'navshell--session buffer))
              (cons (current-buffer) (buffer-list))))

(defun navshell--live-session ()
  "The session of the NavShell buffer, or a `user-error' when there is none."
  (let ((buffer (navshell--buffer)))
    (unless buffer (user-error "No NavShell session: M-x navshell starts one"))
    (buffer-local-value 'navshell--session buffer)))

(defun navshell--top ()
  "The top screen of the current buffer's session, or nil."
  (and navshell--session (navshell--session-top navshell--session)))

(defun navshell--row-at-point ()
  "The row at point and its index, as (ROW . INDEX), or nil."
  (let ((screen (navshell--top))
        (index (navshell--row-at (point))))
    (when (and screen index (<= index (navshell--screen-read screen)))
      (cons (aref (navshell--screen-rows screen) (1- index)) index))))

(defun navshell--width (buffer)
  "The columns a line of BUFFER can use in the first window showing it."
  (let ((window (get-buffer-window buffer t)))
    (if window (window-max-chars-per-line window) (1- (frame-width)))))

(defun navshell--line-start (line)
  "Return the position at the start of LINE (from 1) of the current buffer."
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (point)))

(defun navshell--row-at (position)
  "The index (from 1) of the row shown on the line at POSITION, or nil."
  (save-excursion
    (goto-char position)
    (get-text-property (line-beginning-position) 'navshell-row)))

(defun navshell--place (position window-start)
  "Where POSITION is, to be found again after a draw.
WINDOW-START, when non-nil, is the start of the window showing it."
  (let* ((layout navshell--layout)
         (screen (and layout (navshell--layout-screen layout)))
         (index (navshell--row-at position))
         (line (line-number-at-pos position)))
    (cond
     ((and screen index (<= index (navshell--screen-read screen)))
      (list :row-id (plist-get (aref (navshell--screen-rows screen) (1- index)) :id)
            :index index
            :offset (and window-start (count-lines window-start position))))
     ;; On "… N more" point goes on to the first of the rows read next.
     ((and layout (eql line (navshell--layout-more-line layout)))
      (list :after-row (navshell--layout-read layout)))
     (t (list :line line :before-rows (not (and layout (> (navshell--layout-read layout) 0))))))))

(defun navshell--reading-up-to-p (screen)
  "Return non-nil while rows of SCREEN are still on their way to point's row."
  (let ((read (navshell--screen-read screen)))
    (or (navshell--screen-fetching screen) (navshell--screen-needs-reload screen)
        (equal (navshell--screen-more-pages screen) "loading")
        (and (< read (navshell--screen-total screen))
             (< read (navshell--screen-wanted screen))))))

(defun navshell--target-line (screen place)
  "Return the line (from 1) where point belongs on SCREEN, found from PLACE."
  (let* ((layout navshell--layout)
         (line-of (navshell--layout-line-of layout))
         (read (navshell--layout-read layout))
         (last-row (and (> read 0) (aref line-of read)))
         (lines (navshell--layout-count layout)))
    (cl-flet ((row-line (index) (and index (<= 1 index read) (aref line-of index))))
      (or
       ;; `navshell-next-row' past the rows read: there once they arrive.
       (when (and navshell--pending screen (equal (car navshell--pending) (navshell--screen-id screen)))
         (or (row-line (cdr navshell--pending)) last-row))
       ;; The row point was on before navhost restarted the screen: wait
       ;; on the last row read while the rows are read again up to it.
       (when (and screen (navshell--screen-lost-row screen))
         (or (row-line (navshell--screen-index-of screen (navshell--screen-lost-row screen)))
             (and (navshell--reading-up-to-p screen) last-row)))
       (when (and screen (plist-get place :row-id))
         (row-line (navshell--row-index screen (plist-get place :row-id) (plist-get place :index))))
       (when (plist-get place :after-row)
         (or (row-line (1+ (plist-get place :after-row)))
             (navshell--layout-more-line layout)
             (row-line (plist-get place :after-row))))
       (when (and (plist-get place :line) (not (plist-get place :before-rows))
                  (<= (plist-get place :line) lines))
         (plist-get place :line))
       (row-line 1)
       (min 1 lines)))))

(defun navshell--row-index (screen row-id hint)
  "The index of the row ROW-ID of SCREEN, looked for at HINT first."
  (let ((rows (navshell--screen-rows screen)))
    (if (and hint (<= 1 hint (length rows))
             (equal (plist-get (aref rows (1- hint)) :id) row-id))
        hint
      (navshell--screen-index-of screen row-id))))

(defun navshell--settle-marks (screen)
  "Drop the pending move and lost row of SCREEN once point got there."
  (when (and navshell--pending
             (or (null screen) (not (equal (car navshell--pending) (navshell--screen-id screen)))
                 (<= (cdr navshell--pending) (navshell--screen-read screen))))
    (setq navshell--pending nil))
  (when (and screen (navshell--screen-lost-row screen)
             (or (navshell--screen-index-of screen (navshell--screen-lost-row screen))
                 (not (navshell--reading-up-to-p screen))))
    (setf (navshell--screen-lost-row screen) nil)))

(defun navshell--first-change (old new from)
  "The index (from 0) of the first line of NEW past FROM that differs, or nil.
OLD is the list of the lines the buffer shows from line FROM (from 0)
on; NEW is a layout."
  (let ((lines (navshell--layout-lines new))
        (count (navshell--layout-count new))
        (index from))
    (while (and old (< index count) (equal-including-properties (car old) (aref lines index)))
      (setq old (cdr old) index (1+ index)))
    (and (or old (< index count)) index)))

(defun navshell--write (new kept shown)
  "Show the lines of NEW, the layout, rewriting from the first that changed.
KEPT is nil or (COUNT . OLD-LINES) as `navshell--layout-build' returns
it; without it the lines of SHOWN, the layout shown, are compared.  The
lines are joined by newlines, with none after the last, so that
`end-of-buffer' lands on the last line."
  (let* ((from (if kept (car kept) 0))
         (old (cond (kept (cdr kept))
                    (shown (cl-loop for index below (navshell--layout-count shown)
                                    collect (aref (navshell--layout-lines shown) index)))))
         (first (if (and (not kept) (not shown))
                    0
                  (navshell--first-change old new from)))
         (inhibit-read-only t))
    (when first
      (save-excursion
        (delete-region (if (zerop first) (point-min)
                         (progn (goto-char (navshell--line-start first))
                                (line-end-position)))
                       (point-max))
        (goto-char (point-max))
        (cl-loop for index from first below (navshell--layout-count new)
                 do (unless (zerop index) (insert "\n"))
                 (insert (aref (navshell--layout-lines new) index))))
      (set-buffer-modified-p nil))))

(defun navshell--draw (buffer)
  "Draw the top screen of BUFFER's session into BUFFER.
Point goes back to its row in every window showing BUFFER (and in
BUFFER itself when none does)."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (let* ((session navshell--session)
             (screen (navshell--session-top session))
             (switched (not (equal (and screen (navshell--screen-id screen)) navshell--shown)))
             (windows (or (get-buffer-window-list buffer nil t) (list nil)))
             (places (mapcar (lambda (window)
                               (if (not switched)
                                   (navshell--place (if window (window-point window) (point))
                                                    (and window (window-start window)))
                                 (and screen (list :row-id (navshell--screen-cursor screen)))))
                             windows))
             (shown navshell--layout)
             (built (navshell--layout-build session screen (navshell--width buffer) shown)))
        (setq navshell--layout (car built))
        (navshell--write navshell--layout (cdr built) shown)
        (setq navshell--shown (and screen (navshell--screen-id screen)))
        (cl-loop for window in windows
                 for place in places
                 for line = (navshell--target-line screen place)
                 do (if (not window)
                        (goto-char (navshell--line-start line))
                      (set-window-point window (navshell--line-start line))
                      (when (plist-get place :offset)
                        (set-window-start window (navshell--line-start
                                                  (max 1 (- line (plist-get place :offset))))
                                          t))))
        (navshell--settle-marks screen)
        (navshell--show-marks screen)
        (navshell--note-cursor)))))

(defun navshell--show-marks (screen)
  "Show which rows of SCREEN are marked: `*' in the margin of each.
The rows' lines are left as they are: the marks are overlays."
  (remove-overlays (point-min) (point-max) 'navshell-mark t)
  (let ((line-of (navshell--layout-line-of navshell--layout)))
    (dolist (id (and screen (navshell--screen-marks screen)))
      (let* ((index (navshell--screen-index-of screen id))
             (line (and index (< index (length line-of)) (aref line-of index))))
        (when line
          (let* ((start (navshell--line-start line))
                 (mark (make-overlay start (1+ start))))
            (overlay-put mark 'display (propertize "*" 'face 'navshell-mark))
            (overlay-put mark 'navshell-mark t)))))))

(defun navshell--note-cursor ()
  "Remember the row point is on as the top screen's cursor."
  (let* ((layout navshell--layout)
         (screen (and layout (navshell--layout-screen layout)))
         (index (navshell--row-at (point))))
    (when (and screen index (<= index (navshell--screen-read screen)))
      (setf (navshell--screen-cursor screen)
            (plist-get (aref (navshell--screen-rows screen) (1- index)) :id)))))

(defun navshell--header-line ()
  "The header line of a NavShell buffer: where you are."
  (string-replace "%" "%%" (navshell--breadcrumb navshell--session (window-total-width))))

(provide 'navshell-view)

;;; navshell-view.el ends here
