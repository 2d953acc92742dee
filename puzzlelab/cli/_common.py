"""What every command shares: one-line usage errors, limits, JSON, and how a command plugs in.

A command module in this package defines ``add_commands(commands)``: it adds its
sub-parsers to *commands* and gives each a ``run`` default, a function of the
parsed arguments that returns the exit code (0 solved, 1 no solution, 2 bad input).
Raise :class:`~puzzlelab.errors.PuzzleError` for bad input; ``main`` turns it into
one line on stderr and exit code 2. Every ``--json`` output is an object with
``status`` and ``reason`` (see :mod:`puzzlelab.results`). Keep module-level imports
light: the command line must start fast and never load matplotlib, ipywidgets or Jupyter.
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
    #: What ``add_subparsers`` returns (argparse names its class privately): each command
    #: module adds its sub-parsers to it.
    Commands = argparse._SubParsersAction[Parser]


def add_limits(parser: Parser, nodes_help: str = "stop after this many expansions") -> None:
    """Add ``--max-nodes``, ``--max-seconds`` and ``--max-memory-mb`` to *parser*."""
    parser.add_argument("--max-nodes", type=positive_int, help=nodes_help)
    parser.add_argument("--max-seconds", type=positive_float, help="stop after this many seconds")
    parser.add_argument(
        "--max-memory-mb",
        type=memory_limit,
        default=DEFAULT,
        help="stop when the search has used this many megabytes (default 1000; 'none' lifts it)",
    )


def limits_of(args: argparse.Namespace) -> dict[str, Any]:
    """The limits given on the command line, as keywords for a search or solver."""
    return {
        "max_nodes": args.max_nodes,
        "max_seconds": args.max_seconds,
        "max_memory_mb": args.max_memory_mb,
    }


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1, in ASCII digits."""
    return _argument(whole_number, text, "a whole number of at least 1", least=1)


def positive_float(text: str) -> float:
    """An argparse type: a positive finite number, in ASCII digits."""
    return _argument(finite_number, text, "a positive number", above=0)


def memory_limit(text: str) -> MemoryLimit:
    """An argparse type: megabytes, or ``none`` for no memory bound."""
    if text.strip().lower() == "none":
        return None
    if text == DEFAULT:
        return DEFAULT
    return _argument(finite_number, text, "a positive number of megabytes or 'none'", above=0)


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
