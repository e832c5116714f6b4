;;; navshell-screen.el --- What NavShell knows of one screen -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; One screen on navhost's stack as the Emacs package knows it: its
;; sections, the rows read so far (always from the start of the list, in
;; order), the revision they belong to, the row point was left on and
;; the rows marked.
;; No buffer or RPC calls here: the session reads rows into it and the
;; view draws it.

;;; Code:

(require 'cl-lib)

(cl-defstruct (navshell--screen (:constructor navshell--screen-create)
                                (:copier nil))
  "One screen on the stack and the rows read of it."
  id kind title params
  (revision nil :documentation "Nil until the first rows arrive.")
  (sections nil :documentation "The sections, a list of plists.")
  (rows [] :documentation "The rows read so far, from the first.")
  (wanted 0 :documentation "How many rows point needs read.")
  (epoch 0 :documentation "Bumped when rows must be read again.")
  (fetching nil :documentation "Non-nil while a read is on its way.")
  (awaiting-select nil :documentation "Pushed by an unanswered selection.")
  (needs-reload nil :documentation "Non-nil when rows are read again.")
  (appended-to nil :documentation "The revision rows were appended to.")
  (retried nil :documentation "The revision a failed page was retried at.")
  (failed nil :documentation "Why the last read failed.")
  (notice nil :documentation "A crash being recovered from.")
  (cursor nil :documentation "The id of the row point was left on.")
  (marks nil :documentation "The ids of the marked rows, last marked first.")
  (lost-row nil :documentation "Point's row while rows are read again.")
  (query "" :documentation "The screen's search text."))

(defun navshell--screen-from-entry (entry)
  "Make a screen from ENTRY, a screen of a stack as navhost sends it."
  (navshell--screen-create :id (plist-get entry :id)
                           :kind (plist-get entry :kind)
                           :title (plist-get entry :title)
                           :params (plist-get entry :params)))

(defun navshell--screen-total (screen)
  "The rows SCREEN's sections can give now, over every section."
  (cl-loop for section in (navshell--screen-sections screen)
           sum (or (plist-get section :count) 0)))

(defun navshell--screen-read (screen)
  "How many rows of SCREEN were read."
  (length (navshell--screen-rows screen)))

(defun navshell--screen-more-pages (screen)
  "The state of SCREEN's first section with a page not loaded yet.
Nil when every page is loaded, else `none', \"loading\" or \"failed\"."
  (cl-loop for section in (navshell--screen-sections screen)
           when (eq (plist-get section :hasMore) t)
           return (or (plist-get section :state) 'none)))

(defun navshell--screen-index-of (screen row-id)
  "The index (from 1) of the row of SCREEN whose id is ROW-ID, or nil."
  (let ((rows (navshell--screen-rows screen)))
    (cl-loop for index from 0 below (length rows)
             when (equal (plist-get (aref rows index) :id) row-id)
             return (1+ index))))

(defun navshell--screen-invalidate (screen)
  "Have SCREEN's rows read again from the start.
The old rows stay shown until the new ones arrive; answers to reads
already sent are dropped."
  (cl-incf (navshell--screen-epoch screen))
  (setf (navshell--screen-fetching screen) nil
        (navshell--screen-needs-reload screen) t))

(defun navshell--screen-next-window (screen page-size)
  "The next window of SCREEN to read, as (OFFSET . LIMIT), or nil.
PAGE-SIZE is the least number of rows a read asks for."
  (let ((read (navshell--screen-read screen))
        (wanted (navshell--screen-wanted screen)))
    (cond
     ((or (navshell--screen-fetching screen)
          (navshell--screen-awaiting-select screen))
      nil)
     ((or (navshell--screen-needs-reload screen)
          (null (navshell--screen-revision screen)))
      (cons 0 (min 1000 (max read wanted page-size))))
     ((and (< read wanted) (< read (navshell--screen-total screen)))
      (cons read (min 1000 (max page-size (- wanted read))))))))

(defun navshell--screen-apply-rows (screen result offset)
  "Apply RESULT, the answer to a read of SCREEN from OFFSET.
Return nil when its rows could not be used (another revision, or read
past rows that changed): then the rows are read again from the start."
  (let* ((revision (plist-get result :revision))
         (other-revision (and (navshell--screen-revision screen)
                              (not (eql revision (navshell--screen-revision screen)))
                              (not (eql revision (navshell--screen-appended-to screen)))))
         (rows (or (plist-get result :rows) [])))
    (setf (navshell--screen-revision screen) revision
          (navshell--screen-sections screen) (append (plist-get result :sections) nil))
    (cond
     ((zerop offset)
      (setf (navshell--screen-rows screen) rows
            (navshell--screen-needs-reload screen) nil)
      t)
     ((or other-revision (/= offset (navshell--screen-read screen)))
      (setf (navshell--screen-needs-reload screen) t)
      nil)
     (t
      (setf (navshell--screen-rows screen) (vconcat (navshell--screen-rows screen) rows))
      ;; Nothing came where rows were expected: stop asking until
      ;; something changes.
      (when (zerop (length rows))
        (setf (navshell--screen-wanted screen) (navshell--screen-read screen)))
      t))))

(defun navshell--only-appends-p (diff read)
  "Return non-nil when every change of DIFF is a row added past the first READ."
  (and (zerop (length (plist-get diff :removed)))
       (zerop (length (plist-get diff :moved)))
       (zerop (length (plist-get diff :reconfigured)))
       (cl-every (lambda (inserted) (>= (plist-get inserted :index) read))
                 (plist-get diff :inserted))))

(defun navshell--screen-apply-update (screen update)
  "Apply UPDATE, the params of a screen/didUpdate, to SCREEN.
Return `reload' when the rows must be read again; until they are, the
old rows stay shown with their own sections."
  (let* ((revision (plist-get update :revision))
         (new-revision (not (eql revision (navshell--screen-revision screen))))
         (changes (plist-get update :changes))
         (appended (and new-revision changes
                        (navshell--only-appends-p changes (navshell--screen-read screen))))
         (reset (eq (plist-get update :reset) t)))
    (cond
     ((or reset (and new-revision (not appended)))
      ;; A reset comes from a restarted or woken worker: the crash
      ;; notice is over.  navhost's own reset has no `loading'; a
      ;; query's has, and a query moves point to its first row.
      (when reset
        (setf (navshell--screen-notice screen) nil)
        (when (and (not (plist-member update :loading))
                   (navshell--screen-cursor screen))
          (setf (navshell--screen-lost-row screen) (navshell--screen-cursor screen))))
      (setf (navshell--screen-revision screen) revision
            (navshell--screen-appended-to screen) nil)
      (navshell--screen-invalidate screen)
      'reload)
     (t
      (when (plist-get update :sections)
        (setf (navshell--screen-sections screen)
              (append (plist-get update :sections) nil)))
      (when appended
        (setf (navshell--screen-appended-to screen) (navshell--screen-revision screen)
              (navshell--screen-revision screen) revision))
      nil))))

(provide 'navshell-screen)

;;; navshell-screen.el ends here
