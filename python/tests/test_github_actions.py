"""The GitHub app's row actions on the snapshot source, through the real navhost with the Python
client: what a script sees when it stars, comments, closes, reopens and labels. Every session
writes to a fresh local state folder ($XDG_STATE_HOME, set by the fixtures)."""

import os

import pytest

import navshell

REPOSITORY = "users/mojombo/repositories/chronic"


def ids(actions):
    return [action["id"] for action in actions]


def comments(host):
    return host.rows(section="comments")


def starred(host):
    """The repository screen's ``values.starred``, from the one row that carries it."""
    [shown] = [row["values"]["starred"] for row in host.rows() if "starred" in row.get("values", {})]
    return shown


def test_a_session_on_the_snapshot_can_write(navhost):
    assert navhost.initialize_result["capabilities"]["actions"] == {"writes": True}


def test_star_and_unstar_a_repository_from_its_row_and_its_screen(navhost):
    navhost.open("users/mojombo")
    before = navhost.row("repo:mojombo/grit")["values"]
    assert before["starred"] is False
    assert ids(navhost.actions("repo:mojombo/grit"))[:2] == ["star", "open-url"]
    star = navhost.perform("repo:mojombo/grit", "star")
    assert star.done and star.results == [{"id": "repo:mojombo/grit", "status": "done"}]
    navhost.wait_idle()
    after = navhost.row("repo:mojombo/grit")["values"]
    assert (after["starred"], after["stars"]) == (True, before["stars"] + 1)

    navhost.select("repo:mojombo/grit")  # the repository's screen: its own item
    assert starred(navhost) is True
    assert navhost.row("stats:stars")["values"]["count"] == before["stars"] + 1
    assert ids(navhost.actions())[0] == "unstar"
    assert navhost.perform(None, "unstar").done
    navhost.wait_idle()
    assert starred(navhost) is False
    assert navhost.row("stats:stars")["values"]["count"] == before["stars"]


def test_a_comment_appears_in_the_issues_comments(navhost):
    navhost.open(f"{REPOSITORY}/issues/42")
    assert comments(navhost) == []
    asked = navhost.perform(None, "comment")
    assert asked.status == "inputRequired" and [field["name"] for field in asked.fields] == ["body"]
    body = "Reproduced on 0.9.1: the viewer panics on an empty file."
    assert navhost.perform(None, "comment", {"body": body}).done
    navhost.wait_idle()
    [comment] = comments(navhost)
    assert comment["values"]["author"] == "you" and comment["values"]["body"] == body
    assert navhost.row("about:comments")["values"]["count"] == 1


def test_close_with_a_reason_asks_first_then_reopen(navhost):
    navhost.open(f"{REPOSITORY}/issues/42")
    asked = navhost.perform(None, "close", {"reason": "not_planned"})
    assert asked.status == "confirm" and asked.expires_in == 120 and asked.message
    assert navhost.row("about:state")["values"]["state"] == "open", "asking changes nothing"
    assert asked.confirm().done
    navhost.wait_idle()
    assert navhost.row("about:state")["values"] == {"state": "closed", "stateReason": "not_planned"}
    assert "reopen" in ids(navhost.actions()) and "close" not in ids(navhost.actions())
    assert navhost.perform(None, "reopen").done
    navhost.wait_idle()
    assert navhost.row("about:state")["values"]["state"] == "open"


def test_label_two_issues_at_once(navhost):
    navhost.open(f"{REPOSITORY}/issues")
    targets = ["issue:42", "issue:38"]
    [add_label] = [action for action in navhost.actions(targets) if action["id"] == "add-label"]
    assert "help wanted" in add_label["input"][0]["options"]
    done = navhost.perform(targets, "add-label", {"label": "help wanted"})
    assert [(result["id"], result["status"]) for result in done.results] == [(t, "done") for t in targets]
    navhost.wait_idle()
    for target in targets:
        assert "help wanted" in navhost.row(target)["values"]["labels"]


def test_a_forged_or_stale_confirmation_is_refused_and_nothing_is_done(navhost):
    navhost.open(f"{REPOSITORY}/issues/42")
    with pytest.raises(navshell.ActionError) as forged:
        navhost.perform(None, "close", {"reason": "completed"}, confirm="9f2c41d07b3e4a56")
    assert (forged.value.code, forged.value.reason) == (-32016, "staleConfirmation")
    asked = navhost.perform(None, "close", {"reason": "completed"})
    with pytest.raises(navshell.ActionError) as other_input:
        navhost.perform(None, "close", {"reason": "not_planned"}, confirm=asked.confirm_token)
    assert other_input.value.reason == "staleConfirmation"
    asked = navhost.perform(None, "close", {"reason": "completed"})
    navhost.perform(None, "comment", {"body": "One more thing."})  # the issue changed since it asked
    navhost.wait_idle()
    with pytest.raises(navshell.ActionError) as stale:
        asked.confirm()
    assert stale.value.reason == "staleConfirmation"
    assert navhost.row("about:state")["values"]["state"] == "open"


def test_the_read_only_actions_answer_the_rows_url_and_text(navhost):
    navhost.open("users/mojombo")
    assert navhost.perform("repo:mojombo/grit", "open-url").url == "https://github.com/mojombo/grit"
    assert navhost.perform(["repo:mojombo/grit"], "copy-url").text == "https://github.com/mojombo/grit"
    copied = navhost.perform(["repo:mojombo/grit", "repo:mojombo/god"], "copy-text")
    assert [result["id"] for result in copied.results] == ["repo:mojombo/grit", "repo:mojombo/god"]
    assert "grit" in copied.results[0]["text"] and "god" in copied.results[1]["text"]


def test_an_action_the_row_does_not_offer_is_refused(navhost):
    navhost.open("users/mojombo")
    with pytest.raises(navshell.ActionError) as refused:
        navhost.perform("repo:mojombo/grit", "merge", {"method": "squash"})
    assert (refused.value.code, refused.value.reason, refused.value.action) == (-32602, "unknownAction", "merge")
    assert refused.value.input == {"method": "squash"}
    with pytest.raises(navshell.ActionError) as missing:
        navhost.actions(["repo:mojombo/nope"])
    assert (missing.value.code, missing.value.reason) == (-32602, "notFound")


def test_a_bad_input_is_refused_with_its_field_and_the_input_kept(navhost):
    navhost.open(f"{REPOSITORY}/issues")
    typed = {"label": "no such label"}
    with pytest.raises(navshell.ActionError) as refused:
        navhost.perform("issue:42", "add-label", typed)
    assert (refused.value.code, refused.value.reason, refused.value.field) == (-32016, "validation", "label")
    assert refused.value.input == typed


def test_a_comment_that_cannot_be_kept_comes_back_whole(navhost_factory, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("the state folder cannot be made under a file")
    host = navhost_factory(env={"XDG_STATE_HOME": str(blocked / "state")})
    host.open(f"{REPOSITORY}/issues/42")
    body = "A long comment,\nwritten by hand, that must not be lost."
    with pytest.raises(navshell.ActionError) as failed:
        host.perform(None, "comment", {"body": body})
    assert (failed.value.code, failed.value.reason, failed.value.action) == (-32016, "unavailable", "comment")
    assert failed.value.input == {"body": body}
    host.wait_idle()
    assert comments(host) == [], "the comment shown at once was taken back"


def test_writes_survive_a_restart_in_the_same_state_folder(navhost_factory, tmp_path):
    state = {"XDG_STATE_HOME": str(tmp_path / "state")}
    first = navhost_factory(env=state)
    first.open("users/mojombo")
    first.perform("repo:mojombo/grit", "star")
    first.wait_idle()
    first.close()
    assert os.path.exists(tmp_path / "state" / "navshell" / "local-state.sqlite")
    again = navhost_factory(env=state)
    again.open("users/mojombo")
    assert again.row("repo:mojombo/grit")["values"]["starred"] is True
    other = navhost_factory()  # the fixture's own fresh folder: none of those writes
    other.open("users/mojombo")
    assert other.row("repo:mojombo/grit")["values"]["starred"] is False
