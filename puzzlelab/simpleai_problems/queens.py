"""N queens for simpleai: a ``SearchProblem`` (one queen per row) and a ``CspProblem``.

The CSP has one variable per row, whose value is the queen's column, and one binary
constraint per pair of rows: n(n-1)/2 constraints. simpleai's ``backtrack`` and
``min_conflicts`` run on it unchanged; :func:`solve_csp` and :func:`repair_csp` run them
with a time limit, a seed, and a count of the constraint checks they made.

What to expect from ``min_conflicts`` here: every time it weighs a value it checks all
n(n-1)/2 constraints, so one step costs about n^3 / 2 checks (one second for 100 queens,
ten for 200). Fifty queens take seconds, a hundred under a minute; thousands need
puzzlelab's own :func:`~puzzlelab.puzzles.queens.min_conflicts`, which is the same
method with the queens on every line counted as they move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from simpleai.search import backtrack, min_conflicts
from simpleai.search.models import CspProblem

from ..limits import Budget, LimitReached
from ..puzzles.queens import (
    CLOCK_EVERY,
    QueensPuzzle,
    check_size,
    conflicts,
    greedy_start,
    is_solution,
)
from .base import PuzzleProblem

#: The names simpleai gives its heuristics, as shown in tables.
HEURISTIC_NAMES = {"": "-", "mcv": "most constrained", "degree": "highest degree",
                   "lvc": "least constraining"}  # fmt: skip


class QueensProblem(PuzzleProblem):
    """N queens in simpleai's terms: place one safe queen per row, top to bottom.

    >>> from simpleai.search import depth_first
    >>> len(depth_first(QueensProblem(6), graph_search=True).state)
    6
    """

    def __init__(self, n=8):
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

    def __init__(self, n=8):
        self.n = check_size(n)
        self.checks = 0
        self.budget = None  # a time limit, set by solve_csp / repair_csp
        rows = tuple(range(self.n))
        super().__init__(
            variables=rows,
            domains={row: list(range(self.n)) for row in rows},
            constraints=[(pair, self.do_not_attack) for pair in combinations(rows, 2)],
        )

    def __repr__(self) -> str:
        return f"QueensCsp({self.n})"

    def do_not_attack(self, variables, values) -> bool:
        """The constraint: the queens of two rows share no column and no diagonal."""
        self.checks += 1
        if self.budget and self.checks % CLOCK_EVERY == 0:
            self.budget.check(0)  # raises LimitReached when time is up
        (row, other_row), (col, other_col) = variables, values
        return col != other_col and abs(col - other_col) != abs(row - other_row)

    def placement(self, assignment):
        """Return a full ``{row: column}`` assignment as a tuple of columns."""
        return tuple(assignment[row] for row in range(self.n))

    def greedy_start(self, seed=None) -> dict:
        """Return simpleai's own starting rule, computed fast: ``{row: column}``.

        Each row in turn takes a column in conflict with the fewest rows before it,
        ties at random: exactly what ``min_conflicts`` does when given no start, but
        counted along lines instead of by checking every constraint for every value.
        """
        return dict(enumerate(greedy_start(self.n, seed=seed)))


@dataclass
class CspRun:
    """One run of a simpleai CSP algorithm on :class:`QueensCsp`.

    ``method`` names the algorithm and its options; ``checks`` counts constraint
    checks; ``conflicts`` the attacking pairs left (0 when solved); ``status`` is
    ``"solved"``, ``"unsolved"`` (min_conflicts ran out of iterations, or backtrack
    proved there is no solution), ``"limit"`` or ``"interrupted"``.
    """

    method: str
    n: int
    status: str
    checks: int
    seconds: float
    conflicts: int | None = None
    placement: tuple | None = field(default=None, repr=False)

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def as_row(self) -> dict:
        """Return the run as a table row (for :func:`~puzzlelab.puzzles.queens.format_runs`)."""
        return {"method": self.method, "n": self.n, "status": self.status,
                "checks": self.checks, "seconds": self.seconds}  # fmt: skip


def _run(csp, method: str, algorithm, max_seconds, seed) -> CspRun:
    """Run *algorithm* (a function of no arguments) on *csp* with a time limit and a seed."""
    budget = Budget(max_seconds=max_seconds)
    saved = random.getstate()  # simpleai draws from the random module: seed it, then restore
    random.seed(seed)
    csp.checks = 0
    csp.budget = None if max_seconds is None else budget
    assignment, status = None, None
    try:
        assignment = algorithm()
    except LimitReached:
        status = "limit"
    except KeyboardInterrupt:
        status = "interrupted"
    finally:
        csp.budget = None
        random.setstate(saved)
    seconds = budget.elapsed()
    placement = csp.placement(assignment) if assignment else None
    if status is None:
        status = "solved" if placement and is_solution(placement, csp.n) else "unsolved"
    left = conflicts(placement) if placement else None
    return CspRun(method, csp.n, status, csp.checks, seconds, left, placement)


def solve_csp(n, variable_heuristic="", value_heuristic="", inference=True, max_seconds=None):
    """Run simpleai's ``backtrack`` on :class:`QueensCsp` (n); return a :class:`CspRun`.

    *variable_heuristic* is ``""`` (rows in order), ``MOST_CONSTRAINED_VARIABLE`` or
    ``HIGHEST_DEGREE_VARIABLE``; *value_heuristic* ``""`` (columns in order) or
    ``LEAST_CONSTRAINING_VALUE``; *inference* runs arc consistency after each choice.

    >>> from simpleai.search import MOST_CONSTRAINED_VARIABLE
    >>> run = solve_csp(8, MOST_CONSTRAINED_VARIABLE)
    >>> run.status, run.method
    ('solved', 'backtrack, most constrained, -, AC-3')
    """
    csp = QueensCsp(n)
    names = [HEURISTIC_NAMES.get(h, h) for h in (variable_heuristic, value_heuristic)]
    method = ", ".join(["backtrack", *names, "AC-3" if inference else "no inference"])
    return _run(
        csp,
        method,
        lambda: backtrack(csp, variable_heuristic, value_heuristic, inference=inference),
        max_seconds,
        seed=0,
    )


def repair_csp(n, seed=None, iterations_limit=0, greedy=True, max_seconds=None) -> CspRun:
    """Run simpleai's ``min_conflicts`` on :class:`QueensCsp` (n); return a :class:`CspRun`.

    With *greedy* the start is :meth:`QueensCsp.greedy_start` (simpleai's own rule,
    computed fast); without, simpleai builds it itself (slow beyond 30 queens).
    *iterations_limit* 0 means no limit. simpleai's ``min_conflicts`` never starts
    again, and on small boards (6 queens, say) it can get stuck for good: give
    *max_seconds* or *iterations_limit* there.

    >>> run = repair_csp(20, seed=1)
    >>> run.status, run.conflicts
    ('solved', 0)
    """
    csp = QueensCsp(n)
    start = csp.greedy_start(seed) if greedy else None
    method = "min_conflicts" + (", greedy start" if greedy else "")
    return _run(
        csp,
        method,
        lambda: min_conflicts(csp, initial_assignment=start, iterations_limit=iterations_limit),
        max_seconds,
        seed,
    )
