"""The GitHub app's actions on the live source, against the fake GitHub server
(Tests/Fixtures/fake-github, replaying ../shared/github-corpus): writes are off without
--allow-writes, and a comment GitHub refuses comes back whole, posted once."""

import json
import subprocess
import sys
import urllib.request

import pytest

import navshell
from conftest import REPOSITORY

ISSUE = {"owner": "jacquev6", "name": "PyGithub", "number": 188}  # recorded: 62_issue-pygithub-2013-etag.json
COMMENTS = "/repos/jacquev6/PyGithub/issues/188/comments"
NO_COMMENTS = {"path": COMMENTS, "status": 200, "body": []}  # the corpus has no comments of this issue


class FakeGitHub:
    def __init__(self):
        server = REPOSITORY / "Tests" / "Fixtures" / "fake-github" / "fake_github.py"
        self.process = subprocess.Popen([sys.executable, str(server)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.url = f"http://127.0.0.1:{int(self.process.stdout.readline())}"

    def script(self, rules):
        """Answers the next requests of each rule's path as it says (see docs/live-github.md)."""
        scripted = urllib.request.Request(f"{self.url}/__script", data=json.dumps(rules).encode(), method="POST")
        urllib.request.urlopen(scripted, timeout=10).read()

    def requests(self):
        return json.loads(urllib.request.urlopen(f"{self.url}/__requests", timeout=10).read())


@pytest.fixture
def fake_github():
    fake = FakeGitHub()
    yield fake
    fake.process.stdin.close()  # the server ends when its stdin does
    fake.process.wait(timeout=10)


def live_issue(navhost_factory, fake_github, tmp_path, *flags):
    arguments = ["--source", "github", "--api-url", fake_github.url, "--cache", str(tmp_path / "cache.sqlite"), *flags]
    return navhost_factory(args=arguments, root="issue", root_params=ISSUE, env={"GITHUB_TOKEN": "test-token"})


def test_without_allow_writes_the_writes_are_listed_disabled_and_refused(navhost_factory, fake_github, tmp_path):
    fake_github.script([NO_COMMENTS])
    host = live_issue(navhost_factory, fake_github, tmp_path)
    assert host.initialize_result["capabilities"]["actions"] == {"writes": False}
    comment = next(action for action in host.actions() if action["id"] == "comment")
    assert "--allow-writes" in comment["disabled"]["reason"]
    with pytest.raises(navshell.ActionError) as refused:
        host.perform(None, "comment", {"body": "Thanks!"})
    assert (refused.value.reason, refused.value.input) == ("writesDisabled", {"body": "Thanks!"})
    assert [request for request in fake_github.requests() if request["method"] != "GET"] == []


def test_a_comment_github_refuses_comes_back_whole_and_is_posted_once(navhost_factory, fake_github, tmp_path):
    refusal = {"path": COMMENTS, "times": 1, "status": 403, "body": {"message": "Must have admin rights to Repository."}}
    fake_github.script([dict(NO_COMMENTS, times=1), refusal, NO_COMMENTS])  # read, then the POST, then reads
    host = live_issue(navhost_factory, fake_github, tmp_path, "--allow-writes")
    body = "Seen on 1.0 too:\n\n    github.GithubException: 500\n\nand the retry does not help."
    with pytest.raises(navshell.ActionError) as refused:
        host.perform(None, "comment", {"body": body})
    assert (refused.value.code, refused.value.reason, refused.value.status) == (-32016, "forbidden", 403)
    assert refused.value.input == {"body": body}
    writes = [(request["method"], request["path"]) for request in fake_github.requests() if request["method"] != "GET"]
    assert writes == [("POST", COMMENTS)], "a refused POST is never sent again by itself"
    host.wait_idle()
    assert host.rows(section="comments") == [], "the comment shown at once was taken back"
