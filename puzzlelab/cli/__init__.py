"""``python -m puzzlelab``: every module here not starting with ``_`` adds its commands.

Exit codes: 0 solved (or table printed), 1 no solution (with the reason), 2 bad input
(one line, no traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import pkgutil
import re
import signal
import sys
from collections.abc import Iterator

from .. import __version__, _startup
from ..errors import MOST_DIGITS, PuzzleError
from ..limits import LimitReached
from ._common import Parser, print_json


def build_parser() -> Parser:
    """Return the ``puzzlelab`` parser; a command's parsed arguments carry ``run``.

    >>> args = build_parser().parse_args(["solve", "1 2 3 / 4 5 6 / 0 7 8", "-a", "bfs"])
    >>> args.command, args.board, args.algorithm, args.run.__name__
    ('solve', '1 2 3 / 4 5 6 / 0 7 8', 'bfs', 'solve_command')
    """
    parser = Parser(prog="puzzlelab", description="Solve and study puzzles by search.")
    parser.add_argument("--version", action="version", version=f"puzzlelab {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    names = [info.name for info in pkgutil.iter_modules(__path__) if info.name[0] != "_"]
    for module in sorted(names, key=lambda name: (name != "sliding", name)):  # solve first
        importlib.import_module(f"{__name__}.{module}").add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line on *argv* (default: ``sys.argv[1:]``); return the exit code.

    SIGTERM is taken as Ctrl-C while the command runs.

    >>> main(["solve", "1 2 3 / 4 5 6 / 7 0 8", "--json"])
    {"algorithm": "astar", "status": "solved", "reason": "the goal was reached", "cost": 1, ...}
    0
    >>> main(["solve", "1 2 3"])  # the error goes to standard error
    2
    """
    starting = signal.getsignal(signal.SIGINT) is _startup.quit_quietly  # the command's process
    try:
        args = _parse(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:  # called from Python: Ctrl-C while the command modules load
        print("puzzlelab: interrupted before the command started", file=sys.stderr)
        return 1
    if starting:  # from now on Ctrl-C stops the command, which says what it has done
        for module in getattr(args, "loads", ()):  # its slow imports, still quitting quietly
            importlib.import_module(module)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with _terminate_as_interrupt():
        try:
            return int(args.run(args))
        except LimitReached as stop:  # from a function that returns plain data, not a result
            return _stopped(args, "limit", str(stop))
        except PuzzleError as error:
            print(f"puzzlelab: error: {error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt as stop:  # outside a search, which reports its own interruption
            return _stopped(
                args, "interrupted", str(stop) or "interrupted before any result was ready"
            )
        except BrokenPipeError:
            # The reader stopped early (``| head``): end quietly, as other command-line tools do.
            # Python would complain again when it flushes stdout at exit: point it at devnull.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1


def _parse(argv: list[str]) -> argparse.Namespace:
    """The parsed command line, or a usage error (exit 2) for a number too long to read."""
    parser = build_parser()
    for word in argv:
        longest = max((len(run) for run in re.findall(r"[0-9]+", word)), default=0)
        if longest > MOST_DIGITS:
            shown = word if len(word) <= 30 else word[:27] + "..."
            parser.error(
                f"{shown!r} holds a number of {longest:,} digits; numbers here have at most "
                f"{MOST_DIGITS:,} digits"
            )
    return parser.parse_args(argv)


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While the command runs, SIGTERM raises KeyboardInterrupt, as Ctrl-C does."""
    try:
        before = signal.signal(signal.SIGTERM, signal.default_int_handler)
    except (ValueError, OSError, AttributeError):  # not the main thread; no SIGTERM here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _stopped(args: argparse.Namespace, status: str, reason: str) -> int:
    """Say that a command stopped early, as JSON when asked, and return exit code 1."""
    if getattr(args, "json", False):
        print_json({"status": status, "reason": reason})
    else:
        print(f"no result: {status}: {reason}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
