"""navshell.worker speaking the worker protocol, driven as navhost drives a worker: a real child
process on pipes, the host's side written with navshell.jsonrpc."""

import subprocess
import sys
import textwrap

import pytest

from navshell import jsonrpc
from navshell.errors import RPCError

WORKER = textwrap.dedent("""
    import navshell.worker as nav

    class Letters(nav.ListScreen):
        title = "Letters"

        def __init__(self, params):
            self.count = params["count"]

        def sections(self, query):
            def pages(cursor):
                start = cursor or 0
                items = [n for n in range(start, min(start + 10, self.count))]
                return items, (start + 10 if start + 10 < self.count else None)
            return [nav.Section("fixed", header="Fixed", items=[l for l in "abc" if query in l]),
                    nav.Section("numbers", header="Numbers", pages=pages)]

        def row(self, item):
            return nav.Row(id=f"item:{item}", title=str(item))

        def select(self, item):
            return nav.open_url(f"https://example.com/{item}")

    nav.serve({"letters": Letters})
""")


@pytest.fixture
def worker():
    process = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    connection = jsonrpc.Connection(process.stdout.fileno(), process.stdin.fileno())
    yield process, connection
    process.kill()
    process.wait()


def test_requests_before_open_are_refused_and_shutdown_then_exit_ends_with_0(worker):
    process, connection = worker
    with pytest.raises(RPCError, match="no screen is open: send worker/open first") as refused:
        connection.request("worker/rows", {"offset": 0, "limit": 5})
    assert refused.value.code == -32600
    assert connection.request("shutdown") is None
    connection.notify("exit")
    assert process.wait(timeout=10) == 0


def test_open_from_a_token_numbers_on_and_reads_its_window_again(worker):
    _, connection = worker
    token = {"query": "b", "revision": 7, "window": {"section": "numbers", "offset": 15, "limit": 5}}
    opened = connection.request("worker/open", {"screen": "s4", "kind": "letters", "params": {"count": 45}, "token": token, "rows": 2})
    assert (opened["screen"], opened["title"], opened["revision"]) == ("s4", "Letters", 8)
    # The window read again (15-20, plus the look-ahead) loaded the numbers' pages up to 45.
    assert opened["sections"] == [{"id": "fixed", "header": "Fixed", "count": 1},
                                  {"id": "numbers", "header": "Numbers", "count": 45}]
    assert [row["id"] for row in opened["rows"]] == ["item:b", "item:0"]
    assert opened["rows"][1]["section"] == "numbers"


def test_rows_page_by_section_refuse_an_old_revision_and_announce_new_pages(worker):
    _, connection = worker
    connection.request("worker/open", {"screen": "s1", "kind": "letters", "params": {"count": 45}})
    answer = connection.request("worker/rows", {"section": "numbers", "offset": 0, "limit": 5})
    assert answer["revision"] == 2 and answer["sections"][1]["count"] == 30 and answer["sections"][1]["hasMore"]
    update = connection.next_notification("worker/didUpdate")["params"]
    assert update["revision"] == 2 and update["changes"]["inserted"][0] == {"id": "item:10", "index": 13}
    tokens = [n["params"]["token"] for n in connection.take_notifications() if n["method"] == "worker/didChangeState"]
    assert tokens[-1] == {"query": "", "revision": 2, "window": {"section": "numbers", "offset": 0, "limit": 5}}
    with pytest.raises(RPCError) as gone:
        connection.request("worker/rows", {"offset": 0, "limit": 5, "revision": 1})
    assert (gone.value.code, gone.value.data) == (-32014, {"requested": 1, "current": 2})


def test_queries_selections_and_errors(worker):
    _, connection = worker
    connection.request("worker/open", {"screen": "s1", "kind": "letters", "params": {"count": 5}})
    state = connection.request("worker/query", {"text": "c"})
    assert state["revision"] == 2 and state["sections"][0]["count"] == 1
    assert connection.request("worker/query", {"text": "c"})["revision"] == 2, "the same query again changes nothing"
    assert connection.request("worker/select", {"rowId": "item:c"}) == {"action": "openURL", "url": "https://example.com/c"}
    with pytest.raises(RPCError) as missing:
        connection.request("worker/select", {"rowId": "item:z"})
    assert (missing.value.code, missing.value.data) == (-32602, {"reason": "notFound", "rowId": "item:z"})
    with pytest.raises(RPCError, match="this worker already serves a screen"):
        connection.request("worker/open", {"screen": "s1", "kind": "letters", "params": {"count": 5}})
    assert connection.request("worker/ping") == {}
    with pytest.raises(RPCError) as unknown:
        connection.request("worker/teleport")
    assert unknown.value.code == -32601


def test_bad_params_fail_the_opening(worker):
    _, connection = worker
    with pytest.raises(RPCError, match="invalid params") as refused:
        connection.request("worker/open", {"screen": "s1", "kind": "letters", "params": {}})
    assert refused.value.code == -32602
