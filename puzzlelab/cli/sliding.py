"""``solve`` and ``distances``: the sliding puzzles from the command line."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from ..errors import PuzzleError, finite_number, whole_number
from ..limits import DEFAULT, LimitReached, Stop, slowdown, stopping
from ..puzzles.sliding import SlidingPuzzle
from ..puzzles.sliding_boards import State
from ..results import SearchResult
from ._common import add_limits, limits_of, memory_limit, positive_float, print_json

if TYPE_CHECKING:
    from ._common import Commands

ALGORITHMS = ("bfs", "dfs", "iddfs", "uniform_cost", "greedy", "astar", "idastar", "bidirectional")
HEURISTICS = ("misplaced", "manhattan", "linear-conflict")
INFORMED = ("greedy", "astar", "idastar")


def add_commands(commands: Commands) -> None:
    """Add the ``solve`` and ``distances`` commands to the command line's *commands*.

    Parameters
    ----------
    commands : argparse sub-parsers
        What ``add_subparsers`` returned for the ``puzzlelab`` parser. ``solve`` and
        ``distances`` are added, with :func:`solve_command` and :func:`distances_command`
        as the ``run`` defaults that ``main`` calls.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="puzzlelab")
    >>> add_commands(parser.add_subparsers())
    >>> args = parser.parse_args(["solve", "8 6 7 / 2 5 4 / 3 0 1", "--heuristic", "pdb"])
    >>> args.run is solve_command, args.algorithm, args.heuristic, args.tree_search
    (True, 'astar', 'pdb', False)
    >>> parser.parse_args(["distances", "2x3"]).run is distances_command
    True
    """
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
    table.add_argument("--max-seconds", type=positive_float, help="stop after this many seconds")
    table.add_argument("--max-memory-mb", type=memory_limit, default=DEFAULT,
                       help="stop past this many megabytes (default 1000, or 'none')")  # fmt: skip
    table.add_argument("--json", action="store_true", help="print the table as JSON")
    table.set_defaults(run=distances_command)


def heuristic_name(text: str) -> str:
    """Return *text* if it names a heuristic (:data:`HEURISTICS`, ``pdb``, ``pdb:PARTITION``).

    An argparse type, for ``--heuristic``; a partition must be one of the named ones
    (whether it fits the board is checked when the pattern databases are built).

    Parameters
    ----------
    text : str
        The heuristic as given on the command line.

    Returns
    -------
    str
        *text*, unchanged.

    Raises
    ------
    argparse.ArgumentTypeError
        If *text* names no heuristic (argparse reports it as a usage error).

    Examples
    --------
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
    """Return A*'s weight read from *text*: a finite number of at least 0 in ASCII digits.

    An argparse type, for ``--weight``.

    Parameters
    ----------
    text : str
        The weight as given on the command line.

    Returns
    -------
    float
        The weight *w* of ``f = g + w * h``.

    Raises
    ------
    argparse.ArgumentTypeError
        If *text* is not such a number (argparse reports it as a usage error).

    Examples
    --------
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


def _shape(text: str) -> tuple[int, int]:
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


# ---------------------------------------------------------------- commands


def solve_command(args: argparse.Namespace) -> int:
    """Solve the board *args* gives with the algorithm it names; print it, return the exit code.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed ``solve`` command line: ``board``, ``goal``, ``shape``, ``algorithm``,
        ``heuristic``, ``weight``, ``tree_search``, the limits and ``json``.

    Returns
    -------
    int
        0 solved; 1 no solution (unsolvable, exhausted, a limit reached or interrupted).

    Raises
    ------
    PuzzleError
        If the board, goal or shape make no puzzle, or an option does not go with the
        algorithm (``--heuristic`` with ``bfs``, say).

    Examples
    --------
    >>> from puzzlelab.cli import main
    >>> main(["solve", "1 2 3 / 4 5 6 / 0 7 8"])
    solved in 2 moves by astar
    blank moves: right right
    tiles slid:  7 8
    expanded 2, generated 5, duplicates 1, largest frontier 3, ... s
    0
    >>> main(["solve", "1 2 3 / 4 5 6 / 8 7 0", "--algorithm", "bfs"])
    no solution: unsolvable: 1 2 3 / 4 5 6 / 8 7 0 cannot reach 1 2 3 / 4 5 6 / 7 8 0: ...
    expanded 0, generated 0, duplicates 0, largest frontier 0, ... s
    1
    """
    from .. import search
    from ..solvers.patterns import named_heuristic
    from ..solvers.sliding import sliding_idastar

    _check_options(args)
    shape = None if args.shape is None else _shape(args.shape)
    puzzle = SlidingPuzzle(args.board, goal=args.goal, shape=shape)
    options = limits_of(args)
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


def _time_left(max_seconds: float | None, started: float) -> float | None:
    """The seconds of *max_seconds* left since *started*: the search gets what building left."""
    if max_seconds is None:
        return None
    left = max_seconds - (time.perf_counter() - started) * slowdown()
    if left <= 0:
        raise LimitReached(f"the limit of {max_seconds:g} seconds was reached while building "
                           "the pattern databases")  # fmt: skip
    return left


def _print_result(puzzle: SlidingPuzzle, result: SearchResult) -> None:
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


def distances_command(args: argparse.Namespace) -> int:
    """Count the boards at each distance from the goal; print the table, return the exit code.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed ``distances`` command line: ``shape``, ``goal``, ``max_seconds``,
        ``max_memory_mb`` and ``json``.

    Returns
    -------
    int
        0 when every position is tabulated; 1 when a limit or Ctrl-C stopped the table.

    Raises
    ------
    PuzzleError
        If the shape is not ROWSxCOLS, the board has more than 10 cells, or the goal
        makes no board of that shape.

    Examples
    --------
    >>> from puzzlelab.cli import main
    >>> main(["distances", "2x2"])
    12 positions reach the goal
    1 2
    3 .
    <BLANKLINE>
    moves  positions
        0          1
        1          2
        2          2
        3          2
        4          2
        5          2
        6          1
    <BLANKLINE>
    the 1 farthest, 6 moves away:
    . 3
    2 1
    <BLANKLINE>
    0
    """
    from ..analysis.distances import distance_layers

    rows, cols = _shape(args.shape)
    if rows * cols > 10:
        raise PuzzleError(
            f"a {rows}x{cols} board has too many positions to tabulate here; "
            "use at most 10 cells (2x2, 2x3, 2x4, 3x3, 2x5)"
        )
    puzzle = SlidingPuzzle(goal=args.goal, shape=(rows, cols))
    layers: list[list[State]] = []
    with stopping() as stop:
        for layer in distance_layers(puzzle, max_seconds=args.max_seconds,
                                     max_memory_mb=args.max_memory_mb):  # fmt: skip
            layers.append(layer)
    if stop:
        return _report_unfinished(args, layers, stop)
    counts = [len(layer) for layer in layers]
    far = sorted(layers[-1])
    if args.json:
        print_json({"status": "solved", "reason": "every position was tabulated",
                    "positions": sum(counts), "counts": counts, "farthest": far})  # fmt: skip
        return 0
    print(f"{sum(counts):,} positions reach the goal\n{puzzle.render(puzzle.goal)}\n")
    print("moves  positions")
    for depth, count in enumerate(counts):
        print(f"{depth:5}  {count:9,}")
    print(f"\nthe {len(far)} farthest, {len(counts) - 1} moves away:")
    for state in far:
        print(puzzle.render(state), end="\n\n")
    return 0


def _report_unfinished(args: argparse.Namespace, layers: list[list[State]], stop: Stop) -> int:
    status, reason = stop.status, stop.reason
    counts = [len(layer) for layer in layers]
    if args.json:
        print_json({"status": status, "reason": reason, "positions": sum(counts), "counts": counts})
    else:
        print(f"no table: {status}: {reason}")
        print(f"{sum(counts):,} positions tabulated, up to {len(counts) - 1} moves from the goal")
    return 1
