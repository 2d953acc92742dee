"""Speed and memory of puzzlelab's core, side by side with simpleai on the same boards.

Run: ``.venv/bin/python benchmarks/bench_core.py`` (``--quick`` skips simpleai's
slowest run). Prints markdown tables; every target has PASS / FAIL beside it.

How things are measured:

- puzzlelab times are the fewest CPU seconds (``time.process_time``) and the fewest
  wall seconds of 3 runs, in this process; a time target is met by either (the
  machine is shared, and others' work shows in wall time only);
- simpleai runs once, in a child process with a time cap, so a slow run cannot
  hang the benchmark; it reports its own CPU and wall seconds, and its expanded /
  generated counts come from counting calls to ``actions`` and ``result``;
- ratios are of CPU seconds;
- peak memory is ``tracemalloc``'s peak during one separate run (Python objects
  and numpy arrays, interpreter excluded), for both libraries.

Which problem object each side runs is said in every table: puzzlelab's own
``SlidingPuzzle`` against simpleai on puzzlelab's ``SlidingPuzzleProblem`` (each
library on its natural problem), and both on the very same ``SlidingPuzzleProblem``
object (puzzlelab's engine accepts simpleai problems), which isolates the engines.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from simpleai.search import SearchProblem

from puzzlelab import SlidingPuzzle
from puzzlelab.analysis.distances import distance_layers, distance_table
from puzzlelab.search import astar, bfs, bidirectional
from puzzlelab.simpleai_problems import SlidingPuzzleProblem

from measure import best_of, clocked, machine, peak_mb, verdict, within

ROOT = Path(__file__).resolve().parents[1]
EIGHT = SlidingPuzzle(shape=(3, 3))
HARDEST_START = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # one of the two boards 31 moves from the goal
SCRAMBLES = {12: 4, 16: 4, 20: 4}  # moves: seed
CAP_SECONDS = 120


# ---------------------------------------------------------------- a class-written problem


class HandWrittenEightPuzzle(SearchProblem):
    """An 8-puzzle as a class would write it for simpleai: actions are tiles that slide."""

    GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)

    def actions(self, state):
        blank = state.index(0)
        row, col = divmod(blank, 3)
        cells = [(row + dr) * 3 + col + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                 if 0 <= row + dr < 3 and 0 <= col + dc < 3]  # fmt: skip
        return [state[cell] for cell in cells]

    def result(self, state, action):
        board = list(state)
        blank, tile = board.index(0), board.index(action)
        board[blank], board[tile] = action, 0
        return tuple(board)

    def is_goal(self, state):
        return state == self.GOAL

    def heuristic(self, state):
        total = 0
        for cell, tile in enumerate(state):
            if tile:
                home = tile - 1
                total += abs(cell // 3 - home // 3) + abs(cell % 3 - home % 3)
        return total


# ---------------------------------------------------------------- measuring


def counting(problem_class):
    """A subclass of *problem_class* that counts expansions and generated nodes."""

    class Counted(problem_class):
        expanded = generated = 0

        def actions(self, state):
            type(self).expanded += 1
            return super().actions(state)

        def result(self, state, action):
            type(self).generated += 1
            return super().result(state, action)

    return Counted


def simpleai_child(kind: str, algorithm: str, board: list, memory: bool) -> dict:
    """Run in the child process: one simpleai search, reported as JSON."""
    from simpleai.search import astar as simpleai_astar
    from simpleai.search import breadth_first

    search = {"astar": simpleai_astar, "bfs": breadth_first}[algorithm]
    if kind == "sliding":
        problem_class = counting(SlidingPuzzleProblem)
        problem = problem_class(tuple(board), heuristic="manhattan")
    else:
        problem_class = counting(HandWrittenEightPuzzle)
        problem = problem_class(tuple(board))
    if memory:
        return {"peak_mb": peak_mb(lambda: search(problem, graph_search=True))}
    node, cpu, wall = clocked(lambda: search(problem, graph_search=True))
    return {"cpu": cpu, "wall": wall, "cost": len(node.path()) - 1,
            "expanded": problem_class.expanded, "generated": problem_class.generated}  # fmt: skip


def run_simpleai(kind, algorithm, board, memory=False, cap=CAP_SECONDS) -> dict | None:
    """Run one simpleai search in a child process; ``None`` if it passes *cap* wall seconds."""
    command = [sys.executable, __file__, "--child", kind, algorithm, json.dumps(list(board))]
    if memory:
        command.append("--memory")
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=cap, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout)


# ---------------------------------------------------------------- tables


def targets() -> None:
    print("## Targets for puzzlelab alone\n")
    print("A time target is met by CPU or wall seconds, whichever is less.\n")
    print("| what | CPU s | wall s | target |")
    print("|---|---:|---:|---|")
    table, cpu, wall = best_of(lambda: distance_table(EIGHT))
    print(f"| full 8-puzzle distance table ({len(table):,} positions) | {cpu:.3f} | {wall:.3f} "
          f"| <= 0.2 s: {verdict(within(cpu, wall, 0.2))} |")  # fmt: skip
    start = EIGHT.with_start(HARDEST_START)
    result, cpu, wall = best_of(lambda: bfs(start))
    print(f"| 31-move start, BFS ({result.stats.generated:,} generated, cost {result.cost}) "
          f"| {cpu:.3f} | {wall:.3f} | <= 1 s: {verdict(within(cpu, wall, 1))} |")  # fmt: skip
    result, cpu, wall = best_of(lambda: bidirectional(start))
    generated = result.stats.generated
    print(f"| 31-move start, bidirectional (cost {result.cost}) | {cpu:.3f} | {wall:.3f} "
          f"| <= 0.1 s: {verdict(within(cpu, wall, 0.1))} |")  # fmt: skip
    print(f"| 31-move start, bidirectional states generated (the Scheme 8-puzzle article: 16,088): "
          f"{generated:,} "
          f"| | | <= 20,000: {verdict(generated <= 20_000)} |")  # fmt: skip
    result, cpu, wall = best_of(lambda: astar(start, "manhattan"))
    print(f"| 31-move start, A* Manhattan (cost {result.cost}) | {cpu:.3f} | {wall:.3f} "
          f"| <= 0.3 s: {verdict(within(cpu, wall, 0.3))} |")  # fmt: skip
    wall = min(_help_seconds() for _ in range(5))
    print(f"| `python -m puzzlelab --help` (a child process: wall only) | | {wall:.3f} "
          f"| <= 0.3 s: {verdict(wall <= 0.3)} |")  # fmt: skip


def searched_table(puzzle) -> dict:
    """The distance table as puzzlelab built it before pattern databases: a dict filled by
    breadth-first search over states (:func:`distance_layers`), still used for every puzzle
    that is not a sliding puzzle."""
    table = {}
    for depth, layer in enumerate(distance_layers(puzzle)):
        table.update(dict.fromkeys(layer, depth))
    return table


def distance_tables() -> None:
    print("\n## Exact distance tables: search over states, and the table of every tile\n")
    print("`searched` is breadth-first search over states into a dict (the way every other "
          "puzzle's table is built); `numpy` is `distance_table`, the pattern database of "
          "every tile (one byte per position). Both hold the same distances.\n")  # fmt: skip
    print("| puzzle | positions | how | CPU s | wall s | peak MB | target |")
    print("|---|---:|---|---:|---:|---:|---|")
    for puzzle, target in ((EIGHT, 0.2), (SlidingPuzzle(shape=(2, 5)), 2.0)):
        name = f"{puzzle.rows}x{puzzle.cols}"
        searched, cpu, wall = best_of(lambda p=puzzle: searched_table(p))
        memory = peak_mb(lambda p=puzzle: searched_table(p))
        print(f"| {name} | {len(searched):,} | searched | {cpu:.2f} | {wall:.2f} | {memory:.0f} "
              f"| |")  # fmt: skip
        table, cpu, wall = best_of(lambda p=puzzle: distance_table(p))
        memory = peak_mb(lambda p=puzzle: distance_table(p))
        same = dict(table.items()) == searched
        print(f"| {name} | {len(table):,} | numpy | {cpu:.2f} | {wall:.2f} | {memory:.0f} "
              f"| <= {target:g} s: {verdict(within(cpu, wall, target) and same)} |")  # fmt: skip


def _help_seconds() -> float:
    help_run = [sys.executable, "-m", "puzzlelab", "--help"]
    return clocked(lambda: subprocess.run(help_run, cwd=ROOT, capture_output=True, check=True))[2]


def instances() -> dict:
    boards = {"31-move start": HARDEST_START}
    for moves, seed in SCRAMBLES.items():
        boards[f"{moves}-move scramble (seed {seed})"] = EIGHT.scramble(moves, seed=seed)
    return boards


def side_by_side(quick: bool) -> None:
    table = distance_table(EIGHT)
    print("\n## Each library on its own problem: puzzlelab's `SlidingPuzzle`, simpleai's run of "
          "puzzlelab's `SlidingPuzzleProblem` (graph search)\n")  # fmt: skip
    print("puzzlelab searches its native `SlidingPuzzle` (successors in one call); simpleai "
          "searches a `SlidingPuzzleProblem` (`actions` then `result`, a subclass counting "
          "them). The ratio is what a user of each library sees; the next table puts both "
          "on the very same object.\n")  # fmt: skip
    for name, board in instances().items():
        print(f"- {name}: `{' '.join(map(str, board))}`, {table[board]} moves from the goal")
    print("\n| board | search | library: problem object | CPU s | wall s | expanded | generated "
          "| peak MB | cost | simpleai / puzzlelab (CPU) |")  # fmt: skip
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    ratios = {}
    for name, board in instances().items():
        for algorithm in ("astar", "bfs"):
            ours_search = (lambda b=board: astar(EIGHT.with_start(b), "manhattan")) \
                if algorithm == "astar" else (lambda b=board: bfs(EIGHT.with_start(b)))  # fmt: skip
            result, cpu, wall = best_of(ours_search)
            memory = peak_mb(ours_search)
            counts = f"{result.stats.expanded:,} | {result.stats.generated:,}"
            label = "A* Manhattan" if algorithm == "astar" else "BFS"
            print(f"| {name} | {label} | puzzlelab: SlidingPuzzle | {cpu:.4f} | {wall:.4f} "
                  f"| {counts} | {memory:.1f} | {result.cost} | |")  # fmt: skip
            slow = algorithm == "bfs" and name.startswith("20") and quick
            theirs = None if slow else run_simpleai("sliding", algorithm, board)
            if theirs is None:
                why = "skipped (--quick)" if slow else f"> {CAP_SECONDS} s"
                print(f"| {name} | {label} | simpleai: SlidingPuzzleProblem | {why} "
                      "| | | | | | |")  # fmt: skip
                continue
            mem = run_simpleai("sliding", algorithm, board, memory=True) \
                if theirs["wall"] < 20 else None  # fmt: skip
            mem_text = f"{mem['peak_mb']:.1f}" if mem else "not measured (slow)"
            ratio = theirs["cpu"] / cpu
            ratios[(name, algorithm)] = ratio
            print(f"| {name} | {label} | simpleai: SlidingPuzzleProblem | {theirs['cpu']:.4f} | "
                  f"{theirs['wall']:.4f} | {theirs['expanded']:,} | {theirs['generated']:,} | "
                  f"{mem_text} | {theirs['cost']} | **{ratio:,.0f}x** |")  # fmt: skip
    print("\n| target (each library on its own problem) | measured | verdict |")
    print("|---|---:|---|")
    astar_ratio = ratios.get(("31-move start", "astar"), 0)
    print(f"| A* >= 20x faster than simpleai (31-move start) | {astar_ratio:,.0f}x "
          f"| {verdict(astar_ratio >= 20)} |")  # fmt: skip
    key = next((k for k in ratios if k[0].startswith("20") and k[1] == "bfs"), None)
    if key:
        print(f"| BFS >= 100x faster on the 20-move scramble | {ratios[key]:,.0f}x "
              f"| {verdict(ratios[key] >= 100)} |")  # fmt: skip
    else:
        print("| BFS >= 100x faster on the 20-move scramble | simpleai not run | - |")


def same_object(quick: bool) -> None:
    print("\n## Both engines on the very same `SlidingPuzzleProblem` object (graph search)\n")
    print("puzzlelab's engine runs the simpleai problem itself, through `actions` and "
          "`result` as simpleai does (the same counting subclass on both sides): only the "
          "engines differ.\n")  # fmt: skip
    print("| board | search | puzzlelab CPU s | puzzlelab wall s | simpleai CPU s "
          "| simpleai wall s | cost (both) | simpleai / puzzlelab (CPU) |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    problem_class = counting(SlidingPuzzleProblem)
    for name, board in instances().items():
        for algorithm in ("astar", "bfs"):
            search = astar if algorithm == "astar" else bfs
            result, cpu, wall = best_of(
                lambda b=board, f=search: f(problem_class(b, heuristic="manhattan"))
            )
            label = "A* Manhattan" if algorithm == "astar" else "BFS"
            slow = algorithm == "bfs" and name.startswith("20") and quick
            theirs = None if slow else run_simpleai("sliding", algorithm, board)
            if theirs is None:
                why = "skipped (--quick)" if slow else f"> {CAP_SECONDS} s"
                print(f"| {name} | {label} | {cpu:.4f} | {wall:.4f} | {why} | | | |")
                continue
            same = theirs["cost"] == result.cost
            cost = result.cost if same else f"{result.cost} vs {theirs['cost']} (DIFFER)"
            print(f"| {name} | {label} | {cpu:.4f} | {wall:.4f} | {theirs['cpu']:.4f} | "
                  f"{theirs['wall']:.4f} | {cost} | **{theirs['cpu'] / cpu:,.0f}x** |")  # fmt: skip


def hand_written() -> None:
    print("\n## A class-written simpleai problem run through puzzlelab's engine\n")
    print(
        "`HandWrittenEightPuzzle` is defined in this script the way a class would write it "
        "(actions are the tiles that slide; the class's own Manhattan heuristic), not "
        "puzzlelab's `SlidingPuzzleProblem`. The very same problem object goes to both.\n"
    )
    print("| board | search | puzzlelab CPU s | puzzlelab wall s | simpleai CPU s "
          "| simpleai wall s | cost (both) | ratio (CPU) | target |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    cases = [("31-move start", HARDEST_START, "astar"),
             ("16-move scramble", EIGHT.scramble(16, seed=SCRAMBLES[16]), "bfs")]  # fmt: skip
    for name, board, algorithm in cases:
        search = astar if algorithm == "astar" else bfs
        result, cpu, wall = best_of(lambda b=board, f=search: f(HandWrittenEightPuzzle(b)))
        theirs = run_simpleai("hand", algorithm, board)
        label = "A*" if algorithm == "astar" else "BFS"
        if theirs is None:
            print(f"| {name} | {label} | {cpu:.4f} | {wall:.4f} | > {CAP_SECONDS} s | | | | |")
            continue
        ratio = theirs["cpu"] / cpu
        same = theirs["cost"] == result.cost
        cost = result.cost if same else f"{result.cost} vs {theirs['cost']}"
        print(
            f"| {name} | {label} | {cpu:.4f} | {wall:.4f} | {theirs['cpu']:.4f} | "
            f"{theirs['wall']:.4f} | {cost} | "
            f"**{ratio:,.0f}x** | >= 10x, same cost: {verdict(ratio >= 10 and same)} |"
        )


def main(argv) -> None:
    if argv[:1] == ["--child"]:
        kind, algorithm, board = argv[1], argv[2], json.loads(argv[3])
        print(json.dumps(simpleai_child(kind, algorithm, board, "--memory" in argv)))
        return
    quick = "--quick" in argv
    print(f"# puzzlelab core benchmark\n\n{machine()}\n")
    targets()
    distance_tables()
    side_by_side(quick)
    same_object(quick)
    hand_written()


if __name__ == "__main__":
    main(sys.argv[1:])
