"""What a notebook may not change: the submissions, the grades file and puzzlelab's own files.

The files are read once; after each notebook a file is read again only if its ``lstat`` changed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path

from .grades import LARGEST_SUBMISSION
from .lessons import lessons_folder
from .submissions import read_regular

__all__ = ["listed"]

#: What ``lstat`` says of a file's kind, size, times (a change time cannot be set back), inode.
Stamp = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class Entry:
    """A path's kind (``file``, ``folder``, ``link``, ``large``, ``other``), content and stamp."""

    kind: str
    content: bytes
    stamp: Stamp

    def same(self, other: Entry | None) -> bool:
        """Whether *other* holds what this entry holds (the stamps aside)."""
        return other is not None and (self.kind, self.content) == (other.kind, other.content)


#: The state of every path under some folders.
State = dict[Path, Entry]


def puzzlelab_folders() -> list[Path]:
    """Return the folders whose files the checks run: the package's, and a clone's lessons."""
    folders = [Path(__file__).resolve().parents[1]]
    lessons = lessons_folder()
    if isinstance(lessons, Path) and folders[0] not in lessons.resolve().parents:
        folders.append(lessons.resolve())
    return folders


def _files_state(paths: list[Path], known: State | None = None) -> State:
    """The :class:`Entry` of every path under *paths*; one whose stamp is *known*'s is not read."""
    state = {}
    for top in paths:
        for path in _walk(top):
            try:
                info = os.lstat(path)
            except OSError:  # gone while it was walked
                continue
            stamp = (info.st_mode, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
            before = known.get(path) if known else None
            state[path] = before if before and before.stamp == stamp else _entry(path, info, stamp)
    return state


def _walk(top: Path) -> list[Path]:
    """*top* and every path under it, if it is a folder (links not followed)."""
    if not os.path.lexists(top):
        return []
    walked = [] if top.is_symlink() else os.walk(top)  # a file: os.walk finds nothing
    return [top, *(Path(folder, name) for folder, subs, files in walked for name in subs + files)]


def _entry(path: Path, info: os.stat_result, stamp: Stamp) -> Entry:
    if stat.S_ISLNK(info.st_mode):
        return Entry("link", os.readlink(path).encode(), stamp)
    if stat.S_ISDIR(info.st_mode):
        return Entry("folder", b"", stamp)
    if not stat.S_ISREG(info.st_mode):  # a pipe or a device: never read
        return Entry("other", b"", stamp)
    if info.st_size > LARGEST_SUBMISSION:
        digest = hashlib.sha256()
        with path.open("rb") as large:
            for block in iter(lambda: large.read(2**20), b""):
                digest.update(block)
        return Entry("large", digest.hexdigest().encode(), stamp)
    try:
        return Entry("file", read_regular(path), stamp)
    except OSError:  # replaced by a pipe since lstat
        return Entry("other", b"", stamp)


def _changed_paths(before: State, after: State) -> list[Path]:
    """The paths added, removed or changed between *before* and *after*, sorted."""
    return sorted(
        path
        for path in before.keys() | after.keys()
        if path not in before or not before[path].same(after.get(path))
    )


def _put_back(before: State, after: State) -> list[Path]:
    """Make the files on disk as *before* says again; return the paths that could not be."""
    for path in sorted(after, reverse=True):  # the deepest first
        if path not in before or before[path].kind != after[path].kind:
            if after[path].kind == "folder":
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
    lost = []
    for path in sorted(before):  # a folder before what it holds
        entry = before[path]
        if entry.same(after.get(path)):
            continue
        if entry.kind == "folder":
            path.mkdir(exist_ok=True)
        elif entry.kind == "file":
            path.write_bytes(entry.content)
        elif entry.kind == "link":
            path.unlink(missing_ok=True)
            path.symlink_to(entry.content.decode())
        else:
            lost.append(path)
    return lost


class Watcher:
    """The files under *tops* as they were before any notebook ran, and the changes since."""

    def __init__(self, tops: list[Path]) -> None:
        self.tops = tops
        self.state = _files_state(tops)

    def changes(self, *, repair: bool = True) -> tuple[list[Path], list[Path]]:
        """The paths changed since the last look (put back unless not *repair*), and those of
        them that could not be (then taken as they are, to be reported once)."""
        now = _files_state(self.tops, self.state)
        changed = _changed_paths(self.state, now)
        if not changed or not repair:
            self.state = now if not changed else self.state
            return changed, []
        lost = _put_back(self.state, now)
        after = _files_state(self.tops, now)
        self.state = {
            path: after[path] if path in after and (entry.same(after[path]) or path in lost)
            else entry
            for path, entry in self.state.items()
        }  # fmt: skip
        return changed, lost

    def accept(self, path: Path) -> None:
        """Take *path* as it is now: the grader itself wrote it."""
        self.state.update(_files_state([path]))

    def content(self, path: Path) -> bytes | None:
        """The bytes *path* held before any notebook ran, if it is a regular file."""
        entry = self.state.get(path)
        return entry.content if entry and entry.kind == "file" else None


def listed(paths: list[Path], most: int = 3) -> str:
    """Up to *most* of *paths*, and how many more.

    >>> listed([Path("a"), Path("b"), Path("c"), Path("d")])
    'a, b, c and 1 more'
    """
    shown = ", ".join(str(path) for path in paths[:most])
    return shown + (f" and {len(paths) - most} more" if len(paths) > most else "")
