"""The self-checks of lessons 1 and 3: right answers pass, wrong ones get a hint without the answer."""

import math

import numpy as np
import pytest
from simpleai.search import SearchProblem

from puzzlelab import SlidingPuzzle
from puzzlelab.analysis.distances import depth_histogram, distance_table
from puzzlelab.exercises import bidirectional, state_spaces
from puzzlelab.puzzles import inversions
from puzzlelab.simpleai_problems import SlidingPuzzleProblem

from exact import eight_puzzle_table


def assert_hint(capsys, check, *answers, secrets=(), contains=""):
    """The check refuses *answers*, prints 'Not yet', and leaks none of *secrets*."""
    assert check(*answers) is False
    out = capsys.readouterr().out
    assert out.startswith("Not yet: ")
    for secret in secrets:
        assert str(secret) not in out, f"the hint gives away {secret}: {out}"
    assert contains in out, out
    return out


def assert_praise(capsys, check, *answers):
    assert check(*answers) is True
    assert capsys.readouterr().out.startswith("Correct! ")


# ---------------------------------------------------------------- lesson 1, exercise 1

COUNTS = depth_histogram(eight_puzzle_table())
AT_TEN = COUNTS[10]


def test_positions_at_depth_right(capsys):
    assert AT_TEN == 286  # known: OEIS A089473, 8-puzzle positions by distance
    assert_praise(capsys, state_spaces.check_positions_at_depth, AT_TEN)


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        (None, "replace ..."),
        ("286", "whole number"),
        (286.0, "whole number"),
        (True, "whole number"),
        (sum(COUNTS[:11]), "at most"),
        (sum(COUNTS[1:11]), "1 to 10"),
        (COUNTS[9], "neighbouring depth"),
        (COUNTS[11], "neighbouring depth"),
        (3**10, "every path of 10 moves"),
        (2 * 3**9, "every path of 10 moves"),
        (5, "not the count"),
        (500, "not the count"),
    ],
)
def test_positions_at_depth_wrong(capsys, answer, contains):
    assert_hint(
        capsys, state_spaces.check_positions_at_depth, answer, secrets=[AT_TEN], contains=contains
    )


# ---------------------------------------------------------------- lesson 1, exercise 2

GOAL = (1, 2, 3, 0)
NEIGHBOURS = {0: (1, 2), 1: (0, 3), 2: (0, 3), 3: (1, 2)}  # cells next to each cell


class RightTwoByTwo(SearchProblem):
    def actions(self, state):
        return list(NEIGHBOURS[state.index(0)])

    def result(self, state, action):
        board = list(state)
        blank = state.index(0)
        board[blank], board[action] = board[action], 0
        return tuple(board)

    def is_goal(self, state):
        return state == GOAL


class ReturnsLists(RightTwoByTwo):
    def result(self, state, action):
        return list(super().result(state, action))


class Diagonal(RightTwoByTwo):
    def actions(self, state):
        return super().actions(state) + [3 - state.index(0)]  # the cell across the corner


class MissingMove(RightTwoByTwo):
    def actions(self, state):
        return super().actions(state)[:1]


class Jumps(RightTwoByTwo):
    def actions(self, state):
        return [cell for cell in range(4) if state[cell] != 0]


class SameMoveTwice(RightTwoByTwo):
    def actions(self, state):
        return super().actions(state) * 2


class GoalAlways(RightTwoByTwo):
    def is_goal(self, state):
        return True


class GoalWrongBoard(RightTwoByTwo):
    def is_goal(self, state):
        return state == (0, 1, 2, 3)


class Placeholder(SearchProblem):
    def actions(self, state): ...

    def result(self, state, action): ...

    def is_goal(self, state): ...


class Crashes(RightTwoByTwo):
    def actions(self, state):
        raise KeyError("oops")


class BadConstructor(RightTwoByTwo):
    def __init__(self):
        super().__init__(initial_state=GOAL)


def test_two_by_two_right(capsys):
    assert_praise(capsys, state_spaces.check_two_by_two, RightTwoByTwo)


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        (RightTwoByTwo(initial_state=GOAL), "the class itself"),
        (BadConstructor, "constructor"),
        (Placeholder, "returned None"),
        (ReturnsLists, "tuple"),
        (Diagonal, "not one slide away"),
        (MissingMove, "missing"),
        (Jumps, "not one slide away"),
        (SameMoveTwice, "same board"),
        (GoalAlways, "says it is the goal"),
        (GoalWrongBoard, "is_goal"),
        (Crashes, "raised KeyError"),
    ],
)
def test_two_by_two_wrong(capsys, answer, contains):
    out = assert_hint(capsys, state_spaces.check_two_by_two, answer, contains=contains)
    assert "def actions" not in out and "NEIGHBOURS" not in out


def test_two_by_two_names_the_call_as_written(capsys):
    """The message showed the call as ``is_goal((0, 1, 2, 3),)``, with a stray comma."""
    out = assert_hint(capsys, state_spaces.check_two_by_two, GoalAlways, contains="is_goal((")
    assert "),)" not in out


# ---------------------------------------------------------------- lesson 1, exercise 3

SOLVABLE = {
    name for name, board in state_spaces.BOARDS.items() if SlidingPuzzle(board).is_solvable()
}


def inversion_count(tiles):
    count = 0
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            if tiles[i] > tiles[j]:
                count += 1
    return count


def solvable(board):
    return inversion_count([tile for tile in board if tile != 0]) % 2 == 0


def test_solvable_boards_right(capsys):
    assert SOLVABLE == {"B", "D", "F"}  # by hand: inversions 2, 16, 0 are even; A C E are odd
    assert {name for name, board in state_spaces.BOARDS.items()
            if solvable(SlidingPuzzle(board).start)} == SOLVABLE  # fmt: skip
    assert_praise(capsys, state_spaces.check_solvable_boards, solvable)
    # a shorter way of one's own, the blank's pairs counted and taken away again
    assert_praise(
        capsys,
        state_spaces.check_solvable_boards,
        lambda board: (inversion_count(list(board)) - board.index(0)) % 2 == 0,
    )


def test_solvable_boards_are_tried_on_boards_the_lesson_never_shows():
    shown = {SlidingPuzzle(board).start for board in state_spaces.BOARDS.values()}
    tried = state_spaces._held_out_boards()
    assert not shown & set(tried) and len(set(tried)) == state_spaces.SOLVABLE_TRIES
    share = sum(SlidingPuzzle(board).is_solvable() for board in tried) / len(tried)
    assert 0.4 < share < 0.6


def asks_puzzlelab(board):
    return SlidingPuzzle(board).is_solvable()


def asks_check_solvable(board):
    try:
        SlidingPuzzle(board).check_solvable()
    except Exception:
        return False
    return True


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        ({"B", "D", "F"}, "give your function"),  # the old answer, a set of letters
        (lambda board: None, "returns nothing yet"),
        (lambda board: "yes", "return True or False"),
        (lambda board: 1 / 0, "ZeroDivisionError"),
        (lambda board: True, "says the same of every board"),
        (lambda board: not solvable(board), "the wrong way round"),
        (lambda board: inversion_count(list(board)) % 2 == 0, "counts the blank (0) as a tile"),
        (asks_puzzlelab, "calls puzzlelab's SlidingPuzzle"),
        (asks_check_solvable, "calls puzzlelab's SlidingPuzzle"),
        (SlidingPuzzle(shape=(3, 3)).is_solvable, "is puzzlelab's own SlidingPuzzle.is_solvable"),
        (lambda board: inversions([t for t in board if t]) % 2 == 0, "calls puzzlelab's inversions"),
        # neighbouring pairs only: wrong on some boards, and shown one of them
        (lambda board: sum(a > b for a, b in zip(board, board[1:]) if a and b) % 2 == 0,
         "Count that board's inversions by hand"),
    ],
)  # fmt: skip
def test_solvable_boards_wrong(capsys, answer, contains):
    out = assert_hint(capsys, state_spaces.check_solvable_boards, answer, contains=contains)
    assert "write it yourself" in out or "calls" not in out


# ---------------------------------------------------------------- lesson 3, exercise 1

PLAIN = 3 + 9 + 27 + 81 + 243 + 729 + 2187  # the Scheme 8-puzzle article's sum, two layers deeper
BOTH = (3 + 9 + 27 + 81) + (3 + 9 + 27)  # taking turns, the start's side a ring deeper


def test_meeting_right(capsys):
    assert_praise(capsys, bidirectional.check_meeting_in_the_middle, PLAIN, BOTH)


@pytest.mark.parametrize(
    "answers, contains",
    [
        ((..., BOTH), "replace both"),
        ((PLAIN, ...), "replace both"),
        ((str(PLAIN), BOTH), "whole numbers"),
        ((PLAIN + 1, BOTH), "leave out the start"),
        ((2187, BOTH), "only its last layer"),
        ((PLAIN - 2187, BOTH), "number of layers"),
        ((PLAIN + 3**8, BOTH), "number of layers"),
        ((50, BOTH), "not right"),
        ((PLAIN, BOTH + 2), "start and the goal themselves"),
        ((PLAIN, 3 + 9 + 27 + 81), "one side only"),
        ((PLAIN, 3 + 9 + 27), "one side only"),
        ((PLAIN, 2 * (3 + 9 + 27 + 81)), "not equally deep"),
        ((PLAIN, 5000), "not right"),
        ((PLAIN, 100), "not right"),
        # the lesson's own figures for its 5-move example, copied: named, and refused
        ((363, BOTH), "lesson's figure"),
        ((PLAIN, 78), "not equally deep"),  # both sides 3 deep, the lesson's figure too
        ((PLAIN, 51), "lesson's figure"),
    ],
)
def test_meeting_wrong(capsys, answers, contains):
    assert_hint(
        capsys,
        bidirectional.check_meeting_in_the_middle,
        *answers,
        secrets=[PLAIN, BOTH],
        contains=contains,
    )


# ---------------------------------------------------------------- lesson 3, exercise 2

CENTRE = max(distance_table(SlidingPuzzle(goal=bidirectional.CENTRE_GOAL)).values())


def test_longest_from_centre_right(capsys):
    assert CENTRE == 30
    assert_praise(capsys, bidirectional.check_longest_from_centre, CENTRE)


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        (30.0, "whole number"),
        (31, "not the most"),
        (20, "not the most"),
        (40, "not the most"),
    ],
)
def test_longest_from_centre_wrong(capsys, answer, contains):
    assert_hint(
        capsys,
        bidirectional.check_longest_from_centre,
        answer,
        secrets=[CENTRE],
        contains=contains,
    )


# ---------------------------------------------------------------- lesson 3, exercise 3

TABLE_2X4 = distance_table(SlidingPuzzle(shape=(2, 4)))
BOARDS_2X4, LONGEST_2X4 = len(TABLE_2X4), max(TABLE_2X4.values())


def test_two_by_four_right(capsys):
    assert (BOARDS_2X4, LONGEST_2X4) == (math.factorial(8) // 2, 36)
    assert_praise(capsys, bidirectional.check_two_by_four, BOARDS_2X4, LONGEST_2X4)


@pytest.mark.parametrize(
    "answers, contains",
    [
        ((..., 36), "replace both"),
        ((20160, "36"), "whole numbers"),
        ((math.factorial(8), LONGEST_2X4), "every arrangement"),
        ((math.factorial(7), LONGEST_2X4), "8 cells"),
        ((1000, LONGEST_2X4), "parity"),
        ((BOARDS_2X4, 31), "longest: not right"),
        ((BOARDS_2X4, 50), "longest: not right"),
    ],
)
def test_two_by_four_wrong(capsys, answers, contains):
    assert_hint(
        capsys,
        bidirectional.check_two_by_four,
        *answers,
        secrets=[BOARDS_2X4, f"{BOARDS_2X4:,}", LONGEST_2X4],
        contains=contains,
    )


# ---------------------------------------------------------------- holes closed


class InheritsTheLibrary(SlidingPuzzleProblem):
    """puzzlelab's own problem class handed in as one's own: it used to pass."""

    def __init__(self, initial_state):
        super().__init__(initial_state, goal=GOAL)


class AsksTheLibrary(SearchProblem):
    """A class of one's own whose methods ask puzzlelab's sliding puzzle: it used to pass."""

    def actions(self, state):
        return SlidingPuzzle(state, goal=GOAL).actions(state)

    def result(self, state, action):
        return SlidingPuzzle(state, goal=GOAL).result(state, action)

    def is_goal(self, state):
        return state == GOAL


@pytest.mark.parametrize(
    "answer, contains",
    [
        (InheritsTheLibrary, "your class inherits from puzzlelab's SlidingPuzzleProblem"),
        (SlidingPuzzleProblem, "your class is puzzlelab's own SlidingPuzzleProblem"),
        (AsksTheLibrary, "your actions method calls puzzlelab's SlidingPuzzle"),
    ],
)
def test_two_by_two_refuses_puzzlelab_work_handed_back(capsys, answer, contains):
    assert_hint(capsys, state_spaces.check_two_by_two, answer, contains=contains)


def test_whole_numbers_from_numpy_are_whole_numbers(capsys):
    """A right answer counted with numpy (an int64) used to be refused as 'not a whole number'."""
    counted = np.int64((np.array(list(eight_puzzle_table().values())) == 10).sum())
    assert_praise(capsys, state_spaces.check_positions_at_depth, counted)
    assert_praise(capsys, bidirectional.check_two_by_four, np.int64(BOARDS_2X4), LONGEST_2X4)
    assert_hint(capsys, state_spaces.check_positions_at_depth, np.float64(AT_TEN), contains="whole")
