"""One connection's requests: control endpoints, corpus replay, conditional 304s, faults."""

import json
import select
import socket
import struct
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import urlsplit

import answers
from corpus import etag_matches

RECORDED_ORIGIN = "https://api.github.com"
NOT_FOUND = {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}
LONGEST_DELAY_MS = 30000


class FakeGitHubHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.handle_api_request()

    def do_PUT(self):
        self.handle_api_request()

    def do_PATCH(self):
        self.handle_api_request()

    def do_DELETE(self):
        self.handle_api_request()

    def do_POST(self):
        control = urlsplit(self.path).path
        if control == "/__script":
            specs = json.loads(self.read_body() or b"[]")
            self.server.state.set_rules(specs)
            return self.send_json(200, {"rules": len(specs)})
        self.handle_api_request()

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def handle_api_request(self):
        state = self.server.state
        if self.command == "GET" and urlsplit(self.path).path == "/__requests":
            return self.send_json(200, state.snapshot())
        body = self.read_body()
        path = self.path
        if state.prefix:
            if not path.startswith(state.prefix + "/"):
                return self.send_json(404, NOT_FOUND)
            path = path[len(state.prefix):]
        entry = state.begin(self.command, path, self.headers, body, self.client_address[1])
        rule = state.take_rule(urlsplit(path).path) or {}
        state.update(entry, fault=rule.get("fault") or ("slow" if rule.get("delay_ms") else None))
        if rule.get("delay_ms") and not self.wait_unless_client_leaves(rule["delay_ms"]):
            state.update(entry, outcome="client_closed")
            self.close_connection = True
            return
        fault = rule.get("fault")
        if fault in ("drop", "reset"):
            return self.hang_up(entry, reset=fault == "reset")
        if fault == "echo_authorization":
            message = "Bad credentials: %s" % self.headers.get("Authorization", "")
            return self.reply(entry, 401, [("Content-Type", "application/json; charset=utf-8")],
                              json.dumps({"message": message}).encode("utf-8"), rule)
        if "status" in rule:
            body = json.dumps(rule.get("body", {})).encode("utf-8")
            return self.reply(entry, rule["status"], [("Content-Type", "application/json; charset=utf-8")], body, rule)
        if self.command != "GET":
            return self.answer_write(entry, path, body, rule)
        named = rule.get("recording")
        if named is None and answers.STAR.match(answers.named_path(state.corpus, path)):
            return self.answer_state(entry, answers.synthesized(state, path), [], rule)
        recording = state.recording(named) if named else state.corpus.lookup(path, self.headers.get("If-None-Match"))
        if recording is None:
            found = answers.synthesized(state, path)
            if found is not None:
                return self.answer_state(entry, found, [], rule)
            state.update(entry, recording=None, unmatched=True)
            return self.reply(entry, 404, [("Content-Type", "application/json; charset=utf-8")],
                              json.dumps(NOT_FOUND).encode("utf-8"), rule)
        state.update(entry, recording=recording.name)
        if state.github.has_writes():
            # A recorded revalidation vouches for the body recorded without a tag.
            shown = state.corpus.lookup(path) if recording.status == 304 and not named else recording
            if shown is not None and shown.status == 200 and shown.body:
                return self.answer_after_writes(entry, path, shown, rule)
        self.replay(entry, recording, rule)

    def answer_after_writes(self, entry, path, recording, rule):
        """Once anything was written: the recorded body with the writes shown, with the state's
        ETag, and 304 only when the request's validator names that body: its state's ETag, or the
        recording's own while the writes left the body as recorded."""
        recorded = recording.value
        value = answers.shown(self.server.state, path, recorded, recording.header("Link"))
        headers = [(n, self.rewrite(v) if n.lower() in ("link", "location") else v) for n, v in recording.headers]
        still_recorded = value == recorded and self.is_not_modified(recording)
        self.answer_state(entry, (200, value), headers, rule, not_modified=still_recorded)

    def answer_write(self, entry, path, body, rule):
        """A write: the recording of the same method, path and body when there is one, else the
        state's own answer; a successful one changes the state either way."""
        state = self.server.state
        try:
            value = json.loads(body) if body else None
        except ValueError:
            value = None
        recording = state.recording(rule["recording"]) if "recording" in rule else state.writes.lookup(self.command, path, body)
        if recording is None:
            answered = state.github.apply(self.command, path, value, state.base_url)
            if answered is None:
                state.update(entry, unmatched=True)
                answered = (404, NOT_FOUND)
            return self.answer_state(entry, answered, [], rule)
        if 200 <= recording.status < 300:
            state.github.apply(self.command, path, value, state.base_url)
        state.update(entry, recording=recording.name)
        self.replay(entry, recording, rule)

    def answer_state(self, entry, answered, recorded_headers, rule, not_modified=False):
        """A body the state gave or changed, with an ETag of its own (304 when it matches, or
        when the caller knows the request's validator still names it)."""
        status, value = answered
        body = answers.encode(value)
        headers = answers.headers_for(recorded_headers, body)
        if status == 200 and (not_modified or etag_matches(self.headers.get("If-None-Match"), answers.etag(body))):
            return self.reply(entry, 304, [h for h in headers if h[0].lower() != "content-type"], b"", rule)
        self.reply(entry, status, headers, body, rule)

    def replay(self, entry, recording, rule):
        headers = [(name, self.rewrite(value) if name.lower() in ("link", "location") else value)
                   for name, value in recording.headers]
        body = recording.body
        if 200 <= recording.status < 300 and self.is_not_modified(recording):
            headers = [(name, value) for name, value in headers if name.lower() != "content-type"]
            return self.reply(entry, 304, headers, b"", rule)
        if rule.get("fault") == "malformed":
            body = body[: len(body) // 2]
        if rule.get("fault") == "truncate":
            return self.reply(entry, recording.status, headers, body, rule, truncate=True)
        self.reply(entry, recording.status, headers, body, rule)

    def is_not_modified(self, recording):
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match:
            return etag_matches(if_none_match, recording.header("ETag"))
        since = self.headers.get("If-Modified-Since")
        return bool(since) and since == recording.header("Last-Modified")

    def rewrite(self, value):
        return value.replace(RECORDED_ORIGIN, self.server.state.base_url)

    def wait_unless_client_leaves(self, milliseconds):
        """Waits; False as soon as the client closed its end (a cancelled request)."""
        deadline = time.monotonic() + min(milliseconds, LONGEST_DELAY_MS) / 1000.0
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return True
            readable, _, _ = select.select([self.connection], [], [], min(remaining, 0.02))
            if readable:
                try:
                    if not self.connection.recv(1, socket.MSG_PEEK):
                        return False
                except OSError:
                    return False
                time.sleep(min(remaining, 0.02))

    def hang_up(self, entry, reset):
        self.close_connection = True
        if reset:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
        else:
            self.connection.shutdown(socket.SHUT_RDWR)
        self.server.state.update(entry, outcome="reset" if reset else "dropped")

    def reply(self, entry, status, headers, body, rule, truncate=False):
        extra = list((rule.get("add_headers") or {}).items())
        # Logged before the client can see the answer; `outcome` is known only after writing.
        self.server.state.update(entry, status=status)
        try:
            self.send_response_only(status)
            for name, value in headers + extra:
                self.send_header(name, value)
            if status not in (204, 304):
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if truncate:
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return self.server.state.update(entry, outcome="truncated")
            if status not in (204, 304):
                self.wfile.write(body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            return self.server.state.update(entry, outcome="client_closed")
        self.server.state.update(entry, outcome="completed")

    def send_json(self, status, value):
        body = json.dumps(value).encode("utf-8")
        self.send_response_only(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
