"""Bidirectional breadth-first search: grow one frontier from the start and one
from the goal, a whole layer at a time, until they touch.

Each side only has to reach about half the solution's depth, so on the
8-puzzle's hardest position it reaches about 16 thousand states where plain
breadth-first search reaches all 181,440.

It keeps a loop of its own, not the engine's (:mod:`~.engine`): it takes whole
layers, not single nodes, and it stops when a state generated on one side has
been reached by the other, before the goal test of any expansion.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..errors import ProblemError
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit, stopped
from ..results import SearchResult, SearchStats, refused_if_unsolvable
from .algorithms import with_limits_doc
from .node import Node, cycle_collector_paused, path_to
from .problem import Action, Predecessors, Problem, Searchable, State, as_problem
from .trace import Trace

NEEDS = (
    "bidirectional search must also search backwards from the goal, so it needs the goal state "
    "(pass goal=..., or give the problem a 'goal' attribute) and a way to step backwards: "
    "a predecessors(state) method returning (action, previous_state) pairs, or reversible=True "
    "if every action can be undone by another action"
)


@cycle_collector_paused()
@with_limits_doc
def bidirectional(
    problem: Searchable,
    *,
    goal: Any = None,
    reversible: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
    trace: Trace | None = None,
    check_solvable: bool = True,
) -> SearchResult:
    """Bidirectional breadth-first search: return a path with the fewest actions, start to goal.

    One frontier grows from the start and one from the goal (stepping backwards,
    through ``predecessors``), a whole layer at a time: the side with the smaller
    frontier expands its layer next. The first layer that touches the other side
    yields a path with the fewest actions, found after each side has gone about
    half the way. ``stats.generated`` counts the states stored by both sides
    together.

    Parameters
    ----------
    problem : puzzle or simpleai SearchProblem
        What to search: it needs one goal state and a way to step backwards.
    goal : state, optional
        The single goal state; default: the problem's ``goal`` attribute.
    reversible : bool
        For problems without ``predecessors``: every action can be undone, so the
        states before a state are the states after it.
    {limits}

    Returns
    -------
    SearchResult
        Status ``solved`` with the whole ``path``, its ``actions`` and ``cost``;
        else ``exhausted``, ``unsolvable``, ``limit`` or ``interrupted``, with the
        ``reason``. ``stats`` holds the counts either way.

    Raises
    ------
    ProblemError
        If the problem has no single goal state or no way to step backwards, *goal*
        is not a goal of the problem, or a limit is not a number of the allowed kind.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
    >>> result = bidirectional(puzzle)
    >>> result
    <bidirectional: solved, cost 5 | 9 expanded, 17 generated, 7 duplicates, frontier <= 7, ... s>
    >>> result.actions
    ['left', 'up', 'right', 'down', 'right']

    On the 8-puzzle's hardest board the two sides reach about 16 thousand states,
    where breadth-first search reaches all 181,440:

    >>> result = bidirectional(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"))
    >>> result.cost, result.stats.generated
    (31, 15828)
    """
    prepared = as_problem(problem)
    goal = prepared.goal if goal is None else goal
    if goal is None:
        raise ProblemError(NEEDS)
    predecessors = prepared.predecessors or (_undo_by_reversing(prepared) if reversible else None)
    if predecessors is None:
        raise ProblemError(NEEDS)
    if not prepared.is_goal(goal):
        raise ProblemError(f"the goal given, {goal!r}, is not a goal of the problem")

    budget = Budget(max_nodes, max_seconds, max_memory_mb)
    refused = refused_if_unsolvable(
        "bidirectional", prepared.check_solvable if check_solvable else None
    )
    if refused is not None:
        return refused
    ids = itertools.count()
    start = prepared.start
    forward = {start: Node(start, None, None, 0, 0, next(ids))}
    backward = {goal: Node(goal, None, None, 0, 0, next(ids))}
    layers = {"forward": list(forward.values()), "backward": list(backward.values())}
    stats = SearchStats(generated=len(forward) + len(backward), max_frontier=2)
    if trace is not None:
        trace.record("generate", forward[start], side="forward")
        trace.record("generate", backward[goal], side="backward")

    def neighbours_forward(state: State) -> list[tuple[Action, State]]:
        return [(action, after) for action, after, _ in prepared.successors(state)]

    meeting: tuple[Node, Node] | None = None
    status, reason = "exhausted", "every reachable state was tried"
    next_look: float = 0  # when to ask the budget again
    if start in backward:
        meeting = (forward[start], backward[goal])
    try:
        while meeting is None and layers["forward"] and layers["backward"]:
            side = "forward" if len(layers["forward"]) <= len(layers["backward"]) else "backward"
            mine, other = (forward, backward) if side == "forward" else (backward, forward)
            neighbours = neighbours_forward if side == "forward" else predecessors
            next_layer: list[Node] = []
            for node in layers[side]:
                if stats.expanded >= next_look:
                    next_look = budget.checkpoint(stats.expanded)
                stats.expanded += 1
                stats.expanded_by_depth[node.depth] = stats.expanded_by_depth.get(node.depth, 0) + 1
                if trace is not None:
                    trace.record("expand", node, side=side)
                for action, state in neighbours(node.state):
                    if state in mine:
                        stats.duplicates += 1
                        continue
                    child = Node(state, node, action, node.g + 1, node.depth + 1, next(ids))
                    mine[state] = child
                    next_layer.append(child)
                    stats.generated += 1
                    if trace is not None:
                        trace.record("generate", child, side=side)
                    if state in other:
                        meeting = (
                            (child, other[state]) if side == "forward" else (other[state], child)
                        )
                        break
                if meeting:
                    break
            layers[side] = next_layer
            stats.max_frontier = max(
                stats.max_frontier, len(layers["forward"]) + len(layers["backward"])
            )
    except (LimitReached, KeyboardInterrupt) as stop:
        status, reason = stopped(stop)
    stats.seconds = budget.elapsed()
    if meeting is None:
        return SearchResult("bidirectional", status, stats=stats, reason=reason)
    return _joined(prepared, meeting, stats, trace)


def _joined(
    problem: Problem, meeting: tuple[Node, Node], stats: SearchStats, trace: Trace | None
) -> SearchResult:
    """Join the forward path to the meeting state with the backward path to the goal."""
    ahead, behind = meeting
    states, actions = path_to(ahead)
    back_states, back_actions = path_to(behind)  # from the goal back to the meeting state
    states += back_states[-2::-1]
    actions += back_actions[::-1]
    if trace is not None:  # the frontiers met here: one node on each side
        trace.record("goal", ahead, side="forward")
        trace.record("goal", behind, side="backward")
    cost: float = 0
    for before, action, after in zip(states, actions, states[1:]):
        cost += _step_cost(problem, before, action, after)
    return SearchResult(
        "bidirectional", "solved", states, actions, cost, stats, "the frontiers met"
    )


def _step_cost(problem: Problem, before: State, action: Action, after: State) -> float:
    for name, state, step in problem.successors(before):
        if name == action and state == after:
            return step
    raise ProblemError(
        f"{action!r} does not lead from {before!r} to {after!r}: check predecessors()"
    )


def _undo_by_reversing(problem: Problem) -> Predecessors:
    """predecessors() for a problem whose every action can be undone."""

    def predecessors(state: State) -> list[tuple[Action, State]]:
        found = []
        for _, before, _ in problem.successors(state):
            for action, after, _ in problem.successors(before):
                if after == state:
                    found.append((action, before))
                    break
        return found

    return predecessors
