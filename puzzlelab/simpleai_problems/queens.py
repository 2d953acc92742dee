"""N queens for simpleai: a ``SearchProblem``, a ``CspProblem``, and simpleai's ``backtrack``
and ``min_conflicts`` run on it with limits."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from simpleai.search import backtrack, min_conflicts
from simpleai.search.models import CspProblem

from ..errors import ProblemError, whole_number
from ..limits import DEFAULT, Budget, MemoryLimit, TimeLimit, stopping
from ..puzzles.queens import Placement, QueensPuzzle, check_size, conflicts, is_solution
from ..results import SearchResult, SearchStats
from ..solvers.queens_repair import greedy_start
from .base import PuzzleProblem

#: The largest CSP built: simpleai indexes its constraints in O(n³) (30 s for 1,000 queens).
MAX_CSP_N = 200

#: simpleai's heuristics, as tables name them.
HEURISTIC_NAMES = {"": "-", "mcv": "most constrained", "degree": "highest degree",
                   "lvc": "least constraining"}  # fmt: skip


class QueensProblem(PuzzleProblem):
    """N queens in simpleai's terms (arguments as for ``QueensPuzzle``).

    >>> from simpleai.search import depth_first
    >>> len(depth_first(QueensProblem(6), graph_search=True).state)
    6
    """

    puzzle: QueensPuzzle
    rules = QueensPuzzle


class QueensCsp(CspProblem):
    """N queens as a constraint problem: rows are variables, columns values, ``checks`` counted.

    >>> csp = QueensCsp(8)
    >>> from puzzlelab.puzzles.queens import is_solution
    >>> is_solution(csp.placement(backtrack(csp)), 8), csp.checks > 0
    (True, True)
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
        self.budget: Budget | None = None  # a run's limits
        self.next_look: float = 0
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
        return tuple(assignment[row] for row in range(self.n))


@dataclass(repr=False)
class CspResult(SearchResult):
    """One run of a simpleai CSP algorithm on :class:`QueensCsp` of ``n`` queens.

    >>> result = solve_csp(6)
    >>> result
    <backtrack, -, -, AC-3 on 6 queens: solved | 1,479 checks, ... s>
    >>> result.placement, result.conflicts, result.stats.extra["checks"]
    ((1, 3, 5, 0, 2, 4), 0, 1479)
    """

    n: int = 0
    conflicts: int | None = None
    placement: Placement | None = None
    extra_fields = ("n", "conflicts")  # not the placement

    def __repr__(self) -> str:
        s, ended = self.stats, self.status if self.solved else self.summary()
        return (
            f"<{self.algorithm} on {self.n} queens: {ended} | "
            f"{s.extra.get('checks', 0):,} checks, {s.seconds:.3f} s>"
        )

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
    csp: QueensCsp, algorithm: str, run: Callable[[], Assignment], seed: int | None,
    budget: Budget, unsolved: tuple[str, str],
) -> CspResult:  # fmt: skip
    """Run *run* on *csp*; *unsolved* is the ``(status, reason)`` without a solution."""
    saved = random.getstate()  # simpleai draws from the random module
    random.seed(seed)
    csp.checks = csp.next_look = 0
    csp.budget = budget
    assignment: Assignment = None
    try:
        with stopping() as stop:
            assignment = run()
    finally:
        csp.budget = None
        random.setstate(saved)
    placement = csp.placement(assignment) if assignment else None
    status, reason = unsolved
    if stop:
        status, reason = stop.status, stop.reason
    elif placement and is_solution(placement, csp.n):
        status, reason = "solved", "no queen is attacked"
    stats = SearchStats(seconds=budget.elapsed(), extra={"checks": csp.checks})
    left = conflicts(placement) if placement else None
    return CspResult(algorithm, status, stats=stats, reason=reason, n=csp.n, conflicts=left,
                     placement=placement)  # fmt: skip


def solve_csp(
    n: int, variable_heuristic: str = "", value_heuristic: str = "", inference: bool = True,
    max_seconds: TimeLimit = DEFAULT, max_memory_mb: MemoryLimit = DEFAULT,
) -> CspResult:  # fmt: skip
    """Run simpleai's ``backtrack`` on :class:`QueensCsp` (n), with simpleai's heuristics
    (``""``: in order) and AC-3 if *inference*.

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
    budget = Budget(None, max_seconds, max_memory_mb)

    def run() -> Assignment:
        return backtrack(csp, variable_heuristic, value_heuristic, inference=inference)

    return _run(csp, algorithm, run, 0, budget, ("exhausted", no_solution))


def repair_csp(
    n: int, seed: int | None = None, iterations_limit: int | Literal["default"] | None = DEFAULT,
    greedy: bool = True, max_seconds: TimeLimit = DEFAULT, max_memory_mb: MemoryLimit = DEFAULT,
) -> CspResult:  # fmt: skip
    """Run simpleai's ``min_conflicts`` on :class:`QueensCsp` (n); *greedy*: build the start
    fast (simpleai's is slow beyond 30 queens); *iterations_limit*: ``100 n + 10,000``
    unless given.

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
        start = (
            dict(enumerate(greedy_start(csp.n, seed=seed, budget=csp.budget))) if greedy else None
        )
        return min_conflicts(csp, initial_assignment=start, iterations_limit=iterations_limit)

    stopped = f"simpleai's min_conflicts stopped at its iterations_limit of {iterations_limit}"
    budget = Budget(None, max_seconds, max_memory_mb)
    return _run(csp, algorithm, run, seed, budget, ("limit", stopped))
