"""Fixtures shared by every test file."""

import pytest

from exact import eight_puzzle_table


@pytest.fixture(scope="session")
def table():
    """The exact 8-puzzle distance table, built once per session."""
    return eight_puzzle_table()
