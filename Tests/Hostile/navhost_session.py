"""One navhost process driven over real pipes, with /proc readings of it (the standard library
and the repository's navshell package, which navshell_path.py finds).

The JSON-RPC side is navshell.jsonrpc's Connection in its inbox mode: every message navhost
writes is kept as parsed (a batch's answer as its list) in `pending`, and the session matches
what it waits for itself, so it can write anything (`write` sends bytes as they are) and still
read every answer. Starting and ending navhost is navshell.host_process's.
"""

import subprocess
import tempfile

import navshell_path  # noqa: F401  (makes navshell importable)
from navshell import jsonrpc, process_table
from navshell.errors import Error as SessionError  # noqa: F401  (navhost did not answer in time, or ended)
from navshell.host_process import HostProcess

WRITE_DEADLINE = 60  # seconds navhost may take neither input nor give output while the session writes
FIRST_ID = 1_000_001  # the session's own request ids, clear of the random messages' ones


class NavhostSession:
    """A navhost child (`navhost SUBCOMMAND ARGUMENTS`): write raw bytes, read replies with a
    deadline, read /proc about it. Its state ($XDG_STATE_HOME) is a temporary folder of its own,
    removed when it is closed, so what a session writes never reaches the user's."""

    def __init__(self, navhost, arguments=(), content_length=False, subcommand="serve", stderr=subprocess.DEVNULL):
        # Removed by close(), or at the latest when the script exits (however it exits).
        self.state = tempfile.TemporaryDirectory(prefix="navshell-state-")
        self.host = HostProcess(navhost, list(arguments), env={"XDG_STATE_HOME": self.state.name}, stderr=stderr, subcommand=subcommand)
        self.process = self.host.popen
        self.pid = self.host.pid
        self.subcommand = subcommand
        self.framing = jsonrpc.CONTENT_LENGTH if content_length else jsonrpc.NEWLINE
        self.connection = jsonrpc.Connection(self.host.stdout_fd, self.host.stdin_fd, framing=self.framing, describe_end=self.host.describe_end,
                                             inbox=True, write_timeout=WRITE_DEADLINE, first_id=FIRST_ID)
        self.pending = self.connection.inbox
        self.leftovers = []

    def frame(self, body):
        return jsonrpc.frame(body, self.framing)

    def write(self, data):
        """Writes all of `data`, reading replies meanwhile so neither side blocks the other."""
        self.connection.write(data, WRITE_DEADLINE)

    def write_without_reading(self, data, deadline):
        """Writes all of `data` without reading navhost's output, as a client busy writing does;
        raises SessionError if navhost stops taking input for `deadline` seconds."""
        self.connection.write(data, deadline, read=False)

    def send(self, message):
        self.connection.send(message)

    def take(self, matches, timeout):
        """The first message (oldest first) `matches` accepts, waiting up to `timeout` seconds."""
        return self.connection.take(matches, timeout)

    def reply(self, request_id, method, timeout=10):
        """The reply to request `request_id` of `method` (which a timeout's message names)."""
        return self.connection.reply_message(request_id, method, timeout)

    def request(self, method, params=None, timeout=10):
        """The whole reply to a request: its result or its error, as navhost wrote it."""
        return self.connection.exchange(method, params, timeout)

    def children(self):
        """Pids of navhost's live child processes (zombies left out), from /proc."""
        return [pid for pid, _ in process_table.children(self.pid)]

    def descendants(self):
        """Identities (pid, start time) of every live process under navhost (children, theirs, and so on)."""
        return process_table.descendants(self.pid)

    def resident_bytes(self):
        return process_table.resident_bytes(self.pid)

    def end_input(self, timeout):
        """Closes navhost's input, reads what it still owes (kept in `pending`) as a client does,
        and waits for it to exit; returns its exit code. Left unread, one large answer (a list of
        users is 80 KB) fills the pipe and holds navhost in its last write. Raises SessionError
        when its output is still open `timeout` seconds after, or it still runs `timeout` seconds
        after that."""
        self.process.stdin.close()
        self.connection.read_to_end(timeout)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise SessionError("navhost %s did not exit within %g s of its output ending" % (self.subcommand, timeout)) from None

    def close(self, grace=10):
        """Ends navhost: `shutdown` and `exit` when it is `navhost serve` and still answers; other
        subcommands end when their input does (`end_input`). Then its input is closed, then
        signals follow. Returns its exit code; the workers still running `grace` seconds after it
        exited are in `leftovers`."""

        def polite_stop():
            if self.subcommand != "serve":
                self.end_input(grace)
            elif not self.connection.closed:
                self.request("shutdown", timeout=grace)
                self.connection.notify("exit")

        code, self.leftovers = self.host.end(polite_stop, grace)
        self.state.cleanup()
        return code
