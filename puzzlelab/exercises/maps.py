"""Exercises for lesson 10, "Maps and grids": CS188's corners problem on mazes of our own,
whose reference state is ``(cell, corners still to visit)``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..errors import BoardError, ProblemError, one_line
from ..puzzles import GridWorld, maze
from ..puzzles.grid import Cell
from ..search import Problem, uniform_cost
from ..search.problem import as_problem
from .answers import fail, not_answered, passed
from .own_work import borrowed, lesson_code
from .sandbox import guarded_check

CORNERS_MAZE = """
#########
#...#..G#
#.#.#.#.#
#.#..S#.#
#.###.#.#
#.......#
#########
"""

#: The map of the prediction exercise: A* with Manhattan distance walks into the pocket in
#: front of G before it goes round.
PREDICT_GRID = """
......
.####.
S...#G
.##.#.
......
"""

CornersState = tuple[Cell, frozenset[Cell]]


def corner_cells(world: GridWorld) -> list[Cell]:
    """Return the four open cells just inside the corners of *world*'s border (a
    :class:`~puzzlelab.errors.BoardError` if one is a wall).

    >>> corner_cells(GridWorld(CORNERS_MAZE))
    [(1, 1), (1, 7), (5, 1), (5, 7)]
    """
    last_row, last_col = world.rows - 2, world.cols - 2
    cells = [(1, 1), (1, last_col), (last_row, 1), (last_row, last_col)]
    for cell in cells:
        if cell not in world.costs:
            raise BoardError(
                f"{cell} is not an open cell: corner_cells needs a map with a border of walls "
                "and an open cell just inside each corner, as maze() makes"
            )
    return cells


class _Corners:
    """The reference; *forget_start* makes the classic mistake of the start's corner left."""

    def __init__(self, world: GridWorld, forget_start: bool = False) -> None:
        self.world = world
        left = frozenset(corner_cells(world)) - (set() if forget_start else {world.start})
        self.start: CornersState = (world.start, left)

    def is_goal(self, state: CornersState) -> bool:
        return not state[1]

    def successors(self, state: CornersState) -> list[tuple[str, CornersState, float]]:
        cell, left = state
        return [(action, (after, left - {after}), cost)
                for action, after, cost in self.world.successors(cell)]  # fmt: skip


def _moved_start(world: GridWorld) -> GridWorld:
    """*world* with S moved to the room nearest the middle."""
    rows = [list(line) for line in world.to_text().splitlines()]
    middle = (world.rows // 2 | 1, world.cols // 2 | 1)  # a room: odd row and column
    rows[1][1], rows[middle[0]][middle[1]] = ".", "S"
    return GridWorld("\n".join(map("".join, rows)))


def _with_terrain(world: GridWorld, seed: int) -> GridWorld:
    """*world* with every fifth open cell forest ``f`` or water ``w``."""
    rows = [list(line) for line in world.to_text().splitlines()]
    open_cells = sorted(cell for cell in world.costs if rows[cell[0]][cell[1]] == ".")
    for k, (r, c) in enumerate(open_cells[seed % 5 :: 5]):
        rows[r][c] = "fw"[k % 2]
    return GridWorld("\n".join(map("".join, rows)))


@functools.cache
def held_out_mazes() -> dict[str, GridWorld]:
    """Return the small mazes :func:`check_corners` tries, ``{name: world}``.

    >>> [world.rows * world.cols for world in held_out_mazes().values()]
    [49, 99, 99, 143]
    """
    return {
        "a 7x7 maze, the start in a corner": maze(7, 7, seed=101),
        "a 9x11 maze with loops, the start in the middle": _moved_start(
            maze(9, 11, seed=102, loops=0.3)
        ),
        "a 9x11 maze with forest (5) and water (10)": _with_terrain(
            maze(9, 11, seed=103, loops=0.2), 3
        ),
        "an 11x13 maze with forest and water, the start in the middle": _moved_start(
            _with_terrain(maze(11, 13, seed=104, loops=0.4), 1)
        ),
    }


class _Raised(Exception):
    """What a student's method raised, said."""


def _guarded(method: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        try:
            return function(*args)
        except (ProblemError, _Raised):
            raise
        except Exception as error:  # a student's method may fail in any way: say which
            raise _Raised(f"your {method} raised {one_line(error)}") from None

    return call


def _problem_of(
    problem_class: type, world: GridWorld, heuristic: bool = False
) -> tuple[Any, Problem]:
    """The student's class built on *world*, and as a Problem whose methods raise _Raised."""
    instance = _guarded(f"{problem_class.__name__}(world)", problem_class)(world)
    start = _guarded("start", lambda: instance.start)()  # a property may fail
    if start is None:
        raise ProblemError(
            "your start is None: write start, is_goal and successors (replace each ...)"
        )
    checked = as_problem(instance)
    return instance, Problem(
        start=checked.start,
        successors=_guarded("successors", lambda state: list(checked.successors(state))),
        is_goal=_guarded("is_goal", checked.is_goal),
        heuristic=_guarded("heuristic", checked.heuristic) if heuristic else _zero,
    )


def _zero(state: object) -> float:
    return 0


def _reachable(problem: Problem, most: int) -> int:
    seen, waiting = {problem.start}, [problem.start]
    while waiting:
        for _, after, _ in problem.successors(waiting.pop()):
            if after not in seen:
                seen.add(after)
                if len(seen) > most:
                    return most + 1
                waiting.append(after)
    return len(seen)


#: How many times the reference's states a student's class may reach before its exploration
#: is stopped: a state that remembers every cell visited reaches millions on a 7x7 maze.
TOO_MANY = 20


@functools.cache
def _figures(name: str) -> tuple[float, int, int, float, int]:
    """The reference's cost and states on maze *name*, its open cells, and both forgetful."""
    world = held_out_mazes()[name]
    right, forgot = _Corners(world), _Corners(world, forget_start=True)
    cost, forgot_cost = (_cheapest(problem) for problem in (right, forgot))
    states, forgot_states = (_reachable(as_problem(p), 10**6) for p in (right, forgot))
    return cost, states, len(world.costs), forgot_cost, forgot_states


def _cheapest(problem: Any) -> float:
    """The cost of a cheapest walk through every corner."""
    found = uniform_cost(problem, check_solvable=False)
    assert found.cost is not None, "every corner of a maze is reachable"
    return found.cost


def _prepare() -> None:
    for name in held_out_mazes():
        _figures(name)


def _allowed(module: str, name: str) -> bool:
    return module.startswith("puzzlelab.puzzles") or name in ("corner_cells", "GridWorld")


def _refusal(problem_class: Any, example: str) -> str:
    if not_answered(problem_class):
        return f"replace ... with your class (no brackets): {example}."
    if not isinstance(problem_class, type):
        what = type(problem_class).__name__
        return f"hand in the class itself, {what} (no brackets), not an object made from it."
    shown = lesson_code(problem_class) or borrowed(problem_class, allowed=_allowed)
    if shown:
        return f"your class {shown}: write your own, with start, is_goal and successors."
    methods = ("is_goal", "successors")
    missing = [m for m in methods if not callable(getattr(problem_class, m, None))]
    if missing:
        return f"your class has no {' or '.join(missing)} method: write it (see the lesson)."
    return ""


def _borrowing(instance: Any, problem: Problem, methods: tuple[str, ...]) -> str:
    states = [problem.start] + [after for _, after, _ in problem.successors(problem.start)]
    for method in methods:
        called = borrowed(getattr(instance, method), states, allowed=_allowed)
        if called:
            return f"your {method} method {called}: write it yourself, from the world's cells."
    return ""


def _corners_trouble(
    problem_class: type, trouble_on: Callable[[type, str], str] | None = None
) -> str:
    """What ``trouble_on(problem_class, name)`` finds wrong on the first of
    :func:`held_out_mazes` where it finds fault; ``""`` if nothing."""
    for name in held_out_mazes():
        try:
            trouble = (trouble_on or _trouble_on)(problem_class, name)
        except (_Raised, ProblemError) as error:  # what the student's code raised: said
            trouble = f"{error}."
        if trouble:
            return f"on {name}, {trouble}"
    return ""


def _trouble_on(problem_class: type, name: str) -> str:
    world = held_out_mazes()[name]
    cost, states, cells, forgot_cost, forgot_states = _figures(name)
    instance, problem = _problem_of(problem_class, world)
    borrowing = _borrowing(instance, problem, ("successors", "is_goal"))
    if borrowing:
        return borrowing
    theirs = _reachable(problem, TOO_MANY * states)
    if theirs > TOO_MANY * states:
        return (
            f"your states went past {TOO_MANY * states:,} ({TOO_MANY} times the {states:,} "
            "this problem needs) and the exploration was stopped: your state remembers too "
            "much (every cell visited, or the path?). Two walks that stand on the same cell "
            "with the same corners still to visit have the same future: make them one state."
        )
    if theirs <= cells:
        return (
            f"your class reaches {theirs:,} states, no more than the {cells} open cells: a "
            "state that is only the cell forgets which corners have been visited, so the goal "
            "cannot be told from the state. What must a state remember?"
        )
    found = uniform_cost(problem, check_solvable=False, max_nodes=TOO_MANY * states)
    if theirs == forgot_states and found.cost == forgot_cost and forgot_cost != cost:
        return (
            "your class counts the start's own corner as still to visit: the walk is "
            "standing on it already, so it is visited."
        )
    if not found.solved:
        return (
            f"uniform-cost search on your class ended {found.status} ({found.reason}): is "
            "is_goal ever true, once all four corners are visited?"
        )
    if found.cost != cost:
        return _wrong_cost(found, cost, world, problem)
    if theirs > states:
        return (
            f"your class reaches {theirs:,} states, more than the {states:,} this problem "
            "needs: your state remembers something the future does not depend on (every cell "
            "visited, the path, the order of the corners?). Two walks on the same cell with "
            "the same corners still to visit have the same future: make them one state."
        )
    if theirs < states:
        return (
            f"your class reaches {theirs:,} states, fewer than the {states:,} this problem "
            "needs: two walks with different corners still to visit share a state."
        )
    return ""


def _walk(world: GridWorld, actions: list[Any]) -> tuple[list[Cell], float] | None:
    """The cells *actions* walk through from the start, and its cost; None if one is no step."""
    cells, total = [world.start], 0.0
    for action in actions:
        moves = {name: (target, step) for name, target, step in world.successors(cells[-1])}
        if action not in moves:
            return None
        target, step = moves[action]
        cells.append(target)
        total += step
    return cells, total


def _cells_held(state: object) -> list[frozenset[Any]]:
    """The collections of cells inside a tuple *state*."""
    held = []
    for part in state if isinstance(state, tuple) else ():
        if isinstance(part, (set, frozenset)) or (
            isinstance(part, (tuple, list)) and all(isinstance(x, tuple) for x in part)
        ):
            held.append(frozenset(part))
    return held


def _on_a_cheapest_walk(world: GridWorld, problem: Problem) -> str:
    """Walk the student's class along a cheapest visit of the corners: what goes wrong."""
    walk = uniform_cost(as_problem(_Corners(world)), check_solvable=False).actions or []
    corners, cell, state = set(corner_cells(world)), world.start, problem.start
    visited = {world.start}
    for action in walk:
        moves = {name: after for name, after, _ in problem.successors(state)}
        cells = {name: target for name, target, _ in world.successors(cell)}
        if action not in moves or action not in cells:
            return ""
        before, state, cell = state, moves[action], cells[action]
        if cell in corners and cell not in visited:
            visited.add(cell)
            held = _cells_held(state)
            if held and held == _cells_held(before) and any(cell in part for part in held):
                return (
                    f"after stepping onto the corner {cell} your state still lists it as to "
                    "visit: a corner is visited as soon as the walk stands on it, not when "
                    "it steps off."
                )
    if not problem.is_goal(state):
        return (
            "your is_goal says no in a state where every corner has been visited: "
            f"{state!r}. Once all four corners are visited, the walk is done, "
            "wherever it stands: what else does your is_goal ask for?"
        )
    return ""


def _wrong_cost(found: Any, cost: float, world: GridWorld, problem: Problem) -> str:
    walked = _walk(world, found.actions)
    if walked is not None:
        cells, total = walked
        missing = [corner for corner in corner_cells(world) if corner not in cells]
        if missing:
            return (
                f"uniform-cost search on your class stops after a walk of cost {found.cost:g} "
                f"that never reaches the corner {missing[0]}: does is_goal ask for all four?"
            )
        if abs(total - found.cost) > 1e-9:
            return (
                f"the walk uniform-cost search finds costs {total:g} on this map, but your "
                f"successors make it {found.cost:g}: give each step the cost of the cell it "
                "enters, as the world's own successors say."
            )
    higher = found.cost > cost
    walked_along = _on_a_cheapest_walk(world, problem) if higher else ""
    if walked_along:
        return walked_along
    return (
        f"the cheapest walk on your class costs {found.cost:g}, "
        f"{'more' if higher else 'less'} than the cheapest visit of all four corners: "
        + (
            "does your class miss some steps, or make steps dearer than the world does?"
            if higher
            else "are your step costs those of the world, and is every corner needed?"
        )
    )


@guarded_check("your class", prepare=_prepare)
def check_corners(problem_class: Any) -> bool:
    """Check the student's corners problem, ``problem_class(world)`` with ``start``,
    ``is_goal`` and ``successors``: on :func:`held_out_mazes`, the reference's cheapest cost
    and as many states as ``(cell, corners still to visit)``.

    >>> check_corners(...)
    Not yet: replace ... with your class (no brackets): answer_10_1 = Corners.
    False
    """
    refusal = _refusal(problem_class, "answer_10_1 = Corners")
    if refusal:
        return fail(refusal)
    trouble = _corners_trouble(problem_class)
    if trouble:
        return fail(trouble)
    mazes = len(held_out_mazes())
    return passed(
        f"On {mazes} mazes the lesson never shows, your class finds the cheapest visit of all "
        "four corners and reaches exactly as many states as (cell, corners still to visit): "
        "it remembers what the future needs, and nothing more."
    )
