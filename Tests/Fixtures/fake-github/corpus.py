"""The recorded GitHub interactions, indexed by path and query."""

import json
import os
import re
import sys
from urllib.parse import parse_qsl, urlsplit

# They describe the recorded wire bytes (often gzip), not the decoded body we serve; `status`
# is a pseudo-header old recordings carry, `connection` is the server's business.
DROPPED_HEADERS = {"content-encoding", "content-length", "transfer-encoding", "status", "connection"}


# A parameter GitHub would assume when left out: asked for or not, the answer is the same.
GITHUB_DEFAULTS = {("per_page", "30"), ("state", "open"), ("page", "1")}

# How GitHub names an owner by name and by id: its Link URLs use the id form
# (/repos/PyGithub/PyGithub/issues -> /repositories/3544490/issues), and it answers both.
# (prefix by name, prefix by id, path segments the name takes)
NAMED_AND_ID_ROOTS = (("/repos/", "/repositories/", 2), ("/users/", "/user/", 1))


def request_key(path_and_query):
    """(path, sorted decoded query pairs), with GitHub's defaults (per_page=30, state=open) left out."""
    parts = urlsplit(path_and_query)
    pairs = [pair for pair in parse_qsl(parts.query, keep_blank_values=True) if pair not in GITHUB_DEFAULTS]
    return parts.path, tuple(sorted(pairs))


def etag_matches(if_none_match, etag):
    """Whether an If-None-Match header names `etag` (weak and strong tags compare alike)."""
    if not if_none_match or not etag:
        return False
    strip = lambda tag: tag.strip()[2:] if tag.strip().startswith("W/") else tag.strip()
    return if_none_match.strip() == "*" or any(strip(tag) == strip(etag) for tag in if_none_match.split(","))


class Recording:
    def __init__(self, name, data):
        self.name = name
        self.status = data["status"]
        self.request_path = data["request"]["path"]
        request_headers = {name.lower(): value for name, value in (data["request"].get("headers") or {}).items()}
        self.request_accept = request_headers.get("accept", "")
        # Set on a recorded revalidation (a 304): the tag the client sent.
        self.request_if_none_match = request_headers.get("if-none-match")
        self.headers = []
        for header_name, value in data["headers"].items():
            if header_name.lower() in DROPPED_HEADERS:
                continue
            for one in value if isinstance(value, list) else [value]:
                self.headers.append((header_name, one))
        body = data.get("body")
        # The body parsed (None when there is none), for every use that reads it as JSON: it is
        # shared, so whatever changes a body works on a copy (`GitHubState.overlay` builds one).
        self.value = body
        self.body = b"" if body is None else json.dumps(body).encode("utf-8")

    def header(self, name):
        for header_name, value in self.headers:
            if header_name.lower() == name.lower():
                return value
        return None


def root_of(path, prefix, segments):
    """`/repos/o/r` of `/repos/o/r/issues` (prefix "/repos/", two segments), or None."""
    if not path.startswith(prefix):
        return None
    parts = path[len(prefix):].split("/")
    if len(parts) < segments or not all(parts[:segments]):
        return None
    return prefix + "/".join(parts[:segments])


def learned_roots(recording):
    """(root by name, root by id) pairs a recording shows: its request names the owner, and a
    Link URL GitHub wrote for the same list names it by id."""
    request = urlsplit(recording.request_path).path
    links = [urlsplit(url).path for url in re.findall(r"<([^>]*)>", recording.header("Link") or "")]
    pairs = set()
    for named_prefix, id_prefix, segments in NAMED_AND_ID_ROOTS:
        named = root_of(request, named_prefix, segments)
        if named is None:
            continue
        for link in links:
            by_id = root_of(link, id_prefix, 1)
            if by_id is not None and link[len(by_id):] == request[len(named):]:
                pairs.add((named, by_id))
    return pairs


class Corpus:
    def __init__(self, recordings):
        self.recordings = recordings
        self.by_name = {r.name: r for r in recordings}
        self.by_key = {}
        self.other_root = {}
        for recording in recordings:
            self.by_key.setdefault(request_key(recording.request_path), []).append(recording)
            for named, by_id in learned_roots(recording):
                self.other_root[named] = by_id
                self.other_root[by_id] = named

    def candidates(self, path_and_query):
        """The recordings of a request's key; if none, of the same request naming its owner the
        other way (by id for by name, and back), as GitHub answers both."""
        found = self.by_key.get(request_key(path_and_query), [])
        if found:
            return found
        path = urlsplit(path_and_query).path
        for root, other in self.other_root.items():
            if path == root or path.startswith(root + "/"):
                return self.by_key.get(request_key(other + path_and_query[len(root):]), [])
        return []

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

    def lookup(self, path_and_query, if_none_match=None):
        """The recording for a request, keyed on If-None-Match as well as the path and query: a
        conditional request whose tag a recorded revalidation sent gets that recording (the
        recorded 304); otherwise one recorded without a tag, a successful one first when a path
        has several. (The 2013 recordings give one ETag to many resources: a tag alone names
        nothing.)"""
        candidates = self.candidates(path_and_query)
        revalidations = [r for r in candidates if r.request_if_none_match]
        for recording in sorted(revalidations, key=lambda r: r.name):
            if etag_matches(if_none_match, recording.request_if_none_match):
                return recording
        plain = [r for r in candidates if not r.request_if_none_match]
        if not plain:
            return None
        return sorted(plain, key=lambda r: (not 200 <= r.status < 300, r.name))[0]
