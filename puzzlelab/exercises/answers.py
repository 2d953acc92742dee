"""The helpers every check shares. Every check is a :func:`self_check`, handed the answers
as :func:`plain` values: an ``int`` subclass whose ``__eq__`` always says yes is no answer.
"""

from __future__ import annotations

import functools
import numbers
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ParamSpec, TypeVar

from ..errors import one_line
from .own_work import borrowed

#: Nothing here is offered to the lessons: they import the checks from puzzlelab.exercises.
__all__: list[str] = []

#: The most binary digits a whole number in an answer may have: no answer is that large.
MOST_BITS = 3000

#: The most values an answer may hold, all the way down, and the deepest it may nest: no
#: answer comes near, and a list that holds itself would go on for ever.
MOST_VALUES, MOST_NESTED = 1_000_000, 100


class _TooLarge(Exception):
    """An answer no check needs: its hint says why."""


def _whole(value: int) -> int:
    number = int.__index__(value)
    if number.bit_length() > MOST_BITS:
        raise _TooLarge(
            "that number has hundreds of digits; no answer here is anywhere near as large."
        )
    return number


#: Python's own value types, and the subclass-proof way to copy each (bool before int).
_PLAIN: tuple[tuple[type, Callable[[Any], object]], ...] = (
    (bool, bool),
    (int, _whole),
    (float, float.__float__),
    (complex, complex.__complex__),
    (str, str.__str__),
    (bytes, bytes),
)

_COLLECTIONS: tuple[tuple[type, Callable[[Any], Iterator[object]]], ...] = (
    (tuple, tuple.__iter__),
    (list, list.__iter__),
    (set, set.__iter__),
    (frozenset, frozenset.__iter__),
)


def plain(
    value: object, other: Callable[[object], object] = lambda value: value, *, answer: bool = False
) -> object:
    """*value* in Python's own types, all the way down; any other object as *other* gives it.
    An *answer* may hold at most :data:`MOST_VALUES` values, :data:`MOST_NESTED` deep.

    >>> plain(([3], {4}, len), lambda value: type(value).__name__)
    ([3], {4}, 'builtin_function_or_method')
    """
    values = iter(range(MOST_VALUES))

    def walk(value: object, depth: int) -> object:
        if answer and (next(values, None) is None or depth > MOST_NESTED):
            raise _TooLarge(
                f"that answer holds more than {MOST_VALUES:,} values or nests more than "
                f"{MOST_NESTED} deep (a list inside itself?); no answer here comes near."
            )
        for kind, copy in _PLAIN:
            if isinstance(value, kind):
                return copy(value)
        for kind, items in _COLLECTIONS:
            if isinstance(value, kind):
                return kind(walk(item, depth + 1) for item in items(value))
        if isinstance(value, dict):
            pairs = dict.items(value)
            return {walk(key, depth + 1): walk(item, depth + 1) for key, item in pairs}
        if value is None or value is Ellipsis:
            return value
        return other(value)

    return walk(value, 0)


Takes = ParamSpec("Takes")
Gives = TypeVar("Gives")


IN_AN_APP = (
    "Exercise: to answer it, open this lesson in JupyterLab (the app shows no code to edit)."
)


def in_an_app() -> bool:
    """Whether this kernel runs a lesson as a Voila app, as its environment says.

    >>> in_an_app()
    False
    """
    served = os.environ.get("SERVER_SOFTWARE", "")
    return "VOILA_PREHEAT" in os.environ or served.startswith("voila/")


def self_check(check: Callable[Takes, Gives]) -> Callable[Takes, Gives]:
    """*check*, handed every answer as a :func:`plain` value (in an app it only says where
    to answer).

    >>> class Always(int):
    ...     def __eq__(self, other):
    ...         return True
    ...     __hash__ = int.__hash__
    >>> @self_check
    ... def check_twelve(answer):
    ...     return answer == 12
    >>> Always(5) == 12, check_twelve(Always(5)), check_twelve(12)
    (True, False, True)
    """

    @functools.wraps(check)
    def checked(*answers: Takes.args, **named: Takes.kwargs) -> Gives:
        if in_an_app():
            print(IN_AN_APP)
            return False  # type: ignore[return-value]  # every check gives a bool
        try:
            plain_answers = [plain(given, answer=True) for given in answers]
            plain_named = {name: plain(given, answer=True) for name, given in named.items()}
        except _TooLarge as refused:
            return fail(str(refused))  # type: ignore[return-value]  # every check gives a bool
        # plain() is typed as giving an object; it gives back the kind of value it was given
        return check(*plain_answers, **plain_named)  # type: ignore[arg-type]

    return checked


def passed(praise: str) -> bool:
    """Print "Correct! *praise*" and return True.

    >>> passed("Nine tiles.")
    Correct! Nine tiles.
    True
    """
    print(f"Correct! {praise}")
    return True


def fail(hint: str) -> bool:
    """Print "Not yet: *hint*" and return False."""
    print(f"Not yet: {hint}")
    return False


def not_answered(answer: object) -> bool:
    """Return whether *answer* is still the ``...`` or ``None`` placeholder.

    >>> not_answered(...), not_answered(None), not_answered(0), not_answered("")
    (True, True, False, False)
    """
    return answer is None or answer is Ellipsis


def is_whole_number(answer: object) -> bool:
    """Return whether *answer* is a whole number: an ``int`` (numpy's too), not ``True``.

    >>> is_whole_number(7), is_whole_number(7.0), is_whole_number(True), is_whole_number("7")
    (True, False, False, False)
    """
    return isinstance(answer, numbers.Integral) and not isinstance(answer, bool)


def is_number(answer: object) -> bool:
    """Return whether *answer* is a real number (whole or not), not ``True`` or ``False``.

    >>> is_number(7), is_number(2.5), is_number(True), is_number("2.5")
    (True, True, False, False)
    """
    return isinstance(answer, numbers.Real) and not isinstance(answer, bool)


def verdict(hints: list[str], praise: str) -> bool:
    """Fail with every one of *hints*, or pass with *praise* if there are none.

    >>> verdict([], "Both right.")
    Correct! Both right.
    True
    """
    return fail(" ".join(hints)) if hints else passed(praise)


def whole_trouble(answer: object, asked: str) -> str:
    """What is wrong with an answer that should be a whole number (*asked* says which), or ``""``.

    >>> whole_trouble("7", "the seed you found.")
    'give a whole number (no quotes, no decimals), not a str.'
    """
    if not_answered(answer):
        return f"replace ... with a whole number: {asked}"
    if not is_whole_number(answer):
        return f"give a whole number (no quotes, no decimals), not a {type(answer).__name__}."
    return ""


def two_whole_numbers(first: object, second: object) -> str:
    """What is wrong with two answers that should be whole numbers, or ``""``."""
    if not_answered(first) or not_answered(second):
        return "replace both ... with whole numbers."
    if not (is_whole_number(first) and is_whole_number(second)):
        return "give two whole numbers (no quotes, no decimals)."
    return ""


def answers_on(
    function: object,
    cases: Sequence[tuple[Any, ...]],
    *,
    usage: tuple[str, str],
    yourself: str,
    trouble: Callable[..., str],
    where: str,
    probes: Sequence[Sequence[Any]] | None = None,
) -> tuple[list[Any], str]:
    """What *function* says on each of *cases*, or why it cannot be judged: no function yet
    (*usage*: the line that hands it in, its ``def``), puzzlelab's own work (*yourself* says
    how to write it instead; sought on *probes*, else the first 12 cases), or
    :func:`first_trouble`'s fault.

    >>> usage = ("answer = size", "def size(text)")
    >>> answers_on(len, [("ab",)], usage=usage, yourself="", trouble=lambda *_: "", where="")
    ([2], '')
    """
    if not_answered(function):
        return [], f"replace ... with your function: {usage[0]} (no brackets)."
    if not callable(function):
        return [], f"give your function, {usage[1]}: ..., not {function!r}."
    probes = [list(case) for case in cases[:12]] if probes is None else probes
    copied = borrowed(function, probes)
    if copied:
        return [], f"your function {copied}: write it yourself. {yourself}"
    return first_trouble(function, cases, trouble, where)


def first_trouble(
    function: Callable[..., object],
    cases: Iterable[tuple[Any, ...]],
    trouble: Callable[..., str],
    where: str = "",
) -> tuple[list[Any], str]:
    """Call *function* on each case until it raises (said with *where* filled in) or
    ``trouble(said, *case)`` finds fault; return what it said before, and the fault or ``""``.

    >>> first_trouble(len, [("ab",), ([],), ("c",)], lambda said, text: "" if said else "0.")
    ([2], '0.')
    >>> first_trouble(len, [(7,)], lambda said, text: "", " on {}.")
    ([], "your function raised TypeError: object of type 'int' has no len() on 7.")
    """
    said: list[Any] = []
    for case in cases:
        try:
            answer = function(*case)
        except Exception as error:  # a student's function may fail in any way: say how
            return said, f"your function raised {one_line(error)}{where.format(*case)}"
        wrong = trouble(answer, *case)
        if wrong:
            return said, wrong
        said.append(answer)
    return said, ""
