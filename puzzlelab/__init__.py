"""puzzlelab: interactive lessons on state-space search, and the package behind them.

A folder a room, each importing only the rooms below it (the documentation's "Where things
are" lists them); at the top only the shared words: ``errors``, ``limits``, ``results``.
Importing puzzlelab loads only the puzzles and the search engine; drawing and widgets
(matplotlib, ipywidgets) load when their modules are imported.

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
