#!/usr/bin/env python3
"""A protocol-aware fuzzer for navhost: random but well-framed requests, with checks after each batch.

The screen kinds and their params come from `navhost kinds --json` (catalog.py): the run's first
session browses from its root to find params navhost accepts for every kind, the row ids and the
actions the screens offer, and pushes each kind once (a kind refused, or a registry that differs
from `navhost kinds --json`, fails the run). Each session starts a navhost (newline-delimited or
Content-Length framing, alternately), sends batches of messages built by `messages.py` (every
kind pushed with params found valid or wrong, wrong types, extreme numbers, huge strings, random
ids, batches, null params, `screen/actions` and `screen/perform` with random targets, action ids
and inputs), now and then a move of `bursts.py` (a wrongly typed initialize before the real
one, 20,000 reads written without reading a reply, a batch of 5,000 or 10,000 tiny requests
(every entry answered) or of 50,000 (refused whole: past the batch limit), 40 requests each
with 2 MiB of params, a 1,000-deep stack and a batch of 10,000 `nav/stack` whose answer fills
long before its end, a flood of 2,000 `screen/actions` and `screen/perform`, a destructive
action confirmed with its token and then with a spent and a made-up one), and after each
batch checks that:
- navhost still answers: a `nav/stack` probe is answered within a deadline;
- no worker leaked: navhost's children (from /proc) come down, within a grace period, to at most
  the stack's awake screens + the warm spare + a few still ending; and at no time (sampled
  after every message) are there more than two stacks' worth of awake screens + the spare + a
  few (a stack replaced while the old one's workers end);
- navhost's RSS stays within a budget (64 MiB) over its RSS once idle after initialize;
- no worker crashed: no `screen/didCrash` (debug methods are off, so only client input or a
  bug can end a worker that was not popped);
- no request was answered `-32603` (internal error), nor `-32015` (data unavailable: the
  embedded snapshot is always readable, so it means a query the store could not run), nor
  `-32601` (unknown method) for a method initialize lists in `capabilities.methods`.

Seeded and reproducible: it prints the seed; a failure prints the messages that led to it (the
session's last ones; all of them are written to a log file). Standard library and the
repository's navshell package only (navshell_path.py finds it); each navhost gets a temporary
XDG_STATE_HOME, so the actions it performs never reach the user's state.

    hostile_fuzz.py --navhost .build/debug/navhost --seconds 50 [--seed N]
"""

import argparse
import collections
import os
import random
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bursts  # noqa: E402
import catalog  # noqa: E402
import messages  # noqa: E402
from navhost_session import NavhostSession, SessionError  # noqa: E402

AWAKE_SCREENS = 6
RSS_BUDGET = 64 << 20
PROBE_DEADLINE = 30
LEAK_GRACE = 8  # seconds for popped workers to end (stop grace 2 s, then SIGTERM, then SIGKILL)
ENDING_SLACK = 3
MOST_CHILDREN_EVER = 2 * AWAKE_SCREENS + 1 + ENDING_SLACK
SESSION_SECONDS = 15


class Finding(Exception):
    """A broken invariant."""


class Ledger:
    """The method (and kind) of each request sent, by id, to judge its answer: an unknown-method
    answer to a method the host lists in capabilities.methods (the catalog's `methods`, read by
    the scout) is a finding; pushes answered with a result are counted by kind."""

    def __init__(self, catalog):
        self.catalog = catalog
        self.asked = {}  # request id -> (method, kind) of a request sent once and not answered yet
        self.pushed = collections.Counter()  # kind -> pushes answered with a result

    def remember(self, value):
        """Keeps the method (and kind) of each request in a message sent (`value`, as sent)."""
        for entry in value if isinstance(value, list) else [value]:
            if isinstance(entry, dict) and isinstance(entry.get("id"), (int, str)) and isinstance(entry.get("method"), str):
                params = entry.get("params")
                kind = params.get("kind") if isinstance(params, dict) else None
                # An id sent twice before its answer could name either request: judge neither.
                self.asked[entry["id"]] = None if entry["id"] in self.asked else (entry["method"], kind)

    def judge(self, reply, code):
        """Raises Finding on an unknown-method answer to a method the host lists; counts pushes."""
        if not isinstance(reply.get("id"), (int, str)) or self.asked.get(reply["id"]) is None:
            return
        method, kind = self.asked.pop(reply["id"])
        if code == -32601 and method in self.catalog.methods:
            raise Finding("%s answered -32601, yet initialize lists it in capabilities.methods: %s" % (method, str(reply)[:600]))
        if code == "result" and method == "nav/push":
            self.pushed[kind] += 1


class FuzzSession:
    def __init__(self, navhost, rng, content_length, log, huge_bytes, batch_size, bursts, kinds):
        self.rng = rng
        self.catalog = kinds
        self.table = messages.methods(kinds)
        self.ledger = Ledger(kinds)
        self.bursts = bursts
        self.log = log
        self.huge_bytes = huge_bytes
        self.batch_size = batch_size
        self.sent = collections.deque(maxlen=30)
        self.serial = 0
        self.replies = collections.Counter()
        self.session = NavhostSession(navhost, [], content_length=content_length)
        self.framing = "Content-Length" if content_length else "newline-delimited"
        self.idle_rss = self.peak_rss = self.most_workers = 0

    def start(self):
        if self.bursts and self.rng.random() < 0.3:
            bursts.refused_initialize(self.session, self.rng, self.note)
        answer = self.session.request("initialize", {"processId": None, "clientInfo": {"name": "hostile"}}, timeout=PROBE_DEADLINE)
        if "result" not in answer:
            raise Finding("initialize was refused: %s" % str(answer)[:600])
        if not self.catalog.methods:  # the run's first session
            self.note("scout: reading every kind's params from the data")
            findings = catalog.scout(self.session, self.catalog, answer["result"]["capabilities"])
            if findings:
                raise Finding("the catalog and navhost disagree: " + "; ".join(findings))
        self.session.request("nav/waitIdle", {"timeout": 10}, timeout=PROBE_DEADLINE)
        self.idle_rss = self.peak_rss = self.session.resident_bytes()

    def note(self, what):
        """Records a move that is not one message, for the failure report and the log."""
        self.sent.append(b"(" + what.encode() + b")")
        self.log.write(b"# " + what.encode() + b"\n")

    def burst(self):
        bursts.random_burst(self.session, self.rng, self.note, self.catalog)
        self.count_replies()

    def send_batch(self):
        for _ in range(self.batch_size):
            self.serial += 1
            body, value = messages.body(self.rng, self.serial, self.huge_bytes, self.table)
            self.ledger.remember(value)
            self.sent.append(body)
            self.log.write(body[:2000] + b"\n")
            self.session.write(self.session.frame(body))
            self.peak_rss = max(self.peak_rss, self.session.resident_bytes())
            children = len(self.session.children())
            self.most_workers = max(self.most_workers, children)
            if children > MOST_CHILDREN_EVER:
                raise Finding("%d child processes at once (at most %d allowed at any time)" % (children, MOST_CHILDREN_EVER))

    def probe(self):
        """Checks every invariant; raises Finding with what is wrong."""
        probe_id = "probe-%d" % self.serial
        self.session.send({"jsonrpc": "2.0", "id": probe_id, "method": "nav/stack"})
        try:
            answer = self.session.reply(probe_id, "nav/stack", timeout=PROBE_DEADLINE)
        except SessionError as error:
            raise Finding("navhost did not answer nav/stack: %s" % error) from error
        self.count_replies()
        stack = answer.get("result", {}).get("stack")
        if not isinstance(stack, list) or not stack:
            raise Finding("nav/stack answered %r" % answer)
        allowed = min(len(stack), AWAKE_SCREENS) + 1 + ENDING_SLACK
        deadline = time.monotonic() + LEAK_GRACE
        while True:
            workers = len(self.session.children())
            self.most_workers = max(self.most_workers, workers)
            if workers <= allowed:
                break
            if time.monotonic() > deadline:
                raise Finding("%d child processes for a stack of %d (at most %d allowed)" % (workers, len(stack), allowed))
            time.sleep(0.1)
        rss = self.session.resident_bytes()
        self.peak_rss = max(self.peak_rss, rss)
        if self.peak_rss > self.idle_rss + RSS_BUDGET:
            raise Finding("navhost's RSS reached %.1f MiB, idle was %.1f MiB" % (self.peak_rss / 2**20, self.idle_rss / 2**20))

    def count_replies(self):
        """Counts the replies by error code, and raises Finding on a crash or an internal error."""
        for message in self.session.pending:
            replies = message if isinstance(message, list) else [message]
            for reply in replies:
                if not isinstance(reply, dict):
                    continue
                if reply.get("method") == "screen/didCrash":
                    raise Finding("a worker crashed: %s" % str(reply.get("params"))[:600])
                if "method" in reply:
                    continue
                code = reply["error"]["code"] if "error" in reply else "result"
                if code in (-32603, -32015):
                    raise Finding("answered %d: %s" % (code, str(reply)[:600]))
                self.ledger.judge(reply, code)
                self.replies[code] += 1
        self.session.pending.clear()


def run(navhost, seconds, seed, batch_size, huge_bytes, with_bursts):
    rng = random.Random(seed)
    print("hostile-fuzz: seed %d, %d s, batches of %d, huge strings of %d bytes%s"
          % (seed, seconds, batch_size, huge_bytes, "" if with_bursts else ", no bursts"), flush=True)
    log_path = os.path.join(tempfile.gettempdir(), "hostile-fuzz-%d.log" % seed)
    started = time.monotonic()
    totals = collections.Counter()
    pushed = collections.Counter()
    kinds = catalog.Catalog(catalog.read_kinds(navhost))
    sessions = peak_growth = most_workers = 0
    with open(log_path, "wb") as log:
        while time.monotonic() - started < seconds:
            sessions += 1
            log.write(b"# session %d\n" % sessions)
            fuzz = FuzzSession(navhost, rng, content_length=sessions % 2 == 0, log=log, huge_bytes=huge_bytes, batch_size=batch_size, bursts=with_bursts, kinds=kinds)
            session_end = min(started + seconds, time.monotonic() + SESSION_SECONDS)
            burst_after = rng.randrange(1, 8) if with_bursts and rng.random() < 0.5 else None
            try:
                fuzz.start()
                batches = 0
                while time.monotonic() < session_end:
                    fuzz.send_batch()
                    batches += 1
                    if batches == burst_after:
                        fuzz.burst()
                    fuzz.probe()
                code = fuzz.session.close(grace=LEAK_GRACE)
                if code != 0:
                    raise Finding("navhost exited with %s after shutdown and exit" % code)
                if fuzz.session.leftovers:
                    raise Finding("processes %s outlived navhost by %d s" % (fuzz.session.leftovers, LEAK_GRACE))
            except (Finding, SessionError) as finding:
                log.flush()
                report_failure(seed, sessions, fuzz, finding, log_path)
                fuzz.session.close()
                return 1
            totals.update(fuzz.replies)
            pushed.update(fuzz.ledger.pushed)
            totals["messages"] += fuzz.serial
            peak_growth = max(peak_growth, fuzz.peak_rss - fuzz.idle_rss)
            most_workers = max(most_workers, fuzz.most_workers)
    elapsed = time.monotonic() - started
    print("hostile-fuzz: passed: %d messages in %d sessions in %.0f s; replies %s; most children %d; peak RSS growth %.1f MiB"
          % (totals.pop("messages"), sessions, elapsed, dict(totals.most_common()), most_workers, peak_growth / 2**20))
    print("hostile-fuzz: pushes answered with a result, by kind: %s" % ", ".join("%s %d" % (kind, pushed[kind]) for kind in kinds.kinds))
    return 0


def report_failure(seed, session, fuzz, finding, log_path):
    print("hostile-fuzz: FAILED (seed %d, session %d, %s framing, after message %d): %s"
          % (seed, session, fuzz.framing, fuzz.serial, finding), flush=True)
    print("the last messages sent (each cut at 300 bytes; all of them are in %s):" % log_path)
    for body in fuzz.sent:
        print("  " + body[:300].decode("utf-8", "replace"))
    print("reproduce: scripts/hostile-fuzz <seconds> --seed %d (with the same --batch, --huge-bytes and --no-bursts)" % seed)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navhost", default=".build/debug/navhost")
    parser.add_argument("--seconds", type=float, default=50)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--batch", type=int, default=25, help="messages between two checks")
    parser.add_argument("--huge-bytes", type=int, default=2 << 20, help="length of the huge strings")
    parser.add_argument("--no-bursts", action="store_true", help="random messages only, none of the moves of bursts.py")
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(2**32)
    return run(arguments.navhost, arguments.seconds, seed, arguments.batch, arguments.huge_bytes, not arguments.no_bursts)


if __name__ == "__main__":
    sys.exit(main())
