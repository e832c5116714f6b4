"""Reads after writes: what a GET shows once the fake accepted writes (a recorded body with the
changes shown, and a new ETag), and the answers no recording holds but the state can give
(the star check, the viewer's stars, a repository's labels, an item or conversation the
recordings show only inside a list)."""

import hashlib
import json
import re
from urllib.parse import parse_qsl, unquote, urlsplit

from github_state import STAR, VIEWER
from items import item_key

COMMENTS = re.compile(r"^/repos/([^/]+)/([^/]+)/issues/(\d+)/comments$")
LABELS = re.compile(r"^/repos/([^/]+)/([^/]+)/labels$")
STARGAZERS = re.compile(r"^/repos/([^/]+)/([^/]+)/stargazers$")
LIST = re.compile(r"^/repos/[^/]+/[^/]+/(issues|pulls)$")
# Validators that describe the recorded body, not one the state changed.
VALIDATORS = {"etag", "last-modified", "content-type"}


def named_path(corpus, path):
    """`/repos/o/r/...` for `/repositories/{id}/...` (what a followed Link names), else `path`."""
    plain = unquote(urlsplit(path).path)
    for root, other in corpus.other_root.items():
        if other.startswith("/repos/") and (plain == root or plain.startswith(root + "/")):
            return other + plain[len(root):]
    return plain


def shown(state, path, value, link):
    """A recorded body with the accepted writes shown; comments the viewer added end the
    conversation's last page."""
    named = named_path(state.corpus, path)
    filter_state = None
    if LIST.match(named):
        filter_state = dict(parse_qsl(urlsplit(path).query)).get("state", "open")
    value = state.github.shown(value, filter_state)
    comments = COMMENTS.match(named)
    if comments and isinstance(value, list) and 'rel="next"' not in (link or ""):
        owner, name, number = comments.groups()
        value = value + state.github.added_comments(owner, name, int(number))
    return value


def synthesized(state, path):
    """(status, JSON) for a GET no recording answers but the state can, else None."""
    named = named_path(state.corpus, path)
    github = state.github
    star = STAR.match(named)
    if star:
        return (204, None) if github.is_starred(*star.groups()) else (404, {"message": "Not Found"})
    if named == "/user/starred":
        return 200, github.starred_repositories()
    index = github.index
    labels = LABELS.match(named)
    if labels and index.knows_repository(*labels.groups()):
        return 200, index.repository_labels(*labels.groups(), state.base_url)
    stargazers = STARGAZERS.match(named)
    if stargazers and index.knows_repository(*stargazers.groups()):
        return 200, [dict(VIEWER)] if github.is_starred(*stargazers.groups()) else []
    item = index.item(item_key(named) or ())
    if item is not None:
        return 200, github.shown(item)
    comments = COMMENTS.match(named)
    if comments:
        owner, name, number = comments.groups()
        if index.item((owner.lower(), name.lower(), "issues", int(number))) is not None:
            return 200, github.added_comments(owner, name, int(number))
    return None


def etag(body):
    return 'W/"%s"' % hashlib.sha1(body).hexdigest()


def headers_for(recorded_headers, body):
    """The recording's headers with validators of the body actually served."""
    kept = [(name, value) for name, value in recorded_headers if name.lower() not in VALIDATORS]
    return kept + [("Content-Type", "application/json; charset=utf-8"), ("ETag", etag(body))]


def encode(value):
    return b"" if value is None else json.dumps(value).encode("utf-8")
