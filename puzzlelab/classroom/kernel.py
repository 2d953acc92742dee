"""One submitted notebook on one bounded kernel: its cells within their time limits, then checks.

A *trouble* is what went wrong with a cell (``"raised ZeroDivisionError: ..."``), or ``""``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import one_line
from .checking import RECOVERY_SECONDS, Grader, check_outcome
from .grades import KEPT_ERROR
from .sandbox import TMP_BYTES, readable_folders, sandbox_works, sandboxed
from .written import Written

if TYPE_CHECKING:  # Jupyter's modules load only when a kernel starts
    from jupyter_client.kernelspec import KernelSpecManager
    from nbclient import NotebookClient
    from nbformat import NotebookNode

    from .cells import Exercise

__all__ = ["folder_bytes"]


#: What nbclient reports, as the error of a cell it interrupted when its time ran out.
TIMED_OUT = "puzzlelab-grade-timeout"

#: The most a notebook may add to its own folder (on disk), and the largest file it may write.
FOLDER_BYTES = TMP_BYTES

#: Files and folders past which a notebook's folder is taken as over its bound.
FOLDER_ENTRIES = 20_000

#: The kernel: this Python, its address space and file sizes bounded where the system can.
KERNEL_LAUNCH = (
    "import sys\n"
    "sys.dont_write_bytecode = True\n"  # puzzlelab's files stay as they were: see grade.py
    "limit, largest = int(sys.argv.pop(1)), int(sys.argv.pop(1))\n"
    "try:\n"
    "    import resource\n"
    "    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
    "    resource.setrlimit(resource.RLIMIT_FSIZE, (largest, largest))\n"
    "    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))\n"
    "except (ImportError, ValueError, OSError):\n"
    "    pass\n"
    "from ipykernel.kernelapp import launch_new_instance\n"
    "launch_new_instance()\n"
)


#: The kernels running now, in any thread: :func:`kill_all` ends them when the grader stops.
RUNNING: set[BoundedKernel] = set()

#: Set once the grader was interrupted: no kernel starts or runs a cell after it.
STOPPING = threading.Event()


def kill_all() -> None:
    """End every kernel running now, and any about to start (the grader was interrupted)."""
    STOPPING.set()
    for kernel in list(RUNNING):
        kernel.kill()


class BoundedKernel:
    """One notebook's kernel in *workdir*: ``with`` it, :meth:`student_cells`, :meth:`checks`."""

    def __init__(self, workdir: Path, memory_mb: int, hidden: tuple[Path, ...] = ()) -> None:
        self.workdir, self.memory_mb, self.hidden = workdir, memory_mb, hidden
        self.client: NotebookClient  # made when the kernel starts (``with``)
        self._kernel: AbstractContextManager[None] | None = None
        self._context: Any = None  # the kernel's sockets' (bounded) zmq context
        self.timed_out = False  # whether the last cell ran out of time
        self.reply_error = ""  # the last cell's error, as its reply says (its output may be lost)
        self.broken = ""
        self.overflowed = ""  # why the folder's watch ended the kernel, if it did
        self._watching = threading.Event()  # set when the kernel is done with

    def __enter__(self) -> BoundedKernel:
        from nbformat.v4 import new_notebook

        from .outputs import BoundedManager, KeptOutputs, bounded_context

        sandboxed = sandbox_works()
        where = self.workdir if sandboxed else None
        specs = _kernel_specs(self.memory_mb * 2**20, where, self.hidden)
        self._context = bounded_context()
        manager = BoundedManager(
            kernel_name="python3", kernel_spec_manager=specs, context=self._context
        )
        manager.session.unpack = _read_message
        if sandboxed:  # no network in there: the kernel talks through files in its own folder
            manager.transport, manager.ip = "ipc", str(self.workdir / ".kernel")
            manager.connection_file = str(self.workdir / ".kernel.json")
        self.client = KeptOutputs(
            new_notebook(),
            km=manager,
            allow_errors=True,
            store_widget_state=False,
            shutdown_kernel="immediate",
            interrupt_on_timeout=True,  # nbclient interrupts, then tidies its listeners up
            error_on_timeout={"ename": TIMED_OUT, "evalue": "", "traceback": []},
            on_cell_error=self._note_error,
        )
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}  # its own warnings
        self._kernel = self.client.setup_kernel(cleanup_kc=True, cwd=str(self.workdir), **quiet)
        RUNNING.add(self)
        try:
            self._kernel.__enter__()
        except Exception as error:  # too little memory to start, or no ipykernel
            self._kernel = None
            self.broken = f"the kernel did not start: {one_line(error)}"
        if STOPPING.is_set():
            self.kill()
        if self._kernel is not None:
            threading.Thread(target=self._watch_folder, daemon=True).start()
        return self

    def _watch_folder(self) -> None:
        """End the kernel once its folder grew by :data:`FOLDER_BYTES` (four looks a second)."""
        start = folder_bytes(self.workdir)
        while not self._watching.wait(0.25):
            if folder_bytes(self.workdir) - start > FOLDER_BYTES:
                self.overflowed = f"wrote over {FOLDER_BYTES // 2**20} MB into its own folder"
                self.kill()
                return

    def __exit__(self, *_: object) -> None:
        self._watching.set()
        RUNNING.discard(self)
        if self._kernel is not None:
            with contextlib.suppress(Exception):  # a dead kernel has nothing left to shut down
                self._kernel.__exit__(None, None, None)
        if self._context is not None:
            self._context.destroy(linger=0)

    def kill(self) -> None:
        """End the kernel and all it started now, from any thread (the grader was interrupted)."""
        group = getattr(getattr(self.client.km, "provisioner", None), "pgid", None)
        if group and hasattr(os, "killpg") and group != os.getpgrp():  # its own session
            with contextlib.suppress(OSError):
                os.killpg(group, signal.SIGKILL)

    def execute(
        self,
        cell: NotebookNode,
        index: int,
        seconds: int,
        *,
        grader: bool = False,
        recover: bool = True,
    ) -> str:
        """Run *cell*, number *index* of ``client.nb``; return its trouble."""
        from nbclient.exceptions import DeadKernelError

        if STOPPING.is_set():
            self.broken = "was not run: the grader was interrupted"
            return self.broken
        self.client.timeout, self.timed_out, self.reply_error = seconds, False, ""
        try:
            self.client.execute_cell(cell, index, store_history=not grader)
        except DeadKernelError:
            died = "ended the kernel (it exited, crashed or ran out of memory)"
            self.broken = self.overflowed or died
            return self.broken
        if self.timed_out:
            if recover:
                self._listening()
            return f"ran out of time ({seconds} s) and was interrupted"
        errors = [_error_text(out) for out in cell.outputs if out.get("output_type") == "error"]
        error = (errors or [self.reply_error])[0]
        if error.startswith("MemoryError"):
            error += f" (the limit is {self.memory_mb} MB)"
        return f"raised {error}" if error else ""

    def _note_error(self, execute_reply: dict[str, Any], **_: object) -> None:
        content = execute_reply["content"]
        self.timed_out = content.get("ename") == TIMED_OUT
        self.reply_error = _error_text(content)

    def run_code(
        self, source: str, seconds: int, *, recover: bool = True
    ) -> tuple[NotebookNode, str]:
        """Run the grader's own code *source*; return its cell (with outputs) and trouble."""
        from nbformat.v4 import new_code_cell, new_notebook

        cell = new_code_cell(source)
        self.client.nb = new_notebook(cells=[cell])
        return cell, self.execute(cell, 0, seconds, grader=True, recover=recover)

    def _listening(self) -> None:
        """After an interrupt, see whether the kernel listens again; give up on it if not."""
        _, trouble = self.run_code("pass", RECOVERY_SECONDS, recover=False)
        if trouble and not self.broken:
            self.broken = "did not stop when interrupted"

    def student_cells(
        self, notebook: NotebookNode, cell_seconds: int, notebook_seconds: int
    ) -> dict[int, str]:
        """Run *notebook*'s code cells in order; return their troubles by cell index."""
        deadline = time.monotonic() + notebook_seconds
        troubles: dict[int, str] = {}
        for index, cell in enumerate(notebook.cells):
            where = f"cell {index + 1} of {len(notebook.cells)}"
            left = deadline - time.monotonic()
            if left <= 0 and not self.broken:
                self.broken = f"the notebook ran past {notebook_seconds} s at {where}"
            if self.broken:
                break
            if cell.cell_type != "code" or not cell.source.strip():
                continue
            self.client.nb = notebook  # the grader's own cells run in a notebook of their own
            trouble = self.execute(cell, index, max(1, min(cell_seconds, int(left) + 1)))
            cell.outputs = []  # only the trouble is kept: a chatty notebook costs no memory
            if self.broken:
                self.broken = f"{where} {self.broken}"
            if trouble:
                troubles[index] = f"{where} {trouble}"
        return troubles

    def checks(
        self, exercises: list[Exercise], seconds: int, sources: Iterable[str] = ()
    ) -> dict[str, dict[str, Any]]:
        """Run each exercise's check in the grader; return :func:`~.check_outcome`'s, by id."""
        results: dict[str, dict[str, Any]] = {}
        grader = self._serve(seconds, Written(sources)) if not self.broken else None
        for exercise in exercises:
            if grader is not None and grader.broken and not self.broken:
                self.broken = grader.broken
            if self.broken or grader is None:
                results[exercise.id] = {"trouble": f"not checked: {self.broken}"}
                continue
            results[exercise.id] = check_outcome(grader, exercise, seconds)
        if grader is not None and not grader.broken:
            with contextlib.suppress(OSError):
                grader.wire.send({"op": "done"})
        return results

    def _serve(self, seconds: int, written: Written) -> Grader | None:
        """Start the kernel's server (:func:`~.serving.serve`); return the grader's end of it."""
        path = self.workdir / ".grader"
        path.unlink(missing_ok=True)  # the last check's
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            listener.bind(str(path))
            listener.listen(1)
            listener.settimeout(seconds)
            client: Any = self.client.kc
            client.execute(_serve_cell(path, seconds), store_history=False)
            connection, _ = listener.accept()
        except OSError as error:  # the server never called: the kernel is gone or stuck
            self.broken = f"the grader's server did not start in the kernel: {one_line(error)}"
            return None
        finally:
            listener.close()
        return Grader(connection, seconds, self._interrupt, written)

    def _interrupt(self) -> None:
        """Interrupt the kernel: a student's function ran past its time."""
        from jupyter_core.utils import run_sync

        manager: Any = self.client.km  # nbclient's, whose interrupt is a coroutine
        with contextlib.suppress(Exception):  # a kernel already gone needs no interrupt
            run_sync(manager.interrupt_kernel)()


def folder_bytes(folder: Path) -> int:
    """The bytes the files below *folder* take on disk; huge past :data:`FOLDER_ENTRIES` entries.

    >>> folder_bytes(Path(__file__).parent) > 0
    True
    """
    total, entries, todo = 0, 0, [str(folder)]
    while todo:
        try:
            with os.scandir(todo.pop()) as listing:
                for entry in listing:
                    entries += 1
                    if entries > FOLDER_ENTRIES:
                        return 2**62
                    if entry.is_dir(follow_symlinks=False):
                        todo.append(entry.path)
                    else:
                        total += entry.stat(follow_symlinks=False).st_blocks * 512
        except OSError:  # gone, or made unreadable, while it was looked at
            continue
    return total


def _read_message(data: str | bytes) -> Any:
    """A part of a kernel's message, as jupyter_client reads it; one nested too deep is empty.

    >>> _read_message(b'{"a": ' * 50_000 + b'1' + b'}' * 50_000)
    {}
    """
    from jupyter_client.session import json_unpacker

    try:
        return json_unpacker(data)
    except RecursionError:
        return {}


def _error_text(error: dict[str, Any]) -> str:
    """``"ZeroDivisionError: division by zero"``: an error's name and its message's first line."""
    value = str(error.get("evalue", "")).strip().splitlines()
    return str(error.get("ename", "Error"))[:200] + (f": {value[0][:KEPT_ERROR]}" if value else "")


def _serve_cell(path: Path, seconds: int) -> str:
    """Code that starts :func:`~.serving.serve` in the kernel, from the package's own folder."""
    root = str(Path(__file__).resolve().parents[2])
    return (
        "import sys as _sys\n"
        f"_sys.path.insert(0, {root!r})\n"
        "from puzzlelab.classroom.serving import serve as _serve\n"
        f"_sys.path.remove({root!r})\n"
        f"_serve({str(path)!r}, {seconds})\n"
    )


def _kernel_specs(memory: int, workdir: Path | None, hidden: tuple[Path, ...]) -> KernelSpecManager:
    """A kernel-spec manager of this Python, bounded to *memory* bytes, sandboxed in *workdir*."""
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

    argv = [sys.executable, "-c", KERNEL_LAUNCH, str(memory), str(FOLDER_BYTES)]
    argv += ["-f", "{connection_file}"]
    interrupt = "signal"
    if workdir is not None:  # inside, an interrupt is a message the kernel turns into SIGINT
        argv, interrupt = sandboxed(argv, workdir, readable_folders(), hidden), "message"

    class BoundedPython(KernelSpecManager):
        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
            return KernelSpec(argv=argv, language="python", display_name="puzzlelab grader",
                              interrupt_mode=interrupt)  # fmt: skip

    return BoundedPython()
