"""Fixtures shared by every test file: the exact 8-puzzle table, one headless Chromium."""

import pytest
from browser.lab_driver import CHROMIUM, NO_CHROMIUM, headless_chromium

from exact import eight_puzzle_table


@pytest.fixture(scope="session")
def table():
    """The exact 8-puzzle distance table, built once per session."""
    return eight_puzzle_table()


@pytest.fixture(scope="session")
def chromium():
    """A headless Chromium (Debian's) driven by Playwright, one for the whole session."""
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    with headless_chromium() as browser:
        yield browser
