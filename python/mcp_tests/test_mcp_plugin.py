"""A plugin screen kind (examples/python-screen's screens.json) through the MCP tools."""

import subprocess

from mcp_harness import SCREENS, call, mcp_session, run
from shared_fixtures import commit_subject as subject, git_repository

COMMITS = 45


def test_push_a_plugin_kind_and_page_through_it(tmp_path):
    repository = git_repository(tmp_path, COMMITS)

    async def body():
        async with mcp_session("--screens", SCREENS) as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert "commits" in tools["push"].input_schema["properties"]["kind"]["enum"]
            assert "commits {path}: A git repository's recent commits" in tools["push"].description
            answer = (await call(session, "push", kind="commits", params={"path": repository})).structured_content
            assert answer["screen"]["kind"] == "commits"
            subjects = [row["title"] for row in answer["rows"]]
            while "nextCursor" in answer:
                answer = (await call(session, "rows", cursor=answer["nextCursor"])).structured_content
                subjects += [row["title"] for row in answer["rows"]]
            assert subjects == [subject(number) for number in range(COMMITS, 0, -1)]
            searched = (await call(session, "search", text="number 4")).structured_content
            assert {row["title"] for row in searched["rows"]} >= {subject(number) for number in (4, 40, 41, 42, 43, 44, 45)}

    run(body)


def test_a_plugin_screens_action_is_performed_with_no_mcp_change(tmp_path):
    """The example's `tag` and its destructive `delete-tag`, through the generic tools."""
    from action_harness import acting_session, perform

    repository = git_repository(tmp_path, 1)

    def tags():
        return subprocess.run(["git", "-C", repository, "tag"], check=True, capture_output=True, text=True).stdout.split()

    async def body():
        async with acting_session("--screens", SCREENS) as session:
            answer = (await call(session, "push", kind="commits", params={"path": repository})).structured_content
            commit = answer["rows"][0]["id"]
            offered = (await call(session, "actions", rowIds=[commit])).structured_content
            assert [action["id"] for action in offered["actions"]][:1] == ["tag"]
            done, _ = await perform(session, rowIds=[commit], action="tag", input={"name": "v1.0"})
            assert done["status"] == "done" and tags() == ["v1.0"]
            asked, _ = await perform(session, rowIds=[commit], action="delete-tag", input={"tag": "v1.0"})
            assert asked["status"] == "confirm" and tags() == ["v1.0"], "nothing is done before the confirmation"
            deleted, _ = await perform(session, rowIds=[commit], action="delete-tag", input={"tag": "v1.0"}, confirm=asked["confirm"])
            assert deleted["status"] == "done" and tags() == []

    run(body)
