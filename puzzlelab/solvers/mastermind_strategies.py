"""Mastermind strategies: ``choose(game, candidates) -> code number``."""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence

import numpy as np

from ..errors import ProblemError
from ..puzzles.mastermind import Code, History, Mastermind, game_of

Strategy = Callable[[Mastermind, np.ndarray], int]


def first_consistent(game: Mastermind, candidates: np.ndarray) -> int:
    """The consistent strategy: ask the first code consistent with every answer so far.

    >>> first_consistent(None, np.array([4, 7]))
    4
    """
    return int(candidates[0])


def group_sizes(
    game: Mastermind,
    candidates: np.ndarray,
    guesses: Sequence[int] | np.ndarray | None = None,
    check: Callable[[], object] | None = None,
) -> np.ndarray:
    """Return ``sizes[i, a]``: how many candidates give answer number *a* to ``guesses[i]``
    (default: every code); *check* is called between blocks of work.

    >>> from puzzlelab.puzzles.mastermind import bulls_and_cows
    >>> game = bulls_and_cows()
    >>> sizes = group_sizes(game, np.arange(len(game.codes)), guesses=[0])
    >>> int(sizes[0].max()), int(sizes[0, game.answer_number((0, 1))])
    (1440, 1440)
    """
    table = game.table if guesses is None else game.table[np.asarray(guesses)]
    kinds = (game.positions + 1) ** 2
    sizes = np.empty((len(table), kinds), dtype=np.int32)
    block = max(1, 1_000_000 // len(candidates))  # short blocks: limits are asked often
    for start in range(0, len(table), block):
        if check is not None and start:
            check()
        rows = table[start : start + block][:, candidates].astype(np.int32)
        rows += (np.arange(len(rows), dtype=np.int32) * kinds)[:, None]
        counts = np.bincount(rows.ravel(), minlength=len(rows) * kinds)
        sizes[start : start + len(rows)] = counts.reshape(len(rows), kinds)
    return sizes


def best_guess(game: Mastermind, candidates: np.ndarray, scores: np.ndarray) -> int:
    """Return the code with the lowest score: a consistent one if it ties, then the lowest.

    >>> best_guess(None, np.array([1, 2]), np.array([1.0, 1.0, 2.0]))  # codes 0 and 1 tie
    1
    """
    best = np.flatnonzero(scores <= scores.min() + 1e-9)
    consistent = np.intersect1d(best, candidates)
    return int(consistent[0] if len(consistent) else best[0])


class Scored:
    """A strategy that asks the code (any code) with the lowest ``score(sizes)``. There is no
    example here; ``tests/test_mastermind.py`` runs it."""

    def __init__(self, name: str, score: Callable[[np.ndarray], np.ndarray], doc: str) -> None:
        self.__name__, self.score, self.__doc__ = name, score, doc

    def __repr__(self) -> str:
        return f"<strategy {self.__name__}>"

    def __call__(
        self, game: Mastermind, candidates: np.ndarray, check: Callable[[], object] | None = None
    ) -> int:
        if len(candidates) <= 2:  # a consistent guess is as good as any: it may even win
            return int(candidates[0])
        sizes = group_sizes(game, candidates, check=check)
        return best_guess(game, candidates, self.score(sizes))


def _negative_entropy(sizes: np.ndarray) -> np.ndarray:
    # The entropy is log2(n) - sum(size * log2(size)) / n: largest where the sum is smallest.
    every_size = np.arange(int(sizes.max()) + 1)
    return (every_size * np.log2(np.maximum(every_size, 1)))[sizes].sum(1)


minimax = Scored(
    "minimax",
    lambda sizes: sizes.max(1),
    "Knuth's strategy: ask the code whose largest group is smallest.",
)

expected_size = Scored(
    "expected_size",
    lambda sizes: (sizes.astype(np.int64) ** 2).sum(1),  # / candidates, alike for every guess
    "Ask the code that leaves the fewest candidates on average.",
)

entropy = Scored(
    "entropy", _negative_entropy, "Ask the code whose answer tells the most (largest entropy)."
)

STRATEGIES: dict[str, Strategy] = {
    "consistent": first_consistent,
    "minimax": minimax,
    "expected": expected_size,
    "entropy": entropy,
}


def strategy_of(strategy: str | Strategy) -> tuple[str, Strategy]:
    """Return ``(name, function)`` for a strategy given by name or as a function. There is no
    example here; ``tests/test_mastermind.py`` runs it."""
    if isinstance(strategy, str) and strategy in STRATEGIES:
        return strategy, STRATEGIES[strategy]
    for name, known in STRATEGIES.items():
        if strategy is known:
            return name, known
    if callable(strategy):
        return getattr(strategy, "__name__", "strategy"), strategy
    raise ProblemError(
        f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}, "
        "or pass a function choose(game, candidates) -> code number"
    )


def next_guess(
    game: Mastermind, history: History, strategy: str | Strategy = "consistent"
) -> Code | None:
    """Return the code *strategy* asks after *history*, or None if no code is consistent.

    >>> from puzzlelab.puzzles.mastermind import bulls_and_cows
    >>> next_guess(bulls_and_cows(), [("0 1 2 3", (0, 2))])
    (1, 0, 4, 5)
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)
    left = candidate_numbers(game, history)
    if len(left) == 0:
        return None
    return game.codes[_checked_guess(game, name, choose, left)]


def candidate_numbers(game: Mastermind, history: History) -> np.ndarray:
    """Return the numbers of the codes consistent with *history*, increasing. There is no example
    here; ``tests/test_mastermind.py`` runs it."""
    left = np.arange(len(game.codes))
    for guess, answer in game.check_history(history):
        row = game.table[game.numbers[guess]]
        left = left[row[left] == game.answer_number(answer)]
    return left


def _checked_guess(
    game: Mastermind,
    name: str,
    choose: Strategy,
    candidates: np.ndarray,
    check: Callable[[], object] | None = None,
) -> int:
    guess: object  # a strategy of the student's own may return anything
    if isinstance(choose, Scored):
        guess = choose(game, candidates, check=check)
    else:
        guess = choose(game, candidates)
    if isinstance(guess, bool) or not isinstance(guess, numbers.Integral):
        raise ProblemError(f"strategy {name} must return a code's number, not {guess!r}")
    if not 0 <= guess < len(game.codes):
        raise ProblemError(
            f"strategy {name} returned {guess}; a code's number is 0 to {len(game.codes) - 1}"
        )
    return int(guess)


def _check_progress(
    game: Mastermind, name: str, guess: int, left: np.ndarray, narrower: np.ndarray
) -> None:
    if len(narrower) == len(left):
        raise ProblemError(
            f"strategy {name} asked {game.format(game.codes[guess])}, which cannot tell "
            f"any of the {len(left)} candidates apart: it would ask forever"
        )
