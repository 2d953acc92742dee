"""What a notebook may not change: the submissions, the grades file and puzzlelab's own files."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from .grades import LARGEST_SUBMISSION, Grade, GradingStopped
from .lessons import lessons_folder

#: A path's state: its kind (``file``, ``folder``, ``link``, ``large``, ``other``) and content
#: (a file's bytes, a link's target, a large file's sha256).
State = dict[Path, tuple[str, bytes]]


def puzzlelab_folders() -> list[Path]:
    """Return the folders whose files the checks run: the package's, and a clone's lessons.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    folders = [Path(__file__).resolve().parents[1]]
    lessons = lessons_folder()
    if isinstance(lessons, Path) and folders[0] not in lessons.resolve().parents:
        folders.append(lessons.resolve())
    return folders


def files_state(paths: list[Path]) -> State:
    """Return the :data:`State` of every path at or under *paths* (links not followed).

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    state = {}
    for top in paths:
        if top.exists() or top.is_symlink():
            state[top] = _path_state(top)
        if top.is_symlink() or not top.is_dir():
            continue
        for folder, subfolders, files in os.walk(top):
            for name in subfolders + files:
                state[Path(folder, name)] = _path_state(Path(folder, name))
    return state


def _path_state(path: Path) -> tuple[str, bytes]:
    if path.is_symlink():
        return "link", os.readlink(path).encode()
    if path.is_dir():
        return "folder", b""
    if not path.is_file():  # a pipe or a device: never read
        return "other", b""
    if path.stat().st_size > LARGEST_SUBMISSION:
        digest = hashlib.sha256()
        with path.open("rb") as large:
            for block in iter(lambda: large.read(2**20), b""):
                digest.update(block)
        return "large", digest.hexdigest().encode()
    return "file", path.read_bytes()


def _changed_paths(before: State, after: State) -> list[Path]:
    """Return the paths added, removed or changed between *before* and *after*, sorted."""
    return sorted(
        path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
    )


def _put_back(before: State, after: State) -> list[Path]:
    """Make the files on disk as *before* says again; return the paths that could not be.

    What was added is removed, what changed or went away is written again. Large files and
    pipes, whose content *before* does not hold, cannot be put back.
    """
    for path in sorted(after, reverse=True):  # the deepest first
        if before.get(path, ("",))[0] != after[path][0]:
            if after[path][0] == "folder":
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
    lost = []
    for path in sorted(before):  # a folder before what it holds
        kind, content = before[path]
        if after.get(path) == before[path]:
            continue
        if kind == "folder":
            path.mkdir(exist_ok=True)
        elif kind == "file":
            path.write_bytes(content)
        elif kind == "link":
            path.unlink(missing_ok=True)
            path.symlink_to(content.decode())
        else:
            lost.append(path)
    return lost


def watch_changes(rows: list[Grade], tops: tuple, before: State, package: State) -> None:
    """After a notebook ran: put back any file it changed, and mark its *rows* as errors.

    *tops* are the submissions (and the grades' file) and :func:`puzzlelab_folders`; *before*
    and *package* their :func:`files_state` before the notebook ran. Raise
    :class:`GradingStopped` if puzzlelab's own files changed.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    after = files_state(tops[0])
    changed = _changed_paths(before, after)
    if changed:
        lost = _put_back(before, after)
        note = f"it changed files outside its own folder: {_listed(changed)} (put back"
        note += f", but not {_listed(lost)})" if lost else ")"
        _mark(rows, note)
    touched = _changed_paths(package, files_state(tops[1]))
    if touched:
        _mark(rows, f"it changed puzzlelab's own files: {_listed(touched)}")
        raise GradingStopped(
            f"{rows[0].notebook} changed puzzlelab's own files ({_listed(touched)}): this "
            "installation can no longer be trusted to grade; reinstall puzzlelab and grade "
            "the notebooks after it again (the grades so far are kept)",
            [],
        )


def _mark(rows: list[Grade], note: str) -> None:
    for row in rows:
        row.outcome, row.passed = "error", False
        row.error = f"{note}; {row.error}" if row.error else note


def _listed(paths: list[Path], most: int = 3) -> str:
    shown = ", ".join(str(path) for path in paths[:most])
    return shown + (f" and {len(paths) - most} more" if len(paths) > most else "")
