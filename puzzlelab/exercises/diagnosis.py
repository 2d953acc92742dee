"""Where a student's search parts from puzzlelab's, and why that usually happens."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from simpleai.search import SearchProblem

from ..results import SearchResult
from ..search.problem import Action, State
from .recording import Recording
from .rules import Entry, Rules


def replay(
    recording: Recording, rules: Rules
) -> tuple[list[dict[str, Any]], str | None, int | None]:
    """Walk the student's expansions through the *rules* (advanced as it goes).

    Returns the steps up to where they part (per expansion: its ``number``, the state
    the ``student`` expanded, the states the ``reference`` could expand, and both
    frontiers), why they part (or why the student stopped too soon) as a sentence, and
    the expansion, counted from 1, where they part; None for the last two if they do not.

    There is no example here; ``tests/test_check_search.py`` runs it.
    """
    steps = []
    for number, state in enumerate(recording.expanded, start=1):
        choices = rules.choices()
        steps.append({
            "number": number,
            "student": state,
            "reference": [entry.state for entry in choices],
            "reference_frontier": [_row(entry) for entry in rules.frontier_in_order()],
            "student_frontier": [{"state": s} for s in recording.waiting_before(number)],
        })  # fmt: skip
        chosen = next((entry for entry in choices if entry.state == state), None)
        if chosen is None or rules.problem.is_goal(chosen.state):
            wanted = " or ".join(_shown(e.state) for e in choices[:3]) or "nothing (it had stopped)"
            why = (
                f"your search and puzzlelab's part at expansion {number}: yours expanded "
                f"{_shown(state)}, puzzlelab's would take {wanted}. "
            )
            return steps, why + _diagnosis(state, choices, rules, recording), number
        rules.expand(chosen)
    return steps, _why_stopped(recording, rules), None


def _row(entry: Entry) -> dict[str, object]:
    return {"state": entry.state, "g": entry.g, "h": entry.h, "depth": entry.depth}


def _diagnosis(state: State, choices: list[Entry], rules: Rules, recording: Recording) -> str:
    """Why that usually happens, from what the student's choice looks like."""
    like = rules.like
    if state in rules.expanded:
        if like in ("bfs", "dfs"):
            return (
                "That state was expanded before: duplicates were not dropped. A state counts as "
                "reached when it is generated; do not push a successor whose state is reached."
            )
        return (
            "That state was expanded before: duplicates were not dropped. Push a successor only "
            "when its path is cheaper than the one reached before, and skip a node taken from "
            "the frontier when a cheaper path to its state was found since."
        )
    kept_first = _kept_the_first_path(choices, rules)
    if kept_first:
        return kept_first
    if rules.problem.is_goal(state) and any(e.state == state for e in choices):
        return (
            "Yours expanded the goal instead of stopping there: test each node with "
            "problem.is_goal when it is taken from the frontier, and return its actions."
        )
    if any(rules.problem.is_goal(e.state) for e in choices):
        return (
            "puzzlelab's search would take a goal node there and stop: test is_goal when a "
            "node is taken from the frontier, and return its actions."
        )
    live = rules.live()
    entry = next((e for e in live if e.state == state), None)
    if entry is None:
        if state in rules.reached:
            return (
                "That state was generated before and dropped as a duplicate, or waits "
                "elsewhere in the frontier: a state counts as reached when it is generated."
            )
        return "That state was not in puzzlelab's frontier at all: check the successors you push."
    return _ordering_diagnosis(entry, live, rules, recording)


#: Orders a student's search may follow by mistake, each as a sort key of an entry.
ORDERS: dict[str, tuple[str, Callable[[Entry], float]]] = {
    "lifo": ("the newest node first (LIFO, a stack)", lambda entry: -entry.order),
    "fifo": ("the oldest node first (FIFO, a queue)", lambda entry: entry.order),
    "h": ("the node of lowest h alone", lambda entry: entry.h),
    "g": ("the node of lowest path cost g alone", lambda entry: entry.g),
    "f": ("the node of lowest f = g + h", lambda entry: entry.g + entry.h),
    "depth": ("the node with the fewest actions so far", lambda entry: entry.depth),
}

#: For each search: what it should take, and the mistakes to look for, likeliest first.
SHOULD = {
    "bfs": ("breadth-first search takes the oldest node (FIFO: popleft from a deque)", ["lifo"]),
    "dfs": (
        "depth-first search takes the newest node (LIFO: pop from the end of a list)",
        ["fifo", "depth"],
    ),
    "ucs": ("uniform-cost search takes the lowest path cost g", ["depth", "fifo", "f", "h"]),
    "greedy": ("greedy search takes the lowest h", ["g", "f", "fifo", "lifo"]),
    "astar": ("A* takes the lowest f = g + h", ["h", "g", "depth", "fifo", "lifo"]),
}


def _kept_the_first_path(choices: list[Entry], rules: Rules) -> str | None:
    """If the rules' next node lies beyond a state reached again more cheaply, say so."""
    for entry in choices:
        node: Entry | None = entry
        while node is not None:
            if node.state in rules.cheaper:
                dear, cheap = rules.cheaper[node.state]
                return (
                    f"puzzlelab's search found a cheaper path to {_shown(node.state)} (cost "
                    f"{cheap:g} instead of {dear:g}) before expanding it, and kept that one. "
                    "When a successor's state is reached again more cheaply, push the cheaper "
                    "path and skip the dearer entry when it comes out."
                )
            node = node.parent
    return None


def _ordering_diagnosis(entry: Entry, live: list[Entry], rules: Rules, recording: Recording) -> str:
    """The student took a node that waits in the frontier, but not a first one."""
    should, mistakes = SHOULD[rules.like]
    last = rules.expanded[-1] if rules.expanded else None
    if (
        rules.like == "dfs"
        and entry.state in recording.generated_by(len(rules.expanded))
        and (entry.parent is None or entry.parent.state != last)
    ):
        return (
            "Your search generated that state more than once and took a later copy: a state "
            "counts as reached when it is generated; mark it then, not when it is expanded."
        )
    expected = rules.frontier_in_order()[0]
    if rules.like in ("bfs", "dfs") and entry.parent is expected.parent:
        return _among_siblings(entry, rules, recording, should)
    for mistake in mistakes:
        words, key = ORDERS[mistake]
        if key(entry) == min(key(other) for other in live):
            return f"Your search seems to take {words}; {should}."
    return f"{should[0].upper()}{should[1:]}."


def _among_siblings(entry: Entry, rules: Rules, recording: Recording, should: str) -> str:
    """The student took a sibling of the node the rules take: wrong end, or reversed order?

    The next step tells: a search that takes the wrong end of its frontier moves on to a
    sibling (depth-first) or a child (breadth-first).
    """
    expansions = recording.expanded
    number = len(rules.expanded) + 1
    after = expansions[number] if number < len(expansions) else None
    problem = rules.problem
    children = {problem.result(entry.state, action) for action in problem.actions(entry.state)}
    went_deeper = after in children
    if rules.like == "dfs" and went_deeper:
        return (
            "It took a node's first successor first: that is recursive (backtracking) "
            "depth-first search, or a stack with the successors pushed in reverse. puzzlelab's "
            "depth-first search is the stack version: push every successor (each is reached "
            "when it is generated), then pop the newest, so the last successor comes first."
        )
    if rules.like == "bfs" and not went_deeper:
        return (
            "It took the successors in the opposite order: breadth-first search takes them "
            "in the order actions() gives them, the first one first."
        )
    words = ORDERS["fifo" if rules.like == "dfs" else "lifo"][0]
    return f"Your search seems to take {words}; {should}."


def _why_stopped(recording: Recording, rules: Rules) -> str | None:
    """The student's search expanded no more: was it right to stop there?"""
    choices = rules.choices()
    goals = [e for e in choices if rules.problem.is_goal(e.state)]
    if goals or not rules.live():
        return None
    waiting_goal = [e for e in rules.live() if rules.problem.is_goal(e.state)]
    if waiting_goal:
        return (
            f"your search stopped after {len(recording.expanded)} expansions with the goal "
            f"{_shown(waiting_goal[0].state)} still waiting in the frontier behind "
            f"{_shown(choices[0].state)}: the goal was tested when it was generated. Test "
            "is_goal when a node is taken from the frontier: only then is its path known to be "
            "the one the search is after."
        )
    return (
        f"your search stopped after {len(recording.expanded)} expansions while "
        f"{_shown(choices[0].state)} and others were still waiting in the frontier."
    )


def wrong_answer(
    actions: list[Action] | None,
    problem: SearchProblem,
    reference: SearchResult,
    like: str,
    rules: Rules,
) -> str | None:
    """What is wrong with the actions the student returned, as a sentence; None if nothing.

    They must be a legal path to a goal, as short as *reference*'s for ``"bfs"`` and as
    cheap for ``"ucs"`` and ``"astar"``.

    There is no example here; ``tests/test_check_search.py`` runs it.
    """
    if reference.status != "solved":
        if actions is None:
            return None
        return "there is no solution here, but your function returned a list of actions."
    assert reference.cost is not None  # solved: a path was found, and it has a cost
    if actions is None:
        return "your function returned None, but there is a solution."
    if actions and actions[0] == problem.initial_state:
        return "your answer looks like a list of states: return the actions that lead there."
    state, cost = problem.initial_state, 0
    costs: list[tuple[State, float]] = []
    for number, action in enumerate(actions, start=1):
        if action not in problem.actions(state):
            return f"action {number} of your answer, {action!r}, is not allowed there."
        after = problem.result(state, action)
        cost, state = cost + problem.cost(state, action, after), after
        costs.append((state, cost))
    if not problem.is_goal(state):
        return f"your answer's {len(actions)} actions do not end at a goal."
    if like == "bfs" and len(actions) != len(reference.actions):
        return (
            f"your answer takes {len(actions)} actions; the fewest is {len(reference.actions)}. "
            "Return the path of the node that reached the goal."
        )
    if like in ("ucs", "astar") and not math.isclose(cost, reference.cost):
        return f"your answer costs {cost:g}; the cheapest costs {reference.cost:g}. " + (
            _dearer_on_the_way(costs, rules)
            or "Order the frontier by the path's cost (g = parent's g + cost of the step)."
        )
    return None


def _dearer_on_the_way(costs: list[tuple[State, float]], rules: Rules) -> str | None:
    """A state the student's path reaches dearer than the rules had reached it, said why."""
    for state, cost in costs[:-1]:
        best = rules.reached.get(state)
        if best is not None and best.g < cost and not math.isclose(best.g, cost):
            return (
                f"Your path reaches {_shown(state)} at cost {cost:g}, but a path of cost "
                f"{best.g:g} to it was found before it was expanded: when a successor's state "
                "is reached again more cheaply, keep the cheaper path (push it again)."
            )
    return None


def _shown(state: State) -> str:
    """A state in a few characters, for a sentence."""
    if isinstance(state, tuple) and all(isinstance(x, int) for x in state):
        return "(" + " ".join(map(str, state)) + ")"
    return repr(state)
