#!/usr/bin/env python3
"""The hostile client against `navhost mcp`: random but well-framed MCP messages, checks after each batch.

The screen kinds and their params come from `navhost kinds --json` and a browse of the data
(catalog.py, run once against `navhost serve`), the tools from the server's `tools/list`, the
resource URIs from its `resources/templates/list` filled with the values found. Each
session starts `navhost mcp`, initializes it (with a random protocol version), sends batches of
newline-delimited messages built by `mcp_messages.py` (every tool with wrong and extreme
arguments, `push` of every kind with params found valid or wrong, resource URIs inside and outside navshell://, cancellations of random ids,
broken envelopes, unknown methods, a huge argument now and then), and after each batch checks
that:
- the server still answers: a `tools/call stack` probe gets a result within a deadline;
- no request was answered -32603 (internal error): every refusal is a tool error or a named
  JSON-RPC error;
- its processes stay bounded: navhost-mcp's descendants (two navhost sessions and their
  workers) never exceed two sessions' worth of awake screens, spares and a few ending;
and at the end of each session that closing stdin (and reading the answers still owed, as a
client does) ends navhost-mcp with 0 and every process under it. Seeded and reproducible; the standard library and the repository's navshell package
(navshell_path.py finds it).

    mcp_fuzz.py --navhost .build/debug/navhost --seconds 30 [--seed N]
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
import catalog  # noqa: E402
import mcp_messages  # noqa: E402
import navshell_path  # noqa: E402,F401  (makes the repository's navshell importable)
from navhost_session import NavhostSession, SessionError  # noqa: E402
from navshell import process_table  # noqa: E402

PROBE_DEADLINE = 90  # a probe waits behind the batch's calls, each bounded by the server's own limit
MOST_DESCENDANTS = 2 * (1 + 6 + 1 + 3) + 1  # two sessions of navhost, awake screens, spare, ending; navhost-mcp's own
SESSION_SECONDS = 12
EXIT_DEADLINE = 20


class Finding(Exception):
    """A broken invariant."""


class MCPFuzzSession:
    def __init__(self, navhost, rng, log, huge_bytes, batch_size, kinds):
        self.rng, self.log, self.huge_bytes, self.batch_size, self.catalog = rng, log, huge_bytes, batch_size, kinds
        self.server = {"tools": {}, "templates": []}
        self.sent = collections.deque(maxlen=30)
        self.serial = 0
        self.replies = collections.Counter()
        self.most = 0
        self.session = NavhostSession(navhost, subcommand="mcp")

    def start(self):
        version = self.rng.choice(["2025-11-25", "2025-06-18", "2025-03-26"])
        answer = self.session.request("initialize", {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "hostile", "version": "1"}},
                                      timeout=PROBE_DEADLINE)
        if answer.get("result", {}).get("protocolVersion") != version:
            raise Finding("initialize answered %s" % str(answer)[:600])
        self.session.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        listed = self.session.request("tools/list", timeout=PROBE_DEADLINE).get("result", {}).get("tools")
        if not listed:
            raise Finding("tools/list answered no tools")
        self.server["tools"] = {tool["name"]: tool for tool in listed}
        templates = self.session.request("resources/templates/list", timeout=PROBE_DEADLINE).get("result", {}).get("resourceTemplates") or []
        self.server["templates"] = [template["uriTemplate"] for template in templates]

    def send_batch(self):
        for _ in range(self.batch_size):
            self.serial += 1
            body = mcp_messages.body(self.rng, self.serial, self.huge_bytes, self.catalog, self.server)
            self.sent.append(body)
            self.log.write(body[:2000] + b"\n")
            self.session.write(body + b"\n")
            self.count_descendants()

    def count_descendants(self):
        count = len(self.session.descendants())
        self.most = max(self.most, count)
        if count > MOST_DESCENDANTS:
            raise Finding("%d processes under navhost-mcp (at most %d allowed)" % (count, MOST_DESCENDANTS))

    def probe(self):
        probe_id = "probe-%d" % self.serial
        self.session.send({"jsonrpc": "2.0", "id": probe_id, "method": "tools/call", "params": {"name": "stack", "arguments": {}}})
        try:
            answer = self.session.reply(probe_id, "tools/call", timeout=PROBE_DEADLINE)
        except SessionError as error:
            raise Finding("navhost mcp did not answer the stack tool: %s" % error) from error
        if not isinstance(answer.get("result", {}).get("structuredContent", {}).get("stack"), list):
            raise Finding("the stack tool answered %s" % str(answer)[:600])
        self.count_replies()

    def count_replies(self):
        for message in self.session.pending:
            if not isinstance(message, dict) or "method" in message:
                continue
            if "error" in message:
                code = message["error"].get("code")
                if code == -32603:
                    raise Finding("answered -32603: %s" % str(message)[:600])
                self.replies[code] += 1
            else:
                self.replies["isError" if message.get("result", {}).get("isError") else "result"] += 1
        self.session.pending.clear()

    def finish(self):
        """Closes stdin: navhost-mcp must end with 0, and everything under it with it."""
        under = self.session.descendants()
        try:
            # The answers still owed are read as a client reads them (end_input says why).
            code = self.session.end_input(EXIT_DEADLINE)
        except Exception as error:
            raise Finding("navhost mcp did not exit within %d s of stdin closing" % EXIT_DEADLINE) from error
        self.count_replies()
        if code != 0:
            raise Finding("navhost mcp exited with %s when stdin closed" % code)
        alive = [pid for pid, start in under if process_table.is_alive((pid, start))]
        if alive:
            raise Finding("processes %s outlived navhost mcp" % alive)


def run(navhost, seconds, seed, batch_size, huge_bytes):
    rng = random.Random(seed)
    print("mcp-fuzz: seed %d, %d s, batches of %d" % (seed, seconds, batch_size), flush=True)
    log_path = os.path.join(tempfile.gettempdir(), "mcp-fuzz-%d.log" % seed)
    started = time.monotonic()
    totals = collections.Counter()
    sessions = most = 0
    kinds, findings, _, _ = catalog.scouted(navhost, PROBE_DEADLINE)
    if findings:
        print("mcp-fuzz: FAILED: the catalog and navhost disagree: " + "; ".join(findings), flush=True)
        return 1
    with open(log_path, "wb") as log:
        while time.monotonic() - started < seconds:
            sessions += 1
            log.write(b"# session %d\n" % sessions)
            fuzz = MCPFuzzSession(navhost, rng, log, huge_bytes, batch_size, kinds)
            session_end = min(started + seconds, time.monotonic() + SESSION_SECONDS)
            try:
                fuzz.start()
                while time.monotonic() < session_end:
                    fuzz.send_batch()
                    fuzz.probe()
                fuzz.finish()
                fuzz.session.close()  # navhost-mcp has exited: this removes its state folder
            except (Finding, SessionError) as finding:
                log.flush()
                print("mcp-fuzz: FAILED (seed %d, session %d, after message %d): %s" % (seed, sessions, fuzz.serial, finding), flush=True)
                print("the last messages sent (each cut at 300 bytes; all of them are in %s):" % log_path)
                for body in fuzz.sent:
                    print("  " + body[:300].decode("utf-8", "replace"))
                fuzz.session.close()
                return 1
            totals.update(fuzz.replies)
            totals["messages"] += fuzz.serial
            most = max(most, fuzz.most)
    print("mcp-fuzz: passed: %d messages in %d sessions in %.0f s; replies %s; most processes at once %d"
          % (totals.pop("messages"), sessions, time.monotonic() - started, dict(totals.most_common()), most))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navhost", default=".build/debug/navhost")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--batch", type=int, default=20, help="messages between two checks")
    parser.add_argument("--huge-bytes", type=int, default=1 << 20, help="length of the huge arguments")
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(2**32)
    return run(arguments.navhost, arguments.seconds, seed, arguments.batch, arguments.huge_bytes)


if __name__ == "__main__":
    sys.exit(main())
