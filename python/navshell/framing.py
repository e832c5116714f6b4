"""Message framing for JSON-RPC: newline-delimited JSON, as the host-worker pipes use, or
LSP's ``Content-Length`` headers. Pure byte-stream state machines with no I/O: a decoder is fed
chunks as they arrive, split anywhere, and returns the whole message bodies they complete.
"""

import json

from .errors import ProtocolError

NEWLINE = "newline"
CONTENT_LENGTH = "content-length"


def frame(body, framing=NEWLINE):
    """The bytes that carry one message body (bytes, already encoded) in the given framing."""
    if framing == NEWLINE:
        return body + b"\n"
    if framing == CONTENT_LENGTH:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    raise ValueError(f"unknown framing {framing!r}; use {NEWLINE!r} or {CONTENT_LENGTH!r}")


def encode(message, framing=NEWLINE):
    """The bytes that carry one message in the given framing."""
    return frame(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), framing)


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
