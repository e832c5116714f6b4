"""Row actions through `navhost mcp`: the actions and perform tools, with and without elicitation."""

import pytest
from mcp.shared.exceptions import MCPError

from action_harness import ISSUE, Human, accept, acting_session, cancel, decline, perform, rows
from mcp_harness import call, error_text, mcp_session, run


def test_perform_is_a_write_and_read_only_sessions_have_none():
    async def body():
        async with mcp_session() as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert tools["actions"].annotations.read_only_hint is True
            assert tools["perform"].annotations.read_only_hint is False
            assert tools["perform"].annotations.destructive_hint is True
            assert "destructive" in tools["perform"].description and "confirm" in tools["perform"].description
        async with mcp_session("--read-only") as session:
            names = {tool.name for tool in (await session.list_tools()).tools}
            assert "perform" not in names and "actions" in names
            with pytest.raises(MCPError) as refused:
                await session.call_tool("perform", {"action": "star"})
            assert refused.value.code == -32602 and "Unknown tool: perform" in refused.value.message

    run(body)


def test_star_and_unstar_a_repository():
    async def body():
        async with acting_session() as session:
            await call(session, "open", path="users/mojombo/repositories")
            listed = (await call(session, "actions", rowIds=["repo:mojombo/chronic"])).structured_content
            assert [action["id"] for action in listed["actions"]] == ["star", "open-url", "copy-url", "copy-text"]
            stars = (await rows(session))["repo:mojombo/chronic"]["values"]["stars"]
            done, text = await perform(session, rowIds=["repo:mojombo/chronic"], action="star")
            assert done["status"] == "done" and done["results"] == [{"id": "repo:mojombo/chronic", "status": "done"}]
            assert text.startswith("Done: star on repo:mojombo/chronic.")
            starred = (await rows(session))["repo:mojombo/chronic"]["values"]
            assert starred["starred"] is True and starred["stars"] == stars + 1
            await perform(session, rowIds=["repo:mojombo/chronic"], action="unstar")
            assert (await rows(session))["repo:mojombo/chronic"]["values"]["stars"] == stars

    run(body)


def test_a_comment_asked_of_the_human_appears_in_the_issues_comments():
    human = Human(accept(body="Fixed in 0.10, thanks!"))

    async def body():
        async with acting_session(human=human) as session:
            await call(session, "open", path=ISSUE)
            done, _ = await perform(session, action="comment")
            assert done["status"] == "done"
            asked = human.asked[0].requested_schema
            assert asked["properties"]["body"]["type"] == "string" and asked["required"] == ["body"]
            comments = [row for row in (await rows(session)).values() if row["id"].startswith("comment:")]
            assert comments[-1]["values"]["body"] == "Fixed in 0.10, thanks!" and comments[-1]["values"]["author"] == "you"

    run(body)


def test_without_elicitation_the_fields_are_answered_and_the_input_sent_back():
    async def body():
        async with acting_session() as session:
            await call(session, "open", path=ISSUE)
            needed, text = await perform(session, action="comment")
            assert needed["status"] == "inputRequired" and [field["name"] for field in needed["fields"]] == ["body"]
            assert "body (text; required)" in text
            done, _ = await perform(session, action="comment", input={"body": "Sent without a form."})
            assert done["status"] == "done"
            assert any(row["values"].get("body") == "Sent without a form." for row in (await rows(session)).values())

    run(body)


def test_close_with_a_reason_confirmed_by_the_human_and_reopen():
    human = Human(decline, accept(confirm=True))

    async def body():
        async with acting_session(human=human) as session:
            await call(session, "open", path=ISSUE)
            declined, _ = await perform(session, action="close", input={"reason": "not_planned"})
            assert declined["status"] == "declined"
            assert (await rows(session))["about:state"]["values"]["state"] == "open"
            closed, _ = await perform(session, action="close", input={"reason": "not_planned"})
            assert closed["status"] == "done"
            assert "not planned" in human.asked[1].message and human.asked[1].requested_schema["properties"]["confirm"]["default"] is False
            state = (await rows(session))["about:state"]["values"]
            assert state == {"state": "closed", "stateReason": "not_planned"}
            await perform(session, action="reopen")
            assert (await rows(session))["about:state"]["values"]["state"] == "open"

    run(body)


def test_without_elicitation_a_destructive_action_answers_a_token_to_send_back():
    async def body():
        async with acting_session() as session:
            await call(session, "open", path=ISSUE)
            asked, text = await perform(session, action="close", input={"reason": "completed"})
            assert asked["status"] == "confirm" and asked["confirm"] in text
            assert (await rows(session))["about:state"]["values"]["state"] == "open"
            done, _ = await perform(session, action="close", input={"reason": "completed"}, confirm=asked["confirm"])
            assert done["status"] == "done"
            assert (await rows(session))["about:state"]["values"] == {"state": "closed", "stateReason": "completed"}

    run(body)


def test_a_cancelled_form_changes_nothing():
    async def body():
        async with acting_session(human=Human(cancel)) as session:
            await call(session, "open", path=ISSUE)
            cancelled, _ = await perform(session, action="comment")
            assert cancelled["status"] == "cancelled"
            assert not any(row["values"].get("author") == "you" for row in (await rows(session)).values())

    run(body)


def test_label_two_issues_at_once():
    async def body():
        async with acting_session() as session:
            await call(session, "open", path="users/mojombo/repositories/chronic/issues")
            both = list((await rows(session)))[:2]
            listed = (await call(session, "actions", rowIds=both)).structured_content["actions"]
            label = next(action for action in listed if action["id"] == "add-label")["input"][0]["options"][0]
            done, _ = await perform(session, rowIds=both, action="add-label", input={"label": label})
            assert [result["id"] for result in done["results"]] == both
            assert all(label in row["detail"] or label in str(row["values"]) for row in [(await rows(session))[id] for id in both])

    run(body)


def test_an_unknown_action_lists_those_offered():
    async def body():
        async with acting_session() as session:
            await call(session, "open", path="users/mojombo/repositories")
            message = await error_text(session, "perform", rowIds=["repo:mojombo/chronic"], action="fork")
            assert "They offer: star, open-url, copy-url, copy-text." in message

    run(body)
