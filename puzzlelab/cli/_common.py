"""What every command shares: one-line usage errors, limits, and how a command plugs in.

A command module in this package defines ``add_commands(commands)``: it adds its
sub-parsers to *commands* and gives each a ``run`` default, a function of the
parsed arguments that returns the exit code (0 done, 1 no solution, 2 bad input).
Raise :class:`~puzzlelab.errors.PuzzleError` for bad input; ``main`` turns it into
one line on stderr and exit code 2. Keep module-level imports light: the command
line must start fast and never load matplotlib, ipywidgets or Jupyter.
"""

from __future__ import annotations

import argparse


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def add_limits(parser) -> None:
    parser.add_argument("--max-nodes", type=positive_int, help="stop after this many expansions")
    parser.add_argument("--max-seconds", type=positive_float, help="stop after this many seconds")


def positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value
