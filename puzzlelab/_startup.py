"""Ctrl-C while the ``puzzlelab`` command starts: one line and exit code 1, never a traceback
(until :func:`puzzlelab.cli.main` hands Ctrl-C back to Python)."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

STOPPED = b"puzzlelab: interrupted while starting; nothing was done\n"


def is_command_line(orig_argv: list[str], argv: list[str]) -> bool:
    """Whether the process is ``python -m puzzlelab`` or the script (``sys.argv`` is ``["-m"]``
    while ``-m`` imports the package).

    >>> is_command_line(["/usr/bin/python3", "-m", "puzzlelab", "solve", "1 2 / 3 0"], ["-m"])
    True
    >>> is_command_line(["python", "/venv/bin/puzzlelab", "lessons", "x"], ["/venv/bin/puzzlelab"])
    True
    >>> is_command_line(["/usr/bin/python3", "-m", "pytest"], ["/venv/bin/pytest"])
    False
    """
    if argv[:1] == ["-m"]:
        after = orig_argv[orig_argv.index("-m") + 1 :] if "-m" in orig_argv else []
        return after[:1] == ["puzzlelab"]
    script = os.path.basename(argv[0]) if argv else ""
    return script.removesuffix(".exe") == "puzzlelab"


def quit_quietly(signum: int, frame: FrameType | None) -> None:
    """Say so in one line; exit 1 at once (``os._exit``: no broken import prints a traceback)."""
    os.write(2, STOPPED)
    os._exit(1)


if is_command_line(list(getattr(sys, "orig_argv", [])), sys.argv):
    signal.signal(signal.SIGINT, quit_quietly)
    signal.signal(signal.SIGTERM, quit_quietly)
