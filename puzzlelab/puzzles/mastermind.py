"""Mastermind and bulls and cows: find a secret code by asking as few questions as possible.

Vocabulary:

- a *code* is a tuple of ``positions`` *symbols*, each a whole number ``0 .. symbols - 1``
  (digits in bulls and cows, colours of pegs in Mastermind). A *game* fixes the number of
  symbols, of positions and whether a symbol may *repeat* in a code. Bulls and cows: 10 digits,
  4 positions, no repeats, 10 * 9 * 8 * 7 = 5,040 codes. Classic Mastermind: 6 colours,
  4 pegs, repeats allowed, 6 ** 4 = 1,296 codes. ``game.codes`` lists them in increasing
  order, and a code's *number* is its place in that list;
- the *secret* is the code to find; a *guess* is a code asked as a question;
- the *answer* to a guess is ``(bulls, cows)``: bulls count the symbols in the right place
  (Mastermind's black pegs), cows the right symbols in the wrong place (white pegs). The game
  is won when the bulls equal the positions;
- the *history* is the list of ``(guess, answer)`` pairs so far;
- a code is *consistent* with a history if, were it the secret, every guess of the history
  would have had the same answer. The consistent codes are the *candidates*: the secret is
  always one of them;
- a *strategy* picks the next guess from the candidates. The *consistent* strategy (the one
  of the seed) asks the first candidate in the list of codes; *minimax* (Knuth's) asks the code,
  consistent or not, whose largest answer *group* of candidates is smallest; *expected* makes
  the expected size of the group left smallest; *entropy* makes the answer most informative.
  Ties go to a consistent code, then to the lowest code;
- the *questions* a strategy needs for one secret count every guess, the final correct one
  included (as the seed counts them): guessing 9 8 7 6 after five wrong guesses is 6 questions.

A deterministic strategy is evaluated over every secret at once by building its *decision tree*:
the candidates are split into groups by their answer to the strategy's guess, and each group
is split again, until every group is the one code just guessed.

Examples
--------
>>> game = bulls_and_cows()
>>> len(game.codes), game.answer((0, 1, 2, 3), (6, 2, 8, 1))
(5040, (0, 2))
>>> for guess, answer in play(game, "9 8 7 6"):
...     print(game.format(guess), answer)
0 1 2 3 (0, 0)
4 5 6 7 (0, 2)
5 4 8 9 (0, 2)
6 7 9 8 (0, 4)
8 9 7 6 (2, 2)
9 8 7 6 (4, 0)
>>> result = evaluate(game, "consistent")
>>> round(result.average, 2), result.worst, [game.format(code) for code in result.hardest]
(5.56, 9, ['5 2 9 3', '9 2 0 4', '9 2 1 4', '9 2 4 1', '9 4 3 1'])
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from itertools import permutations, product

import numpy as np

from ..errors import BoardError, ProblemError
from ..limits import Budget, LimitReached

Code = tuple[int, ...]
Answer = tuple[int, int]

#: A game may have at most this many codes (they are all listed).
MAX_CODES = 1_000_000
#: Evaluating strategies needs the answer table (codes x codes bytes): at most this many codes.
MAX_TABLE_CODES = 10_000


# ---------------------------------------------------------------- the game


class Mastermind:
    """A code-guessing game: *symbols* symbols, *positions* positions, *repeats* allowed or not.

    Parameters
    ----------
    symbols : int
        How many symbols (digits, colours) a code may use, numbered from 0.
    positions : int
        How long a code is.
    repeats : bool
        Whether a code may use a symbol more than once.

    Examples
    --------
    >>> game = Mastermind(6, 4, repeats=True)
    >>> game
    Mastermind(symbols=6, positions=4, repeats=True)
    >>> len(game.codes), game.codes[:2], game.answer("1 1 2 2", "1 2 3 4")
    (1296, [(0, 0, 0, 0), (0, 0, 0, 1)], (1, 1))
    >>> Mastermind(3, 4)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: 4 positions need at least 4 symbols when symbols may not ...
    """

    def __init__(self, symbols: int = 10, positions: int = 4, repeats: bool = False):
        self.symbols = _whole_number(symbols, "symbols", 1)
        self.positions = _whole_number(positions, "positions", 1)
        if not isinstance(repeats, bool):
            raise ProblemError(f"repeats must be True or False, not {repeats!r}")
        self.repeats = repeats
        if not repeats and self.positions > self.symbols:
            raise ProblemError(
                f"{self.positions} positions need at least {self.positions} symbols when "
                f"symbols may not repeat (there are {self.symbols}); allow repeats or use "
                f"at most {self.symbols} positions"
            )
        if self.size > MAX_CODES:
            raise ProblemError(
                f"this game has {self.size:,} codes; puzzlelab lists every code and allows "
                f"at most {MAX_CODES:,}: use fewer symbols or positions"
            )

    def __repr__(self) -> str:
        return (
            f"Mastermind(symbols={self.symbols}, positions={self.positions}, "
            f"repeats={self.repeats})"
        )

    def __eq__(self, other) -> bool:
        return isinstance(other, Mastermind) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    @property
    def rules(self) -> tuple[int, int, bool]:
        """Return ``(symbols, positions, repeats)``."""
        return self.symbols, self.positions, self.repeats

    @property
    def size(self) -> int:
        """Return how many codes the game has (without listing them)."""
        if self.repeats:
            return self.symbols**self.positions
        return math.perm(self.symbols, self.positions)

    @cached_property
    def codes(self) -> list[Code]:
        """Every code of the game, in increasing order (the order the seed tries them in)."""
        symbols = range(self.symbols)
        if self.repeats:
            return list(product(symbols, repeat=self.positions))
        return list(permutations(symbols, self.positions))

    @cached_property
    def numbers(self) -> dict[Code, int]:
        """Each code's number: its place in :attr:`codes`."""
        return {code: number for number, code in enumerate(self.codes)}

    @property
    def win(self) -> Answer:
        """The answer that ends the game: every symbol a bull."""
        return (self.positions, 0)

    # -- reading input

    def check_code(self, code) -> Code:
        """Return *code* as a tuple of symbols, or raise BoardError saying what is allowed.

        A code may be a sequence of whole numbers or text: ``"9 4 3 1"``, ``"9,4,3,1"``, or
        ``"9431"`` when every symbol is a single digit.

        >>> bulls_and_cows().check_code("9431")
        (9, 4, 3, 1)
        >>> bulls_and_cows().check_code("9 4 9 1")
        Traceback (most recent call last):
        ...
        puzzlelab.errors.BoardError: code 9 4 9 1 repeats 9, but in this game the 4 symbols ...
        """
        symbols = _split_code(code, self.symbols)
        allowed = (
            f"{self.positions} symbols from 0 to {self.symbols - 1}"
            f"{'' if self.repeats else ', all different'}"
        )
        shown = " ".join(map(str, symbols)) if isinstance(symbols, tuple) else repr(code)
        if not isinstance(symbols, tuple) or len(symbols) != self.positions:
            raise BoardError(f"code {shown} is not {allowed}")
        for symbol in symbols:
            if not 0 <= symbol < self.symbols:
                raise BoardError(f"code {shown} uses {symbol}; a code is {allowed}")
        if not self.repeats:
            repeated = [s for s, n in Counter(symbols).items() if n > 1]
            if repeated:
                raise BoardError(
                    f"code {shown} repeats {repeated[0]}, but in this game the "
                    f"{self.positions} symbols of a code are all different"
                )
        return symbols

    def check_answer(self, answer) -> Answer:
        """Return *answer* as ``(bulls, cows)`` if some guess could get it, else raise BoardError.

        >>> bulls_and_cows().check_answer((3, 1))
        Traceback (most recent call last):
        ...
        puzzlelab.errors.BoardError: (3, 1) cannot happen: with 3 bulls the last symbol ...
        """
        try:
            bulls, cows = answer
        except (TypeError, ValueError):
            raise BoardError(
                f"an answer is two whole numbers (bulls, cows), not {answer!r}"
            ) from None
        try:
            bulls, cows = _whole_number(bulls, "bulls", 0), _whole_number(cows, "cows", 0)
        except ProblemError as error:
            raise BoardError(str(error)) from None
        p = self.positions
        if bulls + cows > p:
            raise BoardError(f"{(bulls, cows)} cannot happen: bulls + cows is at most {p}")
        if bulls == p - 1 and cows == 1:
            raise BoardError(
                f"{(bulls, cows)} cannot happen: with {bulls} bulls the last symbol is "
                "either right or nowhere else in the code"
            )
        return bulls, cows

    def format(self, code) -> str:
        """Return *code* as text, symbols separated by spaces: ``'9 4 3 1'``."""
        return " ".join(map(str, code))

    # -- the rules

    def answer(self, guess, secret) -> Answer:
        """Return ``(bulls, cows)`` for *guess* when the secret is *secret*.

        Cows count each symbol as often as it appears in both codes, minus the bulls.

        >>> Mastermind(6, 4, repeats=True).answer((0, 0, 1, 1), (1, 0, 0, 0))
        (1, 2)
        """
        guess, secret = self.check_code(guess), self.check_code(secret)
        return answer_of(guess, secret)

    def answers(self) -> list[Answer]:
        """Return every answer a guess can get, in increasing order.

        >>> len(bulls_and_cows().answers()), bulls_and_cows().answers()[-3:]
        (14, [(2, 2), (3, 0), (4, 0)])
        """
        # Renaming symbols or reordering positions changes no answer, so it is enough to try
        # one guess per pattern of repeats: 0 1 2 3, 0 0 1 2, 0 0 1 1, 0 0 0 1, 0 0 0 0.
        patterns = [
            code for code in self.codes
            if code[0] == 0 and all(b - a in (0, 1) for a, b in zip(code, code[1:]))
        ]  # fmt: skip
        return sorted({answer_of(guess, code) for guess in patterns for code in self.codes})

    def candidates(self, history) -> list[Code]:
        """Return the codes consistent with *history*, in increasing order.

        >>> len(bulls_and_cows().candidates([("0 1 2 3", (0, 2))]))
        1260
        """
        history = self.check_history(history)
        return [code for code in self.codes if is_consistent(code, history)]

    def check_history(self, history) -> list[tuple[Code, Answer]]:
        """Return *history* as a list of ``(guess, answer)`` with each checked."""
        try:
            pairs = list(history)
            return [(self.check_code(g), self.check_answer(a)) for g, a in pairs]
        except (TypeError, ValueError) as error:
            if isinstance(error, BoardError):
                raise
            raise BoardError(
                f"a history is a list of (guess, (bulls, cows)) pairs, not {history!r}"
            ) from None

    def random_secret(self, seed=None) -> Code:
        """Return a code drawn at random (repeatable with *seed*)."""
        return random.Random(seed).choice(self.codes)

    # -- the answer table, for evaluating strategies over every secret

    @cached_property
    def table(self) -> np.ndarray:
        """The answer table: ``table[g, s]`` numbers the answer to guess *g* for secret *s*.

        Codes are given by their numbers; an answer ``(bulls, cows)`` is numbered
        ``bulls * (positions + 1) + cows`` (see :meth:`answer_number`). The table is one
        matrix product (see :func:`indicators`), computed once and kept.

        >>> game = bulls_and_cows()
        >>> number = game.table[game.numbers[(0, 1, 2, 3)], game.numbers[(6, 2, 8, 1)]]
        >>> game.table.shape, game.answer_from_number(number)
        ((5040, 5040), (0, 2))
        """
        if self.size > MAX_TABLE_CODES:
            raise ProblemError(
                f"this game has {self.size:,} codes; the answer table needs one byte per pair "
                f"of codes, so puzzlelab builds it for at most {MAX_TABLE_CODES:,} codes"
            )
        guesses, secrets = indicators(self)
        table = np.empty((len(self.codes), len(self.codes)), dtype=np.uint8)
        for start in range(0, len(table), 1024):
            table[start : start + 1024] = guesses[start : start + 1024] @ secrets.T
        return table

    def answer_number(self, answer) -> int:
        """Return the number of *answer* in :attr:`table`: ``bulls * (positions + 1) + cows``."""
        bulls, cows = answer
        return bulls * (self.positions + 1) + cows

    def answer_from_number(self, number: int) -> Answer:
        """Return the ``(bulls, cows)`` whose number is *number*."""
        return divmod(int(number), self.positions + 1)


def bulls_and_cows() -> Mastermind:
    """Return the seed's game: 4 different digits out of 0-9 (5,040 codes)."""
    return _game(10, 4, False)


def classic_mastermind() -> Mastermind:
    """Return classic Mastermind: 4 pegs of 6 colours, repeats allowed (1,296 codes)."""
    return _game(6, 4, True)


_GAMES: dict = {}  # one game object per rules, so that its answer table is built only once


def _game(symbols: int, positions: int, repeats: bool) -> Mastermind:
    key = (symbols, positions, repeats)
    if key not in _GAMES:
        _GAMES[key] = Mastermind(symbols, positions, repeats)
    return _GAMES[key]


def game_of(game=None) -> Mastermind:
    """Return *game*, or the seed's bulls and cows if it is None; share cached tables."""
    if game is None:
        return bulls_and_cows()
    if not isinstance(game, Mastermind):
        raise ProblemError(f"expected a Mastermind game, not {type(game).__name__}")
    return _game(*game.rules)


def indicators(game: Mastermind) -> tuple[np.ndarray, np.ndarray]:
    """Return two matrices whose product is the answer table: one row per code.

    Counting matches is a dot product of 0/1 vectors. A code's *place* vector has a 1 for
    each (position, symbol) it has, so two codes' place vectors share one 1 per bull. Its
    *count* vector has a 1 for each (symbol, k) where the code holds the symbol at least k
    times, so two codes share ``min(count in one, count in the other)`` 1s per symbol:
    summed, the symbols they have in common (bulls + cows). With the place columns weighted
    by ``positions`` in the first matrix, a row of one times a row of the other is
    ``positions * bulls + bulls + cows``, the answer's number.

    >>> guesses, secrets = indicators(bulls_and_cows())
    >>> guesses.shape, int(guesses[0] @ secrets[0])  # 0 1 2 3 against itself: 4 bulls
    ((5040, 80), 20)
    """
    codes = np.array(game.codes, dtype=np.int8)
    n, p = codes.shape
    holds = codes[:, :, None] == np.arange(game.symbols)  # code, position, symbol
    place = holds.reshape(n, -1)
    count = (holds.sum(1)[:, :, None] > np.arange(p)).reshape(n, -1)  # code, symbol, k - 1
    guesses = np.hstack([p * place, count]).astype(np.float32)
    secrets = np.hstack([place, count]).astype(np.float32)
    return guesses, secrets


def answer_of(guess: Code, secret: Code) -> Answer:
    """Return ``(bulls, cows)`` of two codes already checked (no checks: fast).

    >>> answer_of((1, 0, 4, 5), (6, 2, 8, 1))
    (0, 1)
    """
    bulls = sum(g == s for g, s in zip(guess, secret))
    common = sum((Counter(guess) & Counter(secret)).values())
    return bulls, common - bulls


def is_consistent(code: Code, history) -> bool:
    """Return whether *code*, as the secret, would have given every answer of *history*."""
    return all(answer_of(guess, code) == answer for guess, answer in history)


def _whole_number(value, what: str, least: int) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise ProblemError(f"{what} must be a whole number of at least {least}, not {value!r}")
    return int(value)


def _split_code(code, symbols: int):
    """Return *code* as a tuple of ints, or None if it is not numbers at all."""
    if isinstance(code, str):
        text = code.replace(",", " ").strip()
        parts = text.split() if " " in text or symbols > 10 else list(text)
        if not all(part.isdigit() for part in parts):
            return None
        return tuple(int(part) for part in parts)
    try:
        parts = tuple(code)
    except TypeError:
        return None
    if not all(isinstance(p, (int, np.integer)) and not isinstance(p, bool) for p in parts):
        return None
    return tuple(int(p) for p in parts)


# ---------------------------------------------------------------- strategies
#
# A strategy is a function ``choose(game, candidates) -> guess``: *candidates* is a numpy
# array of the numbers of the consistent codes (increasing), the guess is a code's number.


def first_consistent(game: Mastermind, candidates: np.ndarray) -> int:
    """The seed's strategy: ask the first code consistent with every answer so far."""
    return int(candidates[0])


def group_sizes(game: Mastermind, candidates: np.ndarray, guesses=None) -> np.ndarray:
    """Return ``sizes[i, a]``: how many candidates give answer number *a* to guess ``guesses[i]``.

    *guesses* defaults to every code. Each row's answers are counted by one ``bincount``
    over a block of rows, each row's answer numbers shifted into a range of its own.

    >>> game = bulls_and_cows()
    >>> sizes = group_sizes(game, np.arange(len(game.codes)), guesses=[0])
    >>> int(sizes[0].max()), int(sizes[0, game.answer_number((0, 1))])
    (1440, 1440)
    """
    table = game.table if guesses is None else game.table[np.asarray(guesses)]
    answers = table[:, candidates]
    kinds = (game.positions + 1) ** 2
    sizes = np.empty((len(answers), kinds), dtype=np.int32)
    block = max(1, 4_000_000 // len(candidates))
    for start in range(0, len(answers), block):
        rows = answers[start : start + block].astype(np.int32)
        rows += (np.arange(len(rows), dtype=np.int32) * kinds)[:, None]
        counts = np.bincount(rows.ravel(), minlength=len(rows) * kinds)
        sizes[start : start + len(rows)] = counts.reshape(len(rows), kinds)
    return sizes


def best_guess(game: Mastermind, candidates: np.ndarray, scores: np.ndarray) -> int:
    """Return the code with the lowest score: a consistent one if it ties, then the lowest."""
    best = np.flatnonzero(scores <= scores.min() + 1e-9)
    consistent = np.intersect1d(best, candidates)
    return int(consistent[0] if len(consistent) else best[0])


def _scored(score):
    """Make a strategy that asks the code with the lowest ``score(sizes)`` (every code a guess)."""

    def choose(game: Mastermind, candidates: np.ndarray) -> int:
        if len(candidates) <= 2:  # a consistent guess is as good as any: it may even win
            return int(candidates[0])
        return best_guess(game, candidates, score(group_sizes(game, candidates)))

    return choose


def _largest_group(sizes):
    return sizes.max(1)


def _expected_group(sizes):
    return (sizes.astype(np.int64) ** 2).sum(1)  # / candidates, the same for every guess


def _negative_entropy(sizes):
    # The entropy of the groups is log2(n) - sum(size * log2(size)) / n for n candidates:
    # largest where the sum is smallest. The sum is read from a table of size * log2(size).
    return _size_log_size(int(sizes.max()))[sizes].sum(1)


def _size_log_size(largest: int) -> np.ndarray:
    sizes = np.arange(largest + 1)
    return sizes * np.log2(np.maximum(sizes, 1))


minimax = _scored(_largest_group)
minimax.__name__ = "minimax"
minimax.__doc__ = "Knuth's strategy: ask the code whose largest group of candidates is smallest."
expected_size = _scored(_expected_group)
expected_size.__name__ = "expected_size"
expected_size.__doc__ = "Ask the code that leaves the fewest candidates on average."
entropy = _scored(_negative_entropy)
entropy.__name__ = "entropy"
entropy.__doc__ = "Ask the code whose answer tells the most (the groups' largest entropy)."

#: The strategies by name, as the command line and the lessons know them.
STRATEGIES = {
    "consistent": first_consistent,
    "minimax": minimax,
    "expected": expected_size,
    "entropy": entropy,
}


def strategy_of(strategy):
    """Return ``(name, function)`` for a strategy given by name or as a function."""
    if callable(strategy):
        return getattr(strategy, "__name__", "strategy"), strategy
    if strategy in STRATEGIES:
        return strategy, STRATEGIES[strategy]
    raise ProblemError(
        f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}, "
        "or pass a function choose(game, candidates) -> code number"
    )


def next_guess(game: Mastermind, history, strategy="consistent") -> Code | None:
    """Return the code *strategy* asks after *history*, or None if no code is consistent.

    >>> next_guess(bulls_and_cows(), [("0 1 2 3", (0, 2))])
    (1, 0, 4, 5)
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)
    left = candidate_numbers(game, history)
    if len(left) == 0:
        return None
    return game.codes[_checked_guess(game, name, choose, left)]


def candidate_numbers(game: Mastermind, history) -> np.ndarray:
    """Return the numbers of the codes consistent with *history* (read from the table)."""
    left = np.arange(len(game.codes))
    for guess, answer in game.check_history(history):
        row = game.table[game.numbers[guess]]
        left = left[row[left] == game.answer_number(answer)]
    return left


def _checked_guess(game, name, choose, candidates) -> int:
    guess = choose(game, candidates)
    if isinstance(guess, bool) or not isinstance(guess, (int, np.integer)):
        raise ProblemError(f"strategy {name} must return a code's number, not {guess!r}")
    if not 0 <= guess < len(game.codes):
        raise ProblemError(
            f"strategy {name} returned {guess}; a code's number is 0 to {len(game.codes) - 1}"
        )
    return int(guess)


def play(game: Mastermind, secret, strategy="consistent") -> list[tuple[Code, Answer]]:
    """Return the history of one game: *strategy* guesses until it finds *secret*.

    >>> game = classic_mastermind()
    >>> [game.format(guess) for guess, _ in play(game, "3 5 1 0", "minimax")]
    ['0 0 1 1', '0 0 2 3', '2 4 1 0', '3 5 1 0']
    """
    game = game_of(game)
    secret = game.check_code(secret)
    name, choose = strategy_of(strategy)
    history, left = [], np.arange(len(game.codes))
    while True:
        guess = _checked_guess(game, name, choose, left)
        answer = answer_of(game.codes[guess], secret)
        history.append((game.codes[guess], answer))
        if answer == game.win:
            return history
        row = game.table[guess]
        narrower = left[row[left] == game.answer_number(answer)]
        _check_progress(game, name, guess, left, narrower)
        left = narrower


def _check_progress(game, name, guess, left, narrower) -> None:
    if len(narrower) == len(left):
        raise ProblemError(
            f"strategy {name} asked {game.format(game.codes[guess])}, which cannot tell "
            f"any of the {len(left)} candidates apart: it would ask forever"
        )


# ---------------------------------------------------------------- evaluating a strategy


@dataclass
class Evaluation:
    """How many questions a strategy needs, for every secret of a game.

    Attributes
    ----------
    strategy : str
        The strategy's name.
    game : Mastermind
        The game played.
    questions : numpy.ndarray
        ``questions[s]``: the questions asked for the secret numbered *s*, the final correct
        guess included (0 where the evaluation stopped before reaching that secret).
    first_guess : tuple
        The strategy's opening question.
    seconds : float
        Time to build the decision tree.
    complete : bool
        Whether every secret was reached (False when a time limit or an interrupt stopped it).
    reason : str
        One sentence on how the evaluation ended.
    """

    strategy: str
    game: Mastermind
    questions: np.ndarray = field(repr=False)
    first_guess: Code
    seconds: float
    complete: bool = True
    reason: str = "every secret found"

    @property
    def found(self) -> np.ndarray:
        """The questions of the secrets reached (all of them when complete)."""
        return self.questions[self.questions > 0]

    @property
    def average(self) -> float:
        """The average questions per secret (over the secrets reached)."""
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
        return [self.game.codes[s] for s in np.flatnonzero(self.questions == self.worst)]

    def as_dict(self, most_hardest: int = 20) -> dict:
        """Return the evaluation as plain data (JSON-ready), the first *most_hardest* hardest."""
        return {
            "strategy": self.strategy,
            "game": dict(zip(("symbols", "positions", "repeats"), self.game.rules)),
            "codes": len(self.game.codes),
            "complete": self.complete,
            "reason": self.reason,
            "secrets": len(self.found),
            "average": round(self.average, 4),
            "worst": self.worst,
            "histogram": {str(q): n for q, n in self.histogram.items()},
            "hardest_count": len(self.hardest),
            "hardest": [list(code) for code in self.hardest[:most_hardest]],
            "first_guess": list(self.first_guess),
            "seconds": round(self.seconds, 4),
        }

    def __str__(self) -> str:
        bars = ", ".join(f"{q}: {n}" for q, n in self.histogram.items())
        stop = "" if self.complete else f" (stopped: {self.reason})"
        return (
            f"{self.strategy}: {self.average:.3f} questions on average, {self.worst} at most "
            f"over {len(self.found):,} secrets{stop}; secrets per number of questions {{{bars}}}"
        )


def evaluate(game=None, strategy="consistent", max_seconds=None) -> Evaluation:
    """Play *strategy* against every secret at once, by building its decision tree.

    Each node of the tree holds the candidates left; the strategy's guess splits them into
    groups by answer, and every group becomes a child one question deeper. A secret's
    questions are the depth of the node whose guess is that secret.

    Parameters
    ----------
    game : Mastermind, optional
        Default: the seed's bulls and cows.
    strategy : str or function
        A name from :data:`STRATEGIES` or a function ``choose(game, candidates) -> number``.
    max_seconds : float, optional
        Stop after this long (also on KeyboardInterrupt) and return what was found so far.

    Examples
    --------
    >>> result = evaluate(classic_mastermind(), "minimax")
    >>> result.worst, int(result.questions.sum()), result.histogram
    (5, 5801, {1: 1, 2: 6, 3: 62, 4: 533, 5: 694})
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)
    questions = np.zeros(len(game.codes), dtype=np.int64)
    budget = Budget(max_seconds=max_seconds)
    root = np.arange(len(game.codes))
    first = _checked_guess(game, name, choose, root)
    complete, reason = True, "every secret found"
    try:
        _split(game, name, choose, root, 1, questions, budget, first)
    except LimitReached:
        complete, reason = False, f"time limit of {max_seconds} s reached"
    except KeyboardInterrupt:
        complete, reason = False, "interrupted"
    return Evaluation(name, game, questions, game.codes[first], budget.elapsed(), complete, reason)


def _split(game, name, choose, candidates, depth, questions, budget, guess=None) -> None:
    """Settle every secret among *candidates*, which are left after ``depth - 1`` questions."""
    budget.check(0)  # raises LimitReached when time is up
    if guess is None:
        guess = _checked_guess(game, name, choose, candidates)
    answers = game.table[guess, candidates]
    win = game.answer_number(game.win)
    for answer in np.unique(answers):
        group = candidates[answers == answer]
        if answer == win:
            questions[guess] = depth
            continue
        _check_progress(game, name, guess, candidates, group)
        _split(game, name, choose, group, depth + 1, questions, budget)


def decision_tree(game=None, strategy="consistent", depth: int = 2) -> dict:
    """Return the top *depth* levels of a strategy's decision tree as nested dicts.

    A node is ``{"guess": code, "candidates": n, "children": {answer: node}}``: one child per
    answer the candidates can give, except the winning one (the guess was the secret, no
    question more). Below *depth* the children are left out.

    >>> tree = decision_tree(bulls_and_cows(), depth=1)
    >>> tree["guess"], tree["candidates"], len(tree["children"])
    ((0, 1, 2, 3), 5040, 13)
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)

    def node(candidates, level):
        guess = _checked_guess(game, name, choose, candidates)
        here = {"guess": game.codes[guess], "candidates": len(candidates), "children": {}}
        if level >= depth:
            return here
        answers = game.table[guess, candidates]
        for answer in np.unique(answers):
            group = candidates[answers == answer]
            if answer != game.answer_number(game.win):
                here["children"][game.answer_from_number(answer)] = node(group, level + 1)
        return here

    return node(np.arange(len(game.codes)), 0)
