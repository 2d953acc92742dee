"""``distances``: how many boards of a sliding puzzle lie at each distance from the goal."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..errors import PuzzleError
from ..limits import stopping
from ..puzzles.sliding import SlidingPuzzle
from ..puzzles.sliding_boards import State
from ._common import add_limits, board_shape, print_json

if TYPE_CHECKING:
    from ._common import Commands


def add_commands(commands: Commands) -> None:
    """Add the ``distances`` command (no example here; ``tests/test_core_cli.py`` runs it)."""
    table = commands.add_parser(
        "distances",
        help="count positions at each distance from the goal",
        description="Breadth-first search outward from the goal: the exact distance table.",
    )
    table.add_argument("shape", help="board shape such as 3x3 or 2x3")
    table.add_argument("--goal", help="the goal board (default: blank last)")
    add_limits(table, nodes_help=None)
    table.add_argument("--json", action="store_true", help="print the table as JSON")
    table.set_defaults(run=distances_command)


def distances_command(args: argparse.Namespace) -> int:
    """Count the boards at each distance from the goal; print the table, return the exit code.

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

    rows, cols = board_shape(args.shape)
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
    counts = [len(layer) for layer in layers]
    if stop:  # the table so far
        if args.json:
            print_json({"status": stop.status, "reason": stop.reason, "positions": sum(counts),
                        "counts": counts})  # fmt: skip
        else:
            print(f"no table: {stop.status}: {stop.reason}")
            print(f"{sum(counts):,} positions tabulated, up to {len(counts) - 1} moves from "
                  "the goal")  # fmt: skip
        return 1
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
