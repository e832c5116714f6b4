# Sourced by the editors' test runners (editors/*/test/run.sh) after `here` is set to the
# runner's folder: finds the navhost under test (the first argument, else the debug build) as
# an absolute path, makes a scratch folder that is removed when the runner exits, and writes
# the snapshot both editors' tests browse there (users.sqlite). Actions write to navhost's local
# state under $XDG_STATE_HOME: it is the scratch folder, so the tests never touch the user's
# state, and each run starts from none.
root="$(cd "$here/../../.." && pwd)"
navhost="${1:-$root/.build/debug/navhost}"
[ -x "$navhost" ] || { echo "no navhost at $navhost: run swift build first" >&2; exit 1; }
navhost="$(cd "$(dirname "$navhost")" && pwd)/$(basename "$navhost")"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export XDG_STATE_HOME="$scratch/state"
mkdir "$XDG_STATE_HOME"
# A 1,200-user snapshot: the root list is long enough to page through 1,000 rows.
"$(dirname "$navhost")/screen-worker" generate-snapshot --out "$scratch/users.sqlite" --users 1200 \
  --max-repositories-per-user 3 >/dev/null
