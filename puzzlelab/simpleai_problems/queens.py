"""N queens for simpleai: a ``SearchProblem`` (one queen per row) and a ``CspProblem``.

The CSP has one variable per row, whose value is the queen's column, and one binary
constraint per pair of rows: n(n-1)/2 constraints. simpleai's ``backtrack`` and
``min_conflicts`` run on it unchanged; :func:`solve_csp` and :func:`repair_csp` run them
with a time limit, a seed, and a count of the constraint checks they made.

What to expect from ``min_conflicts`` here: every time it weighs a value it checks all
n(n-1)/2 constraints, so one step costs about n^3 / 2 checks (one second for 100 queens,
ten for 200). Fifty queens take seconds, a hundred under a minute; thousands need
puzzlelab's own :func:`~puzzlelab.solvers.queens_repair.min_conflicts`, which is the same
method with the queens on every line counted as they move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from simpleai.search import backtrack, min_conflicts
from simpleai.search.models import CspProblem

from ..errors import ProblemError, whole_number
from ..limits import DEFAULT, Budget, MemoryLimit, stopping
from ..puzzles.queens import Placement, QueensPuzzle, check_size, conflicts, is_solution
from ..results import SearchResult, SearchStats
from ..solvers.queens_repair import greedy_start
from .base import PuzzleProblem

#: The largest CSP built. simpleai indexes its n(n-1)/2 constraints by scanning them once
#: per variable, O(n³): 0.3 s for 200 queens, 30 s for 1,000 (and its min_conflicts
#: needs about a minute per run from 100 queens on).
MAX_CSP_N = 200

#: The names simpleai gives its heuristics, as shown in tables.
HEURISTIC_NAMES = {"": "-", "mcv": "most constrained", "degree": "highest degree",
                   "lvc": "least constraining"}  # fmt: skip


class QueensProblem(PuzzleProblem):
    """N queens in simpleai's terms: place one safe queen per row, top to bottom.

    >>> from simpleai.search import depth_first
    >>> len(depth_first(QueensProblem(6), graph_search=True).state)
    6
    """

    puzzle: QueensPuzzle

    def __init__(self, n: int = 8) -> None:
        super().__init__(QueensPuzzle(n))


class QueensCsp(CspProblem):
    """N queens as a constraint problem: variables are rows, values are columns.

    Every pair of rows carries one constraint (no shared column or diagonal), so
    ``simpleai.search.backtrack`` and ``min_conflicts`` can solve it. An answer is a
    dict ``{row: column}``; :meth:`placement` turns it into puzzlelab's tuple of columns.
    ``checks`` counts the constraint checks simpleai has made so far.

    >>> csp = QueensCsp(8)
    >>> from puzzlelab.puzzles.queens import is_solution
    >>> is_solution(csp.placement(backtrack(csp)), 8)
    True
    >>> csp.checks > 0
    True
    """

    def __init__(self, n: int = 8) -> None:
        self.n = check_size(n)
        if self.n > MAX_CSP_N:
            pairs = self.n * (self.n - 1) // 2
            raise ProblemError(
                f"the CSP of {self.n:,} queens has a constraint per pair of rows ({pairs:,}, "
                f"about {pairs * 210 / 2**20:,.0f} MB); QueensCsp takes up to {MAX_CSP_N:,} "
                "queens: for larger boards use puzzlelab.solvers.queens_repair.min_conflicts"
            )
        self.checks = 0
        self.budget: Budget | None = None  # a run's limits (solve_csp, repair_csp)
        self.next_look: float = 0  # when to ask the budget again
        rows = tuple(range(self.n))
        super().__init__(
            variables=rows,
            domains={row: list(range(self.n)) for row in rows},
            constraints=[(pair, self.do_not_attack) for pair in combinations(rows, 2)],
        )

    def __repr__(self) -> str:
        return f"QueensCsp({self.n})"

    def do_not_attack(self, variables: Sequence[int], values: Sequence[int]) -> bool:
        """The constraint: the queens of two rows share no column and no diagonal."""
        if self.budget is not None and self.checks >= self.next_look:
            # a run has no node limit: this raises LimitReached at a time or memory limit
            self.next_look = self.budget.checkpoint(self.checks)
        self.checks += 1
        (row, other_row), (col, other_col) = variables, values
        return col != other_col and abs(col - other_col) != abs(row - other_row)

    def placement(self, assignment: dict[int, int]) -> Placement:
        """Return a full ``{row: column}`` assignment as a tuple of columns."""
        return tuple(assignment[row] for row in range(self.n))

    def greedy_start(self, seed: int | None = None) -> dict[int, int]:
        """Return simpleai's own starting rule, computed fast: ``{row: column}``.

        Each row in turn takes a column in conflict with the fewest rows before it,
        ties at random: exactly what ``min_conflicts`` does when given no start, but
        counted along lines instead of by checking every constraint for every value.
        During a run it keeps to the run's limits.
        """
        return dict(enumerate(greedy_start(self.n, seed=seed, budget=self.budget)))


@dataclass(repr=False)
class CspResult(SearchResult):
    """One run of a simpleai CSP algorithm on :class:`QueensCsp`.

    ``algorithm`` names the algorithm and its options. ``status`` is ``"solved"``,
    ``"exhausted"`` (backtrack tried every assignment: no solution), ``"limit"`` (a time
    or memory limit, or min_conflicts' own ``iterations_limit``) or ``"interrupted"``.
    ``stats.extra["checks"]`` counts the constraint checks simpleai made.

    Attributes
    ----------
    n : int
        The board size.
    conflicts : int or None
        Attacking pairs on the board at the end (0 when solved; ``None``: no board).
    placement : tuple or None
        The board at the end, a tuple of columns.

    Examples
    --------
    >>> result = solve_csp(6)
    >>> result
    <backtrack, -, -, AC-3 on 6 queens: solved | 1,479 checks, ... s>
    >>> result.placement, result.conflicts, result.stats.extra["checks"]
    ((1, 3, 5, 0, 2, 4), 0, 1479)
    >>> solve_csp(3).status
    'exhausted'
    """

    n: int = 0
    conflicts: int | None = None
    placement: Placement | None = None

    def __repr__(self) -> str:
        s, ended = self.stats, self.status if self.solved else self.summary()
        return (
            f"<{self.algorithm} on {self.n} queens: {ended} | "
            f"{s.extra.get('checks', 0):,} checks, {s.seconds:.3f} s>"
        )

    def as_dict(self) -> dict[str, Any]:
        """Return the run as plain data (JSON-ready), without the placement."""
        return {**super().as_dict(), "n": self.n, "conflicts": self.conflicts}

    def table_rows(self) -> list[tuple[str, object]]:
        s = self.stats
        return [
            ("status", self.status_text()),
            ("queens", self.n),
            ("checks", f"{s.extra.get('checks', 0):,}"),
            ("conflicts", self.conflicts),
            ("seconds", f"{s.seconds:.3f}"),
        ]


#: What a CSP run of simpleai returns: a full ``{row: column}`` assignment, or None.
Assignment = dict[int, int] | None


def _run(
    csp: QueensCsp,
    algorithm: str,
    run: Callable[[], Assignment],
    seed: int | None,
    limits: dict[str, Any],
    unsolved: tuple[str, str],
) -> CspResult:
    """Run *run* (a function of no arguments) on *csp* with *limits* and a seed.

    *unsolved* is the ``(status, reason)`` when simpleai returns no solution.
    """
    budget = Budget(**limits)
    saved = random.getstate()  # simpleai draws from the random module: seed it, then restore
    random.seed(seed)
    csp.checks = csp.next_look = 0
    csp.budget = budget
    assignment: Assignment = None
    status: str | None = None
    reason = ""
    try:
        with stopping() as stop:
            assignment = run()
    finally:
        csp.budget = None
        random.setstate(saved)
    if stop:
        status, reason = stop.status, stop.reason
    placement = csp.placement(assignment) if assignment else None
    if status is None:
        if placement and is_solution(placement, csp.n):
            status, reason = "solved", "no queen is attacked"
        else:
            status, reason = unsolved
    stats = SearchStats(seconds=budget.elapsed(), extra={"checks": csp.checks})
    left = conflicts(placement) if placement else None
    return CspResult(algorithm, status, stats=stats, reason=reason, n=csp.n, conflicts=left,
                     placement=placement)  # fmt: skip


def solve_csp(
    n: int, variable_heuristic: str = "", value_heuristic: str = "", inference: bool = True,
    max_seconds: float | None = None, max_memory_mb: MemoryLimit = DEFAULT,
) -> CspResult:  # fmt: skip
    """Run simpleai's ``backtrack`` on :class:`QueensCsp` (n); return a :class:`CspResult`.

    *variable_heuristic* is ``""`` (rows in order), ``MOST_CONSTRAINED_VARIABLE`` or
    ``HIGHEST_DEGREE_VARIABLE``; *value_heuristic* ``""`` (columns in order) or
    ``LEAST_CONSTRAINING_VALUE``; *inference* runs arc consistency after each choice.
    *max_seconds* and *max_memory_mb* limit the run, as for every solver.

    Parameters
    ----------
    n : int
        The board size.
    variable_heuristic : str
        Which row simpleai assigns next.
    value_heuristic : str
        Which column it tries first.
    inference : bool
        Run arc consistency (AC-3) after each choice.
    max_seconds, max_memory_mb : optional
        Stop there (status ``limit``).

    Returns
    -------
    CspResult
        ``solved`` with the placement, or ``exhausted``, ``limit`` or ``interrupted``.

    Examples
    --------
    >>> from simpleai.search import MOST_CONSTRAINED_VARIABLE
    >>> run = solve_csp(8, MOST_CONSTRAINED_VARIABLE)
    >>> run.status, run.algorithm
    ('solved', 'backtrack, most constrained, -, AC-3')
    >>> solve_csp(3).status
    'exhausted'
    """
    csp = QueensCsp(n)
    names = [HEURISTIC_NAMES.get(h, h) for h in (variable_heuristic, value_heuristic)]
    algorithm = ", ".join(["backtrack", *names, "AC-3" if inference else "no inference"])
    no_solution = f"simpleai's backtrack tried everything: no placement of {csp.n} queens " \
                  "avoids every attack"  # fmt: skip
    return _run(
        csp,
        algorithm,
        lambda: backtrack(csp, variable_heuristic, value_heuristic, inference=inference),
        seed=0,
        limits={"max_seconds": max_seconds, "max_memory_mb": max_memory_mb},
        unsolved=("exhausted", no_solution),
    )


def repair_csp(
    n: int, seed: int | None = None, iterations_limit: int | Literal["default"] | None = DEFAULT,
    greedy: bool = True, max_seconds: float | None = None, max_memory_mb: MemoryLimit = DEFAULT,
) -> CspResult:  # fmt: skip
    """Run simpleai's ``min_conflicts`` on :class:`QueensCsp` (n); return a :class:`CspResult`.

    With *greedy* the start is :meth:`QueensCsp.greedy_start` (simpleai's own rule,
    computed fast, within the limits); without, simpleai builds it itself (slow beyond
    30 queens). simpleai's ``min_conflicts`` never starts again, and on small boards
    (3 or 6 queens, say) it can get stuck for good, so *iterations_limit* (queens moved)
    is ``100 n + 10,000`` unless given; ``None`` lifts it (then give *max_seconds*).

    Parameters
    ----------
    n : int
        The board size.
    seed : int, optional
        Seeds simpleai's random choices, so the run can be repeated.
    iterations_limit : int, "default" or None
        simpleai's own limit on queens moved.
    greedy : bool
        Start from :meth:`QueensCsp.greedy_start` (default), not simpleai's own start.
    max_seconds, max_memory_mb : optional
        Stop there (status ``limit``).

    Returns
    -------
    CspResult
        ``solved`` with the placement, or ``limit`` or ``interrupted`` with the board so far.

    Raises
    ------
    ProblemError
        If *iterations_limit* is not a whole number of at least 1 (or "default" or None).

    Examples
    --------
    >>> run = repair_csp(10, seed=1)
    >>> run.status, run.conflicts
    ('solved', 0)
    >>> repair_csp(3, seed=1, iterations_limit=5).reason
    "simpleai's min_conflicts stopped at its iterations_limit of 5"
    """
    csp = QueensCsp(n)
    algorithm = "min_conflicts" + (", greedy start" if greedy else "")
    if iterations_limit == DEFAULT:
        iterations_limit = 100 * n + 10_000
    elif iterations_limit is None:
        iterations_limit = 0  # simpleai's word for no limit
    else:
        iterations_limit = whole_number(iterations_limit, "iterations_limit", least=1)

    def run() -> Assignment:
        start = csp.greedy_start(seed) if greedy else None
        return min_conflicts(csp, initial_assignment=start, iterations_limit=iterations_limit)

    return _run(
        csp,
        algorithm,
        run,
        seed,
        limits={"max_seconds": max_seconds, "max_memory_mb": max_memory_mb},
        unsolved=(
            "limit",
            f"simpleai's min_conflicts stopped at its iterations_limit of {iterations_limit}",
        ),  # fmt: skip
    )
