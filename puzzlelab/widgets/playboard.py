"""PlayBoard: slide the tiles yourself, ask for a hint, see how far the goal is."""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as widgets

from ..analysis.distances import distance_table
from ..drawing import board_svg
from ..puzzles.sliding import SlidingPuzzle
from ..puzzles.sliding_boards import State
from ..search import astar
from .base import StaticFallback, projector, working

_TABLES: dict[tuple[int, int, State], Mapping[State, int]] = {}
#: The blank's label. Not "": a button whose label and icon are both empty is not redrawn in
#: the browser, so the blank went on showing the number of the tile that had just left it.
BLANK = "\u00a0"  # a no-break space

EXACT_UP_TO = 9  # cells: boards this small get exact distances (3x3: 0.3 s, once)
SHUFFLE_MOVES = 30  # on larger boards: a uniformly random 15-puzzle is too far for a quick hint


def exact_distances(puzzle: SlidingPuzzle) -> Mapping[State, int]:
    """Return ``{state: fewest moves to the goal}`` for *puzzle*'s shape and goal, built once. There
    is no example here; ``tests/test_widgets.py`` runs it."""
    key = (puzzle.rows, puzzle.cols, puzzle.goal)
    if key not in _TABLES:
        _TABLES[key] = distance_table(puzzle)
    return _TABLES[key]


class PlayBoard(StaticFallback, widgets.VBox):
    """A board to play: click a tile next to the blank to slide it. Up to 3x3, *Hint* and the
    distance are exact; larger boards show a lower bound and hint by A*.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> board = PlayBoard(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"))
    >>> board.click(8).status.value
    'Solved in 1 move! That is the fewest possible.'
    >>> board.reset().click_cell(0).status.value  # tile 1, far from the blank
    'Tile 1 is not next to the blank; tiles that can slide: 5, 7, 8.'
    """

    def __init__(
        self,
        puzzle: SlidingPuzzle,
        seed: int | None = None,
        hint_seconds: float = 10.0,
        large: bool | None = None,
    ) -> None:
        if not isinstance(puzzle, SlidingPuzzle):
            raise TypeError(f"PlayBoard plays a SlidingPuzzle, not {type(puzzle).__name__}")
        self.puzzle, self.seed, self.hint_seconds = puzzle, seed, hint_seconds
        self.exact = puzzle.size <= EXACT_UP_TO
        self.state, self.moves = puzzle.start, 0
        self.hinted: int | None = None  # the tile a hint said to slide, until a tile slides
        self.origin = puzzle.start  # where this game started (the start, or a shuffled board)
        size = widgets.Layout(width="3.5em", height="3.5em")
        self.cells = [widgets.Button(layout=size) for _ in range(puzzle.size)]
        for cell, button in enumerate(self.cells):
            button.on_click(lambda _, cell=cell: self.click_cell(cell))
        columns = widgets.Layout(grid_template_columns=f"repeat({puzzle.cols}, 3.8em)")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.shuffle_button = widgets.Button(description="Shuffle", icon="random")
        self.reset_button = widgets.Button(description="Reset", icon="undo")
        self.hint_button.on_click(lambda _: self.hint())
        self.shuffle_button.on_click(lambda _: self.shuffle())
        self.reset_button.on_click(lambda _: self.reset())
        self.info = widgets.HTML()
        self.status = widgets.Label("Click a tile next to the blank.")
        buttons = widgets.HBox([self.hint_button, self.shuffle_button, self.reset_button])
        super().__init__(
            [widgets.GridBox(self.cells, layout=columns), self.info, buttons, self.status]
        )
        projector(self, large)
        self._show()

    def click_cell(self, cell: int) -> PlayBoard:
        """Click the button at *cell* (0 = top left, row by row): slide the tile that is there."""
        return self.click(self.state[cell])

    def click(self, tile: int) -> PlayBoard:
        """Slide *tile* into the blank if it is next to it; otherwise say why not."""
        if tile == 0:
            self.status.value = "That is the blank: click a tile next to it."
            return self
        try:
            self.state = self.puzzle.slide(self.state, tile)
        except ValueError as error:
            self.status.value = str(error).capitalize() + "."
            return self
        self.moves += 1
        self.hinted = None
        said = f"Slid {tile}."
        if self.puzzle.is_goal(self.state):
            said = f"Solved in {self.moves} move{'s' if self.moves != 1 else ''}!"
            if self.exact:
                best = exact_distances(self.puzzle)[self.origin]
                fewest = f" The fewest possible from that start: {best}."
                said += " That is the fewest possible." if best == self.moves else fewest
        self.status.value = said  # once: each change is a message to the browser
        self._show()
        return self

    def hint(self) -> int | None:
        """Highlight and return the tile to slide next on a shortest path (None if solved)."""
        if self.puzzle.is_goal(self.state):
            self.status.value = "Already solved."
            return None
        buttons = [self.hint_button, self.shuffle_button, self.reset_button, *self.cells]
        with working(self.status, buttons, "Working out a hint..."):
            action = self._best_action()
        if action is None:
            return None
        self.hinted = self.puzzle.tile_moved(self.state, action)
        self.status.value = f"Hint: slide {self.hinted}."
        self._show()
        return self.hinted

    def _best_action(self) -> str | None:
        """The first action of a shortest solution from here (None, said why, if not found)."""
        if self.exact:
            table = exact_distances(self.puzzle)
            here = table[self.state]
            return next(a for a, s, _ in self.puzzle.successors(self.state) if table[s] == here - 1)
        result = astar(self.puzzle.with_start(self.state), "linear-conflict",
                       max_seconds=self.hint_seconds)  # fmt: skip
        if not result.solved:
            self.status.value = f"No hint: {result.reason}."
            return None
        return result.actions[0]

    def shuffle(self) -> PlayBoard:
        """Start again from a random solvable board (seeded if the board was given a seed)."""
        seed = None if self.seed is None else self.seed + self.moves
        if self.exact:
            board, how = self.puzzle.random_state(seed), "A new random board."
        else:
            board = self.puzzle.scramble(SHUFFLE_MOVES, seed)
            how = f"A new board, {SHUFFLE_MOVES} random moves from the goal."
        self._restart(board, f"{how} Good luck!")
        return self

    def reset(self) -> PlayBoard:
        """Go back to the puzzle's start."""
        self._restart(self.puzzle.start, "Back to the start.")
        return self

    def _restart(self, board: State, message: str) -> None:
        self.state, self.moves, self.hinted, self.origin = board, 0, None, board
        self.status.value = message
        self._show()

    def distance(self) -> tuple[int, bool]:
        """Return ``(moves to the goal, exact?)``: exact up to 3x3, else a lower bound."""
        if self.exact:
            return exact_distances(self.puzzle)[self.state], True
        return self.puzzle.linear_conflict(self.state), False

    def _show(self) -> None:
        for cell, button in enumerate(self.cells):
            tile = self.state[cell]
            button.description = str(tile) if tile else BLANK
            home = tile and tile == self.puzzle.goal[cell]
            button.style.button_color = (
                "#ececec" if not tile else "#e74c3c" if tile == self.hinted
                else "#8cc084" if home else "#f2c078"
            )  # fmt: skip
            button.style.font_weight = "bold"
        moves, exact = self.distance()
        kind = "moves to the goal" if exact else "moves at least (linear-conflict bound)"
        self.info.value = f"<b>{moves}</b> {kind} &middot; {self.moves} moves made"

    def _static_svg(self) -> bytes:
        moves, exact = self.distance()
        title = f"{moves} {'' if exact else 'or more '}moves to the goal"
        if self.hinted:
            title += f"\nhint: slide {self.hinted}"
        return board_svg(self.puzzle, self.state, title=title,
                         highlight=[self.hinted] if self.hinted else ())  # fmt: skip
