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

(defun navshell--set-mark (marked)
  "Mark the row at point when MARKED is non-nil, else unmark it; move on."
  (let ((found (navshell--row-at-point))
        (screen (navshell--top)))
    (unless found (user-error "No row at point"))
    (let ((id (plist-get (car found) :id)))
      (setf (navshell--screen-marks screen)
            (if marked
                (cons id (delete id (navshell--screen-marks screen)))
              (delete id (navshell--screen-marks screen)))))
    (navshell--show-marks screen)
    (navshell-next-row 1)))

(defun navshell-mark ()
  "Mark the row at point and move to the next row.
`navshell-act' then acts on the marked rows."
  (interactive nil navshell-mode)
  (navshell--set-mark t))

(defun navshell-unmark ()
  "Unmark the row at point and move to the next row."
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
