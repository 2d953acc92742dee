"""``mastermind``: evaluate a guessing strategy over every secret, or play one game.

Examples::

    python -m puzzlelab mastermind --evaluate consistent        # the seed: 5.56, 9 at most
    python -m puzzlelab mastermind --evaluate minimax --classic  # Knuth: 4.476, 5 at most
    python -m puzzlelab mastermind --secret 9431                # the seed's worked example
    python -m puzzlelab mastermind --evaluate all --symbols 6 --positions 4 --repeats --json

Questions are counted as the seed counts them: the final, correct guess is one of them.
"""

from __future__ import annotations

import argparse
import json

from ..errors import PuzzleError
from ._common import positive_float, positive_int

STRATEGY_NAMES = ("consistent", "minimax", "expected", "entropy")


def add_commands(commands) -> None:
    """Add ``mastermind``."""
    game = commands.add_parser(
        "mastermind",
        help="evaluate a Mastermind strategy or play one game",
        description="Bulls and cows / Mastermind: how many questions does a strategy need? "
        "Default game: the seed's bulls and cows (4 different digits of 0-9).",
    )
    what = game.add_mutually_exclusive_group()
    what.add_argument("--evaluate", metavar="STRATEGY", choices=(*STRATEGY_NAMES, "all"),
                      help=f"play every secret: {', '.join(STRATEGY_NAMES)} or all "
                      "(default: consistent)")  # fmt: skip
    what.add_argument("--secret", help="play one game against this code, e.g. 9431 or '9 4 3 1'")
    game.add_argument("--strategy", choices=STRATEGY_NAMES, default="consistent",
                      help="the guesser's strategy with --secret")  # fmt: skip
    game.add_argument("--symbols", type=positive_int, help="how many symbols (default 10)")
    game.add_argument("--positions", type=positive_int, help="code length (default 4)")
    game.add_argument("--repeats", action=argparse.BooleanOptionalAction, default=None,
                      help="may a code repeat a symbol? (default: no)")  # fmt: skip
    game.add_argument("--classic", action="store_true",
                      help="classic Mastermind: 6 colours, 4 pegs, repeats")  # fmt: skip
    game.add_argument("--max-seconds", type=positive_float, help="stop an evaluation after this")
    game.add_argument("--json", action="store_true", help="print the result as JSON")
    game.set_defaults(run=mastermind_command)


def _game(args):
    from ..puzzles.mastermind import Mastermind, game_of

    symbols, positions, repeats = (6, 4, True) if args.classic else (10, 4, False)
    if args.classic and (args.symbols or args.positions or args.repeats is False):
        raise PuzzleError("--classic is 6 colours, 4 pegs with repeats: drop the other options")
    return game_of(
        Mastermind(
            args.symbols or symbols,
            args.positions or positions,
            repeats if args.repeats is None else args.repeats,
        )
    )


def mastermind_command(args) -> int:
    game = _game(args)
    if args.secret is not None:
        return _play(game, args)
    names = STRATEGY_NAMES if args.evaluate == "all" else [args.evaluate or "consistent"]
    return _evaluate(game, names, args)


def _play(game, args) -> int:
    from ..puzzles.mastermind import play

    history = play(game, args.secret, args.strategy)
    if args.json:
        rounds = [{"guess": list(g), "bulls": b, "cows": c} for g, (b, c) in history]
        print(json.dumps({"secret": list(game.check_code(args.secret)), "strategy": args.strategy,
                          "questions": len(history), "history": rounds}))  # fmt: skip
        return 0
    for number, (guess, (bulls, cows)) in enumerate(history, 1):
        print(f"{number}: {game.format(guess)}  bulls {bulls}, cows {cows}")
    print(f"found in {len(history)} questions (the correct guess counted) by {args.strategy}")
    return 0


def _evaluate(game, names, args) -> int:
    from ..puzzles.mastermind import evaluate

    results = [evaluate(game, name, max_seconds=args.max_seconds) for name in names]
    if args.json:
        print(json.dumps(results[0].as_dict() if len(results) == 1 else
                         [r.as_dict() for r in results]))  # fmt: skip
    else:
        print(f"{game}: {len(game.codes):,} codes; questions include the final correct guess")
        for result in results:
            _print_evaluation(game, result)
    stopped = [r for r in results if not r.complete]
    for result in stopped if not args.json else []:
        print(f"not finished: {result.strategy}: {result.reason}")
    return 1 if stopped else 0


def _print_evaluation(game, result) -> None:
    print(f"\n{result.strategy}: first guess {game.format(result.first_guess)}, "
          f"{result.seconds:.2f} s")  # fmt: skip
    if not len(result.found):
        print("  no secret found yet")
        return
    print(f"  average {result.average:.4f} questions, worst case {result.worst}")
    print("  questions  secrets")
    for questions, secrets in result.histogram.items():
        print(f"  {questions:9}  {secrets:7,}")
    hardest = result.hardest
    shown = ", ".join(f"({game.format(code)})" for code in hardest[:10])
    more = f" and {len(hardest) - 10} more" if len(hardest) > 10 else ""
    print(f"  needing {result.worst}: {shown}{more}")
