"""Random MCP messages for `navhost mcp`: its methods, tools and resource URIs, most of them wrong.

Everything is drawn from one `random.Random`, so a seed gives the same messages every time.
"""

import json
import re

from messages import INT_EDGES, STRING_EDGES, random_text, screen_params

NOT_TOOLS = ["fly", ""]
PATHS = ["users", "users/mojombo", "users/mojombo/repositories", "users/mojombo/repositories/grit", "users/mojombo/stars",
         "users/no-such-user-here/repositories", "/users", "", "users/" + "a" * 200, "../../etc/passwd"]
URIS = ["navshell://users", "navshell://users/mojombo/repositories", "navshell://users/mojombo/repositories/grit", "navshell://stack/s1",
        "navshell://stack/s2", "navshell://stack/", "navshell://", "navshell://users/x/stars", "https://github.com", "file:///etc/passwd", ""]
VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "1999-01-01", "", None, 7]


def any_value(r, depth=0):
    """A JSON value of any type, edges first."""
    choice = r.randrange(8 if depth < 2 else 5)
    if choice == 0:
        return None
    if choice == 1:
        return r.choice([True, False])
    if choice == 2:
        return r.choice(INT_EDGES + [0.5, -1e308, 1e308])
    if choice in (3, 4):
        return r.choice(STRING_EDGES + [random_text(r, 30)])
    if choice == 5:
        return [any_value(r, depth + 1) for _ in range(r.randrange(3))]
    return {r.choice(["path", "kind", "params", "rowId", "text", "cursor", "limit", "section", "x"]): any_value(r, depth + 1) for _ in range(r.randrange(3))}


def push_arguments(r, catalog):
    kind = r.choice(catalog.kinds + ["gists"])
    return {"kind": kind, "params": screen_params(r, catalog, kind) if kind in catalog.params else {}}


def tool_arguments(r, tool, catalog, tools):
    """Arguments for `tool`: plausible ones for the tools known here, else values for the
    properties its input schema names (`tools`: tools/list's answer by name)."""
    plausible = {
        "open": lambda: {"path": r.choice(PATHS)},
        "push": lambda: push_arguments(r, catalog),
        "search": lambda: {"text": r.choice(STRING_EDGES + [random_text(r, 300)])},
        "select": lambda: {"rowId": r.choice(catalog.row_ids + ["navhost:reload", "x", ""])},
        "rows": lambda: {k: v for k, v in {"limit": r.choice([None, 1, 50, 1000, 1001, 0, -1]), "section": r.choice([None, "popular", "users", "nope"]),
                                            "cursor": r.choice([None, "", "bm90", "eyJ2IjoxfQ", random_text(r, 20)])}.items() if v is not None},
    }.get(tool, lambda: {name: any_value(r) for name in tools.get(tool, {}).get("inputSchema", {}).get("properties", {})})
    if r.random() < 0.25:
        return any_value(r)
    arguments = plausible()
    if r.random() < 0.2:
        arguments[r.choice(["colour", "path", "limit"])] = any_value(r)
    return arguments


def expand(r, template, catalog):
    """A URI from a resource template: each {variable} a value seen for a param of that name
    (a login, a repository's name, an issue's number) most of the time."""
    def value(match):
        seen = catalog.values(match.group(1))
        return str(r.choice(seen)) if seen and r.random() < 0.9 else r.choice(["s1", "s2", "nope", "", "%00"])
    return re.sub(r"\{(\w+)\}", value, template)


def params(r, method, catalog, server):
    if method == "initialize":
        return {"protocolVersion": r.choice(VERSIONS), "capabilities": r.choice([{}, None, []]), "clientInfo": {"name": "hostile", "version": "1"}}
    if method == "tools/call":
        tool = r.choice(sorted(server["tools"]) + NOT_TOOLS)
        message = {"name": tool, "arguments": tool_arguments(r, tool, catalog, server["tools"])}
        if r.random() < 0.3:
            message["_meta"] = {"progressToken": r.choice(["p", 1, None, 1.5, [], {}])}
        return message
    if method == "resources/read":
        if server["templates"] and r.random() < 0.6:
            return {"uri": expand(r, r.choice(server["templates"]), catalog)}
        return {"uri": r.choice(URIS + [any_value(r)])}
    if method in ("tools/list", "resources/list", "resources/templates/list"):
        return r.choice([{}, None, {"cursor": "x"}, {"cursor": 5}])
    if method == "notifications/cancelled":
        return {"requestId": r.choice([r.randrange(1, 300), "x", None]), "reason": r.choice([None, "hostile"])}
    if method == "notifications/progress":
        return {"progressToken": "p", "progress": r.choice(INT_EDGES)}
    return any_value(r)


METHODS = ["initialize", "ping", "tools/list", "tools/call", "tools/call", "tools/call", "tools/call", "resources/list",
           "resources/templates/list", "resources/read", "resources/read", "notifications/cancelled", "notifications/progress",
           "notifications/initialized", "prompts/list", "logging/setLevel", "nope"]


def body(r, serial, huge_bytes, catalog, server):
    """One message's bytes: usually a request or notification, sometimes a broken envelope.
    `catalog` is catalog.py's (kinds, their params, row ids); `server` has the server's `tools`
    by name (tools/list) and its resource `templates` (resources/templates/list's uriTemplates)."""
    roll = r.random()
    if roll < 0.05:
        return r.choice([b"not json", b"[]", b"[1,2]", b"{", b"null", b'"text"', b"{}", random_text(r, 50).encode("utf-8", "replace")])
    if roll < 0.07:
        return json.dumps({"jsonrpc": "2.0", "id": serial, "method": "tools/call",
                           "params": {"name": "search", "arguments": {"text": "x" * huge_bytes}}}).encode()
    method = r.choice(METHODS)
    message = {"jsonrpc": r.choice(["2.0"] * 12 + ["1.0", None]), "method": method}
    if not method.startswith("notifications/"):
        message["id"] = r.choice([serial] * 20 + ["s%d" % serial, None, 1.5, [serial], {"a": 1}])
    value = params(r, method, catalog, server)
    if value is not None or r.random() < 0.5:
        message["params"] = value
    if message["jsonrpc"] is None:
        del message["jsonrpc"]
    return json.dumps(message).encode()
