"""The hostile clients (Tests/Hostile) push exactly the kinds `navhost kinds --json` lists, each
with params of its schema, and the scout finds params navhost accepts for every one of them; the
hostile client's ledger refuses an unknown-method answer only for a method the host lists."""

import collections
import os
import pathlib
import random
import sys

import pytest

HOSTILE = pathlib.Path(__file__).resolve().parents[2] / "Tests" / "Hostile"
sys.path.insert(0, str(HOSTILE))
import catalog  # noqa: E402
import hostile_fuzz  # noqa: E402
import mcp_messages  # noqa: E402
import messages  # noqa: E402
from navhost_session import NavhostSession, SessionError  # noqa: E402

TYPES = {"string": str, "integer": int}


@pytest.fixture(scope="module")
def scouted():
    """The catalog as a fuzz run builds it: `navhost kinds --json`, then one scout."""
    kinds, findings, capabilities, (code, leftovers) = catalog.scouted(os.environ["NAVHOST"], 30)
    assert code == 0 and leftovers == []
    return kinds, findings, capabilities


def pushes(make, count=3000):
    """The nav/push params among `count` values `make(rng)` returns (a push or anything else)."""
    rng = random.Random(1)
    found = [make(rng) for _ in range(count)]
    return [value for value in found if isinstance(value, dict) and "kind" in value]


def test_the_catalog_is_navhosts_kinds_and_the_scout_finds_params_it_accepts_for_each(scouted):
    kinds, findings, capabilities = scouted
    assert findings == []
    assert kinds.kinds == sorted(entry["kind"] for entry in catalog.read_kinds(os.environ["NAVHOST"]))
    assert kinds.kinds == sorted(capabilities["screenKinds"])
    assert all(kinds.params[kind] for kind in kinds.kinds)


def test_the_hostile_client_pushes_every_kind_and_no_other_with_params_of_its_schema(scouted):
    kinds = scouted[0]
    push = messages.methods(kinds)["nav/push"]
    made = pushes(push)
    assert set(value["kind"] for value in made) == set(kinds.kinds)
    fitting = collections.Counter()
    for value in made:
        schema = kinds.schemas[value["kind"]]
        params = value["params"]
        if all(name in params and isinstance(params[name], TYPES[schema[name]["type"]]) for name in kinds.required(value["kind"])):
            fitting[value["kind"]] += 1
    assert set(fitting) == set(kinds.kinds)


def test_the_mcp_fuzzers_push_tool_takes_every_kind_and_one_unknown(scouted):
    kinds = scouted[0]
    made = pushes(lambda rng: mcp_messages.push_arguments(rng, kinds))
    assert set(value["kind"] for value in made) == set(kinds.kinds) | {"gists"}


def ledger(methods):
    """A hostile client's ledger after a scout read `methods` from initialize's capabilities."""
    kinds = catalog.Catalog([])
    kinds.methods = methods
    return hostile_fuzz.Ledger(kinds)


def test_unknown_method_is_a_finding_only_for_a_method_the_host_lists():
    unlisted = ledger(["nav/stack"])
    unlisted.remember({"jsonrpc": "2.0", "id": 5, "method": "screen/perform", "params": {"action": "x"}})
    unlisted.judge({"jsonrpc": "2.0", "id": 5, "error": {"code": -32601, "message": "unknown method"}}, -32601)
    listed = ledger(["nav/stack", "screen/perform"])
    listed.remember([{"jsonrpc": "2.0", "id": 5, "method": "screen/perform"}, {"jsonrpc": "2.0", "id": 6, "method": "nav/push",
                                                                                "params": {"kind": "users"}}])
    listed.judge({"jsonrpc": "2.0", "id": 6, "result": {}}, "result")
    assert listed.pushed == {"users": 1}
    with pytest.raises(hostile_fuzz.Finding, match="screen/perform answered -32601, yet initialize lists it"):
        listed.judge({"jsonrpc": "2.0", "id": 5, "error": {"code": -32601, "message": "unknown method"}}, -32601)
    # An id sent twice before its answer could name either request: neither is judged.
    listed.remember({"jsonrpc": "2.0", "id": 7, "method": "screen/perform"})
    listed.remember({"jsonrpc": "2.0", "id": 7, "method": "nav/teleport"})
    listed.judge({"jsonrpc": "2.0", "id": 7, "error": {"code": -32601, "message": "unknown method"}}, -32601)


def test_a_reply_that_does_not_come_names_its_method():
    session = NavhostSession(os.environ["NAVHOST"])
    try:
        session.request("initialize", {"processId": None}, timeout=30)
        with pytest.raises(SessionError, match=r"the reply to nav/stack \(request never-sent\)"):
            session.reply("never-sent", "nav/stack", timeout=0.3)
    finally:
        assert session.close() == 0 and session.leftovers == []
