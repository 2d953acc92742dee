"""Lesson 10's exercises: the corners problem, its heuristic and a prediction on a grid.

Each check is handed right, wrong and lazy answers, written as a student would write them,
and must give the right verdict with a message that says what is wrong; the maze generator
and the generalised cost table are held to brute force.
"""

import itertools
import re

import pytest

from puzzlelab.analysis.distances import check_heuristic, cost_table
from puzzlelab.classroom.solutions import SOLUTIONS
from puzzlelab.errors import BoardError, ProblemError
from puzzlelab.exercises import (
    CORNERS_MAZE,
    PREDICT_GRID,
    check_corners,
    check_corners_heuristic,
    check_predictions,
    corner_cells,
)
from puzzlelab.exercises.maps import _Corners, held_out_mazes
from puzzlelab.exercises.maps_heuristic import graded_mazes
from puzzlelab.puzzles import GridWorld, maze
from puzzlelab.search import Problem, uniform_cost

# ---------------------------------------------------------------- students' classes


class Corners:
    """Right: (cell, corners still to visit), the start's corner visited."""

    def __init__(self, world):
        self.world = world
        self.start = (world.start, frozenset(corner_cells(world)) - {world.start})

    def is_goal(self, state):
        return not state[1]

    def successors(self, state):
        cell, left = state
        return [(a, (after, left - {after}), c) for a, after, c in self.world.successors(cell)]


class SetInTheState(Corners):
    """A set, not a frozenset, in the state: no search can remember it."""

    def __init__(self, world):
        self.world = world
        self.start = (world.start, set(corner_cells(world)) - {world.start})


class OnlyTheCell(Corners):
    """Forgets: the state is the cell, the corners seen kept on the side."""

    def __init__(self, world):
        self.world, self.start, self.seen = world, world.start, {world.start}

    def is_goal(self, state):
        return set(corner_cells(self.world)) <= self.seen

    def successors(self, state):
        steps = self.world.successors(state)
        self.seen.update(after for _, after, _ in steps)
        return steps


class EveryCellVisited(Corners):
    """Remembers too much: every cell visited."""

    def __init__(self, world):
        self.world = world
        self.start = (world.start, frozenset([world.start]))

    def is_goal(self, state):
        return set(corner_cells(self.world)) <= state[1]

    def successors(self, state):
        cell, seen = state
        return [(a, (after, seen | {after}), c) for a, after, c in self.world.successors(cell)]


class ThePath(EveryCellVisited):
    """Remembers too much: the whole path."""

    def __init__(self, world):
        self.world, self.start = world, (world.start,)

    def is_goal(self, state):
        return set(corner_cells(self.world)) <= set(state)

    def successors(self, state):
        return [(a, state + (after,), c) for a, after, c in self.world.successors(state[-1])]


class CornersInOrder(Corners):
    """Remembers more than needed: the corners in the order they were visited."""

    def __init__(self, world):
        self.world = world
        first = (world.start,) if world.start in corner_cells(world) else ()
        self.start = (world.start, first)

    def is_goal(self, state):
        return len(state[1]) == 4

    def successors(self, state):
        cell, done = state
        steps = []
        for a, after, c in self.world.successors(cell):
            new = (
                done + (after,) if after in corner_cells(self.world) and after not in done else done
            )
            steps.append((a, (after, new), c))
        return steps


class EveryStepCostsOne(Corners):
    def successors(self, state):
        return [(a, after, 1) for a, after, _ in super().successors(state)]


class ForgetsBottomLeft(Corners):
    def is_goal(self, state):
        return state[1] <= {corner_cells(self.world)[2]}


class GoalAlsoOnG(Corners):
    """is_goal also asks to stand on the map's G (tryout 22: was told of missing steps)."""

    def is_goal(self, state):
        return not state[1] and state[0] == self.world.goal


class TickedOnLeaving(Corners):
    """A corner ticked off when the walker leaves it (tryout 22: told of missing steps)."""

    def successors(self, state):
        cell, left = state
        return [(a, (after, left - {cell}), c) for a, after, c in self.world.successors(cell)]


class StartCornerLeft(Corners):
    def __init__(self, world):
        super().__init__(world)
        self.start = (world.start, frozenset(corner_cells(world)))


class Crashes(Corners):
    def successors(self, state):
        return {"up": 1}["down"]


class ListState(Corners):
    def __init__(self, world):
        super().__init__(world)
        self.start = [world.start, set(corner_cells(world))]


class Skeleton:
    """The answer cell as the lesson gives it."""

    def __init__(self, world): ...

    @property
    def start(self): ...

    def is_goal(self, state): ...

    def successors(self, state): ...


class SkeletonHeuristic(Corners):
    def heuristic(self, state): ...


class BothSkeletons(Skeleton):
    def heuristic(self, state): ...


class BrokenStart(Corners):
    def __init__(self, world):
        self.world = world

    @property
    def start(self):
        return self.wrld.start


class WrapsTheReference:
    def __init__(self, world):
        self.inner = _Corners(world)
        self.start = self.inner.start

    def is_goal(self, state):
        return self.inner.is_goal(state)

    def successors(self, state):
        return self.inner.successors(state)


class SubclassesTheReference(_Corners):
    pass


def manhattan(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class Farthest(Corners):
    def heuristic(self, state):
        cell, left = state
        return max((manhattan(cell, corner) for corner in left), default=0)


class Nearest(Corners):  # the exercise's "start": admissible and consistent, but saves too little
    def heuristic(self, state):
        cell, left = state
        return min((manhattan(cell, corner) for corner in left), default=0)


class Tour(Corners):
    def heuristic(self, state):
        cell, left = state
        orders = itertools.permutations(left)
        tours = (sum(manhattan(a, b) for a, b in zip((cell, *o), o)) for o in orders)
        return min(tours, default=0)


class Zero(Corners):
    def heuristic(self, state):
        return 0


class CornersLeft(Corners):
    def heuristic(self, state):
        return len(state[1])


class SumOfDistances(Corners):
    def heuristic(self, state):
        cell, left = state
        return sum(manhattan(cell, corner) for corner in left)


class Patchy(Farthest):
    """Admissible (never above Farthest) but not consistent: 0 on most cells."""

    def heuristic(self, state):
        return super().heuristic(state) if sum(state[0]) % 4 == 0 else 0


class Negative(Corners):
    def heuristic(self, state):
        return -len(state[1])


class CallsTheReference(Corners):
    def heuristic(self, state):
        from puzzlelab.exercises.maps_heuristic import _farthest

        return _farthest(state)


class HeuristicCrashes(Corners):
    def heuristic(self, state):
        return state[2]


class ForgetfulWithHeuristic(OnlyTheCell):
    def heuristic(self, state):
        return 0


def said(check, answer, capsys):
    verdict = check(answer)
    return verdict, " ".join(capsys.readouterr().out.split())


# ---------------------------------------------------------------- check_corners


@pytest.mark.parametrize("answer", [Corners, Farthest, HeuristicCrashes])
def test_the_right_class_passes_whatever_its_heuristic(answer, capsys):
    verdict, message = said(check_corners, answer, capsys)
    assert verdict is True and message.startswith("Correct!")


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (..., r"replace \.\.\. with your class"),
        (Corners(GridWorld(CORNERS_MAZE)), r"hand in the class itself, Corners \(no brackets\)"),
        (WrapsTheReference, r"successors method calls puzzlelab's _Corners"),
        (SubclassesTheReference, r"your class (inherits from|is) puzzlelab's"),
        (OnlyTheCell, r"no more than the \d+ open cells: a state that is only the cell forgets"),
        (EveryCellVisited, r"reaches [\d,]+ states, more than the [\d,]+ .*every cell visited"),
        (ThePath, r"went past [\d,]+ .* remembers too much"),
        (CornersInOrder, r"reaches [\d,]+ states, more than the [\d,]+ .* the order of the"),
        (EveryStepCostsOne, r"forest .* costs \d+ on this map, but your successors make it"),
        (ForgetsBottomLeft, r"never reaches the corner \(\d+, 1\): does is_goal ask for all"),
        (StartCornerLeft, r"counts the start's own corner as still to visit"),
        (GoalAlsoOnG, r"your is_goal says no in a state where every corner has been visited: "),
        (TickedOnLeaving, r"after stepping onto the corner \(\d+, \d+\) your state still lists it"),
        (Crashes, r"your successors raised KeyError: 'down'\."),
        (Skeleton, r"your start is None: write start, is_goal and successors"),
        (BrokenStart, r"your start raised AttributeError: .* no attribute 'wrld'"),
        (ListState, r"start|hashable"),
    ],
    ids=lambda value: getattr(value, "__name__", None) or type(value).__name__,
)
def test_each_wrong_or_lazy_class_is_told_what_is_wrong(answer, expected, capsys):
    verdict, message = said(check_corners, answer, capsys)
    assert verdict is False and message.startswith("Not yet:"), message
    assert re.search(expected, message), message


def test_no_message_gives_the_answer_away(capsys):
    for answer in (OnlyTheCell, EveryCellVisited, ForgetsBottomLeft, EveryStepCostsOne):
        _, message = said(check_corners, answer, capsys)
        assert "frozenset" not in message and "corners still to visit)" not in message


def test_the_lesson_maze_is_not_among_the_held_out_ones():
    shown = GridWorld(CORNERS_MAZE).to_text()
    assert all(world.to_text() != shown for world in held_out_mazes().values())
    assert all(world.to_text() != shown for world in graded_mazes().values())
    assert corner_cells(GridWorld(CORNERS_MAZE)) == [(1, 1), (1, 7), (5, 1), (5, 7)]
    with pytest.raises(BoardError, match=r"\(1, 3\) is not an open cell"):
        corner_cells(GridWorld("#####\n#S.##\n#..G#\n#####"))


def test_a_set_inside_the_state_is_named_as_the_part_to_change(capsys):
    verdict, message = said(check_corners, SetInTheState, capsys)
    assert verdict is False and "is a tuple holding a set, which a search cannot" in message


# ---------------------------------------------------------------- check_corners_heuristic


@pytest.mark.parametrize(("answer", "grade"), [(Farthest, "good"), (Tour, "excellent")])
def test_admissible_informed_heuristics_pass_with_the_table(answer, grade, capsys):
    verdict, message = said(check_corners_heuristic, answer, capsys)
    assert verdict is True and message.startswith("Correct!"), message
    assert f"{grade}." in message and "nodes expanded by A*" in message
    assert "a good heuristic" in message and "farthest" not in message


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (..., r"replace \.\.\. with your class"),
        (Corners, r"add a method heuristic\(self, state\)"),
        (BothSkeletons, r"first make check_corners pass: .* your start is None"),
        (SkeletonHeuristic, r"your heuristic returns nothing yet: return a number"),
        (ForgetfulWithHeuristic, r"first make check_corners pass: .* forgets"),
        (Zero, r"expands 18,566 nodes, more than the 12,000 a pass allows .* Try the distance"),
        (CornersLeft, r"more than the 12,000 a pass allows"),
        (Nearest, r"expands 13,494 nodes, more than the 12,000 a pass allows"),
        (SumOfDistances, r"overestimates: in state .* it says \d+, but .* for \d+"),
        (Patchy, r"not consistent: it drops from \d+ to 0 in one step"),
        (Negative, r"your_heuristic returned -\d+ for state .* at least 0"),
        (CallsTheReference, r"your heuristic method calls puzzlelab's _farthest"),
        (
            HeuristicCrashes,
            r"^Not yet: on a 7x7 .* your heuristic raised IndexError: .* in state \(\(",
        ),
    ],
    ids=lambda value: getattr(value, "__name__", None) or type(value).__name__,
)
def test_each_wrong_heuristic_is_told_what_is_wrong(answer, expected, capsys):
    verdict, message = said(check_corners_heuristic, answer, capsys)
    assert verdict is False and message.startswith("Not yet:"), message
    assert re.search(expected, message), message


def test_a_weak_heuristic_sees_its_figures_beside_the_references(capsys):
    _, message = said(check_corners_heuristic, Zero, capsys)
    assert "your heuristic 6,406 8,190 3,970 18,566" in message
    assert "uniform cost (h = 0) 6,406 8,190 3,970 18,566" in message


# ---------------------------------------------------------------- the prediction


def test_the_grid_prediction_is_checked_as_lesson_4s(capsys):
    walled = GridWorld(PREDICT_GRID)
    assert (walled.rows, walled.cols) == (5, 6)
    assert check_predictions("3 5 7 1 2 18", walled, "astar", "manhattan")
    assert check_predictions("3 5 7 2 2 12", walled, "astar", "manhattan")  # ties are right
    assert not check_predictions("1 5 7 1 2 18", walled, "astar", "manhattan")
    assert not check_predictions(..., walled, "astar", "manhattan")
    capsys.readouterr()


# ---------------------------------------------------------------- the worked solutions


def test_the_worked_solutions_pass_their_checks(capsys):
    names = ["maps_and_grids:corners", "maps_and_grids:corners-heuristic",
             "maps_and_grids:predict-astar"]  # fmt: skip
    space = {"corner_cells": corner_cells, "check_corners": check_corners,
             "check_corners_heuristic": check_corners_heuristic,
             "check_predictions": check_predictions, "walled": GridWorld(PREDICT_GRID)}  # fmt: skip
    for name in names:
        exec(SOLUTIONS[name].answer.replace(");", ")"), space)  # noqa: S102
        assert "Correct!" in capsys.readouterr().out, name
    assert space["answer_10_1"].__name__ == "Corners"


# ---------------------------------------------------------------- maze() and cost_table


@pytest.mark.parametrize("loops", [0.0, 0.3, 1.0])
@pytest.mark.parametrize(("rows", "cols", "seed"), [(5, 9, 1), (9, 9, 2), (21, 31, 3)])
def test_a_maze_is_perfect_without_loops_and_gains_cycles_with_them(rows, cols, seed, loops):
    world = maze(rows, cols, seed=seed, loops=loops)
    assert (world.rows, world.cols) == (rows, cols)
    assert world.start == (1, 1) and world.goal == (rows - 2, cols - 2)
    border = {(r, c) for r in range(rows) for c in range(cols)
              if r in (0, rows - 1) or c in (0, cols - 1)}  # fmt: skip
    assert border <= world.walls
    rooms = ((rows - 1) // 2) * ((cols - 1) // 2)
    seen, waiting = {world.start}, [world.start]
    while waiting:
        for _, after, _ in world.successors(waiting.pop()):
            if after not in seen:
                seen.add(after)
                waiting.append(after)
    assert seen == set(world.costs), "every open cell is reached"
    openings = len(world.costs) - rooms  # the walls knocked through between rooms
    inner = (rows - 2) * (cols - 2) - rooms - ((rows - 3) // 2) * ((cols - 3) // 2)
    if loops == 0:
        assert openings == rooms - 1, "a tree: one way between any two rooms"
    elif loops == 1:
        assert openings == inner, "every wall between two rooms knocked out"
    else:
        assert openings == rooms - 1 + round(loops * (inner - rooms + 1))
    assert maze(rows, cols, seed=seed, loops=loops).to_text() == world.to_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((4, 9), "odd number of rows"),
        ((5, 8), "odd number of columns"),
        ((3, 3), "one room"),
        ((1, 5), "at least 3"),
        ((5, 5, 0, 1.5), "0 to 1"),
        ((5, 5, 0, -0.1), "loops"),
        (("5", 5), "number of rows"),
    ],
)
def test_a_maze_of_a_size_it_cannot_have_is_refused_in_one_line(args, message):
    with pytest.raises(BoardError, match=message):
        maze(*args)


def brute_force(problem, state):
    """The cheapest cost from *state*: uniform-cost search started there."""
    again = Problem(state, problem.successors, problem.is_goal, lambda s: 0)
    found = uniform_cost(again, check_solvable=False)
    return found.cost if found.solved else None


@pytest.mark.parametrize("name", list(held_out_mazes()))
def test_the_cost_table_without_a_goal_state_is_brute_force(name):
    problem = _Corners(held_out_mazes()[name])
    table = cost_table(problem)
    states, waiting = {problem.start}, [problem.start]
    while waiting:
        for _, after, _ in problem.successors(waiting.pop()):
            if after not in states:
                states.add(after)
                waiting.append(after)
    assert set(table) == states
    for state in sorted(states, key=repr)[::7]:
        assert table[state] == brute_force(problem, state), state


def test_the_cost_table_leaves_out_dead_ends_and_check_heuristic_skips_them():
    def steps(state):  # 0 -> 1 -> 2 (the goal), and 0 -> 3, a dead end
        return {0: [("a", 1, 2), ("d", 3, 1)], 1: [("b", 2, 2)], 2: [], 3: []}[state]

    walk = Problem(0, steps, lambda state: state == 2, lambda state: 0)
    assert cost_table(walk) == {2: 0, 1: 2, 0: 4}
    report = check_heuristic(walk, lambda state: {0: 4, 1: 2, 2: 0, 3: 9}[state])
    assert report.admissible and report.consistent and report.states == 3
    report = check_heuristic(walk, lambda state: 1 if state == 2 else 0)
    assert not report.consistent and report.goal_h == 1


def test_the_cost_table_stops_at_its_limit_with_one_line():
    problem = _Corners(held_out_mazes()["a 7x7 maze, the start in a corner"])
    with pytest.raises(ProblemError, match="the cost table was not finished"):
        cost_table(problem, max_states=10)


def test_check_heuristic_holds_a_students_heuristic_on_a_problem_with_no_goal_state():
    world = held_out_mazes()["a 9x11 maze with forest (5) and water (10)"]
    good, bad = (
        Farthest(world),
        SumOfDistances(held_out_mazes()["a 7x7 maze, the start in a corner"]),
    )
    assert check_heuristic(good, good.heuristic).admissible
    assert check_heuristic(good, good.heuristic).consistent
    assert not check_heuristic(bad, bad.heuristic).admissible
