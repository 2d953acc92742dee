"""Stopping a student's function in the process it runs in, as Ctrl-C would.

The fallback of :mod:`~.sandbox` where no child process can be made, and the gentle
first stop of :func:`~.recording.run_student`. It interrupts the main thread between two
bytecodes: code that swallows Ctrl-C, sleeps or waits on a lock is not stopped by it.
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
    """Interrupts the main thread, as Ctrl-C would, when the block runs or grows too long.

    Past *seconds*, or *max_memory_mb* megabytes more than at the start, ``reason`` says
    which (None if it was not interrupted). A program that ignores Ctrl-C gets its
    handler back when the block ends.

    There is no example here; ``tests/test_check_search.py`` runs it.
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
        if memory_at_start is None:  # memory cannot be measured here
            return False
        memory = memory_mb()
        return memory is not None and memory - memory_at_start > self.max_memory_mb


#: A Ctrl-C handler as :func:`signal.signal` takes and returns it.
SignalHandler = Callable[[int, types.FrameType | None], object] | int | signal.Handlers | None


def _python_handles_ctrl_c() -> SignalHandler:
    """Make Ctrl-C raise KeyboardInterrupt in the main thread; return the handler replaced.

    Where Ctrl-C is ignored or left to the system, ``_thread.interrupt_main`` would do nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        return None
    handler = signal.getsignal(signal.SIGINT)
    if handler is signal.default_int_handler:
        return None
    return signal.signal(signal.SIGINT, signal.default_int_handler)
