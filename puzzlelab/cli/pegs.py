"""``pegs``: peg solitaire from the command line (the complement problem by default)."""

from __future__ import annotations

import json

from ..errors import UnsolvableError
from ..puzzles.pegs import BOARDS, METHODS, PegSolitaire, format_moves, solve
from ._common import add_limits, limits_of, positive_int


def add_commands(commands) -> None:
    """Add ``pegs``."""
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
        "--method",
        "-m",
        choices=("auto", *METHODS, "dfs"),
        default="auto",
        help="plain / groups / bound: iterative deepening as in seed 004 (fewest moves); "
        "dfs: depth-first search with dead positions (a solution, not the fewest moves); "
        "auto: bound where the group pruning applies or on small boards, else dfs",
    )
    pegs.add_argument("--max-depth", type=positive_int, help="iterative deepening: most moves")
    add_limits(pegs)
    pegs.add_argument("--json", action="store_true", help="print the result as JSON")
    pegs.set_defaults(run=pegs_command)


def pegs_command(args) -> int:
    puzzle = PegSolitaire(args.board, args.hole, finish=args.finish)
    limits = limits_of(args)
    if args.max_depth is not None:
        limits["max_depth"] = args.max_depth
    try:
        result = solve(puzzle, args.method, **limits)
    except UnsolvableError as error:
        if args.json:
            print(json.dumps({**_problem(puzzle), "status": "impossible", "reason": str(error),
                              "moves": [], "number_of_moves": None}))  # fmt: skip
        else:
            print(f"no solution: impossible: {error}")
        return 1
    if args.json:
        print(json.dumps({**_problem(puzzle), **result.as_dict()}))
    else:
        _print_result(puzzle, result)
    return 0 if result.solved else 1


def _problem(puzzle: PegSolitaire) -> dict:
    return {"board": puzzle.board.name, "hole": puzzle.hole, "finish": puzzle.finish}


def _print_result(puzzle: PegSolitaire, result) -> None:
    print(
        f"{puzzle.board.name}: {puzzle.start.bit_count()} pegs, hole {puzzle.hole} empty; "
        f"goal: one peg left, in hole {puzzle.finish}"
    )
    if result.solved:
        print(f"solved in {result.cost} moves by {result.method}")
        print(format_moves(result.moves))
    else:
        print(f"no solution: {result.status}: {result.reason}")
    print(f"nodes {result.nodes:,}, {result.seconds:.3f} s")
    for it in result.iterations:
        done = "" if it["completed"] or result.solved else " (stopped)"
        print(
            f"  up to {it['limit']:2} moves: {it['nodes']:>12,} nodes, {it['seconds']:.3f} s{done}"
        )
    if result.dead:
        print(f"dead positions stored: {result.dead:,}")
