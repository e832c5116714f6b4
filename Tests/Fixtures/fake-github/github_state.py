"""The writes the fake has accepted, and what they change: a star, a comment, a closed or
reopened item, its labels, reactions, requested reviewers, a merge. `apply` answers a write as
GitHub would; `overlay` shows the changes in every body served afterwards."""

import copy
import itertools
import re
import threading
from urllib.parse import unquote

from items import ItemIndex, item_key

# The token's user, as GitHub describes a user in a comment or a reaction.
VIEWER = {"login": "navshell-tester", "id": 90000001, "node_id": "U_kgDOBV1AAQ", "type": "User", "site_admin": False,
          "avatar_url": "https://avatars.githubusercontent.com/u/90000001?v=4",
          "url": "https://api.github.com/users/navshell-tester", "html_url": "https://github.com/navshell-tester"}
REACTIONS = ("+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes")
NOW = "2026-01-01T00:00:00Z"
STAR = re.compile(r"^/user/starred/([^/]+)/([^/]+)$")
ON_ITEM = re.compile(r"^/repos/([^/]+)/([^/]+)/(issues|pulls)/(\d+)(?:/(comments|labels|reactions|requested_reviewers|merge)(?:/(.+))?)?$")


def failure(status, message, **extra):
    return status, dict({"message": message, "documentation_url": "https://docs.github.com/rest"}, **extra)


def validation(resource, field, code="missing_field"):
    return failure(422, "Validation Failed", errors=[{"resource": resource, "code": code, "field": field}])


class GitHubState:
    def __init__(self, recordings):
        self.recordings = recordings
        self.built_index = None
        self.index_lock = threading.Lock()
        self.lock = threading.Lock()
        self.starred = set()
        self.changes = {}  # item key -> {"state", "state_reason", "labels", "merged", "reviewers"}
        self.comments = {}  # (owner, name, number) -> [comment]
        self.reactions = {}  # (owner, name, number) -> set of contents by the viewer
        self.ids = itertools.count(7000000001)

    @property
    def index(self):
        """What the recordings show of each item (`ItemIndex`), built at its first use: a server
        whose test neither writes nor asks for what no recording holds never builds it. Its own
        lock, never held while taking `lock`, so it may be read under that one."""
        with self.index_lock:
            if self.built_index is None:
                self.built_index = ItemIndex(self.recordings)
            return self.built_index

    # Reads

    def is_starred(self, owner, name):
        with self.lock:
            return (owner.lower(), name.lower()) in self.starred

    def has_writes(self):
        """Whether any write was accepted (a recorded revalidation may no longer be true)."""
        with self.lock:
            return bool(self.starred or self.changes or self.comments or self.reactions)

    def added_comments(self, owner, name, number):
        with self.lock:
            return copy.deepcopy(self.comments.get((owner.lower(), name.lower(), number), []))

    def starred_repositories(self):
        with self.lock:
            return [self.overlay(self.index.repository(o, n)) for o, n in sorted(self.starred)]

    def shown(self, value, state_filter=None):
        with self.lock:
            return self.overlay(value, state_filter)

    def overlay(self, value, state_filter=None):
        """`value` with the accepted writes shown: items' state, labels, comment and reaction
        counts, repositories' stars. In a list filtered by state, items that left it are dropped.
        Every list and object is a new one, changed in place only here: `value` (a recording's
        own) is left as it was."""
        if isinstance(value, list):
            shown = [self.overlay(element) for element in value]
            if state_filter in ("open", "closed"):
                shown = [e for e in shown if not isinstance(e, dict) or "state" not in e or e["state"] == state_filter]
            return shown
        if not isinstance(value, dict):
            return value
        shown = {k: self.overlay(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
        key = item_key(shown.get("url"))
        if key and "number" in shown:
            self.show_item(shown, key)
        full_name = shown.get("full_name")
        if full_name and "stargazers_count" in shown and tuple(full_name.lower().split("/", 1)) in self.starred:
            for field in ("watchers_count", "watchers"):
                if shown.get(field) == shown["stargazers_count"]:
                    shown[field] += 1
            shown["stargazers_count"] += 1
        return shown

    def show_item(self, item, key):
        owner, name, _, number = key
        for kind in ("issues", "pulls"):
            change = self.changes.get((owner, name, kind, number), {})
            if "state" in change:
                item["state"] = change["state"]
                item["closed_at"] = NOW if change["state"] == "closed" else None
                if "state_reason" in item or change.get("state_reason"):
                    item["state_reason"] = change.get("state_reason")
            if "labels" in change:
                item["labels"] = copy.deepcopy(change["labels"])
            if change.get("merged"):
                item.update(merged=True, merged_at=NOW, state="closed", closed_at=NOW)
            if "reviewers" in change and "requested_reviewers" in item:
                item["requested_reviewers"] = [{"login": login} for login in change["reviewers"]]
        added = len(self.comments.get((owner, name, number), []))
        if added and isinstance(item.get("comments"), int):
            item["comments"] += added
        reactions = item.get("reactions")
        if isinstance(reactions, dict):
            for content in self.reactions.get((owner, name, number), ()):
                reactions[content] = reactions.get(content, 0) + 1
                reactions["total_count"] = reactions.get("total_count", 0) + 1

    # Writes

    def apply(self, method, path, body, base_url):
        """(status, JSON body or None) for a write the fake knows, else None. Nothing changes on a failure."""
        path = unquote(path.split("?", 1)[0])
        with self.lock:
            star = STAR.match(path)
            if star and method in ("PUT", "DELETE"):
                owner, name = star.groups()
                if not self.index.knows_repository(owner, name):
                    return failure(404, "Not Found")
                (self.starred.add if method == "PUT" else self.starred.discard)((owner.lower(), name.lower()))
                return 204, None
            on_item = ON_ITEM.match(path)
            if not on_item:
                return None
            owner, name, kind, number, sub, rest = on_item.groups()
            key = (owner.lower(), name.lower(), kind, int(number))
            other = "issues" if kind == "pulls" else "pulls"
            item = self.index.item(key) or self.index.item((key[0], key[1], other, key[3]))
            if item is None:
                return failure(404, "Not Found")
            handler = getattr(self, "on_%s_%s" % (method.lower(), sub or "item"), None)
            if handler is None:
                return failure(404, "Not Found")
            return handler(key, item, body if isinstance(body, (dict, list)) else {}, rest, base_url)

    def change(self, key):
        return self.changes.setdefault(key, {})

    def on_patch_item(self, key, item, body, rest, base_url):
        state = body.get("state")
        if state not in (None, "open", "closed"):
            return validation("Issue", "state", "invalid")
        if body.get("state_reason") not in (None, "completed", "not_planned", "reopened"):
            return validation("Issue", "state_reason", "invalid")
        if state:
            self.change(key).update(state=state, state_reason=body.get("state_reason") if state == "closed" else None)
        return 200, self.overlay(item)

    def on_post_comments(self, key, item, body, rest, base_url):
        text = body.get("body") if isinstance(body, dict) else None
        if not isinstance(text, str) or not text.strip():
            return validation("IssueComment", "body")
        number = next(self.ids)
        repository = item["url"].rsplit("/", 2)[0].replace("https://api.github.com", base_url)
        comment = {"id": number, "url": "%s/issues/comments/%d" % (repository, number),
                   "html_url": "%s#issuecomment-%d" % (item.get("html_url", ""), number),
                   "body": text, "user": dict(VIEWER), "created_at": NOW, "updated_at": NOW, "author_association": "NONE"}
        self.comments.setdefault((key[0], key[1], key[3]), []).append(comment)
        return 201, comment

    def item_labels(self, key, item):
        return self.change((key[0], key[1], "issues", key[3])).setdefault("labels", copy.deepcopy(item.get("labels") or []))

    def on_post_labels(self, key, item, body, rest, base_url):
        names = body.get("labels") if isinstance(body, dict) else body
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return validation("Label", "labels", "invalid")
        labels = self.item_labels(key, item)
        known = {label["name"]: label for label in self.index.repository_labels(key[0], key[1], base_url)}
        for label in names:
            if all(existing["name"] != label for existing in labels):
                labels.append(known.get(label) or {"name": label, "color": "ededed", "default": False})
        return 200, copy.deepcopy(labels)

    def on_delete_labels(self, key, item, body, rest, base_url):
        labels = self.item_labels(key, item)
        if rest is None or all(label["name"] != rest for label in labels):
            return failure(404, "Label does not exist")
        labels[:] = [label for label in labels if label["name"] != rest]
        return 200, copy.deepcopy(labels)

    def on_post_reactions(self, key, item, body, rest, base_url):
        content = body.get("content") if isinstance(body, dict) else None
        if content not in REACTIONS:
            return validation("Reaction", "content", "invalid")
        mine = self.reactions.setdefault((key[0], key[1], key[3]), set())
        status = 200 if content in mine else 201
        mine.add(content)
        return status, {"id": next(self.ids), "user": dict(VIEWER), "content": content, "created_at": NOW}

    def on_post_requested_reviewers(self, key, item, body, rest, base_url):
        reviewers = body.get("reviewers") if isinstance(body, dict) else None
        if not isinstance(reviewers, list) or not reviewers:
            return validation("PullRequest", "reviewers", "invalid")
        self.change(key).setdefault("reviewers", [])
        self.change(key)["reviewers"] += [r for r in reviewers if r not in self.change(key)["reviewers"]]
        return 201, self.overlay(item)

    def on_put_merge(self, key, item, body, rest, base_url):
        shown = self.overlay(item)
        if shown.get("merged") or shown.get("state") != "open":
            return failure(405, "Pull Request is not mergeable")
        sha = body.get("sha") if isinstance(body, dict) else None
        if sha and sha != (shown.get("head") or {}).get("sha"):
            return failure(409, "Head branch was modified. Review and try the merge again.")
        self.change(key)["merged"] = True
        return 200, {"sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e", "merged": True, "message": "Pull Request successfully merged"}
