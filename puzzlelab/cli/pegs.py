"""``pegs``: peg solitaire from the command line (the complement problem by default)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..puzzles.pegs import PegSolitaire
from ..puzzles.pegs_boards import BOARDS
from ..puzzles.pegs_notation import format_moves
from ..results import SearchResult
from ..solvers.pegs import ALGORITHMS, solve
from ._common import add_limits, limits_of, positive_int, report

if TYPE_CHECKING:
    from ._common import Commands


def add_commands(commands: Commands) -> None:
    """Add the ``pegs`` command (no example here; ``tests/test_pegs.py`` runs it)."""
    pegs = commands.add_parser(
        "pegs",
        help="solve peg solitaire: one peg left, in the hole that was empty",
        description="Solve a peg-solitaire board. The start has a peg in every hole but "
        "--hole; the goal is one peg left in --finish (default: that same hole).",
    )
    pegs.add_argument("board", help=f"the board: {', '.join(BOARDS)}")
    pegs.add_argument("--hole", help="the empty hole at the start (default: the board's usual)")
    pegs.add_argument("--finish", help="the hole of the last peg (default: --hole)")
    pegs.add_argument(
        "--algorithm",
        "-a",
        choices=("auto", *ALGORITHMS, "dfs"),
        default="auto",
        help="plain / groups / bound: iterative deepening as in the peg solitaire article "
        "(fewest moves); "
        "dfs: depth-first search with dead positions (a solution, not the fewest moves); "
        "auto: bound where the group pruning applies or on small boards, else dfs",
    )
    pegs.add_argument(
        "--max-depth", type=positive_int, help="iterative deepening only: the most moves"
    )
    add_limits(pegs, nodes_help="stop after visiting this many positions")
    pegs.add_argument("--json", action="store_true", help="print the result as JSON")
    pegs.set_defaults(run=pegs_command)


def pegs_command(args: argparse.Namespace) -> int:
    """Solve the peg-solitaire board *args* names; print the jumps, return the exit code.

    Examples
    --------
    >>> from puzzlelab.cli import main
    >>> main(["pegs", "triangle15", "--hole", "4", "--algorithm", "dfs"])
    triangle15: 14 pegs, hole 4 empty; goal: one peg left, in hole 4
    solved in 12 moves by dfs
    (1,4)(6,1)(4,6)(10,3)(1,6)(13,4)(7,2)(15,13)(12,14,5)(6,4)(2,7)(11,4)
    expanded 191 positions, ... s
    positions met again and skipped: 72
    dead positions stored: 105
    0

    """
    puzzle = PegSolitaire(args.board, args.hole, finish=args.finish)
    limits = limits_of(args)
    if args.max_depth is not None:
        limits["max_depth"] = args.max_depth
    result = solve(puzzle, args.algorithm, **limits)  # Ctrl-C: status "interrupted"
    return report(args, result, lambda: _print_result(puzzle, result),
                  board=puzzle.board.name, hole=puzzle.hole, finish=puzzle.finish)  # fmt: skip


def _print_result(puzzle: PegSolitaire, result: SearchResult) -> None:
    print(
        f"{puzzle.board.name}: {puzzle.start.bit_count()} pegs, hole {puzzle.hole} empty; "
        f"goal: one peg left, in hole {puzzle.finish}"
    )
    if result.solved:
        print(f"solved in {result.cost} moves by {result.algorithm}")
        print(format_moves(result.actions))
    else:
        print(f"no solution: {result.status}: {result.reason}")
    stats = result.stats
    print(f"expanded {stats.expanded:,} positions, {stats.seconds:.3f} s")
    for it in stats.iterations:
        stopped = "" if it["completed"] or result.solved else " (stopped)"
        print(
            f"  bound {it['bound']:2} moves: expanded {it['expanded']:>12,}, "
            f"{it['seconds']:.3f} s{stopped}"
        )
    if stats.duplicates:
        print(f"positions met again and skipped: {stats.duplicates:,}")
    if "dead" in stats.extra:
        print(f"dead positions stored: {stats.extra['dead']:,}")
