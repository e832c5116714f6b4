;;; navshell-sessions-test.el --- Several sessions at once -*- lexical-binding: t -*-

;;; Commentary:

;; C-u M-x navshell starts another session in a buffer of its own, with
;; its own navhost: each buffer browses on its own, and quitting one
;; leaves the other running.

;;; Code:

(require 'navshell-test-helpers)

(defun navshell-test-header-of (buffer)
  "The header line BUFFER shows."
  (with-current-buffer buffer (navshell--breadcrumb navshell--session 200)))

(ert-deftest navshell-sessions-two-at-once ()
  "Two sessions run side by side, each with its buffer and navhost."
  (navshell-test-with-session ()
    (let ((first (navshell-test-buffer))
          (second nil))
      (unwind-protect
          (progn
            ;; C-u M-x navshell asks for navhost's arguments, then starts.
            (navshell-test-with-own-state
              (execute-kbd-macro (kbd "C-u M-x navshell RET RET")))
            (setq second (get-buffer "*navshell<2>*"))
            (should second)
            (should (eq (window-buffer (selected-window)) second))
            (navshell-test-wait-for-rows second)
            (let ((one (navshell--session-process (buffer-local-value 'navshell--session first)))
                  (two (navshell--session-process (buffer-local-value 'navshell--session second))))
              (should-not (eql (process-id one) (process-id two)))
              (should-not (eq (jsonrpc-stderr-buffer (navshell--session-connection
                                                      (buffer-local-value 'navshell--session first)))
                              (jsonrpc-stderr-buffer (navshell--session-connection
                                                      (buffer-local-value 'navshell--session second)))))
              ;; A deep link opens in the session of the current buffer.
              (with-current-buffer second (navshell-open "users/mojombo/repositories"))
              (navshell-test-wait "the second session shows the repositories"
                (equal (navshell-test-header-of second) "Users › mojombo's repositories"))
              (should (equal (navshell-test-header-of first) "Users"))
              (with-current-buffer first (navshell-open "users/defunkt"))
              (navshell-test-wait "the first session shows defunkt's repositories"
                (equal (navshell-test-header-of first) "Users › defunkt's repositories"))
              (should (equal (navshell-test-header-of second) "Users › mojombo's repositories"))
              ;; Quitting one leaves the other running.
              (with-current-buffer second (navshell-quit))
              (navshell-test-wait "the second navhost exited" (not (process-live-p two)))
              (should (process-live-p one))
              (should (buffer-live-p first))
              ;; M-x navshell shows the session that is left.
              (should (eq (navshell) first))))
        (when (buffer-live-p second) (kill-buffer second))))))

(ert-deftest navshell-sessions-bad-arguments ()
  "A session whose navhost refuses its arguments says why, in its own buffer."
  (let* ((navshell-program navshell-test-navhost)
         (buffer (navshell-test-with-own-state (navshell t '("--no-such-option")))))
    (unwind-protect
        (navshell-test-wait "the buffer says why navhost ended"
          (string-search "navhost exited with code 64: Error: Unknown option '--no-such-option'"
                         (with-current-buffer buffer (buffer-string))))
      (kill-buffer buffer))))

;;; navshell-sessions-test.el ends here
