"""The drawing layer: boards show exactly their tiles, strips their steps, PNGs stay offscreen."""

import matplotlib

matplotlib.use("Agg")

import struct  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.drawing import (  # noqa: E402
    board_png,
    draw_board,
    draw_path,
    every_kth_step,
    figure_png,
    offscreen_figure,
    step_detail,
)
from puzzlelab.drawing.sliding import AWAY, EMPTY, HIGHLIGHT, HOME  # noqa: E402
from puzzlelab.search import astar, bfs  # noqa: E402

HARDEST_START = "8 6 7 / 2 5 4 / 3 0 1"  # one of the 8-puzzle's two 31-move boards


def fresh_axes():
    return offscreen_figure().add_subplot()


def tiles_and_labels(ax):
    """Return ``{tile number: (patch, label)}`` for a drawn sliding board."""
    patches = [p for p in ax.patches if p.get_gid() == "tile"]
    labels = [t for t in ax.texts if t.get_gid() == "label"]
    return {int(t.get_text()): (p, t) for p, t in zip(patches, labels)}


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return struct.unpack(">II", png[16:24])


# ---------------------------------------------------------------- one board


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)])
def test_one_rectangle_per_tile_none_for_the_blank(shape):
    puzzle = SlidingPuzzle(shape=shape)
    state = puzzle.random_state(seed=3)
    ax = draw_board(puzzle, state, fresh_axes())
    rectangles = [p for p in ax.patches if isinstance(p, Rectangle)]
    tiles = [p for p in rectangles if p.get_gid() == "tile"]
    assert len(tiles) == puzzle.size - 1
    assert len(rectangles) == puzzle.size  # the tiles and one frame behind them
    assert sorted(int(t.get_text()) for t in ax.texts) == list(range(1, puzzle.size))


def test_each_number_sits_centred_on_its_own_tile_in_its_cell():
    puzzle = SlidingPuzzle(HARDEST_START)
    ax = draw_board(puzzle, ax=fresh_axes())
    for tile, (patch, label) in tiles_and_labels(ax).items():
        row, col = divmod(puzzle.start.index(tile), puzzle.cols)
        x, y = label.get_position()
        assert (x, y) == (col + 0.5, puzzle.rows - 1 - row + 0.5)
        assert patch.get_x() < x < patch.get_x() + patch.get_width()
        assert patch.get_y() < y < patch.get_y() + patch.get_height()
        assert label.get_ha() == "center" and label.get_va() == "center"


def test_home_tiles_green_misplaced_sand_blank_grey():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0")
    ax = draw_board(puzzle, ax=fresh_axes())
    colour = {tile: patch.get_facecolor() for tile, (patch, _) in tiles_and_labels(ax).items()}
    home, away = matplotlib.colors.to_rgba(HOME), matplotlib.colors.to_rgba(AWAY)
    assert all(colour[t] == home for t in range(1, 7))
    assert colour[7] == colour[8] == away
    frame = next(p for p in ax.patches if p.get_gid() != "tile")
    assert frame.get_facecolor() == matplotlib.colors.to_rgba(EMPTY)


def test_highlighted_tile_is_outlined():
    puzzle = SlidingPuzzle(HARDEST_START)
    ax = draw_board(puzzle, ax=fresh_axes(), highlight=[5])
    edges = {tile: patch.get_edgecolor() for tile, (patch, _) in tiles_and_labels(ax).items()}
    assert edges[5] == matplotlib.colors.to_rgba(HIGHLIGHT)
    assert sum(edge == edges[5] for edge in edges.values()) == 1


def test_title_and_heuristic_by_name_or_function():
    puzzle = SlidingPuzzle(HARDEST_START)
    ax = draw_board(puzzle, ax=fresh_axes(), title="31 moves", heuristic="manhattan")
    assert ax.get_title() == "31 moves\nmanhattan = 21"
    ax = draw_board(puzzle, ax=fresh_axes(), heuristic=puzzle.misplaced)
    assert ax.get_title() == f"h = {puzzle.misplaced(puzzle.start)}"


def test_board_has_no_ticks_and_square_cells():
    ax = draw_board(SlidingPuzzle(shape=(2, 5)), ax=fresh_axes())
    assert not ax.axison
    assert ax.get_aspect() == 1.0


class Doubling:
    """A puzzle of a teacher's own, with no picture: reach a number by adding 1 or doubling."""

    def __init__(self, target=37):
        self.start, self.target = 1, target

    def successors(self, state):
        moves = [("+1", state + 1), ("x2", state * 2)]
        return [(action, after, 1) for action, after in moves if after <= self.target]

    def is_goal(self, state):
        return state == self.target


def test_a_puzzle_with_no_picture_is_drawn_as_text_with_one_sentence_on_how_to_register():
    ax = draw_board(Doubling(), 9, ax=fresh_axes(), title="nine")
    texts = [text.get_text() for text in ax.texts]
    assert texts == [
        "9",
        "no picture for Doubling: register one with @draw_board.register(Doubling)",
    ]
    assert ax.get_title() == "nine"


def test_a_puzzle_with_no_picture_plays_its_solution_in_the_player():
    from puzzlelab.widgets import SolutionPlayer

    puzzle = Doubling()
    player = SolutionPlayer(puzzle, bfs(puzzle))
    assert player.step(7).caption() == "step 7 of 7: +1"  # 1 2 4 8 9 18 36 37
    assert len(player.pictures) == 8 and b"register one with" in player.pictures[0]


# ---------------------------------------------------------------- other puzzles plug in


@dataclass
class Counter:
    """A toy puzzle (count from 0 up to a goal) to show draw_board is puzzle-agnostic."""

    goal: int = 3


@draw_board.register(Counter)
def _draw_counter(puzzle, state=None, ax=None, title=None, **_):
    ax.text(0.5, 0.5, str(state), gid="label")
    ax.set_title(title or "")
    return ax


def test_a_new_puzzle_registers_its_picture_and_gets_strips_and_pngs():
    figure = draw_path(Counter(), [0, 1, 2, 3], ["+1", "+1", "+1"])
    assert len(figure.axes) == 4
    assert [ax.get_title() for ax in figure.axes] == ["start", "1: +1", "2: +1", "3: +1"]
    assert board_png(Counter(), 2).startswith(b"\x89PNG")


# ---------------------------------------------------------------- solution strips


def test_strip_takes_a_search_result_as_it_is():
    # regression: draw_path(puzzle, bfs(puzzle)) failed with "not iterable" deep inside
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    result = bfs(puzzle)
    from_result = [ax.get_title() for ax in draw_path(puzzle, result).axes]
    from_lists = [ax.get_title() for ax in draw_path(puzzle, result.path, result.actions).axes]
    assert from_result == from_lists and len(from_result) == 3


def test_strip_has_one_axes_per_board_captioned_with_the_tile_moved():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    result = bfs(puzzle)
    figure = draw_path(puzzle, result.path, result.actions)
    assert len(figure.axes) == len(result.path) == 3
    moved = puzzle.tiles_moved(result.path)
    assert [ax.get_title() for ax in figure.axes] == [
        "start",
        f"1: slide {moved[0]}",
        f"2: slide {moved[1]}",
    ]
    assert figure._suptitle is None  # nothing left out, nothing to say


def test_long_strip_shows_every_kth_step_and_the_last_and_says_so():
    puzzle = SlidingPuzzle(HARDEST_START)
    result = astar(puzzle, "manhattan")  # 31 moves, 32 boards
    figure = draw_path(puzzle, result.path, result.actions, max_boards=12, columns=6)
    steps = [0 if ax.get_title() == "start" else int(ax.get_title().split(":")[0])
             for ax in figure.axes]  # fmt: skip
    assert steps == [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 31]
    assert figure._suptitle.get_text() == "31 moves: every 3rd step shown, and the last"
    last_board = tiles_and_labels(figure.axes[-1])
    assert all(label.get_text() == str(tile) for tile, (_, label) in last_board.items())


def test_strip_refuses_an_empty_path():
    with pytest.raises(ValueError, match="path is empty"):
        draw_path(SlidingPuzzle(shape=(3, 3)), [])


@pytest.mark.parametrize("count, most", [(1, 5), (2, 2), (10, 3), (32, 12), (100, 7), (200, 12)])
def test_every_kth_step_keeps_both_ends_and_stays_within_the_cap(count, most):
    shown, k = every_kth_step(count, most)
    assert shown[0] == 0 and shown[-1] == count - 1
    assert len(shown) <= max(most, 1)
    assert all(b - a == k for a, b in zip(shown, shown[1:-1]))
    if len(shown) > 1:
        assert 0 < shown[-1] - shown[-2] <= k


# ---------------------------------------------------------------- offscreen pictures


def test_pngs_are_drawn_offscreen_at_the_size_asked():
    before = plt.get_fignums()
    puzzle = SlidingPuzzle(HARDEST_START)
    small = board_png(puzzle, size=1.0, dpi=100)
    large = board_png(puzzle, size=3.0, dpi=100, heuristic="manhattan")
    assert png_size(small)[0] == 100 and png_size(large)[0] == 300
    figure = draw_path(puzzle, astar(puzzle).path)
    assert figure_png(figure).startswith(b"\x89PNG")
    assert plt.get_fignums() == before  # no pyplot figure left to pop up in a notebook


def test_reused_canvas_leaves_nothing_behind():
    puzzle = SlidingPuzzle(HARDEST_START)
    first = board_png(puzzle, puzzle.goal, size=1.7)
    board_png(puzzle, size=1.7, title="a long title\non two lines", heuristic="manhattan")
    board_png(SlidingPuzzle(shape=(4, 4)), size=1.7, highlight=[3])
    assert board_png(puzzle, puzzle.goal, size=1.7) == first


def test_step_highlight_marks_the_tile_that_slid():
    from puzzlelab.drawing import step_highlight

    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    result = bfs(puzzle)
    assert step_highlight(puzzle, result.path[0], result.actions[0], result.path[1]) == (7,)
    assert step_highlight(object(), 1, "+1", 2) == ()  # a puzzle with no hook: nothing


def test_a_step_named_by_the_tile_is_not_called_a_blank_move():
    """A class's own problem names actions by tile; the caption said "the blank moves 1"."""
    eight = SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8")
    assert step_detail(eight, "right") == "the blank moves right"
    assert step_detail(eight, 8) == "action: 8"


# ---------------------------------------------------------------- legible from the back


def traced(search, puzzle, **options):
    from puzzlelab.search import Trace

    trace = Trace()
    search(puzzle, trace=trace, **options)
    return trace


def label_boxes(ax):
    """The rendered boxes (pixels) of a drawn tree's labels."""
    renderer = ax.figure.canvas.get_renderer()
    return [label.get_window_extent(renderer) for label in ax.tree_labels]


TREES = [
    ("bfs", {"max_nodes": nodes}, labels)
    for nodes in (6, 15, 40, 90, 150)
    for labels in ("short", "order")
] + [("astar", {"heuristic": "manhattan", "max_nodes": nodes}, "short") for nodes in (10, 40, 120)]


@pytest.mark.parametrize(("search", "options", "labels"), TREES)
def test_tree_labels_never_overlap_and_are_never_small(search, options, labels):
    from puzzlelab.analysis.trees import search_tree
    from puzzlelab.drawing import draw_tree
    from puzzlelab.search import astar as a_star
    from puzzlelab.search import bfs as breadth_first

    puzzle = SlidingPuzzle(HARDEST_START)
    trace = traced({"bfs": breadth_first, "astar": a_star}[search], puzzle, **options)
    ax = draw_tree(search_tree(trace), labels=labels)
    try:
        figure = ax.figure
        assert figure.get_figwidth() <= 10.0  # shown at its own size in a notebook
        ax.figure.canvas.draw()
        boxes = sorted(label_boxes(ax), key=lambda box: box.x0)
        for box, after in zip(boxes, boxes[1:]):
            assert not box.overlaps(after), "two labels of the tree overlap"
        small = [t.get_text() for t in ax.texts if t.get_visible() and t.get_fontsize() < 9]
        assert not small, f"text under 9 points: {small[:5]}"
        legend = ax.get_legend()
        assert all(t.get_fontsize() >= 9 for t in legend.get_texts())
        if len(search_tree(trace)) <= 15:  # a small tree always has its labels
            assert len(boxes) == len(search_tree(trace))
    finally:
        plt.close(ax.figure)


def test_lesson_style_shows_figures_as_svg_with_text_large_enough():
    from legible import SMALLEST_TEXT_PIXELS, text_pixels

    from puzzlelab.analysis.trees import search_tree
    from puzzlelab.drawing import draw_tree, figure_svg

    puzzle = SlidingPuzzle(HARDEST_START)
    ax = draw_tree(search_tree(traced(astar, puzzle, heuristic="manhattan", max_nodes=6)),
                   labels="short")  # fmt: skip
    try:
        sizes = text_pixels(figure_svg(ax.figure))
        assert sizes and min(px for px, _ in sizes) >= SMALLEST_TEXT_PIXELS
        assert {"expanded", "0+21=21"} <= {text for _, text in sizes}
    finally:
        plt.close(ax.figure)


def test_questions_of_an_evaluation_without_its_game_are_titled_plainly():
    """An evaluation made by hand has no game: draw_questions failed on its title."""
    import numpy as np

    from puzzlelab.drawing import draw_questions, offscreen_figure
    from puzzlelab.solvers.mastermind import Evaluation

    run = Evaluation("by hand", "solved", questions=np.array([1, 2, 2]))
    ax = draw_questions(run, ax=offscreen_figure((6, 3)).add_subplot())
    assert ax.get_title() == "Questions per secret"
    assert [bar.get_height() for bar in ax.patches] == [1, 2]
