"""``solve`` and ``distances``: the sliding puzzles from the command line."""

from __future__ import annotations

import json

from ..errors import PuzzleError, UnsolvableError
from ..puzzles.sliding import SlidingPuzzle
from ._common import add_limits, limits_of

ALGORITHMS = ("bfs", "dfs", "iddfs", "uniform_cost", "greedy", "astar", "idastar", "bidirectional")
HEURISTICS = ("misplaced", "manhattan", "linear-conflict")
INFORMED = ("greedy", "astar", "idastar")


def add_commands(commands) -> None:
    """Add ``solve`` and ``distances``."""
    solve = commands.add_parser("solve", help="solve one board", description="Solve one board.")
    solve.add_argument("board", help='the start, e.g. "8 6 7 / 2 5 4 / 3 0 1" (0 is the blank)')
    solve.add_argument("--goal", help="the goal board (default: 1 2 3 ... with the blank last)")
    solve.add_argument("--algorithm", "-a", choices=ALGORITHMS, default="astar")
    solve.add_argument("--heuristic", choices=HEURISTICS, default="manhattan")
    solve.add_argument("--weight", type=float, default=1.0, help="A*: f = g + weight * h")
    solve.add_argument("--tree-search", action="store_true", help="do not remember states")
    add_limits(solve)
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.set_defaults(run=solve_command)

    table = commands.add_parser(
        "distances",
        help="count positions at each distance from the goal",
        description="Breadth-first search outward from the goal: the exact distance table.",
    )
    table.add_argument("shape", help="board shape such as 3x3 or 2x3")
    table.add_argument("--goal", help="the goal board (default: blank last)")
    table.add_argument("--json", action="store_true", help="print the table as JSON")
    table.set_defaults(run=distances_command)


def _shape(text: str) -> tuple[int, int]:
    rows, sep, cols = text.lower().partition("x")
    if not (sep and rows.isdigit() and cols.isdigit()):
        raise PuzzleError(f"shape {text!r} is not ROWSxCOLS, e.g. 3x3 or 2x3")
    return int(rows), int(cols)


# ---------------------------------------------------------------- commands


def solve_command(args) -> int:
    from .. import search

    puzzle = SlidingPuzzle(args.board, goal=args.goal)
    options = limits_of(args)
    if args.algorithm not in ("idastar", "bidirectional"):
        options["graph_search"] = not args.tree_search
    if args.algorithm in INFORMED:
        options["heuristic"] = args.heuristic
    if args.weight != 1.0:
        if args.algorithm != "astar":
            raise PuzzleError("--weight goes with --algorithm astar")
        options["weight"] = args.weight
    try:
        result = search.ALGORITHMS[args.algorithm](puzzle, **options)
    except UnsolvableError as error:
        return _report_unsolvable(args, error)
    if args.json:
        print(json.dumps(result.as_dict()))
    else:
        _print_result(puzzle, result)
    return 0 if result.solved else 1


def _report_unsolvable(args, error) -> int:
    if args.json:
        print(json.dumps({"status": "unsolvable", "reason": str(error), "cost": None}))
    else:
        print(f"no solution: unsolvable: {error}")
    return 1


def _print_result(puzzle: SlidingPuzzle, result) -> None:
    s = result.stats
    if result.solved:
        print(f"solved in {result.cost} moves by {result.algorithm}")
        print("blank moves:", " ".join(result.actions) or "(already solved)")
        print("tiles slid: ", " ".join(map(str, puzzle.tiles_moved(result.path))))
    else:
        print(f"no solution: {result.status}: {result.reason}")
    print(
        f"expanded {s.expanded:,}, generated {s.generated:,}, duplicates {s.duplicates:,}, "
        f"largest frontier {s.max_frontier:,}, {s.seconds:.3f} s"
    )
    for iteration in s.iterations:
        print(f"  bound {iteration['bound']}: expanded {iteration['expanded']:,}")


def distances_command(args) -> int:
    from ..distances import depth_histogram, distance_table, farthest

    rows, cols = _shape(args.shape)
    if rows * cols > 10:
        raise PuzzleError(
            f"a {rows}x{cols} board has too many positions to tabulate here; "
            "use at most 10 cells (2x2, 2x3, 2x4, 3x3, 2x5)"
        )
    puzzle = SlidingPuzzle(goal=args.goal, shape=(rows, cols))
    table = distance_table(puzzle)
    counts = depth_histogram(table)
    far = farthest(table)
    if args.json:
        print(json.dumps({"positions": len(table), "counts": counts, "farthest": far}))
        return 0
    print(f"{len(table):,} positions reach the goal\n{puzzle.render(puzzle.goal)}\n")
    print("moves  positions")
    for depth, count in enumerate(counts):
        print(f"{depth:5}  {count:9,}")
    print(f"\nthe {len(far)} farthest, {len(counts) - 1} moves away:")
    for state in far:
        print(puzzle.render(state), end="\n\n")
    return 0
