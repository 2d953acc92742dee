"""Bidirectional breadth-first search: its own loop, growing whole layers till the sides meet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import ProblemError
from ..results import SearchResult
from .algorithms import _tally_for, with_shared_doc
from .checks import check_hashable
from .engine import Node, Tally, path_to, search_loop
from .problem import Action, Predecessors, Problem, Searchable, State, as_problem
from .trace import Trace

#: Each side's frontier (``forward``, ``backward``): the nodes of its last layer.
Layers = dict[str, list[Node]]

NEEDS = (
    "bidirectional search must also search backwards from the goal, so it needs the goal state "
    "(pass goal=..., or give the problem a 'goal' attribute) and a way to step backwards: "
    "a predecessors(state) method returning (action, previous_state) pairs"
)


@with_shared_doc
def bidirectional(
    problem: Searchable,
    *,
    goal: Any = None,
    trace: Trace | None = None,
    **limits: Any,
) -> SearchResult:
    """Bidirectional breadth-first search: return a path with the fewest actions, start to goal.

    One frontier grows from the start, one from the goal (through ``predecessors``), a
    layer at a time, the smaller first, until a layer touches the other side.

    Parameters
    ----------
    problem : puzzle or simpleai SearchProblem
        It needs one goal state and ``predecessors``.
    goal : state, optional
        The single goal state; default: the problem's ``goal`` attribute.
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> bidirectional(SlidingPuzzle("4 1 3 / 2 0 5"))
    <bidirectional: solved, cost 5 | 9 expanded, 17 generated, 7 duplicates, frontier <= 7, ... s>
    >>> result = bidirectional(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"))
    >>> result.cost, result.stats.generated
    (31, 15828)
    """
    prepared = as_problem(problem)
    goal = prepared.goal if goal is None else goal
    predecessors = prepared.predecessors
    if goal is None or predecessors is None:
        raise ProblemError(NEEDS)
    check_hashable(goal, "the goal")
    if not prepared.is_goal(goal):
        raise ProblemError(f"the goal given, {goal!r}, is not a goal of the problem")

    tally = _tally_for("bidirectional", prepared, (), trace, **limits)  # layers measure themselves
    if isinstance(tally, SearchResult):
        return tally
    layers: Layers = {}
    for side, state in (("forward", prepared.start), ("backward", goal)):
        tally.side, layers[side] = side, [Node.root(state)]
        tally.generated(layers[side][0])
    tally.measured(2)
    return _layers(prepared, layers, tally, predecessors=predecessors)


@search_loop
def _layers(
    problem: Problem, layers: Layers, tally: Tally, *, predecessors: Predecessors
) -> SearchResult:
    """Grow the smaller side by a whole layer until a state of one side is on the other."""
    reached = {side: {layer[0].state: layer[0]} for side, layer in layers.items()}

    def neighbours_forward(state: State) -> Iterator[tuple[Action, State]]:
        return ((action, after) for action, after, _ in problem.successors(state))

    if problem.start in reached["backward"]:
        return _joined(problem, (layers["forward"][0], layers["backward"][0]), tally)
    while layers["forward"] and layers["backward"]:
        side = "forward" if len(layers["forward"]) <= len(layers["backward"]) else "backward"
        other = "backward" if side == "forward" else "forward"
        neighbours = neighbours_forward if side == "forward" else predecessors
        tally.side, mine, next_layer = side, reached[side], []
        for node in layers[side]:
            tally.expanding(node)
            for action, state in neighbours(node.state):
                if state in mine:
                    tally.duplicate(node, action, state, 1)
                    continue
                child = mine[state] = node.child(action, state, 1)
                next_layer.append(child)
                tally.generated(child)
                if state in reached[other]:  # the frontiers met
                    tally.measured(len(next_layer) + len(layers[other]))
                    met = reached[other][state]
                    ahead, behind = (child, met) if side == "forward" else (met, child)
                    return _joined(problem, (ahead, behind), tally)
        layers[side] = next_layer
        tally.measured(len(layers["forward"]) + len(layers["backward"]))
    return tally.exhausted()


def _joined(problem: Problem, meeting: tuple[Node, Node], tally: Tally) -> SearchResult:
    """Join the forward path to the meeting state with the backward path to the goal."""
    ahead, behind = meeting
    states, actions = path_to(ahead)
    back_states, back_actions = path_to(behind)  # from the goal back to the meeting state
    states += back_states[-2::-1]
    actions += back_actions[::-1]
    for side, node in (("forward", ahead), ("backward", behind)):  # one node on each side
        tally.side = side
        tally.arrived(node)
    cost = sum(problem.step_cost(*step) for step in zip(states, actions, states[1:]))
    return SearchResult(
        "bidirectional", "solved", states, actions, cost, tally.stats(), "the frontiers met"
    )
