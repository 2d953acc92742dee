"""Exercise 4 of lesson 4: the searches' properties, each cell measured: **complete** in an
:class:`EndlessTree`, **optimal** on 2x3 boards, **time** and **space** by how the nodes
expanded and the largest frontier grow with the goal's depth d (or the trees' depth m).

>>> check_properties(...)
Not yet: replace ... with your table: a dict of 7 rows, one per search, as in the lesson.
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any

from ..analysis.distances import distance_table
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import State
from ..results import SearchResult
from ..search import ALGORITHMS
from .answers import fail, not_answered, passed
from .sandbox import guarded_check

SEARCHES = ("bfs", "dfs", "uniform_cost", "greedy", "astar", "iddfs", "bidirectional")
COLUMNS = ("complete", "optimal", "time", "space")
GROWTHS = ("b^d", "b^(d/2)", "bd", "b^m", "bm")
#: A search that has not found a goal 3 moves away after this many nodes is not complete.
PATIENCE = 1_000
DEPTHS = (3, 4, 5, 6, 7)

#: Letter k undone by letter UNDO[k].
UNDO = (2, 3, 0, 1)

#: A state of the :class:`EndlessTree`: the letters 0-3 of the moves that lead there.
Word = tuple[int, ...]


class EndlessTree:
    """An endless tree with b = 3: a state is a word of letters 0-3, a move appends a letter
    or removes the last one it undoes. With *deepest*, no word is longer than that.

    >>> tree = EndlessTree(goal=(0, 1))
    >>> [after for _, after, _ in tree.successors((0,))]
    [(0, 0), (0, 1), (), (0, 3)]
    """

    def __init__(self, goal: Iterable[int], deepest: int | None = None) -> None:
        self.start: Word = ()
        self.goal: Word = tuple(goal)
        self.deepest = deepest

    def neighbours(self, state: Word) -> list[tuple[int, Word]]:
        found = []
        for letter in range(4):
            if state and state[-1] == UNDO[letter]:
                found.append((letter, state[:-1]))
            elif self.deepest is None or len(state) < self.deepest:
                found.append((letter, state + (letter,)))
        return found

    def successors(self, state: Word) -> list[tuple[int, Word, int]]:
        return [(letter, after, 1) for letter, after in self.neighbours(state)]

    def predecessors(self, state: Word) -> list[tuple[int, Word]]:
        return [(UNDO[letter], before) for letter, before in self.neighbours(state)]

    def is_goal(self, state: Word) -> bool:
        return state == self.goal

    def heuristic(self, state: Word) -> int:
        """1 on the way to the goal, 0 elsewhere: never too much, and no help at all."""
        return int(state != self.goal and self.goal[: len(state)] == state)


def _runs(
    name: str, depth: int, deepest: int | None = None, max_nodes: int | None = None
) -> list[SearchResult]:
    """Runs of search *name* to two goals at *depth*."""
    search = ALGORITHMS[name]
    goals = [(0,) * depth, (3,) * depth]
    return [search(EndlessTree(goal, deepest), max_nodes=max_nodes) for goal in goals]


def _completeness(name: str) -> tuple[bool, str]:
    runs = _runs(name, 3, max_nodes=PATIENCE)
    if all(run.solved for run in runs):
        spent = max(run.stats.expanded for run in runs)
        return True, f"found a goal 3 moves away in an endless tree after at most {spent} nodes"
    deepest = max(max(run.stats.expanded_by_depth, default=0) for run in runs)
    return False, (
        f"was still searching for a goal 3 moves away in an endless tree after {PATIENCE:,} "
        f"nodes, {deepest} moves deep"
    )


@lru_cache(maxsize=1)
def _sample_boards() -> tuple[Mapping[State, int], tuple[State, ...]]:
    table = distance_table(SlidingPuzzle(shape=(2, 3)))
    return table, tuple(sorted(table)[::10])


def _optimality(name: str) -> tuple[bool, str]:
    table, boards = _sample_boards()
    puzzle = SlidingPuzzle(shape=(2, 3))
    search = ALGORITHMS[name]
    for board in boards:
        start = puzzle.with_start(board)
        found = search(start, "manhattan") if name in ("greedy", "astar") else search(start)
        if found.cost != table[board]:
            shown = puzzle.render(board).replace("\n", " / ")
            return False, (
                f"returned {found.cost} moves on the 2x3 board {shown}, "
                f"where {table[board]} suffice"
            )
    return True, f"returned a shortest path on all {len(boards)} sample boards of the 2x3 puzzle"


def _growths(name: str, finishes: bool) -> dict[str, tuple[str, str]]:
    """Measure ``{"time": (growth, why), "space": (growth, why)}`` for search *name*."""
    letter, depths = "d" if finishes else "m", DEPTHS
    runs = [_runs(name, depth) if finishes else _runs(name, 2, deepest=depth) for depth in depths]
    times = [max(run.stats.expanded for run in pair) for pair in runs]
    spaces = [max(run.stats.max_frontier for run in pair) for pair in runs]
    where = (
        f"in an endless tree, for goals d = {depths[0]} to {depths[-1]} moves away"
        if finishes
        else f"it never finishes in an endless tree, and in trees whose paths end at depth "
        f"m = {depths[0]} to {depths[-1]} (goal 2 moves away)"
    )
    found: dict[str, tuple[str, str]] = {}
    for column, counts, what in (("time", times, "nodes expanded"),
                                 ("space", spaces, "largest frontier")):  # fmt: skip
        factor = (counts[-1] / counts[0]) ** (1 / (len(counts) - 1))  # per step, on average
        kind = (
            f"b^{letter}" if factor >= 2.4 else f"b^({letter}/2)" if factor >= 1.5 else f"b{letter}"
        )
        shown = ", ".join(f"{count:,}" for count in counts)
        if kind == f"b{letter}":
            step = (counts[-1] - counts[0]) / (len(counts) - 1)
            pace = f"+{step:.0f} per level of {letter}"
        else:
            pace = f"x{factor:.1f} per level of {letter}"
        found[column] = (kind, f"{where}, its {what} went {shown} ({pace})")
    return found


@cache
def measured(name: str) -> dict[str, tuple[bool | str, str]]:
    """Return ``{column: (value, why)}`` for search *name*, measured."""
    complete = _completeness(name)
    return {"complete": complete, "optimal": _optimality(name), **_growths(name, complete[0])}


def _normal(growth: object) -> str | None:
    """*growth* as :data:`GROWTHS` writes it, or ``None``."""
    if not isinstance(growth, str):
        return None
    text = growth.lower().replace(" ", "").replace("**", "^").replace("·", "").replace("*", "")
    if text.startswith("o(") and text.endswith(")"):
        text = text[2:-1]
    text = {"b^d/2": "b^(d/2)", "b^(d)": "b^d", "b^(m)": "b^m"}.get(text, text)
    return text if text in GROWTHS else None


def _cell_trouble(name: str, column: str, given: object) -> str | None:
    """Why the cell (*name*, *column*) is wrong; ``None`` if right, ``""`` if empty."""
    if not_answered(given):
        return ""
    truth, why = measured(name)[column]
    if column in ("complete", "optimal"):
        if not isinstance(given, bool):
            return f"{name}, {column}: write True or False, not {given!r}."
        return None if given == truth else f"{name}, {column}: you wrote {given}, but it {why}."
    normal = _normal(given)
    if normal is None:
        return f"{name}, {column}: write one of {', '.join(GROWTHS)}, not {given!r}."
    return None if normal == truth else f"{name}, {column}: you wrote {normal}, but {why}."


@guarded_check("your answer")
def check_properties(table: Any) -> bool:
    """Check a table ``{search: (complete, optimal, time, space)}`` of the searches'
    properties, every cell against the searches themselves.

    >>> check_properties({name: (True, True, "b^d", "b^d") for name in SEARCHES})
    Not yet: 11 of the 28 cells are wrong. dfs, complete: you wrote True, but it was ...
    False
    """
    if not_answered(table):
        return fail(
            "replace ... with your table: a dict of 7 rows, one per search, as in the lesson."
        )
    if not isinstance(table, dict):
        return fail(f"give a dict with one row per search, not a {type(table).__name__}.")
    unknown = [name for name in table if name not in SEARCHES]
    if unknown:
        return fail(
            f"{unknown[0]!r} is not one of the searches; the rows are {', '.join(SEARCHES)}."
        )
    missing = [name for name in SEARCHES if name not in table]
    if missing:
        return fail(f"the row for {missing[0]} is missing.")
    for name, row in table.items():
        if not isinstance(row, (tuple, list)) or len(row) != len(COLUMNS):
            return fail(f"the row for {name} must hold 4 cells: (complete, optimal, time, space).")
    cells = [
        (name, column, table[name][k]) for name in SEARCHES for k, column in enumerate(COLUMNS)
    ]
    verdicts = [_cell_trouble(name, column, given) for name, column, given in cells]
    wrong = [verdict for verdict in verdicts if verdict]
    empty = sum(verdict == "" for verdict in verdicts)
    if empty == len(cells):
        return fail(
            'replace the ... in the table: True or False, then growths such as "b^d" or "bm".'
        )
    if wrong:
        return fail(
            f"{len(wrong)} of the {len(cells)} cells are wrong"
            + (f" and {empty} {'is' if empty == 1 else 'are'} not filled in yet" if empty else "")
            + ". "
            + " ".join(wrong[:3])
        )
    if empty:
        return fail(f"the cells you filled in are right; {empty} are not filled in yet.")
    both = [
        name for name in SEARCHES if measured(name)["complete"][0] and measured(name)["optimal"][0]
    ]
    small = [name for name in both if measured(name)["space"][0] in ("bd", "bm")]
    text = (
        f"Every cell agrees with what the searches did. {len(both)} of the {len(SEARCHES)} "
        f"searches are complete and optimal ({', '.join(both)})"
    )
    if small:
        return passed(
            text + f"; of those, only {' and '.join(small)} keeps a frontier that grows linearly."
        )
    return passed(text + ".")
