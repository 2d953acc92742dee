"""N queens: generate and test against backtracking (the backtracking article's table), fast
counting, simpleai's CSP algorithms side by side with puzzlelab's, and min-conflicts for large n.

Run: ``.venv/bin/python benchmarks/bench_queens.py`` (``--quick`` skips the runs that
take more than a few seconds: generate and test for n = 10, simpleai on 64 and 100
queens, puzzlelab on 5,000). Prints markdown tables; targets have PASS / FAIL beside them.

puzzlelab times are the best of 3 runs (1 for runs over a second); simpleai runs
once, in this process, stopped by a time limit that its constraint checks obey.
"""

from __future__ import annotations

import random
import sys
import time

from simpleai.search import (
    HIGHEST_DEGREE_VARIABLE,
    LEAST_CONSTRAINING_VALUE,
    MOST_CONSTRAINED_VARIABLE,
    depth_first,
    min_conflicts,
)
from simpleai.search.models import CspProblem

from puzzlelab.puzzles.queens import QueensPuzzle, is_solution
from puzzlelab.search import bfs, dfs, iddfs
from puzzlelab.simpleai_problems.queens import QueensProblem, repair_csp, solve_csp
from puzzlelab.solvers.queens import backtracking, generate_and_test
from puzzlelab.solvers.queens_counting import count_bitmask, count_fundamental
from puzzlelab.solvers.queens_repair import greedy_start
from puzzlelab.solvers.queens_repair import min_conflicts as puzzlelab_min_conflicts

from measure import best_of, machine, verdict, within

#: The backtracking article's seconds (Gauche on a 1.4 GHz Celeron, 2008): generate and test,
#: pruned.
ARTICLE_SECONDS = {8: (0.73, 0.03), 9: (6.66, 0.14), 10: (67.34, 0.53)}
#: Known counts (OEIS A000170 and A002562), n = 1..13.
KNOWN_TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
KNOWN_FUNDAMENTAL = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233]
CAP_SECONDS = 60


# ---------------------------------------------------------------- the backtracking article's table


def article_table(quick: bool) -> None:
    print("## Generate and test vs backtracking (the backtracking article's table)\n")
    print("Generate and test tries every permutation of the columns (n! candidates) and")
    print("checks the diagonals afterwards; backtracking checks each queen as it is placed.\n")
    print("| n | solutions | candidates tested | generate & test s | queens placed "
          "| backtracking s | ratio | article s (ratio) | counts agree |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|---:|---|---|")
    ratios = []
    for n in (8, 9, 10):
        pruned, pruned_cpu, pruned_s = best_of(lambda n=n: backtracking(n))
        if quick and n == 10:
            tested = generate_and_test(n, max_seconds=1.0)
            gt_s, gt_text = None, f">= {tested.stats.seconds:.2f} (stopped)"
        else:
            tested, gt_cpu, gt_s = best_of(lambda n=n: generate_and_test(n))
            gt_text = f"{gt_s:.3f} ({gt_cpu:.3f} CPU)"
        article_gt, article_bt = ARTICLE_SECONDS[n]
        ratio = gt_cpu / pruned_cpu if gt_s else None  # of CPU seconds
        if ratio:
            ratios.append(ratio)
        finished = tested.status == "solved"
        agree = finished and tested.solutions == pruned.solutions
        print(f"| {n} | {pruned.count} | {tested.stats.expanded:,} | {gt_text} | "
              f"{pruned.stats.expanded:,} | "
              f"{pruned_s:.3f} ({pruned_cpu:.3f} CPU) | {f'{ratio:.0f}x' if ratio else '-'} "
              f"| {article_gt} vs {article_bt} "
              f"({article_gt / article_bt:.0f}x) | "
              f"{verdict(agree) if finished else 'skipped (--quick)'} |")  # fmt: skip
    print()
    print(f"- 92 solutions for 8 queens: {verdict(backtracking(8).count == 92)}")
    grows = all(a < b for a, b in zip(ratios, ratios[1:]))
    print(f"- the gap grows with n, as in the article ({', '.join(f'{r:.0f}x' for r in ratios)}): "
          f"{verdict(grows)}")  # fmt: skip
    _, cpu, seconds = best_of(lambda: backtracking(10))
    print(f"- all 724 solutions of 10 queens by backtracking in {seconds:.3f} s, {cpu:.3f} CPU s "
          f"(target < 0.5 s): {verdict(within(cpu, seconds, 0.5))}\n")  # fmt: skip


# ---------------------------------------------------------------- counting


def counting() -> None:
    print("## Counting all solutions and the fundamental ones\n")
    print("| n | solutions (bit masks) | fundamental | known | CPU s (both) | wall s (both) |")
    print("|---:|---:|---:|---|---:|---:|")
    for n in range(1, 14):
        total, cpu1, t1 = best_of(lambda n=n: count_bitmask(n))
        families, cpu2, t2 = best_of(lambda n=n: count_fundamental(n))
        ok = (total.count, families.count) == (KNOWN_TOTAL[n - 1], KNOWN_FUNDAMENTAL[n - 1])
        counts = f"{total.count:,} | {families.count:,} | {verdict(ok)}"
        print(f"| {n} | {counts} | {cpu1 + cpu2:.3f} | {t1 + t2:.3f} |")
    _, cpu, seconds = best_of(lambda: count_fundamental(12))
    print(f"\n- the 1,787 fundamental solutions of 12 queens in {seconds:.2f} s, {cpu:.2f} CPU s "
          f"(target < 2 s): {verdict(within(cpu, seconds, 2))}\n")  # fmt: skip


# ---------------------------------------------------------------- simpleai backtrack


def csp_backtrack() -> None:
    print("## simpleai's `backtrack` on the CSP (one binary constraint per pair of rows)\n")
    print(f"Checks are calls of the constraint; runs stop after {CAP_SECONDS // 3} s.\n")
    print("| n | variable heuristic | value heuristic | inference | status | checks | seconds |")
    print("|---:|---|---|---|---|---:|---:|")
    combos = [("", "", True), (MOST_CONSTRAINED_VARIABLE, "", True),
              (HIGHEST_DEGREE_VARIABLE, "", True), ("", LEAST_CONSTRAINING_VALUE, True),
              (MOST_CONSTRAINED_VARIABLE, LEAST_CONSTRAINING_VALUE, True),
              (MOST_CONSTRAINED_VARIABLE, "", False), ("", "", False)]  # fmt: skip
    for n in (8, 12, 16):
        for variable, value, inference in combos:
            run = solve_csp(n, variable, value, inference, max_seconds=CAP_SECONDS // 3)
            checks, seconds = run.stats.extra["checks"], run.stats.seconds
            print(f"| {n} | {variable or '-'} | {value or '-'} | {'AC-3' if inference else '-'} | "
                  f"{run.status} | {checks:,} | {seconds:.3f} |")  # fmt: skip
    _, cpu, seconds = best_of(lambda: backtracking(16, first_only=True))
    print(f"\npuzzlelab's backtracking finds a first solution of 16 queens in {seconds:.4f} s "
          f"({cpu:.4f} CPU s).\n")  # fmt: skip


# ---------------------------------------------------------------- min-conflicts


def _row_constraint(variables, values):
    """Wider constraint: the first row's queen shares no line with any other queen."""
    row, col = variables[0], values[0]
    return all(c != col and abs(c - col) != abs(r - row) for r, c in zip(variables[1:], values[1:]))


def wide_csp(n: int) -> CspProblem:
    """n constraints, one per row, each over all rows: fewer, wider constraints."""
    rows = tuple(range(n))
    constraints = [((row, *rows[:row], *rows[row + 1 :]), _row_constraint) for row in rows]
    return CspProblem(rows, {row: list(rows) for row in rows}, constraints)


def run_wide(n: int, seed: int, cap: float) -> tuple[str, float]:
    """simpleai's min_conflicts on :func:`wide_csp` from the same greedy start; (status, s)."""
    random.seed(seed)
    start = dict(enumerate(greedy_start(n, seed=seed)))
    started = time.perf_counter()
    assignment = start
    while time.perf_counter() - started < cap:  # in slices of 20 iterations, to obey the cap
        assignment = min_conflicts(wide_csp(n), dict(assignment), iterations_limit=20)
        if is_solution(tuple(assignment[row] for row in range(n)), n):
            return "solved", time.perf_counter() - started
    return "limit", time.perf_counter() - started


def min_conflicts_table(quick: bool) -> None:
    print("## Min-conflicts: simpleai side by side with puzzlelab\n")
    print("simpleai's `min_conflicts` weighs each of a queen's n squares by checking all")
    print("n(n-1)/2 constraints, so one step costs about (n+2) n(n-1)/2 checks (the steps")
    print("column is worked out from that). Its own start gives each row in turn a column")
    print("in conflict with the fewest rows before it, weighing every constraint for every")
    print("value; `greedy` is the same rule computed by puzzlelab along lines and passed as")
    print(f"`initial_assignment`. Runs stop after {CAP_SECONDS} s ({3 * CAP_SECONDS} s for 100")
    print("queens); seed 1.\n")
    print("| n | start | status | checks | about steps | seconds |")
    print("|---:|---|---|---:|---:|---:|")
    sizes = (16, 32, 48) if quick else (16, 32, 64, 100)
    for n in sizes:
        for greedy in (False, True):
            if not greedy and n > (32 if quick else 64):
                continue
            cap = 3 * CAP_SECONDS if n >= 100 else CAP_SECONDS
            run = repair_csp(n, seed=1, greedy=greedy, max_seconds=cap)
            per_step = (n + 2) * n * (n - 1) // 2
            checks = run.stats.extra["checks"]
            steps = f"{checks / per_step:.0f}" if greedy else "-"
            print(f"| {n} | {'greedy' if greedy else 'simpleai'} | {run.status} | "
                  f"{checks:,} | {steps} | {run.stats.seconds:.2f} |")  # fmt: skip
    print()
    print("Fewer, wider constraints? One constraint per row over all rows (n instead of")
    print("n(n-1)/2). Each check is cheaper in all, but every row now shares a constraint with")
    print("every conflict, so simpleai picks the queen to move among *all* rows, not only the")
    print("attacked ones. Same greedy starts, seeds 1-3:\n")
    print("| n | formulation | solved | median seconds |")
    print("|---:|---|---:|---:|")
    for n in (16,) if quick else (16, 32):
        pairs = [repair_csp(n, seed=seed, max_seconds=CAP_SECONDS // 2) for seed in (1, 2, 3)]
        wide = [run_wide(n, seed, cap=CAP_SECONDS // 2) for seed in (1, 2, 3)]
        median = sorted(run.stats.seconds for run in pairs)[1]
        print(f"| {n} | a constraint per pair of rows | {sum(r.solved for r in pairs)} of 3 | "
              f"{median:.2f} |")  # fmt: skip
        median = sorted(seconds for _, seconds in wide)[1]
        solved = sum(status == "solved" for status, _ in wide)
        print(f"| {n} | a wide constraint per row | {solved} of 3 | {median:.2f} |")
    print()
    print("| n | puzzlelab `min_conflicts` | queens moved | restarts | pairs at start | seconds |")
    print("|---:|---|---:|---:|---:|---:|")
    largest = (100, 1000, 2000) if quick else (100, 1000, 2000, 5000)
    for n in largest:
        result = puzzlelab_min_conflicts(n, seed=1)
        ok = result.solved and is_solution(result.placement, n)
        print(f"| {n:,} | {verdict(ok)} | {result.stats.expanded:,} | "
              f"{result.stats.extra['restarts']} | {result.start_conflicts} | "
              f"{result.stats.seconds:.3f} |")  # fmt: skip
    result = puzzlelab_min_conflicts(1000, seed=2)
    seconds = result.stats.seconds
    print(f"\n- 1,000 queens by puzzlelab's min-conflicts in {seconds:.2f} s "
          f"(target < 2 s): {verdict(result.solved and seconds < 2)}\n")  # fmt: skip


# ---------------------------------------------------------------- search engine


def search_engine() -> None:
    print("## The search problem (one queen per row) in puzzlelab's engine and in simpleai\n")
    print("| n | search | first solution found | expanded | CPU s | wall s |")
    print("|---:|---|---|---:|---:|---:|")
    for n in (8, 10):
        for name, search in (("dfs", dfs), ("bfs", bfs), ("iddfs", iddfs)):
            result, cpu, seconds = best_of(lambda n=n, search=search: search(QueensPuzzle(n)))
            print(f"| {n} | puzzlelab {name} | {result.path[-1]} | {result.stats.expanded:,} | "
                  f"{cpu:.3f} | {seconds:.3f} |")  # fmt: skip
        node, cpu, seconds = best_of(lambda n=n: depth_first(QueensProblem(n), graph_search=True))
        print(f"| {n} | simpleai depth_first | {node.state} | - | {cpu:.3f} | {seconds:.3f} |")
    print()


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"# N queens benchmark\n\n{machine()}\n")
    article_table(quick)
    counting()
    csp_backtrack()
    min_conflicts_table(quick)
    search_engine()


if __name__ == "__main__":
    main()
