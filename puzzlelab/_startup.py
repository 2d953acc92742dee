"""Ctrl-C while the ``puzzlelab`` command starts: one line and exit code 1, never a traceback.

Imported first by ``puzzlelab/__init__.py``; only in the command line, until
:func:`puzzlelab.cli.main` hands Ctrl-C back to Python (an import that Ctrl-C breaks would
end in a traceback, numpy's even in an ``ImportError``).
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

#: What the command says when Ctrl-C stops it before it began.
STOPPED = b"puzzlelab: interrupted while starting; nothing was done\n"


def is_command_line(orig_argv: list[str], argv: list[str]) -> bool:
    """Whether the process is ``python -m puzzlelab`` or the script, from ``sys.orig_argv``
    and ``sys.argv`` (whose first word is ``"-m"`` while ``-m`` imports the package).

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
    """Say in one line that the command stopped before it began; exit 1 at once (``os._exit``:
    no import that the signal broke prints a traceback on the way out)."""
    os.write(2, STOPPED)
    os._exit(1)


if is_command_line(list(getattr(sys, "orig_argv", [])), sys.argv):
    signal.signal(signal.SIGINT, quit_quietly)
    signal.signal(signal.SIGTERM, quit_quietly)
