"""The live GitHub source, against the fake GitHub: rows, progress, a rate limit, a cancellation."""

import json
import os

import anyio
import pytest

from mcp_harness import call, error_text, mcp_session, run

REPOS = "/users/kohsuke/repos"
# The root's popular users: a recorded search (the corpus has no answer for the root's own query).
POPULAR = {"path": "/search/users", "recording": "05_search-users-pygithub-sort-followers.json"}


def live(fake):
    return ("--source", "github", "--api-url", fake.url, "--cache", fake.cache)


def test_a_live_list_pages_through_github_with_cursors(fake_github):
    # Pages 1 and 2 are recorded (GitHub's next link names the user by id); the unrecorded
    # page 3 is scripted as an empty last page, so the list has an end.
    by_id = "/user/50003/repos"
    fake_github.script([{"path": by_id, "times": 1, "recording": "27_user-repos-hub4j-kohsuke-p2.json"},
                        {"path": by_id, "status": 200, "body": []}, POPULAR])
    async def body():
        async with mcp_session(*live(fake_github)) as session:
            answer = (await call(session, "push", kind="repositories", params={"login": "kohsuke"})).structured_content
            assert answer["sections"][0].get("hasMore") is True
            ids = [row["id"] for row in answer["rows"]]
            while "nextCursor" in answer:
                answer = (await call(session, "rows", cursor=answer["nextCursor"])).structured_content
                ids += [row["id"] for row in answer["rows"]]
            names = [row_id for row_id in ids if row_id.startswith("repo:")]
            assert len(names) == len(set(names)) == answer["sections"][0]["count"] == 60
            # Every repository is read before the row below the paged section, which comes once.
            assert ids == names + ["account:starred"]
            # The pages GitHub links to (it rewrites the next one's URL), each asked for once.
            pages = [request["path"] for request in fake_github.requests() if not request["path"].startswith("/search/")]
            assert len(pages) == len(set(pages)) >= 2

    run(body)


def test_a_slow_load_sends_progress_before_its_answer(fake_github):
    fake_github.script([{"path": REPOS, "times": 1, "delay_ms": 1500}, POPULAR])
    seen = []

    async def progress(value, total, message):
        seen.append((value, message))

    async def body():
        async with mcp_session(*live(fake_github)) as session:
            result = await session.call_tool("push", {"kind": "repositories", "params": {"login": "kohsuke"}}, progress_callback=progress)
            assert not result.is_error
            assert seen, "no progress notification arrived"
            assert [value for value, _ in seen] == list(range(1, len(seen) + 1))
            assert seen[0][1].startswith("pushing repositories: waiting for navhost")
            count = len(seen)
            await call(session, "stack")
            assert len(seen) == count  # none after the answer

    run(body)


def test_a_rate_limit_is_a_tool_error_that_says_when_to_retry(fake_github):
    fake_github.script([{"path": REPOS, "recording": "23_user-pygithub-403-ratelimit.json"}, POPULAR])

    async def body():
        async with mcp_session(*live(fake_github)) as session:
            result = await session.call_tool("push", {"kind": "repositories", "params": {"login": "kohsuke"}})
            assert result.is_error
            message = result.content[0].text
            assert "rate limit" in message.lower() and "GITHUB_TOKEN" in message
            # The screen is shown with its repositories section failed (its stars row still opens).
            stack = (await session.call_tool("stack", {})).structured_content
            assert [screen["kind"] for screen in stack["stack"]] == ["users", "repositories"]

    run(body)


def test_cancelling_a_call_cancels_the_navhost_request_underneath(fake_github):
    fake_github.script([{"path": REPOS, "times": 1, "delay_ms": 20000}, POPULAR])
    started = anyio.Event()

    async def progress(value, total, message):
        started.set()

    async def body():
        async with mcp_session(*live(fake_github)) as session:
            with anyio.move_on_after(30) as scope:
                async with anyio.create_task_group() as group:
                    async def push():
                        await session.call_tool("push", {"kind": "repositories", "params": {"login": "kohsuke"}}, progress_callback=progress)
                        pytest.fail("the cancelled call was answered")

                    group.start_soon(push)
                    await started.wait()  # navhost is waiting on GitHub
                    group.cancel_scope.cancel()
            assert not scope.cancelled_caught
            with anyio.fail_after(10):
                stack = (await call(session, "stack")).structured_content["stack"]
            assert [screen["kind"] for screen in stack] == ["users"]
            # The worker gave up the request: GitHub's connection was closed before it answered.
            with anyio.fail_after(10):
                while not any(r["path"].startswith(REPOS) and r["outcome"] == "client_closed" for r in fake_github.requests()):
                    await anyio.sleep(0.05)

    run(body)


def test_a_slow_resource_read_sends_progress_too(fake_github, raw_server):
    fake_github.script([{"path": REPOS, "times": 1, "delay_ms": 1500}, POPULAR])
    server = raw_server(*live(fake_github))
    server.initialize()
    server.send({"jsonrpc": "2.0", "id": 2, "method": "resources/read",
                 "params": {"uri": "navshell://users/kohsuke/repositories", "_meta": {"progressToken": "read"}}})
    progress = []
    while True:
        message = server.next()
        if message.get("method") == "notifications/progress":
            progress.append(message["params"])
            continue
        assert message["id"] == 2
        break
    assert [note["progress"] for note in progress] == list(range(1, len(progress) + 1)) and progress
    assert all(note["progressToken"] == "read" for note in progress)
    assert progress[0]["message"].startswith("reading navshell://users/kohsuke/repositories: waiting for navhost")
    assert message["result"]["contents"][0]["text"].startswith("┌─ kohsuke's repositories")


def test_a_comment_github_refuses_comes_back_whole(fake_github):
    """With --allow-writes, a comment the fake GitHub refuses (403) is a tool error that names the
    reason and gives the text back, and nothing was posted twice."""
    comments = "/repos/PyGithub/PyGithub/issues/28/comments"
    fake_github.script([{"path": comments, "status": 200, "body": [], "times": 1}, POPULAR])
    body_text = "A reply that must not be lost:\nit has two lines."
    async def body():
        async with mcp_session(*live(fake_github), "--allow-writes", env={"GITHUB_TOKEN": "test-token", "PATH": os.environ["PATH"]}) as session:
            await call(session, "push", kind="issue", params={"owner": "PyGithub", "name": "PyGithub", "number": 28})
            fake_github.script([{"path": comments, "status": 403, "times": 1, "body": {"message": "Must have admin rights to Repository."}}])
            text = await error_text(session, "perform", action="comment", input={"body": body_text})
            assert "refused the change (403" in text and json.dumps(body_text, separators=(",", ":")) in text and ".." not in text, text
            posts = [request for request in fake_github.requests() if request.get("method") == "POST" and request["path"] == comments]
            assert len(posts) == 1, posts

    run(body)
