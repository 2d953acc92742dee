"""A real JupyterLab, driven by a real Chromium, for the browser tests.

``jupyter_lab`` starts the venv's JupyterLab on 127.0.0.1 at a free port, serving
a temporary *copy* of ``notebooks/`` (outputs never reach the repository), with
its own runtime, config, settings and workspace folders. ``page`` is a Playwright
page in Debian's Chromium (``/usr/bin/chromium``; Playwright's own browsers are
never downloaded). Without that Chromium every browser test is skipped, loudly.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

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
TOKEN = "puzzlelab-browser-test"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
STARTUP_SECONDS = 60

NO_CHROMIUM = (
    f"BROWSER TESTS SKIPPED: no Chromium at {CHROMIUM}. "
    "Install Debian's chromium (apt-get install chromium) to run them."
)

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


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: drives JupyterLab in Chromium (skipped without /usr/bin/chromium)"
    )


def pytest_collection_modifyitems(config, items):
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=NO_CHROMIUM)
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter):
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "BROWSER TESTS SKIPPED" in str(report.longrepr)
    ]
    if skipped:
        terminalreporter.section("browser tests", sep="!", red=True, bold=True)
        terminalreporter.write_line(f"{len(skipped)} test(s): {NO_CHROMIUM}", red=True, bold=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_status(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"jupyter lab exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"jupyter lab did not answer {url} in {STARTUP_SECONDS} s")


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory):
    """Yield the base URL of a JupyterLab serving a temporary copy of the lessons."""
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    home = tmp_path_factory.mktemp("jupyter")
    root = home / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = home / "settings"
    for name, values in LAB_SETTINGS.items():
        plugin, file = name.rsplit("/", 1)
        (settings / plugin).mkdir(parents=True, exist_ok=True)
        (settings / plugin / file).write_text(json.dumps(values))
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "IPYTHONDIR": str(home / "ipython"),
    }
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
    log = home / "jupyter.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, text=True
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_status(f"{base}/api/status?token={TOKEN}", process, log)
        yield {"url": base, "token": TOKEN, "root": root, "log": log}
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@pytest.fixture(scope="session")
def chromium():
    """Yield a headless Chromium (Debian's) driven by Playwright."""
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(chromium):
    """Yield a fresh page (1400x1000) in its own browser context."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        context.close()
