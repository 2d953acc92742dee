"""FramePlayer: pictures drawn up front, played and stepped through in the browser.

:class:`~puzzlelab.widgets.SolutionPlayer` and
:class:`~puzzlelab.widgets.BacktrackingReplay` are both a list of frames with a
caption each. This module holds what they share: the controls, the browser-side
links that make them work without a kernel, stepping from Python, and a plain
HTML stepper (:func:`stepper_html`) for pages that have no widgets at all.
"""

from __future__ import annotations

import base64
import itertools
import json
import uuid
from html import escape

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

    Notes
    -----
    Displayed, it also offers ``text/html``: every frame and caption with back /
    forward buttons and a slider in plain JavaScript (:func:`stepper_html`), which
    a page with no widgets (exported HTML, a lesson site) shows instead.

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

    def _repr_mimebundle_(self, **kwargs):
        """The widget view, a PNG of the frame shown now, and an HTML stepper through them all."""
        bundle = super()._repr_mimebundle_(**kwargs)
        html_labels = [label.value for label in self.labels.children]
        bundle["text/html"] = stepper_html(
            self.frames, html_labels, self.captions, start=self.value,
            back=self.prev_button.description, forward=self.next_button.description,
        )  # fmt: skip
        return bundle


# ---------------------------------------------------------------- the HTML stepper

#: Counts steppers made in this process; with a random part, every id on a page is its own.
_STEPPERS = itertools.count(1)

#: Shows one frame of the stepper whose id replaces ``STEPPER_ID`` and wires the buttons
#: and the slider. Plain JavaScript, nothing loaded: it runs in exported HTML, offline.
#: Without JavaScript the page shows the frame that was current when the widget was
#: displayed, and no controls.
STEPPER_SCRIPT = """(function () {
  var root = document.getElementById(STEPPER_ID);
  if (!root) return;
  var frames = root.querySelectorAll(".puzzlelab-stepper-frame");
  var controls = root.querySelector(".puzzlelab-stepper-controls");
  var slider = controls.querySelector("input");
  var readout = controls.querySelector("output");
  function show(k) {
    k = Math.max(0, Math.min(frames.length - 1, k));
    for (var i = 0; i < frames.length; i++) frames[i].style.display = i === k ? "" : "none";
    slider.value = k;
    readout.textContent = k + " / " + (frames.length - 1);
  }
  controls.querySelector(".puzzlelab-stepper-back").onclick = function () {
    show(Number(slider.value) - 1);
  };
  controls.querySelector(".puzzlelab-stepper-forward").onclick = function () {
    show(Number(slider.value) + 1);
  };
  slider.oninput = function () { show(Number(slider.value)); };
  controls.style.display = "";
  show(Number(slider.value));
})();"""


def stepper_html(frames, labels, captions, *, start=0, back="◀ back", forward="forward ▶"):
    """Return self-contained HTML that steps through PNG *frames* with back / forward and a slider.

    Every frame is an ``<img>`` with its data in the page (``data:image/png;base64``),
    shown at its own size at most, under its HTML caption from *labels*; *captions*
    (plain text) are the pictures' ``alt`` text. Frame *start* is shown first, and is
    all a page without JavaScript shows. Every call gets new element ids, so several
    steppers live on one page.

    Examples
    --------
    >>> html = stepper_html([b"one", b"two"], ["<b>1</b>", "<b>2</b>"], ["1", "2"])
    >>> html.count("<img "), html.count("<script>")
    (2, 1)
    """
    ident = f"puzzlelab-stepper-{next(_STEPPERS)}-{uuid.uuid4().hex[:8]}"
    shown = max(0, min(start, len(frames) - 1))
    pictures = "".join(
        _stepper_frame(png, label, caption, hidden=k != shown)
        for k, (png, label, caption) in enumerate(zip(frames, labels, captions))
    )
    controls = (
        '<div class="puzzlelab-stepper-controls" style="display:none;margin-top:4px">'
        f'<button type="button" class="puzzlelab-stepper-back">{escape(back)}</button> '
        f'<button type="button" class="puzzlelab-stepper-forward">{escape(forward)}</button> '
        f'<input type="range" min="0" max="{len(frames) - 1}" value="{shown}" '
        'aria-label="frame" style="vertical-align:middle"> '
        f"<output>{shown} / {len(frames) - 1}</output></div>"
    )
    script = STEPPER_SCRIPT.replace("STEPPER_ID", json.dumps(ident))
    return (
        f'<div class="puzzlelab-stepper" id="{ident}">{pictures}{controls}</div>'
        f"<script>{script}</script>"
    )


def _stepper_frame(png: bytes, label: str, caption: str, hidden: bool) -> str:
    data = base64.b64encode(png).decode("ascii")
    style = ' style="display:none"' if hidden else ""
    return (
        f'<div class="puzzlelab-stepper-frame"{style}><div>{label}</div>'
        f'<img src="data:image/png;base64,{data}" alt="{escape(caption)}" '
        'style="max-width:100%;height:auto"></div>'
    )
