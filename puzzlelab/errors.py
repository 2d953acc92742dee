"""The errors puzzlelab raises, each saying in one line what is wrong and what is allowed, and
the checks of every number that comes in (no ``bool``, infinity, NaN or non-ASCII digits)."""

from __future__ import annotations

import decimal
import math
import numbers
import re


class PuzzleError(ValueError):
    """Base class of puzzlelab's input errors: catch it to catch any of them.

    >>> issubclass(BoardError, PuzzleError), issubclass(ProblemError, PuzzleError)
    (True, True)
    """


class BoardError(PuzzleError):
    """A board (or goal) that is malformed: wrong size, repeated tile, not a number.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> SlidingPuzzle("1 2 2 / 4 5 6 / 7 8 0")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: tile 2 appears twice: each of 0..8 must appear once
    """


class UnsolvableError(PuzzleError):
    """A start from which the goal cannot be reached; searches return status ``unsolvable``.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0").check_solvable()
    Traceback (most recent call last):
    ...
    puzzlelab.errors.UnsolvableError: 1 2 3 / 4 5 6 / 8 7 0 cannot reach 1 2 3 / 4 5 6 / 7 8 0: ...
    """


class ProblemError(PuzzleError):
    """A search problem or search parameter that the engine cannot work with.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"), heuristic="manhattan")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: bfs uses no heuristic; give heuristic= to greedy, astar or ...
    """


WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)

MOST_DIGITS = 4300  # Python reads no longer whole numbers from text


def whole_number(
    value: object,
    what: str,
    least: int | None = None,
    *,
    text: bool = False,
    error: type[PuzzleError] = ProblemError,
) -> int:
    """Return *value* as an ``int``: an integer (or, with *text*, ASCII digits) >= *least*.

    >>> whole_number("12", "n", least=1, text=True), whole_number(3, "n")
    (12, 3)
    >>> whole_number("１２", "n", text=True)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: n must be a whole number written with the digits 0-9, not '１２'
    """
    allowed = "a whole number" + ("" if least is None else f" of at least {least}")
    if isinstance(value, str) and text:
        if not WHOLE.fullmatch(value.strip()):
            raise error(f"{what} must be a whole number written with the digits 0-9, not {value!r}")
        if len(value.strip()) > MOST_DIGITS:
            raise error(f"{what} is too long: a number has at most {MOST_DIGITS:,} digits")
        value = int(value.strip())
    elif isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise error(f"{what} must be {allowed}, not {value!r}")
    value = int(value)
    if least is not None and value < least:
        raise error(f"{what} must be {allowed}, not {value!r}")
    return value


def finite_number(
    value: object,
    what: str,
    least: float | None = None,
    above: float | None = None,
    *,
    text: bool = False,
    error: type[PuzzleError] = ProblemError,
) -> float | int:
    """Return *value* if it is a finite real number (or *text*), >= *least* or > *above*.

    >>> finite_number(2.5, "weight", least=0), finite_number("0.5", "seconds", above=0, text=True)
    (2.5, 0.5)
    >>> finite_number(float("nan"), "weight", least=0)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: weight must be a finite number of at least 0, not nan
    """
    if least is not None:
        allowed = f"a finite number of at least {least:g}"
    elif above == 0:
        allowed = "a positive finite number"
    else:
        allowed = "a finite number" + ("" if above is None else f" above {above:g}")
    if isinstance(value, str) and text:
        if not DECIMAL.fullmatch(value.strip()):
            raise error(f"{what} must be {allowed} written with the digits 0-9, not {value!r}")
        value = float(value.strip())
    elif isinstance(value, bool) or not isinstance(value, numbers.Real | decimal.Decimal):
        raise error(f"{what} must be {allowed}, not {_shown(value)}")
    try:
        number = float(value)  # a Fraction, a Decimal or a numpy number, as a float
    except OverflowError:
        raise error(f"{what} must be {allowed}, not a number that large") from None
    too_small = (least is not None and number < least) or (above is not None and number <= above)
    if not math.isfinite(number) or too_small:
        raise error(f"{what} must be {allowed}, not {_shown(value)}")
    return value if isinstance(value, int) else number


def true_or_false(value: object, what: str, error: type[PuzzleError] = ProblemError) -> bool:
    """Return *value* if it is ``True`` or ``False`` (``"no"`` is refused, not true).

    >>> true_or_false(False, "graph_search")
    False
    """
    if type(value) is not bool:
        raise error(f"{what} must be True or False, not {_shown(value)}")
    return value


def _shown(value: object) -> str:
    """*value*'s repr, cut short (an int may be too long)."""
    try:
        shown = repr(value)
    except ValueError:  # an int of more digits than Python will write
        return "a number that large"
    return shown if len(shown) <= 60 else shown[:57] + "..."


def one_line(error: BaseException) -> str:
    """An error's type and the first line of its message, as one line.

    >>> one_line(NameError("name 'x' is not defined\\nmore"))
    "NameError: name 'x' is not defined"
    """
    text = str(error).strip().splitlines()
    return type(error).__name__ + (f": {text[0]}" if text else "")
