"""A search drawn on the puzzle's own domain, in the replay beside the frontier table: the water
jugs' state graph, a puzzle that registers its own picture, and puzzles that keep their boards."""

import matplotlib

matplotlib.use("Agg")

from puzzlelab.drawing import (  # noqa: E402
    board_svg,
    draw_search,
    draws_search,
    offscreen_figure,
    searched_states,
)
from puzzlelab.puzzles import SlidingPuzzle, WaterJugs  # noqa: E402
from puzzlelab.search import Trace, bfs, dfs  # noqa: E402
from puzzlelab.widgets import SearchReplay  # noqa: E402
from puzzlelab.widgets.base import picture_html  # noqa: E402

JUGS = WaterJugs((8, 5, 3), (8, 0, 0), (4, 4, 0))


def test_breadth_first_search_of_the_jugs_frame_by_frame():
    trace = Trace()
    bfs(JUGS, trace=trace)
    seen = searched_states(trace.events)
    kinds = [event.kind for event in trace.events[:4]]
    assert kinds == ["generate", "expand", "generate", "generate"]
    assert seen[0] == {"expanded": [], "frontier": [(8, 0, 0)], "current": (8, 0, 0)}
    assert seen[3] == {
        "expanded": [(8, 0, 0)],
        "frontier": [(3, 5, 0), (5, 0, 3)],
        "current": (5, 0, 3),
    }
    # Breadth-first: the states come off the frontier in the order they went in.
    expanded = seen[-1]["expanded"]
    generated = [e.state for e in trace.events if e.kind == "generate"]
    assert expanded == generated[: len(expanded)]


def test_depth_first_search_takes_the_newest_state_first():
    trace = Trace()
    dfs(JUGS, trace=trace)
    seen = searched_states(trace.events)
    second = [k for k, e in enumerate(trace.events) if e.kind == "expand"][1]
    assert seen[second]["expanded"] == [(8, 0, 0), (5, 0, 3)]  # the last generated


def test_the_replay_of_the_jugs_shows_the_state_graph_marked():
    trace = Trace()
    bfs(JUGS, trace=trace)
    replay = SearchReplay(trace, JUGS, max_events=12)
    assert replay.step(3).searched()["frontier"] == [(3, 5, 0), (5, 0, 3)]
    assert "the search after event 4" in replay.frame_html()
    assert "frontier" in replay.frame_html() and "expanded first" in replay.frame_html()
    ax = draw_search(JUGS, **replay.searched(), ax=offscreen_figure((6, 4)).add_subplot())
    assert ax.search_marks[(8, 0, 0)] == "expanded 1"
    assert ax.search_marks[(5, 0, 3)] == "frontier, current"
    assert ax.search_marks[(3, 5, 0)] == "frontier"
    assert sum(1 for mark in ax.search_marks.values() if mark) == 3
    assert draws_search(JUGS)


def test_a_puzzle_without_a_picture_of_its_domain_keeps_its_boards():
    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    trace = Trace()
    bfs(puzzle, trace=trace)
    replay = SearchReplay(trace, puzzle)
    assert not draws_search(puzzle)
    state = trace.events[0].state
    board = picture_html(board_svg(puzzle, state, size=1.8), alt=str(state))
    assert replay.pieces[replay.frames[0][1]] == board
    assert "the search after" not in replay.frame_html()
    assert replay.searched(1)["expanded"] == [state]  # the plain data is there all the same
    ax = draw_search(puzzle, [state], [], state, ax=offscreen_figure().add_subplot())
    assert len(ax.texts) == 8  # the board of the current state: its eight tiles


def test_a_picture_of_the_domain_registered_from_a_notebook_is_used():
    class Line:
        """Walk from 0 to 3, one step at a time."""

        start = 0

        def successors(self, state):
            return [(f"to {s}", s, 1) for s in (state - 1, state + 1) if 0 <= s <= 3]

        def is_goal(self, state):
            return state == 3

    @draw_search.register(Line)
    def _(puzzle, expanded, frontier, current=None, ax=None, **options):
        ax.set_title(f"expanded {expanded}, waiting {sorted(frontier)}, at {current}")
        return ax

    trace = Trace()
    bfs(Line(), trace=trace)
    replay = SearchReplay(trace, Line())
    assert draws_search(Line())
    assert replay.searched(3) == {"expanded": [0, 1], "frontier": [], "current": 1}
    assert "the search after event 4" in replay.step(3).frame_html()
