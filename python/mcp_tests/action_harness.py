"""An MCP session with a local state of its own and, when given, an elicitation callback that
answers each `elicitation/create` in turn and records what it was asked."""

import contextlib
import tempfile

from mcp import ClientSession, types
from mcp.client.stdio import StdioServerParameters, stdio_client

from mcp_harness import NAVHOST, call

ISSUE = "users/mojombo/repositories/chronic/issues/1"


class Human:
    """Answers the server's questions from a list: each a callable (params) -> ElicitResult."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = []

    async def __call__(self, context, params):
        self.asked.append(params)
        return self.answers.pop(0)(params)


def accept(**content):
    return lambda params: types.ElicitResult(action="accept", content=content)


def decline(params):
    return types.ElicitResult(action="decline")


def cancel(params):
    return types.ElicitResult(action="cancel")


@contextlib.asynccontextmanager
async def acting_session(*args, human=None):
    """`navhost mcp ARGS` with its writes in a fresh XDG_STATE_HOME."""
    with tempfile.TemporaryDirectory() as state:
        parameters = StdioServerParameters(command=NAVHOST, args=["mcp", *args], env={"XDG_STATE_HOME": state})
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write, elicitation_callback=human) as session:
                await session.initialize()
                yield session


async def perform(session, **arguments):
    """A perform that must not fail; returns its structured content and its text."""
    result = await call(session, "perform", **arguments)
    return result.structured_content, result.content[0].text


async def rows(session):
    """Every row of the top screen, by id."""
    answer = (await call(session, "rows", limit=1000)).structured_content
    return {row["id"]: row for row in answer["rows"]}
