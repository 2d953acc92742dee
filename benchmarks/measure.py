"""What every benchmark script measures with: CPU and wall time, peak memory, PASS / FAIL.

The machine is shared: wall time (``time.perf_counter``) grows when others work on it,
CPU time (``time.process_time``) much less. Every time is reported as both, and a time
target is met by either (:func:`within`), so a loaded machine no longer fails a target
the code itself meets.

The scripts import it as a sibling module (``python benchmarks/bench_core.py`` puts
this folder on ``sys.path``).
"""

from __future__ import annotations

import os
import platform
import time
import tracemalloc


def clocked(work):
    """Return ``(value, cpu, wall)``: what *work()* returned, and its CPU and wall seconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    value = work()
    return value, time.process_time() - cpu, time.perf_counter() - wall


def best_of(work, runs=3, enough=5.0):
    """Return ``(value, cpu, wall)``: what *work()* returned, and its fewest CPU seconds and
    fewest wall seconds over *runs* runs.

    A run slower than *enough* seconds is not repeated: for long work one run is
    precise enough, and repeating it would only make the benchmark wait.
    """
    least_cpu = least_wall = float("inf")
    value = None
    for _ in range(runs):
        value, cpu, wall = clocked(work)
        least_cpu, least_wall = min(least_cpu, cpu), min(least_wall, wall)
        if min(cpu, wall) > enough:
            break
    return value, least_cpu, least_wall


def within(cpu: float, wall: float, limit: float) -> bool:
    """Whether a time target of *limit* seconds is met, by CPU time or by wall time."""
    return min(cpu, wall) <= limit


def peak_mb(work) -> float:
    """Peak memory Python allocated while *work()* ran, in MiB (``tracemalloc``)."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def verdict(ok: bool) -> str:
    """PASS or FAIL, for the target column of a table."""
    return "PASS" if ok else "FAIL"


def reference_seconds() -> tuple[float, float]:
    """CPU and wall seconds this machine takes to sum ``range(10**7)`` (best of 3): a yardstick.

    Benchmark times only compare across machines, or across days on a shared
    one, next to this figure: when it doubles, every time in the tables does too.
    """
    return best_of(lambda: sum(range(10**7)))[1:]


def machine() -> str:
    """One line on where the benchmark ran: Python, processor, cores and the yardstick."""
    cpu, wall = reference_seconds()
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()} {platform.system()}, {os.cpu_count()} cores; "
        f"reference loop (sum of range(10**7)): {cpu:.2f} CPU s, {wall:.2f} wall s"
    )
