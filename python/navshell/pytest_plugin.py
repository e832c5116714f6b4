"""The pytest plugin of navshell (registered through the ``pytest11`` entry point).

Fixtures:

- ``navhost``: a fresh, initialized ``Navhost`` session for each test, with navhost's default
  options;
- ``navhost_factory``: a function taking ``Navhost``'s arguments (``navhost_factory(root=
  "repositories", root_params={"login": "mojombo"})``), for tests that need options or more
  than one session.

Which navhost runs: ``--navhost PATH`` on pytest's command line, else ``$NAVHOST``, else
``navhost`` on PATH. Every session is ended after its test; if any of its workers was still
running after navhost exited, the test fails at teardown, naming the processes (which are
then killed).
"""

import pytest

from .client import Navhost


def pytest_addoption(parser):
    parser.addoption("--navhost", action="store", default=None, metavar="PATH",
                     help="the navhost executable for the navhost fixture (default: $NAVHOST, then PATH)")


@pytest.fixture
def navhost_factory(request):
    started = []
    executable = request.config.getoption("--navhost")

    def start(*args, **kwargs):
        kwargs.setdefault("executable", executable)
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
