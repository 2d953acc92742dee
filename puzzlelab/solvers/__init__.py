"""Solvers that are not the generic search engine: each knows one puzzle's tricks.

The search engine (:mod:`puzzlelab.search`) runs any problem with states, actions
and a goal test. The solvers here sit beside it and use what one puzzle offers:
bitmasks and symmetry for N queens, min-conflicts repair, decision trees of
Mastermind strategies, the prunings of peg solitaire's iterative deepening. They
return the same :class:`~puzzlelab.results.SearchResult` (or a small subclass),
keep to the same :class:`~puzzlelab.limits.Budget` and say the same status words.
"""

from .queens import count_solutions, fundamental_solutions  # noqa: F401  (N queens)
