"""The limits every search and solver keeps to: nodes, seconds and memory.

One :class:`Budget` serves the engine and every solver, so every one of them refuses
a bad limit with the same sentence and says the same when it stops. A solver counts
its nodes its own way (expanded nodes, queens placed, positions visited, ...) and
asks :meth:`Budget.check` every so often; the budget raises :class:`LimitReached`.

Every search is bounded by default: it may grow the process's memory by at most
:data:`DEFAULT_MAX_MEMORY_MB` megabytes, so a careless cell in a classroom cannot take
the machine down. ``max_memory_mb=None`` lifts that bound.

The environment variable ``PUZZLELAB_SLOWDOWN=k`` (a finite number of at least 1) makes
every time limit *k* times shorter, to run a lesson or a command as if on a machine *k*
times slower: a budget made while it is set divides its ``max_seconds`` by *k*. Whatever a
lesson prints should not change under it, except the times themselves; a bad value is
refused with one line when a budget is made. Unset or empty, it is 1.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from time import perf_counter
from typing import Final, Literal

from .errors import ProblemError, PuzzleError, finite_number, whole_number

#: How much a search may grow the process's memory unless told otherwise, in megabytes.
DEFAULT_MAX_MEMORY_MB = 1000

#: Passed as ``max_memory_mb`` (the default) to mean :data:`DEFAULT_MAX_MEMORY_MB`.
DEFAULT: Final = "default"

#: A memory bound as given: megabytes, :data:`DEFAULT`, or ``None`` for no bound.
MemoryLimit = float | Literal["default"] | None

#: Nodes between two looks at the clock and the memory at most: both cost a little.
CHECK_EVERY = 1024

#: :meth:`Budget.checkpoint` looks more often when this many seconds pass between two looks,
#: so that a slow heuristic or problem cannot carry a search far past its time limit.
LOOK_AT_LEAST_EVERY = 0.02

#: The environment variable that makes every time limit this many times shorter.
SLOWDOWN = "PUZZLELAB_SLOWDOWN"


class LimitReached(PuzzleError):
    """Raised inside a solver to stop it at a limit; its message says which limit.

    Solvers catch it and return their statistics so far. The few functions that
    return plain data (a count, a table) let it through: it is a
    :class:`~puzzlelab.errors.PuzzleError`, so it reads as one sentence.

    Examples
    --------
    >>> budget = Budget(max_nodes=10, what="queens placed")
    >>> with stopping() as stop:
    ...     budget.check(10)
    >>> stop.reason
    'the limit of 10 queens placed was reached'
    >>> from puzzlelab.solvers.queens_counting import count_solutions
    >>> count_solutions(8, max_nodes=10)
    Traceback (most recent call last):
    ...
    puzzlelab.limits.LimitReached: the limit of 10 queens placed was reached; 0 solutions ...
    """


def memory_mb() -> float | None:
    """Return the memory the process holds now (its resident set), in megabytes.

    On systems without ``/proc`` this is the largest it has held so far; where
    neither can be read (Windows, Pyodide and JupyterLite) it is ``None``, and the
    memory bound is off.

    A :class:`Budget` reads it when the search starts and every so often after, and
    stops the search when the difference passes ``max_memory_mb``.

    Examples
    --------
    >>> megabytes = memory_mb()
    >>> megabytes is None or megabytes > 1  # Python itself takes a few megabytes
    True
    """
    try:
        with open("/proc/self/statm", "rb") as statm:
            pages = int(statm.read().split()[1])
        return pages * PAGE_SIZE / 2**20
    except OSError:
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (ImportError, AttributeError, OSError):  # Windows; Pyodide's resource has no getrusage
        return None
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


PAGE_SIZE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def slowdown(environ: Mapping[str, str] | None = None) -> float:
    """Return how many times shorter every time limit is: :data:`SLOWDOWN` in the environment.

    Parameters
    ----------
    environ : mapping, optional
        Where to read the variable; ``os.environ`` unless given.

    Returns
    -------
    float
        A finite number of at least 1; 1 when the variable is unset or empty.

    Raises
    ------
    ProblemError
        A value that is not a finite number of at least 1.

    Examples
    --------
    >>> slowdown({}), slowdown({"PUZZLELAB_SLOWDOWN": "20"})
    (1.0, 20.0)
    >>> slowdown({"PUZZLELAB_SLOWDOWN": "0"})
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: PUZZLELAB_SLOWDOWN must be a finite number of at least 1 ...
    """
    text = (os.environ if environ is None else environ).get(SLOWDOWN, "").strip()
    if not text:
        return 1.0
    try:
        return float(finite_number(text, SLOWDOWN, least=1, text=True))
    except ProblemError:
        raise ProblemError(
            f"{SLOWDOWN} must be a finite number of at least 1 (how many times shorter every "
            f"time limit is), not {text!r}"
        ) from None


def check_limits(
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = None,
    nodes_name: str = "max_nodes",
) -> tuple[float, float, float]:
    """Return the limits checked, ``math.inf`` for none.

    Parameters
    ----------
    max_nodes : int, optional
        How many nodes (or candidates, or steps) a search may take: at least 1.
    max_seconds : float, optional
        How long it may run: a positive finite number.
    max_memory_mb : float, "default" or None
        How many megabytes the search may add to the process; ``"default"`` means
        :data:`DEFAULT_MAX_MEMORY_MB`, ``None`` no bound.
    nodes_name : str
        What to call *max_nodes* in the error message.

    Raises
    ------
    ProblemError
        A limit that is not a number of the allowed kind.

    Examples
    --------
    >>> check_limits(), check_limits(100, 2.5, 500)
    ((inf, inf, inf), (100, 2.5, 500))
    >>> check_limits(0)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: max_nodes must be a whole number of at least 1, not 0
    """
    if max_memory_mb == DEFAULT:
        max_memory_mb = DEFAULT_MAX_MEMORY_MB
    nodes = math.inf if max_nodes is None else whole_number(max_nodes, nodes_name, least=1)
    seconds = (
        math.inf if max_seconds is None else finite_number(max_seconds, "max_seconds", above=0)
    )
    memory = (
        math.inf
        if max_memory_mb is None
        else finite_number(max_memory_mb, "max_memory_mb", above=0)
    )
    return nodes, seconds, memory


class Budget:
    """The limits of one search, its clock and its memory.

    Parameters
    ----------
    max_nodes, max_seconds, max_memory_mb : optional
        As for :func:`check_limits`, which checks them. The memory is bounded by
        default; pass ``max_memory_mb=None`` to lift the bound. *max_seconds* is
        divided by :func:`slowdown`, read now.
    what : str
        What the nodes are, for the message: ``"the limit of 500 queens placed ..."``.
    nodes_name : str
        What to call *max_nodes* when it is refused.

    Examples
    --------
    >>> budget = Budget(max_nodes=500, what="queens placed")
    >>> budget.exceeded(499) is None, budget.exceeded(500)
    (True, 'the limit of 500 queens placed was reached')
    >>> budget.check(500)
    Traceback (most recent call last):
    ...
    puzzlelab.limits.LimitReached: the limit of 500 queens placed was reached
    """

    def __init__(
        self,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        max_memory_mb: MemoryLimit = DEFAULT,
        what: str = "expanded nodes",
        nodes_name: str = "max_nodes",
    ) -> None:
        self.default_memory = max_memory_mb == DEFAULT
        self.max_nodes, self.max_seconds, self.max_memory_mb = check_limits(
            max_nodes, max_seconds, max_memory_mb, nodes_name
        )
        self.what = what
        self.slowdown = slowdown()
        self.max_seconds /= self.slowdown  # as if on a machine this many times slower
        self.started = perf_counter()
        self.deadline = self.started + self.max_seconds
        self.memory_at_start = memory_mb() if self.max_memory_mb < math.inf else None
        if self.memory_at_start is None:  # no bound asked for, or no way to measure
            self.max_memory_mb = math.inf
        self.spent = 0  # nodes taken by earlier runs on this budget (iterative deepening)
        self.interval, self.last_look = 1, self.started  # grows while looks are cheap

    def exceeded(self, nodes: int) -> str | None:
        """Return why a search that has taken *nodes* nodes may take no more, or ``None``.

        The nodes of earlier runs on the same budget (``spent``) count too.
        """
        nodes += self.spent
        if nodes >= self.max_nodes:
            return f"the limit of {self.max_nodes:,} {self.what} was reached"
        return self._over_time_or_memory()

    def look(self) -> None:
        """Raise :class:`LimitReached` if the time or the memory is spent (nodes not counted).

        A search looks while one expansion generates many successors: a problem whose
        ``actions`` never ends is stopped there, not only at its next expansion.

        >>> Budget(max_seconds=60).look()
        >>> Budget(max_seconds=1e-9).look()
        Traceback (most recent call last):
        ...
        puzzlelab.limits.LimitReached: the limit of 1e-09 seconds was reached
        """
        reason = self._over_time_or_memory()
        if reason is not None:
            raise LimitReached(reason)

    def _over_time_or_memory(self) -> str | None:
        if perf_counter() > self.deadline:
            return self._time_reason()
        if self.memory_at_start is not None:  # a memory bound, and a way to measure it
            now = memory_mb()
            if now is not None and now - self.memory_at_start > self.max_memory_mb:
                return self._memory_reason()
        return None

    def _time_reason(self) -> str:
        if self.slowdown == 1:
            return f"the limit of {self.max_seconds:g} seconds was reached"
        return (
            f"the limit of {self.max_seconds:g} seconds was reached "
            f"({self.max_seconds * self.slowdown:g} seconds / {SLOWDOWN}={self.slowdown:g})"
        )

    def _memory_reason(self) -> str:
        if self.default_memory:
            return (
                f"the default limit of {self.max_memory_mb:,g} MB of memory was reached "
                "(pass max_memory_mb=None, or --max-memory-mb none, to lift it)"
            )
        return f"the limit of {self.max_memory_mb:,g} MB of memory was reached"

    def check(self, nodes: int) -> None:
        """Raise :class:`LimitReached` when :meth:`exceeded` gives a reason."""
        reason = self.exceeded(nodes)
        if reason is not None:
            raise LimitReached(reason)

    def checkpoint(self, nodes: int) -> float:
        """Check the limits after *nodes* nodes; return the node count at which to look again.

        A loop calls this only when its count reaches the number returned last time
        (start at 0), so it pays one comparison per node. The looks start one node
        apart and spread out, up to :data:`CHECK_EVERY` nodes, while they come fast;
        while they are more than :data:`LOOK_AT_LEAST_EVERY` seconds apart the budget
        halves the distance again, so even a search with a slow heuristic keeps to its
        time limit within a few hundredths of a second. The next look is at the node
        limit at the latest.

        >>> budget = Budget(max_nodes=100)
        >>> [budget.checkpoint(n) for n in (0, 2, 6, 14)], budget.checkpoint(99)
        ([2, 6, 14, 30], 100)
        """
        self.check(nodes)
        now = perf_counter()
        if now - self.last_look > LOOK_AT_LEAST_EVERY:
            self.interval = max(1, self.interval // 2)
        elif self.interval < CHECK_EVERY:
            self.interval *= 2
        self.last_look = now
        return min(self.max_nodes - self.spent, nodes + self.interval)

    def elapsed(self) -> float:
        """Seconds since the budget was made (the search started)."""
        return perf_counter() - self.started


@dataclass
class Stop:
    """Why a loop ended before its end: empty (false) until a limit or Ctrl-C stops it.

    Attributes
    ----------
    status : str
        ``"limit"`` or ``"interrupted"``; ``""`` while nothing stopped the loop.
    reason : str
        The sentence a result gives for it.

    Examples
    --------
    >>> bool(Stop()), bool(Stop("limit", "the limit of 5 seconds was reached"))
    (False, True)
    """

    status: str = ""
    reason: str = ""

    def __bool__(self) -> bool:
        return bool(self.status)


@contextmanager
def stopping() -> Iterator[Stop]:
    """Run a loop's block; a limit, Ctrl-C or the system's memory cap ends it, and says why.

    Every loop of puzzlelab stops this way: the block ends early, the :class:`Stop` it
    yields says why, and the loop writes its result with the counts so far.

    Examples
    --------
    >>> with stopping() as stop:
    ...     raise LimitReached("the limit of 10 queens placed was reached")
    >>> stop.status, stop.reason
    ('limit', 'the limit of 10 queens placed was reached')
    >>> with stopping() as stop:
    ...     raise KeyboardInterrupt
    >>> stop
    Stop(status='interrupted', reason='the search was interrupted')
    """
    stop = Stop()
    try:
        yield stop
    except LimitReached as error:
        stop.status, stop.reason = "limit", str(error)
    except MemoryError:  # the system's own cap on memory, below the search's limit
        stop.status, stop.reason = "limit", "the memory the system allows this process ran out"
    except KeyboardInterrupt:
        stop.status, stop.reason = "interrupted", "the search was interrupted"
