"""One submitted notebook on one bounded kernel: its cells within their time limits, then checks.

A *trouble* is what went wrong with a cell (``"raised ZeroDivisionError: division by zero"``);
``""`` when nothing did.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import one_line
from .checking import EVENT, MIME
from .grades import KEPT_ERROR
from .sandbox import readable_folders, sandbox_works, sandboxed

if TYPE_CHECKING:  # Jupyter's modules load only when a kernel starts
    from jupyter_client.kernelspec import KernelSpecManager
    from nbclient import NotebookClient
    from nbformat import NotebookNode

    from .cells import Exercise


#: What nbclient reports, as the error of a cell it interrupted when its time ran out.
TIMED_OUT = "puzzlelab-grade-timeout"

#: How long an interrupted kernel has to show that it listens again, in seconds.
RECOVERY_SECONDS = 10

#: The kernel: this Python, with its address space bounded before ipykernel starts (where the
#: system bounds it: Linux does; Windows has no ``resource`` module, macOS may refuse the bound).
KERNEL_LAUNCH = (
    "import sys\n"
    "sys.dont_write_bytecode = True\n"  # puzzlelab's files stay as they were: see grade.py
    "limit = int(sys.argv.pop(1))\n"
    "try:\n"
    "    import resource\n"
    "    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
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
    """End every kernel running now, and any about to start (the grader was interrupted).

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    STOPPING.set()
    for kernel in list(RUNNING):
        kernel.kill()


class BoundedKernel:
    """A kernel for one notebook, with *memory_mb* of address space, started in *workdir*.

    Use it as a context manager: :meth:`student_cells`, then :meth:`checks`. Once
    :attr:`broken` says why (the kernel died, or did not stop when interrupted), no more
    cells run.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    def __init__(self, workdir: Path, memory_mb: int, hidden: tuple[Path, ...] = ()) -> None:
        self.workdir, self.memory_mb, self.hidden = workdir, memory_mb, hidden
        self.client: NotebookClient  # made when the kernel starts (``with``)
        self._kernel: AbstractContextManager[None] | None = None
        self._context: Any = None  # the kernel's sockets' (bounded) zmq context
        self.timed_out = False  # whether the last cell ran out of time
        self.reply_error = ""  # the last cell's error, as its reply says (its output may be lost)
        self.broken = ""
        self.key = b""  # the channel's key, which signs every check's result

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
        return self

    def __exit__(self, *_: object) -> None:
        RUNNING.discard(self)
        if self._kernel is not None:
            try:
                self._kernel.__exit__(None, None, None)
            except Exception:  # a kernel already dead has nothing left to shut down
                pass
        if self._context is not None:
            self._context.destroy(linger=0)

    def kill(self) -> None:
        """End the kernel and all it started now, from any thread (the grader was interrupted)."""
        group = getattr(getattr(self.client.km, "provisioner", None), "pgid", None)
        if group and hasattr(os, "killpg") and group != os.getpgrp():  # its own session
            with contextlib.suppress(OSError):
                os.killpg(group, signal.SIGKILL)

    # ------------------------------------------------------------ cells

    def execute(
        self,
        cell: NotebookNode,
        index: int,
        seconds: int,
        *,
        grader: bool = False,
        recover: bool = True,
    ) -> str:
        """Run *cell*, number *index* of ``client.nb``; return its trouble.

        Only a student's cell is kept in the kernel's history, not the *grader*'s. Unless *recover*
        is false, a cell that ran out of time is followed by a test of whether the kernel listens.
        """
        from nbclient.exceptions import DeadKernelError

        if STOPPING.is_set():
            self.broken = "was not run: the grader was interrupted"
            return self.broken
        self.client.timeout, self.timed_out, self.reply_error = seconds, False, ""
        try:
            self.client.execute_cell(cell, index, store_history=not grader)
        except DeadKernelError:
            self.broken = "ended the kernel (it exited, crashed or ran out of memory)"
            return self.broken
        if self.timed_out:
            if recover:
                self._listening()
            return f"ran out of time ({seconds} s) and was interrupted"
        error = _error_of(cell.outputs) or self.reply_error
        if error.startswith("MemoryError"):
            error += f" (the limit is {self.memory_mb} MB)"
        return f"raised {error}" if error else ""

    def _note_error(self, execute_reply: dict[str, Any], **_: object) -> None:
        content = execute_reply["content"]
        self.timed_out = content.get("ename") == TIMED_OUT
        value = str(content.get("evalue", "")).strip().splitlines()
        self.reply_error = str(content.get("ename", "Error"))[:200] + (
            f": {value[0][:KEPT_ERROR]}" if value else ""
        )

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
        """Run *notebook*'s code cells in order; return their troubles by cell index.

        Each cell may run *cell_seconds*, all of them *notebook_seconds*.
        """
        self._open_channel(cell_seconds)
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

    # ------------------------------------------------------------ checks

    def _open_channel(self, seconds: int) -> None:
        """Open the channel the checks answer through, before any student's cell runs."""
        if self.broken:
            return
        cell, trouble = self.run_code(_channel_cell(), seconds)
        printed = "".join(
            out.get("text", "") for out in cell.outputs if out.get("name") == "stdout"
        )
        try:
            self.key = bytes.fromhex(printed.strip())
        except ValueError:
            trouble = trouble or "printed no key"
        if trouble and not self.broken:
            self.broken = f"the grader's channel could not be opened: it {trouble}"

    def checks(self, exercises: list[Exercise], seconds: int) -> dict[str, dict[str, Any]]:
        """Load puzzlelab afresh in the kernel, then run each exercise's check there.

        Return, by id, ``{"passed", "message", "error"}`` from the check, or
        ``{"trouble"}`` alone when the check gave no result.
        """
        nonce = secrets.token_hex(16)  # a result without it was not made by this run
        if not self.broken:
            _, trouble = self.run_code(_fresh_puzzlelab(), seconds)
            if trouble and not self.broken:
                self.broken = f"puzzlelab could not be loaded afresh: the loading {trouble}"
        results = {}
        for exercise in exercises:
            if self.broken:
                results[exercise.id] = {"trouble": f"not checked: {self.broken}"}
                continue
            cell, trouble = self.run_code(_check_cell(exercise, nonce), seconds)
            result = _result(cell.outputs, self.key, exercise, nonce)
            if result is None:
                result = {"trouble": f"the check {trouble or 'gave no result'}"}
                if self.broken:
                    self.broken = f"the check of {exercise.id} {self.broken}"
            results[exercise.id] = result
        return results


def _error_of(outputs: list[NotebookNode]) -> str:
    """``"ZeroDivisionError: division by zero"``: the first error among *outputs*, or ``""``."""
    for output in outputs:
        if output.get("output_type") == "error":
            value = str(output.get("evalue", "")).strip().splitlines()
            return output.get("ename", "Error") + (f": {value[0]}" if value else "")
    return ""


def _result(
    outputs: list[NotebookNode], key: bytes, exercise: Exercise, nonce: str
) -> dict[str, Any] | None:
    """The check's result among *outputs*: a display of type :data:`MIME` signed with *key*.

    Its signed text must answer *exercise*'s call and checks and this *nonce*; a result
    that says the notebook replaced part of the display machinery becomes a trouble.
    """
    for output in reversed(outputs):
        data = output.get("data", {}).get(MIME)
        if isinstance(data, str):
            data = json.loads(data)
        if not isinstance(data, dict) or not isinstance(data.get("payload"), str):
            continue
        mac = hmac.new(key, data["payload"].encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(mac, str(data.get("mac"))):
            continue
        result = json.loads(data["payload"])
        asked = (exercise.call, exercise.checks, nonce)
        if (result["call"], result["checks"], result["nonce"]) != asked:
            continue
        if result["replaced"]:
            replaced = ", ".join(result["replaced"])
            return {"trouble": f"the notebook replaced what the checks answer through ({replaced})"}
        return {field: result[field] for field in ("passed", "message", "error")}
    return None


def _channel_cell() -> str:
    """Code that opens the channel of :func:`puzzlelab.classroom.checking.open_channel`.

    The package's own folder is first on ``sys.path`` only while it loads.
    """
    root = str(Path(__file__).resolve().parents[2])
    return (
        "import sys as _sys\n"
        f"_sys.path.insert(0, {root!r})\n"
        "import puzzlelab.classroom.checking as _grading\n"
        f"_sys.path.remove({root!r})\n"
        "_grading.open_channel()\n"
        "del _sys, _grading\n"
    )


def _fresh_puzzlelab() -> str:
    """Code that forgets every puzzlelab module the notebook loaded and loads the package's.

    The package's own folder goes first on ``sys.path``, so a ``puzzlelab`` the notebook
    wrote into its working folder is not the one loaded.
    """
    root = str(Path(__file__).resolve().parents[2])
    return (
        "import os, sys\n"
        f"sys.path.insert(0, {root!r})\n"
        "for name in [name for name in sys.modules if name.partition('.')[0] == 'puzzlelab']:\n"
        "    del sys.modules[name]\n"
        "import puzzlelab.classroom.checking\n"
        f"if not os.path.realpath(puzzlelab.classroom.checking.__file__).startswith({root!r}):\n"
        "    raise ImportError('the notebook put another puzzlelab in the way')\n"
    )


def _check_cell(exercise: Exercise, nonce: str) -> str:
    """Code that asks the channel for *exercise*'s check (``sys.audit``, the hook's event)."""
    return (
        f"__import__('sys').audit({EVENT!r}, globals(), {exercise.call!r}, "
        f"{exercise.checks!r}, {nonce!r})"
    )


def _kernel_specs(memory: int, workdir: Path | None, hidden: tuple[Path, ...]) -> KernelSpecManager:
    """A kernel-spec manager whose every kernel is this Python, bounded to *memory* bytes, and,
    given a *workdir*, sandboxed in it (:func:`~.sandbox.sandboxed`), *hidden* out of sight."""
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

    argv = [sys.executable, "-c", KERNEL_LAUNCH, str(memory), "-f", "{connection_file}"]
    interrupt = "signal"
    if workdir is not None:  # inside, an interrupt is a message the kernel turns into SIGINT
        argv, interrupt = sandboxed(argv, workdir, readable_folders(), hidden), "message"

    class BoundedPython(KernelSpecManager):
        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
            return KernelSpec(argv=argv, language="python", display_name="puzzlelab grader",
                              interrupt_mode=interrupt)  # fmt: skip

    return BoundedPython()
