"""N-queens solvers: generate and test, and backtracking; the result they all share, and a
backtracking trace replayed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from ..errors import BoardError
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit, Stop, TimeLimit, stopping
from ..puzzles.queens import Placement, check_size, safe
from ..results import SearchResult, SearchStats

__all__ = ["SolutionsResult", "backtracking", "first_solution", "format_runs", "generate_and_test"]

#: ``("place", row, col)`` or ``("retreat", row, col)``.
Event = tuple[str, int, int]
#: The reason a search that found no solution gives, for ``n`` queens.
NO_SOLUTION = "no placement of {n} queens avoids every attack"


@dataclass(repr=False)
class SolutionsResult(SearchResult):
    """The solutions of n queens found: ``count`` of them, ``solutions`` those kept.

    >>> backtracking(6)
    <backtracking: solved, 4 solutions of 6 queens | 152 expanded, retreats 152, ... s>
    """

    n: int = 0
    count: int = 0
    solutions: list[Placement] = field(default_factory=list)
    extra_fields = ("n", "count")  # not the solutions

    def summary(self) -> str:
        if self.solved:
            kind = "fundamental solution" if self.algorithm == "count_fundamental" else "solution"
            return f"solved, {self.count:,} {kind}{'s' * (self.count != 1)} of {self.n} queens"
        return super().summary()

    def __repr__(self) -> str:
        s = self.stats
        extra = "".join(f", {name} {value:,}" for name, value in s.extra.items())
        return (
            f"<{self.algorithm}: {self.summary()} | {s.expanded:,} expanded{extra}, "
            f"{s.seconds:.3f} s>"
        )

    def table_rows(self) -> list[tuple[str, object]]:
        s = self.stats
        rows = [
            ("status", self.status_text()),
            ("queens", self.n),
            ("solutions", f"{self.count:,}"),
            ("expanded", f"{s.expanded:,}"),
            ("seconds", f"{s.seconds:.3f}"),
        ]
        return rows + [(name.replace("_", " "), value) for name, value in s.extra.items()]


def solutions_result(
    algorithm: str, n: int, budget: Budget, expanded: int, solutions: list[Placement],
    count: int | None = None, extra: dict[str, Any] | None = None,
    stop: Stop | None = None, solved: str = "every solution was found", counted: str = "",
) -> SolutionsResult:  # fmt: skip
    """Return the SolutionsResult of a search that ended, or was stopped (*stop*); *counted* names
    what a counting search counts."""
    count = len(solutions) if count is None else count
    if stop:
        status, reason = stop.status, stop.reason
        if counted:
            reason += f"; {count:,} {counted}{'s' * (count != 1)} counted so far"
    elif count:
        status, reason = "solved", solved
    else:
        status, reason = "exhausted", NO_SOLUTION.format(n=n)
    stats = SearchStats(expanded=expanded, seconds=budget.elapsed(), extra=extra or {})
    return SolutionsResult(algorithm, status, stats=stats, reason=reason, n=n, count=count,
                           solutions=solutions)  # fmt: skip


def finished(result: SolutionsResult) -> SolutionsResult:
    """Return *result* if its search ran to the end; else raise LimitReached or
    KeyboardInterrupt."""
    if result.status == "interrupted":
        raise KeyboardInterrupt
    if result.status == "limit":
        raise LimitReached(result.reason)
    return result


def generate_and_test(
    n: int,
    *,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Return every solution found by testing each permutation of the columns (n! candidates).

    >>> result = generate_and_test(6)
    >>> result.count, result.stats.expanded, result.status
    (4, 720, 'solved')
    >>> generate_and_test(8, max_nodes=100).reason
    'the limit of 100 candidates tested was reached'
    """
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="candidates tested")
    tested, next_look = 0, 0.0  # candidates tested, and when to ask the budget again
    solutions: list[Placement] = []
    with stopping() as stop:
        for candidate in permutations(range(n)):
            if tested >= next_look:
                next_look = budget.checkpoint(tested)
            tested += 1
            diagonals = {row - col for row, col in enumerate(candidate)}
            if len(diagonals) == n == len({row + col for row, col in enumerate(candidate)}):
                solutions.append(candidate)
    return solutions_result("generate_and_test", n, budget, tested, solutions, stop=stop,
                             solved="every candidate was tested")  # fmt: skip


def backtracking(
    n: int,
    *,
    first_only: bool = False,
    trace: list[Event] | None = None,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Return the solutions found by placing queens row by row, each on the leftmost free
    square; where none is left, the queen above retreats. *trace* gets every :data:`Event`.

    >>> result = backtracking(8)
    >>> result.count, result.stats.expanded, result.stats.extra
    (92, 2056, {'retreats': 2056})
    >>> steps = []
    >>> backtracking(4, first_only=True, trace=steps).solutions
    [(1, 3, 0, 2)]
    >>> steps[:4]
    [('place', 0, 0), ('place', 1, 2), ('retreat', 1, 2), ('place', 1, 3)]
    """
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="queens placed")
    placement: list[int] = []  # the columns of the queens on the board, row by row
    columns: set[int] = set()
    diagonals: set[int] = set()
    anti_diagonals: set[int] = set()
    solutions: list[Placement] = []
    placed, retreats = 0, 0
    next_look: float = 0  # the queens placed at the next look at the limits
    col = 0  # the next column to try in the row being filled
    with stopping() as stop:
        while True:
            row = len(placement)
            if row == n:
                solutions.append(tuple(placement))
                if first_only:
                    break
            else:
                while col < n and (
                    col in columns or row - col in diagonals or row + col in anti_diagonals
                ):
                    col += 1  # attacked: this is where backtracking prunes
            if row < n and col < n:
                if placed >= next_look:
                    next_look = budget.checkpoint(placed)  # may this queen be placed?
                placed += 1
                placement.append(col)
                columns.add(col)
                diagonals.add(row - col)
                anti_diagonals.add(row + col)
                if trace is not None:
                    trace.append(("place", row, col))
                col = 0
            elif placement:  # nothing (more) in this row: the queen above retreats
                row, col = row - 1, placement.pop()
                columns.remove(col)
                diagonals.remove(row - col)
                anti_diagonals.remove(row + col)
                retreats += 1
                if trace is not None:
                    trace.append(("retreat", row, col))
                col += 1
            else:
                break  # the row-0 queen has tried every column: the search is over
    solved = "the first solution was found" if first_only else "every solution was found"
    return solutions_result("backtracking", n, budget, placed, solutions, stop=stop,
                             extra={"retreats": retreats}, solved=solved)  # fmt: skip


def first_solution(n: int, trace: list[Event] | None = None, **limits: Any) -> Placement | None:
    """Return the first solution :func:`backtracking` finds, or None; LimitReached if stopped.

    >>> first_solution(8), first_solution(3)
    ((0, 4, 7, 5, 2, 6, 1, 3), None)
    """
    found = finished(backtracking(n, first_only=True, trace=trace, **limits)).solutions
    return found[0] if found else None


def format_runs(rows: list[dict], columns: list[str] | None = None) -> str:
    """Return *rows* (dicts) as an aligned plain-text table of *columns* (default: all keys).

    >>> print(format_runs([{"n": 8, "count": 92}, {"n": 10, "count": 724}]))
     n  count
     8     92
    10    724
    """
    columns = list(rows[0]) if columns is None else columns

    def cell(value: object) -> str:
        if isinstance(value, float):
            return f"{value:.3f}"
        return (
            f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
        )

    cells = [[cell(row.get(c, "")) for c in columns] for row in rows]
    widths = [max(len(c), *(len(line[i]) for line in cells)) for i, c in enumerate(columns)]
    lines = [[c.rjust(w) for c, w in zip(columns, widths)]]
    lines += [[c.rjust(w) for c, w in zip(line, widths)] for line in cells]
    return "\n".join("  ".join(line) for line in lines)


@dataclass(frozen=True)
class TraceStep:
    """The board after one step of a backtracking trace (``event`` None: the empty board)."""

    index: int
    event: Event | None
    placement: Placement
    placed: int
    retreats: int
    solutions: int
    solution: bool

    def describe(self) -> str:
        """The step in words, e.g. ``place row 3 col 5``."""
        if self.event is None:
            return "empty board"
        kind, row, col = self.event
        return f"{kind} row {row} col {col}" + (" (a solution!)" if self.solution else "")


def replay(trace: Iterable[Event], n: int) -> list[TraceStep]:
    """Return the board after each step of *trace*, the empty board first."""
    n = check_size(n)
    placement: Placement = ()
    placed = retreats = solutions = 0
    frames = [TraceStep(0, None, placement, 0, 0, 0, False)]
    for index, event in enumerate(trace, start=1):
        kind, row, col = event
        if kind == "place":
            if row != len(placement) or not (0 <= col < n) or not safe(placement, col):
                raise BoardError(f"step {index}: cannot place a queen on row {row} col {col} "
                                 f"with {placement} on the board")  # fmt: skip
            placement += (col,)
            placed += 1
            solutions += len(placement) == n
        elif kind == "retreat":
            if not placement or (len(placement) - 1, placement[-1]) != (row, col):
                raise BoardError(f"step {index}: the last queen placed is not on row {row} "
                                 f"col {col} (board: {placement})")  # fmt: skip
            placement = placement[:-1]
            retreats += 1
        else:
            raise BoardError(f"step {index}: {kind!r} is not 'place' or 'retreat'")
        solution = kind == "place" and len(placement) == n
        frames.append(TraceStep(index, event, placement, placed, retreats, solutions, solution))
    return frames
