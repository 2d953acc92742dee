"""Frontiers: the only thing that differs between breadth-first, depth-first and A*.

Every frontier has ``push(node)`` (``push(node, priority)`` for the priority
queue), ``pop()`` and ``len()``, and iterates in the order it will give nodes out.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque


class FifoFrontier(deque):
    """First in, first out: the oldest node is expanded next (breadth-first).

    It is a ``deque`` whose ``push`` appends on the right and ``pop`` takes from the
    left, so every frontier operation of breadth-first search runs in C.
    """

    push = deque.append
    pop = deque.popleft


class LifoFrontier(list):
    """Last in, first out: the newest node is expanded next (depth-first).

    It is a ``list``: ``push`` appends and ``pop`` takes the last one. Iterating
    lists the nodes in the order they will be taken, newest first.
    """

    push = list.append

    def __iter__(self):
        return reversed(self)


class PriorityFrontier:
    """Lowest priority first (uniform cost, greedy, A*); ties go to the oldest node."""

    def __init__(self):
        self._heap = []
        self._order = itertools.count()

    def push(self, node, priority) -> None:
        heapq.heappush(self._heap, (priority, next(self._order), node))

    def pop(self):
        return heapq.heappop(self._heap)[2]

    def __len__(self) -> int:
        return len(self._heap)

    def __iter__(self):
        return (node for _, _, node in sorted(self._heap))
