"""Write a NavShell screen worker in Python: a list screen, served to navhost over stdin/stdout.

A screen (a ``ListScreen`` subclass) says what it lists, what selecting a row does and what
actions a row offers; ``serve({"kind": Screen})`` speaks the worker protocol (docs/worker-protocol.md)
for it: ``worker/open``, rows windows with paging, queries, selections through
``host/push`` and ``host/pop``, actions (navshell/worker_actions.py), revisions and their
updates, and the restoration token navhost restarts and wakes the screen from.
examples/python-screen/commits.py is a complete worker.

Loads run on the worker's only thread, before the answer; a worker serves one screen.
"""

import sys

from . import jsonrpc
from .errors import ConnectionClosed
from .worker_actions import Action, ActionFailed, Actions, Field  # noqa: F401 (the SDK's names)
from .worker_screen import InvalidParams, ListScreen, NotFound, Row, Section, open_url, pop, push  # noqa: F401

INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32600, -32601, -32602, -32603
REVISION_GONE = -32014
# The largest window offset, as navhost's own workers allow (2^31 - 1).
MAX_OFFSET = 2147483647
# How near the end of a paged section a read loads the next page, as the built-in screens do.
PAGE_LOOKAHEAD = 25
# How long a selection waits for the host to answer its host/push or host/pop.
HOST_TIMEOUT = 60.0


class _Failure(Exception):
    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


class _Worker:
    def __init__(self, screens, connection):
        self.screens, self.connection = screens, connection
        self.screen = self.screen_id = None
        self.text, self.revision, self.sections = "", 0, []
        self.token = {"query": ""}
        self.shut_down = False
        self.actions = Actions(self, _Failure)

    # The host's requests

    def open(self, params):
        if self.screen is not None:
            raise _Failure(INVALID_REQUEST, "this worker already serves a screen")
        kind, screen_params = params.get("kind"), params.get("params") or {}
        if kind not in self.screens:
            raise _Failure(INVALID_PARAMS, f"this worker has no screen of kind '{kind}'")
        token = params.get("token") or {}
        try:
            screen = self.screens[kind](screen_params)
        except (InvalidParams, KeyError, TypeError, ValueError) as error:
            raise _Failure(INVALID_PARAMS, f"invalid params: {error}")
        self.screen, self.screen_id = screen, params.get("screen")
        # Revisions go on from the token's; the query is the token's, else params.query.
        self.revision = token.get("revision") or 0
        self._load(token.get("query", screen_params.get("query") or ""))
        self.revision += 1
        self.token = dict(token, query=self.text, revision=self.revision)
        window = token.get("window")
        if window:  # read the last window again, so the pages it showed are loaded
            self._window(window.get("section"), window.get("offset", 0), window.get("limit", 50), opening=True)
        answer = self._state()
        first = params.get("rows") or 0
        if first > 0:
            answer["rows"] = self._window(None, 0, first, opening=True)
        return answer

    def rows(self, params):
        requested = params.get("revision")
        if requested is not None and requested != self.revision:
            raise _Failure(REVISION_GONE, f"revision {requested} is gone; the screen is at revision {self.revision}",
                           {"requested": requested, "current": self.revision})
        section, offset, limit = params.get("section"), params.get("offset", 0), params.get("limit", 50)
        rows = self._window(section, offset, limit)
        self._remember(window={key: value for key, value in
                               {"section": section, "offset": offset, "limit": limit}.items() if value is not None})
        return {"screen": self.screen_id, "revision": self.revision, "sections": self._infos(), "rows": rows}

    def query(self, params):
        text = params.get("text")
        if not isinstance(text, str):
            raise _Failure(INVALID_PARAMS, "invalid params: field 'text' must be a string")
        if text != self.text:
            self._load(text)
            self.revision += 1
            self._announce(reset=True)
            self._remember(query=text, window=None)
        return self._state()

    def select(self, params):
        row_id = params.get("rowId")
        item = self.find(row_id)[0]
        action = self.screen.select(item) or {"action": "none"}
        if action["action"] == "push":
            pushed = self.connection.request("host/push", {"kind": action["kind"], "params": action["params"]},
                                             timeout=HOST_TIMEOUT)
            answer = {"action": "push", "pushed": pushed["screen"]}
        elif action["action"] == "pop":
            self.connection.request("host/pop", timeout=HOST_TIMEOUT)
            answer = {"action": "pop"}
        else:
            answer = action
        self._remember(selection=row_id)  # only a selection carried out (a refused push raised above)
        return answer

    # Loading, windows and tokens

    def _load(self, query, loaded=None):
        """The sections of ``query`` with their first page, or with as many rows as ``loaded``
        counts by section id."""
        self.text = query
        self.sections = self.screen.sections(query)
        for section in self.sections:
            while section.has_more:
                if not section.load_page() or len(section.items) >= (loaded or {}).get(section.id, 0):
                    break

    def reload(self):
        """Reads the rows again (after a write), as many as were loaded; what changed is a new
        revision, announced by row id while the rows kept their order, else as a reset."""
        before = self._every_row()
        self._load(self.text, {section.id: len(section.items) for section in self.sections})
        after = self._every_row()
        if after != before:
            self.revision += 1
            changes = _changes(before, after)
            self._announce(reset=changes is None, changes=changes)

    def _window(self, section_id, offset, limit, opening=False):
        # navhost passes the client's screen/rows params on as they arrived: the ranges are
        # checked here, in navhost's words.
        for field, value, top in (("offset", offset, MAX_OFFSET), ("limit", limit, 1000)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise _Failure(INVALID_PARAMS, f"invalid params: field '{field}' must be between 0 and {top}", {"field": field})
        chosen = self.sections
        if section_id is not None:
            chosen = [s for s in self.sections if s.id == section_id]
            if not chosen:
                raise _Failure(INVALID_PARAMS, f"no section '{section_id}' on the screen", {"reason": "notFound"})
        self._load_pages_for(chosen, offset + limit, within_section=section_id is not None, opening=opening)
        rows, position = [], 0
        for section in chosen:
            for item in section.items[max(0, offset - position):max(0, offset + limit - position)]:
                rows.append(dict(self.screen.row(item), section=section.id))
            position += len(section.items)
        return rows

    def _load_pages_for(self, chosen, end, within_section, opening):
        """Loads the next pages of a paged section that a read comes near the end of; ``end``
        counts from the section's start for a read of one section, else across all of them.
        Pages loaded while opening are part of the first revision; later ones make a new one."""
        inserted, position = [], 0
        for section in self.sections:
            start = 0 if within_section else position
            if section in chosen:
                while section.has_more and end + PAGE_LOOKAHEAD > start + len(section.items):
                    before = len(section.items)
                    section.load_page()
                    rows = [self.screen.row(item) for item in section.items[before:]]
                    inserted += [{"id": row["id"], "index": position + before + i} for i, row in enumerate(rows)]
            position += len(section.items)
        if inserted and not opening:
            self.revision += 1
            self._announce(changes={"inserted": inserted, "removed": [], "moved": [], "reconfigured": []})

    def _announce(self, reset=False, changes=None):
        """A new revision: its token first, then the update (the order navhost expects)."""
        self._remember()
        update = {"revision": self.revision, "sections": self._infos(), "loading": False}
        if reset:
            update["reset"] = True
        if changes is not None:
            update["changes"] = changes
        self.connection.notify("worker/didUpdate", update)

    def _remember(self, **changes):
        self.token.update(changes, revision=self.revision)
        self.token = {key: value for key, value in self.token.items() if value is not None}
        self.connection.notify("worker/didChangeState", {"token": self.token})

    def find(self, row_id):
        """``(item, section, index)`` of a loaded row; -32602 ``notFound`` when there is none."""
        for section in self.sections:
            for index, item in enumerate(section.items):
                if self.screen.row(item)["id"] == row_id:
                    return item, section, index
        raise _Failure(INVALID_PARAMS, f"no row with id '{row_id}' on the screen", {"reason": "notFound", "rowId": row_id})

    def replace(self, items):
        """Puts new items (by row id; None keeps the row) in place of the loaded ones: the rows
        that changed make a new revision, announced as reconfigured."""
        changed = []
        for row_id, new in items.items():
            old, section, index = self.find(row_id)
            if new is not None and self.screen.row(new) != self.screen.row(old):
                section.items[index] = new
                changed.append(row_id)
        if changed:
            self.revision += 1
            self._announce(changes={"inserted": [], "removed": [], "moved": [], "reconfigured": changed})

    def _every_row(self):
        return [dict(self.screen.row(item), section=section.id) for section in self.sections for item in section.items]

    def _infos(self):
        return [section.info() for section in self.sections]

    def _state(self):
        return {"screen": self.screen_id, "title": self.screen.title, "revision": self.revision, "sections": self._infos()}

    def _require_screen(self):
        if self.screen is None:
            raise _Failure(INVALID_REQUEST, "no screen is open: send worker/open first")

    # Dispatch

    def handle(self, request):
        handlers = {"worker/open": self.open, "worker/rows": self.rows, "worker/query": self.query,
                    "worker/select": self.select, "worker/actions": self.actions.actions,
                    "worker/perform": self.actions.perform, "worker/ping": lambda _: {}, "shutdown": self._shutdown}
        method, params = request["method"], request.get("params") or {}
        handler = handlers.get(method)
        try:
            if handler is None:
                raise _Failure(METHOD_NOT_FOUND, f"method not found: {method}")
            if not isinstance(params, dict):
                raise _Failure(INVALID_PARAMS, "invalid params: expected an object")
            if method.startswith("worker/") and method not in ("worker/open", "worker/ping"):
                self._require_screen()
            self.connection.reply(request["id"], handler(params))
        except _Failure as failure:
            self.connection.reply_error(request["id"], failure.code, failure.message, failure.data)
        except NotFound as error:
            self.connection.reply_error(request["id"], INVALID_PARAMS, str(error), {"reason": "notFound"})
        except InvalidParams as error:
            self.connection.reply_error(request["id"], INVALID_PARAMS, str(error))
        except jsonrpc.RPCError as error:  # the host refused a host/push or host/pop: pass its error on
            self.connection.reply_error(request["id"], error.code, error.message, error.data)
        except Exception as error:  # a bug in the screen: the request fails, the worker goes on
            print(f"{method} failed: {error!r}", file=sys.stderr, flush=True)
            self.connection.reply_error(request["id"], INTERNAL_ERROR, f"{method} failed: {error}")

    def _shutdown(self, _):
        self.shut_down = True
        return None


def _changes(before, after):
    """The ``changes`` from one list of rows to another, or None when rows kept changed order."""
    old, new = {row["id"]: row for row in before}, {row["id"]: row for row in after}
    if [row["id"] for row in before if row["id"] in new] != [row["id"] for row in after if row["id"] in old]:
        return None
    return {"inserted": [{"id": row["id"], "index": i} for i, row in enumerate(after) if row["id"] not in old],
            "removed": [{"id": row["id"], "index": i} for i, row in enumerate(before) if row["id"] not in new],
            "moved": [], "reconfigured": [row["id"] for row in after if row["id"] in old and old[row["id"]] != row]}


def serve(screens, stdin=0, stdout=1):
    """Serves one screen to navhost on stdin/stdout until ``exit`` or stdin's end, then exits.
    ``screens`` maps each kind this program serves to its ``ListScreen`` subclass."""
    connection = jsonrpc.Connection(stdin, stdout, framing=jsonrpc.NEWLINE)
    worker = _Worker(screens, connection)
    while True:
        try:
            connection.wait_incoming(timeout=3600.0)
            while connection.has_request():
                worker.handle(connection.next_request(timeout=0))
            notifications = connection.take_notifications()
        except jsonrpc.Timeout:
            continue
        except ConnectionClosed:  # the host is gone (also found while answering or draining)
            sys.exit(0)
        for notification in notifications:
            if notification["method"] == "exit":
                sys.exit(0 if worker.shut_down else 1)
