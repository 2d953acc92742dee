"""``jugs``: the fewest pours (and fills and empties) that measure a target amount."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..errors import PuzzleError
from ..puzzles.jugs import WaterJugs
from ..results import SearchResult
from ._common import add_limits, limits_of, print_stats, report

if TYPE_CHECKING:
    from ._common import Commands

ALGORITHMS = ("bfs", "iddfs", "bidirectional", "dfs")


def add_commands(commands: Commands) -> None:
    """Add the ``jugs`` command (no example here; ``tests/test_jugs.py`` runs it)."""
    jugs = commands.add_parser(
        "jugs",
        help="measure water by pouring between jugs",
        description="Find the fewest actions that bring the jugs from the start to the target.",
    )
    jugs.add_argument("capacities", help="the jug sizes in litres, e.g. 8,5,3")
    jugs.add_argument(
        "--start", help="litres in each jug at the start, e.g. 8,0,0 (default: empty)"
    )
    jugs.add_argument(
        "--target", required=True, help="one amount for any jug (e.g. 4) or every jug's (4,4,0)"
    )
    jugs.add_argument("--tap", action="store_true", help="jugs may be filled and emptied too")
    jugs.add_argument("--algorithm", "-a", choices=ALGORITHMS, default="bfs")
    add_limits(jugs)
    jugs.add_argument("--json", action="store_true", help="print the result as JSON")
    jugs.set_defaults(run=jugs_command)


def jugs_command(args: argparse.Namespace) -> int:
    """Search for the fewest actions that measure the target; print them, return the exit code.

    Examples
    --------
    >>> from puzzlelab.cli import main
    >>> main(["jugs", "8,5,3", "--start", "8,0,0", "--target", "4,4,0"])
    solved in 7 steps by bfs: jugs of 8L, 5L, 3L, start 8,0,0, target 4,4,0
     step  state  action
        0  8 0 0  start
        1  3 5 0  pour 8L jug into 5L jug
        2  3 2 3  pour 5L jug into 3L jug
        3  6 2 0  pour 3L jug into 8L jug
        4  6 0 2  pour 5L jug into 3L jug
        5  1 5 2  pour 8L jug into 5L jug
        6  1 4 3  pour 5L jug into 3L jug
        7  4 4 0  pour 3L jug into 8L jug
    expanded 14, generated 16, duplicates 35, largest frontier 3, ... s
    0
    """
    from .. import search

    jugs = WaterJugs(args.capacities, start=args.start, target=args.target, tap=args.tap)
    if args.algorithm == "bidirectional" and jugs.goal is None:
        raise PuzzleError(
            "--algorithm bidirectional searches back from one goal state: give the whole "
            "target (e.g. --target 4,4,0), or use bfs for one amount in any jug"
        )
    result = search.ALGORITHMS[args.algorithm](jugs, **limits_of(args))
    target = jugs.target if jugs.goal is None else list(jugs.goal)
    return report(args, result, lambda: _print_result(jugs, result),
                  capacities=list(jugs.capacities), start=list(jugs.start), target=target,
                  tap=jugs.tap)  # fmt: skip


def _headline(jugs: WaterJugs) -> str:
    sizes = ", ".join(f"{capacity}L" for capacity in jugs.capacities)
    tap = " and a tap" if jugs.tap else ""
    if jugs.goal is None:
        target = f"{jugs.target} litres in any jug"
    else:
        target = ",".join(map(str, jugs.goal))
    return f"jugs of {sizes}{tap}, start {','.join(map(str, jugs.start))}, target {target}"


def _print_result(jugs: WaterJugs, result: SearchResult) -> None:
    if result.solved:
        print(f"solved in {result.cost} steps by {result.algorithm}: {_headline(jugs)}")
        states = [" ".join(map(str, state)) for state in result.path]
        width = max(5, *map(len, states))
        print(f" step  {'state':{width}}  action")
        for step, state in enumerate(states):
            action = jugs.describe(result.actions[step - 1]) if step else "start"
            print(f" {step:4}  {state:{width}}  {action}")
    else:
        print(f"no solution: {result.status}: {result.reason}")
        print(_headline(jugs))
    print_stats(result.stats)
