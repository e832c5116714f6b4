"""A JSON-RPC 2.0 connection over a pair of file descriptors.

This module knows nothing about navhost: it frames messages (``framing``: newline-delimited
JSON, as the host-worker pipes use, or LSP's Content-Length headers), reads with a deadline,
correlates replies with requests by id, and keeps the notifications and requests the peer sent.
The navhost client, a worker written in Python, the scripts and the test harnesses all sit on
it; a hostile client writes its own bytes through ``write`` and matches what comes back itself
(``inbox``).
"""

import collections
import json
import os
import select
import time

from .errors import ConnectionClosed, ProtocolError, RPCError, Timeout
from .framing import CONTENT_LENGTH, NEWLINE, ContentLengthDecoder, NewlineDecoder, decoder_for, encode, frame  # noqa: F401

_READ_SIZE = 65536
# Notifications kept for ``Connection.received``; older ones are dropped so a long session
# does not grow without bound.
RECEIVED_LIMIT = 10000


class Connection:
    """One JSON-RPC peer: reads from ``read_fd``, writes to ``write_fd``.

    Every wait takes a timeout in seconds and raises ``Timeout`` naming what it waited for.
    Notifications are kept in arrival order (``received``, and a queue for
    ``next_notification``); requests from the peer are queued for ``next_request``.
    ``describe_end`` may return extra text for the error raised when the peer's output ends
    (the client puts navhost's exit status and last log lines there).

    ``inbox=True`` is for a client that matches what comes back itself (a hostile client, a
    test of malformed messages): every message the peer writes is kept as parsed, a batch's
    answer as its list, in ``inbox`` in arrival order, nothing is queued or correlated, and
    ``take`` and ``exchange`` find messages there. ``write_timeout`` (seconds) makes every
    send go through ``write``: reading while the peer does not take the bytes, and failing
    after that long without progress; without it a send blocks until it is written.
    ``first_id`` is the first request id ``start_request`` gives.
    """

    def __init__(self, read_fd, write_fd, framing=NEWLINE, describe_end=None, *, inbox=False,
                 write_timeout=None, first_id=1):
        self._read_fd = read_fd
        self._write_fd = write_fd
        self.framing = framing
        self._decoder = decoder_for(framing)
        self._describe_end = describe_end or (lambda: "")
        self._next_id = first_id
        self._replies = {}
        self._pending_notifications = collections.deque()
        self._pending_requests = collections.deque()
        self.received = collections.deque(maxlen=RECEIVED_LIMIT)
        self.inbox = [] if inbox else None
        self.write_timeout = write_timeout
        self.closed = False

    # Sending

    def send(self, message):
        data = encode(message, self.framing)
        if self.write_timeout is not None:
            self.write(data, self.write_timeout)
            return
        while data:
            try:
                written = os.write(self._write_fd, data)
            except (BrokenPipeError, OSError) as error:
                raise self._write_failed(error)
            data = data[written:]

    def write(self, data, timeout, read=True):
        """Writes ``data`` (bytes, framed or not: they go out as they are) whole.

        While the peer does not take them, what it writes is read (``read=False`` leaves it
        unread, as a client busy writing would), so neither side waits on the other. Raises
        ``Timeout`` when for ``timeout`` seconds the peer neither took a byte nor wrote one.
        """
        view = memoryview(data)
        blocking = os.get_blocking(self._write_fd)
        os.set_blocking(self._write_fd, False)
        problems = []
        try:
            while view:
                readers = [self._read_fd] if read and not self.closed else []
                readable, writable, _ = select.select(readers, [self._write_fd], [], timeout)
                if not readable and not writable:
                    raise Timeout(f"the peer took none of the bytes for {timeout:g} s "
                                  f"({len(data) - len(view)} of {len(data)} written)")
                if writable:
                    try:
                        view = view[os.write(self._write_fd, view):]
                    except BlockingIOError:
                        pass
                    except OSError as error:
                        raise self._write_failed(error)
                if readable:
                    try:
                        self._read_some(time.monotonic(), "nothing", 0)
                    except ProtocolError as problem:  # the write goes on; reported once it is done
                        problems.append(problem)
        finally:
            os.set_blocking(self._write_fd, blocking)
        if problems:
            raise problems[0]

    def _write_failed(self, error):
        return ConnectionClosed(f"cannot write to the peer: {error}. {self._describe_end()}".strip())

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def start_request(self, method, params=None, request_id=None):
        """Sends a request and returns its id (the next one, unless ``request_id`` names it);
        ``wait_reply`` collects the answer."""
        if request_id is None:
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

    def exchange(self, method, params=None, timeout=10.0, request_id=None):
        """Sends a request and returns its whole reply message, a result or an error, as the
        peer wrote it (for a client that checks errors itself)."""
        request_id = self.start_request(method, params, request_id)
        return self.reply_message(request_id, method, timeout)

    def reply_message(self, request_id, method, timeout):
        """The reply to request ``request_id`` as the peer wrote it."""
        what = f"the reply to {method} (request {request_id})"
        if self.inbox is not None:
            return self.take(lambda m: isinstance(m, dict) and "method" not in m and m.get("id") == request_id, timeout, what)
        deadline = _deadline(timeout)
        while request_id not in self._replies:
            self._read_some(deadline, what, timeout)
        return self._replies.pop(request_id)

    def wait_reply(self, request_id, method, timeout):
        reply = self.reply_message(request_id, method, timeout)
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

    def take(self, matches, timeout, what="a matching message"):
        """The oldest message in ``inbox`` that ``matches`` accepts, removed from it, waiting
        up to ``timeout`` seconds for it to arrive."""
        deadline = _deadline(timeout)
        checked = 0
        while True:
            for index in range(checked, len(self.inbox)):
                if matches(self.inbox[index]):
                    return self.inbox.pop(index)
            checked = len(self.inbox)
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

    def read_to_end(self, timeout):
        """Reads every message (kept as ever) until the peer closes its output: a client that
        closed its input still takes what it is owed. Raises Timeout if the output is still open
        after ``timeout`` seconds."""
        deadline = _deadline(timeout)
        while not self.closed:
            try:
                self._read_some(deadline, "the end of the peer's output", timeout)
            except ConnectionClosed:
                return

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
        if self.inbox is not None:
            self.inbox.append(message)
            return
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
