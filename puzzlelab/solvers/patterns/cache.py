"""The cache on disk: each database built once, saved as a file, checked when read back.

Files live in :func:`cache_folder` (``$PUZZLELAB_CACHE`` or the user's cache folder),
named for the board, goal and pattern; one whose format, contents or checksum does not
match is rebuilt, and a cache that cannot be written only means building again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from ...puzzles.sliding import SlidingPuzzle
from ...puzzles.sliding_boards import State
from .ranking import placement_count
from .table import PatternDatabase, check_pattern

#: The environment variable that names the folder for cached databases.
CACHE_VARIABLE = "PUZZLELAB_CACHE"


#: Changes whenever the way tables are built or stored changes: older files are rebuilt.
FORMAT = 1


def cache_folder() -> Path:
    """Where databases are kept: ``$PUZZLELAB_CACHE``, else the user's cache folder.

    Returns
    -------
    pathlib.Path
        The folder; it is made when the first database is saved.

    Examples
    --------
    >>> from unittest import mock
    >>> with mock.patch.dict("os.environ", {"PUZZLELAB_CACHE": "/tmp/tables"}):
    ...     cache_folder() == Path("/tmp/tables")
    True
    >>> with mock.patch.dict("os.environ", {"PUZZLELAB_CACHE": ""}):
    ...     cache_folder().name
    'patterns'
    """
    chosen = os.environ.get(CACHE_VARIABLE, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("puzzlelab")) / "patterns"


def cached(
    puzzle: SlidingPuzzle,
    tiles: Iterable[int],
    *,
    blank: bool = False,
    progress: bool = True,
    **limits: Any,
) -> PatternDatabase:
    """The database of *tiles* for *puzzle*: read from the cache, or built and saved there.

    A file that does not match what it should hold (another format, board, goal or
    pattern, or a checksum that fails) is rebuilt.

    Parameters
    ----------
    puzzle : SlidingPuzzle
        The board and goal.
    tiles : iterable of int
        The pattern.
    blank : bool
        Keep the blank's cell in the table (see :class:`~.PatternDatabase`).
    progress : bool
        Show a progress bar while building.
    max_seconds, max_memory_mb : optional
        Limits on building.

    Returns
    -------
    PatternDatabase

    Raises
    ------
    ProblemError
        If *tiles* is not a group of different tiles of the puzzle.
    PuzzleError
        If a limit stopped the building.

    Examples
    --------
    >>> import tempfile
    >>> from unittest import mock
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with mock.patch.dict("os.environ", {"PUZZLELAB_CACHE": folder}):
    ...         built = cached(eight, (1, 2, 3), progress=False)  # built, then saved
    ...         saved = [path.name for path in cache_folder().iterdir()]
    ...         read = cached(eight, (1, 2, 3), progress=False)  # read from the file
    >>> saved
    ['3x3-...-1-2-3.npz']
    >>> read.checksum() == built.checksum()
    True
    """
    shape, goal = (puzzle.rows, puzzle.cols), tuple(puzzle.goal)
    tiles = check_pattern(goal, tiles)
    path = cache_folder() / _file_name(shape, goal, tiles, blank)
    database = _read(path, shape, goal, tiles, blank)
    if database is None:
        database = PatternDatabase.build(puzzle, tiles, blank=blank, progress=progress, **limits)
        _write(path, database)
    return database


def _file_name(shape: tuple[int, int], goal: State, tiles: tuple[int, ...], blank: bool) -> str:
    goal_id = hashlib.sha256(bytes(goal)).hexdigest()[:12]
    kind = "-blank" if blank else ""
    return f"{shape[0]}x{shape[1]}-{goal_id}-{'-'.join(map(str, tiles))}{kind}.npz"


def _read(
    path: Path, shape: tuple[int, int], goal: State, tiles: tuple[int, ...], blank: bool
) -> PatternDatabase | None:
    try:
        with np.load(path) as stored:
            about, table = json.loads(str(stored["about"])), stored["table"]
    except (OSError, ValueError, KeyError):
        return None
    expected = {"format": FORMAT, "shape": list(shape), "goal": list(goal),
                "tiles": list(tiles), "blank": blank}  # fmt: skip
    database = PatternDatabase(shape, tuple(goal), tuple(tiles), table, blank)
    fits = {key: about.get(key) for key in expected} == expected
    size = placement_count(shape[0] * shape[1], len(tiles) + blank)
    if not fits or len(table) != size or about.get("sha256") != database.checksum():
        return None
    return database


def _write(path: Path, database: PatternDatabase) -> None:
    about = {"format": FORMAT, "shape": list(database.shape), "goal": list(database.goal),
             "tiles": list(database.tiles), "blank": database.blank,
             "sha256": database.checksum()}  # fmt: skip
    # Each writer fills a file of its own, then renames it into place: a reader sees the
    # whole table or none, even when two kernels build the same database at once.
    partial = path.with_name(f"{path.stem}.{os.getpid()}.{threading.get_ident()}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("wb") as file:
            np.savez(file, about=json.dumps(about), table=database.table)
        partial.replace(path)
    except OSError:  # an unwritable or full cache only means building again next time
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
