"""puzzlelab: interactive lessons on state-space search, and the package behind them.

Importing puzzlelab loads only the puzzles and the search engine; drawing and
widgets (matplotlib, ipywidgets) load when their modules are imported.

>>> import puzzlelab
>>> puzzle = puzzlelab.SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")
>>> puzzlelab.search.bidirectional(puzzle).cost
31
"""

from . import search
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
