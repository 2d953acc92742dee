"""Where a student's search parts from puzzlelab's, and why that usually happens."""

from __future__ import annotations

import math
from typing import Any

from simpleai.search import SearchProblem

from ..results import SearchResult
from ..search.problem import Action, State
from .recording import Recording
from .rules import NEEDS, ORDERS, PLANS, REPEATS, Entry, Rules

#: Nothing here is offered to the lessons: they import the checks from puzzlelab.exercises.
__all__: list[str] = []


def replay(
    recording: Recording, rules: Rules
) -> tuple[list[dict[str, Any]], str | None, int | None]:
    """Walk the student's expansions through the *rules*: the steps up to where they part,
    why they part (or stopped too soon), and the expansion where they part (from 1, or None).
    """
    steps = []
    for number, state in enumerate(recording.expanded, start=1):
        choices = rules.choices()
        steps.append({
            "number": number,
            "student": state,
            "reference": [entry.state for entry in choices],
            "reference_frontier": [{"state": e.state, "g": e.g, "h": e.h, "depth": e.depth}
                                   for e in rules.frontier_in_order()],
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


def _diagnosis(state: State, choices: list[Entry], rules: Rules, recording: Recording) -> str:
    like = rules.like
    mistake = _classic_mistake(recording, rules)
    if mistake:
        return mistake
    if state in rules.expanded:
        if like in ("bfs", "dfs", "greedy"):  # they keep the first path to a state
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
    live = rules.live()
    entry = next((e for e in live if e.state == state), None)
    if entry is None:
        if state in rules.reached:
            return (
                "That state was generated before and dropped as a duplicate, or waits "
                "elsewhere in the frontier: a state counts as reached when it is generated."
            )
        return "That state was not in puzzlelab's frontier at all: check the successors you push."
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
        key = ORDERS[mistake]
        if key(entry) == min(key(other) for other in live):
            return f"Your search seems to take {TAKES[mistake]}; {should}."
    return f"{should[0].upper()}{should[1:]}."


#: Orders a student's frontier may follow by mistake: in words, and what that makes of it.
ORDERED = {
    "g": ("by the path cost g alone", "that is uniform-cost search"),
    "h": ("by h alone", "that is greedy search"),
    "g + h": ("by f = g + h", "that is A*"),
    "g - h": ("by f = g - h", "h must be added to g, not taken away"),
    "-(g + h)": (
        "so that the dearest paths come out first",
        "f must not fall as g grows: check its signs",
    ),
    "depth + h": (
        "by f = the number of actions + h",
        "g must add up what the actions cost, problem.cost, not count them",
    ),
    "g + parent's h": (
        "by f = g + the h of the state each node came from",
        "h must be the successor's own estimate, problem.heuristic(child), not its parent's",
    ),
    "depth": ("by the number of actions so far", "that is breadth-first search"),
    "last step": (
        "by the cost of the last step alone",
        "g must add up the costs of every step: the parent's g + problem.cost",
    ),
    "g + every h": (
        "by f = g + the h of every state on the path",
        "a child's g must be its parent's g + the step's cost, not its parent's f + the cost",
    ),
    "lifo": ("by when nodes were pushed, newest first", "a stack: that is depth-first search"),
    **dict.fromkeys(
        [order for order in ORDERS if order.startswith("g + ") and order[4].isdigit()],
        (
            "by f = g + w * h with a weight w above 1, as in g + 2h",
            "that is weighted A*: it trusts h more than A* does, and its paths need not be "
            "the cheapest",
        ),
    ),
}

TAKES = {
    "lifo": "the newest node first (LIFO, a stack)",
    "fifo": "the oldest node first (FIFO, a queue)",
    "depth": "the node with the fewest actions so far",
}

#: For each search: what it should take, and (breadth- and depth-first) the mistakes to look for.
SHOULD = {
    "bfs": ("breadth-first search takes the oldest node (FIFO: popleft from a deque)", ["lifo"]),
    "dfs": (
        "depth-first search takes the newest node (LIFO: pop from the end of a list)",
        ["fifo", "depth"],
    ),
    "ucs": ("uniform-cost search orders the frontier by the path cost g alone", []),
    "greedy": ("greedy search orders the frontier by h alone", []),
    "astar": ("A* orders the frontier by f = g + h", []),
}


def _classic_mistake(recording: Recording, reference: Rules) -> str | None:
    """The classic mistake of a best-first search that alone explains the student's whole
    run, tried under every other order and way with repeated states; else None."""
    like, problem = reference.like, reference.problem
    if like in ("bfs", "dfs"):
        return None
    whole = len(recording.expanded) + 1  # every expansion, and the stop
    found: dict[tuple[str, str], Rules] = {}
    for order in [PLANS[like][0]] + [o for o in ORDERED if o != PLANS[like][0]]:
        for repeats in REPEATS:
            if (order, repeats) != PLANS[like]:
                rules = Rules(problem, like, order, repeats)
                explained = _explained(recording, rules) == whole
                # an order that gave every node the same priority ties, and ties explain any run
                if explained and len({rules.priority(e) for e in rules.reached.values()}) > 1:
                    found[order, repeats] = rules
    orders: list[list[str]] = []  # the orders that explain the run, the same ones grouped
    for (order, _), rules in found.items():
        same = next((group for group in orders if _same(order, group[0], rules)), None)
        if same is None:  # a weight of h other than the first is the same mistake
            same = next((group for group in orders if ORDERED[order] == ORDERED[group[0]]), None)
        if same is None:
            orders.append([order])
        elif order not in same:
            same.append(order)
    if len(orders) > 1 and recording.asked:  # not those that use nothing it asked for
        orders = [group for group in orders if NEEDS[group[0]] & recording.asked] or orders
    if len(orders) != 1:
        return None
    order, *also = orders[0]
    if order != PLANS[like][0]:
        words, search = ORDERED[order]
        for other in dict.fromkeys(ORDERED[other][0] for other in also):
            words += f", which here is the same as {other}" if other != words else ""
        orders_it = SHOULD[like][0].replace(" the frontier ", " it ")
        return f"You ordered the frontier {words} ({search}); {orders_it}."
    if (order, "closed") in found:
        return _closed_set(reference)
    return None


def _explained(recording: Recording, rules: Rules) -> int:
    """How many of the student's expansions *rules* make, plus one if they stop there too."""
    problem = rules.problem
    for number, state in enumerate(recording.expanded):
        chosen = next((e for e in rules.choices() if e.state == state), None)
        if chosen is None or problem.is_goal(state):
            return number
        rules.expand(chosen)
    stops = not rules.live() or any(problem.is_goal(e.state) for e in rules.choices())
    return len(recording.expanded) + stops


def _same(order: str, other: str, rules: Rules) -> bool:
    """Do two orders give every node *rules* met the same priority?"""
    return all(ORDERS[order](e) == ORDERS[other](e) for e in rules.reached.values())


def _closed_set(reference: Rules) -> str:
    again = [e.state for e in reference.choices() if e.state in reference.expanded]
    dear, cheap = reference.cheaper.get(again[0], (0, 0)) if again else (0, 0)
    found = (
        f" It found a path of cost {cheap:g} to {_shown(again[0])} after expanding "
        f"{_shown(again[0])} by a path of cost {dear:g}, and dropped it."
        if again and dear > cheap
        else ""
    )
    return (
        "Your search never looks at a state again once it has expanded it (a closed set)."
        f"{found} With this heuristic, which never overestimates but is not consistent, "
        "A* must reopen such a state: push it again with the cheaper path, and expand it again."
    )


def _kept_the_first_path(choices: list[Entry], rules: Rules) -> str | None:
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


def _among_siblings(entry: Entry, rules: Rules, recording: Recording, should: str) -> str:
    """The student took a sibling of the node the rules take: wrong end (the next step is a
    sibling for depth-first, a child for breadth-first), or reversed order?"""
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
    words = TAKES["fifo" if rules.like == "dfs" else "lifo"]
    return f"Your search seems to take {words}; {should}."


def _why_stopped(recording: Recording, rules: Rules) -> str | None:
    choices = rules.choices()
    goals = [e for e in choices if rules.problem.is_goal(e.state)]
    if goals or not rules.live():
        return None
    waiting_goal = [e for e in rules.live() if rules.problem.is_goal(e.state)]
    count = len(recording.expanded)
    expansions = f"{count} expansion{'s' if count != 1 else ''}"
    mistake = None if recording.early_tests else _classic_mistake(recording, rules)
    if mistake:
        return (
            f"your search stopped after {expansions}, where "
            f"puzzlelab's would take {_shown(choices[0].state)} next. {mistake}"
        )
    amid = _goal_amid_successors(recording, rules)
    if amid is not None and recording.early_tests:
        return (
            f"your search stopped after {expansions}, at the goal {_shown(amid[1])} as soon "
            f"as it was generated, before the rest of the successors of {_shown(amid[0])}: "
            "the goal was tested when it was generated (a recursive search, which enters each "
            "successor at once, does the same). Generate and push all the successors of a "
            "state first, and test is_goal when a node is taken from the frontier: only then "
            "is its path known to be the one the search is after."
        )
    if waiting_goal and recording.early_tests:
        return (
            f"your search stopped after {expansions} with the goal "
            f"{_shown(waiting_goal[0].state)} still waiting in the frontier behind "
            f"{_shown(choices[0].state)}: the goal was tested when it was generated. Test "
            "is_goal when a node is taken from the frontier: only then is its path known to be "
            "the one the search is after."
        )
    return (
        f"your search stopped after {expansions} while "
        f"{_shown(choices[0].state)} and others were still waiting in the frontier; "
        "puzzlelab's stops only when the node it takes from the frontier is a goal."
    )


def _goal_amid_successors(recording: Recording, rules: Rules) -> tuple[State, State] | None:
    """``(state expanded last, goal)`` if the search stopped at a goal among its successors."""
    events = recording.events
    last = max((i for i, (kind, _) in enumerate(events) if kind == "expand"), default=None)
    if last is None:
        return None
    state = events[last][1]
    generated = [child for kind, child in events[last + 1 :] if kind == "generate"]
    problem = rules.problem
    if not generated or not problem.is_goal(generated[-1]):
        return None
    if len(generated) >= len(list(problem.actions(state))):
        return None
    return state, generated[-1]


def wrong_answer(
    actions: list[Action] | None,
    problem: SearchProblem,
    reference: SearchResult,
    like: str,
    rules: Rules,
) -> str | None:
    """What is wrong with the actions the student returned, as a sentence; None if nothing."""
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
    if isinstance(state, tuple) and all(isinstance(x, int) for x in state):
        return "(" + " ".join(map(str, state)) + ")"
    return repr(state)
