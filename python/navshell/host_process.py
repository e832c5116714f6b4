"""Starting a navhost process on pipes, and ending it with no process left behind."""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

from . import process_table
from .errors import Error


def find_navhost(executable=None):
    """The navhost to run: ``executable`` when given, else ``$NAVHOST``, else ``navhost`` on PATH."""
    candidate = executable or os.environ.get("NAVHOST") or shutil.which("navhost")
    if not candidate:
        raise Error("navhost not found: pass Navhost(executable=...), set $NAVHOST, or put navhost on PATH")
    if not (os.path.isfile(candidate) and os.access(candidate, os.X_OK)):
        raise Error(f"navhost {candidate!r} is not an executable file")
    return os.path.abspath(candidate)


def option_arguments(options):
    """Command-line arguments for keyword options: ``awake_screens=2`` is ``--awake-screens 2``,
    ``warm_spare=False`` is ``--no-warm-spare``, ``debug=True`` is ``--debug``, a dict or list
    is written as JSON (``root_params={"login": "mojombo"}``), None leaves the option out."""
    arguments = []
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        if value is None:
            continue
        if value is True:
            arguments.append(flag)
        elif value is False:
            arguments.append("--no-" + name.replace("_", "-"))
        elif isinstance(value, (dict, list)):
            arguments += [flag, json.dumps(value)]
        else:
            arguments += [flag, str(value)]
    return arguments


class HostProcess:
    """A running ``navhost serve`` (or ``navhost SUBCOMMAND``, e.g. ``mcp``; with
``subcommand=None``, ``executable`` and ``arguments`` as they are) with its stdin and stdout
as pipes.

    Its stderr goes to a temporary file (``stderr_text``) unless ``stderr`` names another
    destination (a file object, or ``subprocess.DEVNULL``), so a chatty log can never fill a
    pipe nobody reads.
    """

    def __init__(self, executable, arguments, env=None, stderr=None, subcommand="serve"):
        self._stderr_file = tempfile.TemporaryFile() if stderr is None else None
        self.command = [executable, *([subcommand] if subcommand else []), *arguments]
        self.popen = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
            stderr=self._stderr_file if stderr is None else stderr,
            env=None if env is None else {**os.environ, **env})
        self.pid = self.popen.pid

    @property
    def stdin_fd(self):
        return self.popen.stdin.fileno()

    @property
    def stdout_fd(self):
        return self.popen.stdout.fileno()

    @property
    def stderr_text(self):
        """What navhost has logged so far (empty when its stderr went elsewhere)."""
        if self._stderr_file is None:
            return ""
        self._stderr_file.seek(0)
        return self._stderr_file.read().decode("utf-8", "replace")

    def describe_end(self):
        """navhost's exit status and last log lines, for errors raised when its output ended."""
        try:
            code = self.popen.wait(timeout=2)  # its output ended: it is most likely exiting
        except subprocess.TimeoutExpired:
            code = None
        status = "navhost is still running" if code is None else f"navhost exited with code {code}"
        tail = self.stderr_text.strip().splitlines()[-5:]
        return status + (": " + " | ".join(tail) if tail else ".")

    def workers(self):
        """Identities of navhost's descendants (its screen workers) running now."""
        return process_table.descendants(self.pid)

    def end(self, polite_stop, grace=5.0):
        """Ends navhost and returns ``(exit_code, leftovers)``.

        ``polite_stop()`` is tried first (``shutdown`` and ``exit`` over the connection); then
        stdin is closed, then SIGTERM and SIGKILL follow, ``grace`` seconds apart, while navhost
        is still running. ``leftovers`` lists, as ``(pid, command line)``, the workers seen
        before the end that were still running ``grace`` seconds after navhost exited; they
        are killed before this returns.
        """
        workers = self.workers()
        try:
            polite_stop()
        except Error:
            pass  # navhost did not answer; the signals below end it
        _close_quietly(self.popen.stdin)
        for signal_number in (signal.SIGTERM, signal.SIGKILL):
            if self._wait(grace):
                break
            self.popen.send_signal(signal_number)
        self.popen.wait()
        _close_quietly(self.popen.stdout)
        leftovers = self._wait_for_workers(workers, grace)
        for pid, _ in leftovers:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return self.popen.returncode, leftovers

    def _wait(self, seconds):
        try:
            self.popen.wait(timeout=seconds)
            return True
        except subprocess.TimeoutExpired:
            return False

    @staticmethod
    def _wait_for_workers(workers, grace):
        """The workers still running once ``grace`` seconds have passed (polling /proc)."""
        deadline = time.monotonic() + grace
        running = [worker for worker in workers if process_table.is_alive(worker)]
        while running and time.monotonic() < deadline:
            time.sleep(0.02)
            running = [worker for worker in running if process_table.is_alive(worker)]
        return [(pid, process_table.command_line(pid)) for pid, _ in running]


def _close_quietly(pipe):
    try:
        pipe.close()
    except OSError:
        pass
