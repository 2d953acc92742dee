"""The lessons' own code handed back as an answer is recognised, renamed or not."""

import heapq
import itertools
import json
from collections import deque
from pathlib import Path

from puzzlelab.exercises.lesson_code import FEWEST_OPERATIONS, fingerprint, lesson_functions
from puzzlelab.exercises.own_work import borrowed, lesson_code


def hurried(problem):  # lesson 2's hasty_uniform_cost, renamed, locals renamed, no comments
    count = itertools.count()
    heap = [(0, next(count), problem.initial_state, [])]
    best = {problem.initial_state: 0}
    while heap:
        cost, _, here, path = heapq.heappop(heap)
        for move in problem.actions(here):
            there = problem.result(here, move)
            there_cost = cost + problem.cost(here, move, there)
            if problem.is_goal(there):
                return path + [move]
            if there not in best or there_cost < best[there]:
                best[there] = there_cost
                heapq.heappush(heap, (there_cost, next(count), there, path + [move]))
    return None


def deep(problem):  # depth-first search from the lesson's depth-limited search
    return depth_limited(problem, 10**9)


def depth_limited(problem, limit):  # lesson 2's depth_limited_search, renamed
    start = problem.initial_state
    frontier = [(start, [])]
    reached = {start: 0}
    while frontier:
        state, actions = frontier.pop()
        if problem.is_goal(state):
            return actions
        if len(actions) == limit:
            continue
        for action in problem.actions(state):
            child = problem.result(state, action)
            if child not in reached or len(actions) + 1 < reached[child]:
                reached[child] = len(actions) + 1
                frontier.append((child, actions + [action]))
    return None


def own_depth_first(problem):  # breadth_first with the other end of the frontier: new work
    start = problem.initial_state
    frontier = deque([(start, [])])
    reached = {start}
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


def test_a_renamed_copy_of_a_lesson_function_is_the_lessons_own():
    assert lesson_code(hurried) == "is the lesson's own `hasty_uniform_cost` (lesson 2)"
    assert borrowed(hurried) == "is the lesson's own `hasty_uniform_cost` (lesson 2)"


def test_a_function_that_calls_a_lesson_function_is_caught_when_calls_are_asked_for():
    assert lesson_code(deep) == ""
    assert lesson_code(deep, calls=True) == "calls the lesson's `depth_limited_search` (lesson 2)"


def test_a_lesson_function_changed_by_the_student_is_their_own():
    assert lesson_code(own_depth_first, calls=True) == ""


def test_exercise_skeletons_and_short_functions_are_not_known():
    names = {name for name, _ in lesson_functions().values()}
    assert {"breadth_first", "hasty_uniform_cost", "depth_limited_search"} <= names
    assert not names & {"my_depth_first", "my_uniform_cost", "my_astar", "better"}
    assert all(len(shape) >= FEWEST_OPERATIONS for shape in lesson_functions())
    assert lesson_code(lambda problem: None) == ""


def lesson_cell(lesson, marker):
    """The source of the first code cell of *lesson* that holds *marker*."""
    notebook = json.loads(next(Path("notebooks").glob(f"{lesson}_*.ipynb")).read_text())
    return next(
        "".join(cell["source"])
        for cell in notebook["cells"]
        if cell["cell_type"] == "code" and marker in "".join(cell["source"])
    )


def test_a_class_whose_methods_are_the_lessons_is_the_lessons_own():
    from simpleai.search import SearchProblem

    scope = {"SearchProblem": SearchProblem}
    exec(lesson_cell("00", "class Jugs"), scope)  # lesson 0's class, pasted as it stands
    assert borrowed(scope["Jugs"]) == "is the lesson's own `Jugs` (lesson 0)"
    mended = lesson_cell("00", "class Jugs").replace(
        "pours.append((i, j))", "pours.insert(0, (i, j))"
    )
    exec(mended, scope)  # one method of the student's own: no longer the lesson's
    assert lesson_code(scope["Jugs"]) == ""


def test_fingerprints_ignore_names_and_comments_but_not_what_the_code_does():
    def one(x):
        return x + 1

    def two(y):  # another name
        return y + 1

    def three(x):
        return x - 1

    assert fingerprint(one.__code__) == fingerprint(two.__code__)
    assert fingerprint(one.__code__) != fingerprint(three.__code__)


def test_check_search_refuses_the_lessons_functions_for_the_searches_students_write(capsys):
    from puzzlelab.exercises import check_search

    assert check_search(deep, like="dfs") is False
    said = capsys.readouterr().out
    assert said.startswith("Not yet: your function calls the lesson's `depth_limited_search`")
    assert "depth-first search is yours to write" in said
    assert check_search(hurried, like="ucs") is False
    assert "is the lesson's own `hasty_uniform_cost` (lesson 2)" in capsys.readouterr().out
    assert check_search(own_depth_first, like="dfs") is True  # the student's own edit
    capsys.readouterr()
