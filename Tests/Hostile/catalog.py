"""The screen kinds navhost serves, as `navhost kinds --json` lists them (never typed out here),
and params navhost accepts for each, found by browsing the data as a user does.

`read_kinds` runs `navhost kinds --json`. `scout` walks an initialized session from its root:
it reads each screen's rows, selects rows that lead somewhere, records the kind and params of
every screen that was pushed, and goes back; a kind never reached gets params made from its
schema with values seen for params of the same name (a `login`, an `owner`). It keeps the row
ids it read and the actions the screens offer (`screen/actions`, when the host serves it), and
then pushes every kind once with the params found: a kind navhost refuses is a finding.
`scouted` does both as a fuzz run starts, with a `navhost serve` of its own.
"""

import json
import os
import subprocess
import tempfile

from navhost_session import NavhostSession

GROUP_SELECTS = 3  # rows selected per section and row kind of a screen
EXPLORED_PER_KIND = 4  # screens of one kind whose rows are read, while kinds lack params
TRIES_PER_KIND = 4  # params pushed to find those navhost accepts
SCREENS_READ = 80  # the scout's budget
SCOUT_DEADLINE = 60
ROW_IDS_PER_SCREEN = 8


def read_kinds(navhost):
    """`navhost kinds --json`: [{"kind", "description", "params": {name: {"type", "required"?}}}]."""
    with tempfile.TemporaryDirectory(prefix="navshell-state-") as state:
        printed = subprocess.run([navhost, "kinds", "--json"], capture_output=True, check=True, timeout=60,
                                 env={**os.environ, "XDG_STATE_HOME": state})
    return json.loads(printed.stdout)


class Catalog:
    """The kinds, their param schemas, the params found valid for each, and what the scout saw."""

    def __init__(self, kinds):
        self.schemas = {entry["kind"]: entry.get("params") or {} for entry in kinds}
        self.kinds = sorted(self.schemas)
        self.params = {kind: [] if self.required(kind) else [{}] for kind in self.kinds}
        self.row_ids = []
        self.actions = {}  # action id -> the Action as a screen listed it
        self.offers = {}  # action id -> (kind, params, rowIds) of a screen and rows offering it
        self.methods = []  # the host's capabilities.methods

    def required(self, kind):
        return sorted(name for name, schema in self.schemas[kind].items() if schema.get("required"))

    def record(self, kind, params):
        """Keeps `params` as valid for `kind`; True when the kind had none but {} before."""
        if kind not in self.params or params in self.params[kind]:
            return False
        new = not any(self.params[kind])
        self.params[kind].append(params)
        return new

    def values(self, name):
        """Every value seen for a param called `name`, in the order found."""
        found = []
        for kind in self.kinds:
            for params in self.params[kind]:
                if name in params and params[name] not in found:
                    found.append(params[name])
        return found

    def missing(self):
        return [kind for kind in self.kinds if not self.params[kind]]


def scouted(navhost, timeout):
    """The catalog as a fuzz run builds it: `navhost kinds --json`, then one scout on a `navhost
    serve` of its own (initialize waiting up to `timeout` seconds), which is then closed. Returns
    (catalog, findings, capabilities, ended), `ended` being that navhost's (exit code, workers
    left running); a scout that raised still closes it."""
    catalog = Catalog(read_kinds(navhost))
    session = NavhostSession(navhost)
    try:
        capabilities = session.request("initialize", {"processId": None}, timeout=timeout)["result"]["capabilities"]
        findings = scout(session, catalog, capabilities)
    finally:
        code = session.close()
    return catalog, findings, capabilities, (code, session.leftovers)


def scout(session, catalog, capabilities):
    """Fills `catalog` from an initialized NavhostSession; returns the findings (strings)."""
    catalog.methods = capabilities.get("methods") or []
    findings = []
    if sorted(capabilities.get("screenKinds") or []) != catalog.kinds:
        findings.append("the host's registry (initialize's screenKinds %s) differs from `navhost kinds --json` (%s)"
                        % (capabilities.get("screenKinds"), catalog.kinds))
    explore(session, catalog)
    for kind in catalog.missing():
        made = {name: catalog.values(name)[0] for name in catalog.required(kind) if catalog.values(name)}
        if len(made) == len(catalog.required(kind)):
            catalog.record(kind, made)
    for kind in catalog.kinds:
        accepted, refusals = [], []
        for params in catalog.params[kind][:TRIES_PER_KIND]:
            answer = session.request("nav/push", {"kind": kind, "params": params}, timeout=SCOUT_DEADLINE)
            if "result" not in answer:
                refusals.append("%s answered %s" % (params, str(answer.get("error"))[:200]))
                continue
            accepted.append(params)
            rows = session.request("screen/rows", {"limit": 1}, timeout=SCOUT_DEADLINE).get("result", {}).get("rows", [])
            read_actions(session, catalog, rows, (kind, params))
            session.request("nav/pop", timeout=SCOUT_DEADLINE)
        # Only params navhost accepted (a repository may have no README) are used from here on.
        catalog.params[kind] = accepted
        if not accepted:
            findings.append("no params navhost accepts were found for the kind %s (schema %s; tried: %s)"
                            % (kind, catalog.schemas[kind], "; ".join(refusals) or "none found"))
    session.pending.clear()
    return findings


def explore(session, catalog):
    """Breadth first from the root: reads a screen's rows and selects rows that push, until
    every kind has params or the budget is spent. A kind stops being read once
    EXPLORED_PER_KIND of its screens had rows that lead somewhere (an empty list does not count)."""
    fruitful = {}
    queue, queued = [None], []  # screens to read: None is the root, else (kind, params) to push
    for _ in range(SCREENS_READ):
        if not queue or not catalog.missing():
            return
        screen = queue.pop(0)
        if screen is not None and fruitful.get(screen[0], 0) >= EXPLORED_PER_KIND:
            continue
        if screen is not None and "result" not in session.request("nav/push", {"kind": screen[0], "params": screen[1]}, timeout=SCOUT_DEADLINE):
            continue
        leads = read_screen(session, catalog)
        if leads and screen is not None:
            fruitful[screen[0]] = fruitful.get(screen[0], 0) + 1
        for row_id in leads:
            pushed = session.request("screen/select", {"rowId": row_id}, timeout=SCOUT_DEADLINE).get("result", {}).get("pushed")
            if pushed:
                found = (pushed["kind"], pushed.get("params") or {})
                catalog.record(*found)
                if found not in queued:
                    queued.append(found)
                    queue.append(found)
                session.request("nav/pop", timeout=SCOUT_DEADLINE)
        if screen is not None:
            session.request("nav/pop", timeout=SCOUT_DEADLINE)


def read_screen(session, catalog):
    """Keeps the top screen's row ids and actions; returns the ids of the rows to select: up to
    GROUP_SELECTS of each section and row kind that lead somewhere."""
    rows = session.request("screen/rows", {"limit": 200}, timeout=SCOUT_DEADLINE).get("result", {}).get("rows", [])
    for row in rows[:ROW_IDS_PER_SCREEN]:
        if row["id"] not in catalog.row_ids:
            catalog.row_ids.append(row["id"])
    read_actions(session, catalog, rows[:1])
    groups = {}
    for row in rows:
        if row.get("accessory") == "disclosure":
            groups.setdefault((row.get("section"), row.get("kind")), []).append(row["id"])
    return [row_id for row_ids in groups.values() for row_id in row_ids[:GROUP_SELECTS]]


def read_actions(session, catalog, rows=(), screen=None):
    """Keeps the actions the top screen's own item, and its first row, offer; with `screen`
    (its kind and params), where each action is offered: `offers[action id]` is
    (kind, params, rowIds)."""
    if "screen/actions" not in catalog.methods:
        return
    for params in [{}] + [{"rowIds": [row["id"]]} for row in rows]:
        for action in session.request("screen/actions", params, timeout=SCOUT_DEADLINE).get("result", {}).get("actions", []):
            catalog.actions.setdefault(action["id"], action)
            if screen is not None:
                catalog.offers.setdefault(action["id"], (screen[0], screen[1], params.get("rowIds", [])))
