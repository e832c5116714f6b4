"""MCP sessions that act: an elicitation callback that answers each `elicitation/create` in
turn and records what it was asked, and helpers for perform and the top screen's rows."""

from mcp import types

from mcp_harness import call, mcp_session

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


def acting_session(*args, human=None):
    """`navhost mcp ARGS` whose questions `human` answers; its writes go to the test's fresh
    XDG_STATE_HOME, as every mcp_session's do."""
    return mcp_session(*args, elicitation=human)


async def perform(session, **arguments):
    """A perform that must not fail; returns its structured content and its text."""
    result = await call(session, "perform", **arguments)
    return result.structured_content, result.content[0].text


async def rows(session):
    """Every row of the top screen, by id."""
    answer = (await call(session, "rows", limit=1000)).structured_content
    return {row["id"]: row for row in answer["rows"]}
