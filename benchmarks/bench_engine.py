"""The search loop now against the loop of an earlier commit, side by side, in one run.

Run: ``.venv/bin/python benchmarks/bench_engine.py [REVISION]`` (default
:data:`BEFORE`, the last commit before the loop was rewritten to read like the
textbook; ``HEAD`` compares the working tree with the last commit). The earlier
package is taken from git into a temporary folder; each case then runs in a
fresh child process, the two versions taking turns, five rounds each, so that a
drift in the machine's speed falls on both. The table shows the best CPU time
(``time.process_time``) and wall time of each version, and their ratio; the
target is at most 5% slower.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from measure import machine, verdict

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 5
BEFORE = "b925f4f"  # the last commit with the old, 76-line loop
TARGET = 1.05  # now / before, CPU time

CASES = {
    "bfs, whole 8-puzzle": "bfs(SlidingPuzzle('8 6 7 / 2 5 4 / 3 0 1'))",
    "dfs, whole 8-puzzle": "dfs(SlidingPuzzle('8 6 7 / 2 5 4 / 3 0 1'))",
    "uniform cost, 8-puzzle": "uniform_cost(SlidingPuzzle('8 6 7 / 2 5 4 / 3 0 1'))",
    "A*, Manhattan, 8-puzzle (31 moves)": (
        "astar(SlidingPuzzle('8 6 7 / 2 5 4 / 3 0 1'), heuristic='manhattan')"
    ),
    "A*, Manhattan, 15-puzzle (40 moves)": (
        "astar(SlidingPuzzle('0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1'), "
        "heuristic='manhattan', max_nodes=150_000)"
    ),
}

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from puzzlelab import SlidingPuzzle
from puzzlelab.search import astar, bfs, dfs, uniform_cost
cpu, wall = time.process_time(), time.perf_counter()
result = {case}
print(json.dumps({{"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
                  "expanded": result.stats.expanded, "status": result.status}}))
"""


def run_case(package_root: Path, case: str) -> dict:
    """Run one case in a fresh interpreter with puzzlelab imported from *package_root*."""
    code = CHILD.format(case=case)
    done = subprocess.run(
        [sys.executable, "-c", code, str(package_root)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def earlier_package(revision: str, into: Path) -> Path:
    """Extract ``puzzlelab/`` as it was at *revision* into *into*; return *into*."""
    done = subprocess.run(["git", "archive", revision, "puzzlelab"], cwd=ROOT, capture_output=True)
    if done.returncode != 0:
        raise SystemExit(f"git cannot find revision {revision!r} here (a shallow clone?)")
    archive = done.stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def compare(before_root: Path) -> list[dict]:
    """Time every case in both versions, taking turns; keep each version's best."""
    rows = []
    for name, case in CASES.items():
        best = {"before": None, "now": None}
        for _ in range(ROUNDS):
            for version, root in (("before", before_root), ("now", ROOT)):
                measured = run_case(root, case)
                if best[version] is None or measured["cpu"] < best[version]["cpu"]:
                    best[version] = measured
        if best["before"]["expanded"] != best["now"]["expanded"]:
            raise SystemExit(f"{name}: the two versions expanded different numbers of nodes")
        rows.append({"case": name, **best})
    return rows


def main(argv) -> None:
    revision = argv[1] if len(argv) > 1 else BEFORE
    print(f"# The search loop: working tree against {revision}\n\n{machine()}\n")
    print("| case | expanded | before CPU s | now CPU s | now / before | wall before | wall now |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        rows = compare(earlier_package(revision, Path(folder)))
    for row in rows:
        before, now = row["before"], row["now"]
        print(
            f"| {row['case']} | {now['expanded']:,} | {before['cpu']:.3f} | {now['cpu']:.3f} "
            f"| {now['cpu'] / before['cpu']:.3f} | {before['wall']:.3f} | {now['wall']:.3f} |"
        )
    total = sum(r["now"]["cpu"] for r in rows) / sum(r["before"]["cpu"] for r in rows)
    print(f"\nAll cases: now / before = {total:.3f} (target at most {TARGET}): "
          f"{verdict(total <= TARGET)}")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv)
