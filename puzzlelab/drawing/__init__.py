"""Drawing puzzles and solutions with matplotlib.

``draw_board(puzzle, state)`` draws any puzzle that has registered a picture;
``draw_path`` draws a solution as a strip of boards; ``draw_tree`` draws a search
tree; ``board_png`` renders one board offscreen for widgets and search trees.
"""

from . import sliding  # noqa: F401  (registers the sliding-puzzle picture)
from .boards import (
    board_png,
    draw_board,
    draw_path,
    every_kth_step,
    figure_png,
    new_axes,
    offscreen_figure,
    sample_steps,
    step_detail,
    step_highlight,
    step_label,
)
from .jugs import draw_jugs, draw_state_graph  # noqa: F401  (registers the water-jug picture)
from .mastermind import draw_mastermind, draw_questions  # noqa: F401  (registers Mastermind)
from .pegs import draw_pegs, draw_solution  # noqa: F401  (registers peg solitaire)
from .queens import draw_queens  # noqa: F401  (registers the N-queens picture)
from .trees import draw_tree, layered_layout

__all__ = [
    "board_png",
    "draw_board",
    "draw_path",
    "draw_tree",
    "every_kth_step",
    "figure_png",
    "layered_layout",
    "new_axes",
    "offscreen_figure",
    "sample_steps",
    "step_detail",
    "step_highlight",
    "step_label",
]
