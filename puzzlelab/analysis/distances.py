"""Exact distances to the goal, and heuristics checked against them."""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from dataclasses import dataclass, field
from html import escape
from typing import Any

import numpy as np

from ..errors import ProblemError, PuzzleError, whole_number
from ..limits import DEFAULT, DEFAULT_MAX_MEMORY_MB, Budget, LimitReached, MemoryLimit, TimeLimit
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding_boards import State
from ..search.problem import Heuristic, Problem, Searchable, as_problem
from ..solvers.patterns import UNSET, PatternDatabase, placement_positions

#: How far above the truth a heuristic may come: rounding of sums of diagonal steps (sqrt 2).
ROUNDING = 1 + 1e-9

MAX_STATES = 5_000_000


def distance_table(
    puzzle: Searchable, max_states: int = MAX_STATES, **limits: Any
) -> Mapping[Any, int]:
    """Return ``{state: fewest moves to the goal}`` for every state that can reach the goal (a
    :class:`DistanceTable` for a sliding puzzle); ProblemError if a limit stops it.

    >>> from puzzlelab.puzzles import SlidingPuzzle, WaterJugs
    >>> table = distance_table(SlidingPuzzle(shape=(2, 3)))
    >>> table[(4, 1, 3, 2, 0, 5)]
    5
    >>> jugs = distance_table(WaterJugs((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0)))
    >>> len(jugs), jugs[(8, 0, 0)], jugs[(4, 4, 0)]
    (24, 7, 0)
    """
    _only_limits("distance_table", limits)
    if type(puzzle) is SlidingPuzzle:  # a subclass may change the rules: it gets the search
        return _sliding_table(puzzle, max_states, **limits)
    table = {}
    try:
        for depth, layer in enumerate(distance_layers(puzzle, max_states, **limits)):
            table.update(dict.fromkeys(layer, depth))
    except LimitReached as stop:
        raise ProblemError(f"the distance table was not finished: {stop}") from None
    return table


def _only_limits(function: str, limits: dict[str, Any]) -> None:
    """Refuse a keyword of *limits* that is not a limit the table keeps to, in one line."""
    for name in limits:
        if name not in ("max_seconds", "max_memory_mb"):
            counts = " (it counts states)" if name == "max_nodes" else ""
            raise ProblemError(
                f"{function} takes no keyword {name!r}{counts}; it takes max_states, "
                "max_seconds and max_memory_mb"
            )


def _sliding_table(
    puzzle: SlidingPuzzle,
    max_states: int,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> DistanceTable:
    """The pattern database of every tile and the blank, as a table."""
    max_states = whole_number(max_states, "max_states", least=1)
    _refuse_early(puzzle, max_states)
    table_mb = math.factorial(puzzle.size) / 2**20  # one byte per order of the tiles
    bound = DEFAULT_MAX_MEMORY_MB if max_memory_mb == DEFAULT else max_memory_mb
    if bound is not None and table_mb > bound:
        raise ProblemError(
            f"the distance table would take {table_mb:,.0f} MB, more than max_memory_mb={bound}"
        )
    every_tile = [tile for tile in puzzle.goal if tile]
    try:
        database = PatternDatabase.build(
            puzzle, every_tile, blank=True, progress=False,
            max_seconds=max_seconds, max_memory_mb=max_memory_mb,
        )  # fmt: skip
    except PuzzleError as stop:  # what stopped it, in one line
        raise ProblemError(str(stop)) from None
    return DistanceTable(database)


class DistanceTable(Mapping[State, int]):
    """``{state: fewest moves to the goal}`` of a sliding puzzle: a read-only mapping over
    ``database``, the pattern database of every tile and the blank.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> table = distance_table(SlidingPuzzle(shape=(2, 3)))
    >>> table
    <DistanceTable: 360 positions of the 2x3 puzzle, 0 to 21 moves from the goal>
    >>> table[(1, 2, 3, 4, 0, 5)], (2, 1, 3, 4, 5, 0) in table
    (1, False)
    """

    def __init__(self, database: PatternDatabase) -> None:
        self.database = database
        self.placed = database.placed
        self.counts = np.bincount(database.table[database.table != UNSET]).tolist()

    def __repr__(self) -> str:
        rows, cols = self.database.shape
        return (f"<DistanceTable: {len(self):,} positions of the {rows}x{cols} puzzle, "
                f"0 to {len(self.counts) - 1} moves from the goal>")  # fmt: skip

    def __len__(self) -> int:
        return sum(self.counts)

    def __getitem__(self, state: State) -> int:
        if isinstance(state, tuple) and len(state) == len(self.placed):
            try:
                cells = [state.index(tile) for tile in self.placed]
            except ValueError:  # a tile of another puzzle, or one missing
                raise KeyError(state) from None
            distance = int(self.database.table[_rank_of(cells)])
            if distance != UNSET:
                return distance
        raise KeyError(state)

    def __iter__(self) -> Iterator[State]:
        for ranks, _ in self._chunks():
            yield from self._states(ranks)

    def values(self) -> ValuesView[int]:
        return _Distances(self)

    def items(self) -> ItemsView[State, int]:
        return _Entries(self)

    def _chunks(self, size: int = 1 << 16) -> Iterator[tuple[np.ndarray, list[int]]]:
        """The ranks of the reachable positions and their distances, a chunk at a time."""
        table = self.database.table
        for start in range(0, len(table), size):
            ranks = start + np.flatnonzero(table[start : start + size] != UNSET)
            yield ranks, table[ranks].tolist()

    def _states(self, ranks: np.ndarray) -> list[State]:
        size = len(self.placed)
        cells = placement_positions(ranks, size, size)
        boards = np.empty(cells.shape, dtype=np.uint8)
        np.put_along_axis(boards, cells, np.array(self.placed, dtype=np.uint8), axis=1)
        flat = boards.tobytes()  # a tuple of bytes is a tuple of ints: quicker than tolist()
        return [tuple(flat[start : start + size]) for start in range(0, len(flat), size)]


class _Distances(ValuesView[int]):
    _mapping: DistanceTable

    def __iter__(self) -> Iterator[int]:
        for _, distances in self._mapping._chunks():
            yield from distances


class _Entries(ItemsView[State, int]):
    _mapping: DistanceTable

    def __iter__(self) -> Iterator[tuple[State, int]]:
        for ranks, distances in self._mapping._chunks():
            yield from zip(self._mapping._states(ranks), distances)


def _rank_of(cells: list[int]) -> int:
    """The rank of one placement, as ``placement_ranks`` gives it."""
    rank, taken = 0, 0  # taken: a bit for each cell the tiles before hold
    for i, cell in enumerate(cells):
        rank = rank * (len(cells) - i) + cell - (taken & ((1 << cell) - 1)).bit_count()
        taken |= 1 << cell
    return rank


def distance_layers(
    puzzle: Searchable,
    max_states: int = MAX_STATES,
    *,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> Iterator[list[Any]]:
    """Yield the states 0, 1, 2, ... moves from the goal (breadth-first along ``predecessors``)
    A limit raises :class:`~puzzlelab.limits.LimitReached`; the layers yielded are exact.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> [len(layer) for layer in distance_layers(SlidingPuzzle(shape=(2, 2)))]
    [1, 2, 2, 2, 2, 2, 1]
    """
    problem = as_problem(puzzle)
    if problem.goal is None or problem.predecessors is None:
        raise ProblemError("a distance table needs a puzzle with one goal state and predecessors()")
    max_states = whole_number(max_states, "max_states", least=1)
    _refuse_early(puzzle, max_states)
    budget = Budget(max_states, max_seconds, max_memory_mb, what="states", nodes_name="max_states")
    predecessors, seen, layer = problem.predecessors, {problem.goal}, [problem.goal]
    next_look: float = 0  # when to ask the budget again
    while layer:
        yield layer
        next_layer = []
        for state in layer:
            if len(seen) > next_look:
                next_look = budget.checkpoint(len(seen) - 1)
            for _, before in predecessors(state):
                if before not in seen:
                    seen.add(before)
                    next_layer.append(before)
        layer = next_layer


def cost_table(
    puzzle: Searchable, max_states: int = MAX_STATES, **limits: Any
) -> Mapping[Any, float]:
    """Return ``{state: cheapest cost to a goal}`` for every state that can reach one: Dijkstra's
    algorithm backwards from the goal, or (no single ``goal`` or ``predecessors``) from every goal
    found by exploring forward from the start.

    >>> from puzzlelab.puzzles import GridWorld
    >>> world = GridWorld("S9G\\n...")  # the 9 costs more than going round it
    >>> table = cost_table(world)
    >>> table[world.start], distance_table(world)[world.start]
    (4, 2)
    """
    _only_limits("cost_table", limits)
    if isinstance(puzzle, SlidingPuzzle):
        return distance_table(puzzle, max_states, **limits)
    problem = as_problem(puzzle)
    max_states = whole_number(max_states, "max_states", least=1)
    budget = Budget(max_states, what="states", nodes_name="max_states", **limits)
    try:
        if problem.goal is None or problem.predecessors is None:
            goals, before = _explored(problem, budget)
            return _dijkstra(goals, lambda state, costs: before[state], budget)

        def steps_into(state: Any, costs: Mapping[Any, float]) -> Iterator[tuple[Any, float]]:
            for action, earlier in problem.predecessors(state):  # type: ignore[misc]
                if earlier not in costs:  # a step cost asks successors(): only where needed
                    yield earlier, problem.step_cost(earlier, action, state)

        return _dijkstra([problem.goal], steps_into, budget)
    except LimitReached as stop:
        raise ProblemError(f"the cost table was not finished: {stop}") from None


def _explored(problem: Problem, budget: Budget) -> tuple[list[Any], dict[Any, list]]:
    """``(goals, {state: [(state before, step cost), ...]})`` of every state the start reaches."""
    before: dict[Any, list[tuple[Any, float]]] = {problem.start: []}
    goals, waiting = [], [problem.start]
    next_look: float = 0  # when to ask the budget again
    while waiting:
        state = waiting.pop()
        if problem.is_goal(state):
            goals.append(state)
        if len(before) > next_look:
            next_look = budget.checkpoint(len(before) - 1)
        for _, after, step in problem.successors(state):
            if after not in before:
                before[after] = []
                waiting.append(after)
            before[after].append((state, step))
    return goals, before


def _dijkstra(
    goals: list[Any],
    steps_into: Callable[[Any, Mapping[Any, float]], Iterable[tuple[Any, float]]],
    budget: Budget,
) -> dict[Any, float]:
    """Costs from Dijkstra's algorithm outward from *goals*, along ``steps_into(state, costs)``."""
    costs: dict[Any, float] = {}
    arrivals = itertools.count()  # of equal costs, the first found first: states need no order
    waiting: list[tuple[float, int, Any]] = [(0, next(arrivals), goal) for goal in goals]
    next_look: float = 0  # when to ask the budget again
    while waiting:
        cost, _, state = heapq.heappop(waiting)
        if state in costs:
            continue  # reached more cheaply before
        costs[state] = cost
        if len(costs) > next_look:
            next_look = budget.checkpoint(len(costs) - 1)
        for earlier, step in steps_into(state, costs):
            if earlier not in costs:
                heapq.heappush(waiting, (cost + step, next(arrivals), earlier))
    return costs


def _refuse_early(puzzle: Searchable, max_states: int) -> None:
    """Refuse a puzzle that says it has more than *max_states* states."""
    count = getattr(puzzle, "reachable_states", None)
    if count is not None and count > max_states:
        raise ProblemError(
            f"{count:,} states are too many to tabulate (at most {max_states:,}); "
            "use a smaller board (2x2 up to 2x5 or 3x3) or raise max_states"
        )


def depth_histogram(table: Mapping[Any, int]) -> list[int]:
    """Return ``counts`` where ``counts[d]`` is how many states of *table* are *d* moves away.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> counts = depth_histogram(distance_table(SlidingPuzzle(shape=(2, 3))))
    >>> counts[:6], len(counts) - 1, counts[-1]  # one board is 21 moves away
    ([1, 2, 3, 5, 6, 7], 21, 1)
    """
    if isinstance(table, DistanceTable):
        return list(table.counts)
    if not isinstance(table, Mapping):
        raise ProblemError(f"table is {{state: moves}}, as distance_table gives it, not "
                           f"{type(table).__name__}")  # fmt: skip
    return np.bincount(list(table.values())).tolist()


def farthest(table: Mapping[Any, int]) -> list:
    """Return the states farthest from the goal, sorted.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> farthest(distance_table(SlidingPuzzle(shape=(2, 2))))
    [(0, 3, 2, 1)]
    """
    longest = max(table.values())
    if isinstance(table, DistanceTable):
        return sorted(table._states(np.flatnonzero(table.database.table == longest)))
    return sorted(state for state, distance in table.items() if distance == longest)


@dataclass
class HeuristicReport:
    """What :func:`check_heuristic` found: is the heuristic admissible, consistent, informed?

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle(shape=(2, 3))
    >>> check_heuristic(puzzle, "misplaced")
    <misplaced: admissible, consistent; informed 38% (mean h 4.17 vs true 12.62) over 360 states>
    >>> report = check_heuristic(puzzle, lambda state: 2 * puzzle.manhattan(state))
    >>> report.admissible, report.overestimates[0]  # (state, h, true distance)
    (False, ((0, 4, 5, 2, 3, 1), 22, 11))
    """

    name: str
    admissible: bool
    consistent: bool
    #: The worst ``(state, h, distance)``.
    overestimates: list[tuple[Any, float, float]] = field(default_factory=list)
    #: The worst ``(state, next_state, h_state, h_next)``.
    inconsistencies: list[tuple[Any, Any, float, float]] = field(default_factory=list)
    mean_ratio: float = 0.0  # of h / distance
    mean_h: float = 0.0
    mean_distance: float = 0.0
    states: int = 0
    goal_h: float = 0

    def __repr__(self) -> str:
        verdict = "admissible" if self.admissible else "NOT admissible"
        verdict += ", consistent" if self.consistent else ", NOT consistent"
        text = (
            f"<{self.name}: {verdict}; informed {self.mean_ratio:.0%} "
            f"(mean h {self.mean_h:.2f} vs true {self.mean_distance:.2f}) "
            f"over {self.states:,} states"
        )
        if self.overestimates:
            state, h, d = self.overestimates[0]
            text += f"; e.g. h{state} = {_shown(h)} > {_shown(d)}"
        if not self.consistent:
            text += f"; {self.first_inconsistency()}"
        return text + ">"

    def first_inconsistency(self) -> str:
        """Return the move where consistency breaks, in words (``""`` if it holds)."""
        if self.goal_h != 0:
            return f"h(goal) = {self.goal_h}, not 0"
        if not self.inconsistencies:
            return ""
        state, after, h_state, h_after = self.inconsistencies[0]
        return (f"h drops from {_shown(h_state)} to {_shown(h_after)} in one move, "
                f"{state} -> {after}")  # fmt: skip

    def _repr_html_(self) -> str:
        def mark(ok: bool) -> str:
            return "yes" if ok else "<b style='color:#c0392b'>no</b>"

        rows = [
            ("admissible (never overestimates)", mark(self.admissible)),
            ("consistent (h drops by at most a move's cost, 0 at the goal)", mark(self.consistent)),
            ("mean h / true distance", f"{self.mean_ratio:.3f}"),
            ("states checked", f"{self.states:,}"),
        ]
        if self.overestimates:
            state, h, d = self.overestimates[0]
            worst = f"h{state} = {_shown(h)}, true distance {_shown(d)}"
            rows.append(("worst overestimate", escape(worst)))
        if not self.consistent:
            rows.append(("worst inconsistency", escape(self.first_inconsistency())))
        body = "".join(
            f"<tr><th style='text-align:left'>{k}</th><td>{v}</td></tr>" for k, v in rows
        )
        return f"<table><caption><b>{escape(self.name)}</b></caption>{body}</table>"


def _shown(number: float) -> str:
    """*number* with six figures at most."""
    return f"{number:.6g}" if isinstance(number, float) else str(number)


def check_heuristic(
    puzzle: Searchable,
    heuristic: Heuristic | str,
    table: Mapping[Any, float] | None = None,
    worst: int = 5,
) -> HeuristicReport:
    """Compare *heuristic* (a function or a name) with the exact cost to the goal of every state
    (*table*: :func:`cost_table`'s, if known); keep the *worst* counterexamples.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle(shape=(2, 3))
    >>> check_heuristic(puzzle, "manhattan").admissible
    True
    >>> def left_only(state):
    ...     return puzzle.manhattan(state) if state.index(0) % 3 == 0 else 0
    >>> report = check_heuristic(puzzle, left_only)
    >>> report.admissible, report.consistent
    (True, False)
    """
    if (isinstance(puzzle, str) or callable(puzzle)) and hasattr(heuristic, "successors"):
        raise ProblemError(
            "check_heuristic takes the puzzle first, then the heuristic: "
            "check_heuristic(puzzle, heuristic)"
        )
    problem = as_problem(puzzle, heuristic)
    name = heuristic if isinstance(heuristic, str) else getattr(heuristic, "__name__", "heuristic")
    worst = whole_number(worst, "worst (how many counterexamples to keep)", least=0)
    table = cost_table(puzzle) if table is None else table
    if not isinstance(table, Mapping) or not table or (
            problem.goal is not None and problem.goal not in table):  # fmt: skip
        raise ProblemError(
            "table is {state: cost to the goal} for every state, the goal's 0 among them, as "
            "cost_table(puzzle) gives it (or leave it out)"
        )
    prefetch(heuristic, table)
    values = {state: problem.heuristic(state) for state in table}
    over, drops, ratios = [], [], []
    for (state, value), distance in zip(values.items(), table.values()):  # one pass over states
        if value > distance * ROUNDING:
            over.append((value - distance, state, value, distance))
        if distance:
            ratios.append(value / distance)
        for _, after, step in problem.successors(state):
            if after in values and value > (step + values[after]) * ROUNDING:  # not a dead end
                drops.append((value - values[after] - step, state, after, value, values[after]))
    if problem.goal is not None:
        goal_h = values[problem.goal]
    else:  # every goal state: the worst h among them
        at_goals = [values[s] for s, d in table.items() if d == 0 and problem.is_goal(s)]
        goal_h = max(at_goals, key=abs, default=0)
    over.sort(key=lambda row: (-row[0], row[1]))
    drops.sort(key=lambda row: (-row[0], row[1]))
    return HeuristicReport(
        name=name,
        admissible=not over,
        consistent=not drops and goal_h == 0,
        overestimates=[row[1:] for row in over[:worst]],
        inconsistencies=[row[1:] for row in drops[:worst]],
        mean_ratio=sum(ratios) / len(ratios) if ratios else 1.0,
        mean_h=sum(values.values()) / len(values),
        mean_distance=sum(table.values()) / len(table),
        states=len(table),
        goal_h=goal_h,
    )


def prefetch(function: object, states: Iterable[Any]) -> None:
    """Let *function* work out its values on all *states* at once, if it can: a function that
    lives in another process (in the grader, a student's function stays in its kernel) is then
    asked a few times, not once a state. Any other function is left alone.

    >>> prefetch(len, [(1, 2), (3,)])  # a function here: nothing to do
    """
    ask_ahead = getattr(function, "__puzzlelab_prefetch__", None)
    if callable(ask_ahead):
        ask_ahead(list(states))


def effective_branching(nodes: int, depth: int) -> float:
    """Return b*, the branching factor of a uniform tree of *depth* that holds *nodes* + 1 nodes:
    N + 1 = 1 + b* + ... + b*^d (AIMA 3.6.1).

    >>> effective_branching(2 + 4 + 8, 3)  # a full binary tree of depth 3
    2.0
    """
    nodes = whole_number(nodes, "nodes", least=0)
    depth = whole_number(depth, "depth", least=1)
    if nodes.bit_length() > 1000:
        digits = int(nodes.bit_length() * math.log10(2)) + 1
        raise ProblemError(f"nodes has about {digits:,} digits; no search expands that many")
    low, high = 0.0, (nodes + 1) ** (1 / depth) + 1  # b*^depth <= nodes, so b* < high
    while high - low > 1e-9:
        middle = (low + high) / 2
        below = sum(middle**level for level in range(depth + 1)) < nodes + 1
        low, high = (middle, high) if below else (low, middle)
    return round((low + high) / 2, 9)
