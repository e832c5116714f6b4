"""The scripting examples of README.md and docs/automation.md run as shown.

Every ```python block that starts with ``import navshell``, and every ```sh block that starts
with ``navhost show``, is run (navhost from $NAVHOST, on PATH for the shell), and what it
prints must be the ```text block right under it.
"""

import os
import re
import subprocess
import sys

import pytest

from shared_fixtures import REPOSITORY

FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n(?:\n```text\n(.*?)^```)?", re.S | re.M)
DOCUMENTS = ["README.md", "docs/automation.md"]


def examples():
    found = []
    for document in DOCUMENTS:
        text = (REPOSITORY / document).read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            language, code, expected = match.groups()
            runnable = (language == "python" and code.startswith("import navshell")) or (
                language == "sh" and code.startswith("navhost show"))
            if runnable:
                line = text.count("\n", 0, match.start()) + 1
                found.append(pytest.param(language, code, expected, id=f"{document}:{line}"))
    return found


def test_the_automation_page_has_a_python_and_a_shell_example():
    languages = [param.values[0] for param in examples() if param.id.startswith("docs/automation.md")]
    assert "python" in languages and "sh" in languages


@pytest.mark.parametrize("language,code,expected", examples())
def test_an_example_prints_what_the_document_shows(language, code, expected):
    navhost = os.environ["NAVHOST"]
    environment = {**os.environ, "PATH": os.path.dirname(navhost) + os.pathsep + os.environ.get("PATH", "")}
    command = [sys.executable, "-c", code] if language == "python" else ["bash", "-o", "pipefail", "-c", code]
    finished = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr
    assert expected is not None, "the example needs a ```text block under it with what it prints"
    assert finished.stdout == expected
