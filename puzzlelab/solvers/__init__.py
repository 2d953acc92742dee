"""Solvers that use one puzzle's tricks (those with a generic name, ``solve``, ``play``,
``evaluate``, stay in their modules)."""

from .mastermind import decision_tree
from .mastermind_strategies import STRATEGIES, group_sizes, next_guess
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
