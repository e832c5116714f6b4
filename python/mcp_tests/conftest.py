"""Fixtures for the end-to-end tests of `navhost mcp` (helpers in mcp_harness)."""

import pytest

from mcp_harness import FakeGitHub, RawServer, navshell_processes, process_table


@pytest.fixture(autouse=True)
def local_state(tmp_path_factory, monkeypatch):
    """Every test's navhost keeps the snapshot's writes in a fresh folder: never the user's,
    never another test's."""
    folder = tmp_path_factory.mktemp("state")
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    return folder


@pytest.fixture
def raw_server():
    servers = []

    def start(*args):
        servers.append(RawServer(*args))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def fake_github(tmp_path):
    server = FakeGitHub()
    server.cache = str(tmp_path / "cache.sqlite")
    yield server
    server.close()


@pytest.fixture(autouse=True)
def no_process_left():
    """Every test ends with none of its NavShell processes still running."""
    yield
    left = [line for identity, line in navshell_processes() if process_table.is_alive(identity)]
    assert not left, f"processes left running: {left}"
