"""Makes the repository's Python package (python/navshell) importable by a script run with
plain python3, outside any virtual environment: the one place that knows where it lives.

The hostile client's modules import it (through navhost_session); a script under scripts/
puts this folder on sys.path first, then imports navhost_session. A script that imports navshell
itself imports this module by name first (scripts/deep-stack, mcp_fuzz.py), so where navshell
comes from does not depend on which module happened to be imported before. The scripts set
sys.dont_write_bytecode themselves, before their first import from the source tree: set here,
it would come after this module's own bytecode was written.
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(REPOSITORY, "python")
if PACKAGE not in sys.path:
    sys.path.insert(0, PACKAGE)
