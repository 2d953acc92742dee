"""Counting N-queens solutions fast: backtracking over bit masks, and fundamental solutions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..limits import DEFAULT, Budget, MemoryLimit, TimeLimit, stopping
from ..puzzles.queens import Placement, canonical, check_size
from ..results import SearchStats
from .queens import SolutionsResult, finished, solutions_result


def _bitmask_solutions(
    n: int, budget: Budget, stats: SearchStats, first_columns: Iterable[int] | None = None,
    placements: bool = True,
) -> Iterator[Placement | None]:  # fmt: skip
    """Yield every solution whose row-0 queen is in *first_columns* (None without *placements*).

    >>> stats = SearchStats()
    >>> list(_bitmask_solutions(6, Budget(), stats, first_columns=[1])), stats.expanded
    ([(1, 3, 5, 0, 2, 4)], 29)
    """
    full = (1 << n) - 1
    # For each row above the current one: its lines (columns, left, right), its squares untried.
    rows_above: list[tuple[int, int, int, int]] = []
    columns = left = right = 0
    free = full if first_columns is None else sum(1 << col for col in set(first_columns))
    placed = stats.expanded  # counted in a local: the loop runs millions of times
    next_look: float = 0
    try:
        while True:
            if free:
                bit = free & -free  # the lowest free square
                free ^= bit
                if placed >= next_look:
                    next_look = budget.checkpoint(placed)
                placed += 1
                if columns | bit == full:  # the last row's queen: a solution
                    stats.expanded = placed
                    yield _placement(rows_above, columns, full) if placements else None
                    continue
                rows_above.append((columns, left, right, free))
                columns, left, right = columns | bit, ((left | bit) << 1) & full, (right | bit) >> 1
                free = full & ~(columns | left | right)
            elif rows_above:
                columns, left, right, free = rows_above.pop()
            else:
                return
    finally:  # however the search ended: a limit, Ctrl-C, or the last solution
        stats.expanded = placed


def _placement(rows_above: list[tuple[int, int, int, int]], columns: int, full: int) -> Placement:
    taken = [above for above, _, _, _ in rows_above] + [columns, full]
    return tuple((after ^ before).bit_length() - 1 for before, after in zip(taken, taken[1:]))


def count_bitmask(
    n: int,
    *,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Count the solutions by backtracking over bit masks: a row's columns taken, and those earlier
    queens' diagonals pass through, are n-bit numbers. There is no example here;
    ``tests/test_queens.py`` runs it."""
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="queens placed")
    stats = SearchStats()
    count = 0
    with stopping() as stop:
        for _ in _bitmask_solutions(n, budget, stats, placements=False):
            count += 1
    return solutions_result("count_bitmask", n, budget, stats.expanded, [], count, stop=stop,
                            solved="every solution was counted", counted="solution")  # fmt: skip


def count_solutions(n: int, **limits: Any) -> int:
    """Return the number of solutions (:func:`count_bitmask`); LimitReached if a limit stops it.

    >>> [count_solutions(n) for n in range(1, 11)]
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    """
    return finished(count_bitmask(n, **limits)).count


def count_fundamental(
    n: int,
    *,
    keep: bool = False,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Count the fundamental solutions (the smallest of each family's 8 images), the row-0
    queen in the left half only; *keep* keeps them.

    >>> count_fundamental(8).count
    12
    """
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="queens placed")
    stats = SearchStats()
    count = 0
    kept: list[Placement] = []
    with stopping() as stop:
        for placement in _bitmask_solutions(n, budget, stats, range((n + 1) // 2)):
            assert placement is not None  # asked for placements (the default)
            if placement == canonical(placement):
                count += 1
                if keep:
                    kept.append(placement)
    solved = "every fundamental solution was counted"
    return solutions_result("count_fundamental", n, budget, stats.expanded, kept, count,
                            stop=stop, solved=solved, counted="fundamental solution")  # fmt: skip


def fundamental_solutions(n: int, **limits: Any) -> list[Placement]:
    """Return one solution per symmetry family, sorted; LimitReached if a limit stops it.

    >>> fundamental_solutions(6)
    [(1, 3, 5, 0, 2, 4)]
    """
    return sorted(finished(count_fundamental(n, keep=True, **limits)).solutions)
