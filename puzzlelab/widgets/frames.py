"""FramePlayer: pictures drawn up front, each under its caption, stepped through in the browser."""

from __future__ import annotations

from collections.abc import Sequence

from .base import picture_html
from .stepper import Pieces, Stepper

#: A frame: its caption over its picture.
TEMPLATE = '<div data-slot="0"></div><div data-slot="1"></div>'


class FramePlayer(Stepper):
    """Show one of *pictures* (SVG) at a time, with its caption, and controls to step.

    *labels* are the HTML captions, *captions* the plain ones (what :meth:`caption` returns,
    and the pictures' ``alt`` text). *description* is what a frame is called by the readout
    ("step 2 of 9"), unless *readouts* say, per frame, what it says; the others are
    :class:`Stepper`'s.

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
        description: str = "step",
        readouts: Sequence[str] = (),
        interval: int = 600,
        large: bool | None = None,
    ) -> None:
        if not len(pictures) == len(labels) == len(captions) > 0:
            raise ValueError("a FramePlayer needs pictures, and one label and one caption for each")
        self.pictures, self.captions = list(pictures), list(captions)
        pieces = Pieces()  # a picture shown in several frames is sent once
        frames = [
            [pieces.add(label), pieces.add(picture_html(picture, caption))]
            for picture, label, caption in zip(self.pictures, labels, captions)
        ]
        super().__init__(TEMPLATE, pieces, frames, readouts=readouts, interval=interval,
                         words={"description": description}, large=large)  # fmt: skip

    def caption(self) -> str:
        """The caption shown now."""
        return self.captions[self.value]
