"""FramePlayer and SolutionPlayer: pictures drawn up front (a solution's boards), each under
its caption, stepped through in the browser, even where no kernel runs."""

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
from ..errors import ProblemError, finite_number, whole_number
from ..results import SearchResult
from ..search.problem import HeuristicChoice, State
from .base import picture_html
from .stepper import Stepper

__all__ = ["SolutionPlayer"]

TEMPLATE = '<div data-slot="0"></div><div data-slot="1"></div>'


class FramePlayer(Stepper):
    """Show one of *pictures* (SVG) at a time under its HTML label; *captions* are the plain ones
    (:meth:`caption`, and the pictures' ``alt``)."""

    def __init__(
        self,
        pictures: Sequence[bytes],
        labels: Sequence[str],
        captions: Sequence[str],
        *,
        readouts: Sequence[str] = (),
        interval: int = 600,
        large: bool | None = None,
    ) -> None:
        if not len(pictures) == len(labels) == len(captions) > 0:
            raise ValueError("a FramePlayer needs pictures, and one label and one caption for each")
        self.pictures, self.captions = list(pictures), list(captions)
        frames = [
            [label, picture_html(picture, caption)]
            for picture, label, caption in zip(self.pictures, labels, captions)
        ]
        super().__init__(TEMPLATE, frames, readouts=readouts, interval=interval, large=large)

    def caption(self) -> str:
        """The caption shown now."""
        return self.captions[self.value]


#: The widest board a player draws, in inches (a projector's picture is about 13 across).
MOST_INCHES = 40


class SolutionPlayer(FramePlayer):
    """Play a solution (a search result or states), *heuristic*'s value over every board;
    over *max_frames*, sampled (``steps[i]`` is the path index frame *i* shows).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> player = SolutionPlayer(puzzle, bfs(puzzle))
    >>> player.step(2).caption()
    'step 2 of 2: slide 8'
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
        max_frames = whole_number(max_frames, "max_frames (the start and the goal at least)", 2)
        self.steps = every_kth_step(len(path), max_frames)[0]
        if size is None:
            size = board_size(puzzle)
        elif finite_number(size, "size (inches across a board)", above=0) > MOST_INCHES:
            raise ProblemError(f"a board {size:g} inches across is too big to draw; at most "
                               f"{MOST_INCHES}")  # fmt: skip
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
        readouts = [f"step {k} of {len(path) - 1}" for k in self.steps]
        super().__init__(pictures, labels, captions, readouts=readouts, large=large)

    def state(self) -> State:
        """The state shown now."""
        return self.path[self.steps[self.value]]
