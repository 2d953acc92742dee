"""SearchReplay: each step shows what the trace says, up to that step."""

import math
import re

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from simpleai.search import astar as simpleai_astar  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.analysis.simpleai_trace import TraceViewer  # noqa: E402
from puzzlelab.drawing import board_svg  # noqa: E402
from puzzlelab.drawing.trees import STATUS_LETTERS  # noqa: E402
from puzzlelab.search import (  # noqa: E402
    Trace,
    astar,
    bfs,
    dfs,
    frontier_rows,
    greedy,
    idastar,
    snapshot_counts,
    snapshots,
)
from puzzlelab.simpleai_problems import SlidingPuzzleProblem  # noqa: E402
from puzzlelab.widgets import SearchReplay  # noqa: E402
from puzzlelab.widgets.base import picture_html  # noqa: E402

GOAL = SlidingPuzzle(shape=(3, 3))
LEAVE = ("expand", "goal", "discard")


def traced(search, puzzle, *args, **kwargs):
    trace = Trace()
    search(puzzle, *args, trace=trace, **kwargs)
    return trace


def expected_frontier(events, k):
    """The frontier after event k, worked out from the trace prefix, in the order it is taken."""
    prefix = events[: k + 1]
    waiting = {}
    for index, event in enumerate(prefix):
        if event.kind == "generate":
            waiting[event.node] = index
        elif event.kind in LEAVE:
            waiting.pop(event.node, None)

    def leaves(node):
        born = waiting[node]
        later = (i for i, e in enumerate(events) if i > born and e.node == node and e.kind in LEAVE)
        return next(later, math.inf)

    return sorted(waiting, key=lambda node: (leaves(node), node))


@pytest.mark.parametrize(
    "search, args",
    [(astar, ("manhattan",)), (greedy, ("misplaced",)), (bfs, ()), (dfs, ())],
    ids=["astar", "greedy", "bfs", "dfs"],
)
def test_counts_and_frontier_match_the_trace_prefix(search, args):
    puzzle = GOAL.with_start(GOAL.scramble(8, seed=9))
    trace = traced(search, puzzle, *args, max_nodes=60)
    events = trace.events
    after = snapshots(events)  # plain data: no picture is drawn
    for k in range(0, len(events), 7):
        prefix = events[: k + 1]
        counts = snapshot_counts(after[k])
        assert counts["expanded"] == sum(e.kind == "expand" for e in prefix)
        assert counts["generated"] == sum(e.kind == "generate" for e in prefix)
        assert counts["duplicates"] == sum(e.kind == "duplicate" for e in prefix)
        rows = frontier_rows(after[k])
        waiting = expected_frontier(events, k)
        assert counts["frontier"] == len(rows) == len(waiting)
        popped = [n for n in waiting if any(e.node == n and e.kind in LEAVE for e in events[k:])]
        assert [row["node"] for row in rows][: len(popped)] == popped
        if search is astar:
            fh = [(row["f"], row["h"]) for row in rows]
            assert fh == sorted(fh)


def test_the_first_row_is_the_node_taken_next():
    puzzle = GOAL.with_start(GOAL.scramble(10, seed=2))
    trace = traced(greedy, puzzle, "manhattan")
    after = snapshots(trace.events)
    for k, event in enumerate(trace.events[:-1]):
        nxt = trace.events[k + 1]
        if nxt.kind in LEAVE and event.kind != "iteration":
            assert frontier_rows(after[k])[0]["node"] == nxt.node


def test_the_widget_shows_the_snapshots_counts_and_frontier():
    puzzle = GOAL.with_start(GOAL.scramble(8, seed=9))
    trace = traced(astar, puzzle, "manhattan", max_nodes=30)
    replay = SearchReplay(trace, puzzle)
    k = len(trace.events) // 2
    assert replay.step(k).counts() == snapshot_counts(snapshots(trace.events)[k])
    assert replay.frontier_rows() == frontier_rows(snapshots(trace.events)[k])
    assert f"{replay.counts()['expanded']:,}</b>" in replay.header_html(k)
    assert replay.header_html(k) in replay.frame_html()


def test_steps_forward_and_back_with_clipping():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=1))
    trace = traced(astar, puzzle, "manhattan")
    replay = SearchReplay(trace, puzzle)
    assert replay.value == 0 and replay.current == trace.events[0]
    assert replay.step(2).current == trace.events[2]
    assert replay.step(-5).value == 0
    assert replay.step(10_000).current.kind == "goal"
    assert len(replay.frames) == len(trace.events)
    assert "goal" in replay.frame_html()


def test_every_step_is_sent_once_boards_and_trees_shared():
    puzzle = GOAL.with_start(GOAL.scramble(10, seed=2))
    trace = traced(astar, puzzle, "manhattan")
    replay = SearchReplay(trace, puzzle)
    states = {event.state for event in replay.events}
    boards = [piece for piece in replay.pieces if piece.startswith("<img")]
    trees = [piece for piece in replay.pieces if piece.startswith("<svg")]
    assert len(boards) == len(states) and len(trees) == 1  # one iteration: one tree
    assert len(replay.marks) == len(replay.frames)


def test_the_tree_marks_say_each_nodes_status_and_ring_the_current_one():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=1))
    trace = traced(bfs, puzzle)
    replay = SearchReplay(trace, puzzle)
    tree, _ = replay._tree_of(0)
    nodes = list(tree)
    after = snapshots(replay.events)
    for k in (0, 3, len(replay.events) - 1):
        marks, status = replay.marks[k], after[k]["status"]
        assert len(marks) == len(nodes)
        for node, letter in zip(nodes, marks):
            if node not in status:
                assert letter == "-"
            else:
                assert letter.lower() == STATUS_LETTERS[status[node]]
                assert letter.isupper() == (node == replay.events[k].node)
    page = replay.step(3).frame_html()
    marked = re.findall(r'data-mark="\d+" data-state="(.)"', page)
    assert "".join(marked).count("-") < len(marked) == 2 * len(nodes) - 1  # each node and edge


def test_frontier_table_caps_its_rows():
    puzzle = GOAL.with_start(GOAL.scramble(14, seed=5))
    trace = traced(bfs, puzzle, max_nodes=40)
    replay = SearchReplay(trace, puzzle).step(len(trace.events) - 1)
    rows = replay.frontier_rows()
    assert len(rows) > 12
    table = replay.frontier_html(replay.value)
    assert table.count("<tr>") == 1 + 12 + 1  # header, rows, "... N more"
    assert f"... {len(rows) - 12} more" in table
    assert "<th" in table and ">h</th>" not in table


def test_informed_search_shows_f_g_h_columns():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=1))
    replay = SearchReplay(traced(astar, puzzle, "manhattan"), puzzle).step(4)
    for column in ("f", "g", "h"):
        assert f">{column}</th>" in replay.frontier_html(4)
    row = replay.frontier_rows()[0]
    assert row["f"] == row["g"] + row["h"]


def test_idastar_nodes_over_the_bound_are_cut_off_not_waiting():
    puzzle = GOAL.with_start(GOAL.scramble(10, seed=4))
    trace = traced(idastar, puzzle, "misplaced")
    replay = SearchReplay(trace, puzzle, max_events=150)
    assert trace.count("iteration") > 2 and replay.events[-1].kind != "goal"
    bound, after, shown = None, snapshots(replay.events), 0
    for k, event in enumerate(replay.events):
        if event.kind == "iteration":
            bound = event.bound
        rows = frontier_rows(after[k])
        if bound is None:  # the root, before the first iteration
            continue
        assert all(row["f"] <= bound for row in rows)
        assert len(rows) <= 1  # IDA* expands each node it keeps at once: no real frontier
        if event.kind == "generate" and event.g + event.h > bound and shown < 5:
            assert "over the bound" in replay.step(k).frame_html()  # the widget says so
            shown += 1
    assert shown == 5


def test_simpleai_traces_replay_too():
    problem = SlidingPuzzleProblem(GOAL.scramble(10, seed=6), heuristic="manhattan")
    viewer = TraceViewer()
    simpleai_astar(problem, graph_search=True, viewer=viewer)
    replay = SearchReplay(viewer.trace)
    events = replay.events
    for k in range(0, len(events), 5):
        rows = replay.step(k).frontier_rows()
        waiting = expected_frontier(events, k)
        popped = [n for n in waiting if any(e.node == n and e.kind in LEAVE for e in events[k:])]
        assert len(rows) == len(waiting)
        assert [row["node"] for row in rows][: len(popped)] == popped
    assert replay.step(len(events) - 1).current.kind == "goal"


def test_pages_without_widgets_get_the_replay_with_the_current_step():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=1))
    replay = SearchReplay(traced(astar, puzzle, "manhattan"), puzzle).step(5)
    bundle = replay._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert replay.frame_html() in bundle["text/html"] and "renderStepper(" in bundle["text/html"]
    assert (
        picture_html(board_svg(puzzle, replay.current.state, size=1.8), str(replay.current.state))
        in bundle["text/html"]
    )


def test_an_empty_trace_is_refused():
    with pytest.raises(ValueError, match="trace is empty"):
        SearchReplay(Trace())


def test_arguments_swapped_get_a_clear_error():
    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    trace = Trace()
    bfs(puzzle, trace=trace)
    with pytest.raises(TypeError, match=r"SearchReplay\(trace, puzzle\).*not SlidingPuzzle"):
        SearchReplay(puzzle, trace)


def test_a_weighted_a_star_replay_says_the_same_f_in_its_header_and_its_table():
    board = SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")
    trace = Trace()
    astar(board, "manhattan", weight=2, trace=trace)
    replay = SearchReplay(trace, board)
    k = next(k for k, event in enumerate(replay.events) if event.kind == "expand" and event.g)
    event, header = replay.events[k], replay.header_html(k)
    assert f"f = g + w * h = {event.g + 2 * event.h:g}" in header
    row = next(row for row in replay.frontier_rows(k - 1) if row["node"] == event.node)
    assert row["f"] == event.g + 2 * event.h
