"""N-queens solvers: generate and test, backtracking, bitmask counting, min-conflicts.

The rules (placements, attacks, symmetries, the search problem) are in
:mod:`puzzlelab.puzzles.queens`; this module searches with them.

Vocabulary (see the rules for *placement*, *attack*, *line*, *conflict*, *family*):

- *generate and test* makes every arrangement first (each permutation of the columns,
  a *candidate*) and checks it afterwards;
- *backtracking* checks each queen as it is *placed* and *retreats* (takes the queen off
  again) when nothing below it works; every queen placed is one node of its search tree.
  A *trace* records these steps as ``("place", row, col)`` and ``("retreat", row, col)``;
- a *fundamental* solution stands for its whole family under the 8 symmetries;
- *min-conflicts* starts from a full board with some attacks and repeatedly moves one
  attacked queen, within its row, to a square attacked by as few queens as possible.

Every solver returns a :class:`~puzzlelab.results.SearchResult`: a
:class:`SolutionsResult` (the solutions found and their count) or a
:class:`RepairResult` (min-conflicts' final board). ``stats.expanded`` counts what
``max_nodes`` limits: candidates tested, queens placed, or queens moved, and every solver
asks its :class:`~puzzlelab.limits.Budget` at the counts that
:meth:`~puzzlelab.limits.Budget.checkpoint` names. ``status`` is ``"solved"`` (the first
solution found, or every solution counted), ``"exhausted"`` (searched to the end: no
solution), ``"limit"`` or ``"interrupted"``; min-conflicts, which cannot prove that there
is no solution, answers ``"unsolvable"`` for 2 and 3 queens instead of searching.
No solver recurses, so any board size is safe.

Examples
--------
>>> solutions_backtracking(4)
[(1, 3, 0, 2), (2, 0, 3, 1)]
>>> len(solutions_generate_and_test(6)), count_solutions(8), len(fundamental_solutions(8))
(4, 92, 12)
>>> generate_and_test(8).stats.expanded, backtracking(8).stats.expanded
(40320, 2056)
>>> backtracking(3)  # doctest: +ELLIPSIS
<backtracking: exhausted: no placement of 3 queens ... | 5 expanded, retreats 5, ... s>
>>> min_conflicts(200, seed=1).solved
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, permutations
from typing import Any

from ..errors import BoardError, whole_number
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit, stopped
from ..puzzles.queens import Placement, canonical, check_size, safe, solvable
from ..results import SearchResult, SearchStats

#: One step of a backtracking trace: ``("place", row, col)`` or ``("retreat", row, col)``.
Event = tuple[str, int, int]


def _no_solution(n: int) -> str:
    return f"no placement of {n} queens avoids every attack"


# ---------------------------------------------------------------- results


@dataclass(repr=False)
class SolutionsResult(SearchResult):
    """The outcome of a search for the solutions of n queens (all of them, or the first).

    Attributes
    ----------
    n : int
        The board size.
    count : int
        Solutions found (so far, if the search stopped early).
    solutions : list of tuple
        The solutions found, in the order found (counting over bit masks keeps none).

    ``stats.expanded`` is the work: candidates tested, or queens placed;
    ``stats.extra["retreats"]`` (backtracking) the queens taken off again.

    Examples
    --------
    >>> result = backtracking(6)
    >>> result
    <backtracking: solved, 4 solutions of 6 queens | 152 expanded, retreats 152, ... s>
    >>> result.count, result.solutions[0]
    (4, (1, 3, 5, 0, 2, 4))
    """

    n: int = 0
    count: int = 0
    solutions: list[Placement] = field(default_factory=list)

    def summary(self) -> str:
        if self.solved:
            kind = "fundamental solution" if self.algorithm == "count_fundamental" else "solution"
            return f"solved, {self.count:,} {kind}{'s' * (self.count != 1)} of {self.n} queens"
        return f"{self.status}: {self.reason}"

    def __repr__(self) -> str:
        s = self.stats
        extra = "".join(f", {name} {value:,}" for name, value in s.extra.items())
        return (
            f"<{self.algorithm}: {self.summary()} | {s.expanded:,} expanded{extra}, "
            f"{s.seconds:.3f} s>"
        )

    def as_dict(self) -> dict[str, Any]:
        """Return the result as plain data (JSON-ready), without the solutions."""
        return {**super().as_dict(), "n": self.n, "count": self.count}

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


def _solutions_result(
    algorithm: str, n: int, budget: Budget, expanded: int, solutions: list[Placement],
    count: int | None = None, extra: dict[str, Any] | None = None,
    stop: BaseException | None = None, solved: str = "every solution was found",
) -> SolutionsResult:  # fmt: skip
    """Return the SolutionsResult of a search that ended normally, or by *stop*."""
    count = len(solutions) if count is None else count
    if stop is not None:
        status, reason = stopped(stop)
    elif count:
        status, reason = "solved", solved
    else:
        status, reason = "exhausted", _no_solution(n)
    stats = SearchStats(expanded=expanded, seconds=budget.elapsed(), extra=extra or {})
    return SolutionsResult(algorithm, status, stats=stats, reason=reason, n=n, count=count,
                           solutions=solutions)  # fmt: skip


def _finished(result: SolutionsResult) -> SolutionsResult:
    """Return *result* if its search ran to the end; else raise, as a plain value cannot
    say that it is only part of the answer (KeyboardInterrupt again, or LimitReached)."""
    if result.status == "interrupted":
        raise KeyboardInterrupt
    if result.status == "limit":
        raise LimitReached(result.reason)
    return result


# ---------------------------------------------------------------- generate and test


def no_diagonal_attacks(candidate: Placement) -> bool:
    """Return whether no two queens of *candidate* share a diagonal.

    A permutation has one queen per row and per column already, so this is the
    whole test: n queens on n different diagonals, and on n different anti-diagonals.

    >>> no_diagonal_attacks((1, 3, 0, 2)), no_diagonal_attacks((0, 2, 1, 3))
    (True, False)
    """
    n = len(candidate)
    return (
        len({row - col for row, col in enumerate(candidate)}) == n
        and len({row + col for row, col in enumerate(candidate)}) == n
    )


def generate_and_test(
    n: int,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Return every solution found by testing each permutation of the columns (n! candidates).

    Parameters
    ----------
    n : int
        The board size.
    max_nodes, max_seconds, max_memory_mb
        Stop after testing this many candidates, after this many seconds, or when the
        process has grown by this many megabytes (1,000 by default; ``None`` lifts it).

    Returns
    -------
    SolutionsResult
        ``stats.expanded`` is the number of candidates tested.

    Examples
    --------
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
    stop: BaseException | None = None
    try:
        for candidate in permutations(range(n)):
            if tested >= next_look:
                next_look = budget.checkpoint(tested)
            tested += 1
            if no_diagonal_attacks(candidate):
                solutions.append(candidate)
    except (LimitReached, KeyboardInterrupt) as error:
        stop = error
    return _solutions_result("generate_and_test", n, budget, tested, solutions, stop=stop,
                             solved="every candidate was tested")  # fmt: skip


def solutions_generate_and_test(n: int, **limits: Any) -> list[Placement]:
    """Return all solutions by testing every permutation of the columns (n! candidates).

    *limits* go to :func:`generate_and_test`; if one stops it, LimitReached is raised.

    Parameters
    ----------
    n : int
        The board size.
    max_nodes, max_seconds, max_memory_mb : optional
        As for :func:`generate_and_test`.

    Returns
    -------
    list of tuple
        The solutions, in the order of the permutations (smallest first).

    Raises
    ------
    LimitReached
        If a limit stopped the search: the list would be incomplete.

    Examples
    --------
    >>> solutions = solutions_generate_and_test(5)
    >>> len(solutions), solutions[:2]
    (10, [(0, 2, 4, 1, 3), (0, 3, 1, 4, 2)])
    >>> solutions_generate_and_test(8, max_nodes=100)
    Traceback (most recent call last):
    ...
    puzzlelab.limits.LimitReached: the limit of 100 candidates tested was reached
    """
    return _finished(generate_and_test(n, **limits)).solutions


# ---------------------------------------------------------------- backtracking


def backtracking(
    n: int,
    *,
    first_only: bool = False,
    trace: list[Event] | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Return the solutions found by placing queens row by row, checking each as it is placed.

    A queen goes only on a square whose column, diagonal and anti-diagonal are free;
    when a row has no such square left, the queen above it retreats and tries the
    next column. Columns are tried from left to right. The search keeps its place in
    a loop, not by recursion, so thousands of rows are no trouble.

    Parameters
    ----------
    n : int
        The board size.
    first_only : bool
        Stop at the first solution (its queens stay on the board in the trace).
    trace : list, optional
        If given, every step is appended to it: ``("place", row, col)`` when a queen
        goes on the board and ``("retreat", row, col)`` when it comes off again.
    max_nodes, max_seconds, max_memory_mb
        Stop after placing this many queens, after this many seconds, or when the
        process has grown by this many megabytes (1,000 by default; ``None`` lifts it).

    Returns
    -------
    SolutionsResult
        ``stats.expanded`` counts the queens placed, ``stats.extra["retreats"]`` the
        queens taken off again; the counts so far if the search stopped early.

    Examples
    --------
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
    stop: BaseException | None = None
    next_look: float = 0  # the queens placed at the next look at the limits
    col = 0  # the next column to try in the row being filled
    try:
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
    except (LimitReached, KeyboardInterrupt) as error:
        stop = error
    solved = "the first solution was found" if first_only else "every solution was found"
    return _solutions_result("backtracking", n, budget, placed, solutions, stop=stop,
                             extra={"retreats": retreats}, solved=solved)  # fmt: skip


def solutions_backtracking(
    n: int, trace: list[Event] | None = None, **limits: Any
) -> list[Placement]:
    """Return all solutions by backtracking (see :func:`backtracking` for *trace*, *limits*).

    Raises LimitReached if a limit stops the search.

    Parameters
    ----------
    n : int
        The board size.
    trace : list, optional
        A list to append every step to: ``("place", row, col)`` or ``("retreat", row, col)``.
    max_nodes, max_seconds, max_memory_mb : optional
        As for :func:`backtracking`; *max_nodes* counts queens placed.

    Returns
    -------
    list of tuple
        The solutions, in the order found (columns tried left to right).

    Raises
    ------
    LimitReached
        If a limit stopped the search: the list would be incomplete.

    Examples
    --------
    >>> steps = []
    >>> solutions_backtracking(4, trace=steps)
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> steps[:3], len(steps)
    ([('place', 0, 0), ('place', 1, 2), ('retreat', 1, 2)], 32)
    """
    return _finished(backtracking(n, trace=trace, **limits)).solutions


def first_solution(n: int, trace: list[Event] | None = None, **limits: Any) -> Placement | None:
    """Return the first solution backtracking finds (columns tried left to right), or None.

    Raises LimitReached if a limit (*limits*, as for :func:`backtracking`) stops the search.

    Parameters
    ----------
    n : int
        The board size.
    trace : list, optional
        A list to append every step to, as for :func:`backtracking`.
    max_nodes, max_seconds, max_memory_mb : optional
        As for :func:`backtracking`.

    Returns
    -------
    tuple or None
        None when there is no solution.

    Raises
    ------
    LimitReached
        If a limit stopped the search before it found one or tried everything.

    Examples
    --------
    >>> first_solution(8), first_solution(3)
    ((0, 4, 7, 5, 2, 6, 1, 3), None)
    """
    found = _finished(backtracking(n, first_only=True, trace=trace, **limits)).solutions
    return found[0] if found else None


def backtrack(
    n: int, placement: Placement = (), trace: list[Event] | None = None
) -> Iterator[Placement]:
    """Yield every solution that extends *placement*, one safe queen per row (a generator).

    The same search as :func:`backtracking`, written as short as it gets: *untried*
    holds, for each row being filled, the columns it has not tried yet.

    Parameters
    ----------
    n : int
        The board size.
    placement : tuple of int
        Queens already on the board, rows from the top; they are never taken off.
    trace : list, optional
        A list to append every step to, as for :func:`backtracking`.

    Yields
    ------
    tuple of int
        Each solution, as it is found.

    Raises
    ------
    BoardError
        If *n* is not a whole number of at least 1.

    Examples
    --------
    >>> next(backtrack(6))
    (1, 3, 5, 0, 2, 4)
    """
    n = check_size(n)
    placement = tuple(placement)
    untried = [iter(range(n))]
    while untried:
        row = len(placement)
        if row == n:
            yield placement
        col = next((c for c in untried[-1] if safe(placement, c)), None) if row < n else None
        if col is not None:
            if trace is not None:
                trace.append(("place", row, col))
            placement += (col,)
            untried.append(iter(range(n)))
        else:
            untried.pop()
            if untried:  # the queen above retreats (never one of the queens given)
                if trace is not None:
                    trace.append(("retreat", row - 1, placement[-1]))
                placement = placement[:-1]


# ---------------------------------------------------------------- replaying a trace


@dataclass(frozen=True)
class TraceStep:
    """The board after one step of a backtracking trace, and the counts so far.

    ``event`` is the step itself (``("place", row, col)`` or ``("retreat", row, col)``;
    ``None`` for the empty board before the first step); ``placement`` the queens
    on the board; ``solution`` whether this step completed a solution. ``index``
    numbers the steps from 0 (the empty board); ``placed``, ``retreats`` and
    ``solutions`` count the steps of each kind, and the solutions, so far.

    Examples
    --------
    >>> steps = []
    >>> _ = backtracking(4, trace=steps)
    >>> step = replay(steps, 4)[3]
    >>> step
    TraceStep(index=3, event=('retreat', 1, 2), placement=(0,), placed=2, retreats=1,
              solutions=0, solution=False)
    >>> step.describe()
    'retreat row 1 col 2'
    """

    index: int
    event: Event | None
    placement: Placement
    placed: int
    retreats: int
    solutions: int
    solution: bool

    def describe(self) -> str:
        """Return the step in words, e.g. ``place row 3 col 5``."""
        if self.event is None:
            return "empty board"
        kind, row, col = self.event
        return f"{kind} row {row} col {col}" + (" (a solution!)" if self.solution else "")


def replay(trace: Iterable[Event], n: int) -> list[TraceStep]:
    """Return the board after each step of *trace* (the empty board first).

    Raises BoardError if the trace is not a proper sequence of steps: a queen placed
    on a square that an earlier queen attacks, in the wrong row, or a retreat of a
    queen that is not the last one placed.

    Parameters
    ----------
    trace : iterable of steps
        ``("place", row, col)`` and ``("retreat", row, col)``, as :func:`backtracking` records them.
    n : int
        The board size.

    Returns
    -------
    list of TraceStep

    Raises
    ------
    BoardError
        If a step is not one that backtracking can take there.

    Examples
    --------
    >>> steps = []
    >>> _ = backtracking(4, first_only=True, trace=steps)
    >>> last = replay(steps, 4)[-1]
    >>> last.placement, last.placed, last.retreats, last.solutions
    ((1, 3, 0, 2), 8, 4, 1)
    """
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


# ---------------------------------------------------------------- counting fast


def _bitmask_solutions(
    n: int, budget: Budget, stats: SearchStats, first_columns: Iterable[int] | None = None,
    placements: bool = True,
) -> Iterator[Placement | None]:  # fmt: skip
    """Yield every solution, found by backtracking over bit masks (see :func:`count_bitmask`).

    With *first_columns*, only the solutions whose row-0 queen is in one of them; without
    *placements*, ``None`` for each solution (counting needs no more, and is faster).
    ``stats.expanded`` counts the queens placed; the *budget* limits them (and raises
    LimitReached).

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
    """Return the columns of the queens of a solution, from the columns taken above each row."""
    taken = [above for above, _, _, _ in rows_above] + [columns, full]
    return tuple((after ^ before).bit_length() - 1 for before, after in zip(taken, taken[1:]))


def count_bitmask(
    n: int,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Count the solutions by backtracking over bit masks (fast; keeps no solutions).

    A row is an n-bit number. ``columns`` has bit c set when column c is taken;
    ``left`` and ``right`` mark the squares of the current row that a diagonal from
    an earlier queen passes through. Moving down one row shifts them by one bit.
    *max_nodes* limits the queens placed (``stats.expanded``).

    Parameters
    ----------
    n : int
        The board size.
    max_nodes, max_seconds, max_memory_mb : optional
        Stop there (status ``limit``), with the count so far.

    Returns
    -------
    SolutionsResult
        With ``count``; ``solutions`` stays empty.

    Examples
    --------
    >>> result = count_bitmask(8)
    >>> result.count, result.stats.expanded
    (92, 2056)
    >>> count_bitmask(12, max_nodes=1000).reason
    'the limit of 1,000 queens placed was reached; 5 solutions counted so far'
    """
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="queens placed")
    stats = SearchStats()
    count = 0
    stop: BaseException | None = None
    try:
        for _ in _bitmask_solutions(n, budget, stats, placements=False):
            count += 1
    except (LimitReached, KeyboardInterrupt) as error:
        stop = error
    result = _solutions_result("count_bitmask", n, budget, stats.expanded, [], count,
                               stop=stop, solved="every solution was counted")  # fmt: skip
    if stop is not None:
        result.reason += f"; {count:,} solution{'s' * (count != 1)} counted so far"
    return result


def count_solutions(n: int, **limits: Any) -> int:
    """Return the number of solutions, counted over bit masks (see :func:`count_bitmask`).

    Raises LimitReached if a limit (*limits*, as for :func:`count_bitmask`) stops it.

    Parameters
    ----------
    n : int
        The board size.
    max_nodes, max_seconds, max_memory_mb : optional
        As for :func:`count_bitmask`.

    Returns
    -------
    int

    Raises
    ------
    LimitReached
        If a limit stopped the count: it would be too small.

    Examples
    --------
    >>> [count_solutions(n) for n in range(1, 11)]
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    """
    return _finished(count_bitmask(n, **limits)).count


def count_fundamental(
    n: int,
    *,
    keep: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SolutionsResult:
    """Count the fundamental solutions: one per family, the smallest of its 8 images.

    A family's smallest image has its row-0 queen in the left half of the board (the
    mirror of any member is in the family too), so only that half is searched;
    ``stats.expanded`` counts the queens placed there. With *keep*, the fundamental
    solutions are kept in ``solutions`` (in the order found).

    Parameters
    ----------
    n : int
        The board size.
    keep : bool
        Keep the fundamental solutions, not only their count.
    max_nodes, max_seconds, max_memory_mb : optional
        Stop there (status ``limit``), with the count so far.

    Returns
    -------
    SolutionsResult

    Examples
    --------
    >>> result = count_fundamental(8)
    >>> result.count, result.status
    (12, 'solved')
    """
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="queens placed")
    stats = SearchStats()
    count = 0
    kept: list[Placement] = []
    stop: BaseException | None = None
    try:
        for placement in _bitmask_solutions(n, budget, stats, range((n + 1) // 2)):
            assert placement is not None  # asked for placements (the default)
            if placement == canonical(placement):
                count += 1
                if keep:
                    kept.append(placement)
    except (LimitReached, KeyboardInterrupt) as error:
        stop = error
    solved = "every fundamental solution was counted"
    result = _solutions_result("count_fundamental", n, budget, stats.expanded, kept, count,
                               stop=stop, solved=solved)  # fmt: skip
    if stop is not None:
        result.reason += f"; {count:,} fundamental solution{'s' * (count != 1)} counted so far"
    return result


def fundamental_solutions(n: int, **limits: Any) -> list[Placement]:
    """Return one solution per symmetry family: the smallest of its 8 images, sorted.

    Raises LimitReached if a limit (*limits*, as for :func:`count_fundamental`) stops it.

    Parameters
    ----------
    n : int
        The board size.
    max_nodes, max_seconds, max_memory_mb : optional
        As for :func:`count_fundamental`.

    Returns
    -------
    list of tuple

    Raises
    ------
    LimitReached
        If a limit stopped the search: the list would be incomplete.

    Examples
    --------
    >>> fundamental_solutions(6)
    [(1, 3, 5, 0, 2, 4)]
    >>> [len(fundamental_solutions(n)) for n in range(1, 11)]
    [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]
    """
    return sorted(_finished(count_fundamental(n, keep=True, **limits)).solutions)


# ---------------------------------------------------------------- min-conflicts


@dataclass(repr=False)
class RepairResult(SearchResult):
    """The outcome of one min-conflicts run: the board it ended with.

    Attributes
    ----------
    n, seed : int
        The board size and the random seed (``None``: not seeded).
    placement : tuple
        The board at the end: a solution when solved, else the board so far (only
        the rows placed, if the greedy start was stopped).
    start_conflicts : int or None
        Attacking pairs on the first board repaired (``None`` if it was never finished).
    conflicts : int
        Attacking pairs on the board at the end.

    ``stats.expanded`` counts the queens moved by the repair, ``stats.extra["restarts"]``
    how often it started again from a new greedy board.

    Examples
    --------
    >>> result = min_conflicts(8, seed=1)
    >>> result
    <min_conflicts: solved 8 queens | 42 expanded, restarts 0, 0 conflicts, ... s>
    >>> result.placement, result.start_conflicts
    ((1, 3, 5, 7, 2, 0, 6, 4), 2)
    """

    n: int = 0
    seed: int | None = None
    placement: Placement = ()
    start_conflicts: int | None = None
    conflicts: int = 0

    def summary(self) -> str:
        if self.solved:
            return f"solved {self.n} queens"
        return f"{self.status}: {self.reason}"

    def __repr__(self) -> str:
        s = self.stats
        return (
            f"<{self.algorithm}: {self.summary()} | {s.expanded:,} expanded, restarts "
            f"{s.extra.get('restarts', 0)}, {self.conflicts:,} conflicts, {s.seconds:.3f} s>"
        )

    def as_dict(self) -> dict[str, Any]:
        """Return the result as plain data (JSON-ready), without the placement."""
        return {**super().as_dict(), "n": self.n, "seed": self.seed,
                "start_conflicts": self.start_conflicts, "conflicts": self.conflicts}  # fmt: skip

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
    """How many queens stand on every column, diagonal and anti-diagonal of an n x n board."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.columns = [0] * n
        self.diagonals = [0] * (2 * n - 1)  # index row - col + n - 1
        self.anti_diagonals = [0] * (2 * n - 1)  # index row + col

    def add(self, row: int, col: int, queens: int = 1) -> None:
        """Put *queens* on (row, col) (-1 takes one off)."""
        self.columns[col] += queens
        self.diagonals[row - col + self.n - 1] += queens
        self.anti_diagonals[row + col] += queens

    def attackers(self, row: int, col: int) -> int:
        """Return the queens on the lines of (row, col), a queen there counted 3 times."""
        return (
            self.columns[col]
            + self.diagonals[row - col + self.n - 1]
            + self.anti_diagonals[row + col]
        )

    def row_costs(self, row: int) -> list[int]:
        """Return ``attackers(row, col)`` for every column, in one pass."""
        n = self.n
        # Along the row the diagonal index falls from row + n - 1 to row; the anti-diagonal
        # index rises from row to row + n - 1.
        diagonals = reversed(self.diagonals[row : row + n])
        return [
            a + b + c
            for a, b, c in zip(self.columns, diagonals, self.anti_diagonals[row : row + n])
        ]

    def pairs(self) -> int:
        """Return the attacking pairs: k queens on one line make k(k-1)/2 of them."""
        lines = chain(self.columns, self.diagonals, self.anti_diagonals)
        return sum(k * (k - 1) for k in lines if k > 1) // 2


#: Bytes min-conflicts holds per queen, about: its line counts and one row's costs.
_BYTES_PER_QUEEN = 64


def _least_attacked(costs: list[int], rng: random.Random) -> int:
    """Return a column with the smallest cost, chosen at random among ties."""
    best = min(costs)
    return rng.choice([col for col, cost in enumerate(costs) if cost == best])


def _greedy(
    n: int, rng: random.Random, placement: list[int], lines: _Lines, budget: Budget | None = None
) -> None:
    """Fill *placement* (empty, with *lines*) row by row, each queen where the fewest
    earlier ones attack; with *budget*, keep to its time and memory limits.

    A row costs O(n), as a step of the repair does. The start moves no queen, so the
    budget is asked about 0 nodes: its answer, how many more nodes to go before the
    next look, counts rows here.
    """
    next_look: float = 0  # the row at which to ask the budget again
    for row in range(n):
        if budget is not None and row >= next_look:
            next_look = row + budget.checkpoint(0)
        col = _least_attacked(lines.row_costs(row), rng)
        lines.add(row, col)
        placement.append(col)


def greedy_start(n: int, seed: int | None = None, budget: Budget | None = None) -> Placement:
    """Return a full board built row by row, each queen where the fewest earlier ones attack.

    Ties are broken at random. This is also how simpleai's ``min_conflicts`` builds its
    start when it is given none (there it is much slower: it counts conflicts by
    checking every constraint). It takes O(n²) steps: with a *budget*, it keeps to its
    time and memory limits (raising LimitReached).

    Parameters
    ----------
    n : int
        The board size.
    seed : int, optional
        Seeds the random tie-breaks, so the board can be made again.
    budget : Budget, optional
        The limits of the run that asks for the board.

    Returns
    -------
    tuple of int
        One column per row, from the top.

    Raises
    ------
    LimitReached
        If *budget*'s time or memory ran out.

    Examples
    --------
    >>> from puzzlelab.puzzles.queens import conflicts
    >>> conflicts(greedy_start(8, seed=1)) <= 3
    True
    """
    n = check_size(n)
    placement: list[int] = []
    _greedy(n, random.Random(seed), placement, _Lines(n), budget)
    return tuple(placement)


def min_conflicts(
    n: int,
    *,
    seed: int | None = None,
    start: Sequence[int] | None = None,
    restart_after: int | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> RepairResult:
    """Solve n queens by min-conflicts: repair a greedy full board one queen at a time.

    Each step picks an attacked queen at random and moves it, within its row, to the
    square that the fewest other queens attack (ties at random). A step costs O(n),
    because the queens on every line are counted as they move, so thousands of queens
    take seconds. A repair can get stuck (on small boards a queen's best square may be
    the one it is on): after *restart_after* steps it starts again from a new greedy board.
    Min-conflicts cannot prove that there is no solution; 2 and 3 queens (which have
    none, see :func:`~puzzlelab.puzzles.queens.solvable`) are answered ``"unsolvable"``.

    Parameters
    ----------
    n : int
        The board size.
    seed : int, optional
        Seeds the random choices (same seed, same run).
    start : tuple, optional
        The first board to repair (default: :func:`greedy_start`).
    restart_after : int, optional
        Steps per try (default ``2 * n + 100``).
    max_nodes, max_seconds, max_memory_mb
        Stop after moving this many queens, after this many seconds, or when the process
        has grown by this many megabytes (1,000 by default; ``None`` lifts it). The
        greedy starts (O(n²) each: seconds for 10,000 queens) count against the time
        and memory limits; a board too large for the memory limit is refused at once.

    Returns
    -------
    RepairResult

    Examples
    --------
    >>> from puzzlelab.puzzles.queens import is_solution
    >>> result = min_conflicts(300, seed=7)
    >>> result.solved, is_solution(result.placement, 300), result.conflicts
    (True, True, 0)
    >>> [min_conflicts(8, seed=seed).solved for seed in range(5)]
    [True, True, True, True, True]
    >>> min_conflicts(3).status
    'unsolvable'
    """
    n = check_size(n)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="queens moved")
    restart_after = 2 * n + 100 if restart_after is None else whole_number(
        restart_after, "restart_after", least=1)  # fmt: skip
    if start is not None and (
        len(start) != n or not all(isinstance(c, int) and 0 <= c < n for c in start)
    ):
        raise BoardError(f"the start must give a column 0..{n - 1} for each of the {n} rows, "
                         f"not {start!r}")  # fmt: skip
    result = RepairResult("min_conflicts", "solved", n=n, seed=seed,
                          stats=SearchStats(extra={"restarts": 0}))  # fmt: skip
    if not solvable(n):
        result.status, result.reason = "unsolvable", (
            f"{_no_solution(n)} (min-conflicts itself could never tell: it would move "
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
    try:
        if start is None:
            _greedy(n, random.Random(rng.randrange(2**32)), placement, lines, budget)
        else:
            placement = list(start)
            for row, col in enumerate(placement):
                lines.add(row, col)
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
    except (LimitReached, KeyboardInterrupt) as error:
        result.status, result.reason = stopped(error)
    result.placement = tuple(placement)
    result.conflicts = lines.pairs()
    result.stats.expanded, result.stats.seconds = steps, budget.elapsed()
    return result


# ---------------------------------------------------------------- tables


def format_runs(rows: list[dict], columns: list[str] | None = None) -> str:
    """Return *rows* (dicts with the same keys) as an aligned plain-text table.

    Parameters
    ----------
    rows : list of dict
        The table's rows.
    columns : list of str, optional
        Which keys to show, in order; default: those of the first row.

    Returns
    -------
    str

    Examples
    --------
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
