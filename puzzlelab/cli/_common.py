"""What the commands share: one-line usage errors, argparse types for numbers, JSON.

A command module defines ``add_commands(commands)``: it adds its sub-parsers, each with a
``run`` default that takes the parsed arguments and returns the exit code. Bad input raises
:class:`~puzzlelab.errors.PuzzleError` (exit 2); every ``--json`` output has ``status`` and
``reason``. Keep imports light: never load matplotlib, ipywidgets or Jupyter at start.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from ..errors import PuzzleError, finite_number, whole_number
from ..limits import DEFAULT, MemoryLimit

#: A number an argparse type reads: ``int`` or ``float``.
Number = TypeVar("Number", int, float)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


if TYPE_CHECKING:
    #: What ``add_subparsers`` returns (argparse names its class privately).
    Commands = argparse._SubParsersAction[Parser]


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1, in ASCII digits."""
    return _argument(whole_number, text, "a whole number of at least 1", least=1)


def limit(text: str) -> MemoryLimit:
    """An argparse type: a positive number (seconds, megabytes), or ``none`` for no bound."""
    if text.strip().lower() == "none":
        return None
    if text == DEFAULT:
        return DEFAULT
    return _argument(finite_number, text, "a positive number or 'none'", above=0)


def _argument(check: Callable[..., Number], text: str, allowed: str, **bounds: float) -> Number:
    """*text* read by *check* (whole or finite numbers), or the error argparse reports."""
    try:
        return check(text, "value", text=True, **bounds)
    except PuzzleError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {allowed}") from None


def print_json(data: dict[str, Any]) -> None:
    """Print *data*, which must say its ``status`` and ``reason``, as one line of JSON."""
    assert "status" in data and "reason" in data, "every --json output has status and reason"
    print(json.dumps(data))
