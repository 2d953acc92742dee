"""The wire between the grader and a kernel, both ends in this process: a student's function
asked about many states at once, in a few messages, says the same as when asked one by one."""

import socket
import threading

import pytest

from puzzlelab.analysis import check_heuristic, distance_table
from puzzlelab.analysis.distances import prefetch
from puzzlelab.classroom import checking
from puzzlelab.classroom.checking import Grader
from puzzlelab.classroom.serving import Server
from puzzlelab.classroom.written import Written
from puzzlelab.errors import ProblemError
from puzzlelab.puzzles import SlidingPuzzle

PUZZLE = SlidingPuzzle(shape=(2, 3))


class CountingServer(Server):
    """The kernel's end, counting the requests it answers."""

    def handle(self, message):
        self.requests = getattr(self, "requests", 0) + 1
        return super().handle(message)


@pytest.fixture
def wire():
    """``(grader, server)``: the two ends, the kernel's answering in a thread of its own."""
    grader_end, kernel_end = socket.socketpair()
    namespace = {"PUZZLE": PUZZLE}
    server = CountingServer(kernel_end, namespace, 30)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    grader = Grader(grader_end, 30, lambda: None, Written([]))
    yield grader, server, namespace
    grader.wire.send({"op": "done"})
    thread.join(10)
    grader_end.close()
    kernel_end.close()


def remote(grader, namespace, source):
    """The student's function ``h`` defined by *source* in the kernel, seen from the grader."""
    exec(source, namespace)
    return grader.ask({"op": "eval", "expression": "h"})


def test_a_function_in_the_kernel_is_asked_a_batch_a_message(wire, monkeypatch):
    grader, server, namespace = wire
    monkeypatch.setattr(checking, "BATCH", 100)
    h = remote(grader, namespace, "def h(state):\n    return PUZZLE.manhattan(state)")
    table = distance_table(PUZZLE)
    before = server.requests
    report = check_heuristic(PUZZLE, h, table)
    assert server.requests - before == 4  # 360 boards, 100 a message

    def h(state):  # the same function, here
        return PUZZLE.manhattan(state)

    assert report == check_heuristic(PUZZLE, h, table)


def test_a_function_that_raises_on_one_state_is_named_with_that_state(wire):
    grader, _, namespace = wire
    source = (
        "def h(state):\n"
        "    if state == (4, 1, 3, 2, 0, 5):\n"
        "        raise ValueError('no')\n"
        "    return 0"
    )
    h = remote(grader, namespace, source)
    with pytest.raises(ProblemError, match=r"raised ValueError: no for state \(4, 1, 3, 2, 0, 5\)"):
        check_heuristic(PUZZLE, h, distance_table(PUZZLE))


def test_a_function_here_is_left_alone():
    calls = []
    prefetch(calls.append, [(1, 2), (3, 4)])
    assert calls == []
