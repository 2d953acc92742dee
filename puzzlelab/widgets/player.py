"""SolutionPlayer: step through a solution in the browser, even where no kernel runs."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..drawing import (
    board_size,
    board_svg,
    replayed,
    sample_steps,
    step_detail,
    step_highlight,
    step_label,
)
from ..results import SearchResult
from ..search.problem import HeuristicChoice, State
from .frames import FramePlayer


class SolutionPlayer(FramePlayer):
    """Play a path of states: play / pause, a slider, previous / next and a speed control.

    *solution* is a search result or a list of states. *heuristic*'s value is shown above
    every board; paths longer than *max_frames* are sampled (first and last kept). *size*
    is in inches (default: :func:`~puzzlelab.drawing.board_size`). With *large*, text and
    boards are bigger, for a projector. ``steps[i]`` is the path index frame *i* shows.

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
        self.steps = sample_steps(len(path), max_frames)
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
        # the readout counts moves, as the captions do: "step 3 of 9" is one number
        readouts = [f"step {k} of {len(path) - 1}" for k in self.steps]
        super().__init__(pictures, labels, captions, readouts=readouts, large=large)

    def state(self) -> State:
        """The state shown now."""
        return self.path[self.steps[self.value]]
