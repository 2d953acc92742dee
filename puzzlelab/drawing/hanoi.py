"""Pictures of the Tower of Hanoi: pegs as posts, disks as bars, the smallest on top."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from ..puzzles.hanoi import State, TowerOfHanoi
from ..search.problem import HeuristicChoice
from .boards import draw_board, finish_board, step_highlight, step_label
from .figures import new_axes

DISK = "#f2c078"
HOME = "#8cc084"  # a disk already on the last peg
POST = "#6d4c41"
EDGE = "#4a4a4a"
HIGHLIGHT = "#c0392b"
HEIGHT = 0.5  # of a disk


@draw_board.register(TowerOfHanoi)
def _(
    puzzle: TowerOfHanoi,
    state: Sequence[int] | None = None,
    ax: Axes | None = None,
    *,
    heuristic: HeuristicChoice = None,
    title: str | None = None,
    highlight: Iterable[int] = (),
    **_: object,
) -> Axes:
    """Draw the pegs and the disks on them; disks in *highlight* are outlined in red."""
    state = puzzle.start if state is None else tuple(state)
    width = puzzle.disks + 1.5  # room for the largest disk on each peg
    ax = new_axes(ax, (0.5 * width * puzzle.pegs, 0.4 * puzzle.disks + 1))
    height = HEIGHT * (puzzle.disks + 1)
    for peg, disks in enumerate(puzzle.stacks(state)):
        middle = (peg + 0.5) * width
        ax.add_patch(Rectangle((middle - 0.1, 0), 0.2, height, facecolor=POST, gid="post"))
        for level, disk in enumerate(disks):
            size = disk + 1
            outlined = disk in set(highlight or ())
            ax.add_patch(
                Rectangle(
                    (middle - size / 2, level * HEIGHT), size, HEIGHT * 0.9,
                    facecolor=HOME if peg == puzzle.pegs - 1 else DISK,
                    edgecolor=HIGHLIGHT if outlined else EDGE, lw=2.5 if outlined else 1.0,
                    gid="disk",
                )
            )  # fmt: skip
    ax.plot([0, width * puzzle.pegs], [0, 0], color=EDGE, lw=2)
    return finish_board(ax, puzzle, state, (-0.1, width * puzzle.pegs + 0.1),
                        (-0.2, height + 0.2), title, heuristic)  # fmt: skip


@step_label.register(TowerOfHanoi)
def _(puzzle: TowerOfHanoi, before: State, action: str, after: State) -> str:
    moved = next(disk for disk, (a, b) in enumerate(zip(before, after)) if a != b)
    return f"disk {moved}: peg {action.replace('->', ' to peg ')}"


@step_highlight.register(TowerOfHanoi)
def _(puzzle: TowerOfHanoi, before: State, action: str, after: State) -> tuple[int, ...]:
    return tuple(disk for disk, (a, b) in enumerate(zip(before, after)) if a != b)
