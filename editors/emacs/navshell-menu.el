;;; navshell-menu.el --- What can be done on rows, and choosing it -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; The actions the marked rows (else the row at point) and the screen's
;; own item offer, asked of navhost (screen/actions), and the menu `a'
;; shows them in: `completing-read' in navhost's order, each candidate
;; annotated with its key hint and its target, or why it cannot be done
;; now.  A row of a long list that navhost no longer keeps is read again
;; (`navshell--session-about-rows').

;;; Code:

(require 'cl-lib)
(require 'navshell-screen)
(require 'navshell-session)
(require 'navshell-layout)
(require 'navshell-view)
(require 'navshell-marks)

(defun navshell--brief (title)
  "TITLE cut to a length a prompt or a message can name a row by."
  (truncate-string-to-width (navshell--one-line title) 40 nil nil "…"))

(defun navshell--row-title (screen id)
  "The title of the row ID of SCREEN, else ID, cut short."
  (let ((index (navshell--screen-index-of screen id)))
    (navshell--brief (if index (plist-get (aref (navshell--screen-rows screen) (1- index)) :title) id))))

(defun navshell--act-targets (screen)
  "The rows to act on in SCREEN: the marked ones, else the one at point.
Return (IDS . LABEL), LABEL naming them, or nil when there is none."
  (let ((marked (navshell--marked-ids screen))
        (found (navshell--row-at-point)))
    (cond
     ((cdr marked) (cons marked (format "%d marked rows" (length marked))))
     (marked (cons marked (navshell--row-title screen (car marked))))
     (found (cons (list (plist-get (car found) :id)) (navshell--brief (plist-get (car found) :title)))))))

(defun navshell--target-params (screen ids)
  "The params naming SCREEN and the rows IDS (nil: the screen's own item)."
  (append (list :screen (navshell--screen-id screen)) (and ids (list :rowIds (vconcat ids)))))

(defun navshell--list-actions (session screen ids)
  "The actions the rows IDS of SCREEN of SESSION offer, as a list.
With IDS nil, those of the screen's own item."
  (pcase (navshell--session-call-on-rows session screen ids "screen/actions" (navshell--target-params screen ids) 30)
    (`(result . ,result) (append (plist-get result :actions) nil))
    (`(error . ,err)
     (user-error "%s" (if (eql (plist-get err :code) -32601)
                          "This navhost has no actions: it is older than the package"
                        (navshell--error-text err))))))

(defun navshell--action-choices (session screen targets)
  "What can be done on TARGETS, as `navshell--act-targets' gives, of SCREEN.
Return a list of (CANDIDATE ACTION IDS LABEL): the rows' actions, then
the screen's own item's (IDS nil), a title both have told apart by the
screen's title.  SESSION is the session SCREEN is on."
  (let* ((rows (and targets (navshell--list-actions session screen (car targets))))
         (own (navshell--list-actions session screen nil))
         (titles (mapcar (lambda (action) (plist-get action :title)) rows))
         (screen-title (navshell--screen-title screen)))
    (append
     (mapcar (lambda (action) (list (plist-get action :title) action (car targets) (cdr targets))) rows)
     (mapcar (lambda (action)
               (let ((title (plist-get action :title)))
                 (list (if (member title titles) (format "%s (%s)" title screen-title) title)
                       action nil screen-title)))
             own))))

(defun navshell--choice-annotation (choice &optional width)
  "The key hint, and the target or why not, shown after CHOICE.
WIDTH is the widest candidate's: the hints line up after it."
  (pcase-let* ((`(,candidate ,action ,_ ,label) choice)
               (key (plist-get action :key))
               (disabled (plist-get action :disabled)))
    (concat (make-string (max 0 (- (or width 0) (string-width candidate))) ?\s)
            (propertize (if key (format "  [%s]" key) "     ") 'face 'help-key-binding)
            "  "
            (if disabled
                (propertize (format "not now: %s" (plist-get disabled :reason)) 'face 'shadow)
              (propertize (format "on %s" label) 'face 'completions-annotations)))))

(defun navshell--choice-table (choices)
  "A completion table over CHOICES, kept in their order, annotated."
  (let ((width (apply #'max 0 (mapcar (lambda (choice) (string-width (car choice))) choices))))
    (lambda (string predicate action)
      (if (eq action 'metadata)
          `(metadata (category . navshell-action)
                     (display-sort-function . identity)
                     (cycle-sort-function . identity)
                     (annotation-function
                      . ,(lambda (candidate)
                           (navshell--choice-annotation (assoc candidate choices) width))))
        (complete-with-action action (mapcar #'car choices) string predicate)))))

(defun navshell--read-action ()
  "Ask which action to perform; return the arguments of `navshell-act'."
  (with-current-buffer (or (navshell--buffer) (user-error "No NavShell session"))
    (let* ((screen (or (navshell--top) (user-error "NavShell is still starting")))
           (targets (navshell--act-targets screen))
           (choices (navshell--action-choices navshell--session screen targets))
           (choice (progn
                     (unless choices (user-error "Nothing can be done here"))
                     (assoc (completing-read (format "Act on %s: " (or (cdr targets)
                                                                      (navshell--screen-title screen)))
                                             (navshell--choice-table choices) nil t)
                            choices))))
      (unless choice (user-error "No action chosen"))
      (list (plist-get (nth 1 choice) :id) nil (null (nth 2 choice))))))

(defun navshell--find-action (session screen targets action-id on-screen)
  "ACTION-ID as the TARGETS of SCREEN of SESSION offer it, else the screen.
With ON-SCREEN, only the screen's own item.  Return (ACTION IDS LABEL)."
  (let ((offered (lambda (actions)
                   (cl-find action-id actions :key (lambda (action) (plist-get action :id))
                            :test #'equal))))
    (or (and targets (not on-screen)
             (let ((action (funcall offered (navshell--list-actions session screen (car targets)))))
               (and action (list action (car targets) (cdr targets)))))
        (let ((action (funcall offered (navshell--list-actions session screen nil))))
          (and action (list action nil (navshell--screen-title screen))))
        (user-error "No action `%s' here" action-id))))

(provide 'navshell-menu)

;;; navshell-menu.el ends here
