"""The recorded GitHub interactions, indexed by path and query."""

import json
import os
import sys
from urllib.parse import parse_qsl, urlsplit

# They describe the recorded wire bytes (often gzip), not the decoded body we serve; `status`
# is a pseudo-header old recordings carry, `connection` is the server's business.
DROPPED_HEADERS = {"content-encoding", "content-length", "transfer-encoding", "status", "connection"}


def request_key(path_and_query):
    """(path, sorted query pairs), with GitHub's default page size (per_page=30) left out."""
    parts = urlsplit(path_and_query)
    pairs = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if (k, v) != ("per_page", "30")]
    return parts.path, tuple(sorted(pairs))


class Recording:
    def __init__(self, name, data):
        self.name = name
        self.status = data["status"]
        self.request_path = data["request"]["path"]
        self.request_accept = (data["request"].get("headers") or {}).get("Accept", "")
        self.headers = []
        for header_name, value in data["headers"].items():
            if header_name.lower() in DROPPED_HEADERS:
                continue
            for one in value if isinstance(value, list) else [value]:
                self.headers.append((header_name, one))
        body = data.get("body")
        self.body = b"" if body is None else json.dumps(body).encode("utf-8")

    def header(self, name):
        for header_name, value in self.headers:
            if header_name.lower() == name.lower():
                return value
        return None


class Corpus:
    def __init__(self, recordings):
        self.recordings = recordings
        self.by_name = {r.name: r for r in recordings}
        self.by_key = {}
        for recording in recordings:
            self.by_key.setdefault(request_key(recording.request_path), []).append(recording)

    @staticmethod
    def load(folder):
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json")) if os.path.isdir(folder) else []
        if not names:
            sys.exit("fake-github: the GitHub corpus folder is missing or empty: %s" % folder)
        recordings = []
        for name in names:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                recordings.append(Recording(name, json.load(handle)))
        return Corpus(recordings)

    def lookup(self, path_and_query):
        """The recording for a request: a successful one first when a path has several."""
        candidates = self.by_key.get(request_key(path_and_query), [])
        if not candidates:
            return None
        ordered = sorted(candidates, key=lambda r: (not 200 <= r.status < 300, r.name))
        return ordered[0]
