"""SolutionPlayer: step through a solution, even where no kernel runs.

Every frame is drawn once, up front, as a vector picture, and sent to the browser,
which steps and plays through them itself: a click never waits on Python, and
stepping still works in a lesson exported to HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..drawing import board_size, board_svg, sample_steps, step_detail, step_highlight, step_label
from ..results import SearchResult
from ..search.problem import Action, HeuristicChoice, State
from .frames import FramePlayer


class SolutionPlayer(FramePlayer):
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
    size : float, optional
        Board size in inches (default: :func:`~puzzlelab.drawing.board_size`, room for
        every label).
    large : bool, optional
        Bigger text and boards, for a projector (default: as
        :func:`~puzzlelab.drawing.lesson_style` set it).

    Attributes
    ----------
    pictures, captions, value
        As in :class:`~puzzlelab.widgets.frames.FramePlayer`.
    steps : list of int
        ``steps[i]`` is the path index that frame *i* shows.

    Examples
    --------
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
        path = list(solution.path if isinstance(solution, SearchResult) else solution)
        if not path:
            raise ValueError("nothing to play: the search found no path (check result.status)")
        if isinstance(solution, SearchResult):
            actions = list(solution.actions)
        else:
            actions = [None] * (len(path) - 1)
        self.puzzle, self.path = puzzle, path
        self.steps = sample_steps(len(path), max_frames)
        size = board_size(puzzle) if size is None else size
        captions = [self._caption(puzzle, path, actions, k) for k in self.steps]
        # Each frame carries its own caption, so the picture alone (exported HTML) says it all.
        pictures = [
            board_svg(puzzle, path[k], size=size, heuristic=heuristic, title=caption,
                      highlight=self._highlight(puzzle, path, actions, k))
            for k, caption in zip(self.steps, captions)
        ]  # fmt: skip
        self.details = [self._detail(puzzle, actions, k) for k in self.steps]
        labels = [f"<b>{c}</b>{d}" for c, d in zip(captions, self.details)]
        super().__init__(pictures, labels, captions, back="◀ previous", forward="next ▶",
                         large=large)  # fmt: skip

    @staticmethod
    def _caption(puzzle: object, path: list[State], actions: Sequence[Action], k: int) -> str:
        if k == 0:
            return f"start ({len(path) - 1} moves to go)"
        label = step_label(puzzle, path[k - 1], actions[k - 1], path[k])
        return f"step {k} of {len(path) - 1}: {label}"

    @staticmethod
    def _detail(puzzle: object, actions: Sequence[Action], k: int) -> str:
        """The action itself, in grey after the caption (for sliding puzzles: the blank's move)."""
        if k == 0 or actions[k - 1] is None:
            return ""
        text = escape(step_detail(puzzle, actions[k - 1]))
        return f" <span style='color:#666'>&middot; {text}</span>"

    @staticmethod
    def _highlight(
        puzzle: object, path: list[State], actions: Sequence[Action], k: int
    ) -> tuple[object, ...]:
        """What the step into frame *k* moved: a slid tile, a jumping peg's path, ..."""
        return () if k == 0 else step_highlight(puzzle, path[k - 1], actions[k - 1], path[k])

    def state(self) -> State:
        """The state shown now."""
        return self.path[self.steps[self.value]]
