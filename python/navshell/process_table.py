"""Processes as Linux's /proc shows them: children, descendants, and whether one still runs.

A process is named by ``(pid, start_time)`` so that a pid the kernel reused for another
process is not mistaken for the one that was seen.
"""

import os

_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid):
    """The fields of /proc/PID/stat after the command name, or None when there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read().decode("utf-8", "replace")
    except OSError:
        return None
    # The command name is in parentheses and may itself contain spaces and parentheses.
    return text[text.rfind(")") + 2 :].split()


def identity(pid):
    """``(pid, start_time)`` of a live process, or None."""
    fields = _stat_fields(pid)
    return (pid, int(fields[19])) if fields else None


def is_alive(process):
    """Whether ``process`` (an identity) still runs; a zombie does not count."""
    pid, start_time = process
    fields = _stat_fields(pid)
    return bool(fields) and fields[0] != "Z" and int(fields[19]) == start_time


def resident_bytes(pid):
    """The resident set size of a live process, in bytes."""
    with open(f"/proc/{pid}/statm") as statm:
        return int(statm.read().split()[1]) * _PAGE_SIZE


def cpu_seconds(pid):
    """The CPU time a live process has used, user and system, in seconds."""
    fields = _stat_fields(pid)
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return " ".join(part.decode("utf-8", "replace") for part in cmdline.read().split(b"\0") if part)
    except OSError:
        return "?"


def _live_by_parent():
    """Identities of the live processes (zombies left out) by parent pid: one pass over /proc."""
    parents = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        fields = _stat_fields(int(name))
        if fields and fields[0] != "Z":
            parents.setdefault(int(fields[1]), []).append((int(name), int(fields[19])))
    return parents


def children(pid):
    """Identities of the live processes whose parent is ``pid``."""
    return _live_by_parent().get(pid, [])


def descendants(pid):
    """Identities of the live children of ``pid``, their children, and so on."""
    parents = _live_by_parent()
    found, frontier = [], [pid]
    while frontier:
        below = parents.get(frontier.pop(), [])
        found += below
        frontier += [child for child, _ in below]
    return found
