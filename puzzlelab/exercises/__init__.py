"""Self-checking exercises for the lessons.

Each lesson's exercises live in a module here. A check looks at the student's
answer, says whether it is right and, if not, what is wrong, but never prints
the answer itself. Checks return ``True`` or ``False`` and never raise, so a
lesson still runs top to bottom before the exercises are done.

>>> report(False, "Well done.", "Count again: the blank is not a tile.")
Not yet: Count again: the blank is not a tile.
False
"""

import numbers


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


# Imported last: it uses the helpers above.
from .search import check_search  # noqa: E402

__all__ = ["check_search", "is_number", "is_whole_number", "not_answered", "report"]
