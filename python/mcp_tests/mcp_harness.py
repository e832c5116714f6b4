"""Helpers for the end-to-end tests of `navhost mcp` with the MCP Python SDK's own client.

Each test starts `navhost mcp` (as MCP clients do: a child process on stdio) through
`mcp.client.stdio.stdio_client` and `mcp.ClientSession`, or, where the exchange itself is
under test (malformed messages, protocol versions, the end of stdin), speaks raw JSON lines.
"""

import contextlib
import json
import os
import pathlib
import subprocess
import sys

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from navshell import process_table  # installed into the test venv by scripts/test-python
from shared_fixtures import NAVHOST, REPOSITORY, SCREENS  # noqa: F401  (SCREENS: for the tests; conftest.py puts python/testing on sys.path)

sys.path.insert(0, str(REPOSITORY / "Tests" / "Hostile"))
from navhost_session import NavhostSession  # noqa: E402  (the hostile clients' navhost on pipes)

TIMEOUT = 30  # seconds for any one answer of navhost mcp


def run(body):
    """Runs an async test body to its end."""
    return anyio.run(body)


@contextlib.asynccontextmanager
async def mcp_session(*args, env=None, elicitation=None):
    """An initialized ClientSession with `navhost mcp ARGS`, answering `elicitation/create` with
    `elicitation` when given. stdio_client gives the server only a default allow-list of the
    environment (HOME, PATH, ...) plus `env`, so the test's XDG_STATE_HOME (fresh_state's) is
    passed on by name: else the server would write to the user's local state."""
    env = {"XDG_STATE_HOME": os.environ["XDG_STATE_HOME"], **(env or {})}
    parameters = StdioServerParameters(command=NAVHOST, args=["mcp", *args], env=env)
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write, elicitation_callback=elicitation) as session:
            await session.initialize()
            yield session


async def call(session, tool, **arguments):
    """A tools/call that must succeed; returns its result."""
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content[0].text
    return result


async def error_text(session, tool, **arguments):
    """A tools/call that must fail as a tool error; returns its message."""
    result = await session.call_tool(tool, arguments)
    assert result.is_error, f"{tool} {arguments} succeeded: {result.structured_content}"
    assert result.structured_content is None
    return result.content[0].text


def golden_tools():
    """The tools/list answer held in golden/tools-list.json (Tests/MCPServerTests checks it too)."""
    return json.loads((pathlib.Path(__file__).parent / "golden" / "tools-list.json").read_text())


def show_json(path, *args):
    """`navhost show PATH --json`: the same screen read by another client, to compare with."""
    printed = subprocess.run([NAVHOST, "show", path, "--json", *args], check=True, capture_output=True, text=True, timeout=60)
    return json.loads(printed.stdout)


def navshell_processes():
    """This test process's descendants that are NavShell's (navhost-mcp, navhost, workers)."""
    found = []
    for pid, start in process_table.descendants(os.getpid()):
        line = process_table.command_line(pid)
        if "navhost" in line or "screen-worker" in line or "commits.py" in line:
            found.append(((pid, start), line))
    return found


class RawServer:
    """`navhost mcp ARGS` as a NavhostSession (Tests/Hostile/navhost_session.py), spoken to in raw
    JSON lines: every message the server writes is kept in arrival order for `next` and `request`."""

    def __init__(self, *args):
        self.session = NavhostSession(NAVHOST, args, subcommand="mcp")
        self.process = self.session.process
        self.connection = self.session.connection

    def send_line(self, text):
        self.connection.write(text.encode() + b"\n", TIMEOUT)

    def send(self, message):
        self.session.send(message)

    def next(self, timeout=TIMEOUT):
        return self.connection.take(lambda message: True, timeout, "a message from navhost mcp")

    def request(self, id, method, params=None):
        return self.connection.exchange(method, params, TIMEOUT, request_id=id)

    def initialize(self, version="2025-11-25"):
        reply = self.request(1, "initialize", {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply

    def end_input(self, timeout):
        """Closes stdin, reads what the server still owes, waits for it: its exit code."""
        return self.session.end_input(timeout)

    def close(self):
        self.session.close()
