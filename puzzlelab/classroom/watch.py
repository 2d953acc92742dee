"""What a notebook may not change: the submissions, the grades file and puzzlelab's own files.

The grader reads them all before any notebook runs; after each notebook it compares, puts
back what changed and marks that notebook's rows (:func:`watch_changes`).
"""

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
    """Return the folders whose files the checks run: this puzzlelab's package and its lessons.

    Returns
    -------
    list of Path
        The package's folder, then the lessons' folder if it is not inside the package (a
        clone's ``notebooks/``).

    Examples
    --------
    >>> folders = puzzlelab_folders()
    >>> folders[0].name, all(folder.is_dir() for folder in folders)
    ('puzzlelab', True)
    """
    folders = [Path(__file__).resolve().parents[1]]
    lessons = lessons_folder()
    if isinstance(lessons, Path) and folders[0] not in lessons.resolve().parents:
        folders.append(lessons.resolve())
    return folders


def files_state(paths: list[Path]) -> State:
    """Return the state of every file, folder and link at or under *paths* (links not followed).

    Parameters
    ----------
    paths : list of Path
        Files and folders; one that does not exist is left out.

    Returns
    -------
    dict of Path to (str, bytes)
        Each path's kind (``file``, ``folder``, ``link``, ``large`` or ``other``) and
        content (a file's bytes, a link's target, a large file's sha256).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     top = Path(folder)
    ...     (top / "alice").mkdir()
    ...     _ = (top / "alice" / "notes.txt").write_text("BFS first")
    ...     state = files_state([top])
    >>> {path.relative_to(top).as_posix(): state[path] for path in sorted(state)}
    {'.': ('folder', b''), 'alice': ('folder', b''), 'alice/notes.txt': ('file', b'BFS first')}
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


def changed_paths(before: State, after: State) -> list[Path]:
    """Return the paths added, removed or changed between *before* and *after*.

    Parameters
    ----------
    before, after : dict of Path to (str, bytes)
        Two :func:`files_state` of the same folders.

    Returns
    -------
    list of Path
        The paths whose state differs, sorted.

    Examples
    --------
    >>> from pathlib import Path
    >>> before = {Path("a.ipynb"): ("file", b"{}"), Path("b.ipynb"): ("file", b"{}")}
    >>> after = {Path("a.ipynb"): ("file", b"{ }"), Path("c.txt"): ("file", b"")}
    >>> [path.name for path in changed_paths(before, after)]
    ['a.ipynb', 'b.ipynb', 'c.txt']
    >>> changed_paths(before, before)
    []
    """
    return sorted(
        path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
    )


def put_back(before: State, after: State) -> list[Path]:
    """Make the files on disk as *before* says again; return the paths that could not be.

    What was added is removed, what changed or went away is written again from *before*.

    Parameters
    ----------
    before, after : dict of Path to (str, bytes)
        The :func:`files_state` of the same folders before a notebook ran, and after.

    Returns
    -------
    list of Path
        The paths that could not be put back: large files and pipes, whose content
        *before* does not hold.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     notebook = Path(folder, "alice.ipynb")
    ...     _ = notebook.write_text("{}")
    ...     before = files_state([Path(folder)])
    ...     _ = notebook.write_text("changed")
    ...     _ = Path(folder, "added.txt").write_text("added")
    ...     lost = put_back(before, files_state([Path(folder)]))
    ...     left = [path.name for path in Path(folder).iterdir()], notebook.read_text()
    >>> lost, left
    ([], (['alice.ipynb'], '{}'))
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

    Parameters
    ----------
    rows : list of Grade
        The notebook's grades, marked as errors (with what it changed) if it changed a file.
    tops : (list of Path, list of Path)
        The submissions (and the grades' file), and puzzlelab's folders
        (:func:`puzzlelab_folders`).
    before, package : dict of Path to (str, bytes)
        The :func:`files_state` of the two lists of *tops*, read before the notebook ran.

    Raises
    ------
    GradingStopped
        If puzzlelab's own files changed: the later notebooks could not be trusted.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     submissions, installed = Path(folder, "class"), Path(folder, "puzzlelab")
    ...     submissions.mkdir()
    ...     installed.mkdir()
    ...     tops = ([submissions], [installed])
    ...     before, package = files_state(tops[0]), files_state(tops[1])
    ...     _ = (submissions / "bob.ipynb").write_text("{}")  # what alice's notebook did
    ...     rows = [Grade("alice", "alice.ipynb", "mastermind", "mastermind:codes-left")]
    ...     watch_changes(rows, tops, before, package)
    ...     left = list(submissions.iterdir())
    >>> left, rows[0].outcome
    ([], 'error')
    >>> rows[0].error
    'it changed files outside its own folder: .../class/bob.ipynb (put back)'
    """
    after = files_state(tops[0])
    changed = changed_paths(before, after)
    if changed:
        lost = put_back(before, after)
        note = f"it changed files outside its own folder: {_listed(changed)} (put back"
        note += f", but not {_listed(lost)})" if lost else ")"
        _mark(rows, note)
    touched = changed_paths(package, files_state(tops[1]))
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
