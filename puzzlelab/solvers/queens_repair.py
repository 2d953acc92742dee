"""Min-conflicts repair for N queens: a full board with attacks, mended one queen at a time."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import chain

from ..errors import whole_number
from ..limits import DEFAULT, Budget, MemoryLimit, TimeLimit, stopping
from ..puzzles.queens import Placement, check_size, solvable
from ..results import SearchResult, SearchStats
from .queens import NO_SOLUTION


@dataclass(repr=False)
class RepairResult(SearchResult):
    """One min-conflicts run: its last ``placement``, and the attacking pairs on the first
    and last board.

    >>> min_conflicts(8, seed=1)
    <min_conflicts: solved 8 queens | 42 expanded, restarts 0, 0 conflicts, ... s>
    """

    n: int = 0
    seed: int | None = None
    placement: Placement = ()
    start_conflicts: int | None = None
    conflicts: int = 0
    extra_fields = ("n", "seed", "start_conflicts", "conflicts")  # not the placement

    def summary(self) -> str:
        return f"solved {self.n} queens" if self.solved else super().summary()

    def __repr__(self) -> str:
        s = self.stats
        return (
            f"<{self.algorithm}: {self.summary()} | {s.expanded:,} expanded, restarts "
            f"{s.extra.get('restarts', 0)}, {self.conflicts:,} conflicts, {s.seconds:.3f} s>"
        )

    def table_rows(self) -> list[tuple[str, object]]:
        s = self.stats
        return [
            ("status", self.status_text()),
            ("queens", self.n),
            ("seed", self.seed),
            ("conflicts at the start", self.start_conflicts),
            ("conflicts", self.conflicts),
            ("expanded", f"{s.expanded:,}"),
            ("restarts", s.extra.get("restarts", 0)),
            ("seconds", f"{s.seconds:.3f}"),
        ]


class _Lines:
    """How many queens stand on each column, diagonal and anti-diagonal."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.columns = [0] * n
        self.diagonals = [0] * (2 * n - 1)  # index row - col + n - 1
        self.anti_diagonals = [0] * (2 * n - 1)  # index row + col

    def add(self, row: int, col: int, queens: int = 1) -> None:
        self.columns[col] += queens
        self.diagonals[row - col + self.n - 1] += queens
        self.anti_diagonals[row + col] += queens

    def attackers(self, row: int, col: int) -> int:
        """The queens on the lines of (row, col), one there counted 3 times."""
        return (
            self.columns[col]
            + self.diagonals[row - col + self.n - 1]
            + self.anti_diagonals[row + col]
        )

    def row_costs(self, row: int) -> list[int]:
        """``attackers(row, col)`` for every column, in one pass."""
        n = self.n
        # Along the row the diagonal index falls; the anti-diagonal index rises.
        diagonals = reversed(self.diagonals[row : row + n])
        return [
            a + b + c
            for a, b, c in zip(self.columns, diagonals, self.anti_diagonals[row : row + n])
        ]

    def pairs(self) -> int:
        lines = chain(self.columns, self.diagonals, self.anti_diagonals)
        return sum(k * (k - 1) for k in lines if k > 1) // 2


#: Bytes min-conflicts holds per queen, about: its line counts and one row's costs.
_BYTES_PER_QUEEN = 64


def _least_attacked(costs: list[int], rng: random.Random) -> int:
    best = min(costs)
    return rng.choice([col for col, cost in enumerate(costs) if cost == best])


def _greedy(
    n: int, rng: random.Random, placement: list[int], lines: _Lines, budget: Budget | None = None
) -> None:
    """Fill *placement* (empty, with *lines*) as :func:`greedy_start` does."""
    next_look: float = 0  # the row at which to ask the budget again
    for row in range(n):
        if budget is not None and row >= next_look:
            next_look = row + budget.checkpoint(0)
        col = _least_attacked(lines.row_costs(row), rng)
        lines.add(row, col)
        placement.append(col)


def greedy_start(n: int, seed: int | None = None, budget: Budget | None = None) -> Placement:
    """Return a full board built row by row, each queen where the fewest earlier ones attack (ties
    at random, by *seed*); a *budget* bounds its steps. There is no example here;
    ``tests/test_queens.py`` runs it."""
    n = check_size(n)
    placement: list[int] = []
    _greedy(n, random.Random(seed), placement, _Lines(n), budget)
    return tuple(placement)


def min_conflicts(
    n: int,
    *,
    seed: int | None = None,
    restart_after: int | None = None,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> RepairResult:
    """Solve n queens by min-conflicts: each step moves a random attacked queen of a greedy
    full board, within its row, to the square fewest queens attack. After *restart_after*
    steps (default ``2 * n + 100``) it starts again from a new greedy board.

    >>> from puzzlelab.puzzles.queens import is_solution
    >>> result = min_conflicts(300, seed=7)
    >>> result.solved, is_solution(result.placement, 300), result.conflicts
    (True, True, 0)
    """
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="queens moved")
    restart_after = 2 * n + 100 if restart_after is None else whole_number(
        restart_after, "restart_after", least=1)  # fmt: skip
    result = RepairResult("min_conflicts", "solved", n=n, seed=seed,
                          stats=SearchStats(extra={"restarts": 0}))  # fmt: skip
    if not solvable(n):
        result.status, result.reason = "unsolvable", (
            f"{NO_SOLUTION.format(n=n)} (min-conflicts itself could never tell: it would move "
            "queens forever)")  # fmt: skip
        return result
    needed = _BYTES_PER_QUEEN * n / 2**20
    if needed > budget.max_memory_mb:
        result.status = "limit"
        result.reason = (f"{n:,} queens need about {needed:,.0f} MB, more than the limit of "
                         f"{budget.max_memory_mb:,g} MB of memory")  # fmt: skip
        return result
    rng = random.Random(seed)
    placement: list[int] = []
    lines = _Lines(n)
    steps = 0
    next_look: float = 0  # when to ask the budget again
    with stopping() as stop:
        _greedy(n, random.Random(rng.randrange(2**32)), placement, lines, budget)
        result.start_conflicts = lines.pairs()
        steps_this_try = 0
        while True:
            attacked = [row for row in range(n) if lines.attackers(row, placement[row]) > 3]
            if not attacked:
                result.reason = "no queen is attacked"
                break
            if steps >= next_look:
                next_look = budget.checkpoint(steps)
            if steps_this_try == restart_after:
                placement, lines = [], _Lines(n)
                _greedy(n, random.Random(rng.randrange(2**32)), placement, lines, budget)
                result.stats.extra["restarts"] += 1
                steps_this_try = 0
                continue
            row = rng.choice(attacked)
            lines.add(row, placement[row], -1)
            placement[row] = _least_attacked(lines.row_costs(row), rng)
            lines.add(row, placement[row])
            steps += 1
            steps_this_try += 1
    if stop:
        result.status, result.reason = stop.status, stop.reason
    result.placement = tuple(placement)
    result.conflicts = lines.pairs()
    result.stats.expanded, result.stats.seconds = steps, budget.elapsed()
    return result
