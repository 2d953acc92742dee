"""Scorers: a sliding puzzle's heuristic followed move by move, for IDA* in place."""

from __future__ import annotations

from collections.abc import Sequence

from ..puzzles.sliding import SlidingPuzzle, line_conflicts
from ..search.problem import HeuristicChoice, Searchable
from .patterns import PatternHeuristic, named_heuristic

__all__: list[str] = []  # the scorers serve sliding_idastar

#: ``moves[blank]``: ``(target cell, direction, the move's number)``.
Moves = list[list[tuple[int, str, int]]]

#: One tile's move on one side: ``(database, change of its code)`` pairs, and the new sum.
Moved = tuple[Sequence[tuple[int, int]], int]


class Scorer:
    """A heuristic that follows one tile's move instead of looking at the whole board."""

    stateful = False

    def start(self, board: list[int]) -> int:
        """Return h of *board*, and remember it if stateful."""
        raise NotImplementedError

    def steps(self, moves: Moves) -> list[list[int]] | None:
        """Each move's change of h by tile, when fixed; else None, and :meth:`after` is asked."""
        return None

    def after(self, tile: int, source: int, target: int, h: int) -> int:
        """Return h once *tile* slides from *source* to *target*; it was *h*."""
        raise NotImplementedError

    def enter(self, tile: int, source: int, target: int) -> None:
        """Step onto the board where *tile* moved."""

    def leave(self, tile: int, source: int, target: int) -> None:
        """Step back from it."""


class ManhattanScorer(Scorer):
    """Manhattan distance: a tile's move changes it by that tile's step towards or from home."""

    def __init__(self, puzzle: SlidingPuzzle) -> None:
        self.cells = puzzle.rows * puzzle.cols
        self.distance = puzzle.home_distances

    def start(self, board: list[int]) -> int:
        return sum(self.distance[cell][tile] for cell, tile in enumerate(board))

    def steps(self, moves: Moves) -> list[list[int]] | None:
        numbered = sorted((number, target, blank) for blank, here in enumerate(moves)
                          for target, _, number in here)  # fmt: skip
        return [[self.distance[blank][tile] - self.distance[target][tile]
                 for tile in range(self.cells)] for _, target, blank in numbered]  # fmt: skip

    def after(self, tile: int, source: int, target: int, h: int) -> int:
        return h + self.distance[target][tile] - self.distance[source][tile]


class PatternScorer(Scorer):
    """Additive pattern databases (and their mirror image): a tile's move changes one code. A
    database's code is ``sum(cell_i * cells**i)`` over its tiles: a tile sliding from *source* to
    *target* adds ``(target - source) * cells**i``."""

    stateful = True

    def __init__(self, heuristic: PatternHeuristic) -> None:
        cells = heuristic.shape[0] * heuristic.shape[1]
        self.tables = [database.by_code() for database in heuristic.databases]
        self.pattern = [-1] * cells  # the database each tile belongs to (-1: none)
        self.weight = [0] * cells  # cells**i for the i-th tile of its pattern
        for p, database in enumerate(heuristic.databases):
            for i, tile in enumerate(database.tiles):
                self.pattern[tile], self.weight[tile] = p, cells**i
        # The weight of the blank's cell in each database's code (0: the table ignores it).
        self.blank_weight = [cells ** len(d.tiles) if d.blank else 0 for d in heuristic.databases]
        self.blank_aware = any(self.blank_weight)
        self.mirror, self.mirrored = heuristic.mirror, heuristic.mirrored
        # What enter() changed, for leave() to undo: the sums before, and the moves' changes.
        self.undo: list[tuple[tuple[int, ...], tuple[Moved, ...]]] = []

    def start(self, board: list[int]) -> int:
        self.codes = self._codes(board)
        self.sums = [self._sum(codes) for codes in self.codes]
        self.pending: tuple[Moved, ...] = ()  # the move after() looked at, for enter()
        return max(self.sums)

    def _codes(self, board: list[int]) -> list[list[int]]:
        boards = [board] if self.mirror is None else [board, self.mirrored(board)]
        found = []
        for one in boards:
            codes = [0] * len(self.tables)
            for cell, tile in enumerate(one):
                if self.pattern[tile] >= 0:
                    codes[self.pattern[tile]] += cell * self.weight[tile]
            blank = one.index(0)
            codes = [code + blank * weight for code, weight in zip(codes, self.blank_weight)]
            found.append(codes)
        return found

    def _sum(self, codes: list[int]) -> int:
        return sum(table[code] for table, code in zip(self.tables, codes))

    def after(self, tile: int, source: int, target: int, h: int) -> int:
        first = self._moved(0, tile, source, target)
        if self.mirror is None:
            self.pending = (first,)
            return first[1]
        tile_of, cell_of = self.mirror
        second = self._moved(1, tile_of[tile], cell_of[source], cell_of[target])
        self.pending = (first, second)
        return first[1] if first[1] > second[1] else second[1]

    def _moved(self, side: int, tile: int, source: int, target: int) -> Moved:
        """``(changes, new sum)`` on one side (0: the board, 1: its mirror)."""
        if self.blank_aware:
            return self._moved_with_blank(side, tile, source, target)
        p = self.pattern[tile]
        if p < 0:
            return (), self.sums[side]
        table, code = self.tables[p], self.codes[side][p]
        step = (target - source) * self.weight[tile]
        return ((p, step),), self.sums[side] - table[code] + table[code + step]

    def _moved_with_blank(self, side: int, tile: int, source: int, target: int) -> Moved:
        """As :meth:`_moved`, when tables place the blank: its move changes every code."""
        mine, codes, total = self.pattern[tile], self.codes[side], 0
        changes: list[tuple[int, int]] = []
        for p, (table, weight) in enumerate(zip(self.tables, self.blank_weight)):
            step = (source - target) * weight  # the blank goes where the tile was
            if p == mine:
                step += (target - source) * self.weight[tile]
            changes.append((p, step))
            total += table[codes[p] + step]
        return changes, total

    def enter(self, tile: int, source: int, target: int) -> None:
        self.undo.append((tuple(self.sums), self.pending))
        for side, (changes, total) in enumerate(self.pending):
            for p, step in changes:
                self.codes[side][p] += step
            self.sums[side] = total

    def leave(self, tile: int, source: int, target: int) -> None:
        sums, pending = self.undo.pop()
        for side, (changes, _) in enumerate(pending):
            for p, step in changes:
                self.codes[side][p] -= step
        self.sums = list(sums)


class _LineConflicts(dict[int, int]):
    """``conflicts[code]``: how many tiles of a line must leave it; the code has a digit per
    cell in base ``length + 1``, a tile's goal place in the line plus one, else 0."""

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length

    def __missing__(self, code: int) -> int:
        homes, rest = [], code
        for _ in range(self.length):
            rest, digit = divmod(rest, self.length + 1)
            if digit:
                homes.append(digit - 1)
        self[code] = found = line_conflicts(homes)
        return found


class LinearConflictScorer(ManhattanScorer):
    """Linear conflict: Manhattan distance plus 2 for each tile that must leave its line. A tile
    sliding along a column changes only the conflicts of the row holding its goal."""

    stateful = True

    def __init__(self, puzzle: SlidingPuzzle) -> None:
        super().__init__(puzzle)
        rows, cols = puzzle.rows, puzzle.cols
        # Lines are numbered rows first, then columns; self.cells_of[line] lists its cells.
        self.cells_of = [range(r * cols, (r + 1) * cols) for r in range(rows)] + [
            range(c, rows * cols, cols) for c in range(cols)
        ]
        by_length = {length: _LineConflicts(length) for length in {rows, cols}}
        self.conflicts = [by_length[cols]] * rows + [by_length[rows]] * cols
        self.digit = _line_digits(puzzle)
        # A tile's move is numbered slide * cells + tile, where slide numbers the pair of
        # cells (source * cells + target): tables of about 4 * cells**2 entries, not cells**3.
        self.slide, self.crossed, self.changes = _slide_tables(puzzle, self.digit)

    def start(self, board: list[int]) -> int:
        self.codes = [self._code(line, board) for line in range(len(self.cells_of))]
        extra = sum(table[code] for table, code in zip(self.conflicts, self.codes))
        return super().start(board) + 2 * extra

    def _code(self, line: int, board: list[int]) -> int:
        base = len(self.cells_of[line]) + 1
        return sum(self.digit[board[cell]][line] * base**place
                   for place, cell in enumerate(self.cells_of[line]))  # fmt: skip

    def steps(self, moves: Moves) -> None:
        """None: how a move changes h depends on the other tiles of its line."""
        return None

    def after(self, tile: int, source: int, target: int, h: int) -> int:
        line, change, step = self.crossed[self.slide[source * self.cells + target] + tile]
        table, code = self.conflicts[line], self.codes[line]
        return h + step + 2 * (table[code + change] - table[code])

    def enter(self, tile: int, source: int, target: int) -> None:
        for line, change in self.changes[self.slide[source * self.cells + target] + tile]:
            self.codes[line] += change

    def leave(self, tile: int, source: int, target: int) -> None:
        for line, change in self.changes[self.slide[source * self.cells + target] + tile]:
            self.codes[line] -= change


def _line_digits(puzzle: SlidingPuzzle) -> list[list[int]]:
    """``digit[tile][line]``: the tile's goal place along *line* plus one, or 0."""
    rows, cols = puzzle.rows, puzzle.cols
    digit = [[0] * (rows + cols) for _ in puzzle.goal]
    for cell, tile in enumerate(puzzle.goal):
        if tile:
            row, col = divmod(cell, cols)
            digit[tile][row], digit[tile][rows + col] = col + 1, row + 1
    return digit


#: ``(line, change of its code, change of Manhattan distance)`` for the line left or entered.
Crossing = tuple[int, int, int]

#: ``(line, change of its code)`` for the line left or entered, and for the line slid along.
LineChanges = tuple[tuple[int, int], tuple[int, int]]


def _slide_tables(
    puzzle: SlidingPuzzle, digit: list[list[int]]
) -> tuple[list[int], list[Crossing], list[LineChanges]]:
    """``(slide, crossed, changes)``: ``slide[source * cells + target] + tile`` numbers a move,
    ``crossed[move]`` is a :data:`Crossing`, ``changes[move]`` a :data:`LineChanges`.
    """
    rows, cols, distance = puzzle.rows, puzzle.cols, puzzle.home_distances
    cells = rows * cols
    slide = [0] * cells**2
    crossed: list[Crossing] = []
    changes: list[LineChanges] = []
    for source, moves in enumerate(puzzle.blank_moves):
        source_row, source_col = divmod(source, cols)
        for _, target in moves:
            slide[source * cells + target] = len(crossed)
            target_row, target_col = divmod(target, cols)
            if source_col == target_col:  # down a column: from one row to another
                left, entered, weight = source_row, target_row, (cols + 1) ** source_col
                along, base, places = rows + source_col, rows + 1, (source_row, target_row)
            else:  # along a row: from one column to another
                left, entered, weight = (
                    rows + source_col,
                    rows + target_col,
                    (rows + 1) ** source_row,
                )
                along, base, places = source_row, cols + 1, (source_col, target_col)
            for tile in range(cells):
                line = entered if digit[tile][entered] else left
                change = (digit[tile][entered] - digit[tile][left]) * weight
                slid = digit[tile][along] * (base ** places[1] - base ** places[0])
                step = distance[target][tile] - distance[source][tile]
                crossed.append((line, change, step))
                changes.append(((line, change), (along, slid)))
    return slide, crossed, changes


#: The largest board (in cells) linear conflict runs in place on (16x16: 60 MB of tables).
LINEAR_CONFLICT_CELLS = 256


def scorer_for(puzzle: Searchable, heuristic: HeuristicChoice) -> Scorer | None:
    """Return the scorer that follows *heuristic* move by move on *puzzle*, or None."""
    if type(puzzle) is not SlidingPuzzle:
        return None
    if heuristic is None or heuristic == "manhattan" or heuristic == puzzle.manhattan:
        return ManhattanScorer(puzzle)
    if heuristic == "linear-conflict" or heuristic == puzzle.linear_conflict:
        return LinearConflictScorer(puzzle) if puzzle.size <= LINEAR_CONFLICT_CELLS else None
    if isinstance(heuristic, str) and heuristic.partition(":")[0] == "pdb":
        heuristic = named_heuristic(puzzle, heuristic)
    if isinstance(heuristic, PatternHeuristic) and heuristic.goal == tuple(puzzle.goal):
        return PatternScorer(heuristic)
    return None
