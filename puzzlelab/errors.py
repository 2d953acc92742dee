"""The errors puzzlelab raises: each says what was wrong and what is allowed.

Every error is a ``ValueError`` so that code written against plain Python
conventions (``except ValueError``) still catches it.
"""


class PuzzleError(ValueError):
    """Base class of puzzlelab's input errors."""


class BoardError(PuzzleError):
    """A board (or goal) that is malformed: wrong size, repeated tile, not a number."""


class UnsolvableError(PuzzleError):
    """A start position from which the goal cannot be reached (wrong parity)."""


class ProblemError(PuzzleError):
    """A search problem or search parameter that the engine cannot work with."""
