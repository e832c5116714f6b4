"""One navhost process driven over real pipes, with /proc readings of it (standard library only)."""

import json
import os
import select
import signal
import subprocess
import time

PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def live_children():
    """The live processes (zombies left out) by parent pid, from /proc."""
    parents = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] not in ("Z", "X"):
            parents.setdefault(int(fields[1]), []).append(int(name))
    return parents


def is_running(pid):
    """Whether `pid` is a live process (not a zombie)."""
    return any(pid in pids for pids in live_children().values())


class SessionError(Exception):
    """navhost did not answer in time, or ended."""


class ReplyReader:
    """Splits navhost's output into JSON messages, in the framing navhost writes."""

    def __init__(self, content_length):
        self.content_length = content_length
        self.buffer = b""

    def feed(self, data):
        self.buffer += data

    def messages(self):
        found = []
        while True:
            if self.content_length:
                end = self.buffer.find(b"\r\n\r\n")
                if end < 0:
                    return found
                header = self.buffer[:end].decode("ascii", "replace")
                length = int(header.split(":", 1)[1])
                if len(self.buffer) < end + 4 + length:
                    return found
                body = self.buffer[end + 4 : end + 4 + length]
                self.buffer = self.buffer[end + 4 + length :]
            else:
                newline = self.buffer.find(b"\n")
                if newline < 0:
                    return found
                body, self.buffer = self.buffer[:newline], self.buffer[newline + 1 :]
            found.append(json.loads(body))


class NavhostSession:
    """A navhost child: write raw bytes, read replies with a deadline, read /proc about it."""

    def __init__(self, navhost, arguments=(), content_length=False):
        self.process = subprocess.Popen(
            [navhost, *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.pid = self.process.pid
        self.content_length = content_length
        self.reader = ReplyReader(content_length)
        self.pending = []
        self.next_id = 1_000_000
        os.set_blocking(self.process.stdout.fileno(), False)

    def frame(self, body):
        if self.content_length:
            return b"Content-Length: %d\r\n\r\n" % len(body) + body
        return body + b"\n"

    def write(self, data):
        """Writes all of `data`, reading replies meanwhile so neither side blocks the other."""
        stdin = self.process.stdin.fileno()
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([], [stdin], [], 0.05)
            if writable:
                try:
                    written = os.write(stdin, view[:65536])
                except BrokenPipeError as error:
                    raise SessionError("navhost closed its input") from error
                view = view[written:]
            self._read_available(0)
            if self.process.poll() is not None:
                raise SessionError("navhost exited with %s" % self.process.returncode)

    def write_without_reading(self, data, deadline):
        """Writes all of `data` without reading navhost's output, as a client busy writing does;
        raises SessionError if navhost stops taking input for `deadline` seconds."""
        stdin = self.process.stdin.fileno()
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([], [stdin], [], deadline)
            if not writable:
                raise SessionError("navhost stopped reading: %d of %d bytes written, none taken for %d s" % (len(data) - len(view), len(data), deadline))
            try:
                view = view[os.write(stdin, view[:65536]) :]
            except BrokenPipeError as error:
                raise SessionError("navhost closed its input") from error

    def send(self, message):
        self.write(self.frame(json.dumps(message, separators=(",", ":")).encode()))

    def _read_available(self, timeout):
        stdout = self.process.stdout.fileno()
        readable, _, _ = select.select([stdout], [], [], timeout)
        if not readable:
            return False
        try:
            data = os.read(stdout, 1 << 20)
        except BlockingIOError:
            return False
        if not data:
            raise SessionError("navhost closed its output (exit %s)" % self.process.poll())
        self.reader.feed(data)
        self.pending.extend(self.reader.messages())
        return True

    def take(self, matches, timeout):
        """The first message (oldest first) `matches` accepts, waiting up to `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            for index, message in enumerate(self.pending):
                if matches(message):
                    return self.pending.pop(index)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise SessionError("no matching message within %.1f s" % timeout)
            self._read_available(min(remaining, 0.1))

    def reply(self, request_id, timeout=10):
        return self.take(lambda m: isinstance(m, dict) and "method" not in m and m.get("id") == request_id, timeout)

    def request(self, method, params=None, timeout=10):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.reply(self.next_id, timeout)

    def drop_notifications(self):
        self.pending = [m for m in self.pending if not (isinstance(m, dict) and "method" in m)]

    def children(self):
        """Pids of navhost's live child processes (zombies left out), from /proc."""
        return live_children().get(self.pid, [])

    def descendants(self):
        """Pids of every live process under navhost (children, theirs, and so on)."""
        parents = live_children()
        found, frontier = [], [self.pid]
        while frontier:
            below = parents.get(frontier.pop(), [])
            found += below
            frontier += below
        return found

    def resident_bytes(self):
        with open("/proc/%d/statm" % self.pid) as statm:
            return int(statm.read().split()[1]) * PAGE_SIZE

    def close(self):
        """shutdown and exit when navhost still answers; SIGKILL otherwise. Returns its exit code."""
        if self.process.poll() is None:
            try:
                self.request("shutdown", timeout=10)
                self.send({"jsonrpc": "2.0", "method": "exit"})
                return self.process.wait(timeout=10)
            except (SessionError, subprocess.TimeoutExpired):
                self.process.send_signal(signal.SIGKILL)
        return self.process.wait()
