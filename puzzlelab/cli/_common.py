"""What every command shares: one-line usage errors, limits, JSON, and how a command plugs in.

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
    from ..results import SearchStats

    #: What ``add_subparsers`` returns (argparse names its class privately).
    Commands = argparse._SubParsersAction[Parser]


def add_limits(parser: Parser, nodes_help: str | None = "stop after this many expansions") -> None:
    """Add ``--max-nodes`` (unless *nodes_help* is None), ``--max-seconds`` and
    ``--max-memory-mb`` to *parser*."""
    if nodes_help:
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


def board_shape(text: str) -> tuple[int, int]:
    """The rows and columns of *text*, ``ROWSxCOLS``."""
    rows, sep, cols = text.lower().partition("x")
    try:
        if not sep:
            raise PuzzleError(text)
        return whole_number(rows, "rows", 1, text=True), whole_number(cols, "cols", 1, text=True)
    except PuzzleError:
        raise PuzzleError(
            f"shape {text!r} is not ROWSxCOLS in the digits 0-9, e.g. 3x3 or 2x3"
        ) from None


def print_json(data: dict[str, Any]) -> None:
    """Print *data*, which must say its ``status`` and ``reason``, as one line of JSON."""
    assert "status" in data and "reason" in data, "every --json output has status and reason"
    print(json.dumps(data))


def report(args: argparse.Namespace, result: Any, show: Callable[[], Any], **problem: Any) -> int:
    """Print *result*, as JSON after *problem*'s fields with ``--json``, else by ``show()``;
    return the exit code, 0 if it is solved, else 1."""
    if args.json:
        print_json({**problem, **result.as_dict()})
    else:
        show()
    return 0 if result.solved else 1


def print_stats(stats: SearchStats) -> None:
    """Print a search's counts and time on one line."""
    print(
        f"expanded {stats.expanded:,}, generated {stats.generated:,}, duplicates "
        f"{stats.duplicates:,}, largest frontier {stats.max_frontier:,}, {stats.seconds:.3f} s"
    )
