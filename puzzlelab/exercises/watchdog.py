"""Stopping a student's function in the process it runs in, as Ctrl-C would.

The fallback of :mod:`~.sandbox` where a child process cannot be made (Windows,
Pyodide and JupyterLite), and the gentle first stop of :func:`~.recording.run_student`,
which keeps what the search did so far. It interrupts the main thread between two
bytecodes: code that swallows Ctrl-C, sleeps or waits on a lock is not stopped by it,
which is why :mod:`~.sandbox` kills a child process instead wherever it can.
"""

from __future__ import annotations

import _thread
import signal
import threading
import time
import types
from collections.abc import Callable

from ..limits import memory_mb


class Watchdog:
    """Stops the student's function, as Ctrl-C would, when it runs or grows too long.

    A thread looks every few hundredths of a second at the clock and at the
    memory the process holds; past *seconds*, or *max_memory_mb* megabytes more
    than at the start, it interrupts the main thread and ``reason`` says which.
    Use it as a context manager around the student's call; a program that ignores
    Ctrl-C gets its handler back when the block ends.

    Parameters
    ----------
    seconds : float
        How long the block may run.
    max_memory_mb : float
        How many megabytes the process may grow by while it runs.

    Attributes
    ----------
    reason : str or None
        Why the block was interrupted (``"after 2 seconds"``), or None if it was not.

    Examples
    --------
    >>> watchdog = Watchdog(seconds=0.02, max_memory_mb=500)
    >>> try:
    ...     with watchdog:
    ...         while True:  # a search that never ends
    ...             pass
    ... except KeyboardInterrupt:
    ...     print("stopped", watchdog.reason)
    stopped after 0.02 seconds
    >>> with Watchdog(seconds=1, max_memory_mb=500) as watchdog:
    ...     total = sum(range(1_000))
    >>> total, watchdog.reason
    (499500, None)
    """

    def __init__(self, seconds: float, max_memory_mb: float) -> None:
        self.seconds, self.max_memory_mb = seconds, max_memory_mb
        self.reason: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> Watchdog:
        self._handler = _python_handles_ctrl_c()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()
        if self._handler is not None:
            signal.signal(signal.SIGINT, self._handler)

    def _watch(self) -> None:
        deadline, memory_at_start = time.monotonic() + self.seconds, memory_mb()
        while not self._done.wait(0.02):
            if time.monotonic() > deadline:
                self.reason = f"after {self.seconds:g} seconds"
            elif self._grown_since(memory_at_start):
                self.reason = f"when it had taken {self.max_memory_mb:,} MB more memory"
            else:
                continue
            _thread.interrupt_main()
            return

    def _grown_since(self, memory_at_start: float | None) -> bool:
        """Whether the process holds more than *max_memory_mb* more than *memory_at_start*."""
        if memory_at_start is None:  # memory cannot be measured here
            return False
        memory = memory_mb()
        return memory is not None and memory - memory_at_start > self.max_memory_mb


#: A Ctrl-C handler as :func:`signal.signal` takes and returns it: a function of the signal
#: and the frame it interrupted, ``SIG_DFL`` or ``SIG_IGN`` (or None, set outside Python).
SignalHandler = Callable[[int, types.FrameType | None], object] | int | signal.Handlers | None


def _python_handles_ctrl_c() -> SignalHandler:
    """Make Ctrl-C raise KeyboardInterrupt in the main thread, as the watchdog needs; return
    the handler it replaced, or None if there was nothing to replace.

    A program that ignores Ctrl-C, or leaves it to the system (a server, a test runner's
    helper), would otherwise make ``_thread.interrupt_main`` do nothing, and the student's
    loop would never be stopped.
    """
    if threading.current_thread() is not threading.main_thread():
        return None
    handler = signal.getsignal(signal.SIGINT)
    if handler is signal.default_int_handler:
        return None
    return signal.signal(signal.SIGINT, signal.default_int_handler)
