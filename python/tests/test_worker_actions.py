"""navshell.worker's row actions (worker/actions, worker/perform), driven as navhost drives a
worker: a real child process on pipes, the host's side written with navshell.jsonrpc."""

import subprocess
import sys
import textwrap

import pytest

from navshell import jsonrpc
from navshell.errors import RPCError

WORKER = textwrap.dedent("""
    import navshell.worker as nav

    class Tasks(nav.ListScreen):
        title = "Tasks"

        def __init__(self, params):
            self.tasks = [("write", False, ""), ("test", False, ""), ("ship", True, "")]

        def sections(self, query):
            return [nav.Section("tasks", header="Tasks", items=self.tasks)]

        def row(self, task):
            name, done, note = task
            values = {"done": done, "url": f"https://example.com/{name}"} if name != "ship" else {"done": done}
            return nav.Row(id=f"task:{name}", kind="task", title=name, subtitle=note or None, values=values)

        def actions(self, task):
            if task is None:
                return [nav.Action("add", "Add…", input=[nav.Field("name", "Name", required=True)]),
                        nav.Action("archive", "Archive shipped", destructive=True)]
            offered = [nav.Action("note", "Note…", key="n", input=[nav.Field("text", "Note", type="text", required=True),
                                                                       nav.Field("times", "Times", type="number", default=1)])]
            if task[1]:
                offered.append(nav.Action("reopen", "Reopen", disabled="shipped tasks stay shipped"))
            else:
                offered.append(nav.Action("finish", "Finish", key="f", destructive=True,
                                          input=[nav.Field("how", "How", type="enum", options=["well", "badly"], default="well")]))
            return offered

        def preview(self, action, task, input):
            if action == "note":
                return (task[0], task[1], input["text"] * input["times"])
            return (task[0], True, task[2]) if task else None

        def perform(self, action, task, input):
            if action == "add":
                self.tasks.append((input["name"], False, ""))
            elif action == "archive":
                self.tasks = [task for task in self.tasks if not task[1]]
            if task is None:
                return
            if task[0] == "test":
                raise nav.ActionFailed("conflict", "the tests are red", status=409, retry_after=30)
            self.tasks[self.tasks.index(task)] = self.preview(action, task, input)

    class Project(Tasks):  # a screen whose own item has a web address
        url = "https://example.com/tasks"

    class Plain(Tasks):  # a screen with no item of its own
        def actions(self, task):
            return [] if task is None else super().actions(task)

    class Guarded(Tasks):  # "drop" asks first on the tested task only, which takes no "later"
        def actions(self, task):
            if task is None:
                return []
            whens = ["now"] if task[0] == "test" else ["now", "later"]
            return [nav.Action("drop", "Drop", destructive=task[0] == "test",
                               input=[nav.Field("when", "When", type="enum", options=whens, default="now")])]

    nav.serve({"tasks": Tasks, "project": Project, "plain": Plain, "guarded": Guarded})
""")


def open_worker(kind):
    process = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    connection = jsonrpc.Connection(process.stdout.fileno(), process.stdin.fileno())
    connection.request("worker/open", {"screen": "s2", "kind": kind})
    connection.take_notifications()
    return process, connection


@pytest.fixture
def worker(screen_of_kind):
    """A worker of the kind "tasks" (screen_of_kind, below, ends it)."""
    return screen_of_kind("tasks")


def ids(actions):
    return [action["id"] for action in actions]


def row(connection, row_id):
    return next(r for r in connection.request("worker/rows", {})["rows"] if r["id"] == row_id)


def updates(connection):
    return [n["params"] for n in connection.take_notifications() if n["method"] == "worker/didUpdate"]


def test_each_row_offers_its_own_actions_then_the_read_only_ones(worker):
    listed = worker.request("worker/actions", {"rowIds": ["task:write"], "screen": "s2"})
    assert listed["screen"] == "s2"
    assert ids(listed["actions"]) == ["note", "finish", "open-url", "copy-url", "copy-text"]
    assert listed["actions"][0] == {"id": "note", "title": "Note…", "key": "n", "readOnly": False, "destructive": False,
                                    "idempotent": False, "input": [
                                        {"name": "text", "title": "Note", "type": "text", "required": True},
                                        {"name": "times", "title": "Times", "type": "number", "default": 1}]}
    assert ids(worker.request("worker/actions", {"rowIds": ["task:ship"]})["actions"]) == ["note", "reopen", "copy-text"]
    # The screen's own item offers its writes, then the read-only actions, as a row does.
    assert ids(worker.request("worker/actions", {})["actions"]) == ["add", "archive", "copy-text"]
    both = worker.request("worker/actions", {"rowIds": ["task:write", "task:ship"]})["actions"]
    assert ids(both) == ["note", "copy-text"]  # what every row offers, in the first row's order
    with pytest.raises(RPCError) as missing:
        worker.request("worker/actions", {"rowIds": ["task:nope"]})
    assert (missing.value.code, missing.value.data) == (-32602, {"reason": "notFound", "rowId": "task:nope"})


def test_read_only_actions_answer_the_url_or_the_text(worker):
    opened = worker.request("worker/perform", {"rowIds": ["task:write"], "action": "open-url"})
    assert opened == {"screen": "s2", "status": "done", "revision": 1,
                      "results": [{"id": "task:write", "status": "done", "url": "https://example.com/write"}]}
    copied = worker.request("worker/perform", {"rowIds": ["task:write", "task:ship"], "action": "copy-text"})
    assert [result["text"] for result in copied["results"]] == ["write", "ship"]
    assert updates(worker) == []


@pytest.fixture
def screen_of_kind():
    processes = []

    def start(kind):
        process, connection = open_worker(kind)
        processes.append(process)
        return connection
    yield start
    for process in processes:
        process.kill()
        process.wait()


def test_the_screens_own_item_copies_its_title_and_opens_its_url(worker, screen_of_kind):
    assert worker.request("worker/perform", {"action": "copy-text"})["results"] == [{"status": "done", "text": "Tasks"}]
    project = screen_of_kind("project")
    assert ids(project.request("worker/actions", {})["actions"]) == ["add", "archive", "open-url", "copy-url", "copy-text"]
    assert project.request("worker/perform", {"action": "open-url"})["results"] == [
        {"status": "done", "url": "https://example.com/tasks"}]
    assert project.request("worker/perform", {"action": "copy-url"})["results"] == [
        {"status": "done", "text": "https://example.com/tasks"}]
    plain = screen_of_kind("plain")  # no actions of its own and no url: it has no item
    assert plain.request("worker/actions", {})["actions"] == []
    assert ids(plain.request("worker/actions", {"rowIds": ["task:ship"]})["actions"]) == ["note", "reopen", "copy-text"]


def test_a_write_updates_the_row_at_once_and_answers_done(worker):
    asked = worker.request("worker/perform", {"rowIds": ["task:write"], "action": "note", "input": {}})
    assert asked["status"] == "inputRequired" and [field["name"] for field in asked["fields"]] == ["text"]
    done = worker.request("worker/perform", {"rowIds": ["task:write"], "action": "note", "input": {"text": "ab", "times": 2}})
    assert done == {"screen": "s2", "status": "done", "revision": 2, "results": [{"id": "task:write", "status": "done"}]}
    [update] = updates(worker)
    assert update["revision"] == 2 and update["changes"]["reconfigured"] == ["task:write"]
    assert row(worker, "task:write")["subtitle"] == "abab"


def test_input_of_the_wrong_type_is_refused_with_the_field(worker):
    with pytest.raises(RPCError) as refused:
        worker.request("worker/perform", {"rowIds": ["task:write"], "action": "note", "input": {"text": "x", "times": "2"}})
    assert refused.value.code == -32016
    assert refused.value.data == {"reason": "validation", "action": "note", "input": {"text": "x", "times": "2"}, "field": "times"}
    assert refused.value.message == "'times' must be a number"
    with pytest.raises(RPCError) as unknown:
        worker.request("worker/perform", {"rowIds": ["task:write"], "action": "teleport"})
    assert (unknown.value.code, unknown.value.data) == (-32602, {"reason": "unknownAction", "action": "teleport"})
    with pytest.raises(RPCError, match="shipped tasks stay shipped"):
        worker.request("worker/perform", {"rowIds": ["task:ship"], "action": "reopen"})


@pytest.mark.parametrize("text", ["", "  ", "\t\n\u00a0"])
def test_a_required_value_of_only_white_space_is_refused_with_the_field(worker, text):
    given = {"text": text, "times": 1}
    with pytest.raises(RPCError) as refused:
        worker.request("worker/perform", {"rowIds": ["task:write"], "action": "note", "input": given})
    assert (refused.value.code, refused.value.message) == (-32016, "'text' must be more than white space")
    assert refused.value.data == {"reason": "validation", "action": "note", "input": given, "field": "text"}
    assert updates(worker) == []


def test_a_null_value_is_absent_and_takes_its_fields_default(worker):
    asked = worker.request("worker/perform", {"rowIds": ["task:write"], "action": "note", "input": {"text": None}})
    assert (asked["status"], [field["name"] for field in asked["fields"]]) == ("inputRequired", ["text"])
    done = worker.request("worker/perform", {"rowIds": ["task:write"], "action": "note", "input": {"text": "ab", "times": None}})
    assert done["status"] == "done" and row(worker, "task:write")["subtitle"] == "ab"  # times: its default, 1
    asked = worker.request("worker/perform", {"rowIds": ["task:test"], "action": "finish", "input": {"how": None}})
    assert asked["status"] == "confirm"  # how: its default, well


def test_a_destructive_action_asks_first_with_a_token_bound_to_its_params(worker):
    params = {"rowIds": ["task:write"], "action": "finish", "input": {"how": "well"}}
    asked = worker.request("worker/perform", params)
    assert (asked["status"], asked["expiresIn"], asked["message"]) == ("confirm", 120, "Finish 'write'?")
    assert updates(worker) == [] and row(worker, "task:write")["values"]["done"] is False
    assert worker.request("worker/perform", dict(params, rowIds=["task:write", "task:test"]))["message"] == "Finish 2 items?"
    for forged in ({"confirm": "0123456789abcdef"}, {"confirm": asked["confirm"], "input": {"how": "badly"}}):
        with pytest.raises(RPCError) as stale:
            worker.request("worker/perform", dict(params, **forged))
        assert stale.value.data["reason"] == "staleConfirmation"
    changed_since = worker.request("worker/perform", params)["confirm"]
    worker.request("worker/perform", {"rowIds": ["task:write"], "action": "note", "input": {"text": "later"}})
    with pytest.raises(RPCError) as stale:  # the row changed since the question: its state is another
        worker.request("worker/perform", dict(params, confirm=changed_since))
    assert stale.value.data["reason"] == "staleConfirmation" and row(worker, "task:write")["values"]["done"] is False
    # The token made for other input was spent by that refusal: ask again, then confirm.
    token = worker.request("worker/perform", params)["confirm"]
    done = worker.request("worker/perform", dict(params, confirm=token))
    assert done["status"] == "done" and row(worker, "task:write")["values"]["done"] is True
    with pytest.raises(RPCError, match="the rows offer no action 'finish'"):
        worker.request("worker/perform", dict(params, confirm=token))  # a finished task offers it no more


def test_a_failure_rolls_the_row_back_and_keeps_the_input(worker):
    params = {"rowIds": ["task:test"], "action": "note", "input": {"text": "a long note typed by hand"}}
    with pytest.raises(RPCError) as failed:
        worker.request("worker/perform", params)
    assert failed.value.code == -32016 and failed.value.message == "the tests are red"
    assert failed.value.data == {"reason": "conflict", "action": "note", "input": params["input"], "status": 409, "retryAfter": 30}
    shown, rolled_back = updates(worker)
    assert shown["changes"]["reconfigured"] == rolled_back["changes"]["reconfigured"] == ["task:test"]
    assert rolled_back["revision"] == shown["revision"] + 1
    assert "subtitle" not in row(worker, "task:test")


def test_several_targets_report_each_one_and_a_failure_undoes_only_its_own(worker):
    done = worker.request("worker/perform", {"rowIds": ["task:write", "task:test"], "action": "note", "input": {"text": "n"}})
    assert done["status"] == "done"
    assert [(r["id"], r["status"]) for r in done["results"]] == [("task:write", "done"), ("task:test", "failed")]
    assert done["results"][1]["error"]["data"]["reason"] == "conflict"
    assert row(worker, "task:write")["subtitle"] == "n" and "subtitle" not in row(worker, "task:test")
    with pytest.raises(RPCError) as failed:
        worker.request("worker/perform", {"rowIds": ["task:test", "task:test"], "action": "note", "input": {"text": "n"}})
    assert [r["status"] for r in failed.value.data["results"]] == ["failed", "failed"]


def test_the_rows_are_read_again_after_a_write_so_added_and_removed_rows_show(worker):
    added = worker.request("worker/perform", {"action": "add", "input": {"name": "deploy"}})
    assert added == {"screen": "s2", "status": "done", "revision": 2, "results": [{"status": "done"}]}
    [update] = updates(worker)
    assert update["changes"] == {"inserted": [{"id": "task:deploy", "index": 3}], "removed": [], "moved": [], "reconfigured": []}
    assert update["sections"] == [{"id": "tasks", "header": "Tasks", "count": 4}]
    asked = worker.request("worker/perform", {"action": "archive"})  # the screen's own item, confirmed without rows
    assert asked["message"] == "Archive shipped Tasks?"
    done = worker.request("worker/perform", {"action": "archive", "confirm": asked["confirm"]})
    assert (done["status"], done["revision"]) == ("done", 3)
    [update] = updates(worker)
    assert update["changes"]["removed"] == [{"id": "task:ship", "index": 2}]
    assert [row["id"] for row in worker.request("worker/rows", {})["rows"]] == ["task:write", "task:test", "task:deploy"]


def test_an_action_on_several_rows_is_as_strict_as_its_strictest_row():
    process, connection = open_worker("guarded")
    try:
        [drop] = connection.request("worker/actions", {"rowIds": ["task:write", "task:test"]})["actions"][:1]
        assert drop["destructive"] and drop["input"][0]["options"] == ["now"]
        asked = connection.request("worker/perform", {"rowIds": ["task:write", "task:test"], "action": "drop"})
        assert asked["status"] == "confirm"
        with pytest.raises(RPCError) as refused:
            connection.request("worker/perform", {"rowIds": ["task:write", "task:test"], "action": "drop", "input": {"when": "later"}})
        assert refused.value.data["reason"] == "validation"
    finally:
        process.kill()
        process.wait()
