"""A class in Voila: 25 pages of one lesson opened at once on one machine, then closed.

Run: ``.venv/bin/python benchmarks/bench_voila.py [--pages 25] [--lesson 00] [--class]
[--template lab]`` (needs Debian's ``chromium``; a few minutes). Voila serves the lesson as
``make app`` does (``notebooks/voila.json``: puzzlelab's template, progressive rendering,
kernels of closed pages culled after 120 s idle, looked for every 30 s), or with ``--class``
as ``make class`` does: a pool of one kernel a page that runs the lesson ahead, waited for
before the pages open. Every page is opened at once, as a class arriving.

The table gives, over the pages, the seconds until the lesson is first painted (the
browser's own record: puzzlelab's template shows the text as it arrives, while Voila's own,
``--template lab``, shows nothing before its scripts have loaded, and the record may miss
pages of it: "pages showing the lesson" says how many it has), until the first output is
drawn (the scripts have loaded), and until every lesson has run; the kernels' memory at its
peak; and, once every page is closed, the seconds until the last kernel has ended. The CPU
the server (with its kernels) and the browser used until every page drew an output tells
what a class, whose pages run in their own browsers, would wait for. Targets (issue 24):
first content within about 10 s, every kernel ended once its page is closed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from measure import machine, verdict

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab_driver import (  # noqa: E402
    CHROMIUM,
    class_options,
    kernels_of,
    processes,
    running_voila,
    wait_for_a_pool_that_has_run,
)

FIRST_CONTENT_TARGET = 10.0  # seconds

#: When the page was opened (seconds since the epoch) and how many seconds later it first
#: painted part of the lesson, from the browser's own record of its largest paints; or null.
#: It is the text until the page's scripts have drawn the outputs (puzzlelab's Voila template
#: shows the text as it arrives).
PAINTED = """() => {
    const seen = new PerformanceObserver(() => {});
    seen.observe({type: 'largest-contentful-paint', buffered: true});
    const lesson = seen.takeRecords().find(e => e.element && e.element.closest('#rendered_cells'));
    seen.disconnect();
    return lesson ? [performance.timeOrigin / 1000, lesson.startTime / 1000] : null;
}"""
#: Whether Voila's scripts have drawn an output of the lesson (a figure, a widget, a table).
DRAWN = "() => document.querySelectorAll('.jp-OutputArea-output').length > 0"


def asked(page, question: str):
    """What *page* answers to *question*, or ``None`` while it is between two documents."""
    from playwright.sync_api import Error

    try:
        return page.evaluate(question)
    except Error:  # the page left about:blank for the lesson while it was asked
        return None


def cpu_seconds(server: int) -> tuple[float, float]:
    """CPU seconds used so far by the server *server* with its kernels, and by Chromium."""
    used = [0, 0]
    for pid, parent, ticks, _, command in processes():
        if server in (pid, parent):
            used[0] += ticks
        elif b"chromium" in command:
            used[1] += ticks
    tick = os.sysconf("SC_CLK_TCK")
    return used[0] / tick, used[1] / tick


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=25)
    parser.add_argument("--lesson", default="00", help="the lesson's number (default 00)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait at most")
    parser.add_argument(
        "--class", dest="ahead", action="store_true",
        help="serve it as `make class PAGES=...` does: kernels that ran the lesson ahead",
    )  # fmt: skip
    parser.add_argument(
        "--template", default="puzzlelab",
        help="Voila's template: puzzlelab's (as voila.json names it) or Voila's own 'lab'",
    )  # fmt: skip
    args = parser.parse_args()
    (lesson,) = (ROOT / "notebooks").glob(f"{args.lesson}_*.ipynb")
    from playwright.sync_api import sync_playwright

    print(f"# A class of {args.pages} pages of {lesson.name} in Voila\n\n{machine()}\n")
    with tempfile.TemporaryDirectory() as home, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        options = [f"--template={args.template}"]
        options += class_options(args.pages) if args.ahead else []
        with running_voila(lesson, Path(home) / "voila", *options) as app:
            server = app["process"].pid
            if args.ahead:
                ready = wait_for_a_pool_that_has_run(server, args.pages, args.timeout)
                print(f"The {args.pages} kernels had run the lesson ahead after {ready:.0f} s.\n")
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            pages = [context.new_page() for _ in range(args.pages)]
            # The class arrives: *since* is the same moment on the browser's clock (the epoch).
            started, since = time.monotonic(), time.time()
            cpu_before, cpu_shown = cpu_seconds(server), None
            for page in pages:  # every page starts opening at once: nothing waits for one
                page.evaluate("url => { window.location.href = url; }", app["url"])
            # By a page's number: when it opened (after *started*) and how long it then took
            # to paint the lesson; and when it drew its first output.
            first: dict[int, tuple[float, float]] = {}
            drawn: dict[int, float] = {}
            peak_kb = peak_kernels = quiet = 0
            ticks: dict[int, int] = {}
            ran = None  # when every kernel had run its lesson: none used the CPU for 3 s
            while ran is None and time.monotonic() - started < args.timeout:
                for number, page in enumerate(pages):
                    if number not in first and (painted := asked(page, PAINTED)):
                        first[number] = (painted[0] - since, painted[1])
                    if number not in drawn and asked(page, DRAWN):
                        drawn[number] = time.monotonic() - started
                if cpu_shown is None and len(drawn) == len(pages):
                    cpu_shown = [
                        after - before for after, before in zip(cpu_seconds(server), cpu_before)
                    ]
                kernels = kernels_of(server)
                peak_kernels = max(peak_kernels, len(kernels))
                peak_kb = max(peak_kb, sum(memory for memory, _ in kernels.values()))
                now = {pid: used for pid, (_, used) in kernels.items()}
                busy = now != ticks or len(kernels) < len(pages) or len(drawn) < len(pages)
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
    firsts = sorted(after for _, after in first.values())
    arrived = sorted(opened + after for opened, after in first.values())
    draws = sorted(drawn.values())
    print("| what | figure | target |\n|---|---:|---|")
    print(f"| pages showing the lesson | {len(firsts)} of {args.pages} | all |")
    if firsts:
        print(
            f"| first content painted, after the page opened: median / slowest page | "
            f"{statistics.median(firsts):.1f} s / {firsts[-1]:.1f} s | "
            f"<= {FIRST_CONTENT_TARGET:.0f} s: {verdict(firsts[-1] <= FIRST_CONTENT_TARGET)} |"
        )
        print(f"| the same, after the first page opened"
              f" | {statistics.median(arrived):.1f} s / {arrived[-1]:.1f} s | |")  # fmt: skip
    if draws:
        print(f"| first output drawn (Voila's scripts loaded), after the first page opened | "
              f"{statistics.median(draws):.1f} s / {draws[-1]:.1f} s | |")  # fmt: skip
    if cpu_shown is not None:
        print(f"| CPU until the last page drew an output: server and kernels / Chromium | "
              f"{cpu_shown[0]:.0f} s / {cpu_shown[1]:.0f} s | |")  # fmt: skip
    said = f"{ran:.0f} s" if ran is not None else f"not within {args.timeout:.0f} s"
    print(f"| every lesson run (its kernel idle) | {said} | |")
    print(f"| kernels at once, their memory at its peak | {peak_kernels}, "
          f"{peak_kb / 1024:.0f} MB | |")  # fmt: skip
    print(f"| kernels left once the pages closed | {left} (after {ended:.0f} s) | 0: "
          f"{verdict(left == 0)} |")  # fmt: skip


if __name__ == "__main__":
    main()
