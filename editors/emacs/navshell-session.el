;;; navshell-session.el --- One navhost process and its stack -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; A NavShell session: a navhost process spoken to with the built-in
;; jsonrpc.el, its navigation stack as navhost last announced it, and
;; what the package knows of each screen on it (navshell-screen.el).
;; Rows are read in windows (screen/rows with offset and limit) as point
;; needs them; navhost's notifications keep the screens up to date.  The
;; session's ON-CHANGE function is called after every change something
;; visible depends on.

;;; Code:

(require 'cl-lib)
(require 'jsonrpc)
(require 'navshell-screen)

(defcustom navshell-program "navhost"
  "The navhost program: a file name, or a name looked up on variable `exec-path'."
  :type 'string
  :group 'navshell)

(defcustom navshell-program-args nil
  "Arguments given to navhost after `serve'.
For example (\"--source\" \"github\") for the live GitHub API, or
\(\"--screens\" \"/path/to/screens.json\") for screens added as plugins."
  :type '(repeat string)
  :group 'navshell)

(defcustom navshell-page-size 100
  "Rows asked for in one screen/rows request (1 to 1000)."
  :type '(integer :match (lambda (_ value) (<= 1 value 1000)))
  :group 'navshell)

(defconst navshell--cancelled -32800
  "The JSON-RPC code of a request cancelled or superseded.")

(cl-defstruct (navshell--session (:constructor navshell--session-create)
                                 (:copier nil))
  "A navhost process and what it shows."
  connection
  (process nil :documentation "navhost's process.")
  (stack nil :documentation "The stack's screen entries, root first.")
  (screens (make-hash-table :test #'equal)
           :documentation "The screens on the stack by id.")
  (ready nil :documentation "Non-nil once initialize was answered.")
  (failed nil :documentation "Why navhost ended or did not start.")
  (stopping nil :documentation "Non-nil once the session is being ended.")
  (exited nil :documentation "Non-nil once navhost exited.")
  (selecting 0 :documentation "Selections sent and not answered yet.")
  (frozen 0 :documentation "While positive, changes are not shown.")
  (thawing nil :documentation "Unfreeze once the top screen's rows are read.")
  (on-change #'ignore :documentation "Called after a visible change."))

(defun navshell--report (message)
  "Show MESSAGE, a sentence from NavShell, in the echo area."
  (message "navshell: %s" message))

(defun navshell--error-text (err)
  "The message of ERR, a JSON-RPC error object."
  (or (plist-get err :message) (format "%S" err)))

(defun navshell--report-error (err)
  "Report ERR, a JSON-RPC error object, unless it is a cancellation.
jsonrpc.el's -1 (\"Server died\") is not reported either: the exit says why."
  (unless (memql (plist-get err :code) (list navshell--cancelled -1))
    (navshell--report (navshell--error-text err))))

(defun navshell--session-changed (session)
  "Tell SESSION's owner that something visible changed.
A screen pushed by a selection is shown once, with the rows that the
selection's answer brings: navhost sends that answer right behind the
push's announcement."
  (let ((top (navshell--session-top session)))
    (when (and (navshell--session-thawing session)
               (or (navshell--session-exited session) (null top)
                   (navshell--screen-failed top)
                   (and (navshell--screen-revision top)
                        (not (navshell--screen-fetching top))
                        (not (navshell--screen-needs-reload top)))))
      (setf (navshell--session-thawing session) nil)
      (cl-decf (navshell--session-frozen session)))
    (unless (or (> (navshell--session-frozen session) 0)
                (and top (navshell--screen-awaiting-select top)
                     (not (navshell--session-exited session))))
      (funcall (navshell--session-on-change session) session))))

(defun navshell--session-top (session)
  "The top screen of SESSION, or nil before navhost answered."
  (let ((entry (car (last (navshell--session-stack session)))))
    (and entry (gethash (plist-get entry :id) (navshell--session-screens session)))))

(defun navshell--session-screen-list (session)
  "The screens on SESSION's stack, root first."
  (mapcar (lambda (entry) (gethash (plist-get entry :id) (navshell--session-screens session)))
          (navshell--session-stack session)))

(defun navshell--session-running-p (session)
  "Return non-nil when the navhost of SESSION is up and taking requests."
  (and session (not (navshell--session-exited session))
       (not (navshell--session-stopping session))
       (jsonrpc-running-p (navshell--session-connection session))))

(defun navshell--session-request (session method params &optional on-result on-error quiet)
  "Send METHOD with PARAMS to SESSION's navhost.
ON-RESULT is called with the result on success.  An error other than a
cancellation is reported, unless QUIET, a function, returns non-nil
for it; ON-ERROR, when given, is called with any error.  Return nil,
calling neither, when navhost is not running."
  (if (not (navshell--session-running-p session))
      (progn (navshell--report "navhost is not running: M-x navshell starts it again")
             nil)
    ;; jsonrpc.el 1.0.14 (Emacs 28) sends a method given as a symbol.
    (jsonrpc-async-request
     (navshell--session-connection session) (intern method) params
     ;; navhost answers every request: its workers have their own
     ;; deadline (--request-timeout), and a live load may take longer
     ;; than jsonrpc.el's default.
     :timeout nil
     :success-fn (lambda (result) (when on-result (funcall on-result result)))
     :error-fn (lambda (err)
                 (unless (and quiet (funcall quiet err))
                   (navshell--report-error err))
                 (when on-error (funcall on-error err))))
    t))

(defun navshell--session-call-on-rows (session screen ids method params timeout)
  "Ask SESSION's navhost METHOD with PARAMS about rows; wait for the answer.
Return (result . RESULT) or (error . ERR), ERR a JSON-RPC error object,
as `navshell--session-wait' does, giving up after TIMEOUT seconds.
Notifications that come meanwhile are handled.  IDS are the rows of
SCREEN that PARAMS name; a row navhost no longer keeps is read again
first (`navshell--session-about-rows')."
  (navshell--session-wait
   session method timeout
   (lambda (answered)
     (navshell--session-about-rows
      session screen ids
      (lambda (give) (navshell--session-send session method params give))
      answered))))

(defun navshell--session-send (session method params answered)
  "Send METHOD with PARAMS to SESSION's navhost; call ANSWERED with the answer.
The answer is (result . RESULT) or (error . ERR); nothing is reported."
  (jsonrpc-async-request
   (navshell--session-connection session) (intern method) params :timeout nil
   :success-fn (lambda (result) (funcall answered (cons 'result result)))
   :error-fn (lambda (err) (funcall answered (cons 'error err)))))

(defun navshell--session-wait (session method timeout start)
  "Call START with a function to give an answer to, then wait for the answer.
Return it, or an error saying that navhost did not answer METHOD within
TIMEOUT seconds (30 by default) or exited.  SESSION's navhost must be
running.  This waits on asynchronous requests, not with `jsonrpc-request':
that one's answer leaves jsonrpc.el's process filter by a `throw', and
messages read in the same chunk behind it (the answer to a read of rows)
would wait, unhandled, for navhost's next output."
  (unless (navshell--session-running-p session)
    (user-error "NavShell's navhost is not running: M-x navshell starts it again"))
  (let ((answer nil)
        (deadline (+ (float-time) (or timeout 30))))
    (funcall start (lambda (given) (setq answer given)))
    (while (and (not answer) (< (float-time) deadline) (navshell--session-running-p session))
      (accept-process-output nil 0.05))
    (or answer (cons 'error (list :message (if (navshell--session-running-p session)
                                               (format "navhost did not answer %s in time" method)
                                             "navhost exited"))))))

(defun navshell--gone-row-index (screen ids err)
  "Return the index in SCREEN of the row not loaded that ERR is about, or nil.
ERR answered a request about the rows IDS: the row is the one its data
names (screen/actions, screen/perform), else the only one of IDS
\(screen/select)."
  (let* ((data (plist-get err :data))
         (id (or (plist-get data :rowId) (and ids (null (cdr ids)) (car ids)))))
    (and (eql (plist-get err :code) -32602)
         (equal (plist-get data :reason) "notFound")
         (stringp id) (member id ids)
         (navshell--screen-index-of screen id))))

(defun navshell--session-about-rows (session screen ids send on-answer)
  "Ask SESSION's navhost about the rows IDS of SCREEN with SEND.
SEND makes the request: it is called with a function to give the answer
to, (result . RESULT) or (error . ERR).  A row of a long list read long
ago may have left the windows the worker keeps: navhost then answers
notFound for it, and that row is read again and SEND called once more.
ON-ANSWER gets the last answer."
  (let ((retried nil))
    (cl-labels ((attempt ()
                  (funcall
                   send
                   (lambda (answer)
                     (let ((index (and (not retried) (eq (car answer) 'error)
                                       (navshell--gone-row-index screen ids (cdr answer)))))
                       (if (not index)
                           (funcall on-answer answer)
                         (setq retried t)
                         ;; Asked again whatever the read says: the second answer tells.
                         (navshell--session-request
                          session "screen/rows"
                          (list :screen (navshell--screen-id screen) :offset (1- index) :limit 1)
                          (lambda (_) (attempt)) (lambda (_) (attempt)) (lambda (_) t))))))))
      (attempt))))

(defun navshell--session-set-stack (session stack)
  "Make STACK, a vector of screen entries, SESSION's stack."
  (let ((kept (make-hash-table :test #'equal))
        (old (navshell--session-screens session)))
    (setf (navshell--session-stack session) (append stack nil))
    (dolist (entry (navshell--session-stack session))
      (let ((screen (or (gethash (plist-get entry :id) old)
                        (let ((new (navshell--screen-from-entry entry)))
                          (setf (navshell--screen-awaiting-select new)
                                (> (navshell--session-selecting session) 0))
                          new))))
        (setf (navshell--screen-title screen) (plist-get entry :title))
        (puthash (plist-get entry :id) screen kept)))
    (setf (navshell--session-screens session) kept)
    (let ((top (navshell--session-top session)))
      (when top
        (setf (navshell--screen-wanted top)
              (max (navshell--screen-wanted top) navshell-page-size))
        (navshell--session-pump session top)))
    (navshell--session-changed session)))

(defun navshell--session-want (session screen count)
  "Have at least COUNT rows of SCREEN of SESSION read, as far as it has them."
  (when (> count (navshell--screen-wanted screen))
    (setf (navshell--screen-wanted screen) count))
  (navshell--session-pump session screen))

(defun navshell--session-pump (session screen)
  "Read the next window SCREEN of SESSION needs, one read at a time."
  (when (and (navshell--session-ready session) (navshell--session-running-p session))
    (let ((window (navshell--screen-next-window screen navshell-page-size))
          (epoch (navshell--screen-epoch screen)))
      (if (not window)
          (navshell--session-retry-page session screen)
        (setf (navshell--screen-fetching screen) t)
        (navshell--session-request
         session "screen/rows"
         (list :screen (navshell--screen-id screen) :offset (car window) :limit (cdr window))
         (lambda (result)
           (when (navshell--session-current-p session screen epoch)
             (setf (navshell--screen-fetching screen) nil
                   (navshell--screen-failed screen) nil)
             (navshell--screen-apply-rows screen result (car window))
             (navshell--session-changed session)
             (navshell--session-pump session screen)))
         (lambda (err)
           (when (navshell--session-current-p session screen epoch)
             (setf (navshell--screen-fetching screen) nil
                   (navshell--screen-failed screen) (navshell--error-text err))
             (navshell--session-changed session))))
        (navshell--session-changed session)))))

(defun navshell--session-current-p (session screen epoch)
  "Non-nil when SCREEN is still on SESSION's stack and its rows of EPOCH good."
  (and (eq (gethash (navshell--screen-id screen) (navshell--session-screens session)) screen)
       (eql (navshell--screen-epoch screen) epoch)))

(defun navshell--session-retry-page (session screen)
  "Read the last row of SCREEN once per revision while its next page failed.
SESSION is the session SCREEN is on.
A next page that failed loads again on the next read near the end."
  (let ((total (navshell--screen-total screen)))
    (when (and (equal (navshell--screen-more-pages screen) "failed")
               (> (navshell--screen-wanted screen) total)
               (not (eql (navshell--screen-retried screen) (navshell--screen-revision screen))))
      (setf (navshell--screen-retried screen) (navshell--screen-revision screen))
      (navshell--session-request
       session "screen/rows"
       (list :screen (navshell--screen-id screen) :offset (max 0 (1- total)) :limit 1)))))

(defun navshell--session-select (session screen row-id on-result &optional on-error quiet)
  "Select the row ROW-ID of SCREEN of SESSION.
ON-RESULT gets the selection's result, ON-ERROR its error, QUIET as in
`navshell--session-request'.  A selection that pushes answers with the
pushed screen's first rows too."
  (cl-incf (navshell--session-selecting session))
  (unless (navshell--session-request
           session "screen/select"
           (list :screen (navshell--screen-id screen) :rowId row-id :rows navshell-page-size)
           (lambda (result)
             (navshell--session-selected session (plist-get result :pushedRows))
             (funcall on-result result))
           (lambda (err)
             (navshell--session-selected session nil)
             (when on-error (funcall on-error err)))
           quiet)
    (cl-decf (navshell--session-selecting session))))

(defun navshell--session-selected (session first-rows)
  "Note a selection of SESSION answered, with the pushed FIRST-ROWS if any."
  (cl-decf (navshell--session-selecting session))
  (let ((pushed (and first-rows (gethash (plist-get first-rows :screen)
                                         (navshell--session-screens session)))))
    ;; Unless rows of the pushed screen came some other way first.
    (when (and pushed (null (navshell--screen-revision pushed))
               (not (navshell--screen-fetching pushed)))
      (navshell--screen-apply-rows pushed first-rows 0)))
  (when (zerop (navshell--session-selecting session))
    (maphash (lambda (_id screen) (setf (navshell--screen-awaiting-select screen) nil))
             (navshell--session-screens session)))
  (let ((top (navshell--session-top session)))
    (when top (navshell--session-pump session top)))
  (navshell--session-changed session))

(defun navshell--session-sync-queries (session)
  "Take the search text of each screen of SESSION from nav/stack.
A deep link sets the root's query without a search from Emacs."
  (navshell--session-request
   session "nav/stack" nil
   (lambda (result)
     (cl-loop for entry across (plist-get result :stack)
              for screen = (gethash (plist-get entry :id) (navshell--session-screens session))
              when screen
              do (setf (navshell--screen-query screen)
                       (or (plist-get (plist-get entry :token) :query) ""))))))

(defun navshell--crash-text (params)
  "The sentence a screen/didCrash with PARAMS is shown as."
  (format "the worker of %s (%s) %s; %s"
          (plist-get params :screen) (plist-get params :kind) (plist-get params :status)
          (if (eq (plist-get params :restarting) t) "restarting…" "stopped; g reloads it")))

(defun navshell--session-notified (session method params)
  "Handle navhost's notification METHOD with PARAMS for SESSION."
  (pcase method
    ('nav/didChange (navshell--session-set-stack session (plist-get params :stack)))
    ('screen/didUpdate
     (let ((screen (gethash (plist-get params :screen) (navshell--session-screens session))))
       (when screen
         (navshell--screen-apply-update screen params)
         (when (eq screen (navshell--session-top session))
           (navshell--session-pump session screen))
         (navshell--session-changed session))))
    ('screen/didCrash
     (let ((screen (gethash (plist-get params :screen) (navshell--session-screens session)))
           (text (navshell--crash-text params)))
       (when screen (setf (navshell--screen-notice screen) text))
       (navshell--report text)
       (navshell--session-changed session)))))

(provide 'navshell-session)

;;; navshell-session.el ends here
