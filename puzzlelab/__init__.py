"""puzzlelab: interactive lessons on state-space search, and the package behind them.

Importing it loads only the puzzles and the search engine, not drawing or widgets.

>>> import puzzlelab
>>> puzzle = puzzlelab.SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")
>>> puzzlelab.search.bidirectional(puzzle).cost
31
"""

from . import _startup, search  # noqa: F401  _startup first: Ctrl-C as the command starts
from .errors import BoardError, ProblemError, PuzzleError, UnsolvableError
from .puzzles import SlidingPuzzle, parse_board

__version__ = "0.1.0"

__all__ = [
    "BoardError",
    "ProblemError",
    "PuzzleError",
    "SlidingPuzzle",
    "UnsolvableError",
    "parse_board",
    "search",
]
