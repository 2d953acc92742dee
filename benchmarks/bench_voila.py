"""A class in Voila: 25 pages of one lesson opened at once on one machine, then closed.

Run: ``.venv/bin/python benchmarks/bench_voila.py [--pages 25] [--lesson 00]`` (needs
Debian's ``chromium``; a few minutes). Voila serves the lesson as the lessons ship it
(``notebooks/voila.json``: progressive rendering, kernels of closed pages culled after 120 s
idle, looked for every 30 s). Every page is opened at once, as a class arriving; the table
gives, over the pages, the seconds until the first content shows and until the last cell's
output is there, the kernels' memory at its peak, and, once every page is closed, the
seconds until the last kernel has ended. Targets (issue 24): first content within about
10 s, every kernel ended once its page is closed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from measure import machine, verdict

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab_driver import CHROMIUM, running_voila  # noqa: E402

FIRST_CONTENT_TARGET = 10.0  # seconds
SHOWN = "document.querySelectorAll('.jp-OutputArea-output, .jp-RenderedMarkdown').length"


def kernels_of(pid: int) -> dict[int, tuple[int, int]]:
    """The kernels the server *pid* started: their resident memory in kB and CPU ticks."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
                command = (entry / "cmdline").read_bytes()
                ticks = (entry / "stat").read_text().rsplit(")", 1)[1].split()[11:13]
            except OSError:  # ended meanwhile
                continue
            if f"PPid:\t{pid}\n" in status and b"ipykernel" in command:
                memory = int(status.split("VmRSS:")[1].split()[0])
                found[int(entry.name)] = (memory, int(ticks[0]) + int(ticks[1]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=25)
    parser.add_argument("--lesson", default="00", help="the lesson's number (default 00)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait at most")
    args = parser.parse_args()
    (lesson,) = (ROOT / "notebooks").glob(f"{args.lesson}_*.ipynb")
    from playwright.sync_api import sync_playwright

    print(f"# A class of {args.pages} pages of {lesson.name} in Voila\n\n{machine()}\n")
    with tempfile.TemporaryDirectory() as home, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        with running_voila(lesson, Path(home) / "voila") as app:
            server = app["process"].pid
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            pages = [context.new_page() for _ in range(args.pages)]
            started = time.monotonic()
            for page in pages:
                page.goto(app["url"], wait_until="commit", timeout=120_000)
            first: dict[int, float] = {}
            peak_kb = peak_kernels = quiet = 0
            ticks: dict[int, int] = {}
            ran = None  # when every kernel had run its lesson: none used the CPU for 3 s
            while ran is None and time.monotonic() - started < args.timeout:
                for number, page in enumerate(pages):
                    if number not in first and page.evaluate(f"() => {SHOWN}"):
                        first[number] = time.monotonic() - started
                kernels = kernels_of(server)
                peak_kernels = max(peak_kernels, len(kernels))
                peak_kb = max(peak_kb, sum(memory for memory, _ in kernels.values()))
                now = {pid: used for pid, (_, used) in kernels.items()}
                busy = now != ticks or len(kernels) < len(pages) or len(first) < len(pages)
                quiet, ticks = (0 if busy else quiet + 1), now
                if quiet >= 3:
                    ran = time.monotonic() - started - 3
                time.sleep(1)
            for page in pages:
                page.close()
            closed = time.monotonic()
            while kernels_of(server) and time.monotonic() - closed < 300:
                time.sleep(1)
            left = len(kernels_of(server))
            ended = time.monotonic() - closed
            context.close()
        browser.close()
    firsts = sorted(first.values())
    print("| what | figure | target |\n|---|---:|---|")
    print(f"| pages showing content | {len(firsts)} of {args.pages} | all |")
    if firsts:
        print(f"| first content, median / slowest page | {statistics.median(firsts):.1f} s / "
              f"{firsts[-1]:.1f} s | <= {FIRST_CONTENT_TARGET:.0f} s: "
              f"{verdict(firsts[-1] <= FIRST_CONTENT_TARGET)} |")  # fmt: skip
    said = f"{ran:.0f} s" if ran is not None else f"not within {args.timeout:.0f} s"
    print(f"| every lesson run (its kernel idle) | {said} | |")
    print(f"| kernels at once, their memory at its peak | {peak_kernels}, "
          f"{peak_kb / 1024:.0f} MB | |")  # fmt: skip
    print(f"| kernels left once the pages closed | {left} (after {ended:.0f} s) | 0: "
          f"{verdict(left == 0)} |")  # fmt: skip


if __name__ == "__main__":
    main()
