"""Running a student's code where it can always be stopped: in a forked child with hard
limits, which sends back plain data only; where nothing can be forked (Windows, Pyodide),
in the kernel under a :class:`Watchdog`, which stops most runaway loops but not all.

>>> import time
>>> run_guarded(lambda: time.sleep(30), seconds=0.2, max_memory_mb=100).trouble
'ran past its 0.2 s limit and was stopped'
"""

from __future__ import annotations

import _thread
import functools
import io
import math
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ..errors import one_line
from ..limits import DEFAULT_MAX_MEMORY_MB, PAGE_SIZE, memory_mb, slowdown
from .answers import Takes, fail, plain, self_check

#: Nothing here is offered to the lessons: they import the checks from puzzlelab.exercises.
__all__: list[str] = []

#: Seconds a check that runs a student's code may take, unless it says otherwise.
CHECK_SECONDS = 30.0

MAX_REPLY_BYTES = 64 * 2**20
MAX_PRINTED = 20_000  # characters of what a child printed that are shown
OUT_OF_MEMORY = 3  # the exit code of a child that ran out of memory while answering

NOT_ENFORCED = " (puzzlelab could not enforce its time and memory limits here)"


@dataclass
class _Outcome:
    """The plain *value* a student's code gave, or the *trouble* (after "your function")."""

    value: object = None
    trouble: str | None = None
    printed: str = ""
    enforced: bool = True


class _Grader(threading.local):
    """Whether this thread checks in the grader, where the student's code runs in its kernel
    (no child, no watchdog); *by* names the library whose search called the problem."""

    on = False
    by: str | None = None

    @contextmanager
    def here(self) -> Iterator[None]:
        self.on = True
        try:
            yield
        finally:
            self.on = False


GRADER = _Grader()


def can_isolate() -> bool:
    """Return whether student code can run in a forked child process here."""
    if sys.platform in ("emscripten", "wasi") or not hasattr(os, "fork"):
        return False
    return "fork" in multiprocessing.get_all_start_methods()


def run_guarded(
    task: Callable[[], object], seconds: float, max_memory_mb: float, grace: float = 0.0
) -> _Outcome:
    """Run *task* where it can be stopped, in a child if it can; its value comes back
    :func:`portable`. It is killed *grace* seconds past *seconds*. Never raises for what the
    task does.

    >>> run_guarded(lambda: 1 / 0, 5, 100).trouble
    'raised ZeroDivisionError: division by zero'
    """
    if GRADER.on:  # the student's code runs in its kernel, bounded by the grader's wire
        return _here(task)
    if can_isolate():
        return _in_child(task, seconds, max_memory_mb, grace)
    return _in_process(task, seconds, max_memory_mb, grace)


def guarded_check(
    what: str = "your function", seconds: float | None = None,
    prepare: Callable[[], object] | None = None,
) -> Callable[[Callable[Takes, bool]], Callable[Takes, bool]]:  # fmt: skip
    """Make a lesson's check a :func:`~.answers.self_check` that runs through
    :func:`run_guarded` (*seconds*, else :data:`CHECK_SECONDS`) when handed more than plain
    data. *prepare* runs in the kernel first, to fill caches a child would lose.
    """

    def decorate(check: Callable[Takes, bool]) -> Callable[Takes, bool]:
        @functools.wraps(check)
        def guarded(*answers: Takes.args, **named: Takes.kwargs) -> bool:
            others: list[object] = []
            plain((answers, named), others.append)
            if not others:
                return check(*answers, **named)
            if prepare is not None:
                prepare()
            limit = (CHECK_SECONDS if seconds is None else seconds) / slowdown()
            outcome = run_guarded(
                lambda: check(*answers, **named) is True, limit, DEFAULT_MAX_MEMORY_MB
            )
            print(outcome.printed, end="")
            if outcome.trouble is not None:
                return fail(said(what, outcome))
            return outcome.value is True

        return self_check(guarded)

    return decorate


def said(who: str, outcome: _Outcome) -> str:
    """The sentence for a stopped *outcome*: *who* and its trouble."""
    note = "" if outcome.enforced else NOT_ENFORCED
    return f"{who} {outcome.trouble}{note}."


def portable(value: object) -> object:
    """*value* as plain data that can cross to another process; other objects as names."""
    return plain(value, lambda other: f"<{type(other).__name__} object>")


def _late(seconds: float) -> str:
    return f"ran past its {seconds:g} s limit and was stopped"


def _too_big(memory: float) -> str:
    return f"used more than {memory:,g} MB of memory and was stopped"


def _in_child(task: Callable[[], object], seconds: float, memory: float, grace: float) -> _Outcome:
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(task, seconds + grace, memory, sender))
    child.daemon = True
    with warnings.catch_warnings():  # forking a kernel that runs threads: the child uses none
        warnings.simplefilter("ignore", DeprecationWarning)
        child.start()
    sender.close()
    try:
        if not receiver.poll(seconds + grace):
            return _Outcome(trouble=_late(seconds))
        data = receiver.recv_bytes(MAX_REPLY_BYTES)
    except EOFError:  # the child ended without a word
        child.join(1)
        if child.exitcode == -signal.SIGXCPU:
            return _Outcome(trouble=_late(seconds))
        if child.exitcode == OUT_OF_MEMORY:
            return _Outcome(trouble=_too_big(memory))
        ended = f"ended the process it ran in (exit code {child.exitcode}) without an answer"
        return _Outcome(trouble=ended)
    except OSError:
        return _Outcome(trouble=f"gave back more than {MAX_REPLY_BYTES // 2**20} MB of data")
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
    try:
        reply = _PlainUnpickler(io.BytesIO(data)).load()
    except Exception:  # what the child sent was not plain data: the student's code meddled
        return _Outcome(trouble="sent back something that is not plain data")
    return _outcome(reply, memory)


def _outcome(reply: object, memory: float) -> _Outcome:
    if not isinstance(reply, tuple) or len(reply) != 3 or not isinstance(reply[2], str):
        return _Outcome(trouble="sent back something that is not plain data")
    kind, value, printed = reply
    if kind == "done":
        return _Outcome(value=value, printed=printed)
    if kind == "memory":
        trouble = _too_big(memory)
    else:
        trouble = f"raised {value}" if kind == "raised" else "was interrupted"
    return _Outcome(trouble=trouble, printed=printed)


class _PlainUnpickler(pickle.Unpickler):
    """Reads plain data only: no class or function is ever looked up."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not plain data")


def _child(task: Callable[[], object], seconds: float, memory: float, sender: Connection) -> None:
    code = 0
    try:
        _limit(seconds, memory)
        reply = pickle.dumps(_attempt(task), protocol=pickle.HIGHEST_PROTOCOL)
        if len(reply) > MAX_REPLY_BYTES:
            reply = pickle.dumps(("raised", "an answer too large to send back", ""))
        sender.send_bytes(reply)
    except MemoryError:
        code = OUT_OF_MEMORY
    except BaseException:  # nothing may escape the child: its end says what happened
        code = 1
    finally:
        os._exit(code)  # no clean-up of the kernel's copied state: it is the kernel's


def _limit(seconds: float, memory: float) -> None:
    import resource  # not on Windows, where no child is made

    cpu = math.ceil(seconds) + 1
    _set(resource, resource.RLIMIT_CPU, cpu, cpu + 1)
    try:
        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * PAGE_SIZE
    except (OSError, ValueError, IndexError):
        return
    wanted = size + int(memory * 2**20)
    _set(resource, resource.RLIMIT_AS, wanted, wanted)


def _set(resource: Any, which: int, soft: int, hard: int) -> None:
    _, old_hard = resource.getrlimit(which)
    if old_hard != resource.RLIM_INFINITY:
        soft, hard = min(soft, old_hard), min(hard, old_hard)
    try:
        resource.setrlimit(which, (soft, hard))
    except (ValueError, OSError):  # macOS keeps its own counsel on address space
        pass


def _attempt(task: Callable[[], object]) -> tuple[str, object, str]:
    printed = _Printed()
    try:
        with redirect_stdout(printed), redirect_stderr(printed):
            try:
                return "done", portable(task()), printed.getvalue()
            except MemoryError:
                return "memory", None, printed.getvalue()
            except Exception as error:  # the student's code: say what it raised, in one line
                return "raised", f"{one_line(error)}", printed.getvalue()
    except KeyboardInterrupt:  # the stop button: the kernel is interrupted too
        return "interrupted", None, printed.getvalue()
    except SystemExit as leaving:
        return "raised", f"SystemExit: {leaving}", printed.getvalue()


class _Printed(io.StringIO):
    """What the child prints, up to :data:`MAX_PRINTED` characters."""

    def write(self, text: str) -> int:
        room = MAX_PRINTED - self.tell()
        if room > 0:
            super().write(str(text)[:room])
        return len(text)


def _here(task: Callable[[], object]) -> _Outcome:
    try:
        return _Outcome(value=portable(task()))
    except Exception as error:  # the student's code, as the kernel reported it
        return _Outcome(trouble=f"raised {one_line(error)}")


def _in_process(
    task: Callable[[], object], seconds: float, memory: float, grace: float
) -> _Outcome:
    watchdog = Watchdog(seconds + grace, memory)
    try:
        with watchdog:
            return _Outcome(value=portable(task()), enforced=False)
    except KeyboardInterrupt:
        if watchdog.reason is None:
            raise  # the student pressed stop
        trouble = _late(seconds) if watchdog.reason.startswith("after") else _too_big(memory)
        return _Outcome(trouble=trouble, enforced=False)
    except MemoryError:
        return _Outcome(trouble=f"used more than {memory:,g} MB of memory", enforced=False)
    except Exception as error:  # the student's code: say what it raised, in one line
        return _Outcome(trouble=f"raised {one_line(error)}", enforced=False)


class Watchdog:
    """Interrupts the main thread, as Ctrl-C would, past *seconds* or *max_memory_mb* MB
    more; ``reason`` says which. Code that swallows Ctrl-C, sleeps or waits on a lock is not
    stopped by it.
    """

    def __init__(self, seconds: float, max_memory_mb: float) -> None:
        self.seconds, self.max_memory_mb = seconds, max_memory_mb
        self.reason: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._handler: Any = None  # the Ctrl-C handler replaced

    def __enter__(self) -> Watchdog:
        # Ctrl-C must raise KeyboardInterrupt in the main thread, or interrupt_main may do nothing
        main = threading.current_thread() is threading.main_thread()
        if main and signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            self._handler = signal.signal(signal.SIGINT, signal.default_int_handler)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()
        if self._handler is not None:
            signal.signal(signal.SIGINT, self._handler)

    def _watch(self) -> None:
        deadline, at_start = time.monotonic() + self.seconds, memory_mb()  # None: not measured
        while not self._done.wait(0.02):
            if time.monotonic() > deadline:
                self.reason = f"after {self.seconds:g} seconds"
            elif at_start is not None and (memory_mb() or 0) - at_start > self.max_memory_mb:
                self.reason = f"when it had taken {self.max_memory_mb:,} MB more memory"
            else:
                continue
            _thread.interrupt_main()
            return
