"""Wrong and lazy answers a new student gave, and what the checks now say to each.

Each case came from trying every exercise as a student would; before, the check passed it,
named a fault it did not have, or stated the rule that gives every answer away.
"""

from puzzlelab.exercises import (
    check_halving_twelve,
    check_measurable,
    check_meeting_in_the_middle,
    check_predictions,
    check_safe,
    check_search,
    check_tap_problem,
)
from puzzlelab.exercises.jugs import _twelve
from puzzlelab.puzzles import SlidingPuzzle, WaterJugs


def said(capsys) -> str:
    return capsys.readouterr().out


def test_an_amount_of_zero_is_not_among_the_amounts_asked(capsys):
    assert check_measurable({0, 3, 6, 9}, 3) is False
    assert "0 is none" in said(capsys)


def test_counting_the_states_of_the_path_is_named_not_the_search(capsys):
    fewest = _twelve()[0]
    check_halving_twelve(fewest + 1, 0)  # len(path): the states along the way
    assert "a path of n pours passes through n + 1 states" in said(capsys)


def test_puzzlelabs_own_jugs_and_a_class_not_made_into_a_problem_are_named(capsys):
    from simpleai.search import SearchProblem

    assert check_tap_problem(WaterJugs((3, 5), target=4, tap=True)) is False
    assert "is puzzlelab's own" in said(capsys)

    class TapJugs(SearchProblem):
        def actions(self, state):
            return []

        def result(self, state, action):
            return state

        def is_goal(self, state):
            return False

    assert check_tap_problem(TapJugs) is False
    assert "that is the class itself" in said(capsys)


def test_two_sides_equally_deep_are_told_so_even_on_the_lessons_figure(capsys):
    check_meeting_in_the_middle(3279, 78)  # 2 x (3 + 9 + 27): both sides 3 deep
    assert "the two sides are not equally deep here" in said(capsys)


def test_a_safe_function_that_returns_nothing_yet_is_told_so(capsys):
    def my_safe(placement, col):
        return None

    assert check_safe(my_safe) is False
    assert "returns nothing yet (None)" in said(capsys)


def test_depth_first_search_that_tests_the_goal_as_it_generates_fails(capsys):
    def generating(problem):
        start = problem.initial_state
        if problem.is_goal(start):
            return []
        frontier, reached = [(start, [])], {start}
        while frontier:
            state, actions = frontier.pop()
            for action in problem.actions(state):
                child = problem.result(state, action)
                if problem.is_goal(child):
                    return actions + [action]
                if child not in reached:
                    reached.add(child)
                    frontier.append((child, actions + [action]))
        return None

    assert check_search(generating, like="dfs") is False
    assert "stops only when the node it takes from the frontier is a goal" in said(capsys)


def test_predict_hints_say_the_rule_without_the_numbers_that_give_every_answer(capsys):
    jugs = WaterJugs((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
    assert check_predictions("1 2 3 4 5 6", jugs, "dfs") is False
    hint = said(capsys)
    assert "newest node first" in hint and "highest number" not in hint


def test_a_pick_puzzlelab_expanded_at_an_earlier_tie_is_named_as_such(capsys):
    board = SlidingPuzzle("1 5 2 / 3 7 6 / 4 8 0")
    assert check_predictions("2 6 9 11 15 19", board, "astar", "manhattan") is False
    assert "node 15 was expanded already" in said(capsys)
