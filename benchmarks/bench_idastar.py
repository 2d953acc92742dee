"""IDA* on the 15-puzzle: the general loop against the loop in place, heuristic by heuristic.

Run: ``.venv/bin/python benchmarks/bench_idastar.py [--boards 8] [--moves 50]``.

The same boards (scrambled from the goal by *moves* random moves) are solved
optimally by :func:`~puzzlelab.search.idastar` and by
:func:`~puzzlelab.solvers.sliding_idastar` (the general loop, a node object per board,
against the sliding puzzle's loop in place, a scorer updating the heuristic move by move). Both must
expand and generate the same nodes; the table gives nodes per CPU second of each.
Target: the loop in place at least 5x the general one, for each heuristic.

Times are CPU seconds (``time.process_time``) beside wall seconds: the machine is
shared and its speed drifts (the reference loop says how fast it was).
"""

from __future__ import annotations

import argparse
import sys
import time

from puzzlelab.puzzles import SlidingPuzzle
from puzzlelab.search import idastar
from puzzlelab.solvers import sliding_idastar

from measure import machine, verdict

HEURISTICS = ("manhattan", "linear-conflict")


def clocked(work):
    """``(value, CPU seconds, wall seconds)`` of *work()*."""
    cpu, wall = time.process_time(), time.perf_counter()
    value = work()
    return value, time.process_time() - cpu, time.perf_counter() - wall


def boards(count: int, moves: int) -> list[SlidingPuzzle]:
    """*count* 15-puzzles, each scrambled by *moves* random moves (seeds 0, 1, ...)."""
    fifteen = SlidingPuzzle(shape=(4, 4))
    return [fifteen.with_start(fifteen.scramble(moves, seed=seed)) for seed in range(count)]


def totals(puzzles, heuristic: str, in_place: bool) -> tuple[list, float, float]:
    """``(node counts per board, CPU s, wall s)`` of IDA* with *heuristic* on every puzzle."""
    counts, cpu, wall = [], 0.0, 0.0
    for puzzle in puzzles:
        result, seconds, elapsed = clocked(
            lambda p=puzzle: (sliding_idastar if in_place else idastar)(p, heuristic)
        )
        counts.append((result.cost, result.stats.expanded, result.stats.generated))
        cpu, wall = cpu + seconds, wall + elapsed
    return counts, cpu, wall


def speed(puzzles) -> None:
    print("| heuristic | nodes expanded (both) | general CPU s / wall s | in place CPU s / wall s "
          "| general nodes / CPU s | in place nodes / CPU s | ratio (CPU) | >= 5x |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for heuristic in HEURISTICS:
        general, slow, slow_wall = totals(puzzles, heuristic, in_place=False)
        fast, quick, quick_wall = totals(puzzles, heuristic, in_place=True)
        nodes = sum(expanded for _, expanded, _ in general)
        same = "" if general == fast else " (DIFFER)"
        ratio = slow / quick
        print(f"| {heuristic} | {nodes:,}{same} | {slow:.2f} / {slow_wall:.2f} | "
              f"{quick:.2f} / {quick_wall:.2f} | {nodes / slow:,.0f} | {nodes / quick:,.0f} | "
              f"{ratio:.1f}x | {verdict(ratio >= 5 and not same)} |")  # fmt: skip


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=8, help="how many 15-puzzle boards")
    parser.add_argument("--moves", type=int, default=50, help="random moves from the goal")
    args = parser.parse_args(argv)
    print(f"# IDA* in place on the 15-puzzle\n\n{machine()}\n")
    print(f"{args.boards} boards, each {args.moves} random moves from the goal, solved "
          "optimally by both loops; costs and node counts compared board by board.\n")  # fmt: skip
    speed(boards(args.boards, args.moves))


if __name__ == "__main__":
    sys.exit(main())
