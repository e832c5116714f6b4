"""Random JSON-RPC messages built from navhost's methods and param shapes, most of them wrong.

Everything is drawn from one `random.Random`, so a seed gives the same messages every time.
"""

import json

INT_EDGES = [0, 1, -1, 2, 7, 50, 1000, 1001, 2**31 - 1, 2**31, 2**53, 2**53 + 1, 2**63 - 1, -(2**63), 2**64, -(2**64)]
STRING_EDGES = ["", " ", "to", "mojombo", "\u0000", "\u0000x", "é", "😀", "\\", '"', "%", "_", "'", "a\nb", "\ud7ff", "users/mojombo"]
NO_SUCH = "no-such-user-here"


def methods(catalog):
    """Every method navhost serves (and a few it does not), with a function making plausible
    params for it; kinds, params, row ids and actions come from `catalog` (catalog.py)."""
    return {
        "initialize": lambda r: {"processId": None, "clientInfo": {"name": "hostile", "version": "1"}},
        "nav/stack": lambda r: {},
        "host/processes": lambda r: {},
        "nav/push": lambda r: push_params(r, catalog),
        "nav/pop": lambda r: {},
        "nav/popToRoot": lambda r: {},
        "nav/open": lambda r: {"path": open_path(r, catalog)},
        "nav/setStack": lambda r: {"screens": [stack_entry(r, catalog) for _ in range(r.choice([0, 1, 2, 3, 5, 8, 12, 40]))]},
        "nav/waitIdle": lambda r: {"timeout": r.choice([0, 0.1, 1])},
        "screen/rows": lambda r: rows_params(r),
        "screen/query": lambda r: {"text": r.choice(STRING_EDGES + [random_text(r, 40)])},
        "screen/select": lambda r: {"rowId": row_id(r, catalog)},
        "screen/actions": lambda r: targets(r, catalog),
        "screen/perform": lambda r: perform_params(r, catalog),
        "screen/reload": lambda r: {"screen": r.choice(["s1", "s2", "s3"])},
        "screen/render": lambda r: {"width": r.choice([20, 60, 80, 200]), "limit": r.choice([1, 3, 20])},
        "$/cancelRequest": lambda r: {"id": r.randrange(0, 200)},
        "nav/teleport": lambda r: {},
        "debug/crash": lambda r: {},
    }


def push_params(r, catalog):
    kind = r.choice(catalog.kinds)
    return {"kind": kind, "params": screen_params(r, catalog, kind), "rows": r.choice([None, 0, 5, 200])}


def screen_params(r, catalog, kind):
    """Params navhost accepted for `kind` most of the time, else params of another kind or a
    stray login."""
    if r.random() < 0.8:
        return dict(r.choice(catalog.params[kind]))
    other = r.choice(catalog.kinds)
    return r.choice([dict(r.choice(catalog.params[other])), {}, {"login": NO_SUCH}, {"query": "to"}])


def stack_entry(r, catalog):
    kind = r.choice(catalog.kinds)
    entry = {"kind": kind, "params": screen_params(r, catalog, kind)}
    if r.random() < 0.5:
        entry["token"] = {
            "query": r.choice(STRING_EDGES),
            "revision": r.choice(INT_EDGES),
            "window": {"section": r.choice([None, "users", "popular"]), "offset": r.choice(INT_EDGES), "limit": r.choice(INT_EDGES)},
        }
    return entry


def open_path(r, catalog):
    parts = ["users", r.choice(catalog.values("login") + [NO_SUCH]), "repositories", r.choice(catalog.values("name") + ["nope"])]
    return "/".join(parts[: r.randrange(0, 5)]) or r.choice(STRING_EDGES)


def row_id(r, catalog):
    return r.choice(catalog.row_ids + ["navhost:reload", "x", "", "user:" + NO_SUCH])


def targets(r, catalog):
    """`screen` and `rowIds` for screen/actions and screen/perform: the screen's own item, a few
    rows, or more rows than navhost takes (100)."""
    params = {}
    count = r.choice([None, 0, 1, 1, 2, 3, 101])
    if count is not None:
        params["rowIds"] = [row_id(r, catalog) for _ in range(count)]
    if r.random() < 0.2:
        params["screen"] = r.choice(["s1", "s2", "s3", "s99", ""])
    return params


def perform_params(r, catalog):
    """An action the scout saw offered (with input for its fields) or a made-up one, and now and
    then a confirmation token that navhost never gave."""
    params = targets(r, catalog)
    action = catalog.actions.get(r.choice(list(catalog.actions) or [None]))
    if action is None or r.random() < 0.3:
        params["action"] = r.choice(STRING_EDGES + [random_text(r, 12)])
    else:
        params["action"] = action["id"]
        params["input"] = {field["name"]: field_value(r, field) for field in action.get("input") or [] if r.random() < 0.8}
    if r.random() < 0.2:
        params["confirm"] = r.choice(["", "0" * 16, random_text(r, 16)])
    return params


def field_value(r, field):
    """A value for an action's input field: of its type most of the time."""
    options = field.get("options") or []
    plausible = {"string": lambda: random_text(r, r.choice([1, 40])), "text": lambda: random_text(r, r.choice([1, 200, 5000])),
                 "number": lambda: r.choice(INT_EDGES), "boolean": lambda: r.random() < 0.5,
                 "enum": lambda: r.choice(options or ["none"])}.get(field.get("type"))
    if plausible is None or r.random() < 0.2:
        return wrong_value(r, 16)
    return plausible()


def rows_params(r):
    params = {"offset": r.choice(INT_EDGES), "limit": r.choice(INT_EDGES)}
    for field, values, chance in [("section", ["users", "popular", "nope"], 0.6), ("screen", ["s1", "s2", "s99"], 0.2), ("revision", INT_EDGES, 0.2)]:
        if r.random() < chance:
            params[field] = r.choice(values)
    return params


def random_text(r, length):
    return "".join(chr(r.choice([r.randrange(0x20, 0x7F), r.randrange(0, 0x20), r.randrange(0xA0, 0xD7FF)])) for _ in range(length))


def wrong_value(r, huge_bytes):
    """A value of a random, probably wrong, type: numbers at the edges, huge strings, nesting."""
    pick = r.randrange(10)
    if pick == 0:
        return r.choice(INT_EDGES)
    if pick == 1:
        return r.choice([1.5, -0.0, 1e308, -1e308, 3.0])
    if pick == 2:
        return r.choice([None, True, False])
    if pick == 3:
        return "x" * r.choice([1, 300, 5000, huge_bytes])
    if pick == 4:
        return [wrong_value(r, 16) for _ in range(r.randrange(3))]
    if pick == 5:
        value = []
        for _ in range(r.choice([10, 100, 400])):
            value = [value]
        return value
    if pick == 6:
        return {"nested": wrong_value(r, 16)}
    if pick == 7:
        return random_text(r, r.randrange(1, 30))
    return r.choice(STRING_EDGES)


def mutate(r, params, huge_bytes):
    """Params with one field changed, dropped, added, or replaced as a whole."""
    pick = r.randrange(8)
    if pick <= 1 or not isinstance(params, dict):
        return params
    if pick == 2:
        return r.choice([None, [], [1, "a"], "params", 5])
    if pick == 3 and params:
        params = dict(params)
        del params[r.choice(list(params))]
        return params
    params = dict(params)
    key = r.choice(list(params)) if params and pick != 4 else r.choice(["extra", "screen", "offset", "kind"])
    params[key] = wrong_value(r, huge_bytes)
    return params


def request_id(r, serial):
    """A fresh integer id most of the time; otherwise an edge case (which may clash or be invalid)."""
    if r.random() < 0.8:
        return serial
    return r.choice([0, -1, 2**63 - 1, 2**64, 1.5, "", "s", "x" * 200, None, [], {}, True])


def message(r, serial, huge_bytes, table):
    """One message as a Python value: a request, a notification or something that is neither."""
    method = r.choice(list(table))
    params = mutate(r, table[method](r), huge_bytes)
    entry = {"jsonrpc": "2.0", "method": method}
    if params is not None or r.random() < 0.5:
        entry["params"] = params
    if r.random() < 0.85:
        entry["id"] = request_id(r, serial)
    pick = r.randrange(40)
    if pick == 0:
        entry["jsonrpc"] = r.choice(["1.0", 2, None])
    elif pick == 1:
        entry["method"] = wrong_value(r, 16)
    elif pick == 2:
        entry = wrong_value(r, 16)
    return entry


def body(r, serial, huge_bytes, table):
    """One message body (`table` is `methods(catalog)`): a single message or, now and then, a
    batch. Returns the body's bytes and the value they encode."""
    if r.random() < 0.1:
        value = [message(r, serial * 100 + index, huge_bytes, table) for index in range(r.choice([0, 1, 2, 5, 10]))]
    else:
        value = message(r, serial, huge_bytes, table)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=r.random() < 0.5).encode("utf-8", "surrogatepass"), value
