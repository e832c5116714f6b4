"""The end of a session: stdin closed or SIGTERM ends navhost-mcp, navhost and every worker."""

import signal
import subprocess

import pytest

from mcp_harness import NAVHOST, navshell_processes, process_table


def started_session(raw_server):
    server = raw_server()
    server.initialize()
    reply = server.request(2, "tools/call", {"name": "open", "arguments": {"path": "users/mojombo/repositories/chronic"}})
    assert reply["result"]["structuredContent"]["screen"]["kind"] == "repository"
    read = server.request(3, "resources/read", {"uri": "navshell://users/defunkt/repositories"})
    assert len(read["result"]["contents"]) == 2
    running = navshell_processes()
    # navhost-mcp, two navhost sessions (tools, resources), and their screen workers.
    assert sum("screen-worker" in line for _, line in running) >= 4, running
    assert sum(line.split()[0].endswith("/navhost") for _, line in running) >= 2, running
    return server, running


@pytest.mark.parametrize("ending", ["stdin", "sigterm"])
def test_the_session_ends_with_every_process(raw_server, ending):
    server, running = started_session(raw_server)
    if ending == "stdin":
        code = server.end_input(15)
    else:
        server.process.send_signal(signal.SIGTERM)
        code = server.process.wait(timeout=15)
    assert code == 0
    # navhost-mcp waited for navhost, which waited for its workers: nothing is left.
    assert [line for identity, line in running if process_table.is_alive(identity)] == []


def test_a_host_that_cannot_start_ends_navhost_mcp_with_its_reason(tmp_path):
    missing = str(tmp_path / "missing.sqlite")
    ended = subprocess.run([NAVHOST, "mcp", "--data", missing], input=b"", capture_output=True, timeout=30)
    assert ended.returncode == 1
    assert ended.stdout == b""
    assert b"navhost mcp: navhost did not start" in ended.stderr and missing.encode() in ended.stderr
