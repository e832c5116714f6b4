;;; navshell-live-test.el --- Actions on the live source, over the fake GitHub -*- lexical-binding: t -*-

;;; Commentary:

;; navhost on the live source (--source github) against the tests' fake
;; GitHub (Tests/Fixtures/fake-github, recorded responses on loopback,
;; failures scripted): without --allow-writes a write is shown with the
;; reason it is off and refused; with it, a comment GitHub refuses comes
;; back whole in its compose buffer, with the reason and what to do.

;;; Code:

(require 'url)
(require 'navshell-test-helpers)

(defvar navshell-test-root (getenv "NAVSHELL_ROOT")
  "The NavShell checkout.")

(defvar navshell-test-fake nil
  "The fake GitHub's process and its URL, (PROCESS . URL), while it runs.")

(defconst navshell-test-issue
  '(:owner "PyGithub" :name "PyGithub" :number 28)
  "An issue whose GET the fake GitHub has a recording of.")

(defconst navshell-test-comments-path "/repos/PyGithub/PyGithub/issues/28/comments"
  "The path of that issue's comments, read with GET and written with POST.")

(defun navshell-test-fake-script (rules)
  "Have the fake GitHub apply RULES, a list of plists (see docs/live-github.md)."
  (let ((url-request-method "POST")
        (url-request-extra-headers '(("Content-Type" . "application/json")))
        (url-request-data (encode-coding-string (json-serialize (vconcat rules)) 'utf-8)))
    (kill-buffer (url-retrieve-synchronously (concat (cdr navshell-test-fake) "/__script") t nil 10))))

(defun navshell-test-fake-start ()
  "Start the fake GitHub and wait for the port it prints."
  (let* ((output (generate-new-buffer " *fake github*"))
         (process (make-process :name "fake-github" :buffer output :connection-type 'pipe :noquery t
                                :command (list "python3" (expand-file-name "Tests/Fixtures/fake-github/fake_github.py"
                                                                           navshell-test-root)))))
    (navshell-test-wait "the fake GitHub prints its port"
      (with-current-buffer output (string-match-p "\\`[0-9]+\n" (buffer-string))))
    (setq navshell-test-fake
          (cons process (format "http://127.0.0.1:%d"
                                (with-current-buffer output (string-to-number (buffer-string))))))))

(defun navshell-test-fake-stop ()
  "End the fake GitHub: it stops when its stdin closes."
  (when navshell-test-fake
    (let ((process (car navshell-test-fake)))
      (process-send-eof process)
      (navshell-test-wait "the fake GitHub exited" (not (process-live-p process)))
      (kill-buffer (process-buffer process)))
    (setq navshell-test-fake nil)))

(defmacro navshell-test-with-live-issue (args &rest body)
  "Run BODY in a live session, navhost given ARGS too, on the issue's screen."
  (declare (indent 1))
  `(unwind-protect
       (let ((process-environment (cons "GITHUB_TOKEN=test-token" process-environment)))
         (navshell-test-fake-start)
         ;; The issue's comments are not recorded: none, once.
         (navshell-test-fake-script
          (list (list :path navshell-test-comments-path :status 200 :body [] :times 1)))
         (navshell-test-with-session
             ("--source" "github" "--api-url" (cdr navshell-test-fake)
              "--cache" (make-temp-file "navshell-cache" nil ".sqlite")
              "--root" "issue" "--root-params" (json-serialize navshell-test-issue) ,@args)
           (navshell-test-settle)
           ,@body))
     (navshell-test-fake-stop)))

(ert-deftest navshell-live-writes-off ()
  "Without --allow-writes, Comment… is shown with the reason and refused."
  (navshell-test-with-live-issue ()
    (navshell-test-goto "  State ")
    (let (table)
      (cl-flet ((keep () (setq table minibuffer-completion-table)))
        (add-hook 'minibuffer-setup-hook #'keep)
        (unwind-protect
            (let ((err (should-error (navshell-test-press "a Comment… RET") :type 'user-error)))
              (should (string-match-p "\\`Comment is not possible now: .*--allow-writes" (cadr err))))
          (remove-hook 'minibuffer-setup-hook #'keep)))
      (should (string-match-p "\\[c\\] +not now: .*--allow-writes"
                              (funcall (completion-metadata-get (completion-metadata "" table nil)
                                                                'annotation-function)
                                       "Comment…"))))
    (should-not (navshell-test-compose-buffer))))

(ert-deftest navshell-live-failed-comment-comes-back ()
  "A comment GitHub refuses (403) comes back whole, with why and what to do."
  (navshell-test-with-live-issue ("--allow-writes")
    (navshell-test-goto "  State ")
    (navshell-test-press "a Comment… RET")
    (navshell-test-fake-script
     (list (list :path navshell-test-comments-path :status 403 :times 1
                 :body '(:message "Must have admin rights to Repository."))))
    (navshell-test-send-composed "A reply that must not be lost.")
    (let ((compose (navshell-test-compose-buffer)))
      (should compose)
      (should (equal (with-current-buffer compose (buffer-string)) "A reply that must not be lost.")))
    (should (navshell-test-noticed "(forbidden); your GitHub account may not do this here"))
    (should (navshell-test-noticed "C-c C-c sends it again"))))

;;; navshell-live-test.el ends here
