;;; navshell-process.el --- Start and end navhost -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; A session's navhost process: started with `serve' behind a
;; jsonrpc.el connection and sent initialize; ended politely (shutdown,
;; then exit, and the process deleted if it has not exited five seconds
;; later); and, when it ends on its own, why, from its exit status and
;; the last line of its stderr.

;;; Code:

(require 'cl-lib)
(require 'jsonrpc)
(require 'navshell-session)

(defun navshell--stderr-last-line (connection)
  "Why navhost ended, from what it wrote on its stderr through CONNECTION.
The last line that starts with \"Error: \" (after it, a usage error
prints how to get help), else the last line; nil when there is none."
  (let ((buffer (ignore-errors (jsonrpc-stderr-buffer connection))))
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (let ((lines (cl-remove-if
                      ;; Emacs ends the buffer with the stderr pipe's own status.
                      (lambda (line) (string-match-p "\\`Process navshell.* stderr" line))
                      (split-string (buffer-string) "\n" t "[ \t]+"))))
          (or (car (last (cl-remove-if-not (lambda (line) (string-prefix-p "Error: " line)) lines)))
              (car (last lines))))))))

(defun navshell--session-ended (session)
  "Note that SESSION's navhost exited; say why unless it was asked to."
  (setf (navshell--session-exited session) t)
  (let ((connection (navshell--session-connection session))
        (process (navshell--session-process session)))
    (unless (navshell--session-stopping session)
      (let ((tail (navshell--stderr-last-line connection)))
        (setf (navshell--session-failed session)
              (format "navhost %s %s%s; M-x navshell starts it again"
                      (if (eq (process-status process) 'signal) "was killed by signal" "exited with code")
                      (process-exit-status process)
                      (if tail (concat ": " tail) "")))
        (navshell--report (navshell--session-failed session))))
    (navshell--session-changed session)))

(defun navshell--session-start (program args name on-change)
  "Start navhost PROGRAM with `serve' and ARGS and send initialize.
NAME names the connection, its process and its stderr buffer, one per
session.  ON-CHANGE is called with the session after every visible
change.  Return the session."
  (let* ((session (navshell--session-create :on-change on-change))
         (connection
          (make-instance
           'jsonrpc-process-connection
           :name name
           ;; Every message pretty-printed into an events buffer would
           ;; cost more than drawing it.
           :events-buffer-scrollback-size 0
           :process (lambda ()
                      (setf (navshell--session-process session)
                            (make-process
                       :name name :command (append (list program "serve") args)
                       :connection-type 'pipe :coding 'utf-8-emacs-unix :noquery t
                       ;; jsonrpc.el picks up this buffer by its name.
                       :stderr (get-buffer-create (format "*%s stderr*" name)))))
           :notification-dispatcher (lambda (_connection method params)
                                      (navshell--session-notified session method params))
           :on-shutdown (lambda (_connection) (navshell--session-ended session)))))
    (setf (navshell--session-connection session) connection)
    ;; jsonrpc.el says "Server exited" in the echo area; after `q' that
    ;; is noise.
    (add-function :around (process-sentinel (navshell--session-process session))
                  (lambda (sentinel process change)
                    (let ((inhibit-message (navshell--session-stopping session)))
                      (funcall sentinel process change))))
    (navshell--session-request
     session "initialize"
     (list :processId (emacs-pid) :clientInfo (list :name "navshell.el"))
     (lambda (result)
       (setf (navshell--session-ready session) t)
       (navshell--session-set-stack session (plist-get result :stack))
       (navshell--session-sync-queries session))
     (lambda (err)
       (setf (navshell--session-failed session)
             (concat "navhost did not start: " (navshell--error-text err)))
       (navshell--session-changed session)))
    session))

(defun navshell--session-stop (session)
  "End SESSION politely: shutdown, then exit.
navhost answers shutdown once every worker has exited.  If it has not
exited five seconds later, its process is deleted."
  (when (and session (not (navshell--session-stopping session))
             (navshell--session-running-p session))
    (let ((connection (navshell--session-connection session)))
      (jsonrpc-async-request
       connection 'shutdown nil :timeout nil
       :success-fn (lambda (_) (navshell--send-exit connection))
       :error-fn (lambda (_) (navshell--send-exit connection)))
      (run-at-time 5 nil (lambda ()
                           (when (jsonrpc-running-p connection)
                             (delete-process (navshell--session-process session)))))))
  (when session (setf (navshell--session-stopping session) t)))

(defun navshell--send-exit (connection)
  "Send the exit notification on CONNECTION if navhost is still running."
  (when (jsonrpc-running-p connection)
    (jsonrpc-notify connection 'exit nil)))

(provide 'navshell-process)

;;; navshell-process.el ends here
