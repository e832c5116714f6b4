"""The recorded write exchanges (<corpus>/writes), matched on method, path and request body as
their README says. Bodies compare as parsed JSON. Three equivalences, each one GitHub makes:
no body, an empty body and `{}` say the same (nothing); a label list sent bare (`["bug"]`) is the
same as `{"labels": ["bug"]}` on the labels endpoints; and a body is the one a client sent that
wrote every editable field as it was (github3.py sends title, body, state… to change the state)
when each of its fields has the recording's value. A path compares percent-decoded, so that the
octokit.rb recordings' placeholders (`<GITHUB_LOGIN>`) match the same text sent encoded."""

import json
import os
from urllib.parse import unquote, urlsplit

from corpus import Recording


def normalized_body(method, path, body):
    """The body as a JSON value, with the equivalences above applied; None for nothing."""
    if isinstance(body, (bytes, bytearray)):
        body = body.decode("utf-8", "replace")
    if isinstance(body, str):
        if not body.strip():
            return None
        try:
            body = json.loads(body)
        except ValueError:
            return body
    if body == {}:
        return None
    if isinstance(body, list) and "/labels" in path:
        return {"labels": body}
    return body


def write_path(path):
    return unquote(urlsplit(path).path)


class WriteRecording(Recording):
    def __init__(self, name, data):
        super().__init__(name, data)
        request = data["request"]
        self.method = request.get("method", "GET").upper()
        self.path = write_path(request["path"])
        self.request_body = normalized_body(self.method, self.path, request.get("body"))

    def matches(self, method, path, body, loosely):
        if self.method != method or self.path != path:
            return False
        if self.request_body == body:
            return True
        return (loosely and isinstance(body, dict) and isinstance(self.request_body, dict)
                and all(key in self.request_body and self.request_body[key] == value for key, value in body.items()))


class WriteCorpus:
    def __init__(self, recordings):
        self.recordings = recordings
        self.by_name = {r.name: r for r in recordings}

    @staticmethod
    def load(folder):
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json")) if os.path.isdir(folder) else []
        recordings = []
        for name in names:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                recordings.append(WriteRecording(name, json.load(handle)))
        return WriteCorpus(recordings)

    def lookup(self, method, path_and_query, raw_body):
        """The recording of this write: an exact body first, then one that wrote every field;
        a successful one first where several match. None for a GET (star checks are answered
        from the state; a test names a recorded one with a rule)."""
        if method == "GET":
            return None
        path = write_path(path_and_query)
        body = normalized_body(method, path, raw_body)
        for loosely in (False, True):
            found = [r for r in self.recordings if r.matches(method, path, body, loosely)]
            if found:
                return sorted(found, key=lambda r: (not 200 <= r.status < 300, r.name))[0]
        return None
