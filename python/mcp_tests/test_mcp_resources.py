"""navshell:// resources: templates, the stack as a list, and reads that leave the stack alone."""

import json

import pytest
from mcp.shared.exceptions import MCPError

from mcp_harness import call, mcp_session, run, show_json


def test_templates_and_the_stack_as_resources():
    async def body():
        async with mcp_session() as session:
            # One template per form of the deep-link grammar, and the stack's screens by id.
            templates = [template.uri_template for template in (await session.list_resource_templates()).resource_templates]
            repository = "navshell://users/{login}/repositories/{repository}"
            assert templates == [
                "navshell://users", "navshell://users/{login}", "navshell://users/{login}/starred", "navshell://users/{login}/repositories",
                repository, repository + "/readme", repository + "/issues", repository + "/issues/{n}", repository + "/pulls",
                repository + "/pulls/{n}", "navshell://stack/{screen}"]
            assert [resource.uri for resource in (await session.list_resources()).resources] == ["navshell://stack/s1"]
            await call(session, "open", path="users/mojombo/repositories/chronic")
            listed = (await session.list_resources()).resources
            assert [resource.uri for resource in listed] == ["navshell://stack/s1", "navshell://stack/s2", "navshell://stack/s3"]
            assert listed[2].name == "mojombo/chronic"
            # Every form reads: an issue of the repository, through its template.
            issue = await session.read_resource("navshell://users/mojombo/repositories/chronic/issues/1")
            assert json.loads(issue.contents[1].text)["screen"]["kind"] == "issue"

    run(body)


def test_reading_a_deep_link_leaves_the_tools_stack_alone():
    shown = show_json("users/defunkt/repositories")

    async def body():
        async with mcp_session() as session:
            await call(session, "open", path="users/mojombo/repositories/chronic")
            before = (await call(session, "stack")).structured_content
            read = await session.read_resource("navshell://users/defunkt/repositories")
            text, data = read.contents
            assert text.mime_type == "text/plain" and text.text.startswith("┌─ defunkt's repositories · repositories")
            assert data.mime_type == "application/json"
            document = json.loads(data.text)
            assert document["rows"] == shown["rows"] and document["screen"]["kind"] == "repositories"
            assert (await call(session, "stack")).structured_content == before
            # A screen of the tools' own stack, read in place: the stack stays as it was.
            again = await session.read_resource("navshell://stack/s2")
            assert json.loads(again.contents[1].text)["screen"]["title"] == "mojombo's repositories"
            assert (await call(session, "stack")).structured_content == before

    run(body)


def test_resource_errors():
    async def body():
        async with mcp_session() as session:
            with pytest.raises(MCPError) as missing:
                await session.read_resource("navshell://users/mojombo/repositories/nope")
            assert missing.value.code == -32002 and "nope" in missing.value.message
            with pytest.raises(MCPError) as bad_path:
                await session.read_resource("navshell://users/mojombo/stars")
            assert bad_path.value.code == -32602 and "users[/LOGIN[/starred|/repositories[/REPOSITORY[/readme|/issues[/N]|/pulls[/N]]]]]" in bad_path.value.message
            with pytest.raises(MCPError) as other_scheme:
                await session.read_resource("https://github.com/mojombo")
            assert other_scheme.value.code == -32602 and "navshell://" in other_scheme.value.message
            with pytest.raises(MCPError) as gone:
                await session.read_resource("navshell://stack/s9")
            assert gone.value.code == -32002 and "s1 (Users)" in gone.value.message

    run(body)
