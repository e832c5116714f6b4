"""The exceptions of the navshell package: every failure a script can meet is one of these."""


class Error(Exception):
    """Base class of every navshell error."""


class RPCError(Error):
    """navhost answered a request with a JSON-RPC error.

    ``code`` is the JSON-RPC error code (for example -32602 for invalid params, -32010 for a
    screen whose worker exited), ``message`` navhost's text and ``data`` its details, or None.
    """

    def __init__(self, method, code, message, data=None):
        self.method = method
        self.code = code
        self.message = message
        self.data = data
        super().__init__(f"{method} failed with {code}: {message}")


class Timeout(Error, TimeoutError):
    """A wait reached its deadline; the text says what was awaited."""


class ConnectionClosed(Error):
    """The peer closed its output (navhost exited) while something was still awaited."""


class ProtocolError(Error):
    """The peer wrote something that is not a JSON-RPC message."""


class RowNotFound(Error, KeyError):
    """``Navhost.row`` found no row with that id on the screen."""

    def __str__(self):
        return f"no row with id {self.args[0]!r} on the screen"


class ActionError(RPCError):
    """navhost refused or failed a row action (``screen/actions``, ``screen/perform``).

    Besides ``RPCError``'s ``code``, ``message`` and ``data``: ``reason`` (``validation``,
    ``conflict``, ``staleConfirmation``, ``unknownAction``, ``notFound``, ...), ``action``,
    ``status`` (the HTTP status GitHub answered, or None), ``retry_after`` (seconds, or None),
    ``input`` (the input as it was sent, whole: nothing typed is lost), ``field`` (the input
    field a ``validation`` names) and ``results`` (with several targets, each one's result).
    """

    def __init__(self, method, code, message, data=None):
        super().__init__(method, code, message, data)
        facts = data if isinstance(data, dict) else {}
        self.reason = facts.get("reason")
        self.action = facts.get("action")
        self.status = facts.get("status")
        self.retry_after = facts.get("retryAfter")
        self.input = facts.get("input")
        self.field = facts.get("field")
        self.results = facts.get("results")
