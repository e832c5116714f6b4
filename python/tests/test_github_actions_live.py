"""The GitHub app's actions on the live source, against the fake GitHub server
(Tests/Fixtures/fake-github, replaying ../shared/github-corpus): writes are off without
--allow-writes, and a comment GitHub refuses comes back whole, posted once."""

import pytest

import navshell

ISSUE = {"owner": "jacquev6", "name": "PyGithub", "number": 188}  # recorded: 62_issue-pygithub-2013-etag.json
COMMENTS = "/repos/jacquev6/PyGithub/issues/188/comments"
NO_COMMENTS = {"path": COMMENTS, "status": 200, "body": []}  # the corpus has no comments of this issue


def live_issue(navhost_factory, fake_github, *flags):
    arguments = ["--source", "github", "--api-url", fake_github.url, "--cache", fake_github.cache, *flags]
    return navhost_factory(args=arguments, root="issue", root_params=ISSUE, env={"GITHUB_TOKEN": "test-token"})


def test_without_allow_writes_the_writes_are_listed_disabled_and_refused(navhost_factory, fake_github):
    fake_github.script([NO_COMMENTS])
    host = live_issue(navhost_factory, fake_github)
    assert host.initialize_result["capabilities"]["actions"] == {"writes": False}
    comment = next(action for action in host.actions() if action["id"] == "comment")
    assert "--allow-writes" in comment["disabled"]["reason"]
    with pytest.raises(navshell.ActionError) as refused:
        host.perform(None, "comment", {"body": "Thanks!"})
    assert (refused.value.reason, refused.value.input) == ("writesDisabled", {"body": "Thanks!"})
    assert [request for request in fake_github.requests() if request["method"] != "GET"] == []


def test_a_comment_github_refuses_comes_back_whole_and_is_posted_once(navhost_factory, fake_github):
    refusal = {"path": COMMENTS, "times": 1, "status": 403, "body": {"message": "Must have admin rights to Repository."}}
    fake_github.script([dict(NO_COMMENTS, times=1), refusal, NO_COMMENTS])  # read, then the POST, then reads
    host = live_issue(navhost_factory, fake_github, "--allow-writes")
    body = "Seen on 1.0 too:\n\n    github.GithubException: 500\n\nand the retry does not help."
    with pytest.raises(navshell.ActionError) as refused:
        host.perform(None, "comment", {"body": body})
    assert (refused.value.code, refused.value.reason, refused.value.status) == (-32016, "forbidden", 403)
    assert refused.value.input == {"body": body}
    writes = [(request["method"], request["path"]) for request in fake_github.requests() if request["method"] != "GET"]
    assert writes == [("POST", COMMENTS)], "a refused POST is never sent again by itself"
    host.wait_idle()
    assert host.rows(section="comments") == [], "the comment shown at once was taken back"
