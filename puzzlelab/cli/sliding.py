"""``solve``: a sliding puzzle from the command line."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from ..errors import PuzzleError, finite_number, whole_number
from ..limits import DEFAULT, DEFAULT_MAX_SECONDS, LimitReached, TimeLimit, seconds_of, slowdown
from ..puzzles.sliding import SlidingPuzzle
from ..results import SearchResult
from ._common import limit, positive_int, print_json

if TYPE_CHECKING:
    from ._common import Commands

ALGORITHMS = ("bfs", "dfs", "iddfs", "uniform_cost", "greedy", "astar", "idastar", "bidirectional")
HEURISTICS = ("misplaced", "manhattan", "linear-conflict")
INFORMED = ("greedy", "astar", "idastar")
#: What ``solve`` imports as it runs (numpy with it): loaded while Ctrl-C still quits quietly.
LOADS = ("puzzlelab.solvers.patterns", "puzzlelab.solvers.sliding")


def add_commands(commands: Commands) -> None:
    """Add the ``solve`` command (no example here; ``tests/test_core_cli.py`` runs it)."""
    solve = commands.add_parser("solve", help="solve one board", description="Solve one board.")
    solve.add_argument("board", help='the start, e.g. "8 6 7 / 2 5 4 / 3 0 1" (0 is the blank)')
    solve.add_argument("--goal", help="the goal board (default: 1 2 3 ... with the blank last)")
    solve.add_argument("--shape", help="ROWSxCOLS, for a board given as one line (e.g. 1x4)")
    solve.add_argument("--algorithm", "-a", choices=ALGORITHMS, default="astar")
    solve.add_argument(
        "--heuristic",
        type=heuristic_name,
        metavar="{" + ",".join(HEURISTICS) + ",pdb[:PARTITION]}",
        help="greedy, astar, idastar: h (default manhattan); pdb: pattern databases, "
        "partition 6-6-3 (or pdb:5-5-5), built once (within --max-seconds and "
        "--max-memory-mb, the search getting the time left) and cached",
    )
    solve.add_argument("--weight", type=weight, help="astar: f = g + weight * h (default 1)")
    solve.add_argument(
        "--tree-search",
        action="store_true",
        help="do not remember states (not idastar, bidirectional)",
    )
    solve.add_argument("--max-nodes", type=positive_int, help="stop after this many expansions")
    solve.add_argument(
        "--max-seconds",
        type=limit,
        default=DEFAULT,
        help=f"stop after this many seconds (default {DEFAULT_MAX_SECONDS}; 'none' lifts it)",
    )
    solve.add_argument(
        "--max-memory-mb",
        type=limit,
        default=DEFAULT,
        help="stop when the search has used this many megabytes (default 1000; 'none' lifts it)",
    )
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.set_defaults(run=solve_command, loads=LOADS)


def heuristic_name(text: str) -> str:
    """An argparse type: *text* if it names a heuristic (:data:`HEURISTICS`, ``pdb[:PARTITION]``).

    >>> heuristic_name("linear-conflict"), heuristic_name("pdb:5-5-5")
    ('linear-conflict', 'pdb:5-5-5')
    >>> heuristic_name("euclid")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown heuristic 'euclid'; choose from misplaced, manhattan,
    linear-conflict, pdb or pdb:PARTITION
    >>> heuristic_name("pdb:")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'pdb:' names no partition; write pdb (6-6-3) or pdb: and one of
    5-5-5, 6-6-3
    """
    if text in HEURISTICS:
        return text
    if text == "pdb" or text.startswith("pdb:"):
        from ..solvers.patterns.partitions import check_name  # numpy: only when asked for

        try:
            check_name(text)
        except PuzzleError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        return text
    raise argparse.ArgumentTypeError(
        f"unknown heuristic {text!r}; choose from {', '.join(HEURISTICS)}, pdb or pdb:PARTITION"
    )


def weight(text: str) -> float:
    """An argparse type: A*'s weight, a finite number of at least 0 in ASCII digits.

    >>> weight("2.5")
    2.5
    >>> weight("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: weight must be a finite number of at least 0, not -1.0
    """
    try:
        return finite_number(text, "weight", least=0, text=True)
    except PuzzleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _board_shape(text: str) -> tuple[int, int]:
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


def _check_options(args: argparse.Namespace) -> None:
    """Refuse an option that the chosen algorithm would ignore."""
    if args.heuristic is not None and args.algorithm not in INFORMED:
        raise PuzzleError(
            f"--heuristic goes with {', '.join(INFORMED)}; {args.algorithm} uses no heuristic"
        )
    if args.weight is not None and args.algorithm != "astar":
        raise PuzzleError("--weight goes with --algorithm astar")
    if args.tree_search and args.algorithm in ("idastar", "bidirectional"):
        raise PuzzleError(
            f"--tree-search does not apply to {args.algorithm}, which has its own way with "
            "repeated states"
        )


def solve_command(args: argparse.Namespace) -> int:
    """Solve the board *args* gives with the algorithm it names; print it, return the exit code.

    >>> from puzzlelab.cli import main
    >>> main(["solve", "1 2 3 / 4 5 6 / 0 7 8"])
    solved in 2 moves by astar
    blank moves: right right
    tiles slid:  7 8
    expanded 2, generated 5, duplicates 1, largest frontier 3, ... s
    0
    """
    from .. import search
    from ..solvers.patterns import named_heuristic
    from ..solvers.sliding import sliding_idastar

    _check_options(args)
    shape = None if args.shape is None else _board_shape(args.shape)
    puzzle = SlidingPuzzle(args.board, goal=args.goal, shape=shape)
    options = {key: getattr(args, key) for key in ("max_nodes", "max_seconds", "max_memory_mb")}
    if args.algorithm not in ("idastar", "bidirectional"):
        options["graph_search"] = not args.tree_search
    if args.algorithm in INFORMED:
        options["heuristic"] = args.heuristic or "manhattan"
        if options["heuristic"].partition(":")[0] == "pdb":  # built within the time limit
            started = time.perf_counter()
            options["heuristic"] = named_heuristic(puzzle, options["heuristic"],
                max_seconds=args.max_seconds, max_memory_mb=args.max_memory_mb)  # fmt: skip
            options["max_seconds"] = _time_left(args.max_seconds, started)
    if args.weight is not None:
        options["weight"] = args.weight
    run = sliding_idastar if args.algorithm == "idastar" else search.ALGORITHMS[args.algorithm]
    result = run(puzzle, **options)
    if args.json:
        print_json(result.as_dict())
    else:
        _print_result(puzzle, result)
    return 0 if result.solved else 1


def _time_left(max_seconds: TimeLimit, started: float) -> float | None:
    """The seconds of *max_seconds* left since *started*: the search gets what building left."""
    seconds = seconds_of(max_seconds)
    if seconds is None:
        return None
    left = seconds - (time.perf_counter() - started) * slowdown()
    if left <= 0:
        raise LimitReached(f"the limit of {seconds:g} seconds was reached while building "
                           "the pattern databases")  # fmt: skip
    return left


def _print_result(puzzle: SlidingPuzzle, result: SearchResult) -> None:
    if result.solved:
        print(f"solved in {result.cost} moves by {result.algorithm}")
        print("blank moves:", " ".join(result.actions) or "(already solved)")
        print("tiles slid: ", " ".join(map(str, puzzle.tiles_moved(result.path))))
    else:
        print(f"no solution: {result.status}: {result.reason}")
    stats = result.stats
    print(
        f"expanded {stats.expanded:,}, generated {stats.generated:,}, duplicates "
        f"{stats.duplicates:,}, largest frontier {stats.max_frontier:,}, {stats.seconds:.3f} s"
    )
    for iteration in stats.iterations:
        print(f"  bound {iteration['bound']}: expanded {iteration['expanded']:,}")
