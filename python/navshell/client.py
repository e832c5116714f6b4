"""``Navhost``: a navhost session from Python, as a context manager."""

from . import jsonrpc
from .errors import ActionError, Error, RowNotFound, RPCError
from .host_process import HostProcess, find_navhost, option_arguments

# The most rows one screen/rows request may ask for (docs/protocol.md, screen/rows).
WINDOW_LIMIT = 1000
# The JSON-RPC error code of a read refused because the rows changed revision under it.
REVISION_GONE = -32014


class Navhost:
    """Starts ``navhost serve`` on pipes, initializes a session, and ends it on ``close()``
    (or when the ``with`` block ends, also by an exception): ``shutdown`` and ``exit``,
    then signals, so no navhost or worker process is left behind.

    ``executable`` defaults to ``$NAVHOST``, then ``navhost`` on PATH. ``args`` are extra
    command-line arguments; keyword ``options`` become options (``root="repositories"``,
    ``root_params={"login": "mojombo"}``, ``warm_spare=False``, ``awake_screens=2``).
    ``timeout`` (seconds) bounds every wait that does not take its own.
    """

    def __init__(self, executable=None, args=(), *, env=None, stderr=None, framing=jsonrpc.NEWLINE,
                 timeout=10.0, client_name="navshell-python", initialize=True, **options):
        self.executable = find_navhost(executable)
        self.arguments = [*args, *option_arguments(options)]
        self.timeout = timeout
        self._env, self._stderr, self._framing = env, stderr, framing
        self._client_name = client_name
        self._initialize = initialize
        self.process = None
        self.connection = None
        self.initialize_result = None
        self.exit_code = None
        self.leftover_workers = []

    # Lifetime

    def start(self):
        """Starts navhost and, unless ``initialize=False``, sends ``initialize``."""
        if self.process is not None:
            raise Error("this Navhost was already started")
        self.process = HostProcess(self.executable, self.arguments, env=self._env, stderr=self._stderr)
        self.connection = jsonrpc.Connection(self.process.stdout_fd, self.process.stdin_fd,
                                             framing=self._framing, describe_end=self.process.describe_end)
        if self._initialize:
            try:
                self.initialize_result = self.call("initialize", {"clientInfo": {"name": self._client_name}})
            except BaseException:
                self.close()
                raise
        return self

    def close(self):
        """Ends navhost and returns its exit code. Workers that outlived it are killed and
        listed in ``leftover_workers`` as ``(pid, command line)``. Calling it again does nothing."""
        if self.process is None or self.exit_code is not None:
            return self.exit_code

        def polite_stop():
            if not self.connection.closed:
                self.connection.request("shutdown", timeout=self.timeout)
                self.connection.notify("exit")

        self.exit_code, self.leftover_workers = self.process.end(polite_stop)
        return self.exit_code

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc_info):
        self.close()
        return False

    @property
    def pid(self):
        return self.process.pid

    @property
    def stderr_text(self):
        """What navhost has logged so far (when its stderr was not sent elsewhere)."""
        return self.process.stderr_text

    # Any method

    def call(self, method, params=None, timeout=None):
        """Any JSON-RPC method; returns its result, raises ``RPCError`` for an error reply."""
        return self.connection.request(method, params, self.timeout if timeout is None else timeout)

    def notify(self, method, params=None):
        self.connection.notify(method, params)

    # Navigation

    def query(self, text, screen=None):
        """Types ``text`` into the screen's search (the top screen by default); returns
        ``{screen, title, revision, sections}`` once the rows are loaded."""
        return self.call("screen/query", _params(text=text, screen=screen))

    def rows(self, section=None, offset=0, limit=None, screen=None):
        """The rows of a screen (the top one by default) as dicts, from ``offset``, of one
        section or of all in order. ``limit=None`` reads every row readable now, in windows
        of at most 1000, all of the same revision (the read starts again if the rows change
        under it); a paged section that ``hasMore`` loads its next page as you read near its
        end, so read again after ``wait_idle()`` for those rows."""
        if limit is not None:
            return self._window(section, offset, limit, screen, None)["rows"]
        for _ in range(5):
            try:
                return self._every_row(section, offset, screen)
            except RPCError as error:
                if error.code != REVISION_GONE:
                    raise
        raise Error("the rows kept changing while they were read; call wait_idle() first")

    def row(self, row_id, screen=None):
        """The row with this id on the screen (the top one by default), read with every row;
        raises ``RowNotFound`` (a ``KeyError``) when there is none."""
        for row in self.rows(screen=screen):
            if row["id"] == row_id:
                return row
        raise RowNotFound(row_id)

    def select(self, row_id, screen=None, rows=None):
        """Selects a row by id; returns ``{action, screen, stack, pushed?, url?}``. With
        ``rows=N``, a selection that pushes also answers the pushed screen's first N rows as
        ``pushedRows`` (``{screen, revision, sections, rows}``, what ``rows(limit=N)`` on it
        would read): one round trip instead of two."""
        return self.call("screen/select", _params(rowId=row_id, screen=screen, rows=rows))

    def back(self):
        """Pops the top screen; returns ``{popped, stack}``."""
        return self.call("nav/pop")

    def back_to_root(self):
        """Pops every screen above the root; returns ``{popped, stack}``."""
        return self.call("nav/popToRoot")

    def open(self, path):
        """Builds the stack a deep link names (``users/mojombo/repositories/grit``); returns the stack."""
        return self.call("nav/open", {"path": path})["stack"]

    def push(self, kind, params=None):
        """Pushes a screen of ``kind``; returns the new screen."""
        return self.call("nav/push", _params(kind=kind, params=params))["screen"]

    def stack(self):
        """The navigation stack, root first: ``[{id, kind, title, params, token}]``."""
        return self.call("nav/stack")["stack"]

    def render(self, screen=None, width=None, limit=None):
        """The screen (the top one by default) as text, as ``navhost demo`` prints it."""
        return self.call("screen/render", _params(screen=screen, width=width, limit=limit))["text"]

    def wait_idle(self, timeout=10.0):
        """Waits until nothing is in flight in the host; returns its state version.
        Raises ``RPCError`` (-32011, ``data.pending`` says what was still going on) after ``timeout``."""
        return self.call("nav/waitIdle", {"timeout": timeout}, timeout=timeout + self.timeout)["stateVersion"]

    # Row actions (docs/protocol.md, "Actions")

    def actions(self, row_ids=None, screen=None):
        """The actions the rows offer (for several, those all of them offer), as dicts
        ``{id, title, key?, readOnly, destructive, idempotent, input?, disabled?}``; ``row_ids``
        None or empty means the screen's own item (the repository on its screen). Raises
        ``ActionError`` (``reason`` ``notFound`` for a row that is not loaded)."""
        return self._action_call("screen/actions", _params(screen=screen, rowIds=_row_ids(row_ids)))["actions"]

    def perform(self, row_ids, action, input=None, confirm=None, screen=None):
        """Performs ``action`` (an id such as ``"star"``) on the rows (None or empty: the
        screen's own item) and returns a ``Performed``: done, or asking for a confirmation
        (``performed.confirm()`` sends it) or for input (``fields``). A failure raises
        ``ActionError`` with its ``reason``, ``status``, ``retry_after`` and the ``input``."""
        params = _params(screen=screen, rowIds=_row_ids(row_ids), action=action, input=input, confirm=confirm)
        return Performed(self, params, self._action_call("screen/perform", params))

    def _action_call(self, method, params):
        try:
            return self.call(method, params)
        except RPCError as error:
            failure = ActionError(method, error.code, error.message, error.data)
            if failure.input is None:  # a refusal before the input was read (unknownAction): still kept
                failure.input = params.get("input")
            raise failure from None

    # Notifications

    @property
    def notifications(self):
        """Every notification received so far (the last 10,000), oldest first, as
        ``{"method", "params"}``."""
        self.connection.drain()
        return list(self.connection.received)

    def next_notification(self, method=None, timeout=None):
        """The oldest notification not taken yet (of ``method`` when given), waiting for one."""
        return self.connection.next_notification(method, self.timeout if timeout is None else timeout)

    def take_notifications(self):
        """The notifications not taken yet, oldest first; they are not returned again."""
        return self.connection.take_notifications()

    # Reading windows

    def _window(self, section, offset, limit, screen, revision):
        return self.call("screen/rows", _params(section=section, offset=offset, limit=limit,
                                                 screen=screen, revision=revision))

    def _every_row(self, section, offset, screen):
        first = self._window(section, offset, WINDOW_LIMIT, screen, None)
        rows, revision = list(first["rows"]), first["revision"]
        counts = {s["id"]: s["count"] for s in first["sections"]}
        total = counts.get(section, 0) if section is not None else sum(counts.values())
        while offset + len(rows) < total:
            window = self._window(section, offset + len(rows), WINDOW_LIMIT, screen, revision)
            if not window["rows"]:
                break
            rows += window["rows"]
        return rows


class Performed:
    """What ``Navhost.perform`` answered: ``status`` is ``"done"``, ``"confirm"`` or
    ``"inputRequired"`` (``done`` is True for the first). Done: ``results`` (one per target:
    ``{id, status, url?, text?, error?}``), ``revision``, and ``url``/``text`` of the first
    target. Confirm: ``message``, ``confirm_token``, ``expires_in``; ``confirm()`` performs
    it. Input required: ``fields`` still needed, ``input`` given. ``result`` is the raw dict."""

    def __init__(self, host, params, result):
        self._host, self._params, self.result = host, params, result
        self.status, self.screen = result.get("status"), result.get("screen")
        self.done = self.status == "done"
        self.results, self.revision = result.get("results", []), result.get("revision")
        first = self.results[0] if self.results else {}
        self.url, self.text = first.get("url"), first.get("text")
        self.message, self.confirm_token, self.expires_in = result.get("message"), result.get("confirm"), result.get("expiresIn")
        self.fields, self.input = result.get("fields", []), result.get("input")

    def confirm(self):
        """Sends the same perform again with this confirmation's token; returns its ``Performed``."""
        if self.confirm_token is None:
            raise Error(f"nothing to confirm: the action answered {self.status!r}")
        params = dict(self._params, confirm=self.confirm_token)
        return Performed(self._host, params, self._host._action_call("screen/perform", params))

    def __repr__(self):
        return f"Performed({self.result!r})"


def _row_ids(row_ids):
    """A list of row ids for the wire: one id may be given as a string; None or [] is omitted."""
    if isinstance(row_ids, str):
        return [row_ids]
    return list(row_ids) if row_ids else None


def _params(**fields):
    return {name: value for name, value in fields.items() if value is not None}
