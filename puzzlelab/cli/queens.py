"""``queens``: N queens from the command line.

``queens N`` prints the first solution backtracking finds, as a board, with the queens
it placed and took back on the way; ``--min-conflicts`` repairs a random board instead
(thousands of queens in seconds); ``--count`` counts all solutions and the fundamental
ones (up to :data:`MAX_COUNT_N` queens, within ``--max-seconds``).
"""

from __future__ import annotations

import json
import time

from ..errors import PuzzleError
from ..puzzles.queens import (
    backtracking,
    check_size,
    count_bitmask,
    count_fundamental,
    min_conflicts,
    render,
)
from ._common import positive_float, positive_int

#: The largest board --count accepts: 15 queens take minutes, 16 about an hour.
MAX_COUNT_N = 15
#: Boards up to this size are printed square by square; larger ones as a list of columns.
MAX_BOARD_PRINTED = 40
#: Default time limits (seconds) for finding one solution and for counting.
FIND_SECONDS, COUNT_SECONDS = 20.0, 60.0


def add_commands(commands) -> None:
    """Add ``queens``."""
    queens = commands.add_parser(
        "queens",
        help="place N queens that do not attack each other",
        description="Place N queens on an N x N board, no two attacking each other.",
    )
    queens.add_argument("n", help="the board size (number of queens), at least 1")
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
    queens.add_argument("--seed", type=int, help="random seed for --min-conflicts")
    queens.add_argument(
        "--max-seconds",
        type=positive_float,
        help=f"stop after this many seconds (default {FIND_SECONDS:g}, "
        f"or {COUNT_SECONDS:g} with --count)",
    )
    queens.add_argument(
        "--max-steps", type=positive_int, help="--min-conflicts: most moves (default 100 N + 10000)"
    )
    queens.add_argument("--json", action="store_true", help="print the result as JSON")
    queens.set_defaults(run=queens_command)  # fmt: skip


def _size(text: str) -> int:
    if not text.isdigit():
        raise PuzzleError(f"the board size must be a whole number of at least 1, not {text!r}")
    return check_size(int(text))


def queens_command(args) -> int:
    n = _size(args.n)
    if args.count and args.min_conflicts:
        raise PuzzleError("--count and --min-conflicts do not go together: min-conflicts "
                          "finds one solution, it cannot count them")  # fmt: skip
    if (args.seed is not None or args.max_steps) and not args.min_conflicts:
        raise PuzzleError("--seed and --max-steps go with --min-conflicts")
    if args.count:
        return _count(n, args)
    if args.min_conflicts:
        return _repair(n, args)
    return _first_solution(n, args)


# ---------------------------------------------------------------- one solution


def _print_board(placement) -> None:
    if len(placement) <= MAX_BOARD_PRINTED:
        print(render(placement))
    else:
        print("columns, row by row:", " ".join(map(str, placement)))


def _first_solution(n: int, args) -> int:
    run = backtracking(n, first_only=True, max_seconds=args.max_seconds or FIND_SECONDS)
    solution = run.solutions[0] if run.solutions else None
    if args.json:
        print(json.dumps({**run.as_dict(), "solution": list(solution) if solution else None}))
        return 0 if solution else 1
    if solution:
        columns = " ".join(map(str, solution))
        print(f"first solution of {n} queens by backtracking (columns {columns}):")
        _print_board(solution)
    else:
        reason = run.reason if run.finished else f"{run.status}: {run.reason}"
        print(f"no solution: {reason}")
        if not run.finished:
            print("(for large boards try --min-conflicts)")
    print(f"queens placed {run.nodes:,}, retreats {run.retreats:,}, {run.seconds:.3f} s")
    return 0 if solution else 1


def _repair(n: int, args) -> int:
    result = min_conflicts(n, seed=args.seed, max_steps=args.max_steps,
                           max_seconds=args.max_seconds or FIND_SECONDS)  # fmt: skip
    if args.json:
        placement = list(result.placement) if result.solved else None
        print(json.dumps({**result.as_dict(), "solution": placement}))
        return 0 if result.solved else 1
    if result.solved:
        seeded = "unseeded" if result.seed is None else f"seed {result.seed}"
        print(f"a solution of {n} queens by min-conflicts ({seeded}):")
        _print_board(result.placement)
    else:
        print(f"no solution: {result.status}: {result.reason} "
              f"({result.conflicts} attacking pairs left)")  # fmt: skip
    print(f"attacking pairs at the start {result.start_conflicts:,}, queens moved "
          f"{result.steps:,}, restarts {result.restarts}, {result.seconds:.3f} s")  # fmt: skip
    return 0 if result.solved else 1


# ---------------------------------------------------------------- counting


def _count(n: int, args) -> int:
    if n > MAX_COUNT_N:
        raise PuzzleError(f"counting the solutions of {n} queens takes hours here; "
                          f"--count takes N up to {MAX_COUNT_N}")  # fmt: skip
    seconds = args.max_seconds or COUNT_SECONDS
    deadline = time.perf_counter() + seconds
    total = count_bitmask(n, max_seconds=seconds)
    fundamental = None
    if total.finished:
        fundamental = count_fundamental(n, max_seconds=max(0.001, deadline - time.perf_counter()))
    runs = [total] + ([fundamental] if fundamental else [])
    stopped = next((run for run in runs if not run.finished), None)
    if args.json:
        print(json.dumps({
            "n": n,
            "solutions": total.count if total.finished else None,
            "fundamental": fundamental.count if fundamental and fundamental.finished else None,
            "nodes": total.nodes,
            "seconds": round(sum(run.seconds for run in runs), 6),
            "status": stopped.status if stopped else "done",
            "reason": stopped.reason if stopped else "",
        }))  # fmt: skip
    elif stopped:
        print(f"not counted: {stopped.status}: {stopped.reason}")
    else:
        print(f"{n} queens: {total.count:,} solutions, {fundamental.count:,} fundamental "
              f"(up to rotation and reflection)")  # fmt: skip
        print(f"queens placed {total.nodes:,}, {total.seconds + fundamental.seconds:.3f} s")
        if total.count == 0:
            print(f"no solution: no placement of {n} queens avoids every attack")
    return 0 if not stopped and total.count else 1
