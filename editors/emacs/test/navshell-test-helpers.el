;;; navshell-test-helpers.el --- What every NavShell test uses -*- lexical-binding: t -*-

;;; Commentary:

;; Starting a session against the navhost run.sh names, waiting for what
;; the user would see with a deadline (accept-process-output, never a
;; sleep), pressing keys, and reading the buffer, point's row, the header
;; line and the echo area's messages.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'navshell)

(defvar navshell-test-navhost (getenv "NAVSHELL_NAVHOST")
  "The navhost the tests run.")

(defvar navshell-test-deadline 20
  "Seconds a wait gives its condition.")

(defvar navshell-test-messages nil
  "The messages shown in the echo area, newest first.")

(defun navshell-test--record-message (format-string &rest args)
  "Keep the message FORMAT-STRING with ARGS for the checks."
  (when format-string
    (push (apply #'format-message format-string args) navshell-test-messages)))

(advice-add 'message :before #'navshell-test--record-message)

(defun navshell-test-buffer ()
  "The NavShell buffer."
  (get-buffer navshell-buffer-name))

(defun navshell-test-text ()
  "The NavShell buffer's text."
  (with-current-buffer (navshell-test-buffer)
    (buffer-substring-no-properties (point-min) (point-max))))

(defun navshell-test-line ()
  "The text of the line point is on in the NavShell buffer."
  (with-current-buffer (navshell-test-buffer)
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun navshell-test-header (&optional window)
  "The header line as WINDOW (the selected one by default) shows it."
  (with-selected-window (or window (selected-window))
    (with-current-buffer (navshell-test-buffer)
      (string-replace "%%" "%" (substring-no-properties (eval (cadr header-line-format) t))))))

(defun navshell-test-session ()
  "The running session."
  (buffer-local-value 'navshell--session (navshell-test-buffer)))

(defun navshell-test-fail (what)
  "Fail with WHAT and the buffer as it is."
  (ert-fail (list what :buffer (and (navshell-test-buffer)
                                    (let ((text (navshell-test-text)))
                                      (substring text (max 0 (- (length text) 1500)))))
                  :point-line (and (navshell-test-buffer) (navshell-test-line))
                  :messages (seq-take navshell-test-messages 5))))

(defmacro navshell-test-wait (what &rest condition)
  "Wait until CONDITION holds, or fail saying WHAT after the deadline."
  (declare (indent 1))
  `(let ((deadline (+ (float-time) navshell-test-deadline)))
     (while (and (not (progn ,@condition)) (< (float-time) deadline))
       (accept-process-output nil 0.02))
     (unless (progn ,@condition) (navshell-test-fail ,what))))

(defun navshell-test-wait-for-text (text)
  "Wait until the NavShell buffer shows TEXT."
  (navshell-test-wait (format "the buffer shows %S" text)
    (and (navshell-test-buffer) (string-search text (navshell-test-text)))))

(defun navshell-test-settle ()
  "Wait until navhost is idle and the buffer shows all it has."
  (let ((session (navshell-test-session)))
    (navshell-test-wait "deep links done" (zerop (navshell--session-frozen session)))
    (jsonrpc-request (navshell--session-connection session) 'nav/waitIdle '(:timeout 10))
    (navshell-test-wait "every read answered and drawn"
      (let ((top (navshell--session-top session)))
        (and top (not (navshell--screen-fetching top))
             (null (buffer-local-value 'navshell--draw-timer (navshell-test-buffer))))))))

(defun navshell-test-press (keys)
  "Press KEYS (as `kbd' reads them) in the NavShell buffer."
  (with-current-buffer (navshell-test-buffer)
    (execute-kbd-macro (kbd keys))))

(defun navshell-test-goto (text)
  "Put point on the first line of the NavShell buffer showing TEXT."
  (with-current-buffer (navshell-test-buffer)
    (goto-char (point-min))
    (unless (search-forward text nil t) (navshell-test-fail (format "a line with %S" text)))
    (beginning-of-line)
    (set-window-point (selected-window) (point))))

(defun navshell-test-noticed (text)
  "Non-nil when a message containing TEXT was shown."
  (cl-some (lambda (message) (string-search text message)) navshell-test-messages))

(defun navshell-test-wait-for-rows (buffer)
  "Wait until BUFFER shows its session's first rows, point on one."
  (navshell-test-wait "the first rows are shown"
    (let ((top (navshell--session-top (buffer-local-value 'navshell--session buffer))))
      (and top (> (navshell--screen-read top) 0)
           (with-current-buffer buffer (navshell--row-at (point)))))))

(defmacro navshell-test-with-own-state (&rest body)
  "Run BODY with navhost keeping its local state in a folder of its own.
Sessions started in BODY write their actions there, not where other
tests' sessions do."
  (declare (indent 0))
  `(let ((process-environment
          (cons (concat "XDG_STATE_HOME="
                        (make-temp-file (expand-file-name "session-" (or (getenv "XDG_STATE_HOME")
                                                                    temporary-file-directory))
                                        t))
                process-environment)))
     ,@body))

(defun navshell-test-start (&rest args)
  "Start NavShell with navhost ARGS and wait for its first rows.
navhost keeps its local state in a new folder of its own."
  (setq navshell-program navshell-test-navhost
        navshell-program-args args
        navshell-test-messages nil)
  (navshell-test-with-own-state (navshell))
  (navshell-test-wait-for-rows (navshell-test-buffer)))

(defun navshell-test-stop ()
  "End the session if one runs, and wait until navhost has exited.
Compose buffers left open are killed, so the next test starts without."
  (let* ((buffer (navshell-test-buffer))
         (session (and buffer (buffer-local-value 'navshell--session buffer))))
    (while (navshell-test-compose-buffer)
      (kill-buffer (navshell-test-compose-buffer)))
    (when buffer (kill-buffer buffer))
    (when session
      (navshell-test-wait "navhost exited"
        (not (process-live-p (navshell--session-process session)))))))

(defmacro navshell-test-with-session (args &rest body)
  "Run BODY in a NavShell session started with navhost ARGS, then end it."
  (declare (indent 1))
  `(unwind-protect
       (progn (navshell-test-start ,@args) ,@body)
     (navshell-test-stop)))

(defun navshell-test-request (method &optional params)
  "Ask navhost METHOD with PARAMS outside the package, and wait for the answer."
  (jsonrpc-request (navshell--session-connection (navshell-test-session)) method params))

(defun navshell-test-watch ()
  "Start keeping the buffer's text after each draw; return the list holder.
The holder is a cons whose car is the list of texts, newest first."
  (let ((frames (list nil)))
    (advice-add 'navshell--draw :after
                (lambda (&rest _)
                  (when (navshell-test-buffer) (push (navshell-test-text) (car frames))))
                '((name . navshell-test-watch)))
    frames))

(defun navshell-test-children (pid)
  "The ids of the running processes whose parent is PID."
  (cl-loop for file in (directory-files "/proc" t "\\`[0-9]+\\'")
           for stat = (ignore-errors
                        (with-temp-buffer
                          (insert-file-contents (expand-file-name "stat" file))
                          (buffer-string)))
           ;; The parent is the second field after the command's ")".
           when (and stat (string-match ") [A-Z] \\([0-9]+\\)" stat)
                     (eql (string-to-number (match-string 1 stat)) pid)
                     (not (string-match-p ") Z " stat)))
           collect (string-to-number (file-name-nondirectory file))))

(defun navshell-test-marked ()
  "The first words of the rows shown with `*' in their margin, top down."
  (with-current-buffer (navshell-test-buffer)
    (cl-loop for overlay in (sort (overlays-in (point-min) (point-max))
                                  (lambda (a b) (< (overlay-start a) (overlay-start b))))
             for display = (overlay-get overlay 'display)
             when (and (stringp display) (equal (substring-no-properties display) "*"))
             collect (car (split-string (buffer-substring-no-properties
                                         (overlay-end overlay)
                                         (save-excursion (goto-char (overlay-start overlay))
                                                         (line-end-position))))))))

(defmacro navshell-test-in-narrow-window (columns &rest body)
  "Run BODY with a window COLUMNS wide selected, on the right of the frame.
Return to one window afterwards."
  (declare (indent 1))
  `(progn
     (select-window (split-window-right (- ,columns)))
     (unwind-protect (progn ,@body)
       (delete-other-windows))))

(defun navshell-test-open (path text)
  "Open the deep link PATH and wait until it shows TEXT and is idle."
  (navshell-open path)
  (navshell-test-wait-for-text text)
  (navshell-test-settle))

(defun navshell-test-row (id)
  "The row ID of the top screen as last read, or nil."
  (cl-find id (navshell--screen-rows (navshell--session-top (navshell-test-session)))
           :key (lambda (row) (plist-get row :id)) :test #'equal))

(defun navshell-test-value (id key)
  "The value KEY (a keyword) of the row ID of the top screen."
  (plist-get (plist-get (navshell-test-row id) :values) key))

(defvar navshell-test-prompts nil
  "The minibuffer prompts shown, newest first, each (PROMPT . CONTENTS).")

(defun navshell-test--record-prompt ()
  "Keep the prompt of the minibuffer just entered."
  (push (cons (minibuffer-prompt) (minibuffer-contents)) navshell-test-prompts))

(add-hook 'minibuffer-setup-hook #'navshell-test--record-prompt)

(defun navshell-test-compose-buffer ()
  "The compose buffer shown, or nil."
  (cl-find-if (lambda (buffer)
                (eq (buffer-local-value 'major-mode buffer) 'navshell-compose-mode))
              (buffer-list)))

(defun navshell-test-send-composed (text)
  "Write TEXT in the compose buffer shown and send it with C-c C-c."
  (let ((compose (navshell-test-compose-buffer)))
    (unless compose (navshell-test-fail "a compose buffer"))
    (select-window (get-buffer-window compose))
    (with-current-buffer compose (insert text))
    (execute-kbd-macro (kbd "C-c C-c"))))

(defun navshell-test-unwatch ()
  "Stop keeping the buffer's text after each draw."
  (advice-remove 'navshell--draw 'navshell-test-watch))

(provide 'navshell-test-helpers)

;;; navshell-test-helpers.el ends here
