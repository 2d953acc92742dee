"""SolutionPlayer: step through a solution, even where no kernel runs.

Every frame is drawn once, up front. Play, the slider and the pictures are linked
in the browser (``jslink``), so stepping and playing work in exported HTML with
saved widget state and never wait on Python.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..drawing import board_png, sample_steps, step_highlight, step_label
from .base import StaticFallback


class SolutionPlayer(StaticFallback, widgets.VBox):
    """Play a path of states: play / pause, a slider, previous / next and a speed control.

    Parameters
    ----------
    puzzle
        Any puzzle with a registered board picture.
    solution : SearchResult or list of states
        What to play.
    heuristic : callable or str, optional
        Show its value above every board.
    max_frames : int
        Very long paths are sampled down to this many frames (first and last kept).
    size : float
        Board size in inches.

    Attributes
    ----------
    play, slider, prev_button, next_button, speed
        The controls. Play drives the slider and the slider picks the frame, all
        in the browser (``links`` holds the ``jslink`` objects); previous / next
        go through the kernel.
    stack, labels
        ``ipywidgets.Stack`` of the pre-drawn board pictures and of their captions.
    frames : list of bytes
        The PNG of every frame; ``steps[i]`` is the path index frame *i* shows.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> player = SolutionPlayer(puzzle, bfs(puzzle))
    >>> player.step(2).caption()
    'step 2 of 2: slide 8'
    """

    def __init__(self, puzzle, solution, heuristic=None, max_frames=200, size=2.2):
        path = list(getattr(solution, "path", solution))
        if not path:
            raise ValueError("nothing to play: the search found no path (check result.status)")
        actions = list(getattr(solution, "actions", [None] * (len(path) - 1)))
        self.puzzle, self.path = puzzle, path
        self.steps = sample_steps(len(path), max_frames)
        self.captions = [self._caption(puzzle, path, actions, k) for k in self.steps]
        # Each frame carries its own caption, so the picture alone (exported HTML) says it all.
        self.frames = [
            board_png(puzzle, path[k], size=size, heuristic=heuristic, title=caption,
                      highlight=self._highlight(puzzle, path, actions, k))
            for k, caption in zip(self.steps, self.captions)
        ]  # fmt: skip
        last = len(self.steps) - 1
        self.stack = widgets.Stack([widgets.Image(value=f, format="png") for f in self.frames])
        self.details = [self._detail(puzzle, actions, k) for k in self.steps]
        self.labels = widgets.Stack(
            [widgets.HTML(f"<b>{c}</b>{d}") for c, d in zip(self.captions, self.details)]
        )
        self.stack.selected_index = self.labels.selected_index = 0
        self.play = widgets.Play(min=0, max=last, interval=600, description="play")
        self.slider = widgets.IntSlider(min=0, max=last, description="step", readout=True)
        self.speed = widgets.IntSlider(min=100, max=2000, step=100, value=600,
                                       description="ms / step")  # fmt: skip
        self.prev_button = widgets.Button(description="◀ previous", layout={"width": "110px"})
        self.next_button = widgets.Button(description="next ▶", layout={"width": "110px"})
        self.prev_button.on_click(lambda _: self.step(self.slider.value - 1))
        self.next_button.on_click(lambda _: self.step(self.slider.value + 1))
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
        self.add_class("puzzlelab-player")

    @staticmethod
    def _caption(puzzle, path, actions, k) -> str:
        if k == 0:
            return f"start ({len(path) - 1} moves to go)"
        label = step_label(puzzle, path[k - 1], actions[k - 1], path[k])
        return f"step {k} of {len(path) - 1}: {label}"

    @staticmethod
    def _detail(puzzle, actions, k) -> str:
        """The action itself, in grey after the caption (for sliding puzzles: the blank's move)."""
        if k == 0 or actions[k - 1] is None:
            return ""
        action = escape(str(actions[k - 1]))
        text = (
            f"the blank moves {action}" if hasattr(puzzle, "tiles_moved") else f"action: {action}"
        )
        return f" <span style='color:#666'>&middot; {text}</span>"

    @staticmethod
    def _highlight(puzzle, path, actions, k):
        """What the step into frame *k* moved: a slid tile, a jumping peg's path, ..."""
        return () if k == 0 else step_highlight(puzzle, path[k - 1], actions[k - 1], path[k])

    def _follow_slider(self, change) -> None:
        self.stack.selected_index = self.labels.selected_index = change["new"]
        self.play.value = change["new"]

    @property
    def value(self) -> int:
        """The frame shown now (0 = start)."""
        return self.slider.value

    def step(self, frame: int) -> SolutionPlayer:
        """Show *frame* (clipped to the first and last); return the player."""
        self.slider.value = max(0, min(frame, len(self.steps) - 1))
        return self

    def state(self):
        """The state shown now."""
        return self.path[self.steps[self.value]]

    def caption(self) -> str:
        """The caption shown now."""
        return self.captions[self.value]

    def _static_png(self) -> bytes:
        return self.frames[self.value]
