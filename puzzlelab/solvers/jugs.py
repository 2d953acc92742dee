"""The water jugs' whole state graph: every state reachable from the start, by breadth-first."""

from __future__ import annotations

from collections import deque

import networkx as nx

from ..errors import ProblemError
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit, TimeLimit
from ..puzzles.jugs import State, WaterJugs

BYTES_PER_STATE, BYTES_PER_ACTION = 200, 100


def state_graph(
    puzzle: WaterJugs,
    *,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> nx.DiGraph:
    """Return a networkx ``DiGraph`` of every state reachable from the start: nodes carry
    ``goal`` and ``depth``, edges ``action``. *max_nodes* counts states.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> graph = state_graph(WaterJugs((8, 5, 3), (8, 0, 0), (4, 4, 0)))
    >>> graph.number_of_nodes(), graph.number_of_edges(), graph.nodes[(4, 4, 0)]
    (16, 58, {'goal': True, 'depth': 7})
    """
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="states")
    _refuse_early(puzzle, budget)
    graph: nx.DiGraph[State] = nx.DiGraph()
    graph.add_node(puzzle.start, goal=puzzle.is_goal(puzzle.start), depth=0)
    frontier = deque([puzzle.start])
    next_look: float = 0  # when to ask the budget again
    try:
        while frontier:
            state = frontier.popleft()
            depth = graph.nodes[state]["depth"] + 1
            for action, after, _ in puzzle.successors(state):
                if after not in graph:
                    if len(graph) >= next_look:
                        next_look = budget.checkpoint(len(graph))
                    graph.add_node(after, goal=puzzle.is_goal(after), depth=depth)
                    frontier.append(after)
                graph.add_edge(state, after, action=action)
    except LimitReached as stop:
        raise ProblemError(
            f"the state graph was not built: {stop} (max_nodes counts states; pass larger "
            "limits, or None, if you really want the whole graph)"
        ) from None
    return graph


def _refuse_early(puzzle: WaterJugs, budget: Budget) -> None:
    capacities = getattr(puzzle, "capacities", None)
    if capacities is None or not getattr(puzzle, "tap", False):
        return
    jugs = len(capacities)
    at_least = 2**jugs  # empty every jug, then fill any of them: all distinct states
    states = f"with a tap every mix of empty and full jugs can be reached: at least {at_least:,} "
    if at_least > budget.max_nodes:
        limit = f"more than the limit of {budget.max_nodes:,} states"
        raise ProblemError(f"{states}states for {jugs} jugs, {limit}")
    actions = jugs  # at least: each jug can be filled or emptied
    megabytes = at_least * (BYTES_PER_STATE + BYTES_PER_ACTION * actions) / 2**20
    if megabytes > budget.max_memory_mb:
        limit = f"which need more than {budget.max_memory_mb:,g} MB; use fewer jugs"
        raise ProblemError(f"{states}states for {jugs} jugs, {limit}")
