"""Benchmarks for seeing search: recording traces, drawing trees, stepping widgets.

Run: ``.venv/bin/python benchmarks/bench_seeing.py``. Prints markdown tables with
each target and PASS / FAIL beside the measured value.
"""

from __future__ import annotations

import os
import platform
import sys
import time

import matplotlib

matplotlib.use("Agg")

from simpleai.search import astar as simpleai_astar  # noqa: E402
from simpleai.search import breadth_first  # noqa: E402
from simpleai.search.viewers import BaseViewer  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.drawing import offscreen_figure  # noqa: E402
from puzzlelab.search import Trace, astar, bfs  # noqa: E402
from puzzlelab.simpleai_problems import SlidingPuzzleProblem  # noqa: E402
from puzzlelab.simpleai_trace import TraceViewer  # noqa: E402
from puzzlelab.trees import draw_tree, search_tree  # noqa: E402
from puzzlelab.widgets import PlayBoard, SearchReplay, SolutionPlayer  # noqa: E402


def best_of(runs, work):
    """Best wall-clock seconds of *runs* calls of *work*."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def trace_overhead(board, runs=3):
    """Rows: each library's search with and without its recorder."""
    problem = SlidingPuzzleProblem(board, heuristic="manhattan")
    puzzle = SlidingPuzzle(board)
    rows = []
    for name, ours, theirs in [
        ("A* manhattan", lambda **k: astar(puzzle, "manhattan", **k), simpleai_astar),
        ("BFS", lambda **k: bfs(puzzle, **k), breadth_first),
    ]:
        plain = best_of(runs, lambda ours=ours: ours())
        traced = best_of(runs, lambda ours=ours: ours(trace=Trace(max_events=None)))
        rows.append((name, "puzzlelab", "Trace", plain, traced))
        bare = best_of(1, lambda t=theirs: t(problem, graph_search=True))
        viewed = best_of(1, lambda t=theirs: t(problem, graph_search=True, viewer=BaseViewer()))
        ours_viewer = best_of(
            1, lambda t=theirs: t(problem, graph_search=True, viewer=TraceViewer())
        )
        rows.append((name, "simpleai", "BaseViewer", bare, viewed))
        rows.append((name, "simpleai", "puzzlelab TraceViewer", bare, ours_viewer))
    return rows


def main() -> None:
    print(f"# puzzlelab: seeing search\n\nPython {platform.python_version()}, "
          f"{os.cpu_count()} cores, {sys.platform}\n")  # fmt: skip
    eight = SlidingPuzzle(shape=(3, 3))
    board = eight.scramble(14, seed=5)
    print(f"Instance: a 14-move scramble (seed 5), {board}\n")

    print("## Recording a search\n")
    print("| search | library | recorder | s without | s with | slow-down | target |")
    print("|---|---|---|---:|---:|---:|---|")
    for name, library, recorder, plain, traced in trace_overhead(board):
        ratio = traced / plain
        target = f"<= 3x: {verdict(ratio <= 3)}" if library == "puzzlelab" else "(about 10x)"
        print(f"| {name} | {library} | {recorder} | {plain:.4f} | {traced:.4f} | "
              f"{ratio:.1f}x | {target} |")  # fmt: skip

    print("\n## Drawing and stepping\n")
    print("| what | measured | target |")
    print("|---|---:|---|")
    trace = Trace()
    bfs(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), trace=trace, max_nodes=400)
    tree = search_tree(trace)

    def draw300():
        ax = draw_tree(tree, ax=offscreen_figure((12, 6)).add_subplot(), max_nodes=300)
        ax.figure.canvas.draw()

    seconds = best_of(3, draw300)
    print(f"| draw a 300-node tree (of {tree.number_of_nodes():,}) | {seconds:.3f} s "
          f"| <= 1 s: {verdict(seconds <= 1)} |")  # fmt: skip

    puzzle = eight.with_start(board)
    player = SolutionPlayer(puzzle, astar(puzzle))
    step = best_of(20, lambda: player.step((player.value + 1) % len(player.frames)))
    print(f"| SolutionPlayer step (kernel-driven) | {step * 1000:.2f} ms "
          f"| <= 50 ms: {verdict(step <= 0.05)} |")  # fmt: skip

    play = PlayBoard(puzzle)

    def click_and_back():
        tile = play.hint()
        play.click(tile)
        play.reset()

    click = best_of(20, click_and_back) / 2  # a hint-click and a reset: two redraws
    print(f"| PlayBoard hint + click redraw | {click * 1000:.2f} ms "
          f"| <= 50 ms: {verdict(click <= 0.05)} |")  # fmt: skip

    small = Trace()
    astar(eight.with_start(eight.scramble(8, seed=9)), "manhattan", trace=small)
    replay = SearchReplay(small, puzzle)
    events = len(small.events)
    replay_step = best_of(10, lambda: replay.step((replay.slider.value + 1) % events))
    print(f"| SearchReplay step ({events}-event trace) | {replay_step * 1000:.2f} ms "
          f"| <= 50 ms: {verdict(replay_step <= 0.05)} |")  # fmt: skip
    print("\nTimes are best-of-N wall clock on this machine; simpleai runs once each.")


if __name__ == "__main__":
    main()
