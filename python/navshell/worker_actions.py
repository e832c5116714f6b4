"""Row actions for navshell.worker: ``worker/actions`` and ``worker/perform`` (docs/protocol.md,
section 11, "Actions"), generic over any ``ListScreen``.

A screen lists what an item offers (``actions(item)``, ``item`` None for the screen's own),
says how its row will look once an action is done (``preview``) and does it (``perform``,
raising ``ActionFailed``); this module checks the input, asks for a confirmation of a
destructive action (a token bound to the action, the targets, the input and each target's
``action_state``, good for ``CONFIRM_SECONDS``), updates the rows at once, puts them back on a
failure and reads them again after a success, reports each target's result, and adds and
answers the read-only actions every row, and the screen's own item, has (``open-url``,
``copy-url``, ``copy-text``).
"""

import hashlib
import json
import secrets
import sys
import time

INVALID_PARAMS, ACTION_FAILED = -32602, -32016
CONFIRM_SECONDS = 120
MAX_TARGETS = 100
FIELD_TYPES = {"string": str, "text": str, "number": (int, float), "boolean": bool, "enum": str}
FRAMEWORK_READ_ONLY = ("open-url", "copy-url", "copy-text")


def Field(name, title, type="string", required=False, options=None, default=None):
    """One input an action asks for; ``type`` is string, text, number, boolean or enum."""
    if type not in FIELD_TYPES:
        raise ValueError(f"unknown field type {type!r}")
    fields = {"name": name, "title": title, "type": type, "required": required or None, "options": options,
              "default": default}
    return {key: value for key, value in fields.items() if value is not None}


def Action(id, title, key=None, read_only=False, destructive=False, idempotent=False, input=(), disabled=None,
           message=None):
    """An action as the protocol lists it. ``disabled`` is the text saying why it cannot be
    performed now; ``message`` the question a destructive one asks (default: its title and row)."""
    fields = {"id": id, "title": title, "key": key, "readOnly": read_only, "destructive": destructive,
              "idempotent": idempotent, "input": list(input) or None,
              "disabled": {"reason": disabled} if disabled else None, "message": message}
    return {name: value for name, value in fields.items() if value is not None}


class ActionFailed(Exception):
    """Raised by a screen's ``perform``: ``reason`` (``conflict``, ``validation``, ``notFound``,
    ``forbidden``, ``unavailable``, ``failed``, ...), the message, and what GitHub said."""

    def __init__(self, reason, message, status=None, retry_after=None):
        super().__init__(message)
        self.reason, self.message, self.status, self.retry_after = reason, message, status, retry_after


def _read_only(url):
    actions = [Action("open-url", "Open in browser", key="u", read_only=True, idempotent=True),
               Action("copy-url", "Copy URL", key="y", read_only=True, idempotent=True)] if url else []
    return actions + [Action("copy-text", "Copy text", key="Y", read_only=True, idempotent=True)]


class Actions:
    """The action requests of one worker; ``worker`` gives the screen, its items and updates."""

    def __init__(self, worker, failure):
        self.worker, self.failure = worker, failure
        self.confirmations = {}  # token -> (binding, deadline)

    def actions(self, params):
        targets = self._targets(params)
        offered = self._offered(targets, self._reads(targets))
        return {"screen": self.worker.screen_id, "actions": [self._public(a) for a in offered]}

    def perform(self, params):
        targets, given = self._targets(params), params.get("input") or {}
        reads = self._reads(targets)
        action_id = params.get("action")
        action = next((a for a in self._offered(targets, reads) if a["id"] == action_id), None)
        if action is None:
            raise self.failure(INVALID_PARAMS, f"the rows offer no action '{action_id}'",
                               {"reason": "unknownAction", "action": action_id})
        fail = lambda reason, message, **facts: self.failure(ACTION_FAILED, message,
                                                              _failure_data(reason, action_id, given, **facts))
        if not isinstance(given, dict):
            raise fail("validation", "the input must be an object")
        if "disabled" in action:
            raise fail("failed", action["disabled"]["reason"])
        input, missing = self._check_input(action, given, fail)
        answer = {"screen": self.worker.screen_id}
        if missing:
            return dict(answer, status="inputRequired", fields=missing, input=given)
        if action["destructive"]:
            binding = self._binding(action_id, params.get("rowIds") or [], input, targets)
            if params.get("confirm") is None:
                return dict(answer, status="confirm", expiresIn=CONFIRM_SECONDS, confirm=self._token(binding),
                            message=action.get("message") or self._question(action, targets))
            if not self._redeem(params.get("confirm"), binding):
                raise fail("staleConfirmation", "the confirmation expired or no longer fits the rows: ask again")
        if action_id in FRAMEWORK_READ_ONLY:
            results = self._read(action_id, targets, reads)
        else:
            results = self._write(action_id, targets, input, given)
        failed = [result for result in results if result["status"] == "failed"]
        if failed and len(failed) == len(results):
            error = failed[0]["error"]
            raise self.failure(ACTION_FAILED, error["message"],
                               dict(error["data"], **({"results": results} if len(results) > 1 else {})))
        return dict(answer, status="done", results=results, revision=self.worker.revision)

    # Targets and what they offer

    def _targets(self, params):
        """``[(row_id, item)]``, or ``[(None, None)]`` for the screen's own item."""
        row_ids = params.get("rowIds") or []
        if not isinstance(row_ids, list) or not all(isinstance(row_id, str) for row_id in row_ids):
            raise self.failure(INVALID_PARAMS, "invalid params: field 'rowIds' must be an array of strings")
        if len(row_ids) > MAX_TARGETS:
            raise self.failure(INVALID_PARAMS, f"invalid params: at most {MAX_TARGETS} row ids at once")
        return [(row_id, self.worker.find(row_id)[0]) for row_id in row_ids] or [(None, None)]

    def _offered(self, targets, reads):
        """The actions every target offers, in the first one's order, each as strict as the
        strictest target's (``_strictest``); ``reads`` are the targets' ``_reads``."""
        offers = [self._offers(row_id, item, url) for (row_id, item), (url, _) in zip(targets, reads)]
        offered = []
        for action in offers[0]:
            same = [next((a for a in offer if a["id"] == action["id"]), None) for offer in offers]
            if all(same):
                offered.append(_strictest(same))
        return offered

    def _offers(self, row_id, item, url):
        """The target's writes, then the read-only actions (``url``: its web address, if any);
        the screen's own item offers nothing when the screen declares no actions of its own and no
        ``url`` (it has no item)."""
        own = list(self.worker.screen.actions(item))
        if row_id is None and not own and not url:
            return []
        return own + _read_only(url)

    def _reads(self, targets):
        """Each target's ``(url, text)`` (``_url_and_text``), read once for a request: what it
        offers depends on its url, and the read-only actions answer both."""
        return [self._url_and_text(row_id, item) for row_id, item in targets]

    def _url_and_text(self, row_id, item):
        """What ``open-url``/``copy-url`` and ``copy-text`` answer: a row's ``values.url`` or the URL
        its selection opens, and its title, subtitle and detail; the screen's own ``url`` and title."""
        screen = self.worker.screen
        if row_id is None:
            return screen.url, screen.title
        row = screen.row(item)
        url = (row.get("values") or {}).get("url") or (screen.select(item) or {}).get("url")
        return url, "\n".join(row[key] for key in ("title", "subtitle", "detail") if row.get(key))

    @staticmethod
    def _public(action):
        return {key: value for key, value in action.items() if key != "message"}

    # Input and confirmation

    @staticmethod
    def _check_input(action, given, fail):
        """The input with defaults, and the required fields still missing, as navhost's own
        screens check it: an absent or null value takes its field's default; a value of the wrong
        type, not one of its field's options, or a required one that is only white space, fails
        the action (``validation``, naming the field)."""
        input, missing = {}, []
        for field in action.get("input", []):
            name = field["name"]
            value = given.get(name)
            if value is None:
                if "default" in field:
                    input[name] = field["default"]
                elif field.get("required"):
                    missing.append(field)
                continue
            kind = FIELD_TYPES[field["type"]]
            wrong = not isinstance(value, kind) or (kind is not bool and isinstance(value, bool))
            blank = field.get("required") and isinstance(value, str) and not value.strip()
            if wrong or blank or (field["type"] == "enum" and value not in field.get("options", [])):
                expected = ("more than white space" if blank else f"one of {', '.join(field.get('options', []))}"
                            if field["type"] == "enum" else f"a {field['type']}")
                raise fail("validation", f"'{name}' must be {expected}", field=name)
            input[name] = value
        return input, missing

    def _binding(self, action_id, row_ids, input, targets):
        states = [self.worker.screen.action_state(item) for _, item in targets]
        facts = json.dumps([action_id, row_ids, input, states], sort_keys=True)
        return hashlib.sha256(facts.encode("utf-8")).hexdigest()

    def _token(self, binding):
        now = time.monotonic()
        self.confirmations = {t: kept for t, kept in self.confirmations.items() if kept[1] > now}
        token = secrets.token_hex(8)
        self.confirmations[token] = (binding, now + CONFIRM_SECONDS)
        return token

    def _redeem(self, token, binding):
        """Whether ``token`` confirms these params on these rows now; a token serves once."""
        kept = self.confirmations.pop(token, None) if isinstance(token, str) else None
        return kept is not None and kept[0] == binding and time.monotonic() < kept[1]

    def _question(self, action, targets):
        verb = action["title"].rstrip("…. ")
        if targets[0][0] is None:
            return f"{verb} {self.worker.screen.title}?"
        if len(targets) > 1:
            return f"{verb} {len(targets)} items?"
        return f"{verb} '{self.worker.screen.row(targets[0][1])['title']}'?"

    # Doing it

    def _read(self, action_id, targets, reads):
        results = []
        for (row_id, _), (url, text) in zip(targets, reads):
            found = {"url": url} if action_id == "open-url" else {"text": url if action_id == "copy-url" else text}
            results.append(_result(row_id, dict({"status": "done"}, **found)))
        return results

    def _write(self, action_id, targets, input, given):
        """Shows every target's preview at once, performs each in turn, puts a failed one's row
        back, then reads the rows again when one was done, so they show what the data says."""
        screen, worker = self.worker.screen, self.worker
        worker.replace({row_id: screen.preview(action_id, item, input) for row_id, item in targets if row_id})
        results, failed = [], {}
        for row_id, item in targets:
            try:
                screen.perform(action_id, item, input)  # the item as the user saw it
                results.append(_result(row_id, {"status": "done"}))
            except Exception as error:  # the target failed: put its row back, keep the others
                if not isinstance(error, ActionFailed):
                    print(f"worker/perform {action_id} failed: {error!r}", file=sys.stderr, flush=True)
                    error = ActionFailed("failed", f"{action_id} failed: {error}")
                data = _failure_data(error.reason, action_id, given, status=error.status, retryAfter=error.retry_after)
                results.append(_result(row_id, {"status": "failed", "error": {
                    "code": ACTION_FAILED, "message": error.message, "data": data}}))
                if row_id:
                    failed[row_id] = item
        worker.replace(failed)
        if any(result["status"] == "done" for result in results):
            try:
                worker.reload()
            except Exception as error:  # the write was done: the rows keep its preview
                print(f"worker/perform {action_id}: reading the rows again failed: {error!r}", file=sys.stderr, flush=True)
        return results


def _strictest(same):
    """One action as several targets offer it: disabled (with the first reason) or destructive
    when it is for any of them, and each enum field narrowed to the options all of them offer."""
    merged = dict(same[0])
    disabled = next((action["disabled"] for action in same if "disabled" in action), None)
    if disabled:
        merged["disabled"] = disabled
    merged["destructive"] = any(action["destructive"] for action in same)
    if "input" in merged:
        def narrowed(field):
            if "options" not in field:
                return field
            theirs = [next((f for f in action.get("input", []) if f["name"] == field["name"]), {}) for action in same]
            return dict(field, options=[o for o in field["options"] if all(o in f.get("options", [o]) for f in theirs)])
        merged["input"] = [narrowed(field) for field in merged["input"]]
    return merged


def _failure_data(reason, action_id, given, **facts):
    """The ``data`` of an action's failure (-32016): its reason, the action, the input as it was
    sent (nothing typed is lost), then ``facts`` (the ``field`` a validation names, the ``status``
    and ``retryAfter`` GitHub answered); a fact that is None is left out."""
    data = dict({"reason": reason, "action": action_id, "input": given}, **facts)
    return {key: value for key, value in data.items() if value is not None}


def _result(row_id, fields):
    return dict({"id": row_id}, **fields) if row_id else fields
