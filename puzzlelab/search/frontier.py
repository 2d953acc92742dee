"""Frontiers: the only thing that differs between breadth-first, depth-first and A*.

Every frontier has ``push(node, priority)``, ``pop()`` and ``len()``. The
priority is ignored by the FIFO and LIFO frontiers.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque


class FifoFrontier:
    """First in, first out: the oldest node is expanded next (breadth-first)."""

    def __init__(self):
        self._nodes = deque()
        self.push = lambda node, priority=None: self._nodes.append(node)
        self.pop = self._nodes.popleft

    def __len__(self) -> int:
        return len(self._nodes)

    def __iter__(self):
        return iter(self._nodes)


class LifoFrontier:
    """Last in, first out: the newest node is expanded next (depth-first)."""

    def __init__(self):
        self._nodes = []
        self.push = lambda node, priority=None: self._nodes.append(node)
        self.pop = self._nodes.pop

    def __len__(self) -> int:
        return len(self._nodes)

    def __iter__(self):
        return iter(reversed(self._nodes))


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
