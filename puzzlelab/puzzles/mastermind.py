"""Mastermind and bulls and cows: find a secret code by asking as few questions as possible.

A *code* is a tuple of symbols ``0 .. symbols - 1``; the *answer* to a guess is ``(bulls,
cows)``: right symbols in the right place, and in the wrong place.
"""

from __future__ import annotations

import math
import numbers
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache, cached_property
from itertools import permutations, product

import numpy as np

from ..errors import BoardError, ProblemError, true_or_false, whole_number

Code = tuple[int, ...]
Answer = tuple[int, int]
#: A sequence of symbols, or text such as ``"9 4 3 1"`` or ``"9431"``.
CodeInput = str | Sequence[int]
#: The ``(guess, (bulls, cows))`` pairs so far, as a user writes them.
History = Iterable[tuple[CodeInput, Sequence[int]]]

#: A game may have at most this many codes (they are all listed).
MAX_CODES = 1_000_000
#: Evaluating strategies needs the answer table (codes x codes bytes): at most this many codes.
MAX_TABLE_CODES = 10_000
#: The answer table's two indicator matrices (see :func:`_indicators`) may take this many bytes.
MAX_INDICATOR_BYTES = 256 * 2**20
#: A code has at most this many positions, so that an answer's number fits in one byte.
MAX_POSITIONS = 15
#: The table is built this many cells at a time (a caller may stop it between two blocks).
TABLE_BLOCK = 2_000_000


class Mastermind:
    """A code-guessing game: *symbols* symbols, *positions* positions, *repeats* allowed or not.

    Parameters
    ----------
    symbols, positions : int
        How many symbols there are, and how many a code holds.
    repeats : bool
        Whether a code may hold a symbol twice.

    Examples
    --------
    >>> game = Mastermind(6, 4, repeats=True)
    >>> len(game.codes), game.codes[:2], game.answer("1 1 2 2", "1 2 3 4")
    (1296, [(0, 0, 0, 0), (0, 0, 0, 1)], (1, 1))
    >>> len(bulls_and_cows().candidates([("0 1 2 3", (0, 2))]))
    1260
    """

    def __init__(self, symbols: int = 10, positions: int = 4, repeats: bool = False) -> None:
        self.symbols = whole_number(symbols, "symbols", 1, text=True)
        self.positions = whole_number(positions, "positions", 1, text=True)
        if self.positions > MAX_POSITIONS:
            raise ProblemError(
                f"a code has at most {MAX_POSITIONS} positions (each answer is stored in one "
                f"byte), not {self.positions}"
            )
        self.repeats = true_or_false(repeats, "repeats")
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
        self._table: np.ndarray | None = None  # the answer table, once built

    def __reduce__(self) -> tuple[object, tuple[int, int, bool]]:
        """Pickled as its rules, never its answer table (megabytes)."""
        return _game, (self.symbols, self.positions, self.repeats)

    def __repr__(self) -> str:
        return (
            f"Mastermind(symbols={self.symbols}, positions={self.positions}, "
            f"repeats={self.repeats})"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mastermind) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    @property
    def rules(self) -> tuple[int, int, bool]:
        return self.symbols, self.positions, self.repeats

    @property
    def size(self) -> int:
        """How many codes the game has (without listing them)."""
        if self.repeats:
            return self.symbols**self.positions
        return math.perm(self.symbols, self.positions)

    @cached_property
    def codes(self) -> list[Code]:
        """Every code of the game, in increasing order (the order the consistent strategy tries)."""
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

    @property
    def code_rule(self) -> str:
        """What a code is, in words: ``"4 symbols from 0 to 9, all different"``."""
        unlike = "" if self.repeats else ", all different"
        return f"{self.positions} symbols from 0 to {self.symbols - 1}{unlike}"

    def check_code(self, code: CodeInput) -> Code:
        """Return *code* (symbols, or text ``"9 4 3 1"``, ``"9,4,3,1"``, ``"9431"``) as a tuple."""
        symbols = _split_code(code, self.symbols)
        allowed = self.code_rule
        if symbols is None and isinstance(code, str):
            raise BoardError(f"code {code!r} is not {allowed}, written with the digits 0-9")
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

    def check_answer(self, answer: Sequence[int]) -> Answer:
        """Return *answer* as ``(bulls, cows)`` if a guess could get it, else raise BoardError."""
        try:
            bulls, cows = answer
        except (TypeError, ValueError):
            raise BoardError(
                f"an answer is two whole numbers (bulls, cows), not {answer!r}"
            ) from None
        bulls = whole_number(bulls, "bulls", 0, text=True, error=BoardError)
        cows = whole_number(cows, "cows", 0, text=True, error=BoardError)
        p = self.positions
        if bulls + cows > p:
            raise BoardError(f"{(bulls, cows)} cannot happen: bulls + cows is at most {p}")
        if bulls == p - 1 and cows == 1:
            raise BoardError(
                f"{(bulls, cows)} cannot happen: with {bulls} bulls the last symbol is "
                "either right or nowhere else in the code"
            )
        return bulls, cows

    def format(self, code: Code) -> str:
        """Return *code* as text: ``'9 4 3 1'``."""
        return " ".join(map(str, code))

    def answer(self, guess: CodeInput, secret: CodeInput) -> Answer:
        guess, secret = self.check_code(guess), self.check_code(secret)
        return answer_of(guess, secret)

    def candidates(self, history: History) -> list[Code]:
        """Return the codes consistent with *history*, in increasing order."""
        history = self.check_history(history)
        return [code for code in self.codes if is_consistent(code, history)]

    def check_history(self, history: History) -> list[tuple[Code, Answer]]:
        """Return *history* as a list of ``(guess, answer)`` with each checked."""
        try:
            return [(self.check_code(g), self.check_answer(a)) for g, a in history]
        except BoardError:
            raise
        except (TypeError, ValueError):
            raise BoardError(
                f"a history is a list of (guess, (bulls, cows)) pairs, not {history!r}"
            ) from None

    def random_secret(self, seed: int | None = None) -> Code:
        return random.Random(seed).choice(self.codes)

    @property
    def table(self) -> np.ndarray:
        """The answer table: ``table[g, s]`` numbers the answer to guess *g* for secret *s*."""
        return self.build_table()

    def build_table(self, check: Callable[[], object] | None = None) -> np.ndarray:
        """Return the answer table, built the first time (*check* may stop it between blocks)."""
        if self._table is not None:
            return self._table
        if self.size > MAX_TABLE_CODES:
            raise ProblemError(
                f"this game has {self.size:,} codes; the answer table needs one byte per pair "
                f"of codes, so puzzlelab builds it for at most {MAX_TABLE_CODES:,} codes"
            )
        indicator_bytes = self.size * 2 * (2 * self.positions * self.symbols) * 4
        if indicator_bytes > MAX_INDICATOR_BYTES:
            raise ProblemError(
                f"this game has {self.symbols:,} symbols; building its answer table would take "
                f"{indicator_bytes / 2**20:,.0f} MB (at most {MAX_INDICATOR_BYTES // 2**20} MB "
                "are allowed): use fewer symbols"
            )
        guesses, secrets = _indicators(self)
        table = np.empty((len(self.codes), len(self.codes)), dtype=np.uint8)
        rows = max(1, TABLE_BLOCK // len(table))
        for start in range(0, len(table), rows):
            if check is not None:
                check()
            table[start : start + rows] = guesses[start : start + rows] @ secrets.T
        self._table = table
        return table

    def answer_number(self, answer: Answer) -> int:
        """Return the number of *answer* in :attr:`table`: ``bulls * (positions + 1) + cows``."""
        bulls, cows = answer
        return bulls * (self.positions + 1) + cows

    def answer_from_number(self, number: int) -> Answer:
        """Return the ``(bulls, cows)`` whose number is *number*."""
        return divmod(int(number), self.positions + 1)


def bulls_and_cows() -> Mastermind:
    """Return bulls and cows: 4 different digits out of 0-9, one shared object.

    >>> bulls_and_cows()
    Mastermind(symbols=10, positions=4, repeats=False)
    """
    return _game(10, 4, False)


def classic_mastermind() -> Mastermind:
    """Return classic Mastermind: 4 pegs of 6 colours, repeats allowed, one shared object.

    >>> len(classic_mastermind().codes)
    1296
    """
    return _game(6, 4, True)


@cache
def _game(symbols: int, positions: int, repeats: bool) -> Mastermind:
    """One game object per rules: one answer table."""
    return Mastermind(symbols, positions, repeats)


def game_of(game: Mastermind | None = None) -> Mastermind:
    """Return the one game object of *game*'s rules (bulls and cows if None).

    >>> game_of(Mastermind(10, 4, False)) is game_of() is bulls_and_cows()
    True
    """
    if game is None:
        return bulls_and_cows()
    if not isinstance(game, Mastermind):
        raise ProblemError(f"expected a Mastermind game, not {type(game).__name__}")
    return _game(*game.rules)


def _indicators(game: Mastermind) -> tuple[np.ndarray, np.ndarray]:
    """Two matrices whose product is the answer table: per code, a 1 per (position, symbol)
    (weighted by ``positions`` in the first) and per (symbol, k) held at least k times."""
    codes = np.array(game.codes, dtype=np.int32)
    n, p = codes.shape
    holds = codes[:, :, None] == np.arange(game.symbols)  # code, position, symbol
    place = holds.reshape(n, -1)
    count = (holds.sum(1)[:, :, None] > np.arange(p)).reshape(n, -1)  # code, symbol, k - 1
    guesses = np.hstack([p * place, count]).astype(np.float32)
    secrets = np.hstack([place, count]).astype(np.float32)
    return guesses, secrets


def answer_of(guess: Code, secret: Code) -> Answer:
    """Return ``(bulls, cows)`` of two codes already checked (fast).

    >>> answer_of((1, 0, 4, 5), (6, 2, 8, 1))
    (0, 1)
    """
    bulls = sum(g == s for g, s in zip(guess, secret))
    common = sum((Counter(guess) & Counter(secret)).values())
    return bulls, common - bulls


def is_consistent(code: Code, history: Iterable[tuple[Code, Answer]]) -> bool:
    """Return whether *code*, as the secret, would have given every answer of *history*.

    >>> history = [((0, 1, 2, 3), (0, 2))]  # no bulls, two cows
    >>> is_consistent((1, 0, 4, 5), history), is_consistent((0, 1, 4, 5), history)
    (True, False)
    """
    return all(answer_of(guess, code) == answer for guess, answer in history)


def _split_code(code: CodeInput, symbols: int) -> Code | None:
    """*code* as a tuple of ints, or None if it is not numbers (ASCII digits) at all."""
    if isinstance(code, str):
        text = code.replace(",", " ").strip()
        words = text.split() if re.search(r"\s", text) or symbols > 10 else list(text)
        if not all(word.isascii() and word.isdigit() for word in words):  # not "３" or "٣"
            return None
        return tuple(int(word) for word in words)
    try:
        parts = tuple(code)
    except TypeError:
        return None
    if not all(isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in parts):
        return None
    return tuple(int(p) for p in parts)
