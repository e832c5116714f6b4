#!/usr/bin/env python3
"""A fake GitHub REST API for NavShell's tests. Loopback only.

Replays the real recorded responses in ../shared/github-corpus (read at start, never copied),
answers conditional requests with 304 like GitHub does, and applies faults a test scripts
through POST /__script. Prints its port on stdout, then serves until stdin closes.
See docs/live-github.md for the control endpoints and the rule format.
"""

import argparse
import os
import sys
import threading
from http.server import ThreadingHTTPServer

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree

from corpus import Corpus  # noqa: E402
from github_state import GitHubState  # noqa: E402
from writes import WriteCorpus  # noqa: E402
from handler import FakeGitHubHandler  # noqa: E402
from state import ServerState  # noqa: E402


def default_corpus_path():
    # <root>/Tests/Fixtures/fake-github/fake_github.py -> <root>/../shared/github-corpus
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    return os.path.normpath(os.path.join(root, "..", "shared", "github-corpus"))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", default=default_corpus_path(), help="folder of recorded responses")
    parser.add_argument("--prefix", default="", help="API path prefix, e.g. /api/v3 as on GitHub Enterprise")
    arguments = parser.parse_args()

    corpus = Corpus.load(arguments.corpus)
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeGitHubHandler)
    server.daemon_threads = True
    port = server.server_address[1]
    writes = WriteCorpus.load(os.path.join(arguments.corpus, "writes"))
    github = GitHubState(corpus.recordings)
    server.state = ServerState(corpus, writes, github, "http://127.0.0.1:%d" % port, arguments.prefix.rstrip("/"))

    def stop_when_stdin_closes():
        sys.stdin.buffer.read()
        server.shutdown()

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    print(port, flush=True)
    try:
        server.serve_forever(poll_interval=0.05)
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
