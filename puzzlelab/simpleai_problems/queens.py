"""N queens for simpleai: a ``SearchProblem`` (one queen per row) and a ``CspProblem``."""

from __future__ import annotations

from itertools import combinations

from simpleai.search import SearchProblem
from simpleai.search.models import CspProblem

from ..puzzles.queens import QueensPuzzle, check_size


class QueensProblem(SearchProblem):
    """N queens in simpleai's terms: place one safe queen per row, top to bottom.

    >>> from simpleai.search import depth_first
    >>> len(depth_first(QueensProblem(6), graph_search=True).state)
    6
    """

    def __init__(self, n=8):
        self.puzzle = QueensPuzzle(n)
        super().__init__(initial_state=self.puzzle.start)

    def actions(self, state):
        return self.puzzle.actions(state)

    def result(self, state, action):
        return self.puzzle.result(state, action)

    def is_goal(self, state):
        return self.puzzle.is_goal(state)

    def cost(self, state, action, state2):
        return 1

    def state_representation(self, state):
        return self.puzzle.render(state)


def _queens_do_not_attack(variables, values):
    """A CSP constraint: the queens of two rows share no column and no diagonal."""
    (row, other_row), (col, other_col) = variables, values
    return col != other_col and abs(col - other_col) != abs(row - other_row)


class QueensCsp(CspProblem):
    """N queens as a constraint problem: variables are rows, values are columns.

    Every pair of rows carries one constraint (no shared column or diagonal), so
    ``simpleai.search.backtrack`` and ``min_conflicts`` can solve it. An answer is a
    dict ``{row: column}``; :meth:`placement` turns it into puzzlelab's tuple of columns.

    >>> from simpleai.search import backtrack
    >>> csp = QueensCsp(8)
    >>> from puzzlelab.puzzles.queens import is_solution
    >>> is_solution(csp.placement(backtrack(csp)), 8)
    True
    """

    def __init__(self, n=8):
        self.n = check_size(n)
        rows = tuple(range(self.n))
        super().__init__(
            variables=rows,
            domains={row: list(range(self.n)) for row in rows},
            constraints=[(pair, _queens_do_not_attack) for pair in combinations(rows, 2)],
        )

    def placement(self, assignment):
        """Return a full ``{row: column}`` assignment as a tuple of columns."""
        return tuple(assignment[row] for row in range(self.n))
