import os
import pathlib
import subprocess

import pytest

# The fixtures under test come from the installed package's pytest11 entry point; pytester
# runs inner pytest sessions to test them.
pytest_plugins = ["pytester"]

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
os.environ.setdefault("NAVHOST", str(REPOSITORY / ".build" / "debug" / "navhost"))


@pytest.fixture(autouse=True)
def fresh_state(monkeypatch, tmp_path_factory):
    """Every navhost a test starts, by the fixtures or by hand, keeps its local state (the writes
    of actions on the snapshot source) in a fresh folder: never the user's, never another test's."""
    folder = tmp_path_factory.mktemp("state")
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    return folder


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
        subject = f"fix number {number}" if number % 5 == 0 else f"change number {number}"
        subprocess.run(["git", "-C", path, "add", "-A"], check=True, env=env)
        subprocess.run(["git", "-C", path, "commit", "-q", "-m", subject], check=True, env=env)
    return path
