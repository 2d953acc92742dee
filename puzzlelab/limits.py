"""The limits every search takes: ``max_nodes`` and ``max_seconds``.

The search engine and the puzzles' own solvers (N queens, peg solitaire) check their
limits here, so every one of them refuses a bad limit with the same sentence, and keep
to them with one :class:`Budget`, so every one of them says the same when it stops.
"""

from __future__ import annotations

import math
from time import perf_counter

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


class LimitReached(Exception):
    """Raised inside a solver to stop it at a limit; its message says which limit."""


class Budget:
    """The limits of one search and its clock.

    A solver counts its nodes its own way (expanded nodes, queens placed, candidates
    tested, ...) and asks :meth:`exceeded` often enough; looking at the clock costs
    a little, so fast loops ask only every thousand nodes or so.

    Parameters
    ----------
    max_nodes, max_seconds : optional
        As for :func:`check_limits`, which checks them.
    what : str
        What the nodes are, for the message: ``"the limit of 500 queens placed ..."``.
    nodes_name : str
        What to call *max_nodes* when it is refused.

    Examples
    --------
    >>> budget = Budget(max_nodes=500, what="queens placed")
    >>> budget.exceeded(499) is None, budget.exceeded(500)
    (True, 'the limit of 500 queens placed was reached')
    """

    def __init__(self, max_nodes=None, max_seconds=None, what="nodes", nodes_name="max_nodes"):
        self.max_nodes, self.max_seconds = check_limits(max_nodes, max_seconds, nodes_name)
        self.what = what
        self.started = perf_counter()
        self.deadline = math.inf if max_seconds is None else self.started + max_seconds

    def exceeded(self, nodes: int) -> str | None:
        """Return why a search that has taken *nodes* nodes may take no more, or ``None``."""
        if nodes >= self.max_nodes:
            return f"the limit of {self.max_nodes:,} {self.what} was reached"
        if perf_counter() > self.deadline:
            return f"the limit of {self.max_seconds:g} seconds was reached"
        return None

    def check(self, nodes: int) -> None:
        """Raise :class:`LimitReached` when :meth:`exceeded` gives a reason."""
        reason = self.exceeded(nodes)
        if reason is not None:
            raise LimitReached(reason)

    def elapsed(self) -> float:
        """Seconds since the budget was made (the search started)."""
        return perf_counter() - self.started
