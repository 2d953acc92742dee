"""How fast ``puzzlelab grade`` grades a class: against running the lesson on every core.

A class of *count* copies of a lesson (lesson 2 unless ``--lesson`` names another) with every
exercise worked (the teacher's edition's answers, as a good student hands it in) is graded
by ``python -m puzzlelab grade --jobs CORES``. The yardstick is the lesson run on a plain
kernel (nbclient, no grading) *runs* times: the mean run times *count*, divided by the cores,
is what a perfect grader would take.
Targets (issue 23): grading within 1.2 times that, and under 1 s of overhead a notebook.

Run: ``.venv/bin/python benchmarks/bench_grade.py`` (30 notebooks: minutes), or
``--count 4 --runs 1`` while working; ``--lesson 04`` grades lesson 4, whose heuristic check
asks the student's function about all 181,440 boards of the 8-puzzle. CPU time counts this
process and every process it waited for, from ``os.times``: a kernel in its sandbox is no
child the grader waits for, so the grading row's CPU is the grader's own, and the targets are
judged on wall time.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath
from typing import TypeVar

from nbclient import NotebookClient
from nbformat import reads

from puzzlelab.classroom.edition import worked_lesson
from puzzlelab.classroom.lessons import read_lessons

from measure import machine, verdict  # noqa: E402

T = TypeVar("T")
CORES = (getattr(os, "process_cpu_count", None) or os.cpu_count)() or 1


def cpu_seconds() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def clocked(work: Callable[[], T]) -> tuple[T, float, float]:
    """What *work()* returned, and its CPU (children included) and wall seconds."""
    cpu, wall = cpu_seconds(), time.perf_counter()
    value = work()
    return value, cpu_seconds() - cpu, time.perf_counter() - wall


def lesson_name(number: str) -> str:
    """The file name of the lesson numbered *number* (``"04"``)."""
    (name,) = [str(path) for path in read_lessons() if str(path).startswith(f"{number}_")]
    return name


def worked_notebook(name: str) -> dict:
    """Lesson *name* with every exercise worked."""
    lesson = json.loads(read_lessons()[PurePosixPath(name)])
    return worked_lesson(lesson, name)


def lesson_folder(folder: Path) -> None:
    """Write the files the lessons read (all but the lessons) into *folder*."""
    for name, data in read_lessons().items():
        if name.suffix != ".ipynb":
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)


def run_plainly(notebook: dict, times: int = 1) -> None:
    """Run *notebook* *times* times, each on a fresh plain kernel, in a folder with the
    lessons' files."""
    for _ in range(times - 1):
        run_plainly(notebook)
    with tempfile.TemporaryDirectory() as folder:
        lesson_folder(Path(folder))
        client = NotebookClient(
            reads(json.dumps(notebook), as_version=4),
            timeout=600,
            kernel_name="python3",
            allow_errors=True,
            resources={"metadata": {"path": folder}},
        )
        client.execute(stderr=subprocess.DEVNULL)


def run_side_by_side(notebook: dict, jobs: int) -> None:
    """Run *notebook* plainly *jobs* times at once (the yardstick on a machine others load)."""
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(run_plainly, [notebook] * jobs))


def grade_class(notebook: dict, name: str, count: int, jobs: int) -> list[dict]:
    """Grade *count* copies of *notebook* with ``puzzlelab grade --jobs``; return the rows."""
    with tempfile.TemporaryDirectory() as folder:
        submissions = Path(folder, "class")
        submissions.mkdir()
        text = json.dumps(notebook)
        for number in range(count):
            (submissions / f"s{number:02d}_{name}").write_text(text, encoding="utf-8")
        out = Path(folder, "grades.csv")
        command = [sys.executable, "-m", "puzzlelab", "grade", str(submissions),
                   "--out", str(out), "--jobs", str(jobs)]  # fmt: skip
        done = subprocess.run(command, stderr=subprocess.PIPE, text=True)
        if done.returncode:
            sys.exit(f"the grader stopped: {done.stderr.strip().splitlines()[-1]}")
        return list(csv.DictReader(out.open(encoding="utf-8")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=30, help="notebooks in the class")
    parser.add_argument("--runs", type=int, default=3, help="plain runs of the lesson timed")
    parser.add_argument("--jobs", type=int, default=CORES, help="kernels at once")
    parser.add_argument("--lesson", default="02", help="the lesson's number (default 02)")
    args = parser.parse_args()
    name = lesson_name(args.lesson)
    count, jobs, notebook = args.count, args.jobs, worked_notebook(name)
    load = os.getloadavg()[0]
    print(f"# Grading a class of {count} notebooks of {name}\n\n{machine()}\n")
    _, run_cpu, run_wall = clocked(lambda: run_plainly(notebook, args.runs))
    run_cpu, run_wall = run_cpu / args.runs, run_wall / args.runs
    _, _, batch_wall = clocked(lambda: run_side_by_side(notebook, jobs))
    rows, cpu, wall = clocked(lambda: grade_class(notebook, name, count, jobs))
    ideal, loaded = run_wall * count / jobs, batch_wall * count / jobs
    ratio, cpu_ratio = wall / ideal, cpu / (run_cpu * count)
    overhead, cpu_overhead = wall * jobs / count - run_wall, cpu / count - run_cpu
    table = [
        ("what", "wall", "CPU", "target (wall)"),
        (f"the lesson run plainly (mean of {args.runs})", f"{run_wall:.1f} s", f"{run_cpu:.1f} s"),
        (f"{count} runs / {jobs} cores", f"{ideal:.1f} s", f"{run_cpu * count / jobs:.1f} s"),
        (f"{count} runs, {jobs} at once ({batch_wall:.1f} s a batch)", f"{loaded:.1f} s", ""),
        (f"grading {count} notebooks, --jobs {jobs}", f"{wall:.1f} s", f"{cpu:.1f} s"),
        ("ratio to runs / cores", f"{ratio:.2f}", f"{cpu_ratio:.2f}",
         f"<= 1.2: {verdict(ratio <= 1.2)}"),
        (f"ratio to runs {jobs} at once", f"{wall / loaded:.2f}", ""),
        ("overhead a notebook", f"{overhead:.2f} s", f"{cpu_overhead:.2f} s",
         f"< 1 s: {verdict(overhead < 1)}"),
    ]  # fmt: skip
    for number, line in enumerate(table):
        print("| " + " | ".join((*line, "", "")[:4]) + " |")
        if number == 0:
            print("|---|---:|---:|---|")
    print(f"\nload average before and after: {load:.2f} and {os.getloadavg()[0]:.2f}")
    passed = sum(row["passed"] == "true" for row in rows)
    print(f"{passed} of {len(rows)} exercises passed (every one should).")


if __name__ == "__main__":
    main()
