"""Pictures of peg-solitaire boards: holes as rings, pegs as filled circles, moves as arrows."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch

from ..puzzles.pegs import PegSolitaire, moves
from ..puzzles.pegs_notation import Move, Pegs
from ..results import SearchResult
from ..search.problem import HeuristicChoice
from .boards import board_size, draw_board, draw_path, finish_board, step_highlight, step_label
from .figures import SMALLEST_FONT, new_axes, points_per_unit

HOLE = "#f4efe6"  # an empty hole
RING = "#8a8a8a"
PEG = "#3b5b92"
FINISH = "#2e8b57"  # the ring of the hole where the last peg must end
JUMP = "#c0392b"  # the path of a highlighted move
RADIUS = 0.34  # of a hole; neighbouring holes are 1 apart


@draw_board.register(PegSolitaire)
def draw_pegs(
    puzzle: PegSolitaire,
    state: Pegs | None = None,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    numbers: bool = True,
    highlight: Sequence[int] = (),
    heuristic: HeuristicChoice = None,
    show_finish: bool = True,
    hole_colours: dict[int, str] | None = None,
    **_: object,
) -> Axes:
    """Draw the board of *state* (a bit mask), the move *highlight* as red arrows; *show_finish*
    rings the finish hole in green, *hole_colours* (``hole -> colour``) paints. There is no example
    here; ``tests/test_pegs.py`` runs it."""
    board = puzzle.board
    state = puzzle.start if state is None else state
    spots = {hole: board.xy(hole) for hole in board.cells}
    xs, ys = [x for x, _ in spots.values()], [y for _, y in spots.values()]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    ax = new_axes(ax, (0.42 * width + 0.3, 0.42 * height + 0.5))
    # A hole's number, as large as the hole allows; none where even the smallest would not fit.
    fontsize = min(11.0, 0.5 * points_per_unit(ax, width + 0.1, height + 0.1))
    numbers = numbers and fontsize >= SMALLEST_FONT
    for hole, (x, y) in spots.items():
        finish = show_finish and hole == puzzle.finish
        fill = (hole_colours or {}).get(hole, HOLE)
        ax.add_patch(Circle((x, y), RADIUS, facecolor=fill, edgecolor=FINISH if finish else RING,
                            lw=2.2 if finish else 1.0, gid="hole"))  # fmt: skip
        has_peg = bool(state >> hole & 1)
        if has_peg:
            ax.add_patch(Circle((x, y), RADIUS * 0.78, facecolor=PEG, edgecolor="none", gid="peg"))
        if numbers:
            ax.text(x, y, str(hole), ha="center", va="center", fontsize=fontsize,
                    color="white" if has_peg else "#777777", gid="number")  # fmt: skip
    move = tuple(highlight or ())
    if move:
        _draw_move(ax, spots, move)
    xlim, ylim = (min(xs) - 0.55, max(xs) + 0.55), (min(ys) - 0.55, max(ys) + 0.55)
    return finish_board(ax, puzzle, state, xlim, ylim, title, heuristic)


@board_size.register(PegSolitaire)
def _(puzzle: PegSolitaire) -> float:
    xs, ys = zip(*(puzzle.board.xy(hole) for hole in puzzle.board.cells))
    return 0.5 * max(max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) + 0.3


def _draw_move(ax: Axes, spots: dict[int, tuple[float, float]], move: Move) -> None:
    x, y = spots[move[0]]
    ax.add_patch(Circle((x, y), RADIUS + 0.06, facecolor="none", edgecolor=JUMP, lw=1.8,
                        linestyle="--", gid="move-start"))  # fmt: skip
    for start, to in zip(move, move[1:]):
        arrow = FancyArrowPatch(spots[start], spots[to], arrowstyle="-|>", mutation_scale=10,
                                color=JUMP, lw=1.8, shrinkA=6, shrinkB=6,
                                connectionstyle="arc3,rad=0.15", gid="jump")  # fmt: skip
        ax.add_patch(arrow)


def _move_between(puzzle: PegSolitaire, before: Pegs, after: Pegs) -> Move | None:
    return next((m for m, state in moves(puzzle.board, before) if state == after), None)


@step_label.register(PegSolitaire)
def _(puzzle: PegSolitaire, before: Pegs, action: Move | None, after: Pegs) -> str:
    action = action or _move_between(puzzle, before, after)
    return "→".join(map(str, action)) if action else "?"


@step_highlight.register(PegSolitaire)
def _(puzzle: PegSolitaire, before: Pegs, action: Move | None, after: Pegs) -> Move:
    return tuple(action or _move_between(puzzle, before, after) or ())


def draw_solution(
    puzzle: PegSolitaire,
    solution: SearchResult,
    columns: int = 6,
    size: float = 1.9,
) -> Figure:
    """Draw every position of *solution* and its move, *columns* to a row.

    >>> from puzzlelab.solvers.pegs import dfs_dead_positions
    >>> puzzle = PegSolitaire("triangle15", hole=4)
    >>> figure = draw_solution(puzzle, dfs_dead_positions(puzzle))
    >>> figure.axes[1].get_title()
    '1: 1→4'
    """
    boards = len(solution.path)
    return draw_path(puzzle, solution, max_boards=boards, columns=columns, size=size)
