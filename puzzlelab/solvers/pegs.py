"""Peg-solitaire solvers: iterative deepening with its prunings, and depth-first search that
remembers dead positions. ``stats.expanded`` counts the positions visited."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ProblemError, whole_number
from ..limits import DEFAULT, Budget, MemoryLimit, TimeLimit, stopping
from ..puzzles.pegs import PegSolitaire, group_argument, jump, replay
from ..puzzles.pegs_notation import Jump, Pegs, chains, format_moves, holes_of, pegs_of

# SearchStats is imported so that the annotations of PegSearchResult's __init__ resolve here.
from ..results import SearchResult, SearchStats, refused_if_unsolvable  # noqa: F401


@dataclass(repr=False)
class PegSearchResult(SearchResult):
    """A search result whose ``path`` holds positions (bit masks) and ``actions`` moves.

    >>> dfs_dead_positions(PegSolitaire("triangle15", hole=1))
    <dfs: solved, cost 10 | 214 expanded, 91 duplicates, 109 dead, ... s>
    """

    def __repr__(self) -> str:
        s = self.stats
        dead = f", {s.extra['dead']:,} dead" if "dead" in s.extra else ""
        return (
            f"<{self.algorithm}: {self.summary()} | {s.expanded:,} expanded, "
            f"{s.duplicates:,} duplicates{dead}, {s.seconds:.3f} s>"
        )

    def as_dict(self) -> dict[str, Any]:
        """The result as plain data: moves and positions as lists of holes."""
        data = super().as_dict()
        data["path"] = [list(holes_of(pegs)) for pegs in self.path]
        return data

    def table_rows(self) -> list[tuple[str, Any]]:
        hidden = ["generated", "largest frontier"]  # no frontier: each position visited as made
        if not self.stats.duplicates:
            hidden.append("duplicates skipped")
        rows = [row for row in super().table_rows() if row[0] not in hidden]
        rows.insert(1, ("moves", format_moves(self.actions) if self.solved else "-"))
        return [("dead positions stored", f"{v:,}") if k == "dead" else (k, v) for k, v in rows]


def _solved(
    puzzle: PegSolitaire, result: PegSearchResult, jumps_made: Iterable[tuple[int, int]]
) -> None:
    result.status, result.reason = "solved", f"one peg left, in hole {puzzle.finish}"
    result.actions = chains(jumps_made)
    result.path = replay(puzzle.board, puzzle.start, result.actions)
    result.cost = len(result.actions)


def _finish(
    result: PegSearchResult, nodes: int, budget: Budget, by_depth: list[int]
) -> PegSearchResult:
    stats = result.stats
    stats.expanded = stats.generated = nodes  # each position is visited as it is made
    stats.seconds = budget.elapsed()
    stats.expanded_by_depth = {depth: n for depth, n in enumerate(by_depth) if n}
    return result


def _first_jumps(puzzle: PegSolitaire, table: Iterable[Jump]) -> set[tuple[int, int]]:
    """The start's jumps, without mirror images under symmetries fixing start and goal."""
    board = puzzle.board
    fixing = [
        m for m in board.symmetries
        if _image(m, puzzle.start) == puzzle.start and _image(m, puzzle.goal) == puzzle.goal
    ]  # fmt: skip
    seen: set[Pegs] = set()
    kept: set[tuple[int, int]] = set()
    for start, over, to in table:
        if puzzle.start >> start & 1 and puzzle.start >> over & 1 and not puzzle.start >> to & 1:
            after = jump(puzzle.start, start, over, to)
            if after not in seen:
                kept.add((start, to))
                seen.update(_image(m, after) for m in fixing)
    return kept


def _image(mapping: dict[int, int], pegs: Pegs) -> Pegs:
    return pegs_of(mapping[hole] for hole in holes_of(pegs))


def iterative_deepening(
    puzzle: PegSolitaire,
    *,
    groups: bool = False,
    corner_bound: bool = False,
    symmetry: bool = True,
    max_depth: int | None = None,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
    check_solvable: bool = True,
) -> PegSearchResult:
    """Find a solution with the fewest moves (a jump by the last peg moved is free) by
    iterative deepening. *groups* uses :func:`~puzzlelab.puzzles.pegs.group_argument`'s
    jumps; *corner_bound* cuts when moves + pegs in corners exceed the limit; *symmetry*
    tries one of mirrored first jumps.

    >>> result = iterative_deepening(PegSolitaire("triangle15", hole=4), corner_bound=True)
    >>> result.cost, [it["bound"] for it in result.stats.iterations]
    (9, [3, 4, 5, 6, 7, 8, 9])
    """
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="positions visited")
    if max_depth is not None:
        max_depth = whole_number(max_depth, "max_depth", least=0)
    algorithm = "ids" + ("+groups" if groups else "") + ("+corners" if corner_bound else "")
    result = PegSearchResult(algorithm, "exhausted")
    by_depth = [0] * (puzzle.start.bit_count() + 1)
    most = puzzle.start.bit_count() - 1
    top = most if max_depth is None else min(max_depth, most)
    found = search = None
    with stopping() as stop:  # Ctrl-C may come at any time, also while the tables are built
        refused = refused_if_unsolvable(algorithm, puzzle, check_solvable)
        if refused is not None:
            result.status, result.reason = refused.status, refused.reason
            return _finish(result, 0, budget, by_depth)
        table = puzzle.board.jumps
        if groups:
            argument = group_argument(puzzle)
            if not argument["applies"]:
                raise ProblemError(f"group pruning does not apply here: {argument['reason']}")
            table = argument["reduced_jumps"]
        search = _DeepeningSearch(puzzle, table, corner_bound, symmetry, budget, by_depth)
        first = puzzle.corner_bound(puzzle.start) if corner_bound else min(1, most)
        for bound in range(first, top + 1):
            begun, before = budget.elapsed(), search.nodes
            iteration = {"bound": bound, "expanded": 0, "seconds": 0.0, "completed": False}
            result.stats.iterations.append(iteration)
            try:
                found = search.run(bound)
            finally:
                iteration["expanded"] = search.nodes - before
                iteration["seconds"] = budget.elapsed() - begun
            iteration["completed"] = found is None
            if found is not None:
                break
    if stop:
        result.status, result.reason = stop.status, stop.reason
    if found is not None:
        _solved(puzzle, result, found)
    elif result.status == "exhausted":
        if top < most:
            result.status, result.reason = "cutoff", f"no solution within {top} moves"
        else:
            result.reason = f"no sequence of jumps leaves one peg, in hole {puzzle.finish}"
    return _finish(result, 0 if search is None else search.nodes, budget, by_depth)


class _DeepeningSearch:
    """One depth-first pass of iterative deepening per :meth:`run`; a jump ``(mask, need, to,
    to_corner)`` is legal when ``pegs & mask == need``. On a tight bound a new move must start
    in a corner: ``tight[last]`` lists those holes and the last peg's (a third faster)."""

    def __init__(
        self,
        puzzle: PegSolitaire,
        table: Iterable[Jump],
        corner_bound: bool,
        symmetry: bool,
        budget: Budget,
        by_depth: list[int],
    ) -> None:
        counted = {h for h in puzzle.board.corners if h != puzzle.finish} if corner_bound else set()
        by_hole: dict[int, list[tuple[int, int, int, int]]] = {}
        for start, over, to in table:
            need = 1 << start | 1 << over
            by_hole.setdefault(start, []).append((need | 1 << to, need, to, int(to in counted)))
        self.holes = [(h, 1 << h, 1 if h in counted else 0, tuple(by_hole[h]))
                      for h in sorted(by_hole)]  # fmt: skip
        self.tight = {last: [entry for entry in self.holes if entry[0] == last or entry[2]]
                      for last in range(max(puzzle.board.holes) + 1)}  # fmt: skip
        self.first = _first_jumps(puzzle, table) if symmetry else None
        self.puzzle, self.budget, self.by_depth = puzzle, budget, by_depth
        self.corners = sum(1 for h in counted if puzzle.start >> h & 1)
        self.nodes = 0
        self.next_look: float = 0

    def run(self, limit: int) -> list[tuple[int, int]] | None:
        """The jumps ``(from, to)`` of a solution of at most *limit* moves, or None."""
        goal, every, tight, first = self.puzzle.goal, self.holes, self.tight, self.first
        budget, by_depth = self.budget, self.by_depth
        nodes, next_look = self.nodes, self.next_look
        found: list[tuple[int, int]] = []

        def search(pegs: int, made: int, last: int, corners: int) -> bool:
            nonlocal nodes, next_look
            if nodes >= next_look:
                next_look = budget.checkpoint(nodes)
            nodes += 1
            by_depth[made] += 1
            if pegs == goal:
                return True
            holes = every if made + corners < limit else tight[last]
            for start, bit, in_corner, jumps in holes:
                if not pegs & bit:
                    continue
                now = made if start == last else made + 1
                # A peg in a corner that is not moving needs a move of its own later.
                if now + corners - in_corner > limit:
                    continue
                for mask, need, to, to_corner in jumps:
                    if pegs & mask == need:
                        if first is not None and made == 0 and (start, to) not in first:
                            continue
                        if search(pegs ^ mask, now, to, corners - in_corner + to_corner):
                            found.append((start, to))
                            return True
            return False

        try:
            solved = search(self.puzzle.start, 0, 0, self.corners)
        finally:  # however the pass ended, a limit or Ctrl-C included
            self.nodes, self.next_look = nodes, next_look
        return found[::-1] if solved else None


def dfs_dead_positions(
    puzzle: PegSolitaire,
    *,
    symmetry: bool = True,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
    check_solvable: bool = True,
) -> PegSearchResult:
    """Find a solution (not the fewest moves) by depth-first search, remembering dead positions
    (with *symmetry*, also their mirror images that fix the finish).

    >>> result = dfs_dead_positions(PegSolitaire("english", hole=17))
    >>> result.status, holes_of(result.path[-1]), result.cost
    ('solved', (17,), 26)
    """
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="positions visited")
    result = PegSearchResult("dfs", "exhausted")
    nodes = 0  # positions visited
    next_look: float = 0  # when to ask the budget again
    by_depth = [0] * (puzzle.start.bit_count() + 1)
    board, goal, stats = puzzle.board, puzzle.goal, result.stats
    dead: set[int] = set()  # positions from which the goal cannot be reached, and their images
    found_dead: list[int] = []
    found: list[tuple[int, int]] = []

    def search(pegs: int, jumps_made: int) -> bool:
        nonlocal nodes, next_look
        if nodes >= next_look:  # the clock, and the memory that the dead positions take
            next_look = budget.checkpoint(nodes)
        nodes += 1
        by_depth[jumps_made] += 1
        if pegs == goal:
            return True
        if pegs in dead:
            stats.duplicates += 1
            return False
        for start, bit, jumps in holes:
            if pegs & bit:
                for both, to_bit, to in jumps:
                    if pegs & both == both and not pegs & to_bit:
                        if search(pegs ^ both ^ to_bit, jumps_made + 1):
                            found.append((start, to))
                            return True
        dead.update(images(pegs))
        found_dead.append(pegs)
        return False

    with stopping() as stop:  # Ctrl-C may come at any time, also while the tables are built
        refused = refused_if_unsolvable("dfs", puzzle, check_solvable)
        if refused is not None:
            result.status, result.reason = refused.status, refused.reason
            return _finish(result, 0, budget, by_depth)
        fixing = [m for m in board.symmetries if m[puzzle.finish] == puzzle.finish]
        images = _images_of(fixing if symmetry else fixing[:1])
        holes = [(h, 1 << h, tuple((1 << h | 1 << o, 1 << t, t) for o, t in board.jumps_from[h]))
                 for h in board.holes]  # fmt: skip
        if search(puzzle.start, 0):
            _solved(puzzle, result, found[::-1])
        else:
            result.reason = f"no sequence of jumps leaves one peg, in hole {puzzle.finish}"
    if stop:
        result.status, result.reason = stop.status, stop.reason
    stats.extra["dead"] = len(found_dead)
    return _finish(result, nodes, budget, by_depth)


def _images_of(mappings: Sequence[dict[int, int]]) -> Callable[[int], set[int]]:
    """Return ``images(pegs)``: *pegs* and its images under *mappings*, mapped a byte at a time."""
    size = max(max(m) for m in mappings) + 1
    tables: list[list[list[int]]] = []  # per mapping, per byte of the pegs: the byte's image
    for mapping in mappings:
        if all(mapping[h] == h for h in mapping):
            continue  # the identity: the position itself is always included
        per_byte = []
        for index in range((size + 7) // 8):
            table = []
            for value in range(256):
                holes = (8 * index + bit for bit in range(8) if value >> bit & 1)
                table.append(pegs_of(mapping[h] for h in holes if h in mapping))
            per_byte.append(table)
        tables.append(per_byte)

    def images(pegs: int) -> set[int]:
        found = {pegs}
        for per_byte in tables:
            image, rest = 0, pegs
            for table in per_byte:
                image |= table[rest & 255]
                rest >>= 8
            found.add(image)
        return found

    return images


#: The three iterative deepenings by name: the keywords they give :func:`iterative_deepening`.
ALGORITHMS = {
    "plain": {"groups": False, "corner_bound": False},
    "groups": {"groups": True, "corner_bound": False},
    "bound": {"groups": True, "corner_bound": True},
}


def solve(puzzle: PegSolitaire, algorithm: str = "auto", **limits: Any) -> PegSearchResult:
    """Solve *puzzle* with *algorithm*: ``plain``, ``groups``, ``bound``, ``dfs`` or ``auto``
    (``bound`` where the group pruning applies or on at most 15 holes, else ``dfs``).

    >>> solve(PegSolitaire("triangle15", hole=4)).algorithm
    'ids+corners'
    >>> solve(PegSolitaire("english"), max_nodes=100).algorithm  # stopped early: a look only
    'dfs'
    """
    chosen = ""
    if algorithm == "auto":
        groups = group_argument(puzzle)["applies"]
        if groups or len(puzzle.board.cells) <= 15:
            return iterative_deepening(puzzle, groups=groups, corner_bound=True, **limits)
        algorithm, chosen = "dfs", f" (auto chose it for the {puzzle.board.name} board)"
    if algorithm == "dfs":
        if limits.get("max_depth") is not None:
            raise ProblemError(
                "max_depth limits iterative deepening (plain, groups, bound), not depth-first "
                f"search with dead positions (dfs){chosen}"
            )
        limits.pop("max_depth", None)
        return dfs_dead_positions(puzzle, **limits)
    if algorithm not in ALGORITHMS:
        raise ProblemError(
            f"unknown algorithm {algorithm!r}; choose one of: auto, {', '.join(ALGORITHMS)}, dfs"
        )
    return iterative_deepening(puzzle, **ALGORITHMS[algorithm], **limits)
