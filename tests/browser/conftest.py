"""Fixtures for the browser tests: a real JupyterLab, driven by a real Chromium.

``jupyter_lab`` serves a temporary copy of ``notebooks/`` (see
:func:`~tests.browser.lab_driver.running_lab`); ``page`` is a Playwright page in
Debian's Chromium. Without that Chromium every browser test is skipped, loudly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .lab_driver import CHROMIUM, NO_CHROMIUM, running_lab

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


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


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory):
    """Yield the base URL of a JupyterLab serving a temporary copy of the lessons."""
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    with running_lab(NOTEBOOKS, tmp_path_factory.mktemp("jupyter")) as lab:
        yield lab


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
