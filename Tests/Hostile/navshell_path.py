"""Makes the repository's Python package (python/navshell) importable by a script run with
plain python3, outside any virtual environment: the one place that knows where it lives.

The hostile client's modules import it (through navhost_session); a script under scripts/
puts this folder on sys.path first (scripts/deep-stack does), then imports navhost_session.
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(REPOSITORY, "python")
if PACKAGE not in sys.path:
    sys.path.insert(0, PACKAGE)
