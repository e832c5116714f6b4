;;; navshell-actions-test.el --- Acting on rows: a, marks, input, confirmation -*- lexical-binding: t -*-

;;; Commentary:

;; Row actions against a real navhost on the snapshot, its writes kept
;; in a local state folder of each test's own: star and unstar a
;; repository, comment on an issue, close it and reopen it (confirmed),
;; label two marked issues at once, copy a row's text; the menu `a'
;; offers; a comment that failed coming back in its compose buffer.

;;; Code:

(require 'navshell-test-helpers)

(defun navshell-test-open-grit-issue ()
  "Open grit's issue 16 and wait for its rows."
  (navshell-test-open "users/mojombo/repositories/grit/issues/16" "  State "))

(ert-deftest navshell-actions-star-and-unstar ()
  "a Star on a repository row stars it and moves its count; a Unstar undoes it."
  (navshell-test-with-session ()
    (navshell-test-open "users/mojombo/repositories" "  grit ")
    (let ((stars (navshell-test-value "repo:mojombo/grit" :stars)))
      (should (eq (navshell-test-value "repo:mojombo/grit" :starred) :json-false))
      (navshell-test-goto "  grit ")
      (navshell-test-press "a Star RET")
      (should (equal (car navshell-test-prompts) '("Act on grit: " . "")))
      (should (navshell-test-noticed "navshell: Star: done on grit"))
      (navshell-test-wait "grit is starred and counted"
        (and (eq (navshell-test-value "repo:mojombo/grit" :starred) t)
             (eql (navshell-test-value "repo:mojombo/grit" :stars) (1+ stars))))
      ;; From Lisp, on the row at point.
      (navshell-test-goto "  grit ")
      (navshell-act "unstar")
      (navshell-test-wait "grit is not starred, its count back"
        (and (eq (navshell-test-value "repo:mojombo/grit" :starred) :json-false)
             (eql (navshell-test-value "repo:mojombo/grit" :stars) stars))))))

(ert-deftest navshell-actions-menu ()
  "a offers the row's actions, then the screen's own, with key hints."
  (navshell-test-with-session ()
    (navshell-test-open-grit-issue)
    (navshell-test-goto "  Labels ")
    (let (table)
      (cl-flet ((keep () (setq table minibuffer-completion-table)))
        (add-hook 'minibuffer-setup-hook #'keep)
        (unwind-protect (navshell-test-press "a C-g")
          (remove-hook 'minibuffer-setup-hook #'keep)))
      (let* ((candidates (all-completions "" table))
             (annotate (completion-metadata-get (completion-metadata "" table nil)
                                                'annotation-function)))
        ;; The row's own first (copy its text), then the issue's, writes
        ;; first, each told apart from the row's by the screen's title.
        (should (equal (car candidates) "Copy text"))
        (should (member "Comment…" candidates))
        (should (< (cl-position "Comment…" candidates :test #'equal)
                   (cl-position "Copy text (mojombo/grit#16)" candidates :test #'equal)))
        (should (string-match-p "\\[c\\] +on mojombo/grit#16" (funcall annotate "Comment…")))
        (should (string-match-p "\\[Y\\] +on Labels" (funcall annotate "Copy text")))
        ;; The hints line up in one column.
        (should (equal (delete-dups (mapcar (lambda (candidate)
                                              (+ (string-width candidate)
                                                 (string-search "[" (funcall annotate candidate))))
                                            candidates))
                       (list (+ 2 (apply #'max (mapcar #'string-width candidates))))))))
    (should (string-prefix-p "Act on Labels" (caar navshell-test-prompts)))))

(ert-deftest navshell-actions-disabled-shown ()
  "A disabled action is annotated with its reason and refused."
  (let ((choice (list "Merge…" '(:id "merge" :title "Merge…" :key "m"
                                  :disabled (:reason "merging needs write access"))
                      '("pullRequest:1") "#1 Fix")))
    (should (string-match-p "\\[m\\] +not now: merging needs write access"
                            (navshell--choice-annotation choice)))))

(ert-deftest navshell-actions-read-only ()
  "Copy text and Copy URL fill the kill ring; Open in browser opens the URL."
  (let* ((opened nil)
         (browse-url-browser-function (lambda (url &rest _) (push url opened))))
    (navshell-test-with-session ()
      (navshell-test-press "a Copy SPC text RET")
      (should (string-prefix-p "torvalds\nLinus Torvalds" (current-kill 0)))
      (should (navshell-test-noticed "navshell: Copy text: copied \"torvalds\""))
      (navshell-test-open "users/mojombo/repositories" "  grit ")
      (navshell-test-goto "  grit ")
      (navshell-test-press "a Copy SPC URL RET")
      (should (equal (current-kill 0) "https://github.com/mojombo/grit"))
      (navshell-test-press "a Open SPC in SPC browser RET")
      (should (equal opened '("https://github.com/mojombo/grit")))
      (should (navshell-test-noticed "navshell: Open in browser: opened https://github.com/mojombo/grit")))))

(ert-deftest navshell-actions-missing-input-asked ()
  "A field navhost finds missing is asked for, then the action is sent again."
  (navshell-test-with-session ()
    (navshell-test-open-grit-issue)
    (let ((map (make-sparse-keymap)))
      ;; A script's key that gives some input, but not the reaction.
      (define-key map [f12] (lambda () (interactive) (navshell-act "react" '((note . "from a script")))))
      (with-current-buffer (navshell-test-buffer)
        (use-local-map (make-composed-keymap map navshell-mode-map)))
      (navshell-test-press "<f12> heart RET"))
    (should (equal (caar navshell-test-prompts) "React: Reaction: "))
    (should (navshell-test-noticed "navshell: React: done on mojombo/grit#16"))))

(ert-deftest navshell-actions-comment ()
  "Comment… opens a compose buffer; C-c C-c posts it into the Comments."
  (navshell-test-with-session ()
    (navshell-test-open-grit-issue)
    (navshell-test-goto "  State ")
    (navshell-test-press "a Comment… RET")
    (let ((compose (navshell-test-compose-buffer)))
      (should compose)
      (should (eq (window-buffer (selected-window)) compose))
      (should (string-search "C-c C-c sends" (with-current-buffer compose header-line-format))))
    ;; C-c C-k cancels: nothing is sent.
    (select-window (get-buffer-window (navshell-test-compose-buffer)))
    (execute-kbd-macro (kbd "C-c C-k"))
    (should-not (navshell-test-compose-buffer))
    (should (navshell-test-noticed "navshell: cancelled: Comment"))
    (navshell-test-press "a Comment… RET")
    (navshell-test-send-composed "Seen on Alpine 3.19 too.")
    (should-not (navshell-test-compose-buffer))
    (should (navshell-test-noticed "navshell: Comment: done on mojombo/grit#16"))
    (navshell-test-wait "the comment is in the Comments"
      (string-match-p "^  you  Seen on Alpine 3\\.19 too\\." (navshell-test-text)))
    ;; A comment is prose: shown whole and wrapped, and K shows its values.
    (navshell-test-goto "  you  Seen on Alpine")
    (with-current-buffer (navshell-test-buffer)
      (should (equal (get-text-property (point) 'wrap-prefix) "  ")))
    (navshell-test-press "K")
    (let ((help (with-current-buffer (help-buffer) (buffer-string))))
      (dolist (text '("kind: comment" "author: you" "body: Seen on Alpine 3.19 too."))
        (should (string-search text help))))
    ;; From Lisp, with the input given: nothing is asked.
    (navshell-test-goto "  State ")
    (navshell-act "comment" '((body . "And on 3.20.")))
    (navshell-test-wait "the second comment is in the Comments"
      (string-match-p "^  you  And on 3\\.20\\." (navshell-test-text)))))

(ert-deftest navshell-actions-close-and-reopen ()
  "Close… asks for a reason and a confirmation; Reopen opens it again."
  (navshell-test-with-session ()
    (navshell-test-open-grit-issue)
    (navshell-test-goto "  State ")
    ;; Answering no does nothing.
    (navshell-test-press "a Close… RET not_planned RET no RET")
    (should (navshell-test-noticed "navshell: Close: not done"))
    (should (equal (navshell-test-value "about:state" :state) "open"))
    (navshell-test-press "a Close… RET not_planned RET yes RET")
    (should (string-match-p "\\`Close #16.*not planned.*(yes or no) \\'" (caar navshell-test-prompts)))
    (navshell-test-wait "the issue is closed as not planned"
      (and (equal (navshell-test-value "about:state" :state) "closed")
           (equal (navshell-test-value "about:state" :stateReason) "not_planned")))
    (navshell-test-press "a Reopen RET")
    (navshell-test-wait "the issue is open again"
      (equal (navshell-test-value "about:state" :state) "open"))))

(ert-deftest navshell-actions-pull-request ()
  "Request review… reads logins with read-string; Merge… is confirmed, then merges."
  (navshell-test-with-session ()
    (navshell-test-open "users/mojombo/repositories/grit/pulls/17" "  State ")
    (navshell-test-goto "  State ")
    (navshell-test-press "a Request SPC review… RET octocat RET")
    (should (equal (caar navshell-test-prompts) "Request review: Reviewers (logins): "))
    (should (navshell-test-noticed "navshell: Request review: done on mojombo/grit#17"))
    ;; The method's default is offered; RET takes it.
    (navshell-test-press "a Merge… RET RET yes RET")
    (should (string-match-p "(default merge)" (car (nth 1 navshell-test-prompts))))
    (navshell-test-wait "the pull request is merged"
      (eq (navshell-test-value "about:state" :merged) t))))

(ert-deftest navshell-actions-label-marked ()
  "Add label… on two marked issues labels both, then clears the marks."
  (navshell-test-with-session ()
    (navshell-test-open "users/mojombo/repositories/grit/issues" "#16 Build fails")
    (let* ((ids '("issue:16" "issue:10"))
           (actions (plist-get (navshell-test-request 'screen/actions (list :rowIds (vconcat ids)))
                               :actions))
           (add (cl-find "add-label" actions :key (lambda (action) (plist-get action :id)) :test #'equal))
           (label (aref (plist-get (aref (plist-get add :input) 0) :options) 0)))
      (navshell-test-goto "#16 Build fails")
      (navshell-test-press "m m")
      (should (equal (navshell-test-marked) '("#16" "#10")))
      (navshell-test-press (format "a Add SPC label… RET %s RET" (string-replace " " " SPC " label)))
      (should (cl-find "Act on 2 marked rows: " navshell-test-prompts :key #'car :test #'equal))
      (should (navshell-test-noticed "navshell: Add label: done on 2 marked rows"))
      (navshell-test-wait "both issues have the label"
        (cl-every (lambda (id) (seq-contains-p (navshell-test-value id :labels) label)) ids))
      (navshell-test-settle)
      (should (equal (navshell-test-marked) nil)))))

(ert-deftest navshell-actions-failures ()
  "navhost's refusals are named with what to do, and change nothing."
  (navshell-test-with-session ()
    (navshell-test-open-grit-issue)
    (navshell-test-goto "  State ")
    ;; An input the action does not take.
    (navshell-act "add-label" '((label . "no-such-label")))
    (should (navshell-test-noticed "(validation); check what you entered, then act again"))
    ;; A confirmation given after the issue changed: a comment posted
    ;; while the question was asked.
    (cl-flet ((change-it ()
                (when (string-prefix-p "Close #16" (minibuffer-prompt))
                  (navshell-test-request 'screen/perform '(:action "comment" :input (:body "Meanwhile…"))))))
      (add-hook 'minibuffer-setup-hook #'change-it)
      (unwind-protect (navshell-test-press "a Close… RET RET yes RET")
        (remove-hook 'minibuffer-setup-hook #'change-it)))
    (should (navshell-test-noticed "(staleConfirmation); it changed or the question expired: act again"))
    (navshell-test-settle)
    (should (equal (navshell-test-value "about:state" :state) "open"))))

(ert-deftest navshell-actions-failed-comment-comes-back ()
  "A comment that cannot be kept comes back whole in its compose buffer."
  ;; navhost cannot write its local state under /proc.
  (navshell-test-with-session ("--state" "/proc/navshell-test/state.sqlite")
    (navshell-test-open-grit-issue)
    (navshell-test-goto "  State ")
    (navshell-test-press "a Comment… RET")
    (navshell-test-send-composed "Please keep this text.")
    (let ((compose (navshell-test-compose-buffer)))
      (should compose)
      (should (equal (with-current-buffer compose (buffer-string)) "Please keep this text.")))
    (should (navshell-test-noticed "navshell: Comment failed: "))
    (should (navshell-test-noticed "C-c C-c sends it again"))
    (should-not (string-search "Please keep this text." (navshell-test-text)))))

;;; navshell-actions-test.el ends here
