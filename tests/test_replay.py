"""SearchReplay: each step shows what the trace says, up to that step."""

import base64
import math

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from simpleai.search import astar as simpleai_astar  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
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
from puzzlelab.simpleai_trace import TraceViewer  # noqa: E402
from puzzlelab.widgets import SearchReplay  # noqa: E402

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
    assert f"{replay.counts()['expanded']:,}</b>" in replay.header.value


def test_steps_forward_and_back_with_buttons_and_clipping():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=1))
    trace = traced(astar, puzzle, "manhattan")
    replay = SearchReplay(trace, puzzle)
    assert replay.slider.value == 0 and replay.current == trace.events[0]
    replay.next_button.click()
    replay.next_button.click()
    assert replay.current == trace.events[2]
    replay.prev_button.click()
    assert replay.current == trace.events[1]
    assert replay.step(-5).slider.value == 0
    assert replay.step(10_000).current.kind == "goal"
    assert replay.slider.max == len(trace.events) - 1
    assert "goal" in replay.header.value


def test_frontier_table_caps_its_rows():
    puzzle = GOAL.with_start(GOAL.scramble(14, seed=5))
    trace = traced(bfs, puzzle, max_nodes=40)
    replay = SearchReplay(trace, puzzle, rows_shown=12).step(len(trace.events) - 1)
    rows = replay.frontier_rows()
    assert len(rows) > 12
    assert replay.frontier.value.count("<tr>") == 1 + 12 + 1  # header, rows, "... N more"
    assert f"... {len(rows) - 12} more" in replay.frontier.value
    assert "<th" in replay.frontier.value and ">h</th>" not in replay.frontier.value


def test_informed_search_shows_f_g_h_columns():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=1))
    replay = SearchReplay(traced(astar, puzzle, "manhattan"), puzzle).step(4)
    for column in ("f", "g", "h"):
        assert f">{column}</th>" in replay.frontier.value
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
            assert "over the bound" in replay.step(k).header.value  # the widget says so
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


def test_static_fallback_is_a_png_of_the_current_step():
    puzzle = GOAL.with_start(GOAL.scramble(6, seed=1))
    replay = SearchReplay(traced(astar, puzzle, "manhattan"), puzzle).step(5)
    bundle = replay._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")
    assert bytes(replay.tree.value).startswith(b"\x89PNG")
    assert bytes(replay.board.value).startswith(b"\x89PNG")


def test_an_empty_trace_is_refused():
    with pytest.raises(ValueError, match="trace is empty"):
        SearchReplay(Trace())


def test_arguments_swapped_get_a_clear_error():
    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    trace = Trace()
    bfs(puzzle, trace=trace)
    with pytest.raises(TypeError, match=r"SearchReplay\(trace, puzzle\).*not SlidingPuzzle"):
        SearchReplay(puzzle, trace)
