"""Solvers that are not the generic search engine: each knows one puzzle's tricks.

The search engine (:mod:`puzzlelab.search`) runs any problem with states, actions
and a goal test. The solvers here sit beside it and use what one puzzle offers:
a sliding puzzle's board changed in place and its pattern databases, bitmasks and
symmetry for N queens, min-conflicts repair, decision trees of Mastermind
strategies, the prunings of peg solitaire's iterative deepening. They return the
same :class:`~puzzlelab.results.SearchResult` (or a small subclass), keep to the
same :class:`~puzzlelab.limits.Budget` and say the same status words.

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> sliding_idastar(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), "linear-conflict").cost
31
"""

from .patterns import PatternDatabase, PatternHeuristic, pattern_heuristic
from .queens import count_solutions, fundamental_solutions
from .sliding import sliding_idastar

__all__ = [
    "PatternDatabase",
    "PatternHeuristic",
    "count_solutions",
    "fundamental_solutions",
    "pattern_heuristic",
    "sliding_idastar",
]
