;;; navshell-browse-test.el --- Browsing with the keyboard -*- lexical-binding: t -*-

;;; Commentary:

;; Users -> repositories -> a repository and back with the keys of
;; `navshell-mode', against a real navhost: what each line shows, the
;; header line, point's row, search, links, the keys' help, quitting.

;;; Code:

(require 'navshell-test-helpers)

(ert-deftest navshell-browse-root-screen ()
  "M-x navshell shows the root screen, a row to a line, read-only."
  (navshell-test-with-session ()
    (with-current-buffer (navshell-test-buffer)
      (should (eq major-mode 'navshell-mode))
      (should (derived-mode-p 'special-mode))
      (should buffer-read-only)
      (should (eq (window-buffer (selected-window)) (current-buffer))))
    (should (equal (navshell-test-header) "Users"))
    (should (string-match-p "\\`  torvalds  Linus Torvalds +Portland, OR · 231,870 followers ›\\'"
                            (navshell-test-line)))
    (with-current-buffer (navshell-test-buffer)
      (goto-char (point-min))
      (should (equal (buffer-substring (point) (line-end-position)) "Popular"))
      (should (eq (get-text-property (point) 'face) 'navshell-section-header))
      (search-forward "Linus Torvalds")
      (should (eq (get-text-property (match-beginning 0) 'face) 'navshell-subtitle))
      (search-forward "Portland")
      (should (eq (get-text-property (match-beginning 0) 'face) 'navshell-detail)))
    (should (string-match-p "… [0-9]+ more" (navshell-test-text)))))

(ert-deftest navshell-browse-down-and-back ()
  "RET opens rows, n and p move by rows, ^ and l go back to the row left."
  (navshell-test-with-session ()
    (navshell-test-press "n")
    (should (string-prefix-p "  github " (navshell-test-line)))
    (navshell-test-press "C-u 2 n")
    (should (string-prefix-p "  defunkt " (navshell-test-line)))
    (navshell-test-press "p")
    (should (string-prefix-p "  mojombo " (navshell-test-line)))
    (let ((frames (navshell-test-watch)))
      (unwind-protect
          (progn
            (navshell-test-press "RET")
            (navshell-test-wait "the repositories are shown"
              (equal (navshell-test-header) "Users › mojombo's repositories"))
            (navshell-test-wait-for-text "chronic"))
        (navshell-test-unwatch))
      ;; The selection's answer brings the pushed screen's rows: it is
      ;; drawn once, with them, never empty first.
      (should (equal (car frames) (list (navshell-test-text)))))
    (should (string-prefix-p "  chronic " (navshell-test-line)))
    (should (string-suffix-p "Ruby · ★ 3.2k ›" (navshell-test-line)))
    (navshell-test-goto "  grit ")
    (navshell-test-press "RET")
    (navshell-test-wait "the repository is shown"
      (equal (navshell-test-header) "Users › mojombo's repositories › mojombo/grit"))
    (navshell-test-wait-for-text "Language")
    (should (string-match-p "^  Language +Ruby$" (navshell-test-text)))
    (navshell-test-press "^")
    (navshell-test-wait "back to the repositories"
      (equal (navshell-test-header) "Users › mojombo's repositories"))
    (should (string-prefix-p "  grit " (navshell-test-line)))
    (navshell-test-press "l")
    (navshell-test-wait "back to the users" (equal (navshell-test-header) "Users"))
    (should (string-prefix-p "  mojombo " (navshell-test-line)))
    (navshell-test-press "^")
    (navshell-test-wait "the root is not popped, and the user told"
      (navshell-test-noticed "navshell: cannot pop the root screen"))
    (should (equal (navshell-test-header) "Users"))))

(ert-deftest navshell-browse-links ()
  "RET on a link row and o on a row with a URL open it with `browse-url'."
  (let* ((opened nil)
         (browse-url-browser-function (lambda (url &rest _) (push url opened))))
    (navshell-test-with-session ()
      (navshell-open "users/mojombo/repositories/grit")
      (navshell-test-wait-for-text "Homepage")
      (navshell-test-settle)
      (navshell-test-goto "  GitHub ")
      (should (string-suffix-p "https://github.com/mojombo/grit ↗" (navshell-test-line)))
      (navshell-test-press "RET")
      (navshell-test-wait "RET on a link opens it"
        (member "https://github.com/mojombo/grit" opened))
      (navshell-test-goto "  Homepage ")
      (navshell-test-press "o")
      (navshell-test-wait "o opens the row's link" (member "http://grit.rubyforge.org/" opened))
      (navshell-test-goto "  Language ")
      (should-error (navshell-test-press "o") :type 'user-error)
      (navshell-test-goto "  Stars ")
      (navshell-test-press "RET")
      (navshell-test-wait "a row that opens nothing says so"
        (navshell-test-noticed "navshell: Stars opens nothing")))))

(ert-deftest navshell-browse-search ()
  "s searches, starting from the screen's search; an empty text clears it."
  (navshell-test-with-session ()
    (let ((prompts nil))
      (cl-flet ((note-prompt () (push (cons (minibuffer-prompt) (minibuffer-contents)) prompts)))
        (add-hook 'minibuffer-setup-hook #'note-prompt)
        (unwind-protect
            (progn
              (navshell-test-press "s defunkt RET")
              (navshell-test-wait-for-text "Users matching 'defunkt'")
              (should (equal (car prompts) '("Search Users: " . "")))
              (navshell-test-settle)
              (should (string-prefix-p "  defunkt " (navshell-test-line)))
              ;; The prompt starts from the search; RET keeps it.
              (navshell-test-press "s RET")
              (should (equal (car prompts) '("Search Users: " . "defunkt")))
              (navshell-test-settle)
              (should (string-search "Users matching 'defunkt'" (navshell-test-text)))
              ;; An empty answer clears the search.
              (navshell-test-press "s C-a C-k RET")
              (navshell-test-wait-for-text "Popular")
              (navshell-test-press "s C-g")
              (should (equal (car prompts) '("Search Users: " . ""))))
          (remove-hook 'minibuffer-setup-hook #'note-prompt))))
    ;; From Lisp, with the text as argument.
    (navshell-search "mojombo")
    (navshell-test-wait-for-text "Users matching 'mojombo'")
    (navshell-search "")
    (navshell-test-wait-for-text "Popular")
    (should-not (string-search "matching" (navshell-test-text)))))

(ert-deftest navshell-browse-header-line-cut-from-the-left ()
  "A narrow window's header line keeps the current screen's title."
  (navshell-test-with-session ()
    (navshell-open "users/mojombo/repositories/grit")
    (navshell-test-wait "the repository is shown"
      (equal (navshell-test-header) "Users › mojombo's repositories › mojombo/grit"))
    (let ((narrow (split-window-right -24)))
      (set-window-buffer narrow (navshell-test-buffer))
      (let ((header (navshell-test-header narrow)))
        (should (string-prefix-p "…" header))
        (should (string-suffix-p "› mojombo/grit" header))
        (should (<= (string-width header) (window-total-width narrow))))
      (delete-window narrow))))

(ert-deftest navshell-browse-narrow-window ()
  "In a narrow window each row keeps its title and its `›'."
  (let ((narrow (split-window-right -40)))
    (select-window narrow)
    (navshell-test-with-session ()
      (should (<= (window-max-chars-per-line narrow) 40))
      (dolist (line (split-string (navshell-test-text) "\n"))
        (should (<= (string-width line) (window-max-chars-per-line narrow))))
      (should (string-match-p "\\`  torvalds .*›\\'" (navshell-test-line)))
      (should (string-search "  grit" (progn (navshell-open "users/mojombo/repositories")
                                              (navshell-test-wait-for-text "grit")
                                              (navshell-test-text)))))
    (delete-other-windows)))

(ert-deftest navshell-browse-keys-listed ()
  "? lists every key of the buffer and what it does."
  (navshell-test-with-session ()
    (navshell-test-press "?")
    (let ((help (with-current-buffer (help-buffer) (buffer-string))))
      (dolist (binding '(("RET" . navshell-select) ("^" . navshell-back) ("l" . navshell-back)
                         ("s" . navshell-search) ("g" . navshell-reload) ("n" . navshell-next-row)
                         ("p" . navshell-previous-row) ("q" . navshell-quit) ("o" . navshell-browse-url)))
        (should (string-match-p (format "^%s[ \t]+%s$" (regexp-quote (car binding)) (cdr binding)) help))))))

(ert-deftest navshell-browse-quit-ends-everything ()
  "q kills the buffer; navhost and every worker exit."
  (navshell-test-start)
  (let* ((session (navshell-test-session))
         (host (process-id (navshell--session-process session)))
         (workers (navshell-test-children host)))
    (should workers)
    (navshell-test-press "q")
    (should-not (get-buffer navshell-buffer-name))
    (navshell-test-wait "navhost exited" (not (process-live-p (navshell--session-process session))))
    (should (eql (process-exit-status (navshell--session-process session)) 0))
    (navshell-test-wait "every worker exited"
      (cl-notany (lambda (pid) (file-exists-p (format "/proc/%d" pid))) workers))))

(ert-deftest navshell-browse-missing-navhost ()
  "A navhost that cannot be found is one clear user-error naming it."
  (let ((navshell-program "/nonexistent/navhost"))
    (let ((err (should-error (navshell) :type 'user-error)))
      (should (string-search "/nonexistent/navhost" (cadr err))))
    (should-not (get-buffer navshell-buffer-name)))
  (let ((navshell-program "navhost-not-on-exec-path"))
    (let ((err (should-error (navshell) :type 'user-error)))
      (should (string-search "navhost-not-on-exec-path" (cadr err))))))

;;; navshell-browse-test.el ends here
