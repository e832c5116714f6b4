"""Drive NavShell's navhost from Python.

    import navshell
    with navshell.Navhost() as host:
        host.query("mojombo")
        host.select("user:mojombo")
        print([row["title"] for row in host.rows()])

See docs/automation.md ("Python") in the NavShell repository.
"""

from .client import Navhost, Performed
from .errors import ActionError, ConnectionClosed, Error, ProtocolError, RowNotFound, RPCError, Timeout

__all__ = ["Navhost", "Performed", "RPCError", "ActionError", "Error", "Timeout", "ConnectionClosed", "ProtocolError",
           "RowNotFound"]
__version__ = "0.1.0"
