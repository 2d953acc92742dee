"""HeuristicLab: is a student's heuristic admissible, consistent, and does it help?"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
from tqdm.auto import tqdm

from ..analysis.distances import check_heuristic
from ..drawing import draw_board, figure_svg, offscreen_figure
from ..drawing.figures import log_scale
from ..errors import ProblemError, whole_number
from ..puzzles.sliding import SlidingPuzzle
from ..search import astar
from ..search.problem import Heuristic
from .base import StaticFallback, projector, svg_image
from .playboard import exact_distances

TABULABLE = 10  # cells: larger boards have too many states to check every one
MOST_BOARDS = 100  # random boards raced: each is an A* search per heuristic


class HeuristicLab(StaticFallback, widgets.VBox):
    """Check *heuristic* against every state's true distance (boards of at most 10 cells) and
    compare its A* work with the built-ins' on *boards* random boards: ``report``, and per
    heuristic ``expanded``, ``extra_moves`` and ``stopped`` (runs that hit *max_nodes*).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> lab = HeuristicLab(SlidingPuzzle(shape=(2, 3)), lambda state: 0, boards=2, progress=False)
    >>> lab.report.admissible, lab.extra_moves["your heuristic"]
    (True, 0)
    >>> lab.expanded["your heuristic"] > lab.expanded["manhattan"]
    True
    """

    def __init__(
        self,
        puzzle: SlidingPuzzle,
        heuristic: Heuristic | str,
        boards: int = 5,
        max_nodes: int = 200_000,
        progress: bool = True,
        large: bool | None = None,
    ) -> None:
        if not isinstance(puzzle, SlidingPuzzle):
            raise ProblemError(
                f"the heuristic lab checks heuristics of sliding puzzles, not of a "
                f"{type(puzzle).__name__}; compare(puzzle, [...]) compares searches on any puzzle"
            )
        if puzzle.size > TABULABLE:
            raise ProblemError(
                f"a {puzzle.rows}x{puzzle.cols} board has too many states to check every one; "
                f"the heuristic lab checks boards of at most {TABULABLE} cells, such as 3x3"
            )
        if whole_number(boards, "boards", least=1) > MOST_BOARDS:
            raise ProblemError(f"the heuristic lab races 1 to {MOST_BOARDS} boards, not {boards}")
        self.puzzle, self.heuristic = puzzle, heuristic
        name = heuristic if isinstance(heuristic, str) else getattr(heuristic, "__name__", "")
        self.name = name.replace("<lambda>", "") or "your heuristic"
        table = exact_distances(puzzle)
        self.report = check_heuristic(puzzle, heuristic, table)
        starts = [puzzle.with_start(puzzle.random_state(seed)) for seed in range(boards)]
        contenders = {self.name: heuristic, **puzzle.heuristics}
        self.expanded: dict[str, int] = {}
        self.extra_moves: dict[str, float] = {}
        self.stopped: dict[str, int] = {}
        quiet: dict[str, Any] = {} if progress else {"disable": True}  # TQDM_DISABLE may hide it
        runs = tqdm(total=len(contenders) * len(starts), desc="A* runs", **quiet)
        for name, h in contenders.items():
            results = [astar(start, h, max_nodes=max_nodes) for start in starts]
            runs.update(len(starts))
            self.expanded[name] = sum(r.stats.expanded for r in results)
            self.extra_moves[name] = sum(
                r.cost - table[s.start]
                for r, s in zip(results, starts)
                if r.solved and r.cost is not None
            )
            self.stopped[name] = sum(r.status == "limit" for r in results)
        runs.close()
        self.boards = boards
        self.picture = self._draw()
        super().__init__([widgets.HTML(self._verdict_html()), svg_image(self.picture)])
        projector(self, large)

    def _verdict_html(self) -> str:
        r = self.report

        def mark(ok: bool) -> str:
            return "<b style='color:#2e7d32'>yes</b>" if ok else "<b style='color:#c0392b'>no</b>"

        lines = [
            f"<h4>{escape(self.name)}</h4>",
            f"admissible (never more than the true distance): {mark(r.admissible)}<br>",
            f"consistent (drops by at most 1 per move, 0 at the goal): {mark(r.consistent)}<br>",
            f"informed: mean h / true distance = {r.mean_ratio:.2f} "
            f"(mean h {r.mean_h:.2f}, mean true distance {r.mean_distance:.2f}) "
            f"over all {r.states:,} states<br>",
        ]
        extra = self.extra_moves[self.name]
        if extra:
            lines.append(
                f"A* with it found paths <b>{extra} moves longer</b> in total than the shortest "
                f"on the {self.boards} boards below.<br>"
            )
        if self.stopped[self.name]:
            lines.append(
                f"{self.stopped[self.name]} of its A* runs hit the node limit (count marked ≥).<br>"
            )
        return "".join(lines)

    def _draw(self) -> bytes:
        figure = offscreen_figure((9.0, 3.2))
        board_ax = figure.add_axes((0.02, 0.05, 0.3, 0.8))
        if self.report.overestimates:
            state, h, distance = self.report.overestimates[0]
            title = f"worst overestimate:\nh = {h} but only {distance} moves to go"
            draw_board(self.puzzle, state, board_ax, title=title)
        elif self.report.inconsistencies:
            state, _, h_state, h_after = self.report.inconsistencies[0]
            title = f"inconsistent: h = {h_state} here,\nh = {h_after} one move later"
            draw_board(self.puzzle, state, board_ax, title=title)
        else:
            board_ax.text(0.5, 0.5, "no counterexample:\nadmissible and consistent",
                          ha="center", va="center", fontsize=12, color="#2e7d32")  # fmt: skip
            board_ax.axis("off")
        ax = figure.add_axes((0.52, 0.15, 0.44, 0.7))
        names = list(self.expanded)
        values = [max(self.expanded[n], 1) for n in names]
        colors = ["#c44e52"] + ["#4c72b0"] * (len(names) - 1)
        ax.barh(names, values, color=colors)
        log_scale(ax, "x", 1)
        ax.set_xlim(1, max(values) * 8)  # room for the numbers
        for y, (name, value) in enumerate(zip(names, values)):
            text = ("≥" if self.stopped[name] else "") + f"{value:,}"
            if self.extra_moves[name]:
                text += f"  (+{self.extra_moves[name]} moves)"
            ax.text(value * 1.15, y, text, va="center", fontsize=10.5)
        ax.invert_yaxis()
        ax.set_title(f"A*: nodes expanded on {self.boards} random boards (total)", fontsize=10.5)
        ax.tick_params(labelsize=10.5)
        return figure_svg(figure)

    def _static_svg(self) -> bytes:
        return self.picture

    def _static_html(self) -> str:
        return f"<div class='puzzlelab-verdict'>{self._verdict_html()}</div>"
