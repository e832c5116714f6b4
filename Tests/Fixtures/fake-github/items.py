"""What the recordings show of each issue, pull request and repository, by where it lives: the
writes act on these, and the fake answers a single item or an empty conversation the
recordings did not capture from them."""

import copy
import re

ITEM_URL = re.compile(r"/repos/([^/]+)/([^/]+)/(issues|pulls)/(\d+)$")

# The labels GitHub gives every new repository.
DEFAULT_LABELS = [
    ("bug", "d73a4a", "Something isn't working"),
    ("documentation", "0075ca", "Improvements or additions to documentation"),
    ("duplicate", "cfd3d7", "This issue or pull request already exists"),
    ("enhancement", "a2eeef", "New feature or request"),
    ("good first issue", "7057ff", "Good for newcomers"),
    ("help wanted", "008672", "Extra attention is needed"),
    ("invalid", "e4e669", "This doesn't seem right"),
    ("question", "d876e3", "Further information is requested"),
    ("wontfix", "ffffff", "This will not be worked on"),
]


def item_key(url):
    """(owner, name, "issues" or "pulls", number) of an item's API URL, names lower-cased."""
    match = ITEM_URL.search(url or "")
    if not match:
        return None
    owner, name, kind, number = match.groups()
    return owner.lower(), name.lower(), kind, int(number)


def repository_key(full_name):
    return tuple(full_name.lower().split("/", 1)) if full_name and "/" in full_name else None


class ItemIndex:
    """The newest recorded body of every item and repository any recording holds (in a list, a
    search, or alone), and the labels seen on each repository's items. They are parts of the
    recordings' own values: what it hands out is a deep copy."""

    def __init__(self, recordings):
        self.items = {}
        self.repositories = {}
        self.labels = {}
        for recording in sorted(recordings, key=lambda r: r.name):
            if 200 <= recording.status < 300 and recording.value is not None:
                self.collect(recording.value)

    def collect(self, value):
        if isinstance(value, list):
            for element in value:
                self.collect(element)
            return
        if not isinstance(value, dict):
            return
        key = item_key(value.get("url"))
        if key and "number" in value and "title" in value:
            self.items[key] = value
            for label in value.get("labels") or []:
                if isinstance(label, dict) and label.get("name"):
                    self.labels.setdefault(key[:2], {})[label["name"]] = label
        repository = repository_key(value.get("full_name"))
        if repository and "stargazers_count" in value:
            self.repositories[repository] = value
        for child in value.values():
            if isinstance(child, (dict, list)):
                self.collect(child)

    def item(self, key):
        return copy.deepcopy(self.items.get(key))

    def knows_repository(self, owner, name):
        key = (owner.lower(), name.lower())
        return key in self.repositories or any(item[:2] == key for item in self.items)

    def repository(self, owner, name):
        found = self.repositories.get((owner.lower(), name.lower()))
        if found:
            return copy.deepcopy(found)
        return {"full_name": "%s/%s" % (owner, name), "name": name, "owner": {"login": owner}, "stargazers_count": 0}

    def repository_labels(self, owner, name, base_url):
        """GitHub's default labels, then those the recordings show on the repository's items."""
        labels = {}
        for label, color, description in DEFAULT_LABELS:
            labels[label] = {"name": label, "color": color, "description": description, "default": True}
        labels.update(copy.deepcopy(self.labels.get((owner.lower(), name.lower()), {})))
        for label in labels.values():
            label["url"] = "%s/repos/%s/%s/labels/%s" % (base_url, owner, name, label["name"])
        return list(labels.values())
