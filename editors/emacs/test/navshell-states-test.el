;;; navshell-states-test.el --- Loading, crashes, failures -*- lexical-binding: t -*-

;;; Commentary:

;; What the buffer shows while rows load, when a screen's worker crashes
;; and is restarted, when a screen is past its restarts, and when navhost
;; itself dies; navhost's debug methods cause each.

;;; Code:

(require 'navshell-test-helpers)

(defun navshell-test-ask (method &optional params)
  "Send METHOD with PARAMS to navhost without waiting for its answer."
  (jsonrpc-async-request (navshell--session-connection (navshell-test-session)) method params
                         :success-fn #'ignore :error-fn #'ignore))

(defun navshell-test-frames-with (frames text)
  "Non-nil when one of FRAMES (a holder from `navshell-test-watch') shows TEXT."
  (cl-some (lambda (frame) (string-search text frame)) (car frames)))

(ert-deftest navshell-states-loading ()
  "While a read is on its way the buffer says Loading…, then shows the rows."
  (navshell-test-with-session ("--enable-debug-methods")
    (navshell-test-request 'debug/delay '(:ms 400))
    (let ((frames (navshell-test-watch)))
      (unwind-protect
          (progn
            (navshell-test-press "M->")
            (navshell-test-wait "the rows arrived"
              (> (navshell--screen-read (navshell--session-top (navshell-test-session))) navshell-page-size))
            (navshell-test-settle)
            (should (navshell-test-frames-with frames "Loading…"))
            (should-not (string-search "Loading…" (navshell-test-text))))
        (navshell-test-unwatch)))))

(ert-deftest navshell-states-crash-and-restart ()
  "A crashed worker is shown until navhost restarts it; point keeps its row."
  (navshell-test-with-session ("--enable-debug-methods")
    (navshell-test-goto "  mojombo ")
    (navshell-test-press "n p")
    (let ((frames (navshell-test-watch))
          (notice "the worker of s1 (users) killed by signal 6 (SIGABRT); restarting…"))
      (unwind-protect
          (progn
            (navshell-test-ask 'debug/crash)
            (navshell-test-wait "the crash is told" (navshell-test-noticed notice))
            (navshell-test-wait "the crash was shown in the buffer"
              (navshell-test-frames-with frames notice))
            (navshell-test-wait "the restarted screen is back"
              (not (string-search notice (navshell-test-text))))
            (navshell-test-settle)
            (should (string-prefix-p "  mojombo " (navshell-test-line))))
        (navshell-test-unwatch)))))

(ert-deftest navshell-states-failed-until-reload ()
  "A screen past its restarts shows its failed state until g reloads it."
  (navshell-test-with-session ("--enable-debug-methods" "--max-restarts" "0")
    (navshell-test-ask 'debug/crash)
    (navshell-test-wait "the crash is told"
      (navshell-test-noticed "the worker of s1 (users) killed by signal 6 (SIGABRT); stopped; g reloads it"))
    ;; navhost's own failed section, with its reload row.
    (navshell-test-wait-for-text "This screen stopped working")
    (navshell-test-settle)
    (should (string-match-p "^  Reload  .*killed by signal 6" (navshell-test-text)))
    (should-not (string-search "torvalds" (navshell-test-text)))
    (navshell-test-press "g")
    (navshell-test-wait-for-text "torvalds")
    (navshell-test-settle)
    (should-not (string-search "the worker of" (navshell-test-text)))))

(ert-deftest navshell-states-navhost-gone ()
  "When navhost dies the buffer says so, and g starts it again."
  (navshell-test-with-session ()
    (let ((process (navshell--session-process (navshell-test-session))))
      (signal-process process 'KILL)
      (navshell-test-wait-for-text "navhost was killed by signal 9; M-x navshell starts it again")
      (should (navshell-test-noticed "navshell: navhost was killed by signal 9"))
      (navshell-test-press "g")
      (navshell-test-wait "a new navhost runs"
        (not (eq (navshell--session-process (navshell-test-session)) process)))
      (navshell-test-wait-for-text "torvalds")
      (should-not (string-search "navhost was killed" (navshell-test-text))))))

;;; navshell-states-test.el ends here
