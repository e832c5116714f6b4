"""Refusals: tool errors a model can act on, and JSON-RPC errors for malformed MCP messages."""

import pytest
from mcp.shared.exceptions import MCPError

from mcp_harness import call, error_text, golden_tools, mcp_session, run


def test_each_refused_call_is_a_tool_error_that_says_what_to_do():
    async def body():
        async with mcp_session() as session:
            await call(session, "search", text="mojombo")
            at_root = await error_text(session, "back")
            assert "open a deep link, select a row or push a screen first" in at_root
            unknown_row = await error_text(session, "select", rowId="user:nobody-here")
            assert "No row 'user:nobody-here' on Users (s1)" in unknown_row and "user:mojombo" in unknown_row
            bad_path = await error_text(session, "open", path="users/mojombo/stars")
            assert "users[/LOGIN[/starred|/repositories[/REPOSITORY[/readme|/issues[/N]|/pulls[/N]]]]]" in bad_path and "users/mojombo/repositories/chronic" in bad_path
            unknown_kind = await error_text(session, "push", kind="gists", params={"login": "mojombo"})
            assert "gists" in unknown_kind and "followers {login}" in unknown_kind
            missing = await error_text(session, "open")
            assert missing.startswith("open needs the argument path") and '{"path": "users/mojombo/repositories/chronic"}' in missing
            wrong_type = await error_text(session, "rows", limit="ten")
            assert "limit must be a whole number from 1 to 1000" in wrong_type
            extra = await error_text(session, "back", colour="red")
            assert "back takes no arguments; unknown: colour" in extra
            # After every refusal so far the session is as it was: the search still shows mojombo.
            assert [row["id"] for row in (await call(session, "stack")).structured_content["rows"]] == ["user:mojombo"]
            # A deep link to something missing stops where it failed, and says so.
            missing_repository = await error_text(session, "open", path="users/mojombo/repositories/nope")
            assert "stopped at the repository screen" in missing_repository and "nope" in missing_repository
            assert [screen["kind"] for screen in (await call(session, "stack")).structured_content["stack"]] == ["users", "repositories"]

    run(body)


def test_a_row_not_read_yet_is_read_for_the_error_and_selectable_after_it():
    async def body():
        async with mcp_session() as session:
            window = (await call(session, "rows", limit=1000)).structured_content["rows"]
            target = window[-1]["id"]
            async with mcp_session() as fresh:
                message = await error_text(fresh, "select", rowId=target)
                assert message == f"Row '{target}' on Users (s1) had not been read yet; it has been now: call select with it again."
                assert (await call(fresh, "select", rowId=target)).structured_content["action"] == "push"

    run(body)


def test_an_unknown_tool_is_a_protocol_error():
    async def body():
        async with mcp_session() as session:
            with pytest.raises(MCPError) as raised:
                await session.call_tool("fly", {})
            assert raised.value.code == -32602
            assert "Unknown tool: fly" in raised.value.message

    run(body)


def test_malformed_messages_get_json_rpc_errors_and_the_server_goes_on(raw_server):
    server = raw_server()
    server.initialize()
    server.send_line("this is not json")
    parse_error = server.next()
    assert parse_error["id"] is None and parse_error["error"]["code"] == -32700
    server.send_line("[]")
    assert server.next()["error"]["code"] == -32600
    server.send({"jsonrpc": "1.0", "id": 7, "method": "tools/list"})
    reply = server.next()
    assert reply["id"] == 7 and reply["error"]["code"] == -32600 and "jsonrpc" in reply["error"]["message"]
    server.send({"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"})
    assert server.next()["id"] is None
    server.send({"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": [1, 2]})
    assert server.next()["error"] == {"code": -32600, "message": "MCP params must be an object"}
    missing_name = server.request(9, "tools/call", {"arguments": {}})["error"]
    assert missing_name["code"] == -32602 and "tools/call: params.name is missing; it is a string" in missing_name["message"]
    assert server.request(10, "resources/list", {"cursor": "abc"})["error"]["code"] == -32602
    assert server.request(11, "nope/nope")["error"]["code"] == -32601
    assert server.request(12, "initialize", {"protocolVersion": "2025-11-25"})["error"]["code"] == -32600
    assert server.request(13, "tools/list", None)["result"]["tools"] == golden_tools()


@pytest.mark.parametrize("asked, answered", [("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"),
                                             ("2025-03-26", "2025-03-26"), ("2024-11-05", "2025-11-25"), ("1999-01-01", "2025-11-25")])
def test_protocol_versions(raw_server, asked, answered):
    server = raw_server()
    reply = server.initialize(asked)["result"]
    assert reply["protocolVersion"] == answered
    assert reply["serverInfo"]["name"] == "navshell"
    assert set(reply["capabilities"]) == {"tools", "resources"}


def test_requests_before_initialize_are_refused(raw_server):
    server = raw_server()
    reply = server.request(1, "tools/list")
    assert reply["error"]["code"] == -32600 and "send initialize first" in reply["error"]["message"]
