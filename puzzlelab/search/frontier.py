"""Frontiers: the only thing that differs between breadth-first, depth-first and A*.

Every frontier has ``push(node)``, ``pop()`` and ``len()``, iterates in the order
it will give nodes out, and says with ``by_cost`` whether its order depends on the
path cost g (then a cheaper path to a state may replace a dearer one: rule 4 of
:mod:`~.engine`).

Examples
--------
>>> from .node import Node
>>> frontier = PriorityFrontier(lambda node: node.g)
>>> for state, g in [("far", 5), ("near", 1), ("also near", 1)]:
...     frontier.push(Node(state, None, None, g, 0))
>>> [node.state for node in frontier]
['near', 'also near', 'far']
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Iterator
from typing import Protocol

from .node import Node
from .problem import Heuristic

#: What a priority frontier orders by: a number, or a tuple compared item by item.
Priority = Callable[[Node], float | tuple[float, ...]]


class Frontier(Protocol):
    """What the search loop asks of a frontier (the three classes below all provide it).

    ``push(node)`` adds a node, ``pop()`` takes the one to expand next, ``len()``
    counts the nodes waiting, and iterating lists them in the order they will be
    taken. ``by_cost`` says whether that order depends on the path cost g.

    Examples
    --------
    Any of the three will do where a frontier is asked for:

    >>> def waiting(frontier: Frontier) -> list:
    ...     return [node.state for node in frontier]
    >>> frontier = FifoFrontier()
    >>> frontier.push(Node.root("A"))
    >>> waiting(frontier), frontier.by_cost
    (['A'], False)
    """

    by_cost: bool

    def push(self, node: Node) -> None:
        """Add *node* to the nodes waiting."""
        ...

    def pop(self) -> Node:
        """Take out the node to expand next, and return it."""
        ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Node]: ...


class FifoFrontier(deque[Node]):
    """First in, first out: the oldest node is expanded next (breadth-first).

    It is a ``deque`` whose ``push`` appends on the right and ``pop`` takes from the
    left, so every frontier operation of breadth-first search runs in C.

    Examples
    --------
    >>> frontier = FifoFrontier()
    >>> for state in "ABC":
    ...     frontier.push(Node.root(state))
    >>> frontier.pop().state, [node.state for node in frontier]
    ('A', ['B', 'C'])
    """

    by_cost = False
    push = deque.append
    pop = deque.popleft


class LifoFrontier(list[Node]):
    """Last in, first out: the newest node is expanded next (depth-first).

    It is a ``list``: ``push`` appends and ``pop`` takes the last one. Iterating
    lists the nodes in the order they will be taken, newest first.

    Examples
    --------
    >>> frontier = LifoFrontier()
    >>> for state in "ABC":
    ...     frontier.push(Node.root(state))
    >>> frontier.pop().state, [node.state for node in frontier]
    ('C', ['B', 'A'])
    """

    by_cost = False
    push = list.append

    def __iter__(self) -> Iterator[Node]:
        return reversed(self)


class PriorityFrontier:
    """Lowest priority first (uniform cost, greedy, A*); ties go to the oldest node.

    Parameters
    ----------
    priority : callable
        ``priority(node)``, the key the frontier orders by (smallest first).
    heuristic : callable, optional
        When given, each node's ``h`` is set to ``heuristic(node.state)`` as it is
        pushed, before its priority is computed.
    by_cost : bool
        Whether the priority depends on the path cost g (uniform cost, A*: yes;
        greedy search: no).

    Examples
    --------
    A* orders by ``(f, h)``, so of two nodes with the same f the one with the smaller
    h goes first; the frontier sets each node's h as it is pushed:

    >>> distance_left = {"A": 1, "B": 2}
    >>> frontier = PriorityFrontier(lambda node: (node.g + node.h, node.h), distance_left.get)
    >>> frontier.push(Node("A", None, "go to A", 3, 1))
    >>> frontier.push(Node("B", None, "go to B", 2, 1))
    >>> [(node.state, node.g + node.h) for node in frontier]
    [('A', 4), ('B', 4)]
    >>> frontier.pop().state, len(frontier)
    ('A', 1)
    """

    def __init__(
        self, priority: Priority, heuristic: Heuristic | None = None, by_cost: bool = True
    ) -> None:
        self.priority, self.heuristic, self.by_cost = priority, heuristic, by_cost
        self._heap: list[tuple[float | tuple[float, ...], int, Node]] = []
        self._order = itertools.count()

    def push(self, node: Node) -> None:
        """Add *node*, setting its h first when the frontier has a heuristic."""
        if self.heuristic is not None:
            node.h = self.heuristic(node.state)
        heapq.heappush(self._heap, (self.priority(node), next(self._order), node))

    def pop(self) -> Node:
        """Take out the node of lowest priority (the oldest of equals), and return it."""
        return heapq.heappop(self._heap)[2]

    def __len__(self) -> int:
        return len(self._heap)

    def __iter__(self) -> Iterator[Node]:
        return (node for _, _, node in sorted(self._heap))
