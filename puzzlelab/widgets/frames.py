"""FramePlayer: pictures drawn up front, played and stepped through in the browser.

:class:`~puzzlelab.widgets.SolutionPlayer` and
:class:`~puzzlelab.widgets.BacktrackingReplay` are both a list of frames with a
caption each. This module holds what they share: the controls, the browser-side
links that make them work without a kernel, and stepping from Python.
"""

from __future__ import annotations

import ipywidgets as widgets

from .base import StaticFallback


def step_buttons(widget, back="◀ back", forward="forward ▶", width="90px"):
    """Back and forward buttons that move ``widget.step`` one slider value at a time.

    They go through the kernel (unlike Play and the slider, which are linked in
    the browser), so *widget* needs a ``slider`` and a ``step(k)`` method.
    """
    prev_button = widgets.Button(description=back, layout={"width": width})
    next_button = widgets.Button(description=forward, layout={"width": width})
    prev_button.on_click(lambda _: widget.step(widget.slider.value - 1))
    next_button.on_click(lambda _: widget.step(widget.slider.value + 1))
    return prev_button, next_button


class FramePlayer(StaticFallback, widgets.VBox):
    """Show one of *frames* at a time, with its caption, and the controls to move through them.

    Parameters
    ----------
    frames : list of bytes
        PNG pictures, one per frame.
    labels : list of str
        HTML caption of every frame.
    captions : list of str
        Plain-text caption of every frame (what :meth:`caption` returns).
    description : str
        The slider's name.
    interval : int
        Milliseconds per frame when playing (the speed slider starts there).
    back, forward : str
        The step buttons' labels.

    Attributes
    ----------
    play, slider, prev_button, next_button, speed
        The controls. Play drives the slider and the slider picks the frame, all
        in the browser (``links`` holds the ``jslink`` objects); back / forward
        go through the kernel.
    stack, labels
        ``ipywidgets.Stack`` of the pictures and of their captions.

    Examples
    --------
    >>> from puzzlelab.drawing import board_png
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 / 3 0")
    >>> frames = [board_png(puzzle, state) for state in [(1, 2, 3, 0), (1, 2, 0, 3)]]
    >>> player = FramePlayer(frames, ["<b>goal</b>", "<b>one away</b>"], ["goal", "one away"])
    >>> player.step(5).value, player.caption()
    (1, 'one away')
    """

    def __init__(self, frames, labels, captions, *, description="step", interval=600,
                 back="◀ back", forward="forward ▶"):  # fmt: skip
        if not len(frames) == len(labels) == len(captions) > 0:
            raise ValueError("a FramePlayer needs one label and one caption per frame, and frames")
        self.frames, self.captions = list(frames), list(captions)
        last = len(self.frames) - 1
        self.stack = widgets.Stack([widgets.Image(value=f, format="png") for f in self.frames])
        self.labels = widgets.Stack([widgets.HTML(label) for label in labels])
        self.stack.selected_index = self.labels.selected_index = 0
        self.play = widgets.Play(min=0, max=last, interval=interval, description="play")
        self.slider = widgets.IntSlider(min=0, max=last, description=description, readout=True)
        self.speed = widgets.IntSlider(min=50, max=2000, step=50, value=interval,
                                       description="ms / step")  # fmt: skip
        self.prev_button, self.next_button = step_buttons(self, back, forward, width="110px")
        self.links = [
            widgets.jslink((self.play, "value"), (self.slider, "value")),
            widgets.jslink((self.slider, "value"), (self.stack, "selected_index")),
            widgets.jslink((self.slider, "value"), (self.labels, "selected_index")),
            widgets.jslink((self.speed, "value"), (self.play, "interval")),
        ]
        # The same links in the kernel, so Python sees what the page shows.
        self.slider.observe(self._follow_slider, names="value")
        controls = widgets.HBox([self.play, self.prev_button, self.next_button, self.slider])
        super().__init__([self.labels, self.stack, controls, self.speed])

    def _follow_slider(self, change) -> None:
        self.stack.selected_index = self.labels.selected_index = change["new"]
        self.play.value = change["new"]

    @property
    def value(self) -> int:
        """The frame shown now (0 = the first)."""
        return self.slider.value

    def step(self, frame: int):
        """Show *frame* (clipped to the first and last); return the widget."""
        self.slider.value = max(0, min(frame, len(self.frames) - 1))
        return self

    def caption(self) -> str:
        """The caption shown now."""
        return self.captions[self.value]

    def _static_png(self) -> bytes:
        return self.frames[self.value]
