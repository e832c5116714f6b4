#!/usr/bin/env bash
# Drives the Neovim plugin headlessly against a built navhost: each test/*_test.lua runs in its
# own nvim, on a copy of the plugin (help tags are written there, not into the tree).
# Usage: editors/nvim/test/run.sh [path/to/navhost]   (default: .build/debug/navhost)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../../test-setup.sh"
cp -R "$here/.." "$scratch/plugin"
rm -f "$scratch/plugin/doc/tags"
# A stand-in browser: it writes the URL it was asked to open.
mkdir "$scratch/bin"
printf '#!/bin/sh\nprintf "%%s\\n" "$1" >> "%s/opened"\n' "$scratch" > "$scratch/bin/xdg-open"
chmod +x "$scratch/bin/xdg-open"
export NAVSHELL_NAVHOST="$navhost" NAVSHELL_PLUGIN="$scratch/plugin" NAVSHELL_SCRATCH="$scratch"
export NAVSHELL_SNAPSHOT="$scratch/users.sqlite" NAVSHELL_DOCS="$root/docs/neovim.md" NAVSHELL_ROOT="$root"
export PATH="$scratch/bin:$PATH"
failed=0
run() { # run NAME [nvim arguments...]: one test file in its own editor
  local name="$1"; shift
  # The tests' own waits have deadlines; this only stops an editor that hangs outright.
  if ! timeout 120 nvim --headless -u NONE -i NONE -n "$@" -c "luafile $here/helpers.lua" -c "luafile $here/$name" -c "cquit 2"; then
    failed=1
  fi
}
for name in unit_test.lua browse_test.lua paging_test.lua cmdline_test.lua window_test.lua prose_test.lua act_flow_test.lua actions_test.lua \
    plugin_actions_test.lua live_actions_test.lua; do
  run "$name" --cmd "set rtp^=$NAVSHELL_PLUGIN"
done
# Each installation in a fresh editor whose 'runtimepath' does not have the plugin yet.
for scenario in lazy-git lazy-dir packer manual no-navhost help-health; do
  NAVSHELL_SCENARIO="$scenario" run install_test.lua
done
if [ "$failed" -ne 0 ]; then echo "nvim plugin tests: FAILED" >&2; exit 1; fi
echo "nvim plugin tests: every file passed"
