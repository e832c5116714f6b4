;;; navshell-layout.el --- The lines NavShell shows for a screen -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; What the buffer shows for the top screen, as a list of propertized
;; lines: one line per row (title, the subtitle dimmed, the detail on the
;; right and a mark for rows that open; a row of prose whole, for the
;; window to wrap), section headers and footers,
;; "… N more" for rows not read yet, and the loading, failed and crash
;; states.  Each line that shows a row has the row's index (from 1) as
;; its `navshell-row' text property.  Nothing here touches a buffer.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'navshell-screen)
(require 'navshell-session)

(defcustom navshell-show-subtitles t
  "Non-nil shows each row's subtitle, dimmed, between title and detail."
  :type 'boolean
  :group 'navshell)

(defcustom navshell-wrap-kinds '("text" "comment")
  "The kinds of the rows shown whole, wrapped over as many lines as they need.
Rows of prose (a README paragraph, a line of an issue's description, a
comment) are these; other rows are cut to the window's width."
  :type '(repeat string)
  :group 'navshell)

(defface navshell-section-header
  '((t :inherit font-lock-keyword-face :weight bold))
  "Face of a section's header, the heading above its rows."
  :group 'navshell)

(defface navshell-row-title '((t nil))
  "Face of a row's title."
  :group 'navshell)

(defface navshell-subtitle '((t :inherit shadow))
  "Face of a row's subtitle."
  :group 'navshell)

(defface navshell-detail '((t :inherit font-lock-comment-face))
  "Face of a row's detail, on the right."
  :group 'navshell)

(defface navshell-accessory '((t :inherit font-lock-builtin-face))
  "Face of the mark of a row that opens a screen or a link."
  :group 'navshell)

(defface navshell-footer '((t :inherit shadow :slant italic))
  "Face of a section's footer."
  :group 'navshell)

(defface navshell-more '((t :inherit shadow))
  "Face of the line that stands for rows not read yet."
  :group 'navshell)

(defface navshell-loading '((t :inherit warning))
  "Face of the Loading line."
  :group 'navshell)

(defface navshell-error '((t :inherit error))
  "Face of failures: a read that failed, a crash, navhost gone."
  :group 'navshell)

(defconst navshell--accessories '(("disclosure" . "›") ("link" . "↗"))
  "The mark shown at the end of a row, by the row's accessory.")

(defun navshell--one-line (text)
  "TEXT as one line: line breaks become spaces."
  (replace-regexp-in-string "[\r\n]+" " " (if (stringp text) text (format "%s" (or text ""))) t t))

(defun navshell--fit (text width)
  "TEXT cut to WIDTH columns, with `…' where it was cut."
  (if (<= (string-width text) width) text
    (truncate-string-to-width text (max 0 width) nil nil "…")))

(defun navshell--row-parts (row width)
  "The title, subtitle, detail and mark of ROW fitted in WIDTH columns.
The mark is kept whole, then as much title as the detail leaves (at
least half the room), then the detail, then the subtitle."
  (let* ((title (navshell--one-line (plist-get row :title)))
         (detail (and (plist-get row :detail) (navshell--one-line (plist-get row :detail))))
         (subtitle (and navshell-show-subtitles (plist-get row :subtitle)
                        (navshell--one-line (plist-get row :subtitle))))
         (mark (cdr (assoc (plist-get row :accessory) navshell--accessories)))
         (room (- width 2 (if mark 2 0)))
         (detail-room (if detail (+ 2 (string-width detail)) 0))
         (title (navshell--fit title (max (min (string-width title) (/ room 2))
                                          (- room detail-room))))
         (room (- room (string-width title)))
         (detail (and detail (> room 3) (navshell--fit detail (- room 2))))
         (room (- room (if detail (+ 2 (string-width detail)) 0)))
         (subtitle (and subtitle (> (length subtitle) 0) (> room 6)
                        (navshell--fit subtitle (- room 2)))))
    (list title subtitle detail mark
          (- room (if subtitle (+ 2 (string-width subtitle)) 0)))))

(defvar navshell--row-lines (make-hash-table :test #'eq :weakness 'key)
  "Each row's line as last laid out, with the width and line style.
A row is never changed (new rows come as new objects), so its line is
made once per width: a page arriving at the end of a long list costs
the page, not the list.")

(defun navshell--line-style ()
  "The settings a row's line depends on besides the width."
  (list navshell-show-subtitles navshell-wrap-kinds))

(defun navshell--fitted-line (row width)
  "The line showing ROW cut to WIDTH columns, its mark on the right."
  (pcase-let* ((`(,title ,subtitle ,detail ,mark ,padding) (navshell--row-parts row width))
               (right (concat (and detail (concat "  " (propertize detail 'face 'navshell-detail)))
                              (and mark (concat " " (propertize mark 'face 'navshell-accessory))))))
    (concat "  "
            (propertize title 'face (if (equal (plist-get row :kind) "error")
                                        'navshell-error
                                      'navshell-row-title))
            (and subtitle (concat "  " (propertize subtitle 'face 'navshell-subtitle)))
            (and (> (length right) 0) (make-string (max 0 padding) ?\s))
            right)))

(defun navshell--wrapped-line (row)
  "The line showing ROW whole, to be wrapped by the window at word ends."
  (let ((subtitle (and navshell-show-subtitles (plist-get row :subtitle)))
        (detail (plist-get row :detail))
        (mark (cdr (assoc (plist-get row :accessory) navshell--accessories))))
    (propertize
     (concat "  " (propertize (navshell--one-line (plist-get row :title)) 'face 'navshell-row-title)
             (and subtitle (concat "  " (propertize (navshell--one-line subtitle) 'face 'navshell-subtitle)))
             (and detail (concat "  " (propertize (navshell--one-line detail) 'face 'navshell-detail)))
             (and mark (concat " " (propertize mark 'face 'navshell-accessory))))
     'wrap-prefix "  ")))

(defun navshell--row-line (row index width)
  "The line showing ROW, the row at INDEX (from 1), in WIDTH columns.
A row of one of `navshell-wrap-kinds' is shown whole; the others are
cut to WIDTH."
  (let ((cached (gethash row navshell--row-lines))
        (style (navshell--line-style)))
    (if (and cached (eql (nth 0 cached) width) (equal (nth 1 cached) style)
             (eql (get-text-property 0 'navshell-row (nth 2 cached)) index))
        (nth 2 cached)
      (let ((line (if (member (plist-get row :kind) navshell-wrap-kinds)
                      (navshell--wrapped-line row)
                    (navshell--fitted-line row width))))
        (put-text-property 0 (length line) 'navshell-row index line)
        (puthash row (list width style line) navshell--row-lines)
        line))))

(cl-defstruct (navshell--layout (:constructor navshell--layout-create) (:copier nil))
  "What the buffer shows for a screen."
  (lines nil :documentation "The propertized lines, a vector with room to grow.")
  (count 0 :documentation "How many of LINES are used.")
  (line-of nil :documentation "The line (from 1) of each row index.")
  (more-line nil :documentation "The line of \"… N more\", or nil.")
  (read 0 :documentation "How many rows of the screen were read.")
  (stop nil :documentation "Where the rows ended, to carry the layout on.")
  screen width style)

(defun navshell--grown (vector size)
  "Return VECTOR, or a longer copy of it, with room for SIZE elements."
  (if (<= size (length vector)) vector
    (let ((bigger (make-vector (max size (* 2 (length vector))) nil)))
      (dotimes (index (length vector)) (aset bigger index (aref vector index)))
      bigger)))

(defun navshell--section-facts (section)
  "What of SECTION its lines show, to tell whether it changed."
  (list (plist-get section :header) (plist-get section :footer)
        (or (plist-get section :count) 0) (plist-get section :state)))

(defun navshell--resumable-p (previous screen width)
  "Non-nil when PREVIOUS, a layout, can be carried on for SCREEN in WIDTH.
It must be of the same screen, width and line style, its rows
still the first rows read (rows are only appended to what was read; a
read from the start brings new rows), and its sections as they were up
to where its rows ended, the last one's count grown at most."
  (let ((stop (and previous (navshell--layout-stop previous))))
    (and stop
         (eq (navshell--layout-screen previous) screen)
         (eql (navshell--layout-width previous) width)
         (equal (navshell--layout-style previous) (navshell--line-style))
         (let ((rows (navshell--screen-rows screen))
               (sections (navshell--screen-sections screen))
               (index (plist-get stop :section)))
           (and (<= (plist-get stop :row) (length rows))
                (or (zerop (plist-get stop :row))
                    (eq (aref rows (1- (plist-get stop :row))) (plist-get stop :last-row)))
                (> (length sections) index)
                (equal (mapcar #'navshell--section-facts (seq-take sections index))
                       (butlast (plist-get stop :sections)))
                (let ((section (nth index sections)))
                  (and (equal (plist-get section :header) (car (car (last (plist-get stop :sections)))))
                       (>= (+ (plist-get stop :first) (or (plist-get section :count) 0) -1)
                           (plist-get stop :row)))))))))

(defun navshell--layout-build (session screen width &optional previous)
  "Lay SCREEN of SESSION out in WIDTH columns; SCREEN may be nil.
PREVIOUS, the layout shown, is carried on in place when only rows were
added since (see `navshell--resumable-p'): a page arriving at the end of
a long list costs the page, not the list.  Return (LAYOUT . KEPT), KEPT
being nil or (COUNT . OLD-LINES): the lines kept and the old lines that
followed them."
  (let* ((rows (if screen (navshell--screen-rows screen) []))
         (read (length rows))
         (resume (and screen (navshell--resumable-p previous screen width)))
         (stop (and resume (navshell--layout-stop previous)))
         (lines (if resume (navshell--layout-lines previous) (make-vector (+ read 16) nil)))
         (count (if resume (plist-get stop :lines) 0))
         (kept (and resume (cons count (cl-loop for index from count
                                                below (navshell--layout-count previous)
                                                collect (aref lines index)))))
         (line-of (navshell--grown (if resume (navshell--layout-line-of previous) (vector nil))
                                   (1+ read)))
         (layout (navshell--layout-create :screen screen :width width :read read
                                          :style (navshell--line-style))))
    (cl-flet ((add (text &optional face)
                (setq lines (navshell--grown lines (1+ count)))
                (aset lines count (if face (propertize text 'face face) text))
                (cl-incf count)))
      (when screen
        (let ((first (if stop (plist-get stop :first) 1))
              (from (if stop (1+ (plist-get stop :row)) 1))
              (facts (and stop (butlast (plist-get stop :sections)))))
          (cl-loop
           for section in (nthcdr (if stop (plist-get stop :section) 0) (navshell--screen-sections screen))
           for index from (if stop (plist-get stop :section) 0)
           for size = (or (plist-get section :count) 0)
           for resumed = (and stop (= index (plist-get stop :section)))
           ;; A section with rows none of which was read ends the layout.
           until (and (> size 0) (> first read))
           do (when (and (plist-get section :header) (not resumed))
                (add (navshell--one-line (plist-get section :header)) 'navshell-section-header))
           (cl-loop for row from (max first from) to (min (+ first size -1) read)
                    do (add (navshell--row-line (aref rows (1- row)) row width))
                    (aset line-of row count))
           (let ((last (min (+ first size -1) read)))
             (setf (navshell--layout-stop layout)
                   (list :section index :first first :row last :lines count
                         :last-row (and (> last 0) (aref rows (1- last)))
                         :sections (append facts (list (navshell--section-facts section))))))
           (setq facts (append facts (list (navshell--section-facts section))))
           until (> (+ first size -1) read)
           do (when (plist-get section :footer)
                (add (concat "  (" (navshell--one-line (plist-get section :footer)) ")")
                     (if (equal (plist-get section :state) "failed") 'navshell-error 'navshell-footer)))
           (cl-incf first size)))
        (let ((unread (- (navshell--screen-total screen) read)))
          (when (> unread 0)
            (add (format "  … %d more" unread) 'navshell-more)
            (setf (navshell--layout-more-line layout) count))))
      (cond
       ((navshell--session-failed session) (add (navshell--session-failed session) 'navshell-error))
       ((or (null screen) (navshell--screen-fetching screen) (null (navshell--screen-revision screen)))
        (add "Loading…" 'navshell-loading)))
      (when (and screen (navshell--screen-failed screen))
        (add (format "Could not load: %s (g reloads)" (navshell--one-line (navshell--screen-failed screen)))
             'navshell-error))
      (when (and screen (navshell--screen-notice screen))
        (add (navshell--one-line (navshell--screen-notice screen)) 'navshell-error)))
    (setf (navshell--layout-lines layout) lines
          (navshell--layout-count layout) count
          (navshell--layout-line-of layout) line-of)
    (cons layout kept)))

(defun navshell--breadcrumb (session width)
  "The titles of SESSION's stack in WIDTH columns, cut from the left.
The current screen's title is the one always shown."
  (let* ((titles (mapcar (lambda (entry) (navshell--one-line (plist-get entry :title)))
                         (and session (navshell--session-stack session))))
         (text (if titles
                   (concat (mapconcat #'identity (butlast titles) " › ")
                           (if (cdr titles) " › " "")
                           (propertize (car (last titles)) 'face 'bold))
                 "NavShell"))
         (room (max 1 (1- width))))
    (if (<= (string-width text) room) text
      (while (> (string-width text) (1- room))
        (setq text (substring text 1)))
      (concat "…" text))))

(provide 'navshell-layout)

;;; navshell-layout.el ends here
