"""The cache on disk: each database built once, saved as a file, checked when read back."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from ...errors import one_line
from ...limits import Budget, LimitReached
from ...puzzles.sliding import SlidingPuzzle
from ...puzzles.sliding_boards import State
from .build import LABELLED, _fits, _too_large, placement_count
from .table import PatternDatabase, check_pattern

CACHE_VARIABLE = "PUZZLELAB_CACHE"
FORMAT = 1  # changed when tables are built or stored differently: older files are rebuilt
SLACK = 1 << 16  # bytes a file may hold beyond its table: the headers
PARTIAL = ".partial"  # a file being written, until renamed into place


def cache_folder() -> Path:
    """Where databases are kept: ``$PUZZLELAB_CACHE``, else the user's cache folder. There is no
    example here; ``tests/test_patterns.py`` runs it."""
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
    budget: Budget | None = None,
) -> PatternDatabase:
    """The database of *tiles* for *puzzle*: read from the cache, or built and saved there. There is
    no example here; ``tests/test_patterns.py`` runs it."""
    shape, goal = (puzzle.rows, puzzle.cols), tuple(puzzle.goal)
    tiles = check_pattern(goal, tiles)
    budget = Budget(what=LABELLED) if budget is None else budget
    size = placement_count(shape[0] * shape[1], len(tiles) + blank)
    path = cache_folder() / _file_name(shape, goal, tiles, blank)
    if os.path.lexists(path) and not _fits(budget, size):
        what = f"the pattern database of tiles {list(tiles)}"
        raise LimitReached(f"{what} cannot be loaded: {_too_large(budget, size)}")
    database = _read(path, shape, goal, tiles, blank)
    if database is None:
        database = PatternDatabase.build(
            puzzle, tiles, blank=blank, progress=progress, budget=budget
        )
        _write(path, database)
    return database


def _file_name(shape: tuple[int, int], goal: State, tiles: tuple[int, ...], blank: bool) -> str:
    goal_id = hashlib.sha256(bytes(goal)).hexdigest()[:12]
    kind = "-blank" if blank else ""
    return f"{shape[0]}x{shape[1]}-{goal_id}-{'-'.join(map(str, tiles))}{kind}.npz"


def _read(
    path: Path, shape: tuple[int, int], goal: State, tiles: tuple[int, ...], blank: bool
) -> PatternDatabase | None:
    """The database at *path*, or None: missing, or unusable (said). Only a regular file no
    larger than its table, as arrays (no pickles, no decompression)."""
    size = placement_count(shape[0] * shape[1], len(tiles) + blank)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None  # not built yet
    except OSError as error:
        _unusable(path, error.strerror or one_line(error))
        return None
    try:
        with os.fdopen(handle, "rb") as file:
            about, table = _load(file, size)
    except Exception as error:  # whatever is wrong with the file, building mends it
        _unusable(path, str(error) if isinstance(error, _Unusable) else one_line(error))
        return None
    expected = {"format": FORMAT, "shape": list(shape), "goal": list(goal),
                "tiles": list(tiles), "blank": blank}  # fmt: skip
    database = PatternDatabase(shape, tuple(goal), tuple(tiles), table, blank)
    if {key: about.get(key) for key in expected} != expected:
        _unusable(path, "it was made for another board, pattern or version of puzzlelab")
    elif about.get("sha256") != database.checksum():
        _unusable(path, "its table does not match its checksum")
    else:
        return database
    return None


class _Unusable(ValueError):
    pass


def _load(file: BinaryIO, size: int) -> tuple[dict[str, Any], np.ndarray]:
    found = os.fstat(file.fileno())
    if not stat.S_ISREG(found.st_mode):
        raise _Unusable("it is not a regular file")
    if found.st_size > size + SLACK:
        raise _Unusable(f"it holds {found.st_size:,} bytes, more than its table can take")
    with zipfile.ZipFile(file) as archive:
        members = {member.filename: member for member in archive.infolist()}
        if set(members) != {"about.npy", "table.npy"}:
            raise _Unusable("it holds other files than a table and its description")
        for member in members.values():
            if member.compress_type != zipfile.ZIP_STORED or member.file_size > size + SLACK:
                raise _Unusable("it holds a compressed or oversized array")
        with archive.open("about.npy") as stored:
            about = np.lib.format.read_array(stored, allow_pickle=False)
        with archive.open("table.npy") as stored:
            table = np.lib.format.read_array(stored, allow_pickle=False)
    if about.shape != () or about.dtype.kind != "U":
        raise _Unusable("its description is not text")
    described = json.loads(str(about))
    if not isinstance(described, dict):
        raise _Unusable("its description is not a JSON object")
    if table.dtype != np.uint8 or table.shape != (size,):
        raise _Unusable(f"its table is not {size:,} bytes")
    return described, table


def _unusable(path: Path, why: str) -> None:
    print(f"puzzlelab: the cached pattern database {path} cannot be used ({why}); "
          "building it again", file=sys.stderr)  # fmt: skip


def _write(path: Path, database: PatternDatabase) -> None:
    about = {"format": FORMAT, "shape": list(database.shape), "goal": list(database.goal),
             "tiles": list(database.tiles), "blank": database.blank,
             "sha256": database.checksum()}  # fmt: skip
    # Each writer fills a file of its own, then renames it into place: a reader sees the whole
    # table or none, even when two kernels build it at once.
    partial: Path | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=PARTIAL)
        partial = Path(name)
        with os.fdopen(handle, "wb") as file:
            np.savez(file, about=json.dumps(about), table=database.table)
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, path)
        partial = None
    except OSError:  # an unwritable or full cache only means building again next time
        pass
    finally:
        if partial is not None:
            with contextlib.suppress(OSError):
                partial.unlink()
