"""Drawings, search trees and widgets: they show what the search really did."""

import base64

import matplotlib

matplotlib.use("Agg")

import networkx as nx  # noqa: E402
import pytest  # noqa: E402
from simpleai.search import breadth_first  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.distances import distance_table  # noqa: E402
from puzzlelab.drawing import board_png, draw_board, draw_path, offscreen_figure  # noqa: E402
from puzzlelab.search import Trace, astar, bfs, bidirectional, idastar  # noqa: E402
from puzzlelab.simpleai_problems import SlidingPuzzleProblem  # noqa: E402
from puzzlelab.simpleai_trace import TraceViewer  # noqa: E402
from puzzlelab.trees import cut_tree, draw_tree, layered_layout, search_tree  # noqa: E402
from puzzlelab.widgets import (  # noqa: E402
    HeuristicLab,
    PlayBoard,
    SearchReplay,
    SolutionPlayer,
    compare,
)

SEED_000 = "8 6 7 / 2 5 4 / 3 0 1"


def fresh_axes():
    return offscreen_figure().add_subplot()


# ---------------------------------------------------------------- boards


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5)])
def test_one_patch_and_one_label_per_tile(shape):
    puzzle = SlidingPuzzle(shape=shape)
    state = puzzle.random_state(seed=7)
    ax = draw_board(puzzle, state, fresh_axes())
    tiles = [p for p in ax.patches if p.get_gid() == "tile"]
    labels = sorted(int(t.get_text()) for t in ax.texts if t.get_gid() == "label")
    assert len(tiles) == puzzle.size - 1
    assert labels == list(range(1, puzzle.size))


def test_home_tiles_are_coloured_apart_from_misplaced_ones():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0")
    ax = draw_board(puzzle, ax=fresh_axes(), check=False)
    colours = {}
    for patch, text in zip(
        [p for p in ax.patches if p.get_gid() == "tile"],
        [t for t in ax.texts if t.get_gid() == "label"],
    ):
        colours[int(text.get_text())] = patch.get_facecolor()
    assert colours[7] == colours[8]
    assert colours[1] != colours[7]


def test_heuristic_value_goes_in_the_title():
    puzzle = SlidingPuzzle(SEED_000)
    ax = draw_board(puzzle, ax=fresh_axes(), heuristic="manhattan")
    assert "manhattan = 21" in ax.get_title()


def test_unknown_puzzle_type_says_how_to_register():
    with pytest.raises(TypeError, match="register"):
        draw_board(object())


def test_path_strip_has_one_axes_per_shown_board_and_samples_long_paths():
    puzzle = SlidingPuzzle(SEED_000)
    result = bidirectional(puzzle)
    figure = draw_path(puzzle, result.path, result.actions, max_boards=8)
    assert len(figure.axes) == 8
    assert figure.axes[0].get_title() == "start"
    assert figure.axes[-1].get_title().startswith("31")
    short = draw_path(puzzle, result.path[:3], result.actions[:2])
    assert len(short.axes) == 3


def test_board_png_is_a_png():
    assert board_png(SlidingPuzzle(shape=(3, 3))).startswith(b"\x89PNG")


# ---------------------------------------------------------------- trees


def test_bfs_tree_to_depth_3_has_the_nodes_its_trace_implies():
    puzzle = SlidingPuzzle(SEED_000)
    for graph_search in (True, False):
        trace = Trace()
        bfs(puzzle, graph_search=graph_search, trace=trace, max_nodes=60)
        tree = search_tree(trace, max_depth=3)
        implied = sum(
            1 for e in trace.events if e.kind in ("generate", "duplicate") and e.depth <= 3
        )
        assert tree.number_of_nodes() == implied
        assert nx.is_tree(tree)
        assert all(tree.nodes[n]["depth"] <= 3 for n in tree)


def test_tree_search_to_depth_3_counts_every_path():
    # Tree search keeps no memory: 2 + 2*3 + ... successors from a corner blank.
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 7 8 0")
    trace = Trace()
    bfs(puzzle.with_start(puzzle.scramble(20, seed=1)), graph_search=False, trace=trace,
        max_nodes=40)  # fmt: skip
    tree = search_tree(trace, max_depth=3)
    by_depth = [sum(1 for n in tree if tree.nodes[n]["depth"] == d) for d in range(4)]
    assert by_depth[0] == 1
    for depth in range(1, 4):
        parents = [n for n in tree if tree.nodes[n]["depth"] == depth - 1]
        assert by_depth[depth] == sum(tree.out_degree(p) for p in parents)


def test_goal_and_solution_statuses_follow_the_returned_path():
    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    trace = Trace()
    result = astar(puzzle, "manhattan", trace=trace)
    tree = search_tree(trace)
    goal = [n for n, s in tree.nodes(data="status") if s == "goal"]
    assert len(goal) == 1
    root = next(n for n in tree if tree.in_degree(n) == 0)
    path = nx.shortest_path(tree, root, goal[0])
    assert [tree.nodes[n]["state"] for n in path] == result.path
    assert all(tree.nodes[n]["status"] == "solution" for n in path[:-1])
    queued = [n for n in tree if tree.nodes[n]["status"] != "duplicate"]
    assert all(tree.nodes[n]["f"] == tree.nodes[n]["g"] + tree.nodes[n]["h"] for n in queued)


def test_simpleai_and_puzzlelab_traces_give_the_same_tree():
    problem = SlidingPuzzleProblem("1 2 3 / 0 4 6 / 7 5 8")
    viewer = TraceViewer()
    breadth_first(problem, graph_search=True, viewer=viewer)
    ours = Trace()
    bfs(problem, trace=ours)

    def edges(tree):
        return sorted((tree.nodes[a]["state"], tree.nodes[b]["state"]) for a, b in tree.edges)

    def expanded(tree):
        return sorted((d["depth"], d["state"]) for _, d in tree.nodes(data=True) if d["order"])

    theirs_tree, our_tree = search_tree(viewer.trace), search_tree(ours)
    assert edges(theirs_tree) == edges(our_tree)
    assert expanded(theirs_tree) == expanded(our_tree)


def test_idastar_tree_shows_one_iteration():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 7 8 0")
    start = puzzle.with_start(puzzle.scramble(10, seed=4))
    trace = Trace()
    result = idastar(start, "misplaced", trace=trace)
    assert len(result.stats.iterations) > 1
    first, last = search_tree(trace, iteration=0), search_tree(trace)
    assert (
        sum(1 for _, o in first.nodes(data="order") if o) == result.stats.iterations[0]["expanded"]
    )
    assert (
        sum(1 for _, o in last.nodes(data="order") if o) == result.stats.iterations[-1]["expanded"]
    )
    with pytest.raises(ValueError, match="does not exist"):
        search_tree(trace, iteration=99)


def test_cut_tree_adds_more_markers_and_draws_one_artist_per_node():
    puzzle = SlidingPuzzle(SEED_000)
    trace = Trace()
    bfs(puzzle, trace=trace, max_nodes=300)
    tree = search_tree(trace)
    small = cut_tree(tree, max_nodes=50)
    markers = [n for n, s in small.nodes(data="status") if s == "more"]
    kept = small.number_of_nodes() - len(markers)
    assert kept == 50 and markers
    assert sum(small.nodes[m]["more"] for m in markers) == tree.number_of_nodes() - kept
    ax = draw_tree(tree, ax=fresh_axes(), max_nodes=50)
    assert len(ax.tree_nodes) == small.number_of_nodes()
    boards = draw_tree(cut_tree(tree, max_nodes=10), ax=fresh_axes(), puzzle=puzzle)
    assert len(boards.tree_nodes) == cut_tree(tree, max_nodes=10).number_of_nodes()


def test_layout_puts_children_one_level_below_their_parent():
    tree = nx.balanced_tree(2, 3, create_using=nx.DiGraph)
    position = layered_layout(tree)
    for parent, child in tree.edges:
        assert position[child][1] == position[parent][1] - 1
    xs = [position[n][0] for n in tree if tree.out_degree(n) == 0]
    assert len(set(xs)) == len(xs)


# ---------------------------------------------------------------- widgets


def assert_static_fallback(widget):
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")


def test_solution_player_steps_and_is_linked_in_the_browser():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    result = bfs(puzzle)
    player = SolutionPlayer(puzzle, result)
    assert len(player.stack.children) == 3
    assert player.step(1).state() == result.path[1]
    assert player.stack.selected_index == 1
    assert player.caption() == "step 1 of 2: slide 7"
    player.next_button.click()
    assert player.value == 2 and player.state() == puzzle.goal
    player.next_button.click()
    assert player.value == 2
    linked = {(link.source[1], link.target[1]) for link in player.links}
    assert ("value", "value") in linked and ("value", "selected_index") in linked
    assert player.frames[2] == player.stack.children[2].value
    assert_static_fallback(player)


def test_solution_player_samples_long_paths_and_refuses_empty_ones():
    puzzle = SlidingPuzzle(SEED_000)
    player = SolutionPlayer(puzzle, bidirectional(puzzle), max_frames=10)
    assert len(player.frames) == 10
    assert player.step(99).state() == puzzle.goal
    with pytest.raises(ValueError, match="no path"):
        SolutionPlayer(puzzle, bfs(puzzle, max_nodes=5))


def test_play_board_slides_refuses_and_hints_optimally():
    puzzle = SlidingPuzzle(SEED_000)
    board = PlayBoard(puzzle)
    table = distance_table(puzzle)
    before = board.state
    board.click(8)
    assert board.state == before and "not next to the blank" in board.status.value
    tile = board.hint()
    board.click(tile)
    assert table[board.state] == 30 and board.moves == 1
    assert board.distance() == (30, True)
    assert_static_fallback(board)
    board.reset()
    assert board.state == puzzle.start


def test_play_board_on_the_15_puzzle_gives_a_lower_bound_and_a_hint():
    puzzle = SlidingPuzzle("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 0 14 15")
    board = PlayBoard(puzzle)
    assert board.distance() == (2, False)
    assert board.hint() == 14
    board.click(14).click(15)
    assert "Solved" in board.status.value


def test_compare_counts_are_the_searches_own():
    puzzle = SlidingPuzzle(SEED_000)
    comparison = compare(puzzle, ["bfs", "bidirectional", ("astar", "manhattan", {"weight": 2})])
    rows = {row["algorithm"]: row for row in comparison.rows}
    assert rows["bfs"]["generated"] == 181_440
    assert rows["bidirectional"]["generated"] == bidirectional(puzzle).stats.generated
    assert (
        rows["astar manhattan w=2"]["expanded"]
        == astar(puzzle, "manhattan", weight=2).stats.expanded
    )
    assert "181,440" in comparison.table_html()
    assert_static_fallback(comparison)


def test_compare_batch_reports_limits_honestly():
    eight = SlidingPuzzle(shape=(3, 3))
    batch = [eight.with_start(eight.random_state(seed)) for seed in range(3)]
    comparison = compare(batch, ["bfs"], max_nodes=50, progress=False)
    assert [row["status"] for row in comparison.rows] == ["limit"] * 3
    assert comparison.totals()["bfs"]["expanded"] == 150


def test_heuristic_lab_catches_the_blank_counted():
    puzzle = SlidingPuzzle(shape=(3, 3))

    def manhattan_with_blank(state):
        homes = [puzzle.goal.index(tile) for tile in state]
        return sum(abs(c // 3 - h // 3) + abs(c % 3 - h % 3) for c, h in enumerate(homes))

    lab = HeuristicLab(puzzle, manhattan_with_blank, boards=2)
    assert not lab.report.admissible
    state, h, distance = lab.report.overestimates[0]
    assert h > distance == distance_table(puzzle)[state]
    assert set(lab.expanded) == {
        "manhattan_with_blank",
        "misplaced",
        "manhattan",
        "linear-conflict",
    }
    assert_static_fallback(lab)
    with pytest.raises(ValueError, match="at most 10 cells"):
        HeuristicLab(SlidingPuzzle(shape=(4, 4)), manhattan_with_blank)


def test_replay_counts_and_frontier_match_the_trace_prefix():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 7 8 0")
    start = puzzle.with_start(puzzle.scramble(8, seed=9))
    trace = Trace()
    astar(start, "manhattan", trace=trace)
    replay = SearchReplay(trace, start)
    for k in (0, 7, 20, len(trace.events) - 1):
        prefix = trace.events[: k + 1]
        replay.step(k)
        assert replay.counts()["expanded"] == sum(e.kind == "expand" for e in prefix)
        assert replay.counts()["generated"] == sum(e.kind == "generate" for e in prefix)
        taken = {e.node for e in prefix if e.kind in ("expand", "goal", "discard")}
        waiting = {e.node for e in prefix if e.kind == "generate"} - taken
        rows = replay.frontier_rows()
        assert {row["node"] for row in rows} == waiting
        fs = [(row["f"], row["h"]) for row in rows]
        assert fs == sorted(fs)
    assert replay.current.kind == "goal"
    replay.prev_button.click()
    assert replay.slider.value == len(trace.events) - 2
    assert_static_fallback(replay)


def test_bidirectional_tree_marks_both_halves_of_the_path():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 7 8 0")
    start = puzzle.with_start(puzzle.scramble(6, seed=2))
    trace = Trace()
    result = bidirectional(start, trace=trace)
    tree = search_tree(trace)
    marked = {d["state"] for _, d in tree.nodes(data=True) if d["status"] in ("solution", "goal")}
    assert set(result.path) <= marked
    goals = [d for _, d in tree.nodes(data=True) if d["status"] == "goal"]
    assert {d["side"] for d in goals} == {"forward", "backward"}
    assert len({d["state"] for d in goals}) == 1
