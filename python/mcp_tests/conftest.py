"""Fixtures for the end-to-end tests of `navhost mcp` (helpers in mcp_harness)."""

import pathlib
import sys

import pytest

# One definition for both test folders: python/testing/shared_fixtures.py. Importing a
# fixture here registers it for this folder.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "testing"))
from shared_fixtures import fake_github, fresh_state  # noqa: E402,F401
from mcp_harness import RawServer, navshell_processes, process_table  # noqa: E402


@pytest.fixture
def raw_server():
    servers = []

    def start(*args):
        servers.append(RawServer(*args))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


@pytest.fixture(autouse=True)
def no_process_left():
    """Every test ends with none of its NavShell processes still running."""
    yield
    left = [line for identity, line in navshell_processes() if process_table.is_alive(identity)]
    assert not left, f"processes left running: {left}"
