"""The pytest plugin of navshell (registered through the ``pytest11`` entry point).

Fixtures:

- ``navhost``: a fresh, initialized ``Navhost`` session for each test, with navhost's default
  options;
- ``navhost_factory``: a function taking ``Navhost``'s arguments (``navhost_factory(root=
  "repositories", root_params={"login": "mojombo"})``), for tests that need options or more
  than one session.

Which navhost runs: ``--navhost PATH`` on pytest's command line, else ``$NAVHOST``, else
``navhost`` on PATH. A test's sessions keep their local state (the writes of actions on the
snapshot source) in a fresh folder of the test's own, ``$XDG_STATE_HOME`` (unless ``env``
names one), so no test touches the user's state or another test's writes. Every session is
ended after its test; if any of its workers was still running after navhost exited, the test
fails at teardown, naming the processes (which are then killed).
"""

import pytest

from .client import Navhost


def pytest_addoption(parser):
    parser.addoption("--navhost", action="store", default=None, metavar="PATH",
                     help="the navhost executable for the navhost fixture (default: $NAVHOST, then PATH)")


@pytest.fixture
def navhost_factory(request, tmp_path_factory):
    started = []
    executable = request.config.getoption("--navhost")
    state = []  # the test's state folder, made by its first session

    def start(*args, **kwargs):
        kwargs.setdefault("executable", executable)
        env = dict(kwargs.get("env") or {})
        if "XDG_STATE_HOME" not in env:
            if not state:
                state.append(str(tmp_path_factory.mktemp("navshell-state")))
            env["XDG_STATE_HOME"] = state[0]
        kwargs["env"] = env
        kwargs.setdefault("client_name", request.node.nodeid)
        host = Navhost(*args, **kwargs)
        started.append(host)
        return host.start()

    yield start
    leftovers = []
    for host in started:
        host.close()
        leftovers += host.leftover_workers
    if leftovers:
        listed = "; ".join(f"pid {pid}: {command}" for pid, command in leftovers)
        pytest.fail(f"worker processes outlived navhost (now killed): {listed}", pytrace=False)


@pytest.fixture
def navhost(navhost_factory):
    return navhost_factory()
