"""Mastermind strategies, one game played by a strategy, and a strategy evaluated on every secret.

The rules (codes, answers, the answer table) are in :mod:`puzzlelab.puzzles.mastermind`.
Vocabulary, beside the rules':

- a *strategy* is a function ``choose(game, candidates) -> guess``: *candidates* is a numpy
  array of the numbers of the consistent codes (increasing), the guess is a code's number.
  The *consistent* strategy asks the first candidate; *minimax*
  (Knuth's) asks the code, consistent or not, whose largest answer *group* of candidates is
  smallest; *expected* makes the expected size of the group left smallest; *entropy* makes
  the answer most informative. Ties go to a consistent code, then to the lowest code;
- the *questions* a strategy needs for one secret count every guess, the final correct one
  included: guessing 9 8 7 6 after five wrong guesses is 6 questions;
- a deterministic strategy is evaluated over every secret at once by building its *decision
  tree*: the candidates are split into groups by their answer to the strategy's guess, and
  each group is split again, until every group is the one code just guessed. Each *node* of
  the tree is one guess settled: ``stats.expanded`` counts them, and ``max_nodes`` limits them.

:func:`play` and :func:`evaluate` keep to a :class:`~puzzlelab.limits.Budget` (nodes, seconds,
memory) from the start, the answer table and the first guess included, and stop on Ctrl-C
with what they found so far.

Examples
--------
>>> from puzzlelab.puzzles.mastermind import bulls_and_cows
>>> game = bulls_and_cows()
>>> for guess, answer in play(game, "9 8 7 6").history:
...     print(game.format(guess), answer)
0 1 2 3 (0, 0)
4 5 6 7 (0, 2)
5 4 8 9 (0, 2)
6 7 9 8 (0, 4)
8 9 7 6 (2, 2)
9 8 7 6 (4, 0)
>>> result = evaluate(game, "consistent")
>>> result.status, round(result.average, 2), result.worst
('solved', 5.56, 9)
>>> [game.format(code) for code in result.hardest]
['5 2 9 3', '9 2 0 4', '9 2 1 4', '9 2 4 1', '9 4 3 1']
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import ProblemError, whole_number
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit, stopped
from ..puzzles.mastermind import (
    Answer,
    Code,
    CodeInput,
    History,
    Mastermind,
    answer_of,
    game_of,
)
from ..results import SearchResult, SearchStats

#: A strategy: ``choose(game, candidates) -> code number``, the candidates being code numbers.
Strategy = Callable[[Mastermind, np.ndarray], int]

# ---------------------------------------------------------------- strategies


def first_consistent(game: Mastermind, candidates: np.ndarray) -> int:
    """The consistent strategy: ask the first code consistent with every answer so far.

    Parameters
    ----------
    game : Mastermind
        The game played.
    candidates : numpy.ndarray
        The numbers of the codes consistent with the answers so far, increasing.

    Returns
    -------
    int
        The number of the code to ask.

    Examples
    --------
    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> game = classic_mastermind()
    >>> candidates = candidate_numbers(game, [("0 0 1 1", (1, 0))])
    >>> game.format(game.codes[first_consistent(game, candidates)])
    '0 2 2 2'
    """
    return int(candidates[0])


def group_sizes(
    game: Mastermind,
    candidates: np.ndarray,
    guesses: Sequence[int] | np.ndarray | None = None,
    check: Callable[[], object] | None = None,
) -> np.ndarray:
    """Return ``sizes[i, a]``: how many candidates give answer number *a* to guess ``guesses[i]``.

    *guesses* defaults to every code. Each row's answers are counted by one ``bincount``
    over a block of rows, each row's answer numbers shifted into a range of its own.
    *check*, if given, is called with no arguments between two blocks (it may raise to stop).

    Parameters
    ----------
    game : Mastermind
        The game played.
    candidates : numpy.ndarray
        The numbers of the codes still consistent.
    guesses : sequence of int, optional
        The numbers of the codes to score; default: every code.
    check : callable, optional
        Called between blocks of work, to stop at a limit.

    Returns
    -------
    numpy.ndarray
        One row per guess, one column per answer number.

    Examples
    --------
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

    Parameters
    ----------
    game : Mastermind
        The game played.
    candidates : numpy.ndarray
        The numbers of the codes still consistent.
    scores : numpy.ndarray
        ``scores[code]``: the score of asking *code*, for every code of the game.

    Returns
    -------
    int
        A code's number.

    Examples
    --------
    Knuth's minimax scores a guess by its largest group of candidates:

    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> game = classic_mastermind()
    >>> candidates = candidate_numbers(game, [("0 0 1 1", (1, 0))])
    >>> largest = group_sizes(game, candidates).max(axis=1)
    >>> game.format(game.codes[best_guess(game, candidates, largest)])
    '0 2 3 3'
    """
    best = np.flatnonzero(scores <= scores.min() + 1e-9)
    consistent = np.intersect1d(best, candidates)
    return int(consistent[0] if len(consistent) else best[0])


class Scored:
    """A strategy that asks the code (any code) with the lowest ``score(sizes)``.

    Called as ``choose(game, candidates)``, like any strategy; :func:`play` and
    :func:`evaluate` also pass ``check``, so that their limits hold while it counts groups.

    Parameters
    ----------
    name : str
        The strategy's name, which results carry.
    score : callable
        ``score(sizes)``: one score per code from :func:`group_sizes`'s table (one row
        per code, one column per answer); the lowest is asked.
    doc : str
        What the strategy does, in one line.

    Examples
    --------
    :data:`minimax` is one; here is a strategy that asks the code with the most
    different answers:

    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> game = classic_mastermind()
    >>> most_answers = Scored("most_answers", lambda sizes: -(sizes > 0).sum(axis=1),
    ...                       "Ask the code with the most different answers.")
    >>> every_code = np.arange(len(game.codes))
    >>> game.format(game.codes[most_answers(game, every_code)])
    '0 0 1 2'
    >>> game.format(game.codes[minimax(game, every_code)])
    '0 0 1 1'
    """

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


def _largest_group(sizes: np.ndarray) -> np.ndarray:
    return sizes.max(1)


def _expected_group(sizes: np.ndarray) -> np.ndarray:
    return (sizes.astype(np.int64) ** 2).sum(1)  # / candidates, the same for every guess


def _negative_entropy(sizes: np.ndarray) -> np.ndarray:
    # The entropy of the groups is log2(n) - sum(size * log2(size)) / n for n candidates:
    # largest where the sum is smallest. The sum is read from a table of size * log2(size).
    return _size_log_size(int(sizes.max()))[sizes].sum(1)


def _size_log_size(largest: int) -> np.ndarray:
    sizes = np.arange(largest + 1)
    return sizes * np.log2(np.maximum(sizes, 1))


minimax = Scored(
    "minimax", _largest_group, "Knuth's strategy: ask the code whose largest group is smallest."
)
expected_size = Scored(
    "expected_size", _expected_group, "Ask the code that leaves the fewest candidates on average."
)
entropy = Scored(
    "entropy", _negative_entropy, "Ask the code whose answer tells the most (largest entropy)."
)

#: The strategies by name, as the command line and the lessons know them.
STRATEGIES: dict[str, Strategy] = {
    "consistent": first_consistent,
    "minimax": minimax,
    "expected": expected_size,
    "entropy": entropy,
}


def strategy_of(strategy: str | Strategy) -> tuple[str, Strategy]:
    """Return ``(name, function)`` for a strategy given by name or as a function.

    Parameters
    ----------
    strategy : str or callable
        A name from :data:`STRATEGIES`, or a function ``choose(game, candidates) -> number``.

    Returns
    -------
    tuple of (str, callable)

    Raises
    ------
    ProblemError
        If *strategy* is neither a known name nor a function.

    Examples
    --------
    >>> strategy_of("minimax")
    ('minimax', <strategy minimax>)
    >>> strategy_of(first_consistent)[0]
    'consistent'
    >>> strategy_of("random")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: unknown strategy 'random'; choose one of consistent, minimax, ...
    """
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

    Parameters
    ----------
    game : Mastermind
        The game played.
    history : iterable of (guess, (bulls, cows))
        The questions asked so far and their answers, as a user writes them.
    strategy : str or callable
        A name from :data:`STRATEGIES`, or a function ``choose(game, candidates) -> number``.

    Returns
    -------
    tuple or None

    Raises
    ------
    BoardError
        If a guess or an answer is not one of the game's.
    ProblemError
        If the strategy is unknown or returns something other than a code's number.

    Examples
    --------
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
    """Return the numbers of the codes consistent with *history* (read from the table).

    Parameters
    ----------
    game : Mastermind
        The game played.
    history : iterable of (guess, (bulls, cows))
        The guesses so far and their answers, as a user writes them.

    Returns
    -------
    numpy.ndarray
        The candidates' numbers, increasing: ``game.codes[number]`` is the code.

    Raises
    ------
    BoardError
        If a guess or an answer is not one of the game's.

    Examples
    --------
    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> game = classic_mastermind()
    >>> candidates = candidate_numbers(game, [("0 0 1 1", (1, 0))])
    >>> len(candidates), [game.format(game.codes[n]) for n in candidates[:2]]
    (256, ['0 2 2 2', '0 2 2 3'])
    """
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


def _between_blocks(budget: Budget, stats: SearchStats) -> Callable[[], None]:
    """Return the ``check`` that the answer table and the scored strategies call between
    two blocks of their work: each block takes milliseconds, so it asks *budget* every time."""
    return lambda: budget.check(stats.expanded)


# ---------------------------------------------------------------- one game


@dataclass(repr=False)
class Game(SearchResult):
    """One game of a strategy against one secret: a :class:`~puzzlelab.results.SearchResult`.

    ``algorithm`` is the strategy's name; ``actions`` the guesses; ``path`` the game's
    histories, one per question (empty unless solved), as :func:`~puzzlelab.drawing.draw_board`
    draws them; ``cost`` the questions asked, the correct guess included; ``stats.expanded``
    the guesses chosen.

    Attributes
    ----------
    game : Mastermind
        The game played.
    secret : tuple
        The code to find.
    history : list of (guess, (bulls, cows))
        The questions asked and their answers, so far when the game was stopped.

    Examples
    --------
    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> game = classic_mastermind()
    >>> result = play(game, "3 5 1 0")
    >>> result
    <consistent: solved, cost 6 | 6 expanded, 6 generated, 0 duplicates, frontier <= 0, ... s>
    >>> for guess, (bulls, cows) in result.history[:3]:
    ...     print(game.format(guess), bulls, cows)
    0 0 0 0 1 0
    0 1 1 1 1 1
    2 0 1 2 1 1
    """

    game: Mastermind | None = None
    secret: Code | None = None
    history: list[tuple[Code, Answer]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """Return the game as plain data (JSON-ready)."""
        data = super().as_dict()
        del data["path"]  # the histories again: the history says it once
        rounds = [{"guess": list(g), "bulls": b, "cows": c} for g, (b, c) in self.history]
        secret = None if self.secret is None else list(self.secret)
        return {**data, "secret": secret, "questions": len(rounds), "history": rounds}


def play(
    game: Mastermind,
    secret: CodeInput,
    strategy: str | Strategy = "consistent",
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> Game:
    """Play one game: *strategy* guesses until it finds *secret*.

    Parameters
    ----------
    game : Mastermind
    secret : code
        As for :meth:`~puzzlelab.puzzles.mastermind.Mastermind.check_code`.
    strategy : str or function
        A name from :data:`STRATEGIES` or a function ``choose(game, candidates) -> number``.
    max_nodes, max_seconds, max_memory_mb : optional
        Limits (see :class:`~puzzlelab.limits.Budget`): *max_nodes* counts questions. The
        answer table, built at the first game, counts against them too.

    Returns
    -------
    Game
        ``solved`` with the whole history, or ``limit`` / ``interrupted`` with the history
        so far.

    Examples
    --------
    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> game = classic_mastermind()
    >>> result = play(game, "3 5 1 0", "minimax")
    >>> [game.format(guess) for guess in result.actions], result.cost
    (['0 0 1 1', '0 0 2 3', '2 4 1 0', '3 5 1 0'], 4)
    >>> play(game, "3 5 1 0", max_nodes=2).status
    'limit'
    """
    game = game_of(game)
    secret = game.check_code(secret)
    name, choose = strategy_of(strategy)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="questions")
    stats = SearchStats()
    history: list[tuple[Code, Answer]] = []
    next_look: float = 0  # when to ask the budget again
    check = _between_blocks(budget, stats)
    try:
        game.build_table(check)
        left = np.arange(len(game.codes))
        while not history or history[-1][1] != game.win:
            if stats.expanded >= next_look:
                next_look = budget.checkpoint(stats.expanded)
            guess = _checked_guess(game, name, choose, left, check)
            stats.expanded += 1
            stats.generated += 1
            answer = answer_of(game.codes[guess], secret)
            history.append((game.codes[guess], answer))
            row = game.table[guess]
            narrower = left[row[left] == game.answer_number(answer)]
            if answer != game.win:
                _check_progress(game, name, guess, left, narrower)
            left = narrower
        status, reason = "solved", f"found the secret in {len(history)} questions"
    except (LimitReached, KeyboardInterrupt) as stop:
        status, reason = stopped(stop)
    stats.seconds = budget.elapsed()
    solved = status == "solved"
    return Game(
        name,
        status,
        path=[history[:k] for k in range(len(history) + 1)] if solved else [],
        actions=[guess for guess, _ in history],
        cost=len(history) if solved else None,
        stats=stats,
        reason=reason,
        game=game,
        secret=secret,
        history=history,
    )


# ---------------------------------------------------------------- every secret at once


@dataclass(repr=False)
class Evaluation(SearchResult):
    """How many questions a strategy needs, for every secret of a game.

    A :class:`~puzzlelab.results.SearchResult`: ``algorithm`` is the strategy's name,
    ``status`` is ``solved`` when every secret was found (else ``limit`` or
    ``interrupted``), ``stats.expanded`` the nodes of the decision tree settled (one guess
    each) and ``stats.seconds`` the time taken.

    Attributes
    ----------
    game : Mastermind
        The game played.
    questions : numpy.ndarray
        ``questions[s]``: the questions asked for the secret numbered *s*, the final correct
        guess included (0 where the evaluation stopped before reaching that secret).
    first_guess : tuple or None
        The strategy's opening question (None if it was stopped before choosing it).

    Examples
    --------
    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> result = evaluate(classic_mastermind(), "consistent")
    >>> print(result)
    consistent: solved, 5.765 questions on average, 9 at most; secrets per number of
    questions {1: 1, 2: 4, 3: 25, 4: 108, 5: 305, 6: 602, 7: 196, 8: 49, 9: 6}
    >>> result.first_guess, result.worst, len(result.hardest)
    ((0, 0, 0, 0), 9, 6)
    """

    game: Mastermind | None = None
    questions: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    first_guess: Code | None = None

    def _played(self) -> Mastermind:
        """The game played (:func:`evaluate` always gives it)."""
        if self.game is None:
            raise ProblemError("this evaluation has no game: evaluate(game, strategy) gives one")
        return self.game

    @property
    def found(self) -> np.ndarray:
        """The questions of the secrets reached (all of them when solved)."""
        return self.questions[self.questions > 0]

    @property
    def average(self) -> float:
        """The average questions per secret (over the secrets reached; NaN if none)."""
        return float(self.found.mean()) if len(self.found) else math.nan

    @property
    def worst(self) -> int:
        """The most questions any secret needs."""
        return int(self.found.max()) if len(self.found) else 0

    @property
    def histogram(self) -> dict[int, int]:
        """How many secrets need each number of questions: ``{questions: secrets}``."""
        counts = np.bincount(self.found)
        return {q: int(n) for q, n in enumerate(counts) if n}

    @property
    def hardest(self) -> list[Code]:
        """The secrets that need the most questions (none if no secret was reached)."""
        if not len(self.found):
            return []
        codes = self._played().codes
        return [codes[s] for s in np.flatnonzero(self.questions == self.worst)]

    def summary(self) -> str:
        """The status, and the average and worst case (so far, when stopped)."""
        if not len(self.found):
            return f"{self.status}: {self.reason}; no secret found yet"
        figures = f"{self.average:.3f} questions on average, {self.worst} at most"
        if self.solved:
            return f"solved, {figures}"
        return f"{self.status}: {self.reason}; {figures} over {len(self.found):,} secrets"

    def __str__(self) -> str:
        bars = ", ".join(f"{q}: {n}" for q, n in self.histogram.items())
        return f"{self.algorithm}: {self.summary()}; secrets per number of questions {{{bars}}}"

    def as_dict(self, most_hardest: int = 20) -> dict[str, Any]:
        """Return the evaluation as plain data (JSON-ready), the first *most_hardest* hardest."""
        game, data = self._played(), super().as_dict()
        for unused in ("cost", "actions", "path"):  # a decision tree, not a path
            del data[unused]
        return {
            **data,
            "game": dict(zip(("symbols", "positions", "repeats"), game.rules)),
            "codes": len(game.codes),
            "secrets": len(self.found),
            "average": round(self.average, 4) if len(self.found) else None,
            "worst": self.worst,
            "histogram": {str(q): n for q, n in self.histogram.items()},
            "hardest_count": len(self.hardest),
            "hardest": [list(code) for code in self.hardest[:most_hardest]],
            "first_guess": None if self.first_guess is None else list(self.first_guess),
        }

    def table_rows(self) -> list[tuple[str, Any]]:
        """The rows of the evaluation's table in a notebook."""
        s, first = self.stats, self.first_guess
        return [
            ("status", self.status_text()),
            ("secrets found", f"{len(self.found):,} of {len(self.questions):,}"),
            ("average questions", f"{self.average:.4f}"),
            ("worst case", self.worst),
            ("first guess", "" if first is None else self._played().format(first)),
            ("decision-tree nodes", f"{s.expanded:,}"),
            ("seconds", f"{s.seconds:.3f}"),
        ]


def evaluate(
    game: Mastermind | None = None,
    strategy: str | Strategy = "consistent",
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> Evaluation:
    """Play *strategy* against every secret at once, by building its decision tree.

    Each node of the tree holds the candidates left; the strategy's guess splits them into
    groups by answer, and every group becomes a child one question deeper. A secret's
    questions are the depth of the node whose guess is that secret (see :func:`_settle`).

    Parameters
    ----------
    game : Mastermind, optional
        Default: bulls and cows.
    strategy : str or function
        A name from :data:`STRATEGIES` or a function ``choose(game, candidates) -> number``.
    max_nodes, max_seconds, max_memory_mb : optional
        Limits (see :class:`~puzzlelab.limits.Budget`); *max_nodes* counts the nodes
        (guesses) settled. The answer table and the first guess count against them too.
        When a limit or Ctrl-C stops it, the result keeps what was found so far.

    Raises
    ------
    ProblemError
        An unknown strategy, one that returns something else than a code's number or asks
        a question that tells nothing, a bad limit, or a game too big for the answer table.

    Examples
    --------
    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> result = evaluate(classic_mastermind(), "minimax")
    >>> result.worst, int(result.questions.sum()), result.histogram
    (5, 5801, {1: 1, 2: 6, 3: 62, 4: 533, 5: 694})
    >>> result.status, result.stats.expanded
    ('solved', 1378)
    >>> evaluate(classic_mastermind(), "minimax", max_nodes=10).status
    'limit'
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="decision-tree nodes")
    questions = np.zeros(game.size, dtype=np.int64)
    stats, first = SearchStats(), None
    try:
        game.build_table(_between_blocks(budget, stats))
        for answers, _, guess, found in _settle(game, name, choose, budget, stats):
            first = guess if first is None else first
            if found:
                questions[guess] = len(answers) + 1
        status, reason = "solved", f"every one of the {len(questions):,} secrets was found"
    except (LimitReached, KeyboardInterrupt) as stop:
        status, reason = stopped(stop)
    stats.seconds = budget.elapsed()
    return Evaluation(
        name,
        status,
        stats=stats,
        reason=reason,
        game=game,
        questions=questions,
        first_guess=None if first is None else game.codes[first],
    )


def decision_tree(
    game: Mastermind | None = None,
    strategy: str | Strategy = "consistent",
    depth: int = 2,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> dict[str, Any]:
    """Return the top *depth* levels of a strategy's decision tree as nested dicts.

    A node is ``{"guess": code, "candidates": n, "children": {answer: node}}``: one child per
    answer the candidates can give, except the winning one (the guess was the secret, no
    question more). Below *depth* the children are left out.

    Parameters
    ----------
    game : Mastermind, optional
        Default: bulls and cows.
    strategy : str or callable
        A name from :data:`STRATEGIES`, or a function ``choose(game, candidates) -> number``.
    depth : int
        How many levels of questions to keep, at least 0.
    max_nodes, max_seconds, max_memory_mb : optional
        Limits, as for :func:`evaluate`.

    Returns
    -------
    dict
        The root node: the first question.

    Raises
    ------
    ProblemError
        A bad *depth* or limit, or a limit reached before the tree was built.

    Examples
    --------
    >>> from puzzlelab.puzzles.mastermind import bulls_and_cows
    >>> tree = decision_tree(bulls_and_cows(), depth=1)
    >>> tree["guess"], tree["candidates"], len(tree["children"])
    ((0, 1, 2, 3), 5040, 13)
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)
    depth = whole_number(depth, "depth", least=0)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="decision-tree nodes")
    stats = SearchStats()
    nodes: dict[tuple[int, ...], dict[str, Any]] = {}  # by the answers on the way from the root
    try:
        game.build_table(_between_blocks(budget, stats))
        for answers, candidates, guess, _ in _settle(game, name, choose, budget, stats, depth):
            node = {"guess": game.codes[guess], "candidates": len(candidates), "children": {}}
            if answers:
                parent = nodes[answers[:-1]]
                parent["children"][game.answer_from_number(answers[-1])] = node
            nodes[answers] = node
    except LimitReached as stop:
        raise ProblemError(
            f"the decision tree was not built: {stop}; ask for fewer levels or raise the limit"
        ) from None
    return nodes[()]


#: A node of a decision tree as :func:`_settle` yields it: ``(answers, candidates, guess, found)``.
Settled = tuple[tuple[int, ...], np.ndarray, int, bool]


def _settle(
    game: Mastermind,
    name: str,
    choose: Strategy,
    budget: Budget,
    stats: SearchStats,
    levels: float = math.inf,
) -> Iterator[Settled]:
    """Yield the nodes of *choose*'s decision tree as they are settled, depth first.

    A node is ``(answers, candidates, guess, found)``: the answer numbers on the way from
    the root (``()`` at the first question), the numbers of the codes left there, the
    strategy's guess, and whether the guess is one of them (a secret found after
    ``len(answers) + 1`` questions). The guess splits the candidates into groups by
    answer; each group but the winning one becomes a child (a node *levels* answers deep
    gets none), and the child of the lowest answer is settled first. The tree is walked
    with a stack of nodes to settle, not by recursion, so a deep tree needs no deep call
    stack.

    ``stats`` counts the nodes settled (``expanded``, which *budget* limits, and
    ``expanded_by_depth``), the nodes made (``generated``) and the largest stack
    (``max_frontier``).
    """
    win = game.answer_number(game.win)
    check = _between_blocks(budget, stats)
    # The answers so far, and the candidates left, of each node still to settle.
    stack: list[tuple[tuple[int, ...], np.ndarray]] = [((), np.arange(len(game.codes)))]
    stats.generated = 1
    next_look: float = 0  # when to ask the budget again
    while stack:
        stats.max_frontier = max(stats.max_frontier, len(stack))
        if stats.expanded >= next_look:
            next_look = budget.checkpoint(stats.expanded)
        answers_so_far, candidates = stack.pop()
        guess = _checked_guess(game, name, choose, candidates, check)
        stats.expanded += 1
        depth = len(answers_so_far) + 1
        stats.expanded_by_depth[depth] = stats.expanded_by_depth.get(depth, 0) + 1
        answers, found = game.table[guess, candidates], False
        for answer in np.unique(answers)[::-1]:  # pushed highest first: the lowest settled first
            if answer == win:
                found = True
            elif len(answers_so_far) < levels:
                group = candidates[answers == answer]
                _check_progress(game, name, guess, candidates, group)
                stack.append((answers_so_far + (int(answer),), group))
                stats.generated += 1
        yield answers_so_far, candidates, guess, found
