;;; navshell-marks.el --- Mark rows to act on them together -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; Marks, as Dired and Magit have them: `m' marks the row at point and
;; moves on, `u' unmarks it, `U' unmarks every row of the screen.  A
;; marked row shows `*' in its margin; `navshell-act' acts on the marked
;; rows when there are some.  The marks belong to their screen, by row
;; id, and are cleared by a new search and by an action performed.

;;; Code:

(require 'cl-lib)
(require 'navshell-screen)
(require 'navshell-session)
(require 'navshell-view)
(require 'navshell-commands)

(defface navshell-mark '((t :inherit warning :weight bold))
  "Face of the `*' in the margin of a marked row."
  :group 'navshell)

(defun navshell--marked-ids (screen)
  "The ids of SCREEN's marked rows that are read, in the order of the list."
  (let ((marks (navshell--screen-marks screen)))
    (when marks
      (cl-loop for row across (navshell--screen-rows screen)
               for id = (plist-get row :id)
               when (member id marks) collect id))))

(defun navshell--region-rows (screen)
  "The rows of SCREEN on the lines of the active region, a list of plists."
  (let ((rows (navshell--screen-rows screen))
        (end (region-end)))
    (save-excursion
      (goto-char (region-beginning))
      (cl-loop for index = (navshell--row-at (point))
               when (and index (<= index (length rows))) collect (aref rows (1- index))
               while (and (zerop (forward-line 1)) (< (point) end))))))

(defun navshell--set-mark (marked)
  "Mark the row at point when MARKED is non-nil, else unmark it; move on.
With an active region, mark (or unmark) the rows on its lines instead."
  (let* ((screen (navshell--top))
         (region (use-region-p))
         (rows (if region (navshell--region-rows screen)
                 (let ((found (navshell--row-at-point))) (and found (list (car found)))))))
    (unless rows (user-error "No row at point"))
    (dolist (row rows)
      (let ((id (plist-get row :id)))
        (setf (navshell--screen-marks screen)
              (if marked
                  (cons id (delete id (navshell--screen-marks screen)))
                (delete id (navshell--screen-marks screen))))))
    (navshell--show-marks screen)
    (if region (deactivate-mark) (navshell-next-row 1))))

(defun navshell-mark ()
  "Mark the row at point and move to the next row.
With an active region, mark the rows on its lines, as Dired does (a
region that ends at the start of a line leaves that line out).
`navshell-act' then acts on the marked rows."
  (interactive nil navshell-mode)
  (navshell--set-mark t))

(defun navshell-unmark ()
  "Unmark the row at point and move to the next row.
With an active region, unmark the rows on its lines."
  (interactive nil navshell-mode)
  (navshell--set-mark nil))

(defun navshell-unmark-all ()
  "Unmark every row of this screen."
  (interactive nil navshell-mode)
  (let* ((screen (navshell--top))
         (count (if screen (length (navshell--screen-marks screen)) 0)))
    (when screen
      (setf (navshell--screen-marks screen) nil)
      (navshell--show-marks screen))
    (message "navshell: %s" (if (= count 1) "1 mark removed" (format "%d marks removed" count)))))

(defun navshell--clear-marks (session screen)
  "Unmark every row of SCREEN of SESSION, and draw it again."
  (when (navshell--screen-marks screen)
    (setf (navshell--screen-marks screen) nil)
    (navshell--session-changed session)))

(provide 'navshell-marks)

;;; navshell-marks.el ends here
