"""The Python example screen's actions (examples/python-screen: tag a commit, delete a tag)
performed through the real navhost with the Python client, as any client performs them."""

import subprocess

import pytest

import navshell
from shared_fixtures import SCREENS, git_repository


@pytest.fixture
def commits(navhost_factory, tmp_path):
    """A session showing the commits of a fresh repository of 3 commits (newest first)."""
    path = git_repository(tmp_path / "repository", 3)
    host = navhost_factory(args=["--screens", SCREENS])
    host.push("commits", {"path": path})
    return host, path, [row["id"] for row in host.rows()]


def git_tags(path, row_id):
    return subprocess.run(["git", "-C", path, "tag", "--points-at", row_id.split(":")[1]], check=True,
                          capture_output=True, text=True).stdout.split()


def test_a_commit_offers_tag_then_copy_text(commits):
    host, _, rows = commits
    actions = host.actions(rows[0])
    assert [action["id"] for action in actions] == ["tag", "copy-text"]
    assert actions[0]["input"] == [{"name": "name", "title": "Tag name", "type": "string", "required": True}]
    copied = host.perform([rows[0]], "copy-text")
    assert copied.done and copied.text.startswith("change number 3\nmojombo\n")


def test_tagging_a_commit_shows_the_tag_on_its_row_and_in_git(commits):
    host, path, rows = commits
    asked = host.perform(rows[0], "tag")
    assert asked.status == "inputRequired" and [field["name"] for field in asked.fields] == ["name"]
    host.take_notifications()
    done = host.perform(rows[0], "tag", {"name": "v1.0"})
    assert done.done and done.results == [{"id": rows[0], "status": "done"}]
    update = host.next_notification("screen/didUpdate")["params"]
    assert update["changes"]["reconfigured"] == [rows[0]] and update["revision"] == done.revision
    row = host.row(rows[0])
    assert row["values"]["tags"] == ["v1.0"] and row["detail"].endswith(" · tag v1.0")
    assert git_tags(path, rows[0]) == ["v1.0"]
    assert "delete-tag" in [action["id"] for action in host.actions(rows[0])]


def test_a_tag_name_taken_fails_with_the_name_kept_and_the_row_put_back(commits):
    host, path, rows = commits
    host.perform(rows[0], "tag", {"name": "v1.0"})
    before = host.row(rows[1])
    with pytest.raises(navshell.ActionError) as failed:
        host.perform(rows[1], "tag", {"name": "v1.0"})
    assert (failed.value.code, failed.value.reason, failed.value.action) == (-32016, "conflict", "tag")
    assert failed.value.input == {"name": "v1.0"} and "already exists" in failed.value.message
    assert host.row(rows[1]) == before and git_tags(path, rows[1]) == []


def test_deleting_a_tag_asks_first_and_a_forged_token_is_refused(commits):
    host, path, rows = commits
    host.perform(rows[2], "tag", {"name": "first"})
    asked = host.perform(rows[2], "delete-tag", {"tag": "first"})
    assert (asked.status, asked.message, asked.expires_in) == ("confirm", "Delete a tag of 'change number 1'?", 120)
    assert git_tags(path, rows[2]) == ["first"], "asking does nothing"
    with pytest.raises(navshell.ActionError) as forged:
        host.perform(rows[2], "delete-tag", {"tag": "first"}, confirm="0000000000000000")
    assert forged.value.reason == "staleConfirmation" and git_tags(path, rows[2]) == ["first"]
    done = asked.confirm()
    assert done.done and git_tags(path, rows[2]) == []
    assert host.row(rows[2])["values"]["tags"] == []
    with pytest.raises(navshell.ActionError) as unknown:
        host.perform(rows[2], "delete-tag", {"tag": "first"})
    assert (unknown.value.code, unknown.value.reason) == (-32602, "unknownAction")
