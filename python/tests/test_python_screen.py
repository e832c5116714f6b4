"""The Python example screen (examples/python-screen) under the real navhost: an external kind
gets what a built-in screen gets (push, pop, query, paging, selections, a crash restarting it
with its query, hibernation waking it), and a bad screens.json stops navhost at start-up."""

import json
import os
import signal
import subprocess
import time

import pytest

import navshell
from navshell import process_table
from shared_fixtures import SCREENS, git_repository

EXAMPLE = os.path.dirname(SCREENS)
COMMITS = 45  # more than two pages of 20


@pytest.fixture(scope="module")
def repository(tmp_path_factory):
    """A git repository with COMMITS commits by 'mojombo'; every fifth is a fix."""
    return git_repository(tmp_path_factory.mktemp("repository"), COMMITS)


def subjects(rows):
    return [row["title"] for row in rows]


def screen_process(host, screen_id):
    return next(entry for entry in host.call("host/processes")["screens"] if entry["screen"] == screen_id)


def wait_until(condition, what, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out after {seconds} s waiting for {what}")


def test_external_kinds_are_published_by_navhost_kinds_and_initialize(navhost_factory):
    printed = subprocess.run([os.environ["NAVHOST"], "kinds", "--json", "--screens", SCREENS],
                             check=True, capture_output=True, text=True).stdout
    kinds = {entry["kind"]: entry for entry in json.loads(printed)}
    assert kinds["commits"]["external"] is True
    assert kinds["commits"]["params"] == {"path": {"type": "string", "required": True, "description": "the repository's folder"}}
    assert {"users", "following", "commit"} <= set(kinds)
    host = navhost_factory(args=["--screens", SCREENS])
    published = host.initialize_result["capabilities"]["screens"]
    assert [entry["kind"] for entry in published] == sorted(kinds)
    assert "commits" in host.initialize_result["capabilities"]["screenKinds"]


def test_push_page_query_select_and_pop(navhost_factory, repository):
    host = navhost_factory(args=["--screens", SCREENS])
    with pytest.raises(navshell.RPCError, match="params.path is required"):
        host.push("commits", {})
    screen = host.push("commits", {"path": repository})
    assert screen["title"] == f"Commits of {os.path.basename(repository)}"
    first = host.call("screen/rows", {"limit": 5})
    assert subjects(first["rows"]) == ["fix number 45"] + [f"change number {n}" for n in (44, 43, 42, 41)]
    # A read within 25 rows of the end of the first page (20) loads the next one, as built-in screens do.
    assert first["sections"][0] == {"id": "commits", "header": "Commits", "count": 40, "hasMore": True}
    every = host.rows()  # reading to the end loads the next pages
    assert len(every) == COMMITS and every[-1]["title"] == "change number 1"
    filtered = host.query("fix")
    assert filtered["sections"][0]["header"] == "Commits matching 'fix'"
    assert subjects(host.rows()) == [f"fix number {n}" for n in range(45, 0, -5)]

    pushed = host.select(host.rows()[0]["id"])
    assert pushed["action"] == "push" and pushed["pushed"]["kind"] == "commit"
    assert host.row("about:author")["detail"] == "mojombo"
    opened = host.select("file:file0.txt")
    assert opened["action"] == "openURL" and opened["url"].endswith("/file0.txt")
    to_builtin = host.select("about:author")  # an external screen pushes a built-in one
    assert to_builtin["pushed"]["kind"] == "users"
    assert host.rows(limit=1)[0]["id"] == "user:mojombo"
    host.back()
    popped = host.select("about:back")
    assert popped["action"] == "pop"
    assert [entry["kind"] for entry in host.stack()] == ["users", "commits"]
    assert host.stack()[1]["token"]["query"] == "fix"


def test_an_external_worker_checks_the_window_navhost_passes_on(navhost_factory, repository):
    """navhost passes screen/rows params to the worker as the client sent them: the SDK refuses
    a number out of range as navhost's own workers do, in the same words."""
    host = navhost_factory(args=["--screens", SCREENS])
    host.push("commits", {"path": repository})
    for field, value, top in (("offset", 2**31, 2147483647), ("limit", 1001, 1000), ("offset", -1, 2147483647)):
        with pytest.raises(navshell.RPCError) as refused:
            host.call("screen/rows", {field: value, "screen": "s2"})
        assert refused.value.code == -32602
        assert refused.value.message == f"invalid params: field '{field}' must be between 0 and {top}"
    assert subjects(host.call("screen/rows", {"offset": 44, "limit": 5, "ignored": [1]})["rows"]) == ["change number 1"]


def test_without_a_spare_an_external_root_leaves_no_built_in_worker_running(navhost_factory, repository):
    """navhost asks a built-in worker for the built-in kinds before anything else, and keeps it
    for a built-in root screen; with an external root and the warm spare off, it ends it."""
    host = navhost_factory(args=["--screens", SCREENS], root="commits", root_params={"path": repository}, warm_spare=False)
    root_pid = screen_process(host, host.stack()[0]["id"])["pid"]
    running = wait_until(lambda: [pid for pid, _ in process_table.children(host.pid)] == [root_pid] and [root_pid],
                         "navhost's children to be the root's worker alone")
    assert os.path.join(os.path.dirname(SCREENS), "commits.py") in process_table.command_line(running[0])


def test_a_killed_worker_restarts_with_its_query(navhost_factory, repository):
    host = navhost_factory(args=["--screens", SCREENS])
    screen = host.push("commits", {"path": repository})
    host.query("fix")
    before = screen_process(host, screen["id"])["pid"]
    os.kill(before, signal.SIGKILL)
    crash = host.next_notification("screen/didCrash")["params"]
    assert crash["screen"] == screen["id"] and crash["restarting"] is True
    wait_until(lambda: screen_process(host, screen["id"]).get("pid") not in (None, before), "the restarted worker")
    assert subjects(host.rows()) == [f"fix number {n}" for n in range(45, 0, -5)]
    assert screen_process(host, screen["id"])["restarts"] == 1


def test_a_hibernating_screen_wakes_with_its_query(navhost_factory, repository):
    host = navhost_factory(args=["--screens", SCREENS], awake_screens=1)
    screen = host.push("commits", {"path": repository})
    host.query("fix")
    host.push("repositories", {"login": "mojombo"})
    assert screen_process(host, screen["id"])["state"] == "hibernating"
    host.back()
    woken = screen_process(host, screen["id"])
    assert woken["state"] == "running"
    assert subjects(host.rows()) == [f"fix number {n}" for n in range(45, 0, -5)]


@pytest.mark.parametrize("kinds, reason", [
    ({"files": {"description": "no command"}}, "kind 'files': missing command"),
    ({"files": {"command": ["./commits.py"], "params": {"path": {"type": "path"}}}},
     "kind 'files': params.path has an unknown field type 'path'"),
    ({"users": {"command": ["./commits.py"]}}, "kind 'users' is defined twice"),
    ({"files": {"command": ["./no-such-program"]}}, "kind 'files': command not found"),
])
def test_an_invalid_screens_file_stops_navhost_at_start_up(tmp_path, kinds, reason):
    bad = tmp_path / "screens.json"
    bad.write_text(json.dumps({"kinds": kinds}))
    os.symlink(os.path.join(os.path.abspath(EXAMPLE), "commits.py"), tmp_path / "commits.py")
    for command in (["kinds"], ["serve"]):
        result = subprocess.run([os.environ["NAVHOST"], *command, "--screens", str(bad)], capture_output=True, text=True,
                                stdin=subprocess.DEVNULL, timeout=30)
        assert result.returncode != 0
        assert f"{bad}: " in result.stderr and reason in result.stderr


def test_a_kind_in_two_files_names_both(tmp_path):
    for name in ("one.json", "two.json"):
        (tmp_path / name).write_text(json.dumps({"kinds": {"files": {"command": [os.path.join(os.path.abspath(EXAMPLE), "commits.py")]}}}))
    result = subprocess.run([os.environ["NAVHOST"], "kinds", "--screens", str(tmp_path / "one.json"), "--screens", str(tmp_path / "two.json")],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert f"{tmp_path / 'two.json'}: kind 'files' is defined twice: it is already defined by {tmp_path / 'one.json'}" in result.stderr


def test_an_external_worker_gets_the_limits_and_the_environment_allow_list(navhost_factory, repository):
    env = dict(os.environ, GITHUB_TOKEN="ghp_never_for_external_workers", NAVSHELL_TEST_SECRET="kept in navhost")
    # A live-source session, whose built-in workers would get the token; the root is external.
    host = navhost_factory(args=["--screens", SCREENS, "--source", "github", "--worker-open-files", "77"], env=env,
                           root="commits", root_params={"path": repository})
    pid = screen_process(host, host.stack()[0]["id"])["pid"]
    with open(f"/proc/{pid}/limits") as limits:
        open_files = next(line for line in limits if line.startswith("Max open files")).split()
    assert open_files[3:5] == ["77", "77"]  # soft and hard, set by screen-worker exec before the exec
    with open(f"/proc/{pid}/environ", "rb") as environ:
        names = {entry.split(b"=", 1)[0].decode() for entry in environ.read().split(b"\0") if entry}
    # (A launcher such as a pyenv shim between env and python may add its own variables.)
    assert "GITHUB_TOKEN" not in names and "NAVSHELL_TEST_SECRET" not in names and "PATH" in names
    with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
        assert os.path.join(os.path.dirname(SCREENS), "commits.py").encode() + b"\0" in cmdline.read()  # the command itself, exec'd in place


def test_a_saved_stack_is_checked_whole_before_anything_opens(navhost):
    screens = [{"kind": "users"}, {"kind": "nope"}] + [{"kind": "users"}] * 7  # screens[1] would hibernate
    with pytest.raises(navshell.RPCError, match=r"screens\[1\]: unknown screen kind 'nope'") as refused:
        navhost.call("nav/setStack", {"screens": screens})
    assert refused.value.code == -32602
    with pytest.raises(navshell.RPCError, match=r"screens\[0\]: invalid params for a following screen: params.login is required"):
        navhost.call("nav/setStack", {"screens": [{"kind": "following"}]})
    assert [screen["kind"] for screen in navhost.stack()] == ["users"]
