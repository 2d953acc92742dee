"""Speed and memory of puzzlelab's core, side by side with simpleai on the same boards.

Run: ``.venv/bin/python benchmarks/bench_core.py`` (``--quick`` skips simpleai's
slowest run). Prints markdown tables; every target has PASS / FAIL beside it.

How things are measured:

- puzzlelab times are the best of 3 runs, in this process;
- simpleai runs once, in a child process with a time cap, so a slow run cannot
  hang the benchmark; its expanded / generated counts come from counting calls
  to ``actions`` and ``result``;
- peak memory is ``tracemalloc``'s peak during one separate run (Python objects
  only, interpreter excluded), for both libraries.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from simpleai.search import SearchProblem

from puzzlelab import SlidingPuzzle
from puzzlelab.distances import distance_table
from puzzlelab.search import astar, bfs, bidirectional
from puzzlelab.simpleai_problems import SlidingPuzzleProblem

from measure import best_of, machine, peak_mb, verdict

ROOT = Path(__file__).resolve().parents[1]
EIGHT = SlidingPuzzle(shape=(3, 3))
SEED_000 = (8, 6, 7, 2, 5, 4, 3, 0, 1)
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
    start = time.perf_counter()
    node = search(problem, graph_search=True)
    return {"seconds": time.perf_counter() - start, "cost": len(node.path()) - 1,
            "expanded": problem_class.expanded, "generated": problem_class.generated}  # fmt: skip


def run_simpleai(kind, algorithm, board, memory=False, cap=CAP_SECONDS) -> dict | None:
    """Run one simpleai search in a child process; ``None`` if it passes *cap* seconds."""
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
    print("| what | measured | target |")
    print("|---|---:|---|")
    table, seconds = best_of(lambda: distance_table(EIGHT))
    memory = peak_mb(lambda: distance_table(EIGHT))
    print(f"| full 8-puzzle distance table ({len(table):,} positions) | {seconds:.3f} s "
          f"| <= 0.5 s: {verdict(seconds <= 0.5)} |")  # fmt: skip
    print(f"| its peak memory | {memory:.0f} MB | <= 150 MB: {verdict(memory <= 150)} |")
    start = EIGHT.with_start(SEED_000)
    result, seconds = best_of(lambda: bfs(start))
    print(f"| seed 000 start, BFS ({result.stats.generated:,} generated, cost {result.cost}) "
          f"| {seconds:.3f} s | <= 1 s: {verdict(seconds <= 1)} |")  # fmt: skip
    result, seconds = best_of(lambda: bidirectional(start))
    generated = result.stats.generated
    print(f"| seed 000 start, bidirectional (cost {result.cost}) | {seconds:.3f} s "
          f"| <= 0.1 s: {verdict(seconds <= 0.1)} |")  # fmt: skip
    print(f"| seed 000 start, bidirectional states generated (seed: 16,088) | {generated:,} "
          f"| <= 20,000: {verdict(generated <= 20_000)} |")  # fmt: skip
    result, seconds = best_of(lambda: astar(start, "manhattan"))
    print(f"| seed 000 start, A* Manhattan (cost {result.cost}) | {seconds:.3f} s "
          f"| <= 0.3 s: {verdict(seconds <= 0.3)} |")  # fmt: skip
    seconds = min(_help_seconds() for _ in range(5))
    print(
        f"| `python -m puzzlelab --help` | {seconds:.3f} s | <= 0.3 s: {verdict(seconds <= 0.3)} |"
    )


def _help_seconds() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlelab", "--help"], cwd=ROOT, capture_output=True,
                   check=True)  # fmt: skip
    return time.perf_counter() - start


def instances() -> dict:
    boards = {"seed 000 start": SEED_000}
    for moves, seed in SCRAMBLES.items():
        boards[f"{moves}-move scramble (seed {seed})"] = EIGHT.scramble(moves, seed=seed)
    return boards


def side_by_side(quick: bool) -> None:
    table = distance_table(EIGHT)
    print("\n## puzzlelab and simpleai on the same boards (graph search)\n")
    for name, board in instances().items():
        print(f"- {name}: `{' '.join(map(str, board))}`, {table[board]} moves from the goal")
    print(
        "\n| board | search | library | seconds | expanded | generated | peak MB | cost "
        "| simpleai / puzzlelab |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    ratios = {}
    for name, board in instances().items():
        for algorithm in ("astar", "bfs"):
            ours_search = (lambda b=board: astar(EIGHT.with_start(b), "manhattan")) \
                if algorithm == "astar" else (lambda b=board: bfs(EIGHT.with_start(b)))  # fmt: skip
            result, seconds = best_of(ours_search)
            memory = peak_mb(ours_search)
            s = result.stats
            label = "A* Manhattan" if algorithm == "astar" else "BFS"
            print(f"| {name} | {label} | puzzlelab | {seconds:.4f} | {s.expanded:,} | "
                  f"{s.generated:,} | {memory:.1f} | {result.cost} | |")  # fmt: skip
            slow = algorithm == "bfs" and name.startswith("20") and quick
            theirs = None if slow else run_simpleai("sliding", algorithm, board)
            if theirs is None:
                why = "skipped (--quick)" if slow else f"> {CAP_SECONDS} s"
                print(f"| {name} | {label} | simpleai | {why} | | | | | |")
                continue
            mem = run_simpleai("sliding", algorithm, board, memory=True) \
                if theirs["seconds"] < 20 else None  # fmt: skip
            mem_text = f"{mem['peak_mb']:.1f}" if mem else "not measured (slow)"
            ratio = theirs["seconds"] / seconds
            ratios[(name, algorithm)] = ratio
            print(f"| {name} | {label} | simpleai | {theirs['seconds']:.4f} | "
                  f"{theirs['expanded']:,} | {theirs['generated']:,} | {mem_text} | "
                  f"{theirs['cost']} | **{ratio:,.0f}x** |")  # fmt: skip
    print("\n| target | measured | verdict |")
    print("|---|---:|---|")
    astar_ratio = ratios.get(("seed 000 start", "astar"), 0)
    print(f"| A* >= 20x faster than simpleai (seed 000 start) | {astar_ratio:,.0f}x "
          f"| {verdict(astar_ratio >= 20)} |")  # fmt: skip
    key = next((k for k in ratios if k[0].startswith("20") and k[1] == "bfs"), None)
    if key:
        print(f"| BFS >= 100x faster on the 20-move scramble | {ratios[key]:,.0f}x "
              f"| {verdict(ratios[key] >= 100)} |")  # fmt: skip
    else:
        print("| BFS >= 100x faster on the 20-move scramble | simpleai not run | - |")


def hand_written() -> None:
    print("\n## A class-written simpleai problem run through puzzlelab's engine\n")
    print(
        "`HandWrittenEightPuzzle` is defined in this script the way a class would write it "
        "(actions are the tiles that slide; the class's own Manhattan heuristic), not "
        "puzzlelab's `SlidingPuzzleProblem`. The very same problem object goes to both.\n"
    )
    print("| board | search | puzzlelab s | simpleai s | cost (both) | ratio | target |")
    print("|---|---|---:|---:|---:|---:|---|")
    cases = [("seed 000 start", SEED_000, "astar"),
             ("16-move scramble", EIGHT.scramble(16, seed=SCRAMBLES[16]), "bfs")]  # fmt: skip
    for name, board, algorithm in cases:
        search = astar if algorithm == "astar" else bfs
        result, seconds = best_of(lambda b=board, f=search: f(HandWrittenEightPuzzle(b)))
        theirs = run_simpleai("hand", algorithm, board)
        label = "A*" if algorithm == "astar" else "BFS"
        if theirs is None:
            print(f"| {name} | {label} | {seconds:.4f} | > {CAP_SECONDS} s | | | |")
            continue
        ratio = theirs["seconds"] / seconds
        same = theirs["cost"] == result.cost
        cost = result.cost if same else f"{result.cost} vs {theirs['cost']}"
        print(
            f"| {name} | {label} | {seconds:.4f} | {theirs['seconds']:.4f} | {cost} | "
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
    side_by_side(quick)
    hand_written()


if __name__ == "__main__":
    main(sys.argv[1:])
