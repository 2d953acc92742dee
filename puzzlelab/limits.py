"""The limits every search and solver keeps to, one :class:`Budget`: nodes, seconds, memory."""

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

#: How many megabytes a search may grow the process's memory unless told otherwise (``DEFAULT``).
DEFAULT_MAX_MEMORY_MB = 1000
DEFAULT: Final = "default"

#: A memory bound as given: megabytes, :data:`DEFAULT`, or ``None`` for no bound.
MemoryLimit = float | Literal["default"] | None

#: How many seconds a search or solver may run unless told otherwise (``DEFAULT``): a class
#: waits for no search longer, and one that uses little memory has no other bound.
DEFAULT_MAX_SECONDS = 600

#: A time bound as given: seconds, :data:`DEFAULT`, or ``None`` for no bound.
TimeLimit = float | Literal["default"] | None

#: Nodes between two looks at the clock and the memory at most: both cost a little.
CHECK_EVERY = 1024

#: :meth:`Budget.checkpoint` looks more often when more seconds than this pass between looks.
LOOK_AT_LEAST_EVERY = 0.02

#: The environment variable that makes every time limit that many times shorter.
SLOWDOWN = "PUZZLELAB_SLOWDOWN"


class LimitReached(PuzzleError):
    """Raised inside a solver to stop it at a limit; its message says which limit.

    >>> from puzzlelab.solvers.queens_counting import count_solutions
    >>> count_solutions(8, max_nodes=10)
    Traceback (most recent call last):
    ...
    puzzlelab.limits.LimitReached: the limit of 10 queens placed was reached; 0 solutions ...
    """


def memory_mb() -> float | None:
    """Return the process's resident memory in megabytes (without ``/proc``: its peak; else None).

    >>> memory_mb() is None or memory_mb() > 1  # Python itself takes a few megabytes
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
    """Return how many times shorter every time limit is: :data:`SLOWDOWN` in *environ*.

    >>> slowdown({}), slowdown({"PUZZLELAB_SLOWDOWN": "20"})
    (1.0, 20.0)
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


class Budget:
    """The limits of one search (nodes, seconds, megabytes added), its clock and its memory.

    >>> budget = Budget(max_nodes=500, what="queens placed")
    >>> budget.check(499)
    >>> budget.check(500)
    Traceback (most recent call last):
    ...
    puzzlelab.limits.LimitReached: the limit of 500 queens placed was reached
    """

    def __init__(
        self,
        max_nodes: int | None = None,
        max_seconds: TimeLimit = DEFAULT,
        max_memory_mb: MemoryLimit = DEFAULT,
        what: str = "expanded nodes",
        nodes_name: str = "max_nodes",
    ) -> None:
        self.default_memory = max_memory_mb == DEFAULT
        if self.default_memory:
            max_memory_mb = DEFAULT_MAX_MEMORY_MB
        self.default_time = max_seconds == DEFAULT
        self.max_nodes = math.inf if max_nodes is None else whole_number(max_nodes, nodes_name, 1)
        self.max_seconds = _positive(seconds_of(max_seconds), "max_seconds")
        self.max_memory_mb = _positive(max_memory_mb, "max_memory_mb")  # type: ignore[arg-type]
        self.what = what
        self.slowdown = slowdown()
        self.max_seconds /= self.slowdown  # as if on a machine this many times slower
        self.started = perf_counter()
        self.deadline = self.started + self.max_seconds
        self.memory_at_start = memory_mb() if self.max_memory_mb < math.inf else None
        if self.memory_at_start is None:  # no bound asked for, or no way to measure
            self.max_memory_mb = math.inf
        self.spent = 0  # nodes taken by earlier runs on this budget
        self.interval, self.last_look = 1, self.started  # grows while looks are cheap

    def check(self, nodes: int) -> None:
        """Raise :class:`LimitReached` if *nodes* (plus ``spent``), the time or memory is over."""
        if nodes + self.spent >= self.max_nodes:
            raise LimitReached(f"the limit of {self.max_nodes:,} {self.what} was reached")
        self.look()

    def look(self) -> None:
        """Raise :class:`LimitReached` if the time or the memory is spent (nodes not counted)."""
        if perf_counter() > self.deadline:
            which = "default limit" if self.default_time else "limit"
            reason = f"the {which} of {self.max_seconds:g} seconds was reached"
            if self.slowdown != 1:
                real = self.max_seconds * self.slowdown
                reason += f" ({real:g} seconds / {SLOWDOWN}={self.slowdown:g})"
            if self.default_time:
                reason += " (pass max_seconds=None, or --max-seconds none, to lift it)"
            raise LimitReached(reason)
        if self.memory_at_start is not None:  # a memory bound, and a way to measure it
            now = memory_mb()
            if now is not None and now - self.memory_at_start > self.max_memory_mb:
                raise LimitReached(self.memory_reason())

    def memory_reason(self) -> str:
        if self.default_memory:
            return (
                f"the default limit of {self.max_memory_mb:,g} MB of memory was reached "
                "(pass max_memory_mb=None, or --max-memory-mb none, to lift it)"
            )
        return f"the limit of {self.max_memory_mb:,g} MB of memory was reached"

    def checkpoint(self, nodes: int) -> float:
        """Check the limits after *nodes* nodes; return the node count at which to look again
        (looks spread out to :data:`CHECK_EVERY` nodes while they are cheap).

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
        return perf_counter() - self.started


@dataclass
class Stop:
    """Why a loop ended early (``"limit"`` or ``"interrupted"``, and why); false if it did not.

    There is no example here; ``tests/test_core_search.py`` runs it.
    """

    status: str = ""
    reason: str = ""

    def __bool__(self) -> bool:
        return bool(self.status)


@contextmanager
def stopping() -> Iterator[Stop]:
    """Run a loop's block; a limit, Ctrl-C or the system's memory cap ends it, and says why.

    There is no example here; ``tests/test_core_search.py`` runs it.
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


def seconds_of(max_seconds: TimeLimit) -> float | None:
    """The seconds a time bound as given stands for (None: no bound).

    >>> seconds_of(DEFAULT), seconds_of(2.5), seconds_of(None)
    (600, 2.5, None)
    """
    return DEFAULT_MAX_SECONDS if max_seconds == DEFAULT else max_seconds


def _positive(value: float | None, name: str) -> float:
    """A positive limit, or ``math.inf`` for None."""
    return math.inf if value is None else finite_number(value, name, above=0)
