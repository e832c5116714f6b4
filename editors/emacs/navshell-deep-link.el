;;; navshell-deep-link.el --- Open NavShell at a path -*- lexical-binding: t -*-

;; This file is part of NavShell.

;;; Commentary:

;; `navshell-open' opens a deep link (nav/open), such as
;; users/mojombo/repositories/grit, completing the path's next segment
;; from what the session has read.  navhost resolves the path and builds
;; the stack it names; when that fails part of the way (a user that does
;; not exist), the stack it had is put back (nav/setStack, with each
;; screen's restoration token) and nothing is shown meanwhile, so a bad
;; path leaves the screen as it was.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'navshell-session)
(require 'navshell-view)

(declare-function navshell "navshell" ())

(defun navshell--known-paths (session)
  "The deep links to what SESSION's screens show, as a list of strings.
Users and repositories are named by their rows' typed values and the
stack's screens' params."
  (let ((paths (list "users")))
    (cl-flet ((add-values (values)
                (let ((login (plist-get values :login))
                      (owner (plist-get values :owner))
                      (name (plist-get values :name)))
                  (when (stringp login)
                    (push (concat "users/" login) paths)
                    (push (concat "users/" login "/repositories") paths))
                  (when (and (stringp owner) (stringp name))
                    (push (concat "users/" owner "/repositories") paths)
                    (push (concat "users/" owner "/repositories/" name) paths)))))
      (when session
        (dolist (screen (navshell--session-screen-list session))
          (when screen
            (add-values (navshell--screen-params screen))
            (cl-loop for row across (navshell--screen-rows screen)
                     do (add-values (plist-get row :values)))))))
    (delete-dups paths)))

(defun navshell--path-completion (paths)
  "A completion table over PATHS that completes one segment at a time."
  (lambda (string predicate action)
    (let* ((slash (string-match-p "/[^/]*\\'" string))
           (directory (if slash (substring string 0 (1+ slash)) "")))
      (if (eq (car-safe action) 'boundaries)
          (let ((suffix (cdr action)))
            `(boundaries ,(length directory) . ,(or (string-search "/" suffix) (length suffix))))
        (let ((segments (delete-dups
                         (cl-loop for path in paths
                                  when (and (string-prefix-p directory path)
                                            (> (length path) (length directory)))
                                  collect (car (split-string (substring path (length directory)) "/"))))))
          (completion-table-with-context directory segments (substring string (length directory))
                                         predicate action))))))

(defun navshell--open-completion-table ()
  "The completion table of `navshell-open', from what the session read."
  (navshell--path-completion
   (navshell--known-paths (let ((buffer (navshell--buffer)))
                            (and buffer (buffer-local-value 'navshell--session buffer))))))

(defun navshell--restore-stack (session saved before)
  "Put SESSION's stack back as SAVED, the stack nav/stack gave.
BEFORE is the list of screens it had, whose rows point was on are
found again on the new screens.  Show the session again when done."
  (navshell--session-request
   session "nav/setStack"
   (list :screens (vconcat (mapcar (lambda (entry)
                                     `(:kind ,(plist-get entry :kind)
                                             ,@(and (plist-get entry :params)
                                                    (list :params (plist-get entry :params)))
                                             :token ,(plist-get entry :token)))
                                   saved)))
   (lambda (_)
     (cl-loop for old in before
              for new in (navshell--session-screen-list session)
              when (and old new (equal (navshell--screen-kind old) (navshell--screen-kind new)))
              do (setf (navshell--screen-cursor new) (navshell--screen-cursor old)
                       (navshell--screen-lost-row new) (navshell--screen-cursor old)
                       (navshell--screen-query new) (navshell--screen-query old))
              (navshell--session-want session new (navshell--screen-wanted old)))
     (navshell--thaw session))
   (lambda (_) (navshell--thaw session))))

(defun navshell--thaw (session)
  "Show again what changed in SESSION after a deep link.
They are shown once the top screen's rows are read, not before."
  (setf (navshell--session-thawing session) t)
  (navshell--session-changed session))

;;;###autoload
(defun navshell-open (path)
  "Open NavShell at PATH, a deep link such as users/mojombo/repositories/grit.
Start NavShell if it is not running.  A bad path is reported and the
screen stays as it was."
  (interactive (list (completing-read "NavShell path: " (navshell--open-completion-table))))
  (setq path (string-trim path))
  (when (string-empty-p path) (user-error "No path given"))
  (let* ((buffer (navshell))
         (session (buffer-local-value 'navshell--session buffer))
         (before (navshell--session-screen-list session))
         (saved nil))
    (cl-incf (navshell--session-frozen session))
    (navshell--session-request session "nav/stack" nil
                               (lambda (result) (setq saved (append (plist-get result :stack) nil))))
    (unless (navshell--session-request
             session "nav/open" (list :path path)
             (lambda (_)
               (navshell--session-sync-queries session)
               (navshell--thaw session))
             (lambda (err)
               ;; A path refused as it stands changed nothing; one that
               ;; failed part of the way built a stack to take back.
               (if (and saved (plist-get (plist-get err :data) :stack))
                   (navshell--restore-stack session saved before)
                 (navshell--thaw session))))
      (navshell--thaw session))))

(provide 'navshell-deep-link)

;;; navshell-deep-link.el ends here
