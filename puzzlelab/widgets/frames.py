"""FramePlayer: pictures drawn up front, each under its caption, stepped through in the browser."""

from __future__ import annotations

from collections.abc import Sequence

from .base import picture_html
from .stepper import Stepper

#: A frame: its caption over its picture.
TEMPLATE = '<div data-slot="0"></div><div data-slot="1"></div>'


class FramePlayer(Stepper):
    """Show one of *pictures* (SVG) at a time under its HTML caption of *labels*; *captions*
    are the plain ones (:meth:`caption`, and the pictures' ``alt``), *readouts* the slider's.

    >>> from puzzlelab.drawing import board_svg
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 / 3 0")
    >>> pictures = [board_svg(puzzle, state) for state in [(1, 2, 3, 0), (1, 2, 0, 3)]]
    >>> player = FramePlayer(pictures, ["<b>goal</b>", "<b>one away</b>"], ["goal", "one away"])
    >>> player.step(5).value, player.caption(), player.readout()
    (1, 'one away', 'step 2 of 2')
    """

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
