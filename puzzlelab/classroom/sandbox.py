"""A sandbox for a submitted notebook's kernel: Debian's ``bubblewrap``, where the machine has it.

>>> command = sandboxed(["python3", "-c", "print(1)"], Path("/tmp/work"), [Path("/usr")])
>>> command[0].endswith("bwrap") or command == ["python3", "-c", "print(1)"]
True
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

#: What the grader says once when the machine cannot sandbox its kernels.
UNCONFINED = (
    "puzzlelab grade: no bubblewrap (bwrap) here, so each notebook runs unconfined: it may read "
    "the other submissions and any file you may read, use the network, and leave processes "
    "behind (each kernel still has its own process group and memory bound). Install it "
    "(apt-get install bubblewrap) to grade in a sandbox."
)

#: The most a kernel may write into its ``/tmp``, which lives in memory, in bytes.
TMP_BYTES = 256 * 2**20

#: The system's folders a kernel reads, where they exist (read-only).
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc")


def bubblewrap() -> str | None:
    """The path of ``bwrap``, or ``None`` where the machine has none.

    There is no example here; ``tests/test_grade_sandbox.py`` runs it.
    """
    return shutil.which("bwrap")


def _tmpfs(path: str, size: int) -> list[str]:
    """An empty folder in memory at *path*, of *size* bytes at most where ``bwrap`` can."""
    return ["--size", str(size), "--tmpfs", path] if _sizes_tmpfs() else ["--tmpfs", path]


@functools.cache
def _sizes_tmpfs() -> bool:
    """Whether this ``bwrap`` bounds a ``--tmpfs`` (``--size``, bubblewrap 0.5 and later)."""
    try:
        said = subprocess.run([str(bubblewrap()), "--help"], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return b"--size" in said.stdout + said.stderr


@functools.cache
def sandbox_works() -> bool:
    """Whether ``bwrap`` is here and may make its namespaces (a container may forbid it).

    There is no example here; ``tests/test_grade_sandbox.py`` runs it.
    """
    bwrap = bubblewrap()
    if bwrap is None:
        return False
    probe = [bwrap, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "true"]
    try:
        return subprocess.run(probe, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def readable_folders() -> list[Path]:
    """The folders a kernel must read: Python's own, the installed packages and puzzlelab's (not
    the folder the grader started in, which may hold the roster or the answer key).

    There is no example here; ``tests/test_grade_sandbox.py`` runs it.
    """
    import site

    import puzzlelab

    package = Path(puzzlelab.__file__).resolve().parent
    lessons = package.parent / "notebooks"  # a clone's lessons; a wheel keeps them inside
    installed = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent}
    user = Path(site.getusersitepackages()).resolve()
    folders = installed | {package} | ({lessons} if lessons.is_dir() else set())
    for entry in sys.path:
        path = Path(entry).resolve() if entry else None
        if path is not None and path.is_dir() and (path == user or any(
            path.is_relative_to(top.resolve()) for top in installed
        )):  # fmt: skip
            folders.add(path)
    return sorted(folders)


def sandboxed(
    argv: Sequence[str], workdir: Path, readable: Iterable[Path], hidden: Iterable[Path] = ()
) -> list[str]:
    """*argv* run in a sandbox: *workdir* read-write, *readable* read-only, *hidden* covered
    (*argv* itself where the machine has no ``bwrap``).

    There is no example here; ``tests/test_grade_sandbox.py`` runs it.
    """
    bwrap = bubblewrap()
    if bwrap is None:
        return list(argv)
    command = [bwrap, "--unshare-all", "--die-with-parent", "--dev", "/dev", "--proc", "/proc"]
    command += _tmpfs("/tmp", TMP_BYTES)
    for folder in [*map(Path, SYSTEM), *readable]:
        if folder.exists():
            command += ["--ro-bind", str(folder), str(folder)]
    command += ["--bind", str(workdir), str(workdir)]
    for path in hidden:
        path = path.resolve()
        if path.is_dir():
            command += _tmpfs(str(path), 2**16)
        elif path.exists():
            command += ["--ro-bind", "/dev/null", str(path)]
    command += ["--chdir", str(workdir), "--setenv", "HOME", str(workdir)]
    # Inside, the kernel's parent is the namespace's first process: a kernel told to watch
    # the grader's process id would take it for gone and stop. --die-with-parent watches.
    command += ["--unsetenv", "JPY_PARENT_PID"]
    return [*command, "--setenv", "TMPDIR", "/tmp", "--", *argv]
