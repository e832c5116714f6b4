"""navshell.Navhost against the real navhost ($NAVHOST) and its embedded snapshot."""

import os

import pytest

import navshell
from navshell import client, process_table


def test_search_select_and_read_every_row(navhost):
    sections = navhost.query("mojombo")["sections"]
    assert sections == [{"count": 1, "header": "Users matching 'mojombo'", "id": "users"}]
    pushed = navhost.select("user:mojombo")
    assert pushed["action"] == "push" and pushed["pushed"]["kind"] == "repositories"
    assert [row["title"] for row in navhost.rows()] == ["chronic", "god", "grit", "mojombo.github.io", "tomdoc", "Starred repositories"]
    assert [screen["kind"] for screen in navhost.stack()] == ["users", "repositories"]


def test_a_push_can_answer_the_pushed_screens_first_rows(navhost):
    pushed = navhost.select("user:mojombo", rows=2)
    first = pushed["pushedRows"]
    assert first["screen"] == pushed["pushed"]["id"] == navhost.stack()[-1]["id"]
    assert [row["title"] for row in first["rows"]] == ["chronic", "god"]
    assert first["sections"] == [{"count": 5, "header": "Repositories", "id": "repositories"}, {"count": 1, "header": "Account", "id": "account"}]
    assert first["rows"] == navhost.rows(limit=2)
    assert "pushedRows" not in navhost.select("repo:mojombo/grit")  # without rows=, none


def test_back_and_back_to_root_pop_the_stack(navhost):
    navhost.open("users/mojombo/repositories/grit")
    assert [screen["kind"] for screen in navhost.stack()] == ["users", "repositories", "repository"]
    assert navhost.back()["popped"]["kind"] == "repository"
    assert [screen["kind"] for screen in navhost.back_to_root()["stack"]] == ["users"]
    assert navhost.rows(limit=1)[0]["id"] == "user:mojombo"  # the search that led there is kept


def test_a_row_by_id_carries_its_typed_values(navhost):
    navhost.open("users/mojombo/repositories/chronic")
    stars = navhost.row("stats:stars")
    assert (stars["detail"], stars["values"]["count"]) == ("3,238", 3238)
    with pytest.raises(navshell.RowNotFound, match="no row with id 'stats:nope' on the screen"):
        navhost.row("stats:nope")


def test_the_github_apps_screens_need_nothing_of_the_client(navhost):
    navhost.open("users/mojombo/repositories/chronic/issues")
    newest = navhost.rows(limit=1)[0]
    assert newest["kind"] == "issue" and newest["values"]["state"] == "open"
    pushed = navhost.select(newest["id"])
    assert pushed["pushed"]["kind"] == "issue" and pushed["pushed"]["params"]["number"] == newest["values"]["number"]
    assert navhost.row("about:state")["values"] == {"state": "open", "stateReason": None}
    navhost.open("users/mojombo/repositories/chronic/pulls/39")
    assert navhost.row("about:branches")["detail"] == "master ← henrik-santos:update/scheduler-39"
    navhost.open("users/mojombo/repositories/chronic/readme")
    links = [row for row in navhost.rows() if row["kind"] == "link"]
    assert links and all(row["values"]["url"].startswith("http") for row in links)
    opened = navhost.select(links[0]["id"])
    assert (opened["action"], opened["url"]) == ("openURL", links[0]["values"]["url"])


def test_rows_of_one_section_from_an_offset(navhost):
    navhost.open("users/mojombo/repositories/grit")
    assert [row["id"] for row in navhost.rows(section="links")] == ["links:github", "links:homepage"]
    assert [row["id"] for row in navhost.rows(section="stats", offset=2, limit=1)] == ["stats:watchers"]


def test_every_row_is_read_in_windows_of_one_revision(navhost, monkeypatch):
    whole = navhost.rows(limit=250)
    assert len(whole) == 250
    asked = []
    real_call = navhost.call
    monkeypatch.setattr(client, "WINDOW_LIMIT", 60)
    monkeypatch.setattr(navhost, "call", lambda method, params=None, timeout=None: asked.append(params) or real_call(method, params, timeout))
    assert navhost.rows() == whole
    assert [params["offset"] for params in asked] == [0, 60, 120, 180, 240]
    assert all(params.get("revision") == 1 for params in asked[1:])


def test_render_shows_the_screen_as_text(navhost):
    navhost.open("users/mojombo/repositories/grit")
    text = navhost.render(limit=1)
    assert text.splitlines()[0] == "┌─ mojombo/grit · repository s3 (depth 3) · revision 1"
    assert "Description" in text


def test_wait_idle_returns_a_state_version_that_grows_with_changes(navhost):
    before = navhost.wait_idle(timeout=5)
    navhost.query("defunkt")
    assert navhost.wait_idle(timeout=5) > before
    assert navhost.wait_idle(timeout=5) == navhost.wait_idle(timeout=5)


def test_notifications_are_kept_and_taken_in_order(navhost):
    navhost.take_notifications()
    navhost.select("user:torvalds")
    change = navhost.next_notification("nav/didChange", timeout=5)
    assert change["params"]["reason"] == "push"
    assert any(n["method"] == "nav/didChange" and n["params"]["reason"] == "initialize" for n in navhost.notifications)


def test_an_error_reply_raises_rpc_error(navhost):
    with pytest.raises(navshell.RPCError) as raised:
        navhost.select("user:nobody-here")
    assert raised.value.code == -32602
    assert raised.value.message == "no row with id 'user:nobody-here' on this screen"
    assert raised.value.data == {"reason": "notFound"}
    with pytest.raises(navshell.RPCError) as raised:
        navhost.open("users/mojombo/stars")
    assert raised.value.data["segment"] == 3


def test_call_reaches_any_method(navhost):
    processes = navhost.call("host/processes")
    assert processes["host"]["pid"] == navhost.pid
    assert [screen["kind"] for screen in processes["screens"]] == ["users"]


def test_content_length_framing_drives_the_same_session(navhost_factory):
    host = navhost_factory(framing="content-length")
    host.query("defunkt")
    assert [row["id"] for row in host.rows()] == ["user:defunkt"]


def test_keyword_options_become_command_line_options(navhost_factory):
    host = navhost_factory(root="repositories", root_params={"login": "defunkt"}, warm_spare=False)
    assert host.arguments == ["--root", "repositories", "--root-params", '{"login": "defunkt"}', "--no-warm-spare"]
    assert host.stack()[0]["title"] == "defunkt's repositories"


def test_a_bad_option_is_reported_with_navhosts_own_words(navhost_factory):
    with pytest.raises(navshell.ConnectionClosed, match="navhost exited with code 64: .*unknown root kind 'nope'"):
        navhost_factory(root="nope")


def test_the_with_block_ends_navhost_and_its_workers_even_when_the_script_raises():
    with pytest.raises(ZeroDivisionError):
        with navshell.Navhost() as host:
            host.open("users/mojombo/repositories/grit")
            host.wait_idle()
            workers = host.process.workers()
            navhost_process = process_table.identity(host.pid)
            1 / 0
    assert len(workers) >= 3  # three screens (and the warm spare)
    assert not process_table.is_alive(navhost_process)
    assert not any(process_table.is_alive(worker) for worker in workers)
    assert host.exit_code == 0 and host.leftover_workers == []


def test_a_missing_executable_says_where_navhost_is_looked_for(monkeypatch):
    monkeypatch.delenv("NAVHOST")
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(navshell.Error, match=r"navhost not found: pass Navhost\(executable=...\), set \$NAVHOST"):
        navshell.Navhost()
    with pytest.raises(navshell.Error, match="is not an executable file"):
        navshell.Navhost(executable=os.devnull)
