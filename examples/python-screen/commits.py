#!/usr/bin/env python3
"""Two NavShell screens in Python: a git repository's recent commits, and one commit's detail.

navhost starts this file for the kinds of screens.json beside it. `commits` lists commits in
pages of 20 (the query keeps those whose subject or author contains it); selecting one pushes
`commit`, whose rows open the author in the built-in `users` search, pop back, or open a URL.
A commit can be tagged (`tag`) and a tag deleted again (`delete-tag`, which asks first).
"""

import os
import subprocess
import sys

try:
    import navshell.worker as nav
except ImportError:  # run from a checkout without `pip install ./python`
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
    import navshell.worker as nav

PAGE = 20
FIELDS = "%H%x1f%an%x1f%ad%x1f%s%x1f%D"


def git(path, *arguments, failure=nav.NotFound):
    try:
        return subprocess.run(["git", "-C", path, *arguments], check=True, capture_output=True, text=True).stdout
    except subprocess.CalledProcessError as error:
        raise failure(f"git {arguments[0]} failed in {path}: {error.stderr.strip()}")


def commits(path, query, skip, count):
    """Commits newest first, as (sha, author, date, subject, tags), from `skip`."""
    arguments = ["log", f"--format={FIELDS}", "--date=short", f"--skip={skip}", f"-n{count}"]
    if query:
        arguments += ["-i", "--fixed-strings", f"--grep={query}"]
    found = [line.split("\x1f") for line in git(path, *arguments).splitlines() if line]
    return [(*fields[:4], tags(fields[4])) for fields in found]


def tags(decorations):
    """The tag names of a `%D` (`HEAD -> main, tag: v2, tag: v1`), sorted."""
    return tuple(sorted(name[len("tag: "):] for name in decorations.split(", ") if name.startswith("tag: ")))


def tag_failure(message):
    """A refused `git tag`: a name taken is a conflict, any other refusal a bad name."""
    return nav.ActionFailed("conflict" if "already exists" in message else "validation", message)


class Commits(nav.ListScreen):
    def __init__(self, params):
        self.path = params["path"]
        if not os.path.isdir(self.path):
            raise nav.NotFound(f"no folder {self.path}")
        self.title = f"Commits of {os.path.basename(os.path.abspath(self.path))}"

    def sections(self, query):
        def pages(cursor):
            skip = cursor or 0
            page = commits(self.path, query, skip, PAGE + 1)
            return page[:PAGE], (skip + PAGE if len(page) > PAGE else None)
        header = f"Commits matching '{query}'" if query else "Commits"
        return [nav.Section("commits", header=header, pages=pages, empty_footer="No commits")]

    def row(self, commit):
        sha, author, date, subject, names = commit
        labels = [f"{sha[:7]}", date] + ([("tag " if len(names) == 1 else "tags ") + ", ".join(names)] if names else [])
        return nav.Row(id=f"commit:{sha}", kind="commit", title=subject, subtitle=author, detail=" · ".join(labels),
                       accessory="disclosure", values={"sha": sha, "author": author, "date": date, "tags": list(names)})

    def select(self, commit):
        return nav.push("commit", {"path": self.path, "sha": commit[0]})

    def actions(self, commit):
        if commit is None:  # the list has no item of its own
            return []
        offered = [nav.Action("tag", "Tag…", key="t", input=[nav.Field("name", "Tag name", required=True)])]
        if commit[4]:
            offered.append(nav.Action("delete-tag", "Delete tag…", key="T", destructive=True, idempotent=True,
                                      input=[nav.Field("tag", "Tag", type="enum", options=list(commit[4]),
                                                       default=commit[4][0])],
                                      message=f"Delete a tag of '{commit[3]}'?"))
        return offered

    def preview(self, action, commit, input):
        name = input.get("name") if action == "tag" else input.get("tag")
        names = set(commit[4]) | {name} if action == "tag" else set(commit[4]) - {name}
        return (*commit[:4], tuple(sorted(names)))

    def perform(self, action, commit, input):
        if action == "tag":
            git(self.path, "tag", input["name"], commit[0], failure=tag_failure)
        else:
            git(self.path, "tag", "-d", input["tag"], failure=lambda message: nav.ActionFailed("notFound", message))


class Commit(nav.ListScreen):
    def __init__(self, params):
        self.path, self.sha = params["path"], params["sha"]
        fields = git(self.path, "show", "-s", f"--format={FIELDS}", "--date=short", self.sha).strip().split("\x1f")
        self.sha, self.author, self.date, self.subject = fields[:4]
        self.files = git(self.path, "show", "--format=", "--name-only", self.sha).split()
        self.title = self.subject

    def sections(self, query):
        about = [("sha", "Commit", self.sha), ("author", "Author", self.author), ("date", "Date", self.date),
                 ("back", "Back to the commits", "")]
        files = [("file", name, "") for name in self.files]
        keep = lambda fact: query.lower() in (fact[1] + " " + fact[2]).lower()
        return [nav.Section("about", header="About", items=[f for f in about if keep(f)]),
                nav.Section("files", header="Files", items=[f for f in files if keep(f)], empty_footer="No files")]

    def row(self, fact):
        key, label, value = fact
        if key == "file":
            return nav.Row(id=f"file:{label}", kind="file", title=label, accessory="link")
        return nav.Row(id=f"about:{key}", kind="property", title=label, detail=value or None,
                       accessory="disclosure" if key in ("author", "back") else None)

    def select(self, fact):
        key, label, value = fact
        if key == "author":  # a built-in screen: the users search, opened with the author's name
            return nav.push("users", {"query": value})
        if key == "back":
            return nav.pop()
        if key == "file":
            return nav.open_url("file://" + os.path.join(os.path.abspath(self.path), label))
        return None


if __name__ == "__main__":
    nav.serve({"commits": Commits, "commit": Commit})
