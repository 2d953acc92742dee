"""The sliding puzzles as simpleai ``SearchProblem`` subclasses.

simpleai's own algorithms (``breadth_first``, ``astar``, ...) run on these
unchanged, and so does puzzlelab's engine, which makes the two easy to compare.

Examples
--------
>>> from simpleai.search import breadth_first
>>> problem = SlidingPuzzleProblem("3 1 5 / 0 7 4 / 6 8 2", goal="0 1 2 / 3 4 5 / 6 7 8")
>>> node = breadth_first(problem, graph_search=True)
>>> len(node.path()) - 1
13
>>> from puzzlelab.search import bfs
>>> bfs(problem).cost
13
"""

from __future__ import annotations

from simpleai.search import SearchProblem
from simpleai.search.models import CspProblem

from .errors import ProblemError
from .puzzles.sliding import SlidingPuzzle


class SlidingPuzzleProblem(SearchProblem):
    """A sliding puzzle in simpleai's terms, with its heuristic chosen on construction.

    Parameters
    ----------
    start, goal, shape
        As for :class:`~puzzlelab.puzzles.SlidingPuzzle`.
    heuristic : str
        ``"manhattan"`` (default), ``"misplaced"``, ``"linear-conflict"`` or ``"zero"``.
    """

    def __init__(self, start=None, goal=None, shape=None, heuristic="manhattan"):
        self.puzzle = SlidingPuzzle(start, goal=goal, shape=shape)
        named = {**self.puzzle.heuristics, "zero": lambda state: 0}
        if heuristic not in named:
            raise ProblemError(f"unknown heuristic {heuristic!r}; choose from: {', '.join(named)}")
        self.heuristic_name = heuristic
        self._heuristic = named[heuristic]
        self.goal = self.puzzle.goal
        super().__init__(initial_state=self.puzzle.start)

    def actions(self, state):
        return self.puzzle.actions(state)

    def result(self, state, action):
        return self.puzzle.result(state, action)

    def is_goal(self, state):
        return state == self.goal

    def cost(self, state, action, state2):
        return 1

    def heuristic(self, state):
        return self._heuristic(state)

    def predecessors(self, state):
        """Let puzzlelab's bidirectional search step backwards."""
        return self.puzzle.predecessors(state)

    def check_solvable(self):
        """Raise ``UnsolvableError`` when the goal cannot be reached (puzzlelab calls this)."""
        self.puzzle.check_solvable()

    def state_representation(self, state):
        return self.puzzle.render(state)


# ---------------------------------------------------------------- water jugs and N queens


class WaterJugsProblem(SearchProblem):
    """Water jugs in simpleai's terms (arguments as for :class:`~puzzlelab.puzzles.WaterJugs`).

    >>> from simpleai.search import breadth_first
    >>> problem = WaterJugsProblem((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
    >>> len(breadth_first(problem, graph_search=True).path()) - 1
    7
    """

    def __init__(self, capacities, start=None, target=None, tap=False):
        from .puzzles.jugs import WaterJugs

        self.puzzle = WaterJugs(capacities, start=start, target=target, tap=tap)
        self.goal = self.puzzle.goal
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


class QueensProblem(SearchProblem):
    """N queens in simpleai's terms: place one safe queen per row, top to bottom.

    >>> from simpleai.search import depth_first
    >>> len(depth_first(QueensProblem(6), graph_search=True).state)
    6
    """

    def __init__(self, n=8):
        from .puzzles.queens import QueensPuzzle

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
        from itertools import combinations

        from .puzzles.queens import check_size

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
