"""Drawing puzzles, solutions and search trees with matplotlib.

``draw_board(puzzle, state)`` draws any puzzle that has registered a picture; it loads
``drawing/NAME.py`` the first time it meets a puzzle from ``puzzles/NAME.py``.
"""

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
    new_axes,
    offscreen_figure,
)
from .jugs import draw_jugs, draw_state_graph
from .mastermind import draw_mastermind, draw_questions
from .pegs import draw_pegs, draw_solution
from .queens import draw_queens, draw_solutions, draw_work
from .style import lesson_style
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
