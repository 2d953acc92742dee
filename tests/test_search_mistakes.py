"""check_search names the classic mistakes of a best-first search, and only those a search has.

The students' searches are written as a class writes them: four frontiers (heapq with a
counter, heapq of tuples, a list sorted on every turn, a dict of states), each ordered by
the f it is handed, as lesson 2's ``best_first`` is; then searches whose mistake sits
in the loop itself (a closed set, g counted in actions, the goal tested on generation).
"""

import heapq
import itertools
from collections import deque

import pytest

from puzzlelab.exercises import check_search
from puzzlelab.exercises.recording import Recorder
from puzzlelab.exercises.search_problems import (
    SHORTCUT,
    SHORTCUT_ESTIMATES,
    WINDING,
    WINDING_ESTIMATES,
    RoadMap,
)
from puzzlelab.search import Trace, astar, uniform_cost

# ---------------------------------------------------------------- four frontiers, f handed in


def heap_with_a_counter(problem, f):
    start = problem.initial_state
    tie = itertools.count()
    frontier = [(f(start, 0), next(tie), start, 0, [])]
    reached = {start: 0}
    while frontier:
        _, _, state, g, actions = heapq.heappop(frontier)
        if g > reached[state]:
            continue
        if problem.is_goal(state):
            return actions
        for action in problem.actions(state):
            child = problem.result(state, action)
            child_g = g + problem.cost(state, action, child)
            if child not in reached or child_g < reached[child]:
                reached[child] = child_g
                entry = (f(child, child_g), next(tie), child, child_g, actions + [action])
                heapq.heappush(frontier, entry)
    return None


def heap_of_tuples(problem, f):
    """No counter: ties fall to g, then to the states themselves."""
    start = problem.initial_state
    frontier = [(f(start, 0), 0, start, [])]
    best_g = {start: 0}
    while frontier:
        _, g, state, path = heapq.heappop(frontier)
        if best_g.get(state, float("inf")) < g:
            continue
        if problem.is_goal(state):
            return path
        for action in problem.actions(state):
            nxt = problem.result(state, action)
            new_g = g + problem.cost(state, action, nxt)
            if new_g < best_g.get(nxt, float("inf")):
                best_g[nxt] = new_g
                heapq.heappush(frontier, (f(nxt, new_g), new_g, nxt, path + [action]))
    return None


def sorted_list(problem, f):
    frontier = [(problem.initial_state, 0, [])]
    cost_so_far = {problem.initial_state: 0}
    while frontier:
        frontier.sort(key=lambda node: f(node[0], node[1]))
        state, g, path = frontier.pop(0)
        if g > cost_so_far[state]:
            continue
        if problem.is_goal(state):
            return path
        for action in problem.actions(state):
            child = problem.result(state, action)
            g2 = g + problem.cost(state, action, child)
            if child not in cost_so_far or g2 < cost_so_far[child]:
                cost_so_far[child] = g2
                frontier.append((child, g2, path + [action]))
    return None


def dict_frontier(problem, f):
    """The frontier is {state: (g, actions)}: a cheaper path replaces a state's entry."""
    frontier = {problem.initial_state: (0, [])}
    best = {problem.initial_state: 0}
    while frontier:
        state = min(frontier, key=lambda s: f(s, frontier[s][0]))
        g, actions = frontier.pop(state)
        if problem.is_goal(state):
            return actions
        for action in problem.actions(state):
            child = problem.result(state, action)
            g2 = g + problem.cost(state, action, child)
            if g2 < best.get(child, float("inf")):
                best[child] = g2
                frontier[child] = (g2, actions + [action])
    return None


def with_a_closed_set(problem, f):
    """The textbook's graph search: a state once expanded is never looked at again."""
    start = problem.initial_state
    frontier = [(f(start, 0), 0, start, [])]
    closed = set()
    while frontier:
        _, g, state, path = heapq.heappop(frontier)
        if state in closed:
            continue
        if problem.is_goal(state):
            return path
        closed.add(state)
        for action in problem.actions(state):
            child = problem.result(state, action)
            if child not in closed:
                g2 = g + problem.cost(state, action, child)
                heapq.heappush(frontier, (f(child, g2), g2, child, path + [action]))
    return None


FRONTIERS = [heap_with_a_counter, heap_of_tuples, sorted_list, dict_frontier]

#: f as a student writes it, given the problem.
F = {
    "g": lambda problem: lambda state, g: g,
    "h": lambda problem: lambda state, g: problem.heuristic(state),
    "g + h": lambda problem: lambda state, g: g + problem.heuristic(state),
    "g + 2h": lambda problem: lambda state, g: g + 2 * problem.heuristic(state),
    "g - h": lambda problem: lambda state, g: g - problem.heuristic(state),
    "g + 3h": lambda problem: lambda state, g: g + 3 * problem.heuristic(state),
    "-(g + h)": lambda problem: lambda state, g: -(g + problem.heuristic(state)),  # a max-heap
}
RIGHT = {"ucs": "g", "greedy": "h", "astar": "g + h"}


def student(frontier, f):
    def my_search(problem):
        return frontier(problem, F[f](problem))

    return my_search


def said_to(search, like, capsys, problems=None):
    assert check_search(search, like=like, problems=problems) is False
    said = capsys.readouterr().out
    assert said.startswith("Not yet:")
    return said


# ---------------------------------------------------------------- right ones pass, in every style


@pytest.mark.parametrize(
    "frontier, like",
    [(frontier, like) for frontier in FRONTIERS for like in RIGHT]
    + [(with_a_closed_set, "ucs"), (with_a_closed_set, "greedy")],  # A*'s: a mistake, below
)
def test_a_right_search_passes_whatever_its_frontier(frontier, like, capsys):
    assert check_search(student(frontier, RIGHT[like]), like=like) is True, capsys.readouterr()


def test_a_right_astar_that_tests_the_goal_before_skipping_a_stale_entry_passes(capsys):
    def my_astar(problem):
        start, tie = problem.initial_state, itertools.count()
        frontier = [(problem.heuristic(start), next(tie), start, 0, [])]
        reached = {start: 0}
        while frontier:
            _, _, state, g, actions = heapq.heappop(frontier)
            if problem.is_goal(state):
                return actions
            if g > reached[state]:
                continue
            for action in reversed(problem.actions(state)):
                child = problem.result(state, action)
                child_g = g + problem.cost(state, action, child)
                if child not in reached or child_g < reached[child]:
                    reached[child] = child_g
                    f = child_g + problem.heuristic(child)
                    heapq.heappush(frontier, (f, next(tie), child, child_g, actions + [action]))
        return None

    assert check_search(my_astar, like="astar") is True, capsys.readouterr()


# ---------------------------------------------------------------- the wrong f, named


ASKED_AND_WRITTEN = {
    ("astar", "h"): "You ordered the frontier by h alone (that is greedy search); A* orders "
    "it by f = g + h.",
    ("astar", "g"): "You ordered the frontier by the path cost g alone (that is uniform-cost "
    "search); A* orders it by f = g + h.",
    ("astar", "g + 2h"): "You ordered the frontier by f = g + w * h with a weight w above 1, "
    "as in g + 2h (that is weighted A*: it trusts h more than A* does, and its paths need not "
    "be the cheapest); A* orders it by f = g + h.",
    ("astar", "g + 3h"): "by f = g + w * h with a weight w above 1",
    ("greedy", "g + 2h"): "by f = g + w * h with a weight w above 1",
    ("astar", "-(g + h)"): "You ordered the frontier so that the dearest paths come out first "
    "(f must not fall as g grows: check its signs); A* orders it by f = g + h.",
    ("astar", "g - h"): "You ordered the frontier by f = g - h (h must be added to g, not "
    "taken away); A* orders it by f = g + h.",
    ("greedy", "g + h"): "You ordered the frontier by f = g + h (that is A*); greedy search "
    "orders it by h alone.",
    ("greedy", "g"): "You ordered the frontier by the path cost g alone (that is uniform-cost "
    "search); greedy search orders it by h alone.",
    ("ucs", "g + h"): "You ordered the frontier by f = g + h (that is A*); uniform-cost search "
    "orders it by the path cost g alone.",
    ("ucs", "h"): "You ordered the frontier by h alone (that is greedy search); uniform-cost "
    "search orders it by the path cost g alone.",
}


@pytest.mark.parametrize("frontier", FRONTIERS)
@pytest.mark.parametrize("like, written", list(ASKED_AND_WRITTEN))
def test_the_wrong_f_is_named(like, written, frontier, capsys):
    said = said_to(student(frontier, written), like, capsys)
    assert ASKED_AND_WRITTEN[like, written] in said, said


def test_g_counted_in_actions_is_named(capsys):
    def my_astar(problem):
        start, tie = problem.initial_state, itertools.count()
        frontier = [(problem.heuristic(start), next(tie), start, 0, [])]
        reached = {start: 0}
        while frontier:
            _, _, state, g, actions = heapq.heappop(frontier)
            if g > reached[state]:
                continue
            if problem.is_goal(state):
                return actions
            for action in problem.actions(state):
                child = problem.result(state, action)
                if child not in reached or g + 1 < reached[child]:
                    reached[child] = g + 1
                    f = g + 1 + problem.heuristic(child)
                    heapq.heappush(frontier, (f, next(tie), child, g + 1, actions + [action]))
        return None

    said = said_to(my_astar, "astar", capsys)
    assert (
        "You ordered the frontier by f = the number of actions + h (g must add up what the "
        "actions cost, problem.cost, not count them); A* orders it by f = g + h." in said
    ), said


def test_a_queue_or_a_stack_is_named_too(capsys):
    def my_bfs(problem):
        frontier, reached = deque([(problem.initial_state, [])]), {problem.initial_state}
        while frontier:
            state, actions = frontier.popleft()
            if problem.is_goal(state):
                return actions
            for action in problem.actions(state):
                child = problem.result(state, action)
                if child not in reached:
                    reached.add(child)
                    frontier.append((child, actions + [action]))
        return None

    def my_dfs(problem):
        frontier, reached = [(problem.initial_state, [])], {problem.initial_state}
        while frontier:
            state, actions = frontier.pop()
            if problem.is_goal(state):
                return actions
            for action in problem.actions(state):
                child = problem.result(state, action)
                if child not in reached:
                    reached.add(child)
                    frontier.append((child, actions + [action]))
        return None

    said = said_to(my_bfs, "astar", capsys)
    assert "by the number of actions so far (that is breadth-first search)" in said, said
    said = said_to(my_dfs, "ucs", capsys)
    assert "by when nodes were pushed, newest first (a stack: that is depth-first" in said, said


def test_h_of_the_parent_is_named(capsys):
    """Before, an A* that added the parent's h to the child's g was told only the rule."""
    said = said_to(lambda problem: astar_with(problem, h_of_parent=True), "astar", capsys)
    assert (
        "You ordered the frontier by f = g + the h of the state each node came from (h must "
        "be the successor's own estimate, problem.heuristic(child), not its parent's); A* "
        "orders it by f = g + h." in said
    ), said
    assert "weighted" not in said and "closed set" not in said, said


# ---------------------------------------------------------------- a closed set, where it matters


def test_the_reference_astar_reopens_where_the_estimates_are_not_consistent():
    problem = RoadMap("S", "G", SHORTCUT, SHORTCUT_ESTIMATES)
    trace = Trace()
    result = astar(problem, trace=trace)
    expanded = [event.state for event in trace.events if event.kind == "expand"]
    assert result.cost == 7 and expanded == ["S", "B", "D", "A", "B", "D"]
    assert with_a_closed_set(problem, F["g + h"](problem)) == ["B", "D", "G"]  # cost 8


def test_a_closed_set_is_named(capsys):
    said = said_to(student(with_a_closed_set, "g + h"), "astar", capsys)
    assert said == (
        "Not yet: on a road map whose estimates are not consistent, your search stopped after "
        "4 expansions, where puzzlelab's would take 'B' next. Your search never looks at a "
        "state again once it has expanded it (a closed set). It found a path of cost 2 to 'B' "
        "after expanding 'B' by a path of cost 3, and dropped it. With this heuristic, which "
        "never overestimates but is not consistent, A* must reopen such a state: push it "
        "again with the cheaper path, and expand it again.\n"
    )


def test_the_estimates_of_the_road_maps_are_as_their_names_say():
    def true_distances(roads, goal):
        return {town: uniform_cost(RoadMap(town, goal, roads)).cost for town in roads}

    def consistent(roads, h):
        return all(h[a] <= length + h[b] for a in roads for b, length in roads[a].items())

    for roads, h, goal in [(WINDING, WINDING_ESTIMATES, "I"), (SHORTCUT, SHORTCUT_ESTIMATES, "G")]:
        distances = true_distances(roads, goal)
        assert all(h[town] <= distances[town] for town in roads)  # never overestimate
    assert consistent(WINDING, WINDING_ESTIMATES)
    assert not consistent(SHORTCUT, SHORTCUT_ESTIMATES)


# ---------------------------------------------------------------- no fault the code does not have


def astar_with(problem, h_of_parent=False, goal_on_generation=False, keep_first_path=False):
    """A*, right but for the one mistake asked for."""
    start, tie = problem.initial_state, itertools.count()
    frontier = [(problem.heuristic(start), next(tie), start, 0, [])]
    reached = {start: 0}
    while frontier:
        _, _, state, g, actions = heapq.heappop(frontier)
        if g > reached[state]:
            continue
        if not goal_on_generation and problem.is_goal(state):
            return actions
        for action in problem.actions(state):
            child = problem.result(state, action)
            child_g = g + problem.cost(state, action, child)
            if goal_on_generation and problem.is_goal(child):
                return actions + [action]
            if child not in reached or (child_g < reached[child] and not keep_first_path):
                reached[child] = child_g
                f = child_g + problem.heuristic(state if h_of_parent else child)
                heapq.heappush(frontier, (f, next(tie), child, child_g, actions + [action]))
    return None


@pytest.mark.parametrize(
    "mistake, told",
    [
        ("goal_on_generation", "the goal was tested when it was generated"),
        ("keep_first_path", "found a cheaper path to 'D' (cost 4 instead of 7)"),
    ],
)
def test_a_mistake_outside_f_gets_no_order_named(mistake, told, capsys):
    said = said_to(lambda problem: astar_with(problem, **{mistake: True}), "astar", capsys)
    assert told in said, said
    assert "You ordered the frontier" not in said and "closed set" not in said, said


@pytest.mark.parametrize(
    "f",
    [
        lambda problem: lambda state, g: 2 * g + problem.heuristic(state),
        lambda problem: lambda state, g: max(g, problem.heuristic(state)),
        lambda problem: lambda state, g: g + 10 * problem.heuristic(state),
    ],
)
def test_an_f_no_mistake_explains_gets_no_order_named(f, capsys):
    said = said_to(lambda problem: heap_with_a_counter(problem, f(problem)), "astar", capsys)
    assert "A* orders the frontier by f = g + h." in said and "You ordered" not in said, said


def test_stale_entries_expanded_again_get_no_order_named(capsys):
    def no_skip(problem):  # the loop without `if g > reached[state]: continue`
        start, tie = problem.initial_state, itertools.count()
        frontier = [(problem.heuristic(start), next(tie), start, 0, [])]
        reached = {start: 0}
        while frontier:
            _, _, state, g, actions = heapq.heappop(frontier)
            if problem.is_goal(state):
                return actions
            for action in problem.actions(state):
                child = problem.result(state, action)
                child_g = g + problem.cost(state, action, child)
                if child not in reached or child_g < reached[child]:
                    reached[child] = child_g
                    f = child_g + problem.heuristic(child)
                    heapq.heappush(frontier, (f, next(tie), child, child_g, actions + [action]))
        return None

    said = said_to(no_skip, "astar", capsys)
    assert "duplicates were not dropped" in said and "You ordered" not in said, said


def test_goal_tests_of_states_never_expanded_are_counted():
    """The evidence that tells a goal tested on generation from a frontier ordered wrong."""
    problem = RoadMap("A", "I", WINDING, WINDING_ESTIMATES)
    for search, early in [
        (lambda p: astar_with(p, goal_on_generation=True), True),
        (lambda p: astar_with(p), False),
        (student(with_a_closed_set, "g + h"), False),
    ]:
        recorder = Recorder(problem, 10_000)
        search(recorder)
        assert (recorder.recording().early_tests > 0) is early


# ---------------------------------------------------------------- g not added up (tryout 22)


def test_g_as_the_last_steps_cost_alone_is_named(capsys):
    """Before, a search with ``g2 = cost`` was told that duplicates were not dropped."""

    def my_uniform_cost(problem):
        tie = itertools.count()
        start = problem.initial_state
        frontier = [(0, next(tie), start, [])]
        best = {start: 0}
        while frontier:
            g, _, state, path = heapq.heappop(frontier)
            if g > best[state]:
                continue
            if problem.is_goal(state):
                return path
            for a in problem.actions(state):
                s2 = problem.result(state, a)
                g2 = problem.cost(state, a, s2)
                if s2 not in best or g2 < best[s2]:
                    best[s2] = g2
                    heapq.heappush(frontier, (g2, next(tie), s2, path + [a]))
        return None

    said = said_to(my_uniform_cost, "ucs", capsys)
    assert "duplicates were not dropped" not in said, said
    assert (
        "You ordered the frontier by the cost of the last step alone (g must add up the "
        "costs of every step: the parent's g + problem.cost); uniform-cost search orders it "
        "by the path cost g alone." in said
    ), said


def test_f_carried_into_g_is_named(capsys):
    """Before, an A* with ``g2 = f + cost`` was told it counted actions (breadth-first)."""

    def my_astar(problem):
        tie = itertools.count()
        start = problem.initial_state
        frontier = [(problem.heuristic(start), next(tie), 0, start, [])]
        best = {start: 0}
        while frontier:
            f, _, g, state, path = heapq.heappop(frontier)
            if g > best[state]:
                continue
            if problem.is_goal(state):
                return path
            for a in problem.actions(state):
                s2 = problem.result(state, a)
                g2 = f + problem.cost(state, a, s2)
                if s2 not in best or g2 < best[s2]:
                    best[s2] = g2
                    f2 = g2 + problem.heuristic(s2)
                    heapq.heappush(frontier, (f2, next(tie), g2, s2, path + [a]))
        return None

    said = said_to(my_astar, "astar", capsys)
    assert "breadth-first" not in said and "number of actions" not in said, said
    assert (
        "You ordered the frontier by f = g + the h of every state on the path (a child's g "
        "must be its parent's g + the step's cost, not its parent's f + the cost); A* orders "
        "it by f = g + h." in said
    ), said
