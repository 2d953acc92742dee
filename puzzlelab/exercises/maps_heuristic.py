"""Lesson 10's heuristic for the corners problem, graded as CS188 grades it: by the nodes
A* expands (counts, never time).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

from ..analysis.distances import check_heuristic, cost_table
from ..errors import ProblemError, one_line
from ..puzzles import GridWorld, maze
from ..puzzles.grid import Cell
from ..search import astar
from .answers import fail, passed
from .maps import (
    CornersState,
    _borrowing,
    _cheapest,
    _Corners,
    _corners_trouble,
    _moved_start,
    _prepare,
    _problem_of,
    _Raised,
    _refusal,
    _with_terrain,
    _zero,
    held_out_mazes,
)
from .sandbox import guarded_check


def _manhattan(cell: Cell, other: Cell) -> int:
    return abs(cell[0] - other[0]) + abs(cell[1] - other[1])


def _farthest(state: CornersState) -> float:
    """Manhattan distance to the farthest corner still to visit."""
    cell, left = state
    return max((_manhattan(cell, corner) for corner in left), default=0)


def _tour(state: CornersState) -> float:
    """The shortest walk through every corner still to visit, walls ignored."""
    cell, left = state
    return min((sum(_manhattan(a, b) for a, b in zip((cell, *order), order))
                for order in itertools.permutations(left)), default=0)  # fmt: skip


REFERENCES: dict[str, Callable[[CornersState], float]] = {
    "uniform cost (h = 0)": _zero,
    "a good heuristic": _farthest,  # Manhattan to the farthest corner left
    "an excellent heuristic": _tour,  # Manhattan along the shortest tour of the corners left
}


@functools.cache
def graded_mazes() -> dict[str, GridWorld]:
    """Return the larger mazes A* is graded on, ``{name: world}``.

    >>> {name: (world.rows, world.cols) for name, world in graded_mazes().items()}
    {'maze A': (25, 31), 'maze B': (31, 31), 'maze C': (15, 41)}
    """
    return {
        "maze A": _moved_start(maze(25, 31, seed=202, loops=0.5)),
        "maze B": _moved_start(maze(31, 31, seed=204, loops=0.6)),
        "maze C": _moved_start(_with_terrain(maze(15, 41, seed=205, loops=0.4), 205)),
    }


#: Nodes A* may expand over :func:`graded_mazes` for a pass. Measured: h = 0 expands 18,566;
#: the corners left 18,249; Manhattan to the nearest corner left (the exercise's hint) 13,494;
#: to the farthest 11,264 (GOOD_NODES); along the shortest tour 5,383 (BEST_NODES).
PASS_NODES = 12_000
GOOD_NODES = 11_300
BEST_NODES = 5_400


@functools.cache
def _reference_expansions() -> dict[str, list[int]]:
    """``{reference name: [nodes A* expands on each graded maze]}``."""
    return {
        name: [
            astar(_Corners(world), heuristic=h, check_solvable=False).stats.expanded
            for world in graded_mazes().values()
        ]  # fmt: skip
        for name, h in REFERENCES.items()
    }


@functools.cache
def _graded_costs() -> tuple[float, ...]:
    return tuple(_cheapest(_Corners(world)) for world in graded_mazes().values())


def _prepare_heuristic() -> None:
    _prepare()
    _reference_expansions()
    _graded_costs()


def _expansions_table(yours: list[int]) -> str:
    """The nodes A* expands on each graded maze with *yours* and each reference heuristic.

    >>> print(_expansions_table([5, 6, 7]).splitlines()[1])
    your heuristic                                              5        6        7       18
    """
    names = list(graded_mazes())
    width = max(len(name) for name in REFERENCES) + 2
    lines = ["nodes expanded by A*".ljust(width) + "".join(f"{n:>9}" for n in names) + "    total"]
    for name, row in [("your heuristic", yours), *_reference_expansions().items()]:
        lines.append(name.ljust(width) + "".join(f"{n:>9,}" for n in [*row, sum(row)]))
    lines.append(f"a pass: {PASS_NODES:,} or fewer in total")
    return "\n".join(lines)


def _heuristic_trouble(problem_class: type) -> tuple[str, list[int]]:
    """What is wrong with *problem_class*'s ``heuristic`` (``""`` if nothing), and the nodes
    A* expands with it on :func:`graded_mazes`."""
    trouble = _corners_trouble(problem_class, _heuristic_on_small)
    if trouble:
        return trouble, []
    yours = []
    for (name, world), cost in zip(graded_mazes().items(), _graded_costs()):
        try:
            _, problem = _problem_of(problem_class, world, heuristic=True)
            found = astar(problem, check_solvable=False, max_nodes=10 * PASS_NODES)
        except (_Raised, ProblemError) as error:
            return f"on {name}, {error}.", []
        if found.cost != cost:
            return (f"on {name}, A* with your heuristic found a walk of cost {found.cost}, not "
                    f"the cheapest ({cost:g}): it must overestimate somewhere.", [])  # fmt: skip
        yours.append(found.stats.expanded)
    if sum(yours) > PASS_NODES:
        none = sum(_reference_expansions()["uniform cost (h = 0)"])
        return (
            f"your heuristic never overestimates, but A* with it expands {sum(yours):,} nodes, "
            f"more than the {PASS_NODES:,} a pass allows (with no heuristic: {none:,}). What "
            "does every walk from here still have to cover? Try the distance to a corner "
            "still to visit (which one?), or a walk through all of them, walls ignored.",
            yours,
        )
    return "", yours


def _heuristic_on_small(problem_class: type, name: str) -> str:
    """Why the heuristic is not admissible and consistent on the small maze *name*, or ``""``."""
    instance, problem = _problem_of(problem_class, held_out_mazes()[name])
    borrowing = _borrowing(instance, problem, ("heuristic",))
    if borrowing:
        return borrowing
    table = cost_table(instance)
    said: dict[Any, Any] = {}
    for state in table:
        try:
            said[state] = instance.heuristic(state)
        except Exception as error:  # a student's method may fail in any way: say where
            return f"your heuristic raised {one_line(error)} in state {state!r}."
        if said[state] is None or said[state] is Ellipsis:
            return "your heuristic returns nothing yet: return a number, your estimate."

    def your_heuristic(state: Any) -> Any:
        return said[state]

    report = check_heuristic(instance, your_heuristic, table)
    if report.overestimates:
        state, h, cost = report.overestimates[0]
        return (
            f"your heuristic overestimates: in state {state!r} it says {h:g}, but the corners "
            f"left can all be visited for {cost:g}. Which part of it counts a walk that a "
            "shorter one avoids?"
        )
    if report.goal_h:
        return f"your heuristic says {report.goal_h:g} at a goal state; it must say 0 there."
    if report.inconsistencies:
        state, after, h_state, h_after = report.inconsistencies[0]
        return (
            f"your heuristic never overestimates, but it is not consistent: it drops from "
            f"{h_state:g} to {h_after:g} in one step, {state!r} -> {after!r}, by more than "
            "the step costs. A* may then expand a state twice."
        )
    return ""


@guarded_check("your class", prepare=_prepare_heuristic)
def check_corners_heuristic(problem_class: Any) -> bool:
    """Check the ``heuristic`` of the student's corners class: admissible and consistent on
    :func:`held_out_mazes`, and A* expands at most :data:`PASS_NODES` on :func:`graded_mazes`.

    >>> check_corners_heuristic(...)
    Not yet: replace ... with your class (no brackets): answer_10_2 = Corners.
    False
    """
    refusal = _refusal(problem_class, "answer_10_2 = Corners")
    if refusal:
        return fail(refusal)
    if not callable(getattr(problem_class, "heuristic", None)):
        return fail("add a method heuristic(self, state) to your class: an estimate of the "
                    "cost still to come.")  # fmt: skip
    trouble = _corners_trouble(problem_class)
    if trouble:
        return fail(f"first make check_corners pass: {trouble}")
    trouble, yours = _heuristic_trouble(problem_class)
    if trouble:
        return fail(trouble + ("\n" + _expansions_table(yours) if yours else ""))
    total = sum(yours)
    grade = (
        "as few as the excellent reference: excellent"
        if total <= BEST_NODES
        else "as few as the good reference: good"
        if total <= GOOD_NODES
        else "a pass; the table shows how much more a heuristic can save"
    )
    return passed(
        f"Your heuristic is admissible and consistent on every state of "
        f"{len(held_out_mazes())} small mazes, "
        f"and A* expands {total:,} nodes on the graded mazes, {grade}.\n" + _expansions_table(yours)
    )
