"""What it costs to watch a search: recording traces, drawing trees, replay steps.

Run: ``.venv/bin/python benchmarks/bench_trace.py``. Prints one markdown table
with each measurement, its target and PASS / FAIL (or the expectation, for
simpleai's own viewers).

- puzzlelab: the same search without and with ``trace=Trace()``; target <= 3x.
- simpleai: the same search without a viewer, with its ``BaseViewer`` and with
  puzzlelab's ``TraceViewer``. Any viewer makes simpleai sort the whole fringe
  at every step; ``BaseViewer`` also prints it into its log at every step (the
  expected cost is about 10x, more as the fringe grows); ``TraceViewer`` does not.
- drawing a 300-node search tree, and one replay step; targets 1 s and 50 ms.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from simpleai.search import astar as simpleai_astar  # noqa: E402
from simpleai.search import breadth_first  # noqa: E402
from simpleai.search.viewers import BaseViewer  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.analysis.simpleai_trace import TraceViewer  # noqa: E402
from puzzlelab.analysis.trees import search_tree  # noqa: E402
from puzzlelab.drawing import draw_tree, offscreen_figure  # noqa: E402
from puzzlelab.search import Trace, astar, bfs  # noqa: E402
from puzzlelab.simpleai_problems import SlidingPuzzleProblem  # noqa: E402
from puzzlelab.widgets import SearchReplay  # noqa: E402

from measure import best_of, machine, within  # noqa: E402

SCRAMBLE = (12, 5)  # moves, seed


def row(what, took, base=None, target=None, ok=None) -> str:
    """A table row; *took* and *base* are ``(cpu, wall)`` seconds, ratios are of CPU seconds."""
    ratio = "" if base is None else f"{took[0] / base[0]:.1f}x"
    verdict = "" if ok is None else (" PASS" if ok else " FAIL")
    return f"| {what} | {took[0]:.4f} | {took[1]:.4f} | {ratio} | {target or ''}{verdict} |"


def recording_rows(board) -> list[str]:
    puzzle = SlidingPuzzle(board)
    problem = SlidingPuzzleProblem(board, heuristic="manhattan")
    rows = []
    searches = [
        ("A* manhattan", lambda **k: astar(puzzle, "manhattan", **k), simpleai_astar),
        ("BFS", lambda **k: bfs(puzzle, **k), breadth_first),
    ]
    for name, ours, theirs in searches:
        _, *plain = best_of(ours, runs=5)
        _, *traced = best_of(lambda ours=ours: ours(trace=Trace(max_events=None)), runs=5)
        rows.append(row(f"puzzlelab {name}", plain))
        rows.append(
            row(f"puzzlelab {name} + Trace", traced, plain, "<= 3x", traced[0] <= 3 * plain[0])
        )
        _, *bare = best_of(lambda t=theirs: t(problem, graph_search=True), runs=2)
        _, *base_viewer = best_of(
            lambda t=theirs: t(problem, graph_search=True, viewer=BaseViewer()), runs=1
        )
        _, *trace_viewer = best_of(
            lambda t=theirs: t(problem, graph_search=True, viewer=TraceViewer()), runs=1
        )
        rows.append(row(f"simpleai {name}", bare))
        rows.append(row(f"simpleai {name} + BaseViewer", base_viewer, bare, "expected about 10x"))
        rows.append(row(f"simpleai {name} + TraceViewer", trace_viewer, bare, "no fringe printout"))
    return rows


def drawing_rows() -> list[str]:
    trace = Trace()
    bfs(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), max_nodes=400, trace=trace)
    tree = search_tree(trace)

    def draw300():
        ax = draw_tree(tree, ax=offscreen_figure((16, 6)).add_subplot(), max_nodes=300)
        ax.figure.canvas.draw()  # render, not only build

    _, *draw = best_of(draw300)
    eight = SlidingPuzzle(shape=(3, 3))
    puzzle = eight.with_start(eight.scramble(8, seed=9))
    small = Trace()
    astar(puzzle, "manhattan", trace=small)
    events = len(small.events)
    _, *build = best_of(lambda: SearchReplay(small, puzzle))
    bigger = Trace()
    astar(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), "manhattan", trace=bigger, max_nodes=2000)
    _, *build_400 = best_of(lambda: SearchReplay(bigger, SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")))
    return [
        row(
            f"draw a 300-node tree (of {tree.number_of_nodes():,}), rendered",
            draw,
            target="<= 1 s",
            ok=within(*draw, 1),
        ),  # fmt: skip
        row(f"build a SearchReplay of a {events}-event A* trace (every step, once)", build),
        row("build a SearchReplay of 400 events (its most), 8-puzzle A*", build_400),
    ]


def main() -> None:
    eight = SlidingPuzzle(shape=(3, 3))
    board = eight.scramble(*SCRAMBLE)
    distance = len(astar(eight.with_start(board), "manhattan").actions)
    print(f"# Watching a search: what it costs\n\n{machine()}\n")
    print(f"Instance: a {SCRAMBLE[0]}-move scramble (seed {SCRAMBLE[1]}), {board}, "
          f"{distance} moves from the goal.\n")  # fmt: skip
    print("| what | CPU s | wall s | vs. without (CPU) | target (CPU or wall) |")
    print("|---|---:|---:|---:|---|")
    for line in recording_rows(board) + drawing_rows():
        print(line)
    print("\nBest of 5 (puzzlelab), 2 (simpleai bare), 1 (simpleai with a viewer) runs, "
          "CPU and wall seconds, on a machine shared with other jobs.")  # fmt: skip


if __name__ == "__main__":
    main()
