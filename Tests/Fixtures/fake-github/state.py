"""What the fake server remembers: the scripted rules and the request log."""

import threading
import time


class Rule:
    """Applies to requests whose path (prefix stripped, query excluded) equals `path`, or starts
    with it when `match` is "prefix". `times` limits how often it applies (default: always)."""

    def __init__(self, spec):
        self.spec = spec
        self.path = spec["path"]
        self.match = spec.get("match", "exact")
        self.remaining = spec.get("times")

    def applies_to(self, path):
        if self.remaining is not None and self.remaining <= 0:
            return False
        return path.startswith(self.path) if self.match == "prefix" else path == self.path


class ServerState:
    def __init__(self, corpus, writes, github, origin, prefix):
        self.corpus = corpus
        self.writes = writes
        self.github = github
        self.origin = origin
        self.prefix = prefix
        self.lock = threading.Lock()
        self.rules = []
        self.log = []

    @property
    def base_url(self):
        return self.origin + self.prefix

    def set_rules(self, specs):
        with self.lock:
            self.rules = [Rule(spec) for spec in specs]

    def take_rule(self, path):
        """The first rule for `path`, counting one use of it."""
        with self.lock:
            for rule in self.rules:
                if rule.applies_to(path):
                    if rule.remaining is not None:
                        rule.remaining -= 1
                    return rule.spec
        return None

    def recording(self, name):
        """A recording a rule names, of either folder."""
        return self.corpus.by_name.get(name) or self.writes.by_name[name]

    def begin(self, method, path, headers, body=b"", client_port=None):
        entry = {
            "seq": 0,
            "method": method,
            "path": path,
            "headers": {name.lower(): value for name, value in headers.items()},
            "status": None,
            "outcome": "pending",
            "recording": None,
            "fault": None,
            "body": body.decode("utf-8", "replace") if body else None,
            "received_at": time.monotonic(),
            "client_port": client_port,
        }
        with self.lock:
            entry["seq"] = len(self.log) + 1
            self.log.append(entry)
        return entry

    def update(self, entry, **fields):
        with self.lock:
            if fields.get("outcome", "pending") != "pending":
                fields["answered_at"] = time.monotonic()
            entry.update(fields)

    def snapshot(self):
        with self.lock:
            return [dict(entry) for entry in self.log]
