import os
import pathlib

# The fixtures under test come from the installed package's pytest11 entry point; pytester
# runs inner pytest sessions to test them.
pytest_plugins = ["pytester"]

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
os.environ.setdefault("NAVHOST", str(REPOSITORY / ".build" / "debug" / "navhost"))
