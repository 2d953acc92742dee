"""The limits every search takes: ``max_nodes`` and ``max_seconds``.

The search engine and the puzzles' own solvers (N queens, peg solitaire) check their
limits here, so every one of them refuses a bad limit with the same sentence.
"""

from __future__ import annotations

import math

from .errors import ProblemError


def check_limits(max_nodes=None, max_seconds=None, nodes_name="max_nodes"):
    """Return ``(max_nodes, max_seconds)`` with no node limit as ``math.inf``.

    Parameters
    ----------
    max_nodes : int, optional
        How many nodes (or candidates, or steps) a search may take: at least 1.
    max_seconds : int or float, optional
        How long it may run: a positive number.
    nodes_name : str
        What to call *max_nodes* in the error message.

    Raises
    ------
    ProblemError
        A limit that is not a number of the allowed kind.

    Examples
    --------
    >>> check_limits(), check_limits(100, 2.5)
    ((inf, None), (100, 2.5))
    >>> check_limits(0)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: max_nodes must be a whole number of at least 1, not 0
    """
    if max_nodes is not None and (
        isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1
    ):
        raise ProblemError(f"{nodes_name} must be a whole number of at least 1, not {max_nodes!r}")
    if max_seconds is not None and (
        isinstance(max_seconds, bool)
        or not isinstance(max_seconds, (int, float))
        or not max_seconds > 0
    ):
        raise ProblemError(f"max_seconds must be a positive number, not {max_seconds!r}")
    return (math.inf if max_nodes is None else max_nodes), max_seconds
