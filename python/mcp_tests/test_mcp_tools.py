"""Every tool of `navhost mcp`, through the MCP Python SDK's client."""

import subprocess

from mcp_harness import NAVHOST, call, error_text, golden_tools, mcp_session, run, show_json

TOOLS = {"open", "push", "search", "select", "back", "rows", "stack", "actions", "perform"}


def test_tools_list_describes_each_tool_for_a_model():
    async def body():
        async with mcp_session() as session:
            assert session.initialize_result.protocol_version == "2025-11-25"
            assert session.initialize_result.capabilities.tools is not None
            assert session.initialize_result.capabilities.resources is not None
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert set(tools) == TOOLS
            for tool in tools.values():
                assert tool.title and "Example" in tool.description, tool.name
                assert tool.input_schema["type"] == "object"
                assert tool.output_schema["type"] == "object"
                assert ("rows" in tool.output_schema["properties"]) is (tool.name not in {"actions", "perform"}), tool.name
                assert tool.annotations.read_only_hint is (tool.name in {"rows", "stack", "actions"}), tool.name
            assert tools["push"].input_schema["properties"]["kind"]["enum"] == ["followers", "following", "issue", "issues", "pull", "pulls", "readme", "repositories", "repository", "repository-search", "starred", "users"]
            assert "followers {login}" in tools["push"].description

    run(body)


def test_tools_list_is_the_golden_file(raw_server):
    """The tools as the wire carries them, the same file Tests/MCPServerTests holds them to."""
    server = raw_server()
    server.initialize()
    assert server.request(2, "tools/list")["result"]["tools"] == golden_tools()


def test_open_answers_the_stars_as_a_number_and_the_screen_as_navhost_show_prints_it():
    path = "users/mojombo/repositories/chronic"
    shown = show_json(path)
    text = subprocess.run([NAVHOST, "show", path, "--text", "--width", "120"], check=True, capture_output=True, text=True).stdout

    async def body():
        async with mcp_session() as session:
            result = await call(session, "open", path=path)
            answer = result.structured_content
            assert answer["screen"] == shown["screen"]
            assert [screen["kind"] for screen in answer["stack"]] == ["users", "repositories", "repository"]
            stars = next(row for row in answer["rows"] if row["id"] == "stats:stars")["values"]["count"]
            assert isinstance(stars, int)
            assert stars == next(row for row in shown["rows"] if row["id"] == "stats:stars")["values"]["count"]
            assert answer["rows"] == shown["rows"] and "nextCursor" not in answer
            assert result.content[0].text.startswith(text.rstrip("\n") + "\n")
            assert "Row ids (select takes one): about:description" in result.content[0].text

    run(body)


def test_search_select_a_link_and_back():
    async def body():
        async with mcp_session() as session:
            found = (await call(session, "search", text="mojombo")).structured_content
            assert "user:mojombo" in [row["id"] for row in found["rows"]]
            pushed = (await call(session, "select", rowId="user:mojombo")).structured_content
            assert pushed["action"] == "push" and pushed["screen"]["kind"] == "repositories"
            assert pushed["screen"]["params"] == {"login": "mojombo"}
            repository = (await call(session, "select", rowId="repo:mojombo/chronic")).structured_content
            assert repository["screen"]["title"] == "mojombo/chronic"
            link = await call(session, "select", rowId="links:github")
            assert link.structured_content["action"] == "openURL"
            assert link.structured_content["url"] == "https://github.com/mojombo/chronic"
            assert link.content[0].text.startswith("The row is a link: https://github.com/mojombo/chronic")
            assert link.structured_content["screen"]["id"] == repository["screen"]["id"]
            back = (await call(session, "back")).structured_content
            assert back["screen"] == pushed["screen"]
            cleared = (await call(session, "back")).structured_content
            assert [screen["kind"] for screen in cleared["stack"]] == ["users"]
            assert (await call(session, "search", text="")).structured_content["sections"][0]["id"] == "popular"

    run(body)


def test_push_any_kind_and_stack_changes_nothing():
    async def body():
        async with mcp_session() as session:
            followers = (await call(session, "push", kind="followers", params={"login": "mojombo"})).structured_content
            assert followers["screen"]["kind"] == "followers" and followers["rows"]
            first = await call(session, "stack")
            second = await call(session, "stack")
            assert first.structured_content == second.structured_content
            assert [screen["kind"] for screen in first.structured_content["stack"]] == ["users", "followers"]
            assert first.content[0].text.startswith("┌─ ")

    run(body)


def test_cursors_page_through_all_250_popular_users():
    every = show_json("users")["rows"]

    async def body():
        async with mcp_session() as session:
            answer = (await call(session, "rows", limit=40)).structured_content
            assert answer["sections"][0]["count"] == len(every) == 250
            read = list(answer["rows"])
            windows = 1
            while "nextCursor" in answer:
                answer = (await call(session, "rows", cursor=answer["nextCursor"])).structured_content
                read += answer["rows"]
                windows += 1
            assert [row["id"] for row in read] == [row["id"] for row in every]
            assert windows == 7
            # A row far down the list is selectable once its window was read.
            last = (await call(session, "select", rowId=every[-1]["id"])).structured_content
            assert last["screen"]["kind"] == "repositories"

    run(body)


def test_a_cursor_stays_valid_across_other_calls_and_goes_stale_with_its_screen():
    async def body():
        async with mcp_session() as session:
            cursor = (await call(session, "rows", section="popular", limit=10)).structured_content["nextCursor"]
            await call(session, "stack")
            again = (await call(session, "rows", cursor=cursor)).structured_content
            assert [row["section"] for row in again["rows"]] == ["popular"] * 10
            assert again["rows"][0]["id"] == show_json("users")["rows"][10]["id"]
            await call(session, "search", text="mojombo")
            assert "is stale" in await error_text(session, "rows", cursor=cursor)
            await call(session, "select", rowId="user:mojombo")
            deeper = (await call(session, "rows", limit=1)).structured_content["nextCursor"]
            await call(session, "back")
            message = await error_text(session, "rows", cursor=deeper)
            assert "no longer on the stack" in message and "call rows without a cursor" in message
            assert "not one this server gave" in await error_text(session, "rows", cursor="bm90IGEgY3Vyc29y")

    run(body)
