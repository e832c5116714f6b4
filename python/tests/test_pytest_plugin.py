"""The pytest plugin's fixtures, run in inner pytest sessions (pytester)."""

import sys
import textwrap

from navshell import process_table

# A stand-in for navhost that answers initialize and shutdown, and starts a "worker" in a
# session of its own that it never stops: what a leaking host would leave behind.
LEAKING_HOST = textwrap.dedent("""\
    #!{python}
    import json, subprocess, sys
    worker = subprocess.Popen(["sleep", "300"], start_new_session=True)
    open({pid_file!r}, "w").write(str(worker.pid))
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("method") == "exit":
            break
        if "id" in message:
            result = None if message["method"] == "shutdown" else {{"stack": []}}
            print(json.dumps({{"jsonrpc": "2.0", "id": message["id"], "result": result}}), flush=True)
    """)


def test_the_navhost_fixture_gives_each_test_a_fresh_session(pytester):
    pytester.makepyfile("""
        def test_first(navhost):
            navhost.query("mojombo")
            navhost.select("user:mojombo")
            assert len(navhost.stack()) == 2

        def test_second_starts_again(navhost):
            assert [screen["kind"] for screen in navhost.stack()] == ["users"]
            assert navhost.stack()[0]["token"]["query"] == ""
        """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


def test_a_worker_left_running_fails_the_test_and_is_killed(pytester, tmp_path):
    pid_file = tmp_path / "worker.pid"
    host = tmp_path / "leaking-navhost"
    host.write_text(LEAKING_HOST.format(python=sys.executable, pid_file=str(pid_file)))
    host.chmod(0o755)
    pytester.makepyfile("""
        def test_uses_the_leaking_host(navhost):
            assert navhost.stack() == []
        """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", f"--navhost={host}")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*worker processes outlived navhost (now killed): pid * sleep 300*"])
    worker = process_table.identity(int(pid_file.read_text()))
    assert worker is None or not process_table.is_alive(worker)


def test_each_test_keeps_its_writes_in_a_state_folder_of_its_own(pytester, fresh_state):
    pytester.makepyfile("""
        def test_first_stars_grit(navhost):
            navhost.open("users/mojombo")
            assert navhost.perform("repo:mojombo/grit", "star").done
            navhost.wait_idle()
            assert navhost.row("repo:mojombo/grit")["values"]["starred"] is True

        def test_second_sees_none_of_it(navhost):
            navhost.open("users/mojombo")
            assert navhost.row("repo:mojombo/grit")["values"]["starred"] is False
        """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")  # its XDG_STATE_HOME is fresh_state
    result.assert_outcomes(passed=2)
    assert list(fresh_state.iterdir()) == [], "the state folder of the environment was left alone"
