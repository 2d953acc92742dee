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
    """Print *praise* if *ok*, else *hint*; return *ok*."""
    print(f"Correct! {praise}" if ok else f"Not yet: {hint}")
    return ok


def not_answered(answer: object) -> bool:
    """Return whether *answer* is still the ``...`` or ``None`` placeholder."""
    return answer is None or answer is Ellipsis


def is_whole_number(answer: object) -> bool:
    """Return whether *answer* is a whole number: an ``int`` (numpy's too), not ``True``.

    >>> is_whole_number(7), is_whole_number(7.0), is_whole_number(True), is_whole_number("7")
    (True, False, False, False)
    """
    return isinstance(answer, numbers.Integral) and not isinstance(answer, bool)


def is_number(answer: object) -> bool:
    """Return whether *answer* is a real number (whole or not), not ``True`` or ``False``."""
    return isinstance(answer, numbers.Real) and not isinstance(answer, bool)


# Imported last: it uses the helpers above.
from .search import check_search  # noqa: E402

__all__ = ["check_search", "is_number", "is_whole_number", "not_answered", "report"]
