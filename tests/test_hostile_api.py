"""Hostile input through the API: one sentence, never a traceback from deep inside or a hang."""

import re
import time

import pytest
from simpleai.search import SearchProblem

import puzzlelab.search.trace as trace_module
from puzzlelab.analysis import (
    check_heuristic,
    cost_table,
    depth_histogram,
    distance_table,
    effective_branching,
)
from puzzlelab.drawing import draw_board, draw_search, searched_states
from puzzlelab.errors import BoardError, ProblemError
from puzzlelab.puzzles import GridWorld, SlidingPuzzle, random_grid
from puzzlelab.search import (
    Trace,
    astar,
    bfs,
    bidirectional,
    idastar,
    iddfs,
    snapshots,
    uniform_cost,
)
from puzzlelab.widgets import HeuristicLab, SolutionPlayer

BOARD = "1 2 3 / 4 0 6 / 7 5 8"


@pytest.mark.parametrize("shape", ["3x3", (3,), (3, 3, 3)])
def test_a_shape_that_is_not_two_numbers_is_refused(shape):
    with pytest.raises(BoardError, match="a shape is two whole numbers"):
        SlidingPuzzle(shape=shape)


@pytest.mark.parametrize("max_events", [-1, "x", 2.5, True])
def test_a_trace_of_a_bad_length_is_refused(max_events):
    with pytest.raises(ProblemError, match="max_events must be a whole number of at least 0"):
        Trace(max_events=max_events)


@pytest.mark.parametrize("search", [bfs, astar, iddfs, idastar, bidirectional])
def test_a_trace_that_is_not_a_trace_is_refused(search):
    with pytest.raises(ProblemError, match=r"trace must be a Trace \(trace=Trace\(\)\), not list"):
        search(SlidingPuzzle(BOARD), trace=[])


@pytest.mark.parametrize("search", [bfs, astar, iddfs])
@pytest.mark.parametrize("value", ["no", "False", 0, None])
def test_graph_search_takes_only_true_or_false(search, value):
    with pytest.raises(ProblemError, match="graph_search must be True or False"):
        search(SlidingPuzzle(BOARD), graph_search=value)


@pytest.mark.parametrize("search", [bfs, astar, iddfs, idastar, bidirectional])
def test_check_solvable_takes_only_true_or_false(search):
    with pytest.raises(ProblemError, match="check_solvable must be True or False, not 'no'"):
        search(SlidingPuzzle(BOARD), check_solvable="no")


def test_false_still_means_false():
    unsolvable = SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0")
    assert bfs(unsolvable).status == "unsolvable"
    assert bfs(unsolvable, check_solvable=False, max_nodes=50).status == "limit"
    assert bfs(SlidingPuzzle(BOARD), graph_search=False).cost == 2


def test_a_scramble_too_long_to_walk_is_refused_at_once():
    started = time.perf_counter()
    with pytest.raises(BoardError, match="a scramble has at most 1,000,000 moves"):
        SlidingPuzzle(shape=(3, 3)).scramble(10**12)
    assert time.perf_counter() - started < 1


# ---------------------------------------------------------------- pictures, players, trees


def test_a_player_refuses_what_is_not_a_path_in_one_line():
    from puzzlelab.widgets import SolutionPlayer

    puzzle = SlidingPuzzle(BOARD)
    with pytest.raises(ValueError, match="a path is a search result or a list of states, not"):
        SolutionPlayer(puzzle, None)
    with pytest.raises(ValueError, match="step 1 of the path, from 1 to 2, is not one move"):
        SolutionPlayer(puzzle, [1, 2, 3])
    with pytest.raises(
        ValueError,
        match=r"step 1 of the path, from \(1, 2, 3, 4, 0, 6, 7, 5, 8\) to .* is not one move of",
    ):
        SolutionPlayer(puzzle, [puzzle.start, puzzle.goal])


def test_a_list_of_states_is_replayed_into_its_moves():
    from puzzlelab.drawing import replayed
    from puzzlelab.widgets import SolutionPlayer

    puzzle = SlidingPuzzle(BOARD)
    result = bfs(puzzle)
    assert replayed(puzzle, list(result.path)) == (result.path, result.actions)
    player = SolutionPlayer(puzzle, list(result.path))
    assert player.step(2).caption() == SolutionPlayer(puzzle, result).step(2).caption()


def test_a_play_board_needs_a_sliding_puzzle():
    from puzzlelab.widgets import PlayBoard

    with pytest.raises(TypeError, match="PlayBoard plays a SlidingPuzzle, not str"):
        PlayBoard("1 2 3 / 4 0 6 / 7 5 8")


def test_a_state_graph_too_big_to_draw_is_refused_in_one_line():
    from puzzlelab.drawing import draw_state_graph
    from puzzlelab.puzzles import WaterJugs

    with pytest.raises(BoardError, match="reaches 60,384 states, too many to draw"):
        draw_state_graph(WaterJugs((97, 101, 103), target=5, tap=True))


# ---------------------------------------------------------------- self-checks


@pytest.mark.parametrize(
    "name",
    ["check_idastar_heuristic", "check_solvable_boards", "check_two_by_two",
     "check_worse_on_both", "check_years_estimate", "check_answer"],
)  # fmt: skip
def test_a_number_of_thousands_of_digits_gets_a_hint_not_a_traceback(name, capsys):
    import puzzlelab.exercises as exercises

    check = getattr(exercises, name)
    assert check(10**5000) is False
    assert "Not yet: that number has hundreds of digits" in capsys.readouterr().out


def test_a_goal_test_that_answers_neither_true_nor_false_is_named():
    from simpleai.search import SearchProblem

    class Counting(SearchProblem):
        def actions(self, state):
            return [1]

        def result(self, state, action):
            return state + action

        def is_goal(self, state):
            return [state] if state > 2 else None  # forgot to compare

    for search in (bfs, astar, idastar):
        with pytest.raises(ProblemError, match=r"Counting.is_goal\(0\) returned NoneType: return"):
            search(Counting(initial_state=0))


def test_an_error_without_a_message_is_named_without_a_dangling_colon():
    def hungry(state):
        raise MemoryError

    with pytest.raises(ProblemError, match=r"heuristic hungry raised MemoryError for state \("):
        astar(SlidingPuzzle(BOARD), heuristic=hungry)


def test_check_heuristic_with_its_arguments_the_old_way_round_says_the_order():
    from puzzlelab.analysis import check_heuristic

    puzzle = SlidingPuzzle(shape=(2, 3))
    for heuristic in ("manhattan", puzzle.manhattan):
        with pytest.raises(ProblemError, match=r"takes the puzzle first, then the heuristic"):
            check_heuristic(heuristic, puzzle)
    assert check_heuristic(puzzle, "manhattan").admissible


def test_a_heuristic_put_on_a_puzzle_in_place_of_its_own_is_checked():
    world = GridWorld("S..\n.#.\n..G")
    world.heuristic = lambda cell: None
    with pytest.raises(ProblemError, match="GridWorld.heuristic returned None for state"):
        astar(world)
    world.heuristics["mine"] = lambda cell: float("nan")
    with pytest.raises(ProblemError, match="heuristic mine returned nan"):
        astar(world, "mine")
    assert astar(GridWorld("S..\n.#.\n..G"), "manhattan").cost == 4  # its own: trusted


def test_a_misspelt_heuristic_in_a_picture_says_which_there_are():
    eight = SlidingPuzzle(BOARD)
    allowed = "unknown heuristic 'Manhattan'; this problem has: misplaced, manhattan"
    with pytest.raises(ProblemError, match=allowed):
        draw_board(eight, heuristic="Manhattan")
    with pytest.raises(ProblemError, match=allowed):
        SolutionPlayer(eight, astar(eight), heuristic="Manhattan")


@pytest.mark.parametrize(
    "puzzle, boards, message",
    [
        ("S..\n.#.\n..G", 5, "checks heuristics of sliding puzzles, not of a GridWorld"),
        ("1 2 3 / 4 5 0", "x", "boards must be a whole number of at least 1, not 'x'"),
        ("1 2 3 / 4 5 0", 10**6, "races 1 to 100 boards, not 1000000"),
    ],
)
def test_the_heuristic_lab_refuses_what_it_cannot_race_in_one_line(puzzle, boards, message):
    made = GridWorld(puzzle) if "S" in puzzle else SlidingPuzzle(puzzle)
    with pytest.raises(ProblemError, match=message):
        HeuristicLab(made, "manhattan", boards=boards, progress=False)


@pytest.mark.parametrize("keyword", ["max_nodes", "max_second"])
def test_a_table_names_the_limits_it_keeps_to(keyword):
    for table in (distance_table, cost_table):
        with pytest.raises(
            ProblemError, match=f"takes no keyword '{keyword}'.*it takes max_states"
        ):
            table(SlidingPuzzle(shape=(2, 3)), **{keyword: 10})


def test_a_trace_too_long_to_replay_whole_is_refused_before_it_fills_the_memory(monkeypatch):
    monkeypatch.setattr(trace_module, "MOST_HELD", 200_000)  # 40,000,000 in class: 1,000 MB
    trace = Trace(max_events=None)
    uniform_cost(random_grid(30, 30, walls=0.2, seed=1), trace=trace)
    with pytest.raises(
        ProblemError, match=r"replaying 3,043 events would hold .* replay the first"
    ):
        searched_states(trace.events)
    with pytest.raises(ProblemError) as refused:
        snapshots(trace.events)
    first = int(re.search(r"events\[:(\d+)\]", str(refused.value)).group(1))
    assert 100 < first < len(trace.events) and len(snapshots(trace.events[:first])) == first


@pytest.mark.parametrize(
    "options, message",
    [
        ({"max_frames": 1}, "max_frames .* must be a whole number of at least 2, not 1"),
        ({"max_frames": "x"}, "max_frames .* must be a whole number of at least 2"),
        ({"size": -1}, r"size \(inches across a board\) must be a positive finite number"),
        ({"size": float("nan")}, "must be a positive finite number, not nan"),
        ({"size": 1e6}, "a board 1e[+]06 inches across is too big to draw; at most 40"),
    ],
)
def test_a_player_refuses_options_it_cannot_draw_in_one_line(options, message):
    eight = SlidingPuzzle(BOARD)
    with pytest.raises(ProblemError, match=message):
        SolutionPlayer(eight, astar(eight), **options)


def test_a_search_drawn_on_a_map_names_a_state_that_is_not_on_it():
    world = GridWorld("S.#\n..G")
    with pytest.raises(BoardError, match=r"\(9, 9\) is not an open cell of this 2x3 map"):
        draw_search(world, [(9, 9)], [])
    with pytest.raises(ProblemError, match="expanded is a list of states, not NoneType"):
        draw_search(world, None, None)
    assert draw_board(world, title=4).get_title() == "4"


class _Line(SearchProblem):
    """0 to 5 on a line, three ways out of 0, so that bidirectional search steps backwards."""

    goal = 5

    def actions(self, state):
        return ["+1", "+2", "+3"] if state == 0 else ["+1", "-1"]

    def result(self, state, action):
        return state + int(action)

    def is_goal(self, state):
        return state == 5


@pytest.mark.parametrize(
    "predecessors, message",
    [
        (lambda state: [("+1", state - 1, 1)], r"gave \('\+1', 4, 1\): give \(action, previous"),
        (lambda state: None, r"predecessors\(5\) returned NoneType None: return a list"),
        (
            lambda state: [("+1", [state - 1])],
            r"gave \('\+1', \[4\]\): the previous state must be hashable",
        ),
    ],
)
def test_a_students_predecessors_are_checked_as_bidirectional_search_steps_back(
    predecessors, message
):
    line = type("Backwards", (_Line,), {"predecessors": lambda self, state: predecessors(state)})
    with pytest.raises(ProblemError, match=message):
        bidirectional(line(0))
    both_ways = type(
        "Both", (_Line,), {"predecessors": lambda self, s: [("+1", s - 1), ("-1", s + 1)]}
    )
    assert bidirectional(both_ways(0)).cost == 3


def test_the_analysis_refuses_arguments_it_cannot_use_in_one_line():
    six = SlidingPuzzle(shape=(2, 3))
    with pytest.raises(ProblemError, match="worst .* must be a whole number of at least 0"):
        check_heuristic(six, "manhattan", worst="x")
    with pytest.raises(ProblemError, match="table is {state: cost to the goal} for every state"):
        check_heuristic(six, "manhattan", {})
    with pytest.raises(ProblemError, match="table is {state: moves}, .* not NoneType"):
        depth_histogram(None)
    with pytest.raises(
        ProblemError, match="nodes has about 401 digits; no search expands that many"
    ):
        effective_branching(10**400, 3)
