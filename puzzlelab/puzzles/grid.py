"""A grid world: walk from S to G across open ground and terrain, around the walls.

A *state* is the cell ``(row, column)``, row 0 at the top; an *action* a direction. Entering
a cell costs its terrain's cost (times the square root of 2 diagonally).
"""

from __future__ import annotations

import math
import numbers
import random
import textwrap

from ..errors import BoardError, finite_number, true_or_false, whole_number

Cell = tuple[int, int]
State = Cell

#: The letters a map may use for terrain unless told otherwise, and their costs.
TERRAIN: dict[str, float] = {"f": 5, "w": 10}

#: Each direction's step (rows, columns): the four sides first, then the diagonals.
STEPS = {
    "up": (-1, 0),
    "down": (1, 0),
    "left": (0, -1),
    "right": (0, 1),
    "up-left": (-1, -1),
    "up-right": (-1, 1),
    "down-left": (1, -1),
    "down-right": (1, 1),
}

#: The direction that undoes each step ("up" for "down").
BACK = {name: next(back for back, (r, c) in STEPS.items() if (r, c) == (-dr, -dc))
        for name, (dr, dc) in STEPS.items()}  # fmt: skip

WALL, OPEN, START, GOAL = "#", ".", "S", "G"
MAX_CELLS = 1_000_000  # a map of a thousand by a thousand cells at most


class GridWorld:
    """A grid of walls and terrain, a start and a goal, read from text art.

    Parameters
    ----------
    text : str
        The map, one line per row: ``#`` a wall, ``.`` open ground (cost 1), ``S`` the
        start, ``G`` the goal, ``1``-``9`` a cell of that cost, ``f`` forest (5), ``w`` water (10).
    diagonal : bool
        Whether the walker may also step diagonally (8 directions instead of 4).

    Examples
    --------
    >>> from puzzlelab.search import astar
    >>> world = GridWorld('''
    ...     S..
    ...     w#.
    ...     ..G
    ... ''')
    >>> astar(world).actions, astar(world).cost
    (['right', 'right', 'down', 'down'], 4)
    """

    def __init__(self, text: str, diagonal: bool = False) -> None:
        self.terrain: dict[str, float] = dict(TERRAIN)  # its own: a student may re-price it
        self.diagonal = true_or_false(diagonal, "diagonal", error=BoardError)
        self._art = lines = _lines(text)  # as written: render gives the map in its own letters
        self.rows, self.cols = len(lines), len(lines[0])
        self.walls = frozenset(
            (r, c) for r, line in enumerate(lines) for c, mark in enumerate(line) if mark == WALL
        )
        self.costs: dict[Cell, float] = {}
        found: dict[str, list[Cell]] = {START: [], GOAL: []}
        for r, line in enumerate(lines):
            for c, mark in enumerate(line):
                if mark != WALL:
                    self.costs[(r, c)] = self._cost_of(mark, r, c)
                found.get(mark, []).append((r, c))
        for mark, name, where in ((START, "start", "begins"), (GOAL, "goal", "ends")):
            if len(found[mark]) != 1:
                raise BoardError(
                    f"a map needs one {name} {mark!r}, not {len(found[mark])}; "
                    f"write {mark} in the cell where the walk {where}"
                )
        self.start: State = found[START][0]
        self.goal: State = found[GOAL][0]
        self.cheapest = min(self.costs.values())  # scales the distances: they must not overestimate
        self.heuristics = {
            "manhattan": self.manhattan,
            "euclidean": self.euclidean,
            "octile": self.octile,
        }
        directions = list(STEPS)[: 8 if self.diagonal else 4]
        self._moves = {cell: self._moves_from(cell, directions) for cell in self.costs}

    def __repr__(self) -> str:
        ways = 8 if self.diagonal else 4
        return (f"<GridWorld {self.rows}x{self.cols}, {ways} directions, "
                f"start {self.start}, goal {self.goal}>")  # fmt: skip

    def _cost_of(self, mark: str, r: int, c: int) -> float:
        if mark in (OPEN, START, GOAL):
            return 1
        if mark in "123456789":
            return int(mark)
        if mark in self.terrain:
            return self.terrain[mark]
        allowed = " ".join([WALL, OPEN, START, GOAL, "1-9", *self.terrain])
        raise BoardError(
            f"{mark!r} at row {r}, column {c} is not a cell of a map; allowed: {allowed}"
        )

    def _moves_from(self, cell: Cell, directions: list[str]) -> list[tuple[str, Cell, float]]:
        r, c = cell
        moves = []
        for direction in directions:
            dr, dc = STEPS[direction]
            target = (r + dr, c + dc)
            if target not in self.costs:
                continue  # a wall, or off the map
            if dr and dc and ((r + dr, c) in self.walls or (r, c + dc) in self.walls):
                continue  # a diagonal step may not cut a wall's corner
            moves.append((direction, target, self.cost(cell, direction, target)))
        return moves

    def actions(self, state: State) -> list[str]:
        return [action for action, _, _ in self.successors(state)]

    def result(self, state: State, action: str) -> State:
        for name, after, _ in self.successors(state):
            if name == action:
                return after
        allowed = ", ".join(self.actions(state)) or "none"
        raise BoardError(f"cannot step {action!r} from {state}; allowed: {allowed}")

    def successors(self, state: State) -> list[tuple[str, State, float]]:
        """Return ``(action, next_cell, cost)`` for every step out of *state*."""
        try:
            return list(self._moves[state])  # a copy: the table is shared by every search
        except (KeyError, TypeError):
            raise self._not_a_cell(state) from None

    def _not_a_cell(self, state: object) -> BoardError:
        return BoardError(
            f"{state!r} is not an open cell of this {self.rows}x{self.cols} map; "
            "a state is (row, column) of a cell that is not a wall"
        )

    def predecessors(self, state: State) -> list[tuple[str, State]]:
        """Return ``(action, cell)`` for every cell one step from which reaches *state*."""
        return [(BACK[action], before) for action, before, _ in self.successors(state)]

    def is_goal(self, state: State) -> bool:
        return state == self.goal

    def cost(self, state: State, action: str, next_state: State) -> float:
        """What entering *next_state* costs (times the square root of 2 for a diagonal step)."""
        try:
            dr, dc = STEPS[action]
            return self.costs[next_state] * (math.sqrt(2) if dr and dc else 1)
        except (KeyError, TypeError):
            if not isinstance(action, str) or action not in STEPS:
                raise BoardError(f"{action!r} is no direction; the directions are: "
                                 f"{', '.join(STEPS)}") from None  # fmt: skip
            raise self._not_a_cell(next_state) from None

    def manhattan(self, state: State) -> float:
        """Rows plus columns to the goal, times the cheapest cost of a cell."""
        down, across = self._to_goal(state)
        return (down + across) * self.cheapest

    def euclidean(self, state: State) -> float:
        """The straight line to the goal, times the cheapest cost of a cell."""
        return math.hypot(*self._to_goal(state)) * self.cheapest

    def octile(self, state: State) -> float:
        """The shortest walk to the goal on an open map of 8 directions, times the cheapest cost."""
        across, along = sorted(self._to_goal(state))
        return (along + (math.sqrt(2) - 1) * across) * self.cheapest

    def _to_goal(self, state: State) -> tuple[int, int]:
        """Rows and columns from *state* to the goal."""
        try:
            return abs(state[0] - self.goal[0]), abs(state[1] - self.goal[1])
        except (IndexError, TypeError, KeyError):
            raise self._not_a_cell(state) from None

    def heuristic(self, state: State) -> float:
        """The default heuristic: :meth:`octile` with diagonal steps, else :meth:`manhattan`."""
        return self.octile(state) if self.diagonal else self.manhattan(state)

    def to_text(self) -> str:
        """Return the map as :class:`GridWorld` reads it."""
        return self.render(None)

    def render(self, state: State | None = None, mark: str = "@") -> str:
        """Return the map as text art, with *mark* on the cell of *state* (if given)."""
        cell = isinstance(state, tuple) and len(state) == 2
        if state is not None and not (cell and all(isinstance(v, numbers.Integral) for v in state)):
            raise self._not_a_cell(state)
        rows = []
        for r, line in enumerate(self._art):
            if state is not None and state[0] == r and state in self.costs:  # else no mark
                line = line[: state[1]] + mark + line[state[1] + 1 :]
            rows.append(line)
        return "\n".join(rows)


def random_grid(
    rows: int, cols: int, walls: float = 0.25, seed: int = 0, diagonal: bool = False
) -> GridWorld:
    """Return a *rows* x *cols* map, about *walls* of it walls, S top left and G bottom right
    (the goal is not always reachable).

    >>> print(random_grid(3, 6, walls=0.3, seed=2).to_text())
    S.##..
    .....#
    .....G
    """
    rows = whole_number(rows, "the number of rows", least=1, error=BoardError)
    least = 2 if rows == 1 else 1  # room for the start and the goal
    cols = whole_number(cols, "the number of columns", least=least, error=BoardError)
    share = finite_number(walls, "walls", least=0, error=BoardError)
    if share >= 1:
        raise BoardError(f"walls is the share of cells that are walls, below 1, not {walls!r}")
    chance = random.Random(_seed(seed, rows, cols))
    lines = [[WALL if chance.random() < share else OPEN for _ in range(cols)] for _ in range(rows)]
    lines[0][0], lines[-1][-1] = START, GOAL
    return GridWorld("\n".join("".join(line) for line in lines), diagonal=diagonal)


def maze(rows: int, cols: int, seed: int = 0, loops: float = 0.0) -> GridWorld:
    """Return a *rows* x *cols* maze (odd sizes) carved by a random depth-first walk, with
    the share *loops* of inner walls knocked out (0: a perfect maze).

    >>> print(maze(5, 9, seed=1).to_text())
    #########
    #S#.....#
    #.###.#.#
    #.....#G#
    #########
    """
    rows = whole_number(rows, "the number of rows", least=3, error=BoardError)
    cols = whole_number(cols, "the number of columns", least=3, error=BoardError)
    for size, name in ((rows, "rows"), (cols, "columns")):
        if size % 2 == 0:
            raise BoardError(
                f"a maze has an odd number of {name} (rooms and walls take turns, with a wall "
                f"at each end), not {size}; try {size - 1} or {size + 1}"
            )
    if rows == cols == 3:
        raise BoardError("a 3x3 maze has one room, no room for both S and G; try 3x5 or 5x5")
    share = finite_number(loops, "loops", least=0, error=BoardError)
    if share > 1:
        raise BoardError(f"loops is the share of inner walls to knock out, 0 to 1, not {loops!r}")
    chance = random.Random(_seed(seed, rows, cols))
    lines = [[WALL] * cols for _ in range(rows)]
    lines[1][1] = OPEN
    walk = [(1, 1)]
    while walk:  # the depth-first carve: from the newest room, into a room not yet carved
        r, c = walk[-1]
        rooms = [(r + dr, c + dc) for dr, dc in ((-2, 0), (2, 0), (0, -2), (0, 2))]
        ahead = [(nr, nc) for nr, nc in rooms
                 if 0 < nr < rows and 0 < nc < cols and lines[nr][nc] == WALL]  # fmt: skip
        if not ahead:
            walk.pop()
            continue
        nr, nc = chance.choice(ahead)
        lines[(r + nr) // 2][(c + nc) // 2] = lines[nr][nc] = OPEN
        walk.append((nr, nc))
    # the inner walls between two rooms: one coordinate odd (a room's), the other even
    inner = [(r, c) for r in range(1, rows - 1) for c in range(1, cols - 1)
             if (r + c) % 2 == 1 and lines[r][c] == WALL]  # fmt: skip
    for r, c in chance.sample(inner, round(share * len(inner))):
        lines[r][c] = OPEN
    lines[1][1], lines[rows - 2][cols - 2] = START, GOAL
    return GridWorld("\n".join("".join(line) for line in lines))


def _seed(seed: object, rows: int, cols: int) -> int:
    """*seed*, a whole number, once the map's size is known to be allowed."""
    if rows * cols > MAX_CELLS:
        raise BoardError(f"a map of {rows}x{cols} cells is too large; at most {MAX_CELLS:,} cells")
    return whole_number(seed, "seed", error=BoardError)


def _lines(text: object) -> list[str]:
    """The rows of a map's text art, checked."""
    if not isinstance(text, str):
        raise BoardError(
            f"a map is text art, one line per row ('#' walls, '.' open, S, G), "
            f"not {type(text).__name__}"
        )
    lines = [line.rstrip() for line in textwrap.dedent(text).strip("\n").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if not lines or not lines[0]:
        raise BoardError("a map needs at least one row of cells, with S and G in it")
    widths = sorted({len(line) for line in lines})
    if len(widths) > 1:
        raise BoardError(
            f"every row of a map must be as long as the others; rows here are {widths[0]} to "
            f"{widths[-1]} cells long (write '#' or '.' to fill them)"
        )
    if len(lines) * widths[0] > MAX_CELLS:
        raise BoardError(
            f"a map of {len(lines)}x{widths[0]} cells is too large; at most {MAX_CELLS:,} cells"
        )
    return lines
