"""SolutionPlayer: step through a solution in the browser, even where no kernel runs."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..drawing import (
    board_size,
    board_svg,
    every_kth_step,
    replayed,
    step_detail,
    step_highlight,
    step_label,
)
from ..results import SearchResult
from ..search.problem import HeuristicChoice, State
from .frames import FramePlayer


class SolutionPlayer(FramePlayer):
    """Play a solution (a search result or states): play / pause, a slider, previous / next.

    *heuristic*'s value is shown over every board; over *max_frames*, the path is sampled
    (``steps[i]`` is the path index frame *i* shows). *size* is in inches.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> player = SolutionPlayer(puzzle, bfs(puzzle))
    >>> player.step(2).caption(), player.readout()
    ('step 2 of 2: slide 8', 'step 2 of 2')
    """

    def __init__(
        self,
        puzzle: object,
        solution: SearchResult | Sequence[State],
        heuristic: HeuristicChoice = None,
        max_frames: int = 200,
        size: float | None = None,
        large: bool | None = None,
    ) -> None:
        path, actions = replayed(puzzle, solution)
        self.puzzle, self.path = puzzle, path
        self.steps = every_kth_step(len(path), max_frames)[0]
        size = board_size(puzzle) if size is None else size
        captions, labels, pictures = [], [], []
        for k in self.steps:
            caption, detail = f"start ({len(path) - 1} moves to go)", ""
            highlight: tuple[object, ...] = ()
            if k:
                before, action, after = path[k - 1], actions[k - 1], path[k]
                label = step_label(puzzle, before, action, after)
                caption = f"step {k} of {len(path) - 1}: {label}"
                highlight = step_highlight(puzzle, before, action, after)
                if action is not None:
                    text = escape(step_detail(puzzle, action))
                    detail = f" <span style='color:#666'>&middot; {text}</span>"
            captions.append(caption)
            labels.append(f"<b>{caption}</b>{detail}")
            pictures.append(board_svg(puzzle, path[k], size=size, heuristic=heuristic,
                                      title=caption, highlight=highlight))  # fmt: skip
        # the readout counts moves, as the captions do
        readouts = [f"step {k} of {len(path) - 1}" for k in self.steps]
        super().__init__(pictures, labels, captions, readouts=readouts, large=large)

    def state(self) -> State:
        """The state shown now."""
        return self.path[self.steps[self.value]]
