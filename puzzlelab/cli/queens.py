"""``queens``: N queens by backtracking, by min-conflicts, or all of them counted."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..errors import BoardError, PuzzleError, whole_number
from ..limits import slowdown
from ..puzzles.queens import Placement, render
from ..solvers.queens import backtracking
from ..solvers.queens_counting import count_bitmask, count_fundamental
from ..solvers.queens_repair import min_conflicts
from ._common import add_limits, limits_of, print_json, whole_int

if TYPE_CHECKING:
    from ._common import Commands

#: The largest board the command takes: min-conflicts' greedy start alone takes
#: minutes beyond it (O(n²)), and backtracking never gets far.
MAX_N = 100_000
#: The largest board --count accepts: 15 queens take minutes, 16 about an hour.
MAX_COUNT_N = 15
#: Boards up to this size are printed square by square; larger ones as a list of columns.
MAX_BOARD_PRINTED = 40
#: Default time limits (seconds) for finding one solution and for counting.
FIND_SECONDS, COUNT_SECONDS = 20.0, 60.0


def add_commands(commands: Commands) -> None:
    """Add the ``queens`` command (no example here; ``tests/test_queens.py`` runs it)."""
    queens = commands.add_parser(
        "queens",
        help="place N queens that do not attack each other",
        description="Place N queens on an N x N board, no two attacking each other.",
    )
    queens.add_argument("n", help=f"the board size (number of queens), 1 to {MAX_N:,}")
    queens.add_argument(
        "--count",
        action="store_true",
        help=f"count all solutions and the fundamental ones (N <= {MAX_COUNT_N})",
    )
    queens.add_argument(
        "--min-conflicts",
        action="store_true",
        help="repair a random board instead of backtracking (for large N)",
    )
    queens.add_argument("--seed", type=whole_int, help="random seed for --min-conflicts")
    add_limits(queens, nodes_help="stop after placing this many queens (with --min-conflicts: "
                                  "after moving this many)")  # fmt: skip
    queens.add_argument("--json", action="store_true", help="print the result as JSON")
    queens.set_defaults(run=queens_command)  # fmt: skip


def _size(text: str) -> int:
    n = whole_number(text, "the board size", least=1, text=True, error=BoardError)
    if n > MAX_N:
        raise BoardError(f"the board size must be at most {MAX_N:,} here, not {n:,}")
    return n


def queens_command(args: argparse.Namespace) -> int:
    """Place or count the queens *args* asks for; print the result, return the exit code.

    Examples
    --------
    >>> from puzzlelab.cli import main
    >>> main(["queens", "6"])
    first solution of 6 queens by backtracking (columns 1 3 5 0 2 4):
    . Q . . . .
    . . . Q . .
    . . . . . Q
    Q . . . . .
    . . Q . . .
    . . . . Q .
    queens placed 31, retreats 25, ... s
    0
    >>> main(["queens", "6", "--count"])
    6 queens: 4 solutions, 1 fundamental (up to rotation and reflection)
    queens placed 152, ... s
    0
    """
    n = _size(args.n)
    if args.count and args.min_conflicts:
        raise PuzzleError("--count and --min-conflicts do not go together: min-conflicts "
                          "finds one solution, it cannot count them")  # fmt: skip
    if args.seed is not None and not args.min_conflicts:
        raise PuzzleError("--seed goes with --min-conflicts")
    if args.count:
        return _count(n, args)
    if args.min_conflicts:
        return _repair(n, args)
    return _first_solution(n, args)


def _limits(args: argparse.Namespace, seconds: float) -> dict[str, Any]:
    limits = limits_of(args)
    limits["max_seconds"] = limits["max_seconds"] or seconds
    return limits


def _print_board(placement: Placement) -> None:
    if len(placement) <= MAX_BOARD_PRINTED:
        print(render(placement))
    else:
        print("columns, row by row:", " ".join(map(str, placement)))


def _first_solution(n: int, args: argparse.Namespace) -> int:
    result = backtracking(n, first_only=True, **_limits(args, FIND_SECONDS))
    solution = result.solutions[0] if result.solutions else None
    if args.json:
        print_json({**result.as_dict(), "solution": list(solution) if solution else None})
        return 0 if solution else 1
    if solution:
        columns = " ".join(map(str, solution))
        print(f"first solution of {n} queens by backtracking (columns {columns}):")
        _print_board(solution)
    else:
        print(f"no solution: {result.status}: {result.reason}")
        if result.status in ("limit", "interrupted"):
            print("(for large boards try --min-conflicts)")
    print(f"queens placed {result.stats.expanded:,}, retreats "
          f"{result.stats.extra['retreats']:,}, {result.stats.seconds:.3f} s")  # fmt: skip
    return 0 if solution else 1


def _repair(n: int, args: argparse.Namespace) -> int:
    result = min_conflicts(n, seed=args.seed, **_limits(args, FIND_SECONDS))
    if args.json:
        placement = list(result.placement) if result.solved else None
        print_json({**result.as_dict(), "solution": placement})
        return 0 if result.solved else 1
    if result.solved:
        seeded = "unseeded" if result.seed is None else f"seed {result.seed}"
        print(f"a solution of {n} queens by min-conflicts ({seeded}):")
        _print_board(result.placement)
    else:
        if result.status == "unsolvable":
            left = ""
        elif len(result.placement) < n:
            left = f" (during the greedy start, {len(result.placement):,} of {n:,} rows placed)"
        else:
            left = f" ({result.conflicts:,} attacking pairs left)"
        print(f"no solution: {result.status}: {result.reason}{left}")
    start = "-" if result.start_conflicts is None else f"{result.start_conflicts:,}"
    print(f"attacking pairs at the start {start}, queens moved {result.stats.expanded:,}, "
          f"restarts {result.stats.extra['restarts']}, {result.stats.seconds:.3f} s")  # fmt: skip
    return 0 if result.solved else 1


def _count(n: int, args: argparse.Namespace) -> int:
    if n > MAX_COUNT_N:
        raise PuzzleError(f"counting the solutions of {n} queens takes hours here; "
                          f"--count takes N up to {MAX_COUNT_N}")  # fmt: skip
    limits = _limits(args, COUNT_SECONDS)
    total = count_bitmask(n, **limits)
    fundamental = None
    if total.status in ("solved", "exhausted"):  # the second count spends what is left
        # In the limit's own units: a Budget divides it by the slowdown, the clock does not.
        spent = total.stats.seconds * slowdown()
        limits["max_seconds"] = max(0.001, limits["max_seconds"] - spent)
        if limits["max_nodes"] is not None:
            limits["max_nodes"] = max(1, limits["max_nodes"] - total.stats.expanded)
        fundamental = count_fundamental(n, **limits)
        if fundamental.status == "limit" and limits["max_nodes"] is not None:
            # Say the limit the user gave, which both counts shared.
            fundamental.reason = fundamental.reason.replace(
                f"{limits['max_nodes']:,} queens placed",
                f"{args.max_nodes:,} queens placed (both counts together)",
                1,
            )
    runs = [total] + ([fundamental] if fundamental else [])
    last = runs[-1]  # the run that stopped, or the fundamental count that ended
    # The fundamental count, when both counts ended; None when one of them stopped.
    ended = fundamental is not None and fundamental.status in ("solved", "exhausted")
    finished = fundamental if ended else None
    if args.json:
        print_json({
            "n": n,
            "status": last.status,
            "reason": last.reason,
            "count": None if finished is None and last is total else total.count,
            "fundamental": None if finished is None else finished.count,
            "expanded": sum(run.stats.expanded for run in runs),
            "seconds": round(sum(run.stats.seconds for run in runs), 6),
        })  # fmt: skip
    elif finished is None:
        print(f"not counted: {last.status}: {last.reason}")
    else:
        print(f"{n} queens: {total.count:,} solutions, {finished.count:,} fundamental "
              f"(up to rotation and reflection)")  # fmt: skip
        print(f"queens placed {total.stats.expanded:,}, "
              f"{total.stats.seconds + finished.stats.seconds:.3f} s")  # fmt: skip
        if total.status == "exhausted":
            print(f"no solution: {total.reason}")
    return 0 if last.status == "solved" else 1
