"""N queens: place n queens on an n x n board so that no two attack each other.

Vocabulary:

- a *placement* is a tuple of columns, one per row from the top: ``(1, 3, 0, 2)`` puts
  the row-0 queen in column 1, the row-1 queen in column 3, and so on. A full placement
  of n queens with no attacks is a *solution*; a shorter one is a partial placement;
- two queens *attack* when they share a column or a diagonal (one per row is given).
  A *line* is a column, a diagonal (``row - col`` constant) or an anti-diagonal
  (``row + col`` constant); a square is *attacked* when a queen stands on one of its lines;
- *generate and test* makes every arrangement first (each permutation of the columns,
  a *candidate*) and checks it afterwards;
- *backtracking* checks each queen as it is *placed* and *retreats* (takes the queen off
  again) when nothing below it works; every queen placed is one *node* of its search tree.
  A *trace* records these steps as ``("place", row, col)`` and ``("retreat", row, col)``;
- a *fundamental* solution stands for its whole family under the 8 symmetries of the
  square (4 rotations, each with or without a mirror);
- *min-conflicts* starts from a full board with some attacks and repeatedly moves one
  attacked queen, within its row, to a square attacked by as few queens as possible.
  A *conflict* is one pair of queens that attack each other.

Examples
--------
>>> solutions_backtracking(4)
[(1, 3, 0, 2), (2, 0, 3, 1)]
>>> len(solutions_generate_and_test(6)), count_solutions(8), len(fundamental_solutions(8))
(4, 92, 12)
>>> generate_and_test(8).nodes, backtracking(8).nodes
(40320, 2056)
>>> min_conflicts(200, seed=1).solved
True
>>> print(render((1, 3, 0, 2)))
. Q . .
. . . Q
Q . . .
. . Q .
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import islice, permutations

from ..errors import BoardError, ProblemError
from ..limits import Budget, LimitReached

Placement = tuple[int, ...]

#: How often (in nodes) the long loops look at the clock.
CLOCK_EVERY = 4096


def check_size(n) -> int:
    """Return *n* if it is a whole number of at least 1, else raise BoardError."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise BoardError(f"the board size must be a whole number of at least 1, not {n!r}")
    return n


# ---------------------------------------------------------------- the rules


def attacks(row: int, col: int, other_row: int, other_col: int) -> bool:
    """Return whether queens on (row, col) and (other_row, other_col) attack each other."""
    return col == other_col or abs(col - other_col) == abs(row - other_row)


def safe(placement: Placement, col: int) -> bool:
    """Return whether a queen may go in column *col* of the next row after *placement*."""
    row = len(placement)
    return not any(attacks(row, col, r, c) for r, c in enumerate(placement))


def is_solution(placement: Placement, n: int) -> bool:
    """Return whether *placement* puts n queens on the board with no attacks.

    >>> is_solution((1, 3, 0, 2), 4), is_solution((0, 1, 2, 3), 4), is_solution((1, 3), 4)
    (True, False, False)
    """
    return (
        len(placement) == n
        and all(isinstance(c, int) and 0 <= c < n for c in placement)
        and all(safe(placement[:row], col) for row, col in enumerate(placement))
    )


def attacked_squares(placement: Placement, n: int) -> set[tuple[int, int]]:
    """Return the empty squares ``(row, col)`` that some queen of *placement* attacks.

    A queen attacks along its row too; with one queen per row that only matters for
    shading a picture.

    >>> sorted(attacked_squares((0,), 2))
    [(0, 1), (1, 0), (1, 1)]
    """
    queens = set(enumerate(placement))
    return {
        (row, col)
        for row in range(n)
        for col in range(n)
        if (row, col) not in queens and any(row == r or attacks(row, col, r, c) for r, c in queens)
    }


def conflicts(placement: Placement) -> int:
    """Return the number of pairs of queens in *placement* that attack each other.

    >>> conflicts((0, 1, 2, 3)), conflicts((1, 3, 0, 2))
    (6, 0)
    """
    return sum(
        attacks(row, col, other_row, placement[other_row])
        for row, col in enumerate(placement)
        for other_row in range(row + 1, len(placement))
    )


def render(placement: Placement, n: int | None = None) -> str:
    """Return the board as text: ``Q`` for a queen, ``.`` for an empty square."""
    n = len(placement) if n is None else n
    rows = [
        " ".join("Q" if row < len(placement) and placement[row] == c else "." for c in range(n))
        for row in range(n)
    ]
    return "\n".join(rows)


# ---------------------------------------------------------------- runs and their limits


@dataclass
class QueensRun:
    """What one search for all (or the first) solutions did.

    Attributes
    ----------
    method : str
        ``"generate and test"``, ``"backtracking"`` or ``"bitmask"``.
    n : int
        The board size.
    count : int
        Solutions found.
    nodes : int
        The work done: candidates tested (generate and test), or queens placed
        (backtracking and bitmask: the nodes of the search tree, the root not counted).
    retreats : int
        Queens taken off again (backtracking).
    seconds : float
        Wall-clock time.
    status : str
        ``"done"`` (searched to the end, or found the first solution when asked for
        one), ``"limit"`` or ``"interrupted"``. Counts are the counts so far.
    reason : str
        Why it stopped, in one sentence.
    solutions : list of tuple
        The solutions found (bitmask counting keeps none).
    """

    method: str
    n: int
    count: int = 0
    nodes: int = 0
    retreats: int = 0
    seconds: float = 0.0
    status: str = "done"
    reason: str = ""
    solutions: list = field(default_factory=list, repr=False)

    @property
    def finished(self) -> bool:
        """Whether the run went to its end (no limit, no interrupt)."""
        return self.status == "done"

    def as_dict(self) -> dict:
        """Return the run as plain data (JSON-ready), without the solutions."""
        keys = ("method", "n", "count", "nodes", "retreats", "status", "reason")
        return {**{k: getattr(self, k) for k in keys}, "seconds": round(self.seconds, 6)}


class _Budget(Budget):
    """A :class:`~puzzlelab.limits.Budget` whose :meth:`check` is asked before each node."""

    def __init__(self, max_nodes=None, max_seconds=None, what="nodes", clock_every=CLOCK_EVERY):
        super().__init__(max_nodes, max_seconds, what=what, nodes_name=f"the limit on {what}")
        self.clock_every = clock_every

    def check(self, nodes: int) -> None:
        """Raise LimitReached when *nodes* passes the limit, or (every so often) time is up."""
        if nodes > self.max_nodes or nodes % self.clock_every == 0:
            super().check(nodes - 1)  # the nodes taken before this one


def _finish(run, budget, stop=None):
    """Fill in the run's time and status after it ended, normally or by *stop*."""
    run.seconds = budget.elapsed()
    if isinstance(stop, KeyboardInterrupt):
        run.status, run.reason = "interrupted", "stopped by the user (KeyboardInterrupt)"
    elif stop is not None:
        run.status, run.reason = "limit", str(stop)
    run.count = max(run.count, len(run.solutions))
    return run


# ---------------------------------------------------------------- generate and test


def no_diagonal_attacks(candidate: Placement) -> bool:
    """Return whether no two queens of *candidate* share a diagonal.

    A permutation has one queen per row and per column already, so this is the
    whole test: n queens on n different diagonals, and on n different anti-diagonals.
    """
    n = len(candidate)
    return (
        len({row - col for row, col in enumerate(candidate)}) == n
        and len({row + col for row, col in enumerate(candidate)}) == n
    )


def generate_and_test(n: int, *, max_candidates=None, max_seconds=None) -> QueensRun:
    """Return every solution found by testing each permutation of the columns (n! candidates).

    >>> run = generate_and_test(6)
    >>> run.count, run.nodes, run.status
    (4, 720, 'done')
    >>> generate_and_test(8, max_candidates=100).status
    'limit'
    """
    n = check_size(n)
    budget = _Budget(max_candidates, max_seconds, "candidates")
    run = QueensRun("generate and test", n)
    candidates = permutations(range(n))
    try:
        for candidate in islice(candidates, max_candidates):
            run.nodes += 1
            if run.nodes % CLOCK_EVERY == 0:
                budget.check(run.nodes)
            if no_diagonal_attacks(candidate):
                run.solutions.append(candidate)
        if max_candidates is not None and next(candidates, None) is not None:
            raise LimitReached(f"the limit of {max_candidates:,} candidates was reached")
    except (LimitReached, KeyboardInterrupt) as stop:
        return _finish(run, budget, stop)
    return _finish(run, budget)


def solutions_generate_and_test(n: int) -> list[Placement]:
    """Return all solutions by testing every permutation of the columns (n! candidates)."""
    return generate_and_test(n).solutions


# ---------------------------------------------------------------- backtracking


def backtracking(
    n: int, *, first_only=False, trace: list | None = None, max_nodes=None, max_seconds=None
) -> QueensRun:
    """Return the solutions found by placing queens row by row, checking each as it is placed.

    A queen goes only on a square whose column, diagonal and anti-diagonal are free;
    when a row has no such square left, the queen above it retreats and tries the
    next column. Columns are tried from left to right.

    Parameters
    ----------
    first_only : bool
        Stop at the first solution (its queens stay on the board in the trace).
    trace : list, optional
        If given, every step is appended to it: ``("place", row, col)`` when a queen
        goes on the board and ``("retreat", row, col)`` when it comes off again.
    max_nodes, max_seconds
        Stop after placing this many queens, or after this many seconds.

    >>> run = backtracking(8)
    >>> run.count, run.nodes, run.retreats
    (92, 2056, 2056)
    >>> steps = []
    >>> backtracking(4, first_only=True, trace=steps).solutions
    [(1, 3, 0, 2)]
    >>> steps[:4]
    [('place', 0, 0), ('place', 1, 2), ('retreat', 1, 2), ('place', 1, 3)]
    """
    n = check_size(n)
    budget = _Budget(max_nodes, max_seconds, "queens placed")
    run = QueensRun("backtracking", n)
    placement: list[int] = []
    columns, diagonals, anti_diagonals = set(), set(), set()

    def place_rows_from(row: int) -> bool:
        """Fill rows *row*.. in every safe way; return True to stop (first solution found)."""
        if row == n:
            run.solutions.append(tuple(placement))
            return first_only
        for col in range(n):
            if col in columns or row - col in diagonals or row + col in anti_diagonals:
                continue  # attacked: this is where backtracking prunes
            budget.check(run.nodes + 1)  # may this queen be placed?
            run.nodes += 1
            placement.append(col)
            columns.add(col), diagonals.add(row - col), anti_diagonals.add(row + col)
            if trace is not None:
                trace.append(("place", row, col))
            if place_rows_from(row + 1):
                return True
            placement.pop()
            columns.remove(col), diagonals.remove(row - col), anti_diagonals.remove(row + col)
            run.retreats += 1
            if trace is not None:
                trace.append(("retreat", row, col))
        return False

    try:
        place_rows_from(0)
    except (LimitReached, KeyboardInterrupt) as stop:
        return _finish(run, budget, stop)
    if first_only and not run.solutions:
        run.reason = f"no placement of {n} queens avoids every attack"
    return _finish(run, budget)


def solutions_backtracking(n: int, trace: list | None = None) -> list[Placement]:
    """Return all solutions by backtracking (see :func:`backtracking` for *trace*)."""
    return backtracking(n, trace=trace).solutions


def first_solution(n: int, trace: list | None = None) -> Placement | None:
    """Return the first solution backtracking finds (columns tried left to right), or None.

    >>> first_solution(8), first_solution(3)
    ((0, 4, 7, 5, 2, 6, 1, 3), None)
    """
    found = backtracking(n, first_only=True, trace=trace).solutions
    return found[0] if found else None


def backtrack(n: int, placement: Placement = (), trace: list | None = None):
    """Yield every solution that extends *placement*, one safe queen per row (a generator).

    The same search as :func:`backtracking`, written as short as it gets.

    >>> next(backtrack(6))
    (1, 3, 5, 0, 2, 4)
    """
    row = len(placement)
    if row == n:
        yield placement
        return
    for col in range(n):
        if safe(placement, col):
            if trace is not None:
                trace.append(("place", row, col))
            yield from backtrack(n, placement + (col,), trace)
            if trace is not None:
                trace.append(("retreat", row, col))


# ---------------------------------------------------------------- replaying a trace


@dataclass(frozen=True)
class TraceStep:
    """The board after one step of a backtracking trace, and the counts so far.

    ``event`` is the step itself (``("place", row, col)`` or ``("retreat", row, col)``;
    ``None`` for the empty board before the first step); ``placement`` the queens
    on the board; ``solution`` whether this step completed a solution.
    """

    index: int
    event: tuple | None
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


def replay(trace: list, n: int) -> list[TraceStep]:
    """Return the board after each step of *trace* (the empty board first).

    Raises BoardError if the trace is not a proper sequence of steps: a queen placed
    on a square that an earlier queen attacks, in the wrong row, or a retreat of a
    queen that is not the last one placed.

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


def count_bitmask(n: int, *, max_seconds=None) -> QueensRun:
    """Count the solutions by backtracking over bit masks (fast; keeps no solutions).

    A row is an n-bit number. ``columns`` has bit c set when column c is taken;
    ``left`` and ``right`` mark the squares of the current row that a diagonal from
    an earlier queen passes through. Moving down one row shifts them by one bit.

    >>> run = count_bitmask(8)
    >>> run.count, run.nodes
    (92, 2056)
    """
    n = check_size(n)
    full = (1 << n) - 1
    budget = _Budget(None, max_seconds)
    run = QueensRun("bitmask", n)

    def place_rows(columns: int, left: int, right: int) -> None:
        if columns == full:
            run.count += 1
            return
        free = full & ~(columns | left | right)
        while free:
            bit = free & -free  # the lowest free square
            free ^= bit
            run.nodes += 1
            if run.nodes % CLOCK_EVERY == 0:
                budget.check(run.nodes)
            place_rows(columns | bit, ((left | bit) << 1) & full, (right | bit) >> 1)

    try:
        place_rows(0, 0, 0)
    except (LimitReached, KeyboardInterrupt) as stop:
        _finish(run, budget, stop)
        run.reason += f"; {run.count:,} solutions counted so far"
        return run
    return _finish(run, budget)


def count_solutions(n: int) -> int:
    """Return the number of solutions, counted over bit masks (see :func:`count_bitmask`).

    >>> [count_solutions(n) for n in range(1, 11)]
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    """
    return count_bitmask(n).count


# ---------------------------------------------------------------- symmetry


def symmetries(placement: Placement) -> list[Placement]:
    """Return the 8 images of *placement* under rotations and mirrors (some may repeat).

    The images come in the order: turned 0, 1, 2, 3 quarter turns, each followed by
    its left-right mirror.

    >>> symmetries((1, 3, 0, 2))[:2]
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    n = len(placement)
    images = []
    current = placement
    for _ in range(4):
        images += [current, tuple(n - 1 - c for c in current)]
        # A quarter turn: the queen on (row, col) moves to (col, n - 1 - row).
        turned = [0] * n
        for row, col in enumerate(current):
            turned[col] = n - 1 - row
        current = tuple(turned)
    return images


def canonical(placement: Placement) -> Placement:
    """Return the smallest of the 8 images: the family's representative."""
    return min(symmetries(placement))


def _solutions_bitmask(n: int, first_columns, run=None, budget=None):
    """Yield every solution whose row-0 queen is in one of *first_columns* (bit masks).

    With *run* and *budget*, count the queens placed in ``run.nodes`` and keep to the budget.
    """
    full = (1 << n) - 1
    placement = [0] * n

    def extend(row: int, columns: int, left: int, right: int):
        if row == n:
            yield tuple(placement)
            return
        free = full & ~(columns | left | right)
        while free:
            bit = free & -free
            free ^= bit
            if run is not None:
                run.nodes += 1
                if budget is not None and run.nodes % CLOCK_EVERY == 0:
                    budget.check(run.nodes)
            placement[row] = bit.bit_length() - 1
            yield from extend(row + 1, columns | bit, ((left | bit) << 1) & full,
                              (right | bit) >> 1)  # fmt: skip

    for col in first_columns:
        bit = 1 << col
        placement[0] = col
        if run is not None:
            run.nodes += 1
        yield from extend(1, bit, (bit << 1) & full, bit >> 1)


def fundamental_solutions(n: int) -> list[Placement]:
    """Return one solution per symmetry family: the smallest of its 8 images, sorted.

    A family's smallest image has its row-0 queen in the left half of the board (the
    mirror of any member is in the family too), so only that half is searched.

    >>> fundamental_solutions(6)
    [(1, 3, 5, 0, 2, 4)]
    >>> [len(fundamental_solutions(n)) for n in range(1, 11)]
    [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]
    """
    n = check_size(n)
    left_half = range((n + 1) // 2)
    return sorted(p for p in _solutions_bitmask(n, left_half) if p == canonical(p))


def count_fundamental(n: int, *, max_seconds=None) -> QueensRun:
    """Count the fundamental solutions (as :func:`fundamental_solutions`), with a time limit.

    ``nodes`` counts the queens placed on the left half of the board's search.

    >>> run = count_fundamental(8)
    >>> run.count, run.status
    (12, 'done')
    """
    n = check_size(n)
    budget = _Budget(None, max_seconds)
    run = QueensRun("fundamental", n)
    try:
        for placement in _solutions_bitmask(n, range((n + 1) // 2), run, budget):
            run.count += placement == canonical(placement)
    except (LimitReached, KeyboardInterrupt) as stop:
        _finish(run, budget, stop)
        run.reason += f"; {run.count:,} fundamental solutions counted so far"
        return run
    return _finish(run, budget)


def family(placement: Placement) -> list[Placement]:
    """Return the distinct images of *placement* (its family: 1, 2, 4 or 8 solutions).

    >>> len(family((1, 3, 0, 2))), len(family((0, 4, 7, 5, 2, 6, 1, 3)))
    (2, 8)
    """
    return sorted(set(symmetries(placement)))


# ---------------------------------------------------------------- min-conflicts


@dataclass
class MinConflictsResult:
    """What one min-conflicts run did.

    Attributes
    ----------
    n, seed : int
        The board size and the random seed (``None``: not seeded).
    placement : tuple
        The board at the end (a solution when ``status == "solved"``).
    steps : int
        Queens moved during the repair (the greedy starts not counted).
    restarts : int
        How often the repair started again from a new greedy board.
    start_conflicts, conflicts : int
        Attacking pairs after the greedy start, and at the end.
    seconds : float
        Wall-clock time, the start included.
    status, reason : str
        ``"solved"``, ``"limit"`` or ``"interrupted"``, and why.
    """

    n: int
    seed: int | None
    placement: Placement = field(repr=False, default=())
    steps: int = 0
    restarts: int = 0
    start_conflicts: int = 0
    conflicts: int = 0
    seconds: float = 0.0
    status: str = "solved"
    reason: str = ""

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def as_dict(self) -> dict:
        """Return the result as plain data (JSON-ready), without the placement."""
        keys = (
            "n",
            "seed",
            "steps",
            "restarts",
            "start_conflicts",
            "conflicts",
            "status",
            "reason",
        )
        return {**{k: getattr(self, k) for k in keys}, "seconds": round(self.seconds, 6)}


class _Lines:
    """How many queens stand on every column, diagonal and anti-diagonal of an n x n board."""

    def __init__(self, n: int):
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
        lines = self.columns + self.diagonals + self.anti_diagonals
        return sum(k * (k - 1) // 2 for k in lines)


def _least_attacked(costs: list[int], rng: random.Random) -> int:
    """Return a column with the smallest cost, chosen at random among ties."""
    best = min(costs)
    return rng.choice([col for col, cost in enumerate(costs) if cost == best])


def greedy_start(n: int, seed=None) -> Placement:
    """Return a full board built row by row, each queen where the fewest earlier ones attack.

    Ties are broken at random. This is also how simpleai's ``min_conflicts`` builds its
    start when it is given none (there it is much slower: it counts conflicts by
    checking every constraint).

    >>> conflicts(greedy_start(8, seed=1)) <= 3
    True
    """
    n = check_size(n)
    rng = random.Random(seed)
    lines = _Lines(n)
    placement = []
    for row in range(n):
        col = _least_attacked(lines.row_costs(row), rng)
        lines.add(row, col)
        placement.append(col)
    return tuple(placement)


def min_conflicts(
    n: int, *, seed=None, max_steps=None, max_seconds=None, start=None, restart_after=None
) -> MinConflictsResult:
    """Solve n queens by min-conflicts: repair a greedy full board one queen at a time.

    Each step picks an attacked queen at random and moves it, within its row, to the
    square that the fewest other queens attack (ties at random). A step costs O(n),
    because the queens on every line are counted as they move, so thousands of queens
    take seconds. A repair can get stuck (on small boards a queen's best square may be
    the one it is on): after *restart_after* steps it starts again from a new greedy board.

    Parameters
    ----------
    seed : int, optional
        Seeds the random choices (same seed, same run).
    max_steps, max_seconds
        Give up after this many moves in all (default ``100 * n + 10_000``: 2 and 3
        queens have no solution to find), or seconds; ``status`` is then ``"limit"``.
    start : tuple, optional
        The first board to repair (default: :func:`greedy_start`).
    restart_after : int, optional
        Steps per try (default ``2 * n + 100``).

    Returns
    -------
    MinConflictsResult

    >>> result = min_conflicts(1000, seed=7)
    >>> result.solved, is_solution(result.placement, 1000), result.conflicts
    (True, True, 0)
    >>> [min_conflicts(8, seed=seed).solved for seed in range(5)]
    [True, True, True, True, True]
    >>> min_conflicts(3, seed=1).reason
    'the limit of 10,300 steps was reached'
    """
    n = check_size(n)
    if max_steps is None:
        max_steps = 100 * n + 10_000
    budget = _Budget(max_steps, max_seconds, "steps", clock_every=1)  # a step is O(n): slow
    if restart_after is None:
        restart_after = 2 * n + 100
    elif isinstance(restart_after, bool) or not isinstance(restart_after, int) or restart_after < 1:
        raise ProblemError(f"restart_after must be a whole number of at least 1, "
                           f"not {restart_after!r}")  # fmt: skip
    rng = random.Random(seed)
    if start is None:
        start = greedy_start(n, seed=rng.randrange(2**32))
    elif len(start) != n or not all(isinstance(c, int) and 0 <= c < n for c in start):
        raise BoardError(f"the start must give a column 0..{n - 1} for each of the {n} rows, "
                         f"not {start!r}")  # fmt: skip
    placement, lines = _on_board(start)
    result = MinConflictsResult(n, seed, start_conflicts=lines.pairs())
    try:
        steps_this_try = 0
        while True:
            attacked = [row for row in range(n) if lines.attackers(row, placement[row]) > 3]
            if not attacked:
                break
            if steps_this_try == restart_after:
                placement, lines = _on_board(greedy_start(n, seed=rng.randrange(2**32)))
                result.restarts += 1
                steps_this_try = 0
                continue
            budget.check(result.steps + 1)
            row = rng.choice(attacked)
            lines.add(row, placement[row], -1)
            placement[row] = _least_attacked(lines.row_costs(row), rng)
            lines.add(row, placement[row])
            result.steps += 1
            steps_this_try += 1
    except (LimitReached, KeyboardInterrupt) as stop:
        interrupted = isinstance(stop, KeyboardInterrupt)
        result.status = "interrupted" if interrupted else "limit"
        result.reason = "stopped by the user (KeyboardInterrupt)" if interrupted else str(stop)
    result.placement = tuple(placement)
    result.conflicts = lines.pairs()
    result.seconds = budget.elapsed()
    return result


def _on_board(placement) -> tuple[list[int], _Lines]:
    """Return *placement* as a list, and the counts of its queens on every line."""
    lines = _Lines(len(placement))
    for row, col in enumerate(placement):
        lines.add(row, col)
    return list(placement), lines


# ---------------------------------------------------------------- tables


def format_runs(rows: list[dict], columns: list[str] | None = None) -> str:
    """Return *rows* (dicts with the same keys) as an aligned plain-text table.

    >>> print(format_runs([{"n": 8, "count": 92}, {"n": 10, "count": 724}]))
     n  count
     8     92
    10    724
    """
    columns = list(rows[0]) if columns is None else columns

    def cell(value) -> str:
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


# ---------------------------------------------------------------- for the search engine


class QueensPuzzle:
    """N queens as a search problem: place one queen per row, top to bottom.

    A state is a partial placement (a tuple of columns); the start is the empty board;
    an action is the column of the next row's queen, offered only where it is safe; a
    goal is any state with n queens. Every solution lies at depth n.

    >>> from puzzlelab.search import dfs
    >>> dfs(QueensPuzzle(6)).path[-1] in solutions_backtracking(6)
    True
    """

    def __init__(self, n: int = 8):
        self.n = check_size(n)
        self.start: Placement = ()
        self.goal = None  # many goal states: see is_goal
        self.heuristics = {}

    def __repr__(self) -> str:
        return f"QueensPuzzle({self.n})"

    def actions(self, state: Placement) -> list[int]:
        """Return the safe columns for the next row's queen (none once the board is full)."""
        if len(state) == self.n:
            return []
        return [col for col in range(self.n) if safe(state, col)]

    def result(self, state: Placement, action: int) -> Placement:
        """Return *state* with a queen in column *action* of the next row."""
        return state + (action,)

    def successors(self, state: Placement) -> list[tuple[int, Placement, int]]:
        """Return ``(column, next_state, 1)`` for every safe column of the next row."""
        return [(col, state + (col,), 1) for col in self.actions(state)]

    def is_goal(self, state: Placement) -> bool:
        """Return whether all n queens are placed (they are safe by construction)."""
        return len(state) == self.n

    def cost(self, state: Placement, action: int, next_state: Placement) -> int:
        """Every queen placed costs 1."""
        return 1

    def render(self, state: Placement) -> str:
        """Return the (partial) board as text."""
        return render(state, self.n)
