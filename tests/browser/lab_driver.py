"""A real JupyterLab, and a real Chromium to drive it: for the browser tests and benchmarks.

:func:`running_lab` starts the venv's JupyterLab on 127.0.0.1 at a free port,
serving a temporary *copy* of a folder of notebooks (outputs never reach the
repository), with its own runtime, config, settings and workspace folders.
:func:`running_voila` serves one notebook as an app with Voila; :func:`class_options` are the
options ``make class`` gives it.
:func:`headless_chromium` launches Debian's Chromium (``/usr/bin/chromium``;
Playwright's own browsers are never downloaded). The functions below them open a
notebook in the page, run all its cells and wait for the kernel.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NO_CHROMIUM = (
    f"BROWSER TESTS SKIPPED: no Chromium at {CHROMIUM}. "
    "Install Debian's chromium (apt-get install chromium) to run them."
)
TOKEN = "puzzlelab-browser-test"
STARTUP_SECONDS = 60
RUN_SECONDS = 120  # to run every cell of one lesson

#: JupyterLab user settings: every cell kept in the page (no windowing), the kernel started
#: without asking, no news, no update check.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
        "autoStartDefaultKernel": True,
    },
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_status(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"the server did not answer {url} in {STARTUP_SECONDS} s")


@contextlib.contextmanager
def running_lab(notebooks: Path, home: Path):
    """Run JupyterLab on a copy of *notebooks* under *home*; yield its URL, token, root, log."""
    root = home / "notebooks"
    shutil.copytree(notebooks, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = home / "settings"
    for name, values in LAB_SETTINGS.items():
        plugin, file = name.rsplit("/", 1)
        (settings / plugin).mkdir(parents=True, exist_ok=True)
        (settings / plugin / file).write_text(json.dumps(values))
    env = _own_folders(home, JUPYTERLAB_SETTINGS_DIR=str(settings),
                       JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))  # fmt: skip
    port = free_port()
    command = [
        str(Path(sys.executable).with_name("jupyter")),
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # containers and CI often run as root
    base, log = f"http://127.0.0.1:{port}", home / "jupyter.log"
    with _served(command, root, env, log, f"{base}/api/status?token={TOKEN}"):
        yield {"url": base, "token": TOKEN, "root": root, "log": log}


@contextlib.contextmanager
def running_voila(notebook: Path, home: Path, *options: str):
    """Serve *notebook* as an app with Voila (from the venv) under *home*, started in the
    notebook's folder (so its ``voila.json`` applies), with *options* added; yield its URL,
    log and process."""
    home.mkdir(parents=True, exist_ok=True)
    port = free_port()
    command = [
        str(Path(sys.executable).with_name("voila")),
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--show_tracebacks=True",
        *options,
    ]
    base, log = f"http://127.0.0.1:{port}", home / "voila.log"
    status = f"{base}/voila/static/voila.js"  # answers without running the notebook
    with _served(command, notebook.parent, _own_folders(home), log, status) as process:
        yield {"url": base, "log": log, "process": process}


def class_options(pages: int) -> list[str]:
    """The options ``make class PAGES=pages`` gives Voila, read from the Makefile: a pool of
    *pages* kernels that run the lesson ahead."""
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    (options,) = re.findall(r"^CLASS_OPTIONS := ((?:.*\\\n)*.*)$", makefile, re.MULTILINE)
    return [f"--pool_size={pages}", *options.replace("\\\n", " ").split()]


def processes() -> Iterator[tuple[int, int, int, int, bytes]]:
    """Every process (Linux): its id, its parent's, its CPU ticks, its resident kB, its command."""
    page_kb = os.sysconf("SC_PAGE_SIZE") // 1024
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes()
            except OSError:  # ended meanwhile
                continue
            ticks, memory = int(fields[11]) + int(fields[12]), int(fields[21]) * page_kb
            yield int(entry.name), int(fields[1]), ticks, memory, command


def kernels_of(pid: int) -> dict[int, tuple[int, int]]:
    """The kernels the server *pid* started: their resident memory in kB and CPU ticks."""
    return {
        kernel: (memory, ticks)
        for kernel, parent, ticks, memory, command in processes()
        if parent == pid and b"ipykernel" in command
    }


def wait_for_a_pool_that_has_run(pid: int, kernels: int, timeout: float = 600) -> float:
    """Wait until the server *pid* has *kernels* kernels and none used the CPU for 3 s; give
    the seconds it took."""
    started, quiet, ticks = time.monotonic(), 0, {}
    while quiet < 3:
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"the pool of {kernels} kernels had not run in {timeout:.0f} s")
        found = kernels_of(pid)
        now = {kernel: used for kernel, (_, used) in found.items()}
        quiet = quiet + 1 if len(found) == kernels and now == ticks else 0
        ticks = now
        time.sleep(1)
    return time.monotonic() - started - 3


def _own_folders(home: Path, **more) -> dict:
    """The environment for a server whose runtime, config, data and IPython live under *home*."""
    folders = {"JUPYTER_RUNTIME_DIR": "runtime", "JUPYTER_CONFIG_DIR": "config",
               "JUPYTER_DATA_DIR": "data", "IPYTHONDIR": "ipython"}  # fmt: skip
    return {**os.environ, **{name: str(home / sub) for name, sub in folders.items()}, **more}


@contextlib.contextmanager
def _served(command: list, cwd: Path, env: dict, log: Path, status_url: str):
    """Start *command* (its output in *log*), wait until *status_url* answers, stop it after."""
    with open(log, "w") as out:
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, text=True
        )
    try:
        wait_for_status(status_url, process, log)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@contextlib.contextmanager
def headless_chromium():
    """Yield a headless Chromium (Debian's) driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


# In the page -------------------------------------------------------------------

#: Every output area of the page that shows nothing (no text, no picture), with the start of
#: its cell's code. Printed text is left out: a line of nothing but spaces is text, not a
#: widget that vanished.
EMPTY_OUTPUTS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(o => o.innerText.trim() === '' && !o.querySelector('img, svg, canvas'))
    .filter(o => !(o.getAttribute('data-mime-type') === 'text/plain' && o.querySelector('pre')))
    .map(o => {
        const cell = o.closest('.jp-Cell');
        const code = cell ? (cell.querySelector('.jp-InputArea') || cell).innerText : '';
        return o.outerHTML.slice(0, 200) + ' in the cell: ' + code.trim().slice(0, 200);
    })"""

#: Every picture shown, with its natural and its shown size.
IMAGES = """() => [...document.querySelectorAll('img')].map(img => {
    const box = img.getBoundingClientRect();
    return {complete: img.complete, natural: [img.naturalWidth, img.naturalHeight],
            shown: [box.width, box.height], visible: img.offsetParent !== null,
            alt: img.alt, src: img.getAttribute('src').slice(0, 30)};
})"""


def block_all_but_files(route, blocked: list) -> None:
    """Let a page read files and nothing else; note in *blocked* what it asked the network for."""
    if route.request.url.startswith("file:"):
        route.continue_()
    else:
        blocked.append(route.request.url)
        route.abort()


PROMPTS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt')]
    .map(p => p.textContent.trim())"""

RUN_STARTED = f"() => ({PROMPTS})().some(p => /\\[(\\*|\\d+)\\]/.test(p))"

RUN_FINISHED = f"""() => {{
    const prompts = ({PROMPTS})();
    const indicator = document.querySelector(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
    return prompts.length > 0 && !prompts.some(p => p.includes('*'))
        && indicator !== null && indicator.getAttribute('data-status') === 'idle';
}}"""

KERNEL_IDLE = """() => {
    const indicator = document.querySelector(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
    return indicator !== null && indicator.getAttribute('data-status') === 'idle';
}"""

KERNEL_READY = """() => {
    const name = document.querySelector(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-KernelName');
    const status = document.querySelector('.jp-StatusBar-Widget, #jp-main-statusbar');
    return name !== null && !/No Kernel/.test(name.textContent)
        && status !== null && /Idle/.test(status.textContent);
}"""

OUTPUTS = """() => [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output')].map(o => ({
    mime: o.getAttribute('data-mime-type') || '',
    text: o.innerText.slice(0, 2000),
}))"""


def open_lesson(page, lab, name):
    # ?reset: start from an empty workspace, so earlier lessons' tabs are not restored
    page.goto(f"{lab['url']}/lab/tree/{name}?reset&token={lab['token']}")
    shown = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"
    page.locator(shown).first.wait_for(timeout=60_000)
    select = page.locator(".jp-Dialog button", has_text=re.compile(r"^Select$"))
    try:  # JupyterLab may ask which kernel to start
        select.wait_for(timeout=3_000)
        select.click()
    except PlaywrightTimeout:
        pass
    page.wait_for_function(KERNEL_READY, timeout=60_000)


def run_all_cells(page):
    """Run > Run All Cells from the menu bar; the command palette if the menu is not there."""
    menu = page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$"))
    if menu.count():
        menu.first.click()
        item = page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))
        item.first.click()
    else:
        page.keyboard.press("Control+Shift+C")
        page.keyboard.type("Run All Cells")
        page.keyboard.press("Enter")


def wait_until_done(page):
    """Wait until no cell is queued or running: all ran, or an error stopped the run."""
    page.wait_for_function(RUN_STARTED, timeout=30_000, polling=200)
    page.wait_for_function(RUN_FINISHED, timeout=RUN_SECONDS * 1000, polling=500)


# At the projector's sizes ---------------------------------------------------------

#: The window sizes of a classroom, in CSS pixels: 1024x768, 1280x720, and 1280x720 at 150%
#: zoom (the browser lays the page out in 853x480 CSS pixels then).
SIZES = {"1024x768": (1024, 768), "1280x720": (1280, 720), "1280x720 at 150%": (853, 480)}

#: The most a stepper may be high, controls and caption included.
TALLEST = 700

SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"

#: Every figure or widget wider than its output column, and every stepper over TALLEST high.
TOO_BIG = f"""() => {{
    const found = [];
    const cells = [...document.querySelectorAll('{SHOWN} .jp-Cell')];
    document.querySelectorAll('{SHOWN} .jp-OutputArea-output').forEach(output => {{
        const mime = output.getAttribute('data-mime-type') || '';
        if (/stdout|stderr|text\\/plain/.test(mime)) return;  // printed text may scroll
        const cell = cells.indexOf(output.closest('.jp-Cell'));
        if (output.scrollWidth > output.clientWidth + 1)
            found.push(`cell ${{cell}}: ${{output.scrollWidth}} px wide in a ${{output.clientWidth}}`
                       + ` px column (${{mime}})`);
        output.querySelectorAll('.puzzlelab-stepper').forEach(stepper => {{
            const high = stepper.getBoundingClientRect().height;
            if (high > {TALLEST}) found.push(`cell ${{cell}}: a stepper ${{Math.round(high)}} px high`);
        }});
    }});
    return found;
}}"""


#: For the log: the column, the figures shrunk to fit it, the tallest stepper.
SIZES_SEEN = f"""() => {{
    const outputs = [...document.querySelectorAll('{SHOWN} .jp-OutputArea-output')];
    const images = outputs.flatMap(o => [...o.querySelectorAll('img')]);
    const shrunk = images.filter(i => i.naturalWidth > i.getBoundingClientRect().width + 1);
    const steppers = outputs.flatMap(o => [...o.querySelectorAll('.puzzlelab-stepper')]);
    return {{column: Math.max(0, ...outputs.map(o => o.clientWidth)),
             shrunk: shrunk.map(i => `${{i.naturalWidth}}->${{Math.round(i.getBoundingClientRect().width)}}`),
             tallest: Math.round(Math.max(0, ...steppers.map(s => s.getBoundingClientRect().height)))}};
}}"""


def side_bar_open(page) -> None:
    """Open JupyterLab's left side bar (the file browser), as a teacher's window has it."""
    if page.locator("#jp-left-stack").is_visible():
        return
    page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab").first.click()
    page.locator("#jp-left-stack").wait_for(state="visible")


def measured_at_every_size(page, name: str) -> dict[str, list[str]]:
    """Open the side bar, then give the window each of :data:`SIZES`; return, by size, what
    is too big there (:data:`TOO_BIG`), and print what was seen (for the log)."""
    side_bar_open(page)
    found = {}
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(800)
        found[size] = page.evaluate(TOO_BIG)
        seen = page.evaluate(SIZES_SEEN)
        print(f"\n{name} at {size}: column {seen['column']} px, tallest stepper "
              f"{seen['tallest']} px, figures shrunk to fit (px) {seen['shrunk']}, "
              f"too big: {len(found[size])}")  # fmt: skip
    return {size: each for size, each in found.items() if each}
