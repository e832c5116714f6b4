#!/usr/bin/env bash
# Checks the Emacs package and runs its ERT tests in batch Emacs against a built navhost: the
# package byte-compiles with warnings as errors, passes checkdoc and (when installed)
# package-lint, then each test file runs in its own Emacs, on a copy of the package (the .elc
# files are written there, not into the tree).
# Usage: editors/emacs/test/run.sh [path/to/navhost]   (default: .build/debug/navhost)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../../test-setup.sh"
mkdir "$scratch/package"
cp "$here"/../*.el "$scratch/package/"
failed=0

echo "== byte-compile (warnings are errors)"
if ! (cd "$scratch/package" && emacs --batch -Q -L . --eval '(setq byte-compile-error-on-warn t)' \
  -f batch-byte-compile ./*.el); then
  failed=1
fi

echo "== checkdoc"
if ! (cd "$scratch/package" && emacs --batch -Q -L . -l "$here/checkdoc-all.el" ./*.el); then
  failed=1
fi

# MELPA's lint, where it is installed (Debian's elpa-package-lint, or from MELPA into ~/.emacs.d):
# its errors fail; its warnings are shown (an old package-lint warns that Emacs 28 was not out yet).
if emacs --batch --eval '(princ (if (locate-library "package-lint") "yes" "no"))' 2>/dev/null | grep -q yes; then
  echo "== package-lint"
  if ! (cd "$scratch/package" && emacs --batch -L . --eval '(require (quote package-lint))' \
    --eval '(setq package-lint-batch-fail-on-warnings nil package-lint-main-file "navshell.el")' \
    -f package-lint-batch-and-exit ./*.el); then
    failed=1
  fi
else
  echo "== package-lint: not installed, skipped"
fi

# 7,000 users: more rows than a worker keeps windows of (64 of 100), so a row read long ago must be
# read again before it can be selected.
"$(dirname "$navhost")/screen-worker" generate-snapshot --out "$scratch/many.sqlite" --users 7000 \
  --max-repositories-per-user 1 >/dev/null
export NAVSHELL_NAVHOST="$navhost" NAVSHELL_SNAPSHOT="$scratch/users.sqlite" NAVSHELL_ROOT="$root"
export NAVSHELL_BIG_SNAPSHOT="$scratch/many.sqlite" NAVSHELL_PACKAGE="$scratch/package"
# Screens added as plugins: none but the test's own (not the user's screens.json).
export XDG_CONFIG_HOME="$scratch/config"

for test in "$here"/navshell-*-test.el; do
  echo "== $(basename "$test")"
  # The tests' own waits have deadlines; this only stops an Emacs that hangs outright.
  if ! timeout 300 emacs --batch -Q -L "$scratch/package" -L "$here" -l "$test" \
    -f ert-run-tests-batch-and-exit; then
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then echo "emacs package tests: FAILED" >&2; exit 1; fi
echo "emacs package tests: byte-compiled without warnings, checkdoc clean, every test passed"
