"""``mastermind``: evaluate a guessing strategy over every secret, or play one game.

Questions are counted as the backtracking article counts them: the final, correct guess is
one of them. ``docs/guide/searching.md`` shows the commands and their figures.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import PuzzleError
from ._common import add_limits, limits_of, positive_int, print_json, report

if TYPE_CHECKING:  # numpy is loaded only when a Mastermind command runs
    from ..puzzles.mastermind import Mastermind
    from ..solvers.mastermind import Evaluation, Game
    from ._common import Commands

STRATEGY_NAMES = ("consistent", "minimax", "expected", "entropy")


def add_commands(commands: Commands) -> None:
    """Add the ``mastermind`` command (no example here; ``tests/test_mastermind.py`` runs it)."""
    game = commands.add_parser(
        "mastermind",
        help="evaluate a Mastermind strategy or play one game",
        description="Bulls and cows / Mastermind: how many questions does a strategy need? "
        "Default game: bulls and cows (4 different digits of 0-9).",
    )
    what = game.add_mutually_exclusive_group()
    what.add_argument("--evaluate", metavar="STRATEGY", choices=(*STRATEGY_NAMES, "all"),
                      help=f"play every secret: {', '.join(STRATEGY_NAMES)} or all "
                      "(default: consistent; with all, each strategy gets the limits)")  # fmt: skip
    what.add_argument("--secret", help="play one game against this code, e.g. 9431 or '9 4 3 1'")
    game.add_argument("--strategy", choices=STRATEGY_NAMES,
                      help="who guesses, with --secret (default: consistent)")  # fmt: skip
    game.add_argument("--symbols", type=positive_int, help="how many symbols (default 10)")
    game.add_argument("--positions", type=positive_int, help="code length (default 4)")
    game.add_argument("--repeats", action=argparse.BooleanOptionalAction, default=None,
                      help="may a code repeat a symbol? (default: no)")  # fmt: skip
    game.add_argument("--classic", action="store_true",
                      help="classic Mastermind: 6 colours, 4 pegs, repeats")  # fmt: skip
    add_limits(game, "stop after settling this many decision-tree nodes (with --secret: questions)")
    game.add_argument("--json", action="store_true", help="print the result as JSON")
    game.set_defaults(run=mastermind_command)


def _game(args: argparse.Namespace) -> Mastermind:
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


def mastermind_command(args: argparse.Namespace) -> int:
    """Play one game, or evaluate strategies over every secret; print it, return the exit code.

    Examples
    --------
    >>> from puzzlelab.cli import main
    >>> main(["mastermind", "--classic", "--secret", "1122"])
    1: 0 0 0 0  bulls 0, cows 0
    2: 1 1 1 1  bulls 2, cows 0
    3: 1 1 2 2  bulls 4, cows 0
    found in 3 questions (the correct guess counted) by consistent
    0
    >>> main(["mastermind", "--evaluate", "consistent", "--symbols", "3", "--positions", "2"])
    Mastermind(symbols=3, positions=2, repeats=False): 6 codes; questions include the final ...
    <BLANKLINE>
    consistent: first guess 0 1, 6 decision-tree nodes, ... s
      average 2.1667 questions, worst case 3
      questions  secrets
              1        1
              2        3
              3        2
      needing 3: (2 0), (2 1)
    0
    """
    if args.strategy is not None and args.secret is None:
        raise PuzzleError(
            "--strategy chooses the guesser of one game with --secret; to evaluate a "
            "strategy over every secret, use --evaluate STRATEGY"
        )
    try:
        game = _game(args)
        if args.secret is not None:
            from ..solvers.mastermind import play

            result = play(game, args.secret, args.strategy or "consistent", **limits_of(args))
            return report(args, result, lambda: _print_game(game, result))
        names = STRATEGY_NAMES if args.evaluate == "all" else [args.evaluate or "consistent"]
        return _evaluate(game, names, args)
    except KeyboardInterrupt:  # between two runs: each run stops itself with its figures
        print("interrupted before any figures were gathered")
        return 1


def _print_game(game: Mastermind, result: Game) -> None:
    for number, (guess, (bulls, cows)) in enumerate(result.history, 1):
        print(f"{number}: {game.format(guess)}  bulls {bulls}, cows {cows}")
    if result.solved:
        print(f"found in {result.cost} questions (the correct guess counted) by {result.algorithm}")
    else:
        print(f"{result.algorithm}: {result.status}: {result.reason}, after "
              f"{len(result.history)} questions ({result.stats.seconds:.2f} s)")  # fmt: skip


def _evaluate(game: Mastermind, names: Sequence[str], args: argparse.Namespace) -> int:
    from ..solvers.mastermind import evaluate

    results = []
    for name in names:
        results.append(evaluate(game, name, **limits_of(args)))
        if results[-1].status == "interrupted":  # Ctrl-C stops the command, not one strategy
            break
    stopped = [r for r in results if not r.solved]
    if args.json:
        if len(names) == 1:
            print_json(results[0].as_dict())
        else:
            status, reason = _overall(names, results, stopped)
            print_json({"status": status, "reason": reason,
                        "evaluations": [r.as_dict() for r in results]})  # fmt: skip
    else:
        print(f"{game}: {len(game.codes):,} codes; questions include the final correct guess")
        for result in results:
            _print_evaluation(game, result)
        for result in stopped:
            print(f"stopped: {result.algorithm}: {result.status}: {result.reason}")
        if len(results) < len(names):
            print(f"not evaluated: {', '.join(names[len(results) :])}")
    return 1 if stopped else 0


def _overall(
    names: Sequence[str], results: list[Evaluation], stopped: list[Evaluation]
) -> tuple[str, str]:
    if not stopped:
        return "solved", f"every secret was found by each of the {len(names)} strategies"
    first = stopped[0]
    left = names[len(results) :]
    more = f"; not evaluated: {', '.join(left)}" if left else ""
    return first.status, f"{first.algorithm}: {first.reason}{more}"


def _print_evaluation(game: Mastermind, result: Evaluation) -> None:
    first = "none yet" if result.first_guess is None else game.format(result.first_guess)
    print(f"\n{result.algorithm}: first guess {first}, {result.stats.expanded:,} decision-tree "
          f"nodes, {result.stats.seconds:.2f} s")  # fmt: skip
    if not len(result.found):
        print("  no secret found yet")
        return
    over = "" if result.solved else f" (over the {len(result.found):,} secrets found)"
    print(f"  average {result.average:.4f} questions, worst case {result.worst}{over}")
    print("  questions  secrets")
    for questions, secrets in result.histogram.items():
        print(f"  {questions:9}  {secrets:7,}")
    hardest = result.hardest
    shown = ", ".join(f"({game.format(code)})" for code in hardest[:10])
    more = f" and {len(hardest) - 10} more" if len(hardest) > 10 else ""
    print(f"  needing {result.worst}: {shown}{more}")
