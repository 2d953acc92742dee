"""Solvers that are not the generic search engine: each knows one puzzle's tricks.

The search engine (:mod:`puzzlelab.search`) runs any problem with states, actions
and a goal test. The solvers here sit beside it and use what one puzzle offers:
a sliding puzzle's board changed in place and its pattern databases, bitmasks and
symmetry for N queens, min-conflicts repair, decision trees of Mastermind
strategies, the prunings of peg solitaire's iterative deepening. They return the
same :class:`~puzzlelab.results.SearchResult` (or a small subclass), keep to the
same :class:`~puzzlelab.limits.Budget` and say the same status words.

A solver with a generic name (peg solitaire's ``solve`` and ``iterative_deepening``,
Mastermind's ``play`` and ``evaluate``) stays in its puzzle's module,
which the lessons import from here: ``from puzzlelab.solvers import pegs as peg_solvers``.

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> sliding_idastar(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), "linear-conflict").cost
31
"""

from .mastermind_strategies import STRATEGIES, group_sizes, next_guess
from .mastermind_trees import decision_tree
from .patterns import PatternDatabase, PatternHeuristic, pattern_heuristic
from .pegs import dfs_dead_positions
from .queens import backtracking, first_solution, format_runs, generate_and_test
from .queens_counting import count_fundamental, count_solutions, fundamental_solutions
from .queens_repair import min_conflicts
from .sliding import sliding_idastar


def __getattr__(name: str) -> object:
    """:func:`~.jugs.state_graph`, imported when first asked for: it needs networkx."""
    if name == "state_graph":
        from .jugs import state_graph

        return state_graph
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "PatternDatabase",
    "PatternHeuristic",
    "STRATEGIES",
    "backtracking",
    "count_fundamental",
    "count_solutions",
    "decision_tree",
    "dfs_dead_positions",
    "first_solution",
    "format_runs",
    "fundamental_solutions",
    "generate_and_test",
    "group_sizes",
    "min_conflicts",
    "next_guess",
    "pattern_heuristic",
    "sliding_idastar",
    "state_graph",
]
