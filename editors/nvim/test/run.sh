#!/usr/bin/env bash
# Drives the Neovim plugin headlessly against a built navhost and checks what its buffer shows.
# Usage: editors/nvim/test/run.sh [path/to/navhost]   (default: .build/debug/navhost)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
navhost="${1:-$root/.build/debug/navhost}"
[ -x "$navhost" ] || { echo "no navhost at $navhost: run swift build first" >&2; exit 1; }
export NAVSHELL_NAVHOST="$navhost"
export NAVSHELL_PLUGIN="$(cd "$here/.." && pwd)"
# The test's own waits have deadlines; this only stops an editor that hangs outright.
exec timeout 300 nvim --headless -u NONE -i NONE -n --cmd "set rtp^=$NAVSHELL_PLUGIN" -c "luafile $here/navshell_test.lua"
