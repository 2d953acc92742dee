"""HeuristicLab: is a student's heuristic admissible, consistent, and does it help?"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..distances import check_heuristic
from ..drawing import draw_board, figure_png, offscreen_figure
from ..search import astar
from .base import StaticFallback, log_scale, png_image
from .playboard import exact_distances

TABULABLE = 10  # cells: larger boards have too many states to check every one


class HeuristicLab(StaticFallback, widgets.VBox):
    """Check *heuristic* over every state of *puzzle* and compare its A* work with the built-ins.

    Parameters
    ----------
    puzzle : SlidingPuzzle
        At most 10 cells (3x3, 2x4, 2x5, ...): every state is checked exactly.
    heuristic : callable
        A function of a state, e.g. written in a notebook cell.
    boards : int
        How many seeded random boards to run A* on for the comparison.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> lab = HeuristicLab(SlidingPuzzle(shape=(2, 3)), lambda state: 0, boards=2)
    >>> lab.report.admissible, sorted(lab.expanded)[0]
    (True, 'linear-conflict')
    """

    def __init__(self, puzzle, heuristic, boards=5, max_nodes=200_000):
        if puzzle.size > TABULABLE:
            raise ValueError(
                f"a {puzzle.rows}x{puzzle.cols} board has too many states to check every one; "
                f"the heuristic lab checks boards of at most {TABULABLE} cells, such as 3x3"
            )
        self.puzzle, self.heuristic = puzzle, heuristic
        self.name = getattr(heuristic, "__name__", "your heuristic")
        if self.name == "<lambda>":
            self.name = "your heuristic"
        self.report = check_heuristic(heuristic, puzzle, exact_distances(puzzle))
        starts = [puzzle.with_start(puzzle.random_state(seed)) for seed in range(boards)]
        contenders = {self.name: heuristic, **puzzle.heuristics}
        self.expanded = {
            name: sum(astar(s, h, max_nodes=max_nodes).stats.expanded for s in starts)
            for name, h in contenders.items()
        }
        self.picture = self._draw()
        super().__init__([widgets.HTML(self._verdict_html()), png_image(self.picture)])

    def _verdict_html(self) -> str:
        r = self.report

        def mark(ok):
            return "<b style='color:#2e7d32'>yes</b>" if ok else "<b style='color:#c0392b'>no</b>"

        lines = [
            f"<h4>{escape(self.name)}</h4>",
            f"admissible (never more than the true distance): {mark(r.admissible)}<br>",
            f"consistent (drops by at most 1 per move, 0 at the goal): {mark(r.consistent)}<br>",
            f"informed: mean h / true distance = {r.mean_ratio:.2f} over {r.states:,} states",
        ]
        return "".join(lines)

    def _draw(self) -> bytes:
        figure = offscreen_figure((8.5, 3.0))
        if self.report.overestimates:
            state, h, distance = self.report.overestimates[0]
            draw_board(self.puzzle, state, figure.add_subplot(1, 2, 1),
                       title=f"overestimated: h = {h}, true distance {distance}")  # fmt: skip
        elif self.report.inconsistencies:
            state, after, h_state, h_after = self.report.inconsistencies[0]
            draw_board(self.puzzle, state, figure.add_subplot(1, 2, 1),
                       title=f"inconsistent: h = {h_state}, next board h = {h_after}")  # fmt: skip
        else:
            ax = figure.add_subplot(1, 2, 1)
            ax.text(0.5, 0.5, "no counterexample:\nadmissible and consistent",
                    ha="center", va="center", fontsize=11)  # fmt: skip
            ax.axis("off")
        ax = figure.add_subplot(1, 2, 2)
        names = list(self.expanded)
        colors = ["#c44e52"] + ["#4c72b0"] * (len(names) - 1)
        ax.barh(names, [max(self.expanded[n], 1) for n in names], color=colors)
        log_scale(ax, "x", 1)
        ax.invert_yaxis()
        ax.set_title("A*: nodes expanded on the same boards", fontsize=9)
        figure.tight_layout()
        return figure_png(figure)

    def _static_png(self) -> bytes:
        return self.picture
