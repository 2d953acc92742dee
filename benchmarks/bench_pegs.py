"""Peg solitaire: the peg solitaire article's three iterative deepenings on its 21-hole board,
measured honestly, the English central game, and simpleai side by side on the 15-hole triangle.

Run: ``.venv/bin/python benchmarks/bench_pegs.py`` (about 10 minutes: plain iterative
deepening is capped at 120 s and the group-pruned one at 400 s). ``--quick`` caps them at
20 s and 30 s. Prints markdown tables; targets have PASS / FAIL beside them.

What is measured:

- the article's complement problem from hole 7 (start: every hole but 7 full; goal: one peg,
  in hole 7) with each variant under its time cap: the depths completed, the nodes (positions
  visited, one per jump tried) per depth limit, the seconds. A variant that runs out of time
  is reported with the depth it reached and its nodes so far; it is not extrapolated;
- a smaller instance where all three finish (the position after the first 4 moves of the
  article's solution: 8 moves to go), so that the speed-ups compare equal work;
- simpleai runs once, in a child process with a time cap, on the 15-hole triangle.
"""

from __future__ import annotations

import json
import subprocess
import sys

from puzzlelab.puzzles.pegs import PegSolitaire, replay
from puzzlelab.puzzles.pegs_notation import format_moves
from puzzlelab.search import astar, dfs, iddfs
from puzzlelab.solvers.pegs import dfs_dead_positions, iterative_deepening, solve

from measure import best_of, clocked, machine, verdict, within

#: The peg solitaire article (Julia 1.6.4, Core i5-6200U): seconds of its three programs on
#: hole 7.
ARTICLE_SECONDS = {"plain": 123.254, "groups": 12.847, "bound": 0.270}
TWELVE_MOVE_SOLUTION = (
    "(15,7)(12,10)(4,11)(2,4)(8,3)(1,5)(13,15,7)(6,3,8,6,14)(21,12,10)(16,18)(20,9,11)(19,17,7)"
)
VARIANTS = ("plain", "groups", "bound")
SMALL_AFTER = 4  # the smaller instance: the position after this many moves of the solution
CHILD_CAP = 60


def position_after(count: int) -> PegSolitaire:
    puzzle = PegSolitaire("triangle21", hole=7)
    moves = [tuple(int(h) for h in m.split(",")) for m in TWELVE_MOVE_SOLUTION[1:-1].split(")(")]
    return puzzle.with_start(replay(puzzle.board, puzzle.start, moves[:count])[-1])


def completed(result) -> int | None:
    done = [it["bound"] for it in result.stats.iterations if it["completed"]]
    return done[-1] if done else None


# ---------------------------------------------------------------- the article's problem


def complement_problem(caps: dict) -> dict:
    puzzle = PegSolitaire("triangle21", hole=7)
    print("## The peg solitaire article's complement problem from hole 7 on the 21-hole triangle\n")
    print(f"Each variant runs once, capped at {caps['plain']:g} s (plain), "
          f"{caps['groups']:g} s (groups) and {caps['bound']:g} s (bound).\n")  # fmt: skip
    print("| variant | status | moves | depths completed | depth reached | nodes | CPU s | wall s "
          "| article (Julia) |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    results, cpus = {}, {}
    for name in VARIANTS:
        result, cpus[name], _ = clocked(
            lambda name=name: solve(puzzle, name, max_seconds=caps[name])
        )
        results[name] = result
        stats = result.stats
        reached = stats.iterations[-1]["bound"] if stats.iterations else "-"
        print(f"| {name} ({result.algorithm}) | {result.status} | {result.cost or '-'} "
              f"| up to {completed(result)} | {reached} | {stats.expanded:,} "
              f"| {cpus[name]:.2f} | {stats.seconds:.2f} "
              f"| {ARTICLE_SECONDS[name]:g} s |")  # fmt: skip
    print("\nNodes per depth limit (a run stopped by its cap shows the nodes of its last, "
          "unfinished depth with `+`):\n")  # fmt: skip
    limits = sorted({it["bound"] for r in results.values() for it in r.stats.iterations})
    print("| depth limit | " + " | ".join(VARIANTS) + " |")
    print("|---:|" + "---:|" * len(VARIANTS))
    for limit in limits:
        cells = []
        for name in VARIANTS:
            it = next((i for i in results[name].stats.iterations if i["bound"] == limit), None)
            if it is None:
                cells.append("-")
            else:
                unfinished = not it["completed"] and not results[name].solved
                cells.append(
                    f"{it['expanded']:,}{'+' if unfinished else ''} ({it['seconds']:.2f} s)"
                )
        print(f"| {limit} | " + " | ".join(cells) + " |")
    return results, cpus


def smaller_instance() -> dict:
    puzzle = position_after(SMALL_AFTER)
    print(f"\n## A smaller instance where all three finish: after the solution's first "
          f"{SMALL_AFTER} moves ({puzzle.start.bit_count()} pegs, "
          f"{12 - SMALL_AFTER} moves to go)\n")  # fmt: skip
    print("| variant | moves | nodes | CPU s | wall s | nodes saved vs previous | CPU speed-up "
          "| article's speed-up (hole 7) |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    results, previous = {}, None
    for name in VARIANTS:
        result, seconds, wall = best_of(lambda name=name: solve(puzzle, name))  # CPU, wall
        results[name] = (result, seconds)
        if previous is None:
            saved = speed = article = "-"
        else:
            before, before_seconds, before_name = previous
            saved = f"{before.stats.expanded / result.stats.expanded:.1f}x"
            speed = f"{before_seconds / seconds:.1f}x"
            article = f"{ARTICLE_SECONDS[before_name] / ARTICLE_SECONDS[name]:.1f}x"
        print(f"| {name} | {result.cost} | {result.stats.expanded:,} | {seconds:.3f} | {wall:.3f} "
              f"| {saved} "
              f"| {speed} "
              f"| {article} |")  # fmt: skip
        previous = (result, seconds, name)
    return results


# ---------------------------------------------------------------- simpleai side by side


def simpleai_child(algorithm: str, hole: int) -> dict:
    """Run in the child process: one simpleai search on the 15-hole triangle, as JSON."""
    from simpleai.search import astar as simpleai_astar
    from simpleai.search import depth_first, iterative_limited_depth_first

    from puzzlelab.simpleai_problems import PegSolitaireProblem

    search = {"dfs": depth_first, "iddfs": iterative_limited_depth_first,
              "astar": simpleai_astar}[algorithm]  # fmt: skip
    problem = PegSolitaireProblem("triangle15", hole=hole)
    node, cpu, wall = clocked(lambda: search(problem, graph_search=True))
    return {"cpu": cpu, "seconds": wall, "moves": len(node.path()) - 1}


def run_simpleai(algorithm: str, hole: int) -> dict | None:
    command = [sys.executable, __file__, "--child", algorithm, str(hole)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=CHILD_CAP,
                              check=True)  # fmt: skip
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout)


def side_by_side(hole: int = 4) -> None:
    puzzle = PegSolitaire("triangle15", hole=hole)
    print(f"\n## simpleai and puzzlelab on the 15-hole triangle, hole {hole} (graph search)\n")
    print("| search | puzzlelab CPU s, wall s | moves | simpleai CPU s, wall s | moves "
          "| simpleai / puzzlelab (CPU) |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|")
    rows = [
        ("depth-first", "dfs", lambda: dfs(puzzle)),
        ("iterative deepening (engine)", "iddfs", lambda: iddfs(puzzle)),
        ("A*, corner bound", "astar", lambda: astar(puzzle, heuristic="corners")),
    ]
    for label, algorithm, work in rows:
        result, cpu, seconds = best_of(work)
        theirs = run_simpleai(algorithm, hole)
        if theirs is None:
            their_cell, moves, ratio = f"> {CHILD_CAP} s wall", "-", f"> {CHILD_CAP / cpu:.0f}x"
        else:
            their_cell, moves = f"{theirs['cpu']:.3f}, {theirs['seconds']:.3f}", theirs["moves"]
            ratio = f"{theirs['cpu'] / cpu:.1f}x"
        print(f"| {label} | {cpu:.3f}, {seconds:.3f} | {result.cost} | {their_cell} | {moves} "
              f"| {ratio} |")  # fmt: skip
    result, cpu, seconds = best_of(lambda: iterative_deepening(puzzle, corner_bound=True))
    print(f"| the article's iterative deepening, corner bound | {cpu:.3f}, {seconds:.3f} "
          f"| {result.cost} | - | - | - |")  # fmt: skip


# ---------------------------------------------------------------- targets


def targets(results: dict, cpus: dict, small: dict) -> None:
    print("\n## Targets\n")
    print("| what | measured | target |")
    print("|---|---:|---|")
    bound = results["bound"]
    fast = bound.solved and within(cpus["bound"], bound.stats.seconds, 2)
    print(f"| the article's problem, bound variant: {bound.cost} moves, {bound.stats.expanded:,} "
          f"nodes | {bound.stats.seconds:.2f} s ({cpus['bound']:.2f} CPU s) "
          f"| <= 2 s: {verdict(fast)} |")  # fmt: skip
    same = bound.solved and format_moves(bound.actions) == TWELVE_MOVE_SOLUTION
    print(f"| the solution found is the article's, move for move | {'yes' if same else 'no'} "
          f"| {verdict(same)} |")  # fmt: skip
    groups = results["groups"]
    if groups.solved:
        ratio = cpus["groups"] / cpus["bound"]
        print(f"| the article's problem, groups / bound CPU time (article: 47x) | {ratio:.0f}x "
              f"| >= 10x: {verdict(ratio >= 10)} |")  # fmt: skip
    (plain, plain_s), (grouped, grouped_s), (bounded, bounded_s) = (small[n] for n in VARIANTS)
    ratio = plain_s / grouped_s
    print(f"| smaller instance, plain / groups CPU time (article on hole 7: 9.6x) | {ratio:.1f}x "
          f"| >= 3x: {verdict(ratio >= 3)} |")  # fmt: skip
    ratio = grouped_s / bounded_s
    print(f"| smaller instance, groups / bound CPU time (article on hole 7: 47x) | {ratio:.0f}x "
          f"| >= 10x: {verdict(ratio >= 10)} |")  # fmt: skip
    english = PegSolitaire("english")
    result, cpu, seconds = best_of(lambda: dfs_dead_positions(english))
    print(f"| English central game, depth-first with dead positions ({result.cost} moves, "
          f"{result.stats.expanded:,} nodes, {result.stats.extra['dead']:,} dead) "
          f"| {seconds:.3f} s ({cpu:.3f} CPU s) "
          f"| <= 2 s: {verdict(result.solved and within(cpu, seconds, 2))} |")  # fmt: skip
    result, cpu, seconds = best_of(lambda: dfs_dead_positions(english, symmetry=False))
    print(f"| the same without symmetry ({result.stats.expanded:,} nodes, "
          f"{result.stats.extra['dead']:,} dead) "
          f"| {seconds:.3f} s ({cpu:.3f} CPU s) | - |")  # fmt: skip


def main(argv) -> None:
    if argv[:1] == ["--child"]:
        print(json.dumps(simpleai_child(argv[1], int(argv[2]))))
        return
    quick = "--quick" in argv
    caps = {"plain": 20 if quick else 120, "groups": 30 if quick else 400, "bound": 60}
    print(f"# Peg solitaire benchmark\n\n{machine()}\n")
    results, cpus = complement_problem(caps)
    small = smaller_instance()
    side_by_side()
    targets(results, cpus, small)


if __name__ == "__main__":
    main(sys.argv[1:])
