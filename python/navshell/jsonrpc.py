"""A JSON-RPC 2.0 connection over a pair of file descriptors.

This module knows nothing about navhost: it frames messages (newline-delimited JSON, as the
host-worker pipes use, or LSP's Content-Length headers), reads with a deadline, correlates
replies with requests by id, and keeps the notifications and requests the peer sent. Both the
navhost client and a worker written in Python can sit on it.
"""

import collections
import json
import os
import select
import time

from .errors import ConnectionClosed, ProtocolError, RPCError, Timeout

NEWLINE = "newline"
CONTENT_LENGTH = "content-length"

_READ_SIZE = 65536
# Notifications kept for ``Connection.received``; older ones are dropped so a long session
# does not grow without bound.
RECEIVED_LIMIT = 10000


def encode(message, framing=NEWLINE):
    """The bytes that carry one message in the given framing."""
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if framing == NEWLINE:
        return body + b"\n"
    if framing == CONTENT_LENGTH:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    raise ValueError(f"unknown framing {framing!r}; use {NEWLINE!r} or {CONTENT_LENGTH!r}")


class NewlineDecoder:
    """Splits a byte stream into message bodies, one per line; blank lines are skipped."""

    def __init__(self):
        self._buffer = bytearray()

    def feed(self, data):
        self._buffer += data
        bodies = []
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                return bodies
            line = bytes(self._buffer[:end]).rstrip(b"\r")
            del self._buffer[: end + 1]
            if line.strip():
                bodies.append(line)


class ContentLengthDecoder:
    """Splits a byte stream framed with ``Content-Length: N`` headers into message bodies."""

    def __init__(self):
        self._buffer = bytearray()
        self._remaining = None  # the body length once a header block was read

    def feed(self, data):
        self._buffer += data
        bodies = []
        while True:
            if self._remaining is None:
                self._remaining = self._read_header()
                if self._remaining is None:
                    return bodies
            if len(self._buffer) < self._remaining:
                return bodies
            bodies.append(bytes(self._buffer[: self._remaining]))
            del self._buffer[: self._remaining]
            self._remaining = None

    def _read_header(self):
        # Searched in place: a copy of the buffer for each message made a read of many small
        # messages cost the buffer's length once per message.
        end, separator = self._buffer.find(b"\r\n\r\n"), 4
        bare = self._buffer.find(b"\n\n", 0, end if end >= 0 else len(self._buffer))
        if end < 0 or bare >= 0:
            end, separator = bare, 2
        if end < 0:
            return None
        header = self._buffer[:end].decode("ascii", "replace")
        del self._buffer[: end + separator]
        for line in header.splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length" and value.strip().isdigit():
                return int(value.strip())
        if not header.strip():
            return self._read_header()
        raise ProtocolError(f"a message header without Content-Length: {header!r}")


def decoder_for(framing):
    if framing == NEWLINE:
        return NewlineDecoder()
    if framing == CONTENT_LENGTH:
        return ContentLengthDecoder()
    raise ValueError(f"unknown framing {framing!r}; use {NEWLINE!r} or {CONTENT_LENGTH!r}")


class Connection:
    """One JSON-RPC peer: reads from ``read_fd``, writes to ``write_fd``.

    Every wait takes a timeout in seconds and raises ``Timeout`` naming what it waited for.
    Notifications are kept in arrival order (``received``, and a queue for
    ``next_notification``); requests from the peer are queued for ``next_request``.
    ``describe_end`` may return extra text for the error raised when the peer's output ends
    (the client puts navhost's exit status and last log lines there).
    """

    def __init__(self, read_fd, write_fd, framing=NEWLINE, describe_end=None):
        self._read_fd = read_fd
        self._write_fd = write_fd
        self.framing = framing
        self._decoder = decoder_for(framing)
        self._describe_end = describe_end or (lambda: "")
        self._next_id = 1
        self._replies = {}
        self._pending_notifications = collections.deque()
        self._pending_requests = collections.deque()
        self.received = collections.deque(maxlen=RECEIVED_LIMIT)
        self.closed = False

    # Sending

    def send(self, message):
        data = encode(message, self.framing)
        while data:
            try:
                written = os.write(self._write_fd, data)
            except (BrokenPipeError, OSError) as error:
                raise ConnectionClosed(f"cannot write to the peer: {error}. {self._describe_end()}".strip())
            data = data[written:]

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def start_request(self, method, params=None):
        """Sends a request and returns its id; ``wait_reply`` collects the answer."""
        request_id = self._next_id
        self._next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def request(self, method, params=None, timeout=10.0):
        """Sends a request and returns its result; an error reply raises ``RPCError``."""
        return self.wait_reply(self.start_request(method, params), method, timeout)

    def reply(self, request_id, result):
        self.send({"jsonrpc": "2.0", "id": request_id, "result": result})

    def reply_error(self, request_id, code, message, data=None):
        error = {"code": code, "message": message}
        if data is not None:
            error["data"] = data
        self.send({"jsonrpc": "2.0", "id": request_id, "error": error})

    # Waiting

    def wait_reply(self, request_id, method, timeout):
        deadline = _deadline(timeout)
        while request_id not in self._replies:
            self._read_some(deadline, f"the reply to {method} (request {request_id})", timeout)
        reply = self._replies.pop(request_id)
        if "error" in reply:
            error = reply["error"] if isinstance(reply["error"], dict) else {}
            raise RPCError(method, error.get("code"), error.get("message", str(reply["error"])), error.get("data"))
        return reply.get("result")

    def next_notification(self, method=None, timeout=10.0):
        """The oldest notification not taken yet (of ``method`` when given; others stay queued)."""
        deadline = _deadline(timeout)
        what = f"a {method} notification" if method else "a notification"
        while True:
            for index, notification in enumerate(self._pending_notifications):
                if method is None or notification["method"] == method:
                    del self._pending_notifications[index]
                    return notification
            self._read_some(deadline, what, timeout)

    def next_request(self, timeout=10.0):
        """The oldest request from the peer not taken yet: ``{"id", "method", "params"}``."""
        deadline = _deadline(timeout)
        while not self._pending_requests:
            self._read_some(deadline, "a request", timeout)
        return self._pending_requests.popleft()

    def wait_incoming(self, timeout):
        """Waits until a request or a notification from the peer is pending (a worker's loop)."""
        deadline = _deadline(timeout)
        while not self._pending_requests and not self._pending_notifications:
            self._read_some(deadline, "a message", timeout)

    def has_request(self):
        return bool(self._pending_requests)

    def drain(self):
        """Reads whatever has already arrived, without waiting."""
        while not self.closed and _readable(self._read_fd, 0):
            self._read_some(time.monotonic(), "nothing", 0)

    def take_notifications(self):
        """Every notification not taken yet, oldest first, and forgets them."""
        self.drain()
        taken = list(self._pending_notifications)
        self._pending_notifications.clear()
        return taken

    # Reading

    def _read_some(self, deadline, what, timeout):
        if self.closed:
            raise ConnectionClosed(f"the peer closed its output while waiting for {what}. {self._describe_end()}".strip())
        # Past the deadline, what has already arrived is still read (a wait of 0 s polls).
        if not _readable(self._read_fd, deadline - time.monotonic()):
            raise Timeout(f"timed out after {timeout:g} s waiting for {what}")
        data = os.read(self._read_fd, _READ_SIZE)
        if not data:
            self.closed = True
            raise ConnectionClosed(f"the peer closed its output while waiting for {what}. {self._describe_end()}".strip())
        problems = []
        for body in self._decoder.feed(data):
            try:
                self._dispatch(body)
            except ProtocolError as problem:  # the other messages of this read still count
                problems.append(problem)
        if problems:
            raise problems[0]

    def _dispatch(self, body):
        try:
            message = json.loads(body)
        except ValueError as error:
            raise ProtocolError(f"the peer wrote something that is not JSON ({error}): {body[:200]!r}")
        for item in message if isinstance(message, list) else [message]:
            if not isinstance(item, dict):
                raise ProtocolError(f"the peer wrote a message that is not an object: {item!r}")
            if "method" in item and "id" in item:
                self._pending_requests.append({"id": item["id"], "method": item["method"], "params": item.get("params")})
            elif "method" in item:
                notification = {"method": item["method"], "params": item.get("params")}
                self.received.append(notification)
                self._pending_notifications.append(notification)
            elif "id" in item:
                self._replies[item["id"]] = item
            else:
                raise ProtocolError(f"the peer wrote a message that is neither request, notification nor reply: {item!r}")


def _deadline(timeout):
    if timeout is None or timeout < 0:
        raise ValueError("every wait needs a timeout of 0 seconds or more")
    return time.monotonic() + timeout


def _readable(fd, seconds):
    ready, _, _ = select.select([fd], [], [], max(0.0, seconds))
    return bool(ready)
