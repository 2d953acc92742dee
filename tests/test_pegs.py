"""Peg solitaire: boards, moves, the peg solitaire article's three iterative deepenings, depth-first
search with dead positions, the command line, the picture and the player.

Independent facts used here: the peg solitaire article's jump tables, corners, groups and
12-move solution (copied from the article, not from the package); brute-force move generation;
a legality check that uses only the article's table or the board's geometry; breadth-first search by the engine.
"""

import json
import math
import random

import pytest

from puzzlelab.errors import BoardError, ProblemError, UnsolvableError
from puzzlelab.limits import CHECK_EVERY, Budget
from puzzlelab.puzzles.pegs import (
    PegSolitaire,
    apply_move,
    group_argument,
    moves,
    position_class,
    replay,
)
from puzzlelab.puzzles.pegs_boards import BOARDS, get_board, grid_jumps
from puzzlelab.puzzles.pegs_notation import chains, format_moves, holes_of, pegs_of
from puzzlelab.results import SearchResult
from puzzlelab.search import bfs, dfs, iddfs
from puzzlelab.solvers.pegs import dfs_dead_positions, iterative_deepening, solve

# The article's jump table and its reduced table (holes, then (over, to) pairs), as printed there.
ARTICLE_TABLE = {
    1: [(3, 5)], 2: [(3, 4)], 3: [(4, 6), (5, 8)], 4: [(3, 2), (6, 9), (7, 11)],
    5: [(3, 1), (7, 10), (8, 12)], 6: [(4, 3), (7, 8), (9, 14), (10, 16)],
    7: [(10, 15), (11, 17)], 8: [(5, 3), (7, 6), (11, 16), (12, 18)],
    9: [(6, 4), (10, 11), (14, 20)], 10: [(7, 5), (11, 12)], 11: [(7, 4), (10, 9)],
    12: [(8, 5), (11, 10), (18, 21)], 13: [(14, 15)], 14: [(9, 6), (15, 16)],
    15: [(10, 7), (14, 13), (16, 17)], 16: [(10, 6), (11, 8), (15, 14), (17, 18)],
    17: [(11, 7), (16, 15), (18, 19)], 18: [(12, 8), (17, 16)], 19: [(18, 17)],
    20: [(14, 9)], 21: [(18, 12)],
}  # fmt: skip
ARTICLE_REDUCED = {
    1: [(3, 5)], 2: [(3, 4)], 3: [(4, 6), (5, 8)], 4: [(7, 11)], 5: [(7, 10)],
    6: [(4, 3), (7, 8), (9, 14), (10, 16)], 7: [(10, 15), (11, 17)],
    8: [(5, 3), (7, 6), (11, 16), (12, 18)], 9: [(10, 11)], 10: [(7, 5), (11, 12)],
    11: [(7, 4), (10, 9)], 12: [(11, 10)], 13: [(14, 15)], 14: [(9, 6), (15, 16)],
    15: [(10, 7)], 16: [(10, 6), (11, 8), (15, 14), (17, 18)], 17: [(11, 7)],
    18: [(12, 8), (17, 16)], 19: [(18, 17)], 20: [(14, 9)], 21: [(18, 12)],
}  # fmt: skip
ARTICLE_CORNERS = {1, 2, 13, 19, 20, 21}
ARTICLE_SOLUTION = [(15, 7), (12, 10), (4, 11), (2, 4), (8, 3), (1, 5), (13, 15, 7),
                    (6, 3, 8, 6, 14), (21, 12, 10), (16, 18), (20, 9, 11), (19, 17, 7)]  # fmt: skip

SIZES = {"triangle21": (21, 48), "triangle15": (15, 36), "english": (33, 76), "french": (37, 92)}


def triples(table):
    return {(start, over, to) for start, pairs in table.items() for over, to in pairs}


def check_legal(board, start_holes, made, finish):
    """Replay *made* with the board's geometry alone; assert every jump legal, one peg left."""
    pegs = set(start_holes)
    spots = {hole: board.xy(hole) for hole in board.cells}
    for move in made:
        assert len(move) >= 2
        for start, to in zip(move, move[1:]):
            (x0, y0), (x2, y2) = spots[start], spots[to]
            middle = (round((x0 + x2) / 2, 6), round((y0 + y2) / 2, 6))
            over = [h for h, (x, y) in spots.items() if (round(x, 6), round(y, 6)) == middle]
            assert math.dist(spots[start], spots[to]) == pytest.approx(2)
            assert over and over[0] in pegs and start in pegs and to not in pegs, (move, start, to)
            pegs -= {start, over[0]}
            pegs.add(to)
    assert pegs == {finish}


def position_after(count):
    """The triangle21 position after the first *count* moves of the article's solution."""
    puzzle = PegSolitaire("triangle21", hole=7)
    return puzzle.with_start(replay(puzzle.board, puzzle.start, ARTICLE_SOLUTION[:count])[-1])


# ---------------------------------------------------------------- boards and jump tables


def test_triangle21_is_the_articles_table_and_its_geometry_agrees():
    board = get_board("triangle21")
    assert set(board.jumps) == triples(ARTICLE_TABLE)
    assert {h: list(p) for h, p in board.jumps_from.items()} == ARTICLE_TABLE  # same order too
    assert set(board.jumps) == set(grid_jumps(board.cells, "triangular"))


@pytest.mark.parametrize("name", list(BOARDS))
def test_jump_table_counts_symmetry_and_geometry(name):
    board = get_board(name)
    holes, jumps = SIZES[name]
    assert board.holes == tuple(range(1, holes + 1)) and len(board.jumps) == jumps
    assert len(set(board.jumps)) == jumps
    for start, over, to in board.jumps:
        assert (to, over, start) in board.jumps  # every jump can be played backwards
        (x0, y0), (x1, y1), (x2, y2) = (board.xy(h) for h in (start, over, to))
        assert math.dist((x0, y0), (x1, y1)) == pytest.approx(1)  # adjacent
        assert (x2 - x1, y2 - y1) == pytest.approx((x1 - x0, y1 - y0))  # in a straight line
    # No two holes closer than neighbours, and every line of three adjacent holes is a jump.
    spots = [board.xy(h) for h in board.holes]
    assert min(math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :]) == (
        pytest.approx(1)
    )


@pytest.mark.parametrize("name, count", [("triangle21", 6), ("triangle15", 6), ("english", 8),
                                         ("french", 8)])  # fmt: skip
def test_symmetries_map_holes_distances_and_jumps(name, count):
    board = get_board(name)
    assert len(board.symmetries) == count
    assert board.symmetries[0] == {h: h for h in board.holes}
    for mapping in board.symmetries:
        assert sorted(mapping.values()) == list(board.holes)
        for a, b in [(1, 2), (2, 3), (1, len(board.holes))]:
            before = math.dist(board.xy(a), board.xy(b))
            assert math.dist(board.xy(mapping[a]), board.xy(mapping[b])) == pytest.approx(before)
        assert {(mapping[a], mapping[b], mapping[c]) for a, b, c in board.jumps} == set(board.jumps)


def test_english_and_french_numbering():
    english, french = get_board("english"), get_board("french")
    assert english.cells[17] == (3, 3) and english.usual_hole == 17
    assert french.cells[19] == (3, 3)
    assert english.numbering().splitlines()[3].split() == [str(h) for h in range(14, 21)]


def test_the_articles_corners_and_groups():
    board = get_board("triangle21")
    assert board.corners == ARTICLE_CORNERS
    assert frozenset({3, 6, 8, 14, 16, 18}) in board.groups  # the group corner pegs jump over
    assert frozenset({1, 5, 10, 12, 21}) in board.groups  # the article: peg 1 reaches 5, 10, 12, 21
    assert sorted(len(g) for g in board.groups) == [5, 5, 5, 6]
    for start, _, to in board.jumps:  # a peg never leaves its group
        assert any(start in g and to in g for g in board.groups)
    assert get_board("english").corners == {1, 3, 7, 13, 21, 27, 31, 33}


def test_group_argument_gives_the_articles_reduced_table():
    argument = group_argument(PegSolitaire("triangle21", hole=7))
    assert argument["applies"] and argument["corner_pegs"] == argument["removable"] == 6
    assert set(argument["reduced_jumps"]) == triples(ARTICLE_REDUCED)
    assert len(argument["reduced_jumps"]) == 36


def test_group_argument_refuses_where_it_does_not_hold():
    corner_finish = group_argument(PegSolitaire("triangle21", hole=1))
    assert not corner_finish["applies"] and "corner 1" in corner_finish["reason"]
    too_many = group_argument(PegSolitaire("triangle21", hole=3))
    assert too_many["unsolvable"] and too_many["removable"] == 4
    other = group_argument(PegSolitaire("triangle15", hole=1))
    assert not other["applies"] and set(other["reduced_jumps"]) == set(
        get_board("triangle15").jumps
    )
    with pytest.raises(ProblemError, match="group pruning does not apply"):
        iterative_deepening(PegSolitaire("triangle15", hole=4), groups=True)


# ---------------------------------------------------------------- moves


def brute_force_moves(board, start_pegs):
    """Every position one move away: chains grown jump by jump, scanning all jump triples."""
    found = set()
    for hole in holes_of(start_pegs):
        stack = [(start_pegs, hole)]
        while stack:
            position, where = stack.pop()
            for start, over, to in board.jumps:
                if start == where and position >> over & 1 and not position >> to & 1:
                    after = position - (1 << start) - (1 << over) + (1 << to)
                    found.add(after)
                    stack.append((after, to))
    return found


@pytest.mark.parametrize("name", ["triangle15", "triangle21", "english"])
def test_moves_match_brute_force_on_random_positions(name):
    board = get_board(name)
    rng = random.Random(4)
    for _ in range(150):
        density = rng.uniform(0.3, 0.8)
        position = pegs_of(h for h in board.holes if rng.random() < density)
        found = moves(board, position)
        assert {after for _, after in found} == brute_force_moves(board, position)
        assert len({after for _, after in found}) == len(found)  # each position once
        for move, after in found:
            assert apply_move(board, position, move) == after
            assert after.bit_count() == position.bit_count() - (len(move) - 1)


def test_a_chain_is_one_move_and_chains_join_jumps():
    assert chains([(15, 7), (13, 15), (15, 7)]) == [(15, 7), (13, 15, 7)]
    assert format_moves(ARTICLE_SOLUTION[:2]) == "(15,7)(12,10)"
    puzzle = PegSolitaire("triangle21", hole=7)
    path = replay(puzzle.board, puzzle.start, ARTICLE_SOLUTION)
    assert holes_of(path[-1]) == (7,) and len(path) == 13
    # The article's 8th move is one move of four jumps among the successors of its position.
    eighth = [move for move, after in moves(puzzle.board, path[7]) if after == path[8]]
    assert eighth == [(6, 3, 8, 6, 14)]


def test_successors_and_goal_for_the_engine():
    puzzle = PegSolitaire("triangle21", hole=7)
    assert [m for m, _, c in puzzle.successors(puzzle.start)] == [(15, 7), (17, 7)]
    assert all(cost == 1 for _, _, cost in puzzle.successors(puzzle.start))
    assert puzzle.is_goal(1 << 7) and not puzzle.is_goal(1 << 8 | 1 << 7)
    assert puzzle.start.bit_count() == 20 and not puzzle.start >> 7 & 1
    assert puzzle.corner_bound(puzzle.start) == 6
    assert repr(puzzle) == "PegSolitaire('triangle21', hole=7)"


# ---------------------------------------------------------------- the article's three programs


def test_the_articles_12_move_solution_with_the_corner_bound():
    puzzle = PegSolitaire("triangle21", hole=7)
    result = iterative_deepening(puzzle, groups=True, corner_bound=True)
    assert result.solved and result.cost == 12
    assert result.actions == ARTICLE_SOLUTION  # the article's order of trying jumps, its answer
    check_legal(puzzle.board, holes_of(puzzle.start), result.actions, 7)
    for move in result.actions:  # and legal by the article's own table
        for start, to in zip(move, move[1:]):
            assert any(t == to for _, t in ARTICLE_TABLE[start])
    stats = result.stats
    bounds = [it["bound"] for it in stats.iterations]
    assert bounds == list(range(6, 13)) and [it["completed"] for it in stats.iterations] == (
        [True] * 6 + [False]
    )
    assert sum(it["expanded"] for it in stats.iterations) == stats.expanded
    assert sum(stats.expanded_by_depth.values()) == stats.expanded
    assert result.path[0] == puzzle.start and result.path[-1] == 1 << 7
    assert isinstance(result, SearchResult) and result.algorithm == "ids+groups+corners"


@pytest.mark.parametrize("count", [6, 7])
def test_the_three_variants_agree_on_smaller_instances(count):
    puzzle = position_after(count)
    results = {name: solve(puzzle, name) for name in ("plain", "groups", "bound")}
    assert {r.cost for r in results.values()} == {12 - count}
    expanded = [results[name].stats.expanded for name in ("plain", "groups", "bound")]
    assert expanded[0] > expanded[1] > expanded[2]
    for result in results.values():
        check_legal(puzzle.board, holes_of(puzzle.start), result.actions, 7)
    # The fewest moves, checked by breadth-first search over whole moves (the engine).
    assert bfs(puzzle).cost == 12 - count


@pytest.mark.parametrize("hole, fewest", [(4, 9), (1, 10)])
def test_iterative_deepening_is_optimal_on_the_15_hole_triangle(hole, fewest):
    puzzle = PegSolitaire("triangle15", hole=hole)
    corners = iterative_deepening(puzzle, corner_bound=True)
    assert corners.cost == bfs(puzzle).cost == fewest
    if hole == 4:
        plain = iterative_deepening(puzzle)
        assert plain.cost == fewest and corners.stats.expanded < plain.stats.expanded
    check_legal(puzzle.board, holes_of(puzzle.start), corners.actions, hole)


def test_engine_iddfs_and_dfs_run_on_the_model():
    puzzle = PegSolitaire("triangle15", hole=4)
    deepening = iddfs(puzzle)
    assert deepening.cost == 9 and [it["bound"] for it in deepening.stats.iterations][-1] == 9
    check_legal(puzzle.board, holes_of(puzzle.start), deepening.actions, 4)
    depth_first = dfs(puzzle)
    assert depth_first.solved
    check_legal(puzzle.board, holes_of(puzzle.start), depth_first.actions, 4)


def test_no_solution_is_reported_as_exhausted():
    # After 8 of the article's moves, the last peg can end in hole 7 but not in hole 9.
    puzzle = PegSolitaire("triangle21", start=position_after(8).start, finish=9)
    for algorithm in ("plain", "bound", "dfs"):
        result = solve(puzzle, algorithm)
        assert result.status == "exhausted" and "hole 9" in result.reason
    assert bfs(puzzle).status == "exhausted"


def plain_deepening(puzzle, table, corner_bound):
    """The article's search written out plainly: every hole in order, every jump of the table.

    Returns the nodes visited per depth limit and the jumps of the solution, if any.
    """
    counted = {h for h in puzzle.board.corners if h != puzzle.finish} if corner_bound else set()
    holes = sorted({start for start, _, _ in table})
    made_jumps = []

    def search(pegs, made, last, limit, visited):
        visited[0] += 1
        if pegs == puzzle.goal:
            return True
        corners = sum(1 for h in counted if pegs >> h & 1)
        for start in holes:
            if not pegs >> start & 1:
                continue
            now = made if start == last else made + 1
            if now + corners - (start in counted) > limit:
                continue
            for s, over, to in table:
                if s == start and pegs >> over & 1 and not pegs >> to & 1:
                    after = pegs & ~(1 << start | 1 << over) | 1 << to
                    if search(after, now, to, limit, visited):
                        made_jumps.append((start, to))
                        return True
        return False

    counts, most = [], puzzle.start.bit_count() - 1
    for limit in range(puzzle.corner_bound(puzzle.start) if corner_bound else 1, most + 1):
        visited = [0]
        found = search(puzzle.start, 0, 0, limit, visited)
        counts.append(visited[0])
        if found:
            break
    return counts, made_jumps[::-1]


@pytest.mark.parametrize(
    "puzzle, groups, corner_bound",
    [(PegSolitaire("triangle15", hole=4), False, False),
     (PegSolitaire("triangle15", hole=1), False, True),
     (PegSolitaire("triangle15", hole=13), False, True),
     (position_after(5), False, False),
     (position_after(4), True, True)],
)  # fmt: skip
def test_search_visits_the_same_nodes_as_the_plain_program(puzzle, groups, corner_bound):
    # The solver's tables (which holes to look at when the bound is tight) are shortcuts:
    # the nodes, their order and the answer must be those of the plain program.
    table = group_argument(puzzle)["reduced_jumps"] if groups else puzzle.board.jumps
    counts, jumps_made = plain_deepening(puzzle, table, corner_bound)
    result = iterative_deepening(puzzle, groups=groups, corner_bound=corner_bound, symmetry=False)
    assert [it["expanded"] for it in result.stats.iterations] == counts
    assert result.actions == chains(jumps_made)


def test_symmetry_at_the_first_jump_changes_nodes_not_answers():
    puzzle = position_after(0)
    both = iterative_deepening(puzzle, groups=True, corner_bound=True, symmetry=False,
                               max_depth=10)  # fmt: skip
    one = iterative_deepening(puzzle, groups=True, corner_bound=True, max_depth=10)
    assert both.status == one.status == "cutoff" and "within 10 moves" in one.reason
    # Two mirror-image subtrees below one root, in each iteration.
    assert both.stats.expanded == 2 * one.stats.expanded - len(one.stats.iterations)


# ---------------------------------------------------------------- depth-first with dead positions


def test_english_central_game():
    puzzle = PegSolitaire("english")
    result = dfs_dead_positions(puzzle)
    assert result.solved and result.stats.seconds < 5 and result.cost == len(result.actions)
    check_legal(puzzle.board, holes_of(puzzle.start), result.actions, 17)
    assert sum(len(m) - 1 for m in result.actions) == 31  # 32 pegs, 31 jumps
    assert sum(result.stats.expanded_by_depth.values()) == result.stats.expanded
    assert max(result.stats.expanded_by_depth) == 31  # by jumps made: one peg left, 31 down
    plain = dfs_dead_positions(puzzle, symmetry=False)
    assert plain.solved and plain.stats.extra["dead"] >= result.stats.extra["dead"] > 0


def test_dead_positions_solve_the_21_hole_triangle_quickly():
    result = dfs_dead_positions(PegSolitaire("triangle21", hole=7))
    assert result.solved and result.cost >= 12
    check_legal(get_board("triangle21"), holes_of(PegSolitaire("triangle21").start),
                result.actions, 7)  # fmt: skip


# ---------------------------------------------------------------- invariants


@pytest.mark.parametrize("name", list(BOARDS))
def test_position_class_never_changes(name):
    board = get_board(name)
    for colouring in board.colourings:
        for jump in board.jumps:
            assert sorted(colouring[h] for h in jump) == [0, 1, 2]
    rng = random.Random(7)
    for _ in range(20):
        position = board.full ^ 1 << rng.choice(board.holes)
        before = position_class(board, position)
        while found := moves(board, position):
            position = rng.choice(found)[1]
            assert position_class(board, position) == before


def test_unsolvable_problems_are_answered_before_searching():
    for solver in (iterative_deepening, dfs_dead_positions, solve):
        refused = solver(PegSolitaire("french"))
        assert refused.status == "unsolvable" and "position classes" in refused.reason
        assert refused.stats.expanded == 0 and refused.cost is None and not refused.actions
    corners = solve(PegSolitaire("triangle21", hole=3))
    assert corners.status == "unsolvable" and "6 corner pegs" in corners.reason
    with pytest.raises(UnsolvableError, match="6 corner pegs"):
        PegSolitaire("triangle21", hole=3).check_solvable()  # the rules still raise
    # Asked not to check, the solvers search, and search in vain.
    two_pegs = PegSolitaire("french", start=[1, 2], finish=1)
    assert iterative_deepening(two_pegs).status == "unsolvable"
    for solver in (iterative_deepening, dfs_dead_positions):
        unchecked = solver(two_pegs, check_solvable=False)
        assert unchecked.status == "exhausted" and unchecked.stats.expanded > 1
    refused = bfs(PegSolitaire("french"))
    assert refused.status == "unsolvable" and "position classes" in refused.reason
    # Not a proof of impossibility: corner hole 1 passes, and search finds no solution.
    PegSolitaire("triangle21", hole=1).check_solvable()
    assert solve(PegSolitaire("triangle21", hole=1)).status == "exhausted"


# ---------------------------------------------------------------- limits


@pytest.mark.parametrize("solver", [iterative_deepening, dfs_dead_positions])
def test_node_and_time_limits_stop_cleanly(solver):
    puzzle = PegSolitaire("triangle21", hole=7) if solver is iterative_deepening else (
        PegSolitaire("french", hole=6, finish=32))  # fmt: skip
    limited = solver(puzzle, max_nodes=5000)
    assert limited.status == "limit" and limited.stats.expanded == 5000
    assert "5,000 positions visited" in limited.reason
    assert not limited.actions and limited.cost is None and not limited.path
    timed = solver(puzzle, max_seconds=0.05)
    assert timed.status == "limit" and "0.05 seconds" in timed.reason
    assert 0.05 <= timed.stats.seconds < 1


def test_limits_keep_the_statistics_per_depth():
    result = iterative_deepening(PegSolitaire("triangle21", hole=7), max_nodes=20_000)
    assert result.status == "limit"
    iterations = result.stats.iterations
    assert [it["completed"] for it in iterations][-1] is False
    assert all(it["completed"] for it in iterations[:-1])
    assert sum(it["expanded"] for it in iterations) == 20_000
    assert result.as_dict()["expanded"] == 20_000


def test_the_memory_bound_stops_the_table_of_dead_positions():
    # The dead positions are what grows; a small bound must stop them, with what was found.
    result = dfs_dead_positions(PegSolitaire("french", hole=6, finish=32), max_memory_mb=5,
                                max_seconds=60)  # fmt: skip
    assert result.status == "limit" and "5 MB of memory" in result.reason
    assert result.stats.extra["dead"] > 0 and result.stats.expanded > 0


@pytest.mark.parametrize("solver", [iterative_deepening, dfs_dead_positions, solve])
def test_every_solver_takes_the_memory_bound_and_lifts_it_with_none(solver):
    puzzle = PegSolitaire("triangle15", hole=4)
    assert solver(puzzle, max_memory_mb=None).solved
    assert solver(puzzle, max_memory_mb=500).solved
    with pytest.raises(ProblemError, match="max_memory_mb"):
        solver(puzzle, max_memory_mb=0)


def stop_button_after(positions, asked):
    """A ``Budget.check`` that notes in *asked* the counts it is asked about, and raises
    KeyboardInterrupt (as Ctrl-C would) once the search has visited *positions*."""

    def check(budget, nodes):
        asked.append(nodes)
        if nodes >= positions:
            raise KeyboardInterrupt

    return check


@pytest.mark.parametrize("solver", [iterative_deepening, dfs_dead_positions])
def test_interrupt_stops_cleanly(solver, monkeypatch):
    asked = []
    monkeypatch.setattr(Budget, "check", stop_button_after(1000, asked))
    puzzle = PegSolitaire("triangle21", hole=7) if solver is iterative_deepening else (
        PegSolitaire("french", hole=6, finish=32))  # fmt: skip
    result = solver(puzzle)
    assert result.status == "interrupted" and "interrupted" in result.reason
    assert result.stats.expanded == asked[-1] >= 1000 and not result.actions
    # Every position counted was visited: the depths add up to the same count.
    assert sum(result.stats.expanded_by_depth.values()) == result.stats.expanded


def test_the_budget_is_asked_from_the_start_and_exactly_at_the_node_limit(monkeypatch):
    asked, check = [], Budget.check

    def noting(budget, nodes):
        asked.append(nodes)
        check(budget, nodes)

    monkeypatch.setattr(Budget, "check", noting)
    result = iterative_deepening(PegSolitaire("triangle15", hole=4), corner_bound=True)
    assert result.solved and asked[0] == 0
    gaps = [later - sooner for sooner, later in zip(asked, asked[1:])]
    assert all(0 < gap <= CHECK_EVERY for gap in gaps)
    assert result.stats.expanded - asked[-1] <= CHECK_EVERY
    asked.clear()
    limited = iterative_deepening(PegSolitaire("triangle21", hole=7), max_nodes=3000)
    assert limited.status == "limit" and limited.stats.expanded == asked[-1] == 3000


@pytest.mark.parametrize("limits", [{"max_nodes": 0}, {"max_nodes": 1.5}, {"max_seconds": -1},
                                    {"max_seconds": "1"}, {"max_depth": -1}, {"max_depth": "3"},
                                    {"max_depth": True}, {"max_memory_mb": float("nan")},
                                    {"max_nodes": True}])  # fmt: skip
def test_bad_limits(limits):
    with pytest.raises(ProblemError):
        iterative_deepening(PegSolitaire("triangle15", hole=4), **limits)


def test_max_depth_cuts_off():
    result = iterative_deepening(PegSolitaire("triangle15", hole=4), max_depth=5)
    assert result.status == "cutoff" and [it["bound"] for it in result.stats.iterations][-1] == 5
    assert "within 5 moves" in result.reason


def test_max_depth_is_refused_where_it_does_not_apply():
    with pytest.raises(ProblemError, match="max_depth limits iterative deepening"):
        solve(PegSolitaire("triangle15", hole=4), "dfs", max_depth=5)
    with pytest.raises(ProblemError, match="auto chose it for the english board"):
        solve(PegSolitaire("english"), max_depth=5)


# ---------------------------------------------------------------- the result as data


def test_result_as_dict_and_table():
    result = solve(PegSolitaire("triangle15", hole=4), "plain")
    data = result.as_dict()
    assert data["status"] == "solved" and data["reason"] and data["algorithm"] == "ids"
    assert data["cost"] == len(data["actions"]) == 9
    assert data["actions"] == [list(move) for move in result.actions]
    assert data["path"][0] == list(holes_of(result.path[0])) and data["path"][-1] == [4]
    assert set(data["iterations"][0]) == {"bound", "expanded", "seconds", "completed"}
    assert json.loads(json.dumps(data))["path"] == data["path"]
    rows = dict(result.table_rows())
    assert rows["moves"] == format_moves(result.actions) and rows["cost"] == 9
    assert "largest frontier" not in rows and "dead" not in rows
    dead = dfs_dead_positions(PegSolitaire("triangle15", hole=4))
    assert dict(dead.table_rows())["dead positions stored"] == f"{dead.stats.extra['dead']:,}"
    assert repr(result).startswith("<ids: solved, cost 9 | ")


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: PegSolitaire("hexagon"), "unknown board 'hexagon'; choose one of: triangle21"),
        (lambda: PegSolitaire("triangle21", 22), "hole 22 is not on the triangle21 board"),
        (lambda: PegSolitaire("triangle21", 0), "numbered 1 to 21"),
        (lambda: PegSolitaire("english", "x"), "hole 'x' is not on the english board"),
        (lambda: PegSolitaire("english", True), "hole True"),
        (lambda: PegSolitaire("triangle15", 1, finish=16), "finish 16 is not on"),
        (lambda: PegSolitaire("triangle15", 1, start=[2, 3]), "either the empty hole"),
        (lambda: PegSolitaire("triangle15", start=[2, 3]), "say where the last peg"),
        (lambda: PegSolitaire("triangle15", start=[2, 2], finish=1), "name a hole twice"),
        (lambda: PegSolitaire("triangle15", start=[], finish=1), "no pegs"),
        (lambda: PegSolitaire("triangle15", start=[2, 30], finish=1), "peg in hole 30"),
        (lambda: PegSolitaire("triangle15", start=1 << 16, finish=1), "bits outside"),
        (lambda: PegSolitaire("triangle15", start=True, finish=1), "or their bit mask, not True"),
        (lambda: PegSolitaire("triangle15", start=2.5, finish=1), "or their bit mask, not 2.5"),
    ],
)
def test_bad_boards_and_holes(make, message):
    with pytest.raises(BoardError, match=message.replace("(", r"\(")):
        make()


@pytest.mark.parametrize(
    "move, message",
    [((15,), "at least two holes"), ((15, 8), "15→8 is not a jump"), ((7, 10), "no peg in hole 7"),
     ((15, 22), "hole 22 is not on"), ((14, 16), "hole 16 is not empty")],
)  # fmt: skip
def test_illegal_moves(move, message):
    puzzle = PegSolitaire("triangle21", hole=7)
    with pytest.raises(BoardError, match=message):
        apply_move(puzzle.board, puzzle.start, move)


def test_unknown_algorithm():
    with pytest.raises(ProblemError, match="unknown algorithm 'fast'; choose one of: auto, plain"):
        solve(PegSolitaire("triangle15", hole=4), "fast")


def test_holes_are_read_only_in_ascii_digits():
    board = get_board("triangle21")
    assert board.check_hole("7") == 7 and board.check_hole(" 12 ") == 12
    for text in ("７", "٣", "1７"):
        with pytest.raises(BoardError, match="digits 0-9"):
            board.check_hole(text)
    # Holes given as text in a list of start pegs are read as numbers too.
    puzzle = PegSolitaire("triangle15", start=["2", "4"], finish="1")
    assert puzzle.start == pegs_of([2, 4]) and puzzle.finish == 1


# ---------------------------------------------------------------- simpleai


@pytest.mark.parametrize("hole", [4, 13, 1])
def test_simpleai_depth_first_agrees_with_puzzlelab(hole):
    from simpleai.search import depth_first

    from puzzlelab.simpleai_problems import PegSolitaireProblem

    problem = PegSolitaireProblem("triangle15", hole=hole)
    node = depth_first(problem, graph_search=True)
    theirs = [action for action, _ in node.path()[1:]]
    ours = dfs(problem.puzzle)
    assert len(theirs) == ours.cost and theirs == ours.actions
    assert dfs(problem).actions == ours.actions  # the simpleai problem through the engine
    check_legal(problem.puzzle.board, holes_of(problem.initial_state), theirs, hole)


# ---------------------------------------------------------------- picture and player


def test_picture_holes_pegs_numbers_and_move():
    from puzzlelab.drawing import board_png, draw_board, offscreen_figure, step_label

    puzzle = PegSolitaire("triangle21", hole=7)
    position = replay(puzzle.board, puzzle.start, ARTICLE_SOLUTION[:8])[-1]
    ax = draw_board(puzzle, position, offscreen_figure().add_subplot(),
                    highlight=ARTICLE_SOLUTION[7], title="8")  # fmt: skip
    gids = [p.get_gid() for p in ax.patches]
    assert gids.count("hole") == 21 and gids.count("peg") == position.bit_count()
    assert gids.count("jump") == 4 and gids.count("move-start") == 1
    assert sorted(int(t.get_text()) for t in ax.texts if t.get_gid() == "number") == list(
        range(1, 22)
    )
    bare = draw_board(puzzle, ax=offscreen_figure().add_subplot(), numbers=False,
                      heuristic="corners")  # fmt: skip
    assert not bare.texts and bare.get_title() == "corners = 6"
    assert board_png(PegSolitaire("english"))[:4] == b"\x89PNG"
    before, after = puzzle.start, puzzle.result(puzzle.start, (15, 7))
    assert step_label(puzzle, before, (15, 7), after) == "15→7"
    assert step_label(puzzle, position, (6, 3, 8, 6, 14), None) == "6→3→8→6→14"
    assert step_label(puzzle, before, None, after) == "15→7"  # found from the two positions


def test_draw_solution_shows_every_move():
    from puzzlelab.drawing.pegs import draw_solution

    result = solve(position_after(6), "bound")
    figure = draw_solution(position_after(6), result)
    assert len(figure.axes) == 7
    assert figure.axes[2].get_title() == "2: 6→3→8→6→14"


def test_solution_player_plays_a_solution():
    from puzzlelab.widgets import SolutionPlayer

    puzzle = position_after(6)
    result = solve(puzzle, "bound")
    player = SolutionPlayer(puzzle, result)
    assert len(player.frames) == 7 and player.caption().startswith("start")
    assert player.step(2).caption() == "step 2 of 6: 6→3→8→6→14"
    assert player.state() == result.path[2]
    assert player.step(99).value == 6 and holes_of(player.state()) == (7,)


def test_player_frames_show_the_path_of_the_jumping_peg():
    # regression: the player highlighted only sliding tiles, so peg frames showed no jump
    from puzzlelab.drawing import board_svg, step_highlight
    from puzzlelab.widgets import SolutionPlayer

    puzzle = position_after(6)
    result = solve(puzzle, "bound")
    before, after = result.path[1], result.path[2]
    assert step_highlight(puzzle, before, None, after) == (6, 3, 8, 6, 14)
    player = SolutionPlayer(puzzle, result, size=2.0)
    caption = player.captions[2]
    plain = board_svg(puzzle, after, size=2.0, title=caption)
    marked = board_svg(puzzle, after, size=2.0, title=caption, highlight=(6, 3, 8, 6, 14))
    assert player.pictures[2] == marked != plain
