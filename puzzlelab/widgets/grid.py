"""GridLab: a grid the student draws, and up to four searches spreading over it side by side
(``grid.js`` runs them in the browser by the engine's rules; the kernel only hears the map)."""

from __future__ import annotations

import html

import traitlets

from ..drawing.figures import picture_scale
from ..errors import BoardError, true_or_false, whole_number
from ..puzzles.grid import GridWorld
from .stepper import FUNCTIONS, HERE, MODULE_MARK, STYLE, WORDS, PageWidget

GRID_SCRIPT = (HERE / "grid.js").read_text(encoding="utf-8")
GRID_STYLE = (HERE / "grid.css").read_text(encoding="utf-8")

#: The searches a panel can show, by the name :attr:`GridLab.searches` holds.
SEARCHES = {
    "bfs": "breadth-first",
    "dfs": "depth-first",
    "uniform_cost": "uniform cost",
    "greedy": "greedy",
    "astar": "A*",
    "weighted_astar": "weighted A* (weight 2)",
    "bidirectional": "bidirectional",
}

MOST_SEARCHES = 4  # panels side by side
MOST_CELLS = 60  # the most rows, and columns, of a map

#: The map a GridLab opens with: a wall to go round, a forest and a lake to go through.
MAP = """\
....................
....................
.....#######........
...........#..ffff..
..S........#..ffff..
...........#..wwww..
...........#..ww..G.
.....#######........
....................
...................."""


class GridLab(PageWidget):
    """Draw a map (*text*, as :class:`~puzzlelab.puzzles.grid.GridWorld` reads it, at most 60
    by 60) and watch one to four *searches* (:data:`SEARCHES`) spread over it, side by side.

    >>> lab = GridLab("S.#.\\n..#G\\n....", searches=["bfs", "astar"])
    >>> lab.world
    <GridWorld 3x4, 4 directions, start (0, 0), goal (1, 3)>
    """

    _esm = FUNCTIONS + "\n" + GRID_SCRIPT
    _css = _page_style = STYLE + "\n" + GRID_STYLE
    _page_script = FUNCTIONS + "\n" + GRID_SCRIPT.split(MODULE_MARK, 1)[0]
    _page_render = "renderGridLab"
    _page_traits = ("text", "diagonal", "searches", "interval", "words", "large")
    _page_kind = "puzzlelab-gridlab"
    _page_plain = "run the notebook to draw a map and search it"

    text = traitlets.Unicode(MAP).tag(sync=True)
    diagonal = traitlets.Bool(False).tag(sync=True)
    searches = traitlets.List(traitlets.Unicode(), ["bfs", "astar"]).tag(sync=True)
    interval = traitlets.Int(200).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        text: str | GridWorld = MAP,
        searches: list[str] | tuple[str, ...] = ("bfs", "astar"),
        *,
        diagonal: bool | None = None,
        interval: int = 200,
        large: bool | None = None,
    ) -> None:
        if isinstance(text, GridWorld):
            diagonal = text.diagonal if diagonal is None else diagonal
            text = text.to_text()
        text = GridWorld(text).to_text()  # what is wrong with it, in one line
        diagonal = False if diagonal is None else true_or_false(diagonal, "diagonal")
        if isinstance(searches, str) or not isinstance(searches, (list, tuple)):
            raise BoardError(f"give GridLab a list of searches, such as ['bfs', 'astar'], not "
                             f"{searches!r}")  # fmt: skip
        interval = whole_number(interval, "interval (milliseconds between steps)", least=1)
        super().__init__(
            text=text, searches=list(searches), diagonal=diagonal, interval=interval,
            words=dict(WORDS), large=picture_scale() > 1 if large is None else bool(large),
        )  # fmt: skip

    @traitlets.validate("text")
    def _check_text(self, proposal: traitlets.Bunch) -> str:
        world = GridWorld(proposal["value"])  # it says what is wrong with the text
        if world.rows > MOST_CELLS or world.cols > MOST_CELLS:
            raise BoardError(
                f"a map of {world.rows}x{world.cols} cells is too large to draw; GridLab draws "
                f"at most {MOST_CELLS}x{MOST_CELLS} (search a larger GridWorld in Python)"
            )
        return world.to_text()

    @traitlets.validate("searches")
    def _check_searches(self, proposal: traitlets.Bunch) -> list[str]:
        names = list(proposal["value"])
        for name in names:
            if name not in SEARCHES:
                raise BoardError(
                    f"{name!r} is not a search GridLab shows; pick from {', '.join(SEARCHES)}"
                )
        if not 1 <= len(names) <= MOST_SEARCHES:
            raise BoardError(
                f"GridLab shows one to {MOST_SEARCHES} searches side by side, not {len(names)}"
            )
        return names

    @property
    def world(self) -> GridWorld:
        """The map as drawn now."""
        return GridWorld(self.text, diagonal=self.diagonal)

    def _page_shown(self) -> str:
        return f"<pre>{html.escape(self.text)}</pre>"
