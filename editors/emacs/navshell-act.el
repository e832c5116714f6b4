;;; navshell-act.el --- Act on rows: star, comment, close -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; `a' (`navshell-act') performs what the row at point (or the marked
;; rows) or the screen's own item (the repository of a repository
;; screen) can do, chosen in the menu of navshell-menu.el; one that
;; cannot be done now is refused with the reason.  Nothing here knows an
;; action: their ids, titles, inputs and outcomes all come from navhost
;; (screen/actions and screen/perform), so a screen added as a plugin has
;; its actions offered with no Emacs code.  The input is asked for as
;; each field's type says (navshell-input.el); a destructive action is
;; confirmed with `yes-or-no-p'; a URL in the outcome is opened, a text
;; copied; a failure says why and what to do, and text that was written
;; comes back in its compose buffer.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'browse-url)
(require 'navshell-screen)
(require 'navshell-session)
(require 'navshell-view)
(require 'navshell-marks)
(require 'navshell-input)
(require 'navshell-menu)

(defconst navshell--failure-advice
  '(("forbidden" . "your GitHub account may not do this here")
    ("notFound" . "it is gone: g reloads the screen")
    ("conflict" . "it changed since you looked: g reloads it, then act again")
    ("validation" . "check what you entered, then act again")
    ("rateLimited" . "wait a while, then act again")
    ("gone" . "GitHub has it turned off for this repository")
    ("notAllowed" . "GitHub does not allow it now")
    ("readOnlySource" . "this data source cannot write")
    ("writesDisabled" . "writing needs navhost started with --allow-writes (navshell-program-args)")
    ("staleConfirmation" . "it changed or the question expired: act again")
    ("unavailable" . "try again in a while"))
  "What to do after an action failed, by the failure's reason.")

(defun navshell-act (action-id &optional input on-screen)
  "Perform the action ACTION-ID on the marked rows, else on the row at point.
ACTION-ID is a string, such as \"star\" or \"comment\".  When the rows
do not offer it, or with ON-SCREEN non-nil, it is performed on the
screen's own item (the issue of an issue screen).  INPUT is an alist of
field names (symbols) to values, such as ((body . \"Thanks!\")); without
it, each field the action has is asked for, text in a compose buffer.
Fields navhost still finds missing are asked for, and a destructive
action is confirmed with `yes-or-no-p'.  After it is done, the marks are
cleared.  Interactively, choose the action with `completing-read'."
  (interactive (navshell--read-action) navshell-mode)
  (with-current-buffer (or (navshell--buffer) (user-error "No NavShell session"))
    (let* ((session navshell--session)
           (screen (or (navshell--top) (user-error "NavShell is still starting")))
           (found (navshell--find-action session screen (navshell--act-targets screen)
                                         action-id on-screen))
           (action (car found))
           (job (list :session session :screen screen :action action
                      :ids (nth 1 found) :label (nth 2 found))))
      (when (plist-get action :disabled)
        (user-error "%s is not possible now: %s" (navshell--bare-title (plist-get action :title))
                    (plist-get (plist-get action :disabled) :reason)))
      (if input
          (navshell--perform job input nil)
        (navshell--ask-fields (append (plist-get action :input) nil) nil (plist-get action :title)
                              (lambda (input) (navshell--perform job input nil)))))))

(defun navshell--input-object (input)
  "INPUT, an alist of field names to values, as a JSON object (a plist)."
  (cl-loop for (name . value) in input
           append (list (intern (concat ":" (symbol-name name))) value)))

(defun navshell--perform (job input confirm)
  "Perform JOB's action with INPUT, and CONFIRM, a confirmation's token.
JOB is a plist: :session, :screen, :action, :ids (nil for the screen's
own item) and :label (what they are called)."
  (let* ((session (plist-get job :session))
         (screen (plist-get job :screen))
         (action (plist-get job :action))
         (ids (plist-get job :ids))
         (title (navshell--bare-title (plist-get action :title))))
    (pcase (navshell--session-call-on-rows
            session screen ids "screen/perform"
            (append (navshell--target-params screen ids) (list :action (plist-get action :id))
                    (and input (list :input (navshell--input-object input)))
                    (and confirm (list :confirm confirm)))
            120)
      (`(error . ,err) (navshell--act-failed job input err))
      (`(result . ,result)
       (pcase (plist-get result :status)
         ("done" (navshell--act-done job result))
         ("inputRequired"
          (let ((missing (append (plist-get result :fields) nil)))
            (navshell--ask-fields missing
                                  (cl-remove-if (lambda (entry)
                                                  (cl-find (car entry) missing :key #'navshell--field-name))
                                                input)
                                  (plist-get action :title)
                                  (lambda (input) (navshell--perform job input nil)))))
         ("confirm"
          (if (yes-or-no-p (concat (plist-get result :message) " "))
              (navshell--perform job input (plist-get result :confirm))
            (message "navshell: %s: not done" title)))
         (status (message "navshell: %s: navhost answered %s" title status)))))))

(defun navshell--outcome-text (screen result)
  "One target's RESULT, a failure of SCREEN's row, in words."
  (let ((err (plist-get result :error)))
    (format "%s failed: %s" (navshell--row-title screen (plist-get result :id))
            (navshell--failure-text err))))

(defun navshell--act-done (job result)
  "Show the outcome RESULT of JOB's action: open its URLs, copy its texts."
  (let* ((screen (plist-get job :screen))
         (title (navshell--bare-title (plist-get (plist-get job :action) :title)))
         (results (append (plist-get result :results) nil))
         (failed (cl-remove-if-not (lambda (one) (equal (plist-get one :status) "failed")) results))
         (said nil))
    (dolist (one results)
      (when (plist-get one :url)
        (browse-url (plist-get one :url))
        (push (format "opened %s" (plist-get one :url)) said))
      (when (plist-get one :text)
        (kill-new (plist-get one :text))
        (push (format "copied %S" (truncate-string-to-width
                                   (car (split-string (plist-get one :text) "\n")) 60 nil nil "…"))
              said)))
    (navshell--clear-marks (plist-get job :session) screen)
    (message "navshell: %s: %s%s" title
             (cond (said (string-join (nreverse said) "; "))
                   ((null failed) (format "done on %s" (plist-get job :label)))
                   (t (format "done on %d of %d" (- (length results) (length failed)) (length results))))
             (mapconcat (lambda (one) (concat "; " (navshell--outcome-text screen one))) failed ""))))

(defun navshell--failure-text (err)
  "ERR, the JSON-RPC error of an action, in words: why, and what to do."
  (let* ((data (plist-get err :data))
         (reason (plist-get data :reason))
         (retry (plist-get data :retryAfter))
         (advice (if (and (equal reason "rateLimited") (numberp retry))
                     (format "wait %d s, then act again" retry)
                   (cdr (assoc reason navshell--failure-advice)))))
    (concat (navshell--error-text err)
            (and reason (format " (%s)" reason))
            (and advice (concat "; " advice)))))

(defun navshell--act-failed (job input err)
  "Say that JOB's action with INPUT failed with ERR.
Text written for it comes back in its compose buffer, to send again."
  (let* ((action (plist-get job :action))
         (title (navshell--bare-title (plist-get action :title)))
         (field (cl-find-if (lambda (field)
                              (and (equal (plist-get field :type) "text")
                                   (stringp (alist-get (navshell--field-name field) input))))
                            (append (plist-get action :input) nil))))
    (when field
      (let ((name (navshell--field-name field)))
        (navshell--compose (navshell--field-prompt title field) (alist-get name input)
                           (lambda (text)
                             (navshell--perform job (cons (cons name text) (assq-delete-all name (copy-alist input)))
                                                nil)))))
    (message "navshell: %s failed: %s%s" title (navshell--failure-text err)
             (if field "; your text is back: C-c C-c sends it again" ""))))

(provide 'navshell-act)

;;; navshell-act.el ends here
