;;; page-bench.el --- Time the draws a page of rows causes in a long list -*- lexical-binding: t -*-

;;; Commentary:

;; Reads 10,000 rows of a 12,000-user snapshot, then pages on 100 rows at
;; a time and prints how long each draw took (milliseconds, with the
;; median), and how long going back to the list took.  Run it from the
;; checkout, with navhost built:
;;
;;   navhost=.build/release/navhost
;;   "$(dirname $navhost)/screen-worker" generate-snapshot --out /tmp/users12k.sqlite \
;;     --users 12000 --max-repositories-per-user 1
;;   NAVSHELL_NAVHOST=$PWD/$navhost NAVSHELL_BENCH_SNAPSHOT=/tmp/users12k.sqlite \
;;     emacs --batch -Q -L editors/emacs -L editors/emacs/test -l editors/emacs/bench/page-bench.el

;;; Code:

(require 'navshell-test-helpers)

(defvar page-bench-draws nil
  "Milliseconds each draw took, newest first.")

(defun page-bench-timed-draw (draw &rest args)
  "Run DRAW with ARGS and keep how long it took."
  (let ((start (float-time)))
    (apply draw args)
    (push (* 1000 (- (float-time) start)) page-bench-draws)))

(defun page-bench-report (what)
  "Print the draws kept as WHAT, then forget them."
  (let ((sorted (sort (copy-sequence page-bench-draws) #'<)))
    (message "%s: %d draws, median %.1f ms, max %.1f ms (%s)" what (length sorted)
             (nth (/ (length sorted) 2) sorted) (car (last sorted))
             (mapconcat (lambda (ms) (format "%.1f" ms)) (reverse page-bench-draws) " ")))
  (setq page-bench-draws nil))

(defun page-bench-read ()
  "How many rows of the top screen were read."
  (navshell--screen-read (navshell--session-top (navshell-test-session))))

(navshell-test-start "--data" (getenv "NAVSHELL_BENCH_SNAPSHOT"))
(navshell-test-press "C-u 9999 n")
(navshell-test-wait "row 10,000" (>= (page-bench-read) 10000))
(navshell-test-settle)
(advice-add 'navshell--draw :around #'page-bench-timed-draw)
(dotimes (_ 10)
  (let ((read (page-bench-read)))
    (navshell-test-press "C-u 100 n")
    (navshell-test-wait "a page" (> (page-bench-read) read))
    (navshell-test-settle)))
(page-bench-report (format "pages of 100 rows at %d rows read" (page-bench-read)))
(navshell-test-press "RET")
(navshell-test-wait "pushed" (string-search "repositories" (navshell-test-header)))
(navshell-test-settle)
(setq page-bench-draws nil)
(navshell-test-press "^")
(navshell-test-wait "back" (equal (navshell-test-header) "Users"))
(navshell-test-settle)
(page-bench-report "back to the list")
(advice-remove 'navshell--draw #'page-bench-timed-draw)
(navshell-test-stop)

;;; page-bench.el ends here
