"""What every benchmark script measures with: best-of timing, peak memory, PASS / FAIL.

The scripts import it as a sibling module (``python benchmarks/bench_core.py`` puts
this folder on ``sys.path``).
"""

from __future__ import annotations

import os
import platform
import time
import tracemalloc


def best_of(work, runs=3, enough=5.0):
    """Return ``(value, seconds)``: what *work()* returned and its fastest of *runs* runs.

    A run slower than *enough* seconds is not repeated: for long work one run is
    precise enough, and repeating it would only make the benchmark wait.
    """
    best, value = float("inf"), None
    for _ in range(runs):
        started = time.perf_counter()
        value = work()
        seconds = time.perf_counter() - started
        best = min(best, seconds)
        if seconds > enough:
            break
    return value, best


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


def reference_seconds() -> float:
    """Seconds this machine takes to sum ``range(10**7)`` (best of 3): a yardstick.

    Benchmark times only compare across machines, or across days on a shared
    one, next to this figure: when it doubles, every time in the tables does too.
    """
    return best_of(lambda: sum(range(10**7)))[1]


def machine() -> str:
    """One line on where the benchmark ran: Python, processor, cores and the yardstick."""
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()} {platform.system()}, {os.cpu_count()} cores; "
        f"reference loop (sum of range(10**7)): {reference_seconds():.2f} s"
    )
