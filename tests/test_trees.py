"""Search trees: built from puzzlelab's and simpleai's traces, cut and drawn."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot  # noqa: E402
import networkx as nx  # noqa: E402
import pytest  # noqa: E402
from simpleai.search import astar as simpleai_astar  # noqa: E402
from simpleai.search import breadth_first, iterative_limited_depth_first  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.analysis.simpleai_trace import TraceViewer  # noqa: E402
from puzzlelab.analysis.trees import (  # noqa: E402
    STATUSES,
    cut_tree,
    search_tree,
)
from puzzlelab.drawing import draw_tree, layered_layout, offscreen_figure  # noqa: E402
from puzzlelab.search import Trace, astar, bfs, bidirectional, idastar, iddfs  # noqa: E402
from puzzlelab.simpleai_problems import SlidingPuzzleProblem  # noqa: E402

HARDEST_START = "8 6 7 / 2 5 4 / 3 0 1"  # one of the 8-puzzle's two 31-move boards
GOAL = SlidingPuzzle(shape=(3, 3))


def fresh_axes():
    return offscreen_figure((8, 4)).add_subplot()


def root_of(tree):
    (root,) = [n for n in tree if tree.in_degree(n) == 0]
    return root


# ---------------------------------------------------------------- building


@pytest.mark.parametrize("graph_search", [True, False])
def test_bfs_tree_to_depth_3_has_the_nodes_its_trace_implies(graph_search):
    trace = Trace()
    bfs(SlidingPuzzle(HARDEST_START), graph_search=graph_search, max_nodes=60, trace=trace)
    tree = search_tree(trace, max_depth=3)
    implied = [e for e in trace.events if e.kind in ("generate", "duplicate") and e.depth <= 3]
    expanded_ids = {e.node for e in trace.events if e.kind == "expand"}
    assert tree.number_of_nodes() == len(implied)
    assert set(tree) == {e.node for e in implied}
    assert nx.is_arborescence(tree)
    for event in implied:
        data = tree.nodes[event.node]
        assert (data["state"], data["depth"], data["g"]) == (event.state, event.depth, event.g)
        was_expanded = event.node in expanded_ids
        expected = (
            "duplicate"
            if event.kind == "duplicate"
            else ("expanded" if was_expanded else "frontier")
        )
        assert data["status"] == expected
        if event.parent is not None:
            assert tree.edges[event.parent, event.node]["action"] == event.action
    expanded = [e.node for e in trace.events if e.kind == "expand"]
    orders = {n: o for n, o in tree.nodes(data="order") if o is not None}
    assert orders == {n: expanded.index(n) + 1 for n in orders}
    assert all(tree.nodes[n]["status"] == "expanded" for n in orders)


def test_tree_search_tries_every_path_graph_search_drops_repeats():
    tree_search = search_tree(_bfs_trace(HARDEST_START, graph_search=False), max_depth=4)
    graph_search = search_tree(_bfs_trace(HARDEST_START, graph_search=True), max_depth=4)

    def per_depth(tree, status=None):
        return [
            sum(1 for _, d in tree.nodes(data=True)
                if d["depth"] == k and (status is None or d["status"] != status))
            for k in range(5)
        ]  # fmt: skip

    # Blank in the middle of the bottom row: 3 moves, then 2 + 2 + 4 (undoing ones included).
    assert per_depth(tree_search) == [1, 3, 8, 24, 64]
    assert all(s != "duplicate" for _, s in tree_search.nodes(data="status"))
    kept = per_depth(graph_search, status="duplicate")
    assert kept[:3] == [1, 3, 5] and kept[3] < 24
    moves = SlidingPuzzle(HARDEST_START).successors
    for tree in (tree_search, graph_search):
        expanded = [d for _, d in tree.nodes(data=True) if d["order"]]
        assert all(d["successors"] == len(list(moves(d["state"]))) for d in expanded)


def _bfs_trace(board, graph_search=True, max_nodes=200):
    trace = Trace()
    bfs(SlidingPuzzle(board), graph_search=graph_search, max_nodes=max_nodes, trace=trace)
    return trace


def test_goal_and_solution_path_follow_the_result():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=3))
    trace = Trace()
    result = astar(puzzle, "manhattan", trace=trace)
    tree = search_tree(trace)
    goal = tree.graph["goal"]
    assert [n for n, s in tree.nodes(data="status") if s == "goal"] == [goal]
    path = nx.shortest_path(tree, root_of(tree), goal)
    assert [tree.nodes[n]["state"] for n in path] == result.path
    assert [tree.edges[a, b]["action"] for a, b in zip(path, path[1:])] == result.actions
    assert all(tree.nodes[n]["status"] == "solution" for n in path[:-1])
    on_path = {n for n, s in tree.nodes(data="status") if s in ("solution", "goal")}
    assert on_path == set(path)
    for _, data in tree.nodes(data=True):
        if data["h"] is not None:
            assert data["f"] == data["g"] + data["h"]


def test_bidirectional_tree_has_two_roots_and_the_whole_path_marked():
    puzzle = GOAL.with_start(GOAL.scramble(8, seed=2))
    trace = Trace()
    result = bidirectional(puzzle, trace=trace)
    tree = search_tree(trace)
    roots = [n for n in tree if tree.in_degree(n) == 0]
    assert sorted(tree.nodes[n]["side"] for n in roots) == ["backward", "forward"]
    marked = {d["state"] for _, d in tree.nodes(data=True) if d["status"] in ("solution", "goal")}
    assert set(result.path) <= marked


def test_idastar_iterations_each_give_their_own_tree_with_cutoffs():
    puzzle = GOAL.with_start(GOAL.scramble(10, seed=4))
    trace = Trace()
    result = idastar(puzzle, "misplaced", trace=trace)
    iterations = result.stats.iterations
    assert len(iterations) > 1
    for k, counts in enumerate(iterations):
        tree = search_tree(trace, iteration=k)
        assert tree.graph["bound"] == counts["bound"]
        assert sum(1 for _, o in tree.nodes(data="order") if o) == counts["expanded"]
        for _, data in tree.nodes(data=True):
            if data["status"] == "cutoff":
                assert data["f"] > counts["bound"]
            elif data["status"] == "expanded":
                assert data["f"] <= counts["bound"]
    last = search_tree(trace)
    assert last.graph["goal"] is not None
    with pytest.raises(ValueError, match="numbered 0 to"):
        search_tree(trace, iteration=len(iterations))


# ---------------------------------------------------------------- simpleai


def _shape(tree):
    """What must agree: expanded (depth, state) and parent -> child state pairs."""
    expanded = sorted((d["depth"], d["state"]) for _, d in tree.nodes(data=True) if d["order"])
    edges = sorted((tree.nodes[a]["state"], tree.nodes[b]["state"]) for a, b in tree.edges)
    statuses = sorted((d["depth"], d["state"], d["status"]) for _, d in tree.nodes(data=True))
    return expanded, edges, statuses


@pytest.mark.parametrize("board", ["1 2 3 / 0 4 6 / 7 5 8", "1 2 3 / 4 5 6 / 0 7 8",
                                   "4 1 3 / 0 2 6 / 7 5 8"])  # fmt: skip
def test_simpleai_and_puzzlelab_bfs_give_the_same_tree(board):
    problem = SlidingPuzzleProblem(board)
    viewer = TraceViewer()
    breadth_first(problem, graph_search=True, viewer=viewer)
    ours = Trace()
    bfs(problem, trace=ours)
    theirs_tree, our_tree = search_tree(viewer.trace), search_tree(ours)
    assert _shape(theirs_tree) == _shape(our_tree)
    assert viewer.trace.count("duplicate") == ours.count("duplicate") > 0


def test_simpleai_iterative_deepening_becomes_iterations():
    problem = SlidingPuzzleProblem(GOAL.scramble(3, seed=4))
    viewer = TraceViewer()
    iterative_limited_depth_first(problem, graph_search=False, viewer=viewer)
    ours = Trace()
    iddfs(problem, graph_search=False, trace=ours)
    assert viewer.trace.count("iteration") == ours.count("iteration") == 4
    for k in range(4):
        assert _shape(search_tree(viewer.trace, iteration=k)) == _shape(
            search_tree(ours, iteration=k)
        )


def test_simpleai_astar_trace_is_a_tree_with_its_goal():
    problem = SlidingPuzzleProblem(GOAL.scramble(12, seed=8), heuristic="manhattan")
    viewer = TraceViewer()
    node = simpleai_astar(problem, graph_search=True, viewer=viewer)
    tree = search_tree(viewer.trace)
    assert nx.is_arborescence(tree)
    path = nx.shortest_path(tree, root_of(tree), tree.graph["goal"])
    assert [tree.nodes[n]["state"] for n in path] == [state for _, state in node.path()]
    assert viewer.stats["visited_nodes"] == viewer.trace.count("expand") + 1


# ---------------------------------------------------------------- cutting, layout, drawing


def test_cut_tree_keeps_the_solution_path_and_counts_what_it_left_out():
    puzzle = GOAL.with_start(GOAL.scramble(12, seed=8))
    trace = Trace()
    bfs(puzzle, trace=trace)
    tree = search_tree(trace)
    small = cut_tree(tree, max_nodes=40)
    markers = [n for n, s in small.nodes(data="status") if s == "more"]
    kept = [n for n in small if n not in markers]
    assert len(kept) == 40 and markers
    assert tree.graph["goal"] in small
    assert sum(small.nodes[m]["more"] for m in markers) == tree.number_of_nodes() - len(kept)


def test_layout_is_a_tidy_tree():
    tree = nx.balanced_tree(3, 3, create_using=nx.DiGraph)
    position = layered_layout(tree)
    for node in tree:
        children = list(tree.successors(node))
        if children:
            assert position[node][0] == pytest.approx(
                (position[children[0]][0] + position[children[-1]][0]) / 2
            )
            assert all(position[c][1] == position[node][1] - 1 for c in children)
    leaves = sorted(position[n][0] for n in tree if tree.out_degree(n) == 0)
    assert leaves == [float(i) for i in range(27)]


def test_layout_of_a_deep_tree_does_not_recurse():
    assert len(layered_layout(nx.path_graph(5000, create_using=nx.DiGraph))) == 5000


def test_draw_tree_draws_one_node_per_state_and_more_markers_when_cut():
    tree = search_tree(_bfs_trace(HARDEST_START, max_nodes=300))
    ax = draw_tree(tree, ax=fresh_axes(), max_nodes=50)
    small = cut_tree(tree, max_nodes=50)
    markers = [n for n, s in small.nodes(data="status") if s == "more"]
    assert len(ax.tree_circles.get_offsets()) == len(ax.tree_circle_nodes) == 50
    assert set(ax.tree_circle_nodes) | set(markers) == set(ax.tree_nodes) == set(small)
    texts = [ax.tree_nodes[m].get_text() for m in markers]
    assert all(text.endswith("more") for text in texts)
    assert sum(int(t.split()[-2]) for t in texts) == tree.number_of_nodes() - 50


def test_draw_tree_uses_boards_for_small_trees_and_circles_for_big_ones():
    from matplotlib.offsetbox import AnnotationBbox

    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    trace = Trace()
    bfs(puzzle, trace=trace)
    tree = search_tree(trace)
    ax = draw_tree(tree, ax=fresh_axes(), puzzle=puzzle)
    boxes = [a for a in ax.artists if isinstance(a, AnnotationBbox)]
    assert len(boxes) == tree.number_of_nodes() == len(ax.tree_nodes)
    big = search_tree(_bfs_trace(HARDEST_START, max_nodes=100))
    ax = draw_tree(big, ax=fresh_axes(), puzzle=puzzle, max_nodes=100)
    assert len(ax.tree_circle_nodes) == 100 and not ax.artists
    assert ax.tree_note.startswith("100 nodes: too many for boards (at most ")
    assert ax.tree_note in [text.get_text() for text in ax.texts]  # said, not silent
    assert draw_tree(big, ax=fresh_axes(), max_nodes=100).tree_note == ""  # none asked for
    wide = search_tree(_bfs_trace(HARDEST_START, max_nodes=12))
    leaves = sum(wide.out_degree(node) == 0 for node in wide)
    assert wide.number_of_nodes() <= 60 and leaves >= 8  # few enough, but too wide for boards
    ax = draw_tree(wide, puzzle=puzzle)  # in a figure of its own, at most 10 inches wide
    assert ax.tree_note.startswith(f"{leaves} boards side by side would not fit; circles")
    matplotlib.pyplot.close(ax.figure)


def test_draw_tree_labels_and_legend():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=3))
    trace = Trace()
    astar(puzzle, "manhattan", trace=trace)
    tree = search_tree(trace)
    ax = draw_tree(tree, ax=fresh_axes(), labels="short")
    root = tree.nodes[root_of(tree)]
    assert f"0+{root['h']}={root['h']}" in [t.get_text() for t in ax.texts]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "goal" in legend and "path to the goal" in legend
    ordered = draw_tree(tree, ax=fresh_axes(), labels="order")
    assert "#1" in [t.get_text() for t in ordered.texts]
    with pytest.raises(ValueError, match="labels must be"):
        draw_tree(tree, labels="boards")


def test_every_status_has_a_colour():
    trace = Trace()
    idastar(GOAL.with_start(GOAL.scramble(10, seed=4)), "misplaced", trace=trace)
    statuses = {
        s for k in range(3) for _, s in search_tree(trace, iteration=k).nodes(data="status")
    }
    assert statuses <= set(STATUSES) and "cutoff" in statuses


def test_from_depth_keeps_the_part_below_the_solutions_node_there_and_counts_the_rest():
    puzzle = GOAL.with_start(GOAL.scramble(12, seed=8))
    trace = Trace()
    bfs(puzzle, trace=trace)
    tree = search_tree(trace)
    deep = cut_tree(tree, max_nodes=10_000, from_depth=4, max_depth=7)
    top = next(n for n in deep.successors(("more", None)))
    assert tree.nodes[top]["depth"] == 4 and tree.nodes[top]["status"] == "solution"
    kept = [n for n in deep if deep.nodes[n]["status"] != "more"]
    assert set(kept) == {top} | {
        n for n in nx.descendants(tree, top) if tree.nodes[n]["depth"] <= 7
    }
    assert deep.nodes[("more", None)] == {
        "more": len(tree) - 1 - len(nx.descendants(tree, top)),
        "status": "more",
        "depth": 3,
    }
    path = nx.shortest_path(tree, top, tree.graph["goal"])
    assert [tree.nodes[n]["depth"] for n in path if n in deep] == [4, 5, 6, 7]


def test_from_depth_with_no_goal_starts_below_the_first_node_expanded_there():
    trace = _bfs_trace(HARDEST_START, max_nodes=300)
    tree = search_tree(trace)
    deep = cut_tree(tree, from_depth=3)
    top = next(deep.successors(("more", None)))
    at_three = [n for n in tree if tree.nodes[n]["depth"] == 3 and tree.nodes[n]["order"]]
    assert top == min(at_three, key=lambda n: tree.nodes[n]["order"])


@pytest.mark.parametrize(
    ("depth", "said"),
    [(99, "from_depth=99: the tree has no node that deep (its deepest is"), (-1, "from_depth")],
)
def test_from_depth_out_of_the_tree_is_refused_in_one_line(depth, said):
    tree = search_tree(_bfs_trace(HARDEST_START, max_nodes=50))
    with pytest.raises(ValueError, match=r"^" + said.replace("(", r"\(")) as error:
        draw_tree(tree, ax=fresh_axes(), from_depth=depth)
    assert "\n" not in str(error.value)


def test_draw_tree_from_depth_draws_the_rest_as_one_marker_above():
    tree = search_tree(_bfs_trace(HARDEST_START, max_nodes=300))
    ax = draw_tree(tree, ax=fresh_axes(), from_depth=3, labels=None)
    marker = ax.tree_nodes[("more", None)]
    small = cut_tree(tree, from_depth=3)
    assert marker.get_text() == f"+{small.nodes[('more', None)]['more']}"
    top = next(n for n in ax.tree_nodes if n != ("more", None) and n in tree)
    assert tree.nodes[top]["depth"] >= 3
