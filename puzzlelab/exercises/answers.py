"""A student's answers as Python's own values, before any check looks at them.

An answer built from a class of the student's can compare equal to everything: an ``int``
subclass whose ``__eq__`` always says yes "equals" every count a check expects. Every
check of the lessons is a :func:`self_check`, which hands it the answers as :func:`plain`
values first, so such an answer is checked as the number, text or collection it holds,
in the student's own notebook and in ``puzzlelab grade`` alike.

The helpers every check shares are here too: :func:`not_answered`, :func:`is_whole_number`
and :func:`is_number` look at an answer, :func:`report` says what the check found.

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

from __future__ import annotations

import functools
import numbers
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec, TypeVar

#: Python's own value types, the subclass-proof way to copy each (bool before int).
_PLAIN: tuple[tuple[type, Callable[[Any], object]], ...] = (
    (bool, bool),
    (int, int.__index__),
    (float, float.__float__),
    (complex, complex.__complex__),
    (str, str.__str__),
    (bytes, bytes),
)

#: Python's own collections, each rebuilt from what its own ``__iter__`` gives (not a subclass's).
_COLLECTIONS: tuple[tuple[type, Callable[[Any], Iterator[object]]], ...] = (
    (tuple, tuple.__iter__),
    (list, list.__iter__),
    (set, set.__iter__),
    (frozenset, frozenset.__iter__),
)


def plain(value: object) -> object:
    """*value* in Python's own types, all the way down; any other object as it is.

    A number, text or collection made by a class of the student's could compare equal to
    everything and pass any check: the grader hands the checks plain values. Functions and
    classes (answers the checks run) are left alone.

    >>> class Always(int):
    ...     def __eq__(self, other):
    ...         return True
    ...     __hash__ = int.__hash__
    >>> Always(1) == 2, plain(Always(1)) == 2, type(plain(Always(1))).__name__
    (True, False, 'int')
    >>> plain((Always(3), [Always(4)], {Always(5)}))
    (3, [4], {5})
    """
    for kind, copy in _PLAIN:
        if isinstance(value, kind):
            return copy(value)
    for kind, items in _COLLECTIONS:
        if isinstance(value, kind):
            return kind(plain(item) for item in items(value))
    if isinstance(value, dict):
        return {plain(key): plain(item) for key, item in dict.items(value)}
    return value


Takes = ParamSpec("Takes")
Gives = TypeVar("Gives")


def self_check(check: Callable[Takes, Gives]) -> Callable[Takes, Gives]:
    """*check*, handed every answer as a :func:`plain` value.

    Parameters
    ----------
    check : callable
        A lesson's check: it takes the student's answers and returns ``True`` or ``False``.

    Returns
    -------
    callable
        The same check, under the same name and docstring, that copies each answer into
        Python's own types before it looks (functions and other objects are passed as they
        are).

    Examples
    --------
    >>> @self_check
    ... def check_pair(pair):
    ...     return type(pair) is tuple and pair == (1, 2)
    >>> class Pair(tuple):
    ...     pass
    >>> check_pair(Pair((1, 2)))
    True
    """

    @functools.wraps(check)
    def checked(*answers: Takes.args, **named: Takes.kwargs) -> Gives:
        plain_answers = [plain(answer) for answer in answers]
        plain_named = {name: plain(answer) for name, answer in named.items()}
        # plain() is typed as giving an object; it gives back the kind of value it was given
        return check(*plain_answers, **plain_named)  # type: ignore[arg-type]

    return checked


def report(ok: bool, praise: str, hint: str) -> bool:
    """Return *ok*, after printing *praise* if it is true and *hint* if not.

    Every check ends with it, so that each says "Correct!" or "Not yet:" the same way.

    Parameters
    ----------
    ok : bool
        Whether the student's answer is right.
    praise : str
        What to print after "Correct!": why the answer is right.
    hint : str
        What to print after "Not yet:": what to look at again, never the answer.

    Returns
    -------
    bool
        *ok*, unchanged.

    Examples
    --------
    >>> report(True, "Nine tiles, one of them the blank.", "")
    Correct! Nine tiles, one of them the blank.
    True
    >>> report(False, "", "replace ... with a whole number.")
    Not yet: replace ... with a whole number.
    False
    """
    print(f"Correct! {praise}" if ok else f"Not yet: {hint}")
    return ok


def not_answered(answer: object) -> bool:
    """Return whether *answer* is still the ``...`` or ``None`` placeholder.

    A lesson's answer cells start as ``answer = ...``; a check asks this first and
    says what to write instead.

    Parameters
    ----------
    answer : object
        What the student's answer cell holds.

    Returns
    -------
    bool
        True for ``...`` and ``None``; false for anything else, ``0`` and ``""`` too.

    Examples
    --------
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

    Parameters
    ----------
    answer : object
        What the student's answer cell holds.

    Returns
    -------
    bool
        True for an ``int``, a ``float`` or a ``Fraction`` (numpy's numbers too); false
        for ``bool``, complex numbers and text such as ``"2.5"``.

    Examples
    --------
    >>> is_number(7), is_number(2.5), is_number(True), is_number("2.5")
    (True, True, False, False)
    """
    return isinstance(answer, numbers.Real) and not isinstance(answer, bool)
