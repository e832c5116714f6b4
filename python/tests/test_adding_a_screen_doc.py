"""docs/adding-a-screen.md shows the real code: its worked example is the real screen file, its
query is in the snapshot's source, and every file it names exists."""

import re

from shared_fixtures import REPOSITORY

DOC = (REPOSITORY / "docs" / "adding-a-screen.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```swift\n(.*?)^```\n", DOC, re.S | re.M)


def test_the_worked_example_is_the_real_screen_file():
    screen = (REPOSITORY / "Sources/ScreenWorkers/GitHub/Screens/FollowingScreen.swift").read_text(encoding="utf-8")
    assert BLOCKS[0] == screen


def test_the_query_it_shows_is_the_snapshots():
    source = (REPOSITORY / "Sources/ScreenWorkers/GitHub/Snapshot/SnapshotStore+Windows.swift").read_text(encoding="utf-8")
    assert BLOCKS[1] in source


def test_the_registry_lists_the_screen():
    registry = (REPOSITORY / "Sources/ScreenWorkers/GitHub/Screens/GitHubScreens.swift").read_text(encoding="utf-8")
    assert "RelatedAccountsScreen<FollowingScreen>.self" in registry


def test_every_file_it_names_exists():
    named = set(re.findall(r"(?:Sources|Tests|python|examples)/[\w./+-]*\w", DOC))
    assert named, "the guide names the files a change touches"
    missing = sorted(path for path in named if not (REPOSITORY / path).exists())
    assert missing == []


def test_the_actions_line_it_shows_is_the_starred_screens():
    screen = (REPOSITORY / "Sources/ScreenWorkers/GitHub/Screens/StarredScreen.swift").read_text(encoding="utf-8")
    assert BLOCKS[2] in screen
