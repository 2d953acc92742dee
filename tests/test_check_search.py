"""check_search: students' searches, right and wrong, against puzzlelab's rules.

The students' functions below are the ones a class writes: a correct version of
each search, and the plausible mistakes (FIFO and LIFO swapped, the goal tested
on generation, no duplicate check, f keyed on h alone, ...), each of which must
be rejected with the right diagnosis.
"""

import heapq
import itertools
import signal
from collections import deque

import pytest
from simpleai.search import breadth_first

from puzzlelab.errors import ProblemError
from puzzlelab.exercises import check_search
from puzzlelab.exercises.search import SEARCHES, RoadMap, Rules, compare_search, problems_for
from puzzlelab.exercises.search_problems import DETOUR
from puzzlelab.puzzles import GridWorld
from puzzlelab.search import Trace, astar, bfs
from puzzlelab.simpleai_problems import SlidingPuzzleProblem, WaterJugsProblem
from puzzlelab.widgets import PredictNext, SearchDivergence

# ---------------------------------------------------------------- students' searches


def graph_search(problem, take, goal_on_generation=False, drop_duplicates=True, reverse=False):
    """BFS or DFS as students write them; *take* pops the next (state, actions)."""
    start = problem.initial_state
    frontier, reached = deque([(start, [])]), {start}
    while frontier:
        state, actions = take(frontier)
        if not goal_on_generation and problem.is_goal(state):
            return actions
        successors = problem.actions(state)
        for action in reversed(successors) if reverse else successors:
            child = problem.result(state, action)
            if goal_on_generation and problem.is_goal(child):
                return actions + [action]
            if child not in reached or not drop_duplicates:
                reached.add(child)
                frontier.append((child, actions + [action]))
    return None


def my_bfs(problem):
    return graph_search(problem, deque.popleft)


def my_dfs(problem):
    return graph_search(problem, deque.pop)


def best_first(problem, f, goal_on_generation=False, skip_stale=True):
    """One best-first search; uniform cost, greedy and A* differ only in *f*."""
    start = problem.initial_state
    tie = itertools.count()
    frontier = [(f(start, 0), next(tie), start, 0, [])]
    reached = {start: 0}
    while frontier:
        _, _, state, g, actions = heapq.heappop(frontier)
        if skip_stale and g > reached[state]:
            continue
        if problem.is_goal(state):
            return actions
        for action in problem.actions(state):
            child = problem.result(state, action)
            child_g = g + problem.cost(state, action, child)
            if goal_on_generation and problem.is_goal(child):
                return actions + [action]
            if child not in reached or child_g < reached[child]:
                reached[child] = child_g
                entry = (f(child, child_g), next(tie), child, child_g, actions + [action])
                heapq.heappush(frontier, entry)
    return None


def my_ucs(problem):
    return best_first(problem, lambda state, g: g)


def my_greedy(problem):
    return best_first(problem, lambda state, g: problem.heuristic(state))


def my_astar(problem):
    return best_first(problem, lambda state, g: g + problem.heuristic(state))


# ---------------------------------------------------------------- right ones pass


@pytest.mark.parametrize(
    "search, like",
    [(my_bfs, "bfs"), (my_dfs, "dfs"), (my_ucs, "ucs"), (my_greedy, "greedy"), (my_astar, "astar")],
)
def test_a_correct_search_is_accepted(search, like, capsys):
    assert check_search(search, like=like) is True
    assert capsys.readouterr().out.startswith("Correct!")


def test_ties_in_any_order_are_accepted(capsys):
    """A* whose equal-f nodes leave newest first: a different tie-break, not a mistake."""

    def newest_first_on_ties(problem):
        tie = itertools.count(0, -1)
        return best_first(problem, lambda state, g: (g + problem.heuristic(state), next(tie)))

    assert check_search(newest_first_on_ties, like="astar") is True


def test_the_rules_replay_the_engine_expansion_for_expansion():
    """Taking the engine's own tie-break, the rules expand what the engine expands."""
    for like, (_, search) in SEARCHES.items():
        for name, problem in problems_for(like).items():
            trace = Trace()
            search(problem, trace=trace, check_solvable=False)
            engine = [event.state for event in trace.events if event.kind == "expand"]
            rules, replayed = Rules(problem, like), []
            while rules.choices():
                entry = rules.frontier_in_order()[0]
                if problem.is_goal(entry.state):
                    break
                replayed.append(entry.state)
                rules.expand(entry)
            assert replayed == engine, f"{like} on {name}"


# ---------------------------------------------------------------- wrong ones fail, and are told why


def check_fails(search, like, *phrases, capsys):
    assert check_search(search, like=like) is False
    said = capsys.readouterr().out
    assert said.startswith("Not yet:")
    for phrase in phrases:
        assert phrase in said, said
    return said


def test_fifo_and_lifo_swapped(capsys):
    check_fails(my_dfs, "bfs", "newest node first (LIFO", "takes the oldest", capsys=capsys)
    check_fails(my_bfs, "dfs", "oldest node first (FIFO", "takes the newest", capsys=capsys)


def test_goal_tested_on_generation(capsys):
    def early_bfs(problem):
        return graph_search(problem, deque.popleft, goal_on_generation=True)

    def early_ucs(problem):
        return best_first(problem, lambda state, g: g, goal_on_generation=True)

    for search, like in ((early_bfs, "bfs"), (early_ucs, "ucs")):
        check_fails(search, like, "tested when it was generated", capsys=capsys)


def test_duplicates_not_dropped(capsys):
    def tree_bfs(problem):
        return graph_search(problem, deque.popleft, drop_duplicates=False)

    def stale_astar(problem):  # the textbook loop without skipping stale entries
        return best_first(problem, lambda state, g: g + problem.heuristic(state), skip_stale=False)

    check_fails(tree_bfs, "bfs", "duplicates were not dropped", capsys=capsys)
    # S-B is dear and S-A-B cheap: B's dear entry is still queued when B is expanded.
    roads = {"S": {"A": 1, "B": 5}, "A": {"B": 1}, "B": {"C": 1}, "C": {"G": 10}, "G": {}}
    detour = {"a detour": RoadMap("S", "G", roads)}
    assert check_search(stale_astar, like="astar", problems=detour) is False
    assert "skip a node taken from the frontier" in capsys.readouterr().out


def test_priority_keyed_on_the_wrong_value(capsys):
    check_fails(my_greedy, "astar", "by h alone (that is greedy", "A* orders it", capsys=capsys)
    check_fails(my_bfs, "ucs", "number of actions so far", "by the path cost g", capsys=capsys)
    check_fails(my_ucs, "astar", "by the path cost g alone (that is uniform", capsys=capsys)


def test_successors_pushed_in_reverse(capsys):
    def reversed_dfs(problem):
        return graph_search(problem, deque.pop, reverse=True)

    def reversed_bfs(problem):
        return graph_search(problem, deque.popleft, reverse=True)

    check_fails(reversed_dfs, "dfs", "first successor first", "recursive", capsys=capsys)
    check_fails(reversed_bfs, "bfs", "opposite order", "the first one first", capsys=capsys)


def test_a_wrong_answer_is_reported_as_such(capsys):
    def one_action_short(problem):
        actions = my_bfs(problem)
        return actions[:-1] if actions else actions

    def says_no_solution(problem):
        my_bfs(problem)
        return None

    check_fails(one_action_short, "bfs", "do not end at a goal", capsys=capsys)
    check_fails(says_no_solution, "bfs", "returned None, but there is a solution", capsys=capsys)


# ---------------------------------------------------------------- hostile and broken ones


def test_calling_a_library_search_is_seen(capsys):
    def borrowed_from_puzzlelab(problem):
        return bfs(problem).actions

    def borrowed_from_simpleai(problem):
        node = breadth_first(problem, graph_search=True)
        return [action for action, _ in node.path()[1:]]

    check_fails(borrowed_from_puzzlelab, "bfs", "called puzzlelab's own search", capsys=capsys)
    check_fails(borrowed_from_simpleai, "bfs", "called simpleai's own search", capsys=capsys)


def test_a_search_that_never_ends_is_stopped(capsys):
    def forever(problem):
        state = problem.initial_state
        while True:
            for action in problem.actions(state):
                problem.result(state, action)

    def swallows_everything(problem):
        try:
            return forever(problem)
        except Exception:
            return None

    check_fails(forever, "bfs", "stopped after", "loop forever", capsys=capsys)
    check_fails(swallows_everything, "bfs", "stopped after", capsys=capsys)


def test_a_search_that_spins_without_calling_the_problem_is_stopped(monkeypatch, capsys):
    monkeypatch.setattr("puzzlelab.exercises.search.SECONDS_PER_PROBLEM", 0.5)

    def spins(problem):
        while True:
            pass

    check_fails(spins, "bfs", "stopped after 0.5 seconds", capsys=capsys)


@pytest.mark.parametrize("handler", [signal.SIG_IGN, signal.SIG_DFL])
def test_a_spinning_search_is_stopped_even_where_ctrl_c_is_ignored(handler, monkeypatch, capsys):
    """Where Ctrl-C was ignored, interrupt_main did nothing: the loop ran, and its memory grew
    until the machine killed the test run."""
    monkeypatch.setattr("puzzlelab.exercises.search.SECONDS_PER_PROBLEM", 0.5)
    previous = signal.signal(signal.SIGINT, handler)
    try:

        def spins(problem):
            while True:
                pass

        check_fails(spins, "bfs", "stopped after 0.5 seconds", capsys=capsys)
        assert signal.getsignal(signal.SIGINT) == handler  # given back as it was
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_search_that_hoards_memory_is_stopped(monkeypatch, capsys):
    monkeypatch.setattr("puzzlelab.exercises.search.MAX_MEMORY_MB", 200)

    def hoards(problem):
        heap = []
        while True:
            heap.append(bytearray(10**6))

    check_fails(hoards, "bfs", "stopped when it had taken 200 MB more memory", capsys=capsys)


def test_a_search_that_raises_is_told_in_one_line(capsys):
    def broken(problem):
        return problem.no_such_method()

    said = check_fails(broken, "bfs", "raised AttributeError", capsys=capsys)
    assert said.count("\n") == 1


def test_bad_arguments_are_told_not_raised(capsys):
    """Checks never raise: a lesson runs top to bottom before its exercises are done."""
    check_fails(my_bfs, "bfs2", "like must be one of 'bfs', 'dfs', 'ucs'", capsys=capsys)
    check_fails("my_bfs", "bfs", "hand in your search function itself", capsys=capsys)
    for problems in ({}, [RoadMap()]):
        assert check_search(my_bfs, like="bfs", problems=problems) is False
        assert "problems must be a dict" in capsys.readouterr().out
    with pytest.raises(ProblemError, match="like must be one of"):
        compare_search(my_bfs, "BFS", RoadMap())


# ---------------------------------------------------------------- on problems of the caller's


def test_other_problems_can_be_given():
    problems = {
        "a 2x3 board": SlidingPuzzleProblem("1 2 3 / 5 0 4"),
        "jugs 4 and 9": WaterJugsProblem((4, 9), target=6, tap=True, cost="litre"),
        "from E to A": RoadMap("E", "A"),
    }
    assert check_search(my_ucs, like="ucs", problems=problems) is True
    assert check_search(my_dfs, like="ucs", problems=problems) is False


def test_the_comparison_keeps_both_frontiers_up_to_where_they_part():
    comparison = compare_search(my_dfs, "bfs", RoadMap(), "the road map")
    assert not comparison.ok and comparison.parted_at == len(comparison.steps)
    last = comparison.steps[-1]
    assert last["student"] not in last["reference"]
    assert {row["state"] for row in last["reference_frontier"]} >= set(last["reference"])
    assert last["student"] in {row["state"] for row in last["student_frontier"]}


# ---------------------------------------------------------------- seeing where they part


def test_the_divergence_widget_steps_up_to_where_they_part():
    from puzzlelab.widgets import SearchDivergence

    view = SearchDivergence(my_dfs, like="bfs")
    assert view.comparison.problem == "the 2x3 sliding puzzle"
    last = view.comparison.parted_at - 1
    assert len(view.frames) == view.comparison.parted_at and view.value == 0  # the first step
    assert "they part here" in view.frame_html(last) and "they part here" not in view.frame_html(0)
    assert "newest node first" in view._repr_mimebundle_()["text/html"]
    assert view.step(0).value == 0 and "renderStepper" in view._esm  # stepped in the browser


def test_the_divergence_widget_of_a_right_search_never_parts():
    from puzzlelab.widgets import SearchDivergence

    view = SearchDivergence(my_astar, like="astar", problem=RoadMap(), name="the road map")
    assert view.comparison.ok and view.comparison.parted_at is None
    assert not any("they part here" in view.frame_html(k) for k in range(len(view.frames)))
    assert "in the same order" in view._repr_mimebundle_()["text/html"]


def test_an_empty_skeleton_is_told_to_search(capsys):
    def my_search(problem): ...

    check_fails(my_search, "dfs", "returned None without searching", capsys=capsys)


def test_a_library_search_on_a_copy_of_the_problem_is_seen_too(capsys):
    import copy

    def borrowed_on_a_copy(problem):
        return bfs(copy.deepcopy(problem)).actions

    check_fails(borrowed_on_a_copy, "bfs", "called puzzlelab's own search", capsys=capsys)


# ---------------------------------------------------------------- styles a class writes


def bfs_with_state_paths(problem):
    """Paths kept as lists of states, turned into actions at the end (asking actions again)."""
    start = problem.initial_state
    frontier, reached = deque([[start]]), {start}
    while frontier:
        path = frontier.popleft()
        if problem.is_goal(path[-1]):
            actions = []
            for before, after in zip(path, path[1:]):
                actions += [
                    a for a in problem.actions(before) if problem.result(before, a) == after
                ]
            return actions
        for action in problem.actions(path[-1]):
            child = problem.result(path[-1], action)
            if child not in reached:
                reached.add(child)
                frontier.append(path + [child])
    return None


def bfs_successors_before_the_goal_test(problem):
    """Asks for the actions twice and works out the successors before testing the goal."""
    start = problem.initial_state
    frontier, reached = deque([(start, [])]), {start}
    while frontier:
        state, actions = frontier.popleft()
        children = [problem.result(state, action) for action in problem.actions(state)]
        if problem.is_goal(state):
            return actions
        for action, child in zip(problem.actions(state), children):
            if child not in reached:
                reached.add(child)
                frontier.append((child, actions + [action]))
    return None


def greedy_with_a_closed_set(problem):
    """Greedy search that never puts a state back: the rules' greedy search does the same."""
    start, tie = problem.initial_state, itertools.count()
    frontier, reached = [(problem.heuristic(start), next(tie), start, [])], {start}
    while frontier:
        _, _, state, actions = heapq.heappop(frontier)
        if problem.is_goal(state):
            return actions
        for action in problem.actions(state):
            child = problem.result(state, action)
            if child not in reached:
                reached.add(child)
                entry = (problem.heuristic(child), next(tie), child, actions + [action])
                heapq.heappush(frontier, entry)
    return None


@pytest.mark.parametrize(
    "search, like",
    [
        (bfs_with_state_paths, "bfs"),
        (bfs_successors_before_the_goal_test, "bfs"),
        (greedy_with_a_closed_set, "greedy"),
    ],
)
def test_other_correct_styles_are_accepted(search, like, capsys):
    assert check_search(search, like=like) is True, capsys.readouterr().out


def test_recursive_depth_first_search_is_told_what_it_is(capsys):
    def recursive_dfs(problem):
        visited = set()

        def go(state):
            if problem.is_goal(state):
                return []
            visited.add(state)
            for action in problem.actions(state):
                child = problem.result(state, action)
                if child not in visited:
                    rest = go(child)
                    if rest is not None:
                        return [action] + rest
            return None

        return go(problem.initial_state)

    check_fails(recursive_dfs, "dfs", "recursive (backtracking)", "stack version", capsys=capsys)


def test_keeping_the_first_path_to_a_state_is_caught(capsys):
    def first_path_ucs(problem):
        start, tie = problem.initial_state, itertools.count()
        frontier, reached = [(0, next(tie), start, [])], {start}
        while frontier:
            g, _, state, actions = heapq.heappop(frontier)
            if problem.is_goal(state):
                return actions
            for action in problem.actions(state):
                child = problem.result(state, action)
                if child not in reached:
                    reached.add(child)
                    step = problem.cost(state, action, child)
                    heapq.heappush(frontier, (g + step, next(tie), child, actions + [action]))
        return None

    check_fails(
        first_path_ucs, "ucs", "found a cheaper path to 'H'", "kept that one", capsys=capsys
    )
    detour = {"a detour": RoadMap("S", "G", DETOUR)}
    assert check_search(first_path_ucs, like="ucs", problems=detour) is False
    assert "a path of cost 2 to it was found" in capsys.readouterr().out


def test_a_library_search_behind_a_class_of_ones_own_is_seen(capsys):
    def wrapped(problem):
        class Mine:
            initial_state = problem.initial_state

            def actions(self, state):
                return problem.actions(state)

            def result(self, state, action):
                return problem.result(state, action)

            def is_goal(self, state):
                return problem.is_goal(state)

            def cost(self, state, action, after):
                return problem.cost(state, action, after)

            def heuristic(self, state):
                return problem.heuristic(state)

        return astar(Mine()).actions

    check_fails(wrapped, "astar", "called puzzlelab's own search", capsys=capsys)


def test_answers_that_did_not_search_this_problem(capsys):
    answers = {}

    def remembers(problem):  # answers from an earlier run: no search of this problem
        return answers.get(problem.initial_state)

    def states_not_actions(problem):
        start = problem.initial_state
        frontier, reached = deque([[start]]), {start}
        while frontier:
            path = frontier.popleft()
            if problem.is_goal(path[-1]):
                return path
            for action in problem.actions(path[-1]):
                child = problem.result(path[-1], action)
                if child not in reached:
                    reached.add(child)
                    frontier.append(path + [child])

    answers[RoadMap().initial_state] = ["C", "D", "F", "G"]
    assert check_search(remembers, like="bfs", problems={"roads": RoadMap()}) is False
    assert "without asking this problem for the actions" in capsys.readouterr().out
    check_fails(states_not_actions, "bfs", "looks like a list of states", capsys=capsys)


def test_a_puzzle_where_a_simpleai_problem_goes_is_named_not_a_traceback(capsys):
    world = GridWorld("S..\n.#.\n..G")
    assert check_search(lambda problem: [], problems={"maze": world}) is False
    assert (
        "maze is a GridWorld: the problems are simpleai SearchProblems" in capsys.readouterr().out
    )
    with pytest.raises(ProblemError, match="are simpleai SearchProblems, not GridWorld"):
        SearchDivergence(lambda problem: [], problem=world)
    with pytest.raises(ProblemError, match="like must be one of 'bfs', .*, not 'uniform_cost'"):
        PredictNext(world, "uniform_cost")
