"""What python/tests and python/mcp_tests share: the repository's root, a fresh local state
for every test, the fake GitHub server, and git repositories for the example screen.

Each folder's conftest.py puts this folder on sys.path and imports the fixtures by name, which
is how pytest registers them there; the test files import the helpers from here too.
"""

import json
import os
import pathlib
import subprocess
import sys
import urllib.request

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
NAVHOST = os.environ.setdefault("NAVHOST", str(REPOSITORY / ".build" / "debug" / "navhost"))
FAKE_GITHUB = REPOSITORY / "Tests" / "Fixtures" / "fake-github" / "fake_github.py"


@pytest.fixture(autouse=True)
def fresh_state(monkeypatch, tmp_path_factory):
    """Every navhost a test starts, by the fixtures or by hand, keeps its local state (the writes
    of actions on the snapshot source) in a fresh folder: never the user's, never another test's.
    A launcher that passes on only part of the environment must name this variable: the MCP
    SDK's stdio_client does, so mcp_harness.mcp_session passes it in its `env`."""
    folder = tmp_path_factory.mktemp("state")
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    return folder


def commit_subject(number):
    """The subject of a git_repository's commit ``number``: "change number N", every fifth a fix."""
    return f"fix number {number}" if number % 5 == 0 else f"change number {number}"


def git_repository(path, commits):
    """Makes a git repository at ``path`` with ``commits`` commits by 'mojombo', oldest first
    "change number 1"; every fifth is "fix number N". Returns ``path`` as a string."""
    path = str(path)
    env = dict(os.environ, GIT_AUTHOR_NAME="mojombo", GIT_AUTHOR_EMAIL="m@example.com", GIT_COMMITTER_NAME="mojombo",
               GIT_COMMITTER_EMAIL="m@example.com", GIT_AUTHOR_DATE="2020-01-01T00:00:00", GIT_COMMITTER_DATE="2020-01-01T00:00:00")
    subprocess.run(["git", "init", "-q", path], check=True, env=env)
    for number in range(1, commits + 1):
        with open(os.path.join(path, f"file{number % 3}.txt"), "a") as file:
            file.write(f"{number}\n")
        subprocess.run(["git", "-C", path, "add", "-A"], check=True, env=env)
        subprocess.run(["git", "-C", path, "commit", "-q", "-m", commit_subject(number)], check=True, env=env)
    return path


class FakeGitHub:
    """Tests/Fixtures/fake-github: recorded GitHub responses on loopback, with scripted faults
    (docs/live-github.md); ``cache`` is a fresh path for navhost's --cache."""

    def __init__(self, cache):
        self.cache = str(cache)
        self.process = subprocess.Popen([sys.executable, str(FAKE_GITHUB)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.url = f"http://127.0.0.1:{int(self.process.stdout.readline())}"

    def script(self, rules):
        """Answers the next requests of each rule's path as it says."""
        request = urllib.request.Request(f"{self.url}/__script", data=json.dumps(rules).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=10).read()

    def requests(self):
        return json.loads(urllib.request.urlopen(f"{self.url}/__requests", timeout=10).read())

    def close(self):
        self.process.stdin.close()  # the server ends when its stdin does
        self.process.wait(timeout=10)


@pytest.fixture
def fake_github(tmp_path):
    server = FakeGitHub(tmp_path / "cache.sqlite")
    yield server
    server.close()


# The example screen's screens.json (examples/python-screen), for navhost's --screens.
SCREENS = str(REPOSITORY / "examples" / "python-screen" / "screens.json")
