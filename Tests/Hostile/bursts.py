"""Moves a hostile client makes now and then, beyond single random messages.

Each first tells `note` what it is about to do (for the failure report), and raises
SessionError when navhost does not cope.
"""

import json

import messages
from navhost_session import SessionError

BURST_DEADLINE = 30
BATCH_LIMIT = 10_000  # navhost's default --max-batch


def refused_initialize(session, rng, note):
    """A wrongly typed `initialize` before the real one; it must leave the session uninitialized."""
    params = rng.choice([{"processId": "1234"}, {"processId": 1.5}, {"clientInfo": 5}, {"source": []}])
    note("initialize %s, then the real one" % json.dumps(params))
    session.send({"jsonrpc": "2.0", "id": "refused-initialize", "method": "initialize", "params": params})
    session.reply("refused-initialize", "initialize", timeout=BURST_DEADLINE)


def pipelined_reads(session, rng, count, note):
    """`count` screen/rows written before reading any reply, as a client blocked in write() does."""
    frames = []
    for index in range(count):
        request = {"jsonrpc": "2.0", "id": "burst-%d" % index, "method": "screen/rows", "params": {"offset": rng.randrange(0, 100), "limit": 50}}
        frames.append(session.frame(json.dumps(request, separators=(",", ":")).encode()))
    data = b"".join(frames)
    note("%d screen/rows (%d bytes) written without reading" % (count, len(data)))
    session.write_without_reading(data, BURST_DEADLINE)
    session.reply("burst-%d" % (count - 1), "screen/rows", timeout=BURST_DEADLINE * 2)


def large_batch(session, count, note):
    """One batch of `count` tiny requests: answered entry by entry up to navhost's batch limit,
    refused whole with one `-32600` past it (docs/reliability.md, "Flow control and limits")."""
    ids = ["batch-%d" % index for index in range(count)]  # no random message uses such ids
    body = ("[" + ",".join('{"jsonrpc":"2.0","id":"%s","method":"nav/stack"}' % identifier for identifier in ids) + "]").encode()
    note("a batch of %d nav/stack (%d bytes)" % (count, len(body)))
    session.write(session.frame(body))
    if count <= BATCH_LIMIT:
        answers = session.take(lambda message: isinstance(message, list) and any(
            isinstance(answer, dict) and answer.get("id") == ids[0] for answer in message), timeout=BURST_DEADLINE * 2)
        # Past the message limit (a deep stack), the later entries are answered -32001.
        answered = sorted(answer.get("id") for answer in answers
                          if "result" in answer or answer.get("error", {}).get("code") == -32001)
        if answered != sorted(ids):
            raise SessionError("a batch of %d nav/stack had %d of them answered with a result or -32001" % (count, len(answered)))
        return
    naming = "a batch of %d entries exceeds the limit of %d" % (count, BATCH_LIMIT)
    session.take(lambda message: isinstance(message, dict) and message.get("id") is None
                 and message.get("error", {}).get("code") == -32600
                 and message["error"].get("message", "").startswith(naming), timeout=BURST_DEADLINE * 2)


def large_params(session, count, size, note):
    """`count` requests in turn, each carrying `size` bytes of params it does not need."""
    note("%d nav/stack in turn, each with %d bytes of extra params" % (count, size))
    padding = "x" * size
    for _ in range(count):
        session.request("nav/stack", {"extra": padding}, timeout=BURST_DEADLINE)


def deep_stack_batch(session, note):
    """A 1,000-deep stack, then a batch of 10,000 `nav/stack`: each answer is about 100 kB, so
    the batch's answer fills after some 150 of them and the rest are answered without running
    (this used to keep navhost busy for minutes)."""
    note("nav/setStack of 1,000 screens")
    answer = session.request("nav/setStack", {"screens": [{"kind": "users"}] * 1_000}, timeout=BURST_DEADLINE)
    if "result" not in answer:
        raise SessionError("nav/setStack of 1,000 screens answered %s" % str(answer)[:300])
    large_batch(session, BATCH_LIMIT, note)


def actions_flood(session, rng, catalog, count, note):
    """`count` screen/actions and screen/perform with random targets, actions and inputs, written
    at once (replies read meanwhile): each is answered, none with -32603, nor with -32601 when
    initialize listed the method."""
    requests = []
    for index in range(count):
        method = rng.choice(["screen/actions", "screen/perform"])
        params = messages.perform_params(rng, catalog) if method == "screen/perform" else messages.targets(rng, catalog)
        requests.append({"jsonrpc": "2.0", "id": "flood-%d" % index, "method": method, "params": params})
    data = b"".join(session.frame(json.dumps(request, separators=(",", ":")).encode()) for request in requests)
    note("%d screen/actions and screen/perform (%d bytes) written at once" % (count, len(data)))
    session.write(data)
    session.reply(requests[-1]["id"], requests[-1]["method"], timeout=BURST_DEADLINE * 2)
    for request in requests[:-1]:
        answer = session.reply(request["id"], request["method"], timeout=BURST_DEADLINE)
        code = answer.get("error", {}).get("code")
        if code == -32603 or (code == -32601 and request["method"] in catalog.methods):
            raise SessionError("%s answered %s" % (json.dumps(request)[:300], str(answer)[:300]))


def confirmation_round_trip(session, rng, catalog, note):
    """A destructive action the scout saw offered, performed as a client does: asked, confirmed
    with the token it gave, then the token sent again and a made-up one; every answer is a
    result or a named refusal, never -32603. Without such an action, a flood instead."""
    destructive = sorted(action_id for action_id, action in catalog.actions.items() if action.get("destructive") and action_id in catalog.offers)
    if not destructive:
        actions_flood(session, rng, catalog, 2_000, note)
        return
    action = catalog.actions[rng.choice(destructive)]
    kind, params, row_ids = catalog.offers[action["id"]]
    note("%s on %s %s %s, confirmed, then its token again and a made-up one" % (action["id"], kind, json.dumps(params), row_ids))
    session.request("nav/push", {"kind": kind, "params": params}, timeout=BURST_DEADLINE)
    perform = {"rowIds": row_ids, "action": action["id"],
               "input": {field["name"]: messages.field_value(rng, field) for field in action.get("input") or []}}
    answers = [session.request("screen/perform", perform, timeout=BURST_DEADLINE)]
    token = answers[0].get("result", {}).get("confirm")
    for confirm in ([token, token] if token else []) + ["0" * 16]:
        answers.append(session.request("screen/perform", dict(perform, confirm=confirm), timeout=BURST_DEADLINE))
    for answer in answers:
        if "result" not in answer and answer.get("error", {}).get("code") in (None, -32603):
            raise SessionError("a confirmed %s answered %s" % (action["id"], str(answer)[:300]))


def random_burst(session, rng, note, catalog):
    pick = rng.randrange(6)
    if pick == 0:
        pipelined_reads(session, rng, rng.choice([2_000, 20_000]), note)
    elif pick == 1:
        large_batch(session, rng.choice([5_000, BATCH_LIMIT, 50_000]), note)
    elif pick == 2:
        large_params(session, 40, 2 << 20, note)
    elif pick == 3:
        deep_stack_batch(session, note)
    elif pick == 4:
        actions_flood(session, rng, catalog, 2_000, note)
    else:
        confirmation_round_trip(session, rng, catalog, note)
