"""The engine against the truth: exact distances of the whole 8-puzzle, replayed paths."""

import gc
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from simpleai.search import SearchProblem

from puzzlelab import SlidingPuzzle
from puzzlelab.analysis.distances import check_heuristic, depth_histogram, distance_table, farthest
from puzzlelab.errors import BoardError, ProblemError
from puzzlelab.search import (
    ALGORITHMS,
    Problem,
    Trace,
    astar,
    bfs,
    bidirectional,
    depth_limited,
    dfs,
    frontier_rows,
    greedy,
    idastar,
    iddfs,
    snapshots,
    uniform_cost,
)

EIGHT = SlidingPuzzle(shape=(3, 3))
HARDEST_START = "8 6 7 / 2 5 4 / 3 0 1"  # one of the 8-puzzle's two 31-move boards


def assert_replays(puzzle, result):
    """The path starts at the start, ends at a goal, and every step is a legal move."""
    assert result.solved, result
    assert result.path[0] == puzzle.start
    assert puzzle.is_goal(result.path[-1])
    assert len(result.actions) == len(result.path) - 1 == result.cost
    for before, action, after in zip(result.path, result.actions, result.path[1:]):
        assert puzzle.result(before, action) == after


OPTIMAL = {
    "astar manhattan": lambda p: astar(p, "manhattan"),
    "astar linear-conflict": lambda p: astar(p, "linear-conflict"),
    "idastar linear-conflict": lambda p: idastar(p, "linear-conflict"),
    "bidirectional": bidirectional,
}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_optimal_searches_find_the_exact_distance(table, seed):
    assert_all_optimal(table, EIGHT.with_start(EIGHT.random_state(seed)), OPTIMAL)


def assert_all_optimal(table, puzzle, searches):
    for name, search in searches.items():
        result = search(puzzle)
        assert_replays(puzzle, result)
        assert result.cost == table[puzzle.start], name


SLOW_OPTIMAL = {
    "bfs": bfs,
    "uniform_cost": uniform_cost,
    "astar misplaced": lambda p: astar(p, "misplaced"),
}


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_uninformed_and_weakly_informed_searches_find_the_exact_distance(table, seed):
    assert_all_optimal(table, EIGHT.with_start(EIGHT.random_state(seed)), SLOW_OPTIMAL)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), moves=st.integers(0, 10))
def test_iterative_deepening_is_optimal_on_short_scrambles(table, seed, moves):
    puzzle = EIGHT.with_start(EIGHT.scramble(moves, seed=seed))
    for graph_search in (True, False):
        result = iddfs(puzzle, graph_search=graph_search)
        assert_replays(puzzle, result)
        assert result.cost == table[puzzle.start]
        assert [it["bound"] for it in result.stats.iterations] == list(range(result.cost + 1))


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_non_optimal_searches_return_legal_paths_no_shorter_than_exact(table, seed):
    puzzle = EIGHT.with_start(EIGHT.random_state(seed))
    for result in (dfs(puzzle), greedy(puzzle, "manhattan"), astar(puzzle, weight=2)):
        assert_replays(puzzle, result)
        assert result.cost >= table[puzzle.start]


def test_every_2x3_board_is_solved_at_its_exact_distance():
    puzzle = SlidingPuzzle(shape=(2, 3))
    exact = distance_table(puzzle)
    assert len(exact) == 360
    for state, distance in exact.items():
        board = puzzle.with_start(state)
        for result in (bfs(board), astar(board, "manhattan"), bidirectional(board)):
            assert result.cost == distance
        assert_replays(board, idastar(board, "linear-conflict"))


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4)])
@pytest.mark.parametrize("blank_first", [False, True])
def test_parity_rule_agrees_with_reachability_on_every_arrangement(shape, blank_first):
    size = shape[0] * shape[1]
    goal = tuple(range(size)) if blank_first else tuple(range(1, size)) + (0,)
    puzzle = SlidingPuzzle(goal=goal, shape=shape)
    reachable = distance_table(puzzle)
    for arrangement in itertools.permutations(range(size)):
        assert puzzle.is_solvable(arrangement) == (arrangement in reachable)
    assert len(reachable) * 2 == len(list(itertools.permutations(range(size))))


# ---------------------------------------------------------------- the articles' figures


def test_the_scheme_8_puzzle_articles_figures(table):
    puzzle = SlidingPuzzle(HARDEST_START)
    plain, both = bfs(puzzle), bidirectional(puzzle)
    assert plain.cost == both.cost == table[puzzle.start] == 31
    assert plain.stats.generated == 181_440
    assert both.stats.generated < 20_000
    counts = depth_histogram(table)
    assert sum(counts) == 181_440 and len(counts) == 32
    assert farthest(table) == [(6, 4, 7, 8, 5, 0, 3, 2, 1), (8, 6, 7, 2, 5, 4, 3, 0, 1)]


def test_the_contest_articles_board_has_manhattan_distance_37():
    board = SlidingPuzzle("11 2 8 5 / 13 14 10 12 / 4 3 1 7 / 9 15 0 6")
    assert board.manhattan(board.start) == 37
    assert board.linear_conflict(board.start) >= 37
    assert astar(board, "linear-conflict", weight=2).solved


def test_the_classroom_notebooks_board_costs_13():
    puzzle = SlidingPuzzle("3 1 5 / 0 7 4 / 6 8 2", goal="0 1 2 / 3 4 5 / 6 7 8")
    for search in (bfs, bidirectional, lambda p: astar(p, "manhattan")):
        result = search(puzzle)
        assert result.cost == 13
        assert_replays(puzzle, result)


# ---------------------------------------------------------------- heuristics


@pytest.mark.slow
def test_built_in_heuristics_are_admissible_consistent_and_ordered(table):
    for name in ("misplaced", "manhattan", "linear-conflict"):
        report = check_heuristic(EIGHT, name, table)
        assert report.admissible and report.consistent, name
    for state in table:
        assert EIGHT.misplaced(state) <= EIGHT.manhattan(state) <= EIGHT.linear_conflict(state)


def test_manhattan_counting_the_blank_is_caught_with_a_real_counterexample(table):
    def with_blank(state):
        homes = [EIGHT.goal.index(tile) for tile in state]
        return sum(abs(c // 3 - h // 3) + abs(c % 3 - h % 3) for c, h in enumerate(homes))

    report = check_heuristic(EIGHT, with_blank, table)
    assert not report.admissible
    state, h, distance = report.overestimates[0]
    assert with_blank(state) == h > distance == table[state]


# ---------------------------------------------------------------- limits and interrupts


@pytest.mark.parametrize(
    "search",
    [bfs, uniform_cost, iddfs, bidirectional, lambda p: astar(p, "misplaced", max_nodes=50),
     lambda p, **k: idastar(p, "misplaced", **k)],
)  # fmt: skip
def test_node_limit_stops_with_the_statistics_so_far(search):
    try:
        result = search(SlidingPuzzle(HARDEST_START), max_nodes=50)
    except TypeError:  # the astar lambda already sets its limit
        result = search(SlidingPuzzle(HARDEST_START))
    assert result.status == "limit" and not result.solved
    assert result.stats.expanded == 50
    assert "50 expanded nodes" in result.reason


def test_time_limit_stops_a_hopeless_search():
    fifteen = SlidingPuzzle("11 2 8 5 / 13 14 10 12 / 4 3 1 7 / 9 15 0 6")
    for search in (bfs, lambda p, **k: idastar(p, "manhattan", **k)):
        result = search(fifteen, max_seconds=0.05)
        assert result.status == "limit" and "seconds" in result.reason
        assert result.stats.expanded > 0 and result.stats.seconds < 5


def interrupting_heuristic(puzzle, after):
    calls = {"n": 0}

    def h(state):
        calls["n"] += 1
        if calls["n"] > after:
            raise KeyboardInterrupt
        return puzzle.manhattan(state)

    return h


@pytest.mark.parametrize("search", [astar, greedy, idastar])
def test_interrupt_from_the_notebook_stops_cleanly(search):
    puzzle = SlidingPuzzle(HARDEST_START)
    result = search(puzzle, interrupting_heuristic(puzzle, 30))
    assert result.status == "interrupted"
    assert result.stats.expanded > 0


@pytest.mark.parametrize("was_on", [True, False])
def test_searches_pause_the_cycle_collector_and_give_it_back(was_on):
    puzzle = SlidingPuzzle(HARDEST_START)
    seen = []

    def h(state):
        seen.append(gc.isenabled())
        return puzzle.manhattan(state)

    (gc.enable if was_on else gc.disable)()
    try:
        assert astar(puzzle, h).solved
        assert gc.isenabled() == was_on and not any(seen)
        seen.clear()
        assert astar(puzzle, interrupting_heuristic(puzzle, 30)).status == "interrupted"
        assert gc.isenabled() == was_on
        with pytest.raises(ProblemError, match="ZeroDivisionError"):
            astar(puzzle, lambda state: 1 / 0)
        assert gc.isenabled() == was_on
        assert bidirectional(puzzle).solved and gc.isenabled() == was_on
    finally:
        gc.enable()


# ---------------------------------------------------------------- graph vs tree search, depth


def test_tree_search_expands_more_but_finds_the_same_cost():
    puzzle = EIGHT.with_start(EIGHT.scramble(6, seed=3))
    graph, tree = bfs(puzzle), bfs(puzzle, graph_search=False)
    assert tree.cost == graph.cost
    assert tree.stats.expanded > graph.stats.expanded
    assert tree.stats.duplicates == 0 < graph.stats.duplicates


def test_depth_limit_cuts_off_below_the_distance_and_solves_at_it(table):
    puzzle = EIGHT.with_start(EIGHT.scramble(8, seed=11))
    distance = table[puzzle.start]
    assert depth_limited(puzzle, distance - 1).status == "cutoff"
    assert depth_limited(puzzle, distance).cost == distance


def test_a_shallower_path_reopens_a_state_under_a_depth_limit_whatever_it_costs():
    # S -> A costs 10 but is one action; S -> B -> A costs 2 in two; A -> G one more. The LIFO
    # frontier takes B first, so A is reached at depth 2 and then, shallower, at depth 1.
    roads = {"S": [("to A", "A", 10), ("to B", "B", 1)], "B": [("to A", "A", 1)],
             "A": [("to G", "G", 1)], "G": []}  # fmt: skip
    problem = Problem("S", roads.__getitem__, lambda state: state == "G", lambda state: 0)
    found = depth_limited(problem, 2)
    assert found.solved and found.path == ["S", "A", "G"] and found.cost == 11
    assert iddfs(problem).actions == bfs(problem).actions == ["to A", "to G"]


def test_tiny_state_space_is_exhausted_not_cut_off():
    assert depth_limited(SlidingPuzzle("1 2 / 3 0"), 5).status == "solved"
    swapped = SlidingPuzzle("2 1 / 3 0")
    result = bfs(swapped, check_solvable=False)
    assert result.status == "exhausted" and result.stats.generated == 12


# ---------------------------------------------------------------- traces


@pytest.mark.parametrize("search", [bfs, lambda p, **k: astar(p, "manhattan", **k)])
def test_trace_counts_match_the_statistics_and_change_nothing(search):
    puzzle = EIGHT.with_start(EIGHT.scramble(12, seed=5))
    trace = Trace()
    traced, plain = search(puzzle, trace=trace), search(puzzle)
    assert traced.path == plain.path and traced.stats.expanded == plain.stats.expanded
    assert trace.count("expand") == traced.stats.expanded
    assert trace.count("generate") == traced.stats.generated
    assert trace.count("duplicate") == traced.stats.duplicates
    seen = set()
    for event in trace.events:
        if event.kind == "generate":
            assert event.parent is None or event.parent in seen
            seen.add(event.node)


@pytest.mark.parametrize("weight", [1, 2])
def test_a_replayed_frontier_is_in_the_order_the_search_would_take_it(weight):
    # The nodes still waiting when A* stops were never taken: their order is the frontier's.
    trace = Trace()
    astar(EIGHT.with_start(EIGHT.scramble(24, seed=2)), "manhattan", weight=weight, trace=trace)
    rows = frontier_rows(snapshots(trace.events)[-1])
    assert len(rows) > 300
    assert [row["f"] for row in rows] == [row["g"] + weight * row["h"] for row in rows]
    assert [(row["f"], row["h"]) for row in rows] == sorted((row["f"], row["h"]) for row in rows)


def test_uniform_cost_never_asks_for_a_heuristic():
    def broken(state):
        raise ValueError("uniform cost has no use for me")

    plain = SlidingPuzzle("4 1 3 / 2 0 5")
    problem = Problem(plain.start, plain.successors, plain.is_goal, broken)
    trace = Trace()
    assert uniform_cost(problem, trace=trace).cost == bfs(plain).cost == 5
    rows = frontier_rows(snapshots(trace.events)[-1])
    assert [row["g"] for row in rows] == sorted(row["g"] for row in rows)


def test_idastar_records_one_iteration_event_per_bound():
    trace = Trace()
    result = idastar(EIGHT.with_start(EIGHT.scramble(14, seed=2)), "misplaced", trace=trace)
    assert trace.count("iteration") == len(result.stats.iterations) > 1


# ---------------------------------------------------------------- clear errors


@pytest.mark.parametrize(
    "board, shape, message",
    [
        ("1 2 3 / 4 5 6 / 7 8", None, "different lengths"),
        ([1, 2, 3, 4, 5, 6, 7, 0], None, "square"),
        ("1 2 3 / 4 5 6 / 7 8 8", None, "appears twice"),
        ("1 2 3 / 4 5 6 / 7 8 9", None, "out of range"),
        ("1 2 3 / 4 x 6 / 7 8 0", None, "not a tile"),
        ("", None, "empty"),
        ("1 2 3 / 4 5 0", (3, 2), "asked for"),
        ([1, 2, 3, 0, 4], (2, 3), "do not fill"),
        ([True, 0, 2, 3], None, "not a tile"),
        (42, None, "text or a list"),
    ],
)
def test_bad_boards_say_what_is_wrong(board, shape, message):
    with pytest.raises(BoardError, match=message):
        SlidingPuzzle(board, shape=shape)


def test_bad_moves_and_mismatched_goals():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 7 8 0")
    with pytest.raises(ValueError, match="allowed: up, left"):
        puzzle.result(puzzle.start, "down")
    with pytest.raises(ValueError, match="not next to the blank"):
        puzzle.slide(puzzle.start, 1)
    with pytest.raises(ValueError, match="at least 0"):
        puzzle.scramble(-1)
    with pytest.raises(BoardError, match="asked for"):
        SlidingPuzzle("1 2 3 / 4 5 6 / 7 8 0", goal="1 2 / 3 0")


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_every_search_answers_unsolvable_before_searching(name):
    result = ALGORITHMS[name](SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0"))
    assert result.status == "unsolvable" and "parity" in result.reason
    assert result.stats.expanded == 0 and result.path == [] and result.cost is None


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda p: bfs(p, max_nodes=0), "max_nodes"),
        (lambda p: bfs(p, max_nodes=1.5), "max_nodes"),
        (lambda p: bfs(p, max_nodes=True), "max_nodes"),
        (lambda p: bfs(p, max_seconds=0), "max_seconds"),
        (lambda p: bfs(p, max_seconds="soon"), "max_seconds"),
        (lambda p: depth_limited(p, -1), "depth limit"),
        (lambda p: astar(p, weight=-1), "weight"),
        (lambda p: astar(p, "euclid"), "misplaced, manhattan, linear-conflict"),
        (lambda p: astar(p, 3), "function of a state"),
        (lambda p: bfs(42), "not a search problem"),
    ],
)
def test_bad_parameters_say_what_is_allowed(call, message):
    with pytest.raises(ProblemError, match=message):
        call(SlidingPuzzle(HARDEST_START))


# ---------------------------------------------------------------- any simpleai problem


class Jugs(SearchProblem):
    """Two jugs of 4 and 3 litres and a tap: measure 2 litres in the big one."""

    def actions(self, state):
        return ["fill big", "fill small", "empty big", "empty small", "big->small", "small->big"]

    def result(self, state, action):
        big, small = state
        if action == "fill big":
            return (4, small)
        if action == "fill small":
            return (big, 3)
        if action == "empty big":
            return (0, small)
        if action == "empty small":
            return (big, 0)
        if action == "big->small":
            poured = min(big, 3 - small)
            return (big - poured, small + poured)
        poured = min(small, 4 - big)
        return (big + poured, small - poured)

    def is_goal(self, state):
        return state[0] == 2


def test_a_class_written_simpleai_problem_runs_unchanged():
    from simpleai.search import breadth_first

    theirs = breadth_first(Jugs((0, 0)), graph_search=True)
    ours = bfs(Jugs((0, 0)))
    assert ours.cost == len(theirs.path()) - 1 == 6
    assert astar(Jugs((0, 0))).cost == 6


def test_bidirectional_on_a_simpleai_problem_says_what_it_needs():
    with pytest.raises(ProblemError, match="predecessors"):
        bidirectional(Jugs((0, 0)))
