import pathlib
import sys

# One definition for both test folders: python/testing/shared_fixtures.py. Importing a
# fixture here registers it for this folder.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "testing"))
from shared_fixtures import fake_github, fresh_state  # noqa: E402,F401

# The fixtures under test come from the installed package's pytest11 entry point; pytester
# runs inner pytest sessions to test them.
pytest_plugins = ["pytester"]
