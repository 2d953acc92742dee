"""Drawing puzzles, solutions and search trees with matplotlib (``drawing/NAME.py`` draws the
puzzles of ``puzzles/NAME.py``, loaded the first time one is drawn)."""

from .boards import (
    board_png,
    board_size,
    board_svg,
    draw_board,
    draw_path,
    replayed,
    step_detail,
    step_highlight,
    step_label,
)
from .domain import draw_search, draws_search, searched_states
from .figures import (
    every_kth_step,
    figure_png,
    figure_svg,
    lesson_style,
    new_axes,
    offscreen_figure,
)
from .jugs import draw_jugs, draw_state_graph
from .mastermind import draw_mastermind, draw_questions
from .pegs import draw_pegs, draw_solution
from .queens import draw_queens, draw_solutions, draw_work
from .trees import draw_tree, layered_layout

__all__ = [
    "board_png",
    "board_size",
    "board_svg",
    "draw_board",
    "draw_jugs",
    "draw_mastermind",
    "draw_path",
    "draw_pegs",
    "draw_queens",
    "draw_search",
    "draw_questions",
    "draw_solution",
    "draw_solutions",
    "draw_state_graph",
    "draw_tree",
    "draw_work",
    "draws_search",
    "every_kth_step",
    "figure_png",
    "figure_svg",
    "layered_layout",
    "lesson_style",
    "new_axes",
    "offscreen_figure",
    "replayed",
    "searched_states",
    "step_detail",
    "step_highlight",
    "step_label",
]
