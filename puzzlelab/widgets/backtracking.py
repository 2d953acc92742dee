"""BacktrackingReplay: step through an N-queens backtracking trace, even where no kernel runs."""

from __future__ import annotations

from collections.abc import Iterable

from ..drawing import board_svg
from ..errors import whole_number
from ..puzzles.queens import Placement, QueensPuzzle, check_size
from ..solvers.queens import TraceStep, backtracking, replay
from .player import FramePlayer

#: The most queens the widget's own backtracking places: it keeps every step.
MAX_PLACED = 20_000


class BacktrackingReplay(FramePlayer):
    """Replay backtracking on *n* queens, one placement or retreat per frame, at most
    *max_frames*. Without a *trace* (``backtracking(n, trace=...)``) it runs its own.

    >>> replay = BacktrackingReplay(4, first_only=True)
    >>> replay.step(3).caption()
    'step 3 of 12: retreat row 1 col 2'
    >>> replay.step(12).placement(), replay.current().solutions
    ((1, 3, 0, 2), 1)
    """

    def __init__(
        self,
        n: int = 6,
        trace: Iterable[tuple[str, int, int]] | None = None,
        first_only: bool = True,
        max_frames: int = 150,
        large: bool | None = None,
    ) -> None:
        self.n = check_size(n)
        self.stopped = ""  # why the widget's own search stopped early, if it did
        if trace is None:
            trace = []
            result = backtracking(self.n, first_only=first_only, trace=trace, max_nodes=MAX_PLACED)
            if result.status in ("limit", "interrupted"):
                self.stopped = f"backtracking stopped here: {result.reason}"
        max_frames = whole_number(max_frames, "max_frames", least=1)
        self.trace = list(trace)
        self.steps = replay(self.trace, self.n)
        shown = range(min(len(self.steps), max_frames))
        self.last_shown = shown[-1]
        puzzle = QueensPuzzle(self.n)
        pictures = [
            board_svg(puzzle, self.steps[k].placement, size=2.4, attacked=True,
                      highlight=self._square(k), title=f"{self._caption(k)}\n{self._counts(k)}")
            for k in shown
        ]  # fmt: skip
        labels = [self._html(k) for k in shown]
        captions = [self._caption(k) for k in shown]
        readouts = [f"step {k} of {len(self.trace)}" for k in shown]
        super().__init__(pictures, labels, captions, readouts=readouts, interval=400, large=large)

    def _caption(self, k: int) -> str:
        return f"step {k} of {len(self.trace)}: {self.steps[k].describe()}"

    def _counts(self, k: int) -> str:
        s = self.steps[k]
        return f"placed {s.placed}, retreats {s.retreats}, solutions {s.solutions}"

    def _html(self, k: int) -> str:
        more = ""
        if k == self.last_shown and k < len(self.trace):
            more = f" <i>(the trace goes on: {len(self.trace) - k:,} more steps not shown)</i>"
        elif k == len(self.trace) and self.stopped:
            more = f" <i>({self.stopped})</i>"
        return f"<b>{self._caption(k)}</b> &middot; {self._counts(k)}{more}"

    def _square(self, k: int) -> list[tuple[int, int]]:
        event = self.steps[k].event
        return [] if event is None else [(event[1], event[2])]

    def current(self) -> TraceStep:
        """The step shown now."""
        return self.steps[self.value]

    def placement(self) -> Placement:
        """The queens on the board now, a column per row."""
        return self.current().placement
