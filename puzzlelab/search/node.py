"""Nodes: a state plus the path that reached it.

A *node* wraps a state with how the search got there: its ``parent`` node, the
``action`` taken from the parent, the path cost ``g`` and the ``depth`` (the
number of actions). A priority frontier also stores the heuristic estimate ``h``;
a trace numbers nodes with an ``id``.

Examples
--------
>>> root = Node.root("A")
>>> child = root.child("go to B", "B", 3)
>>> child.g, child.depth, child.parent is root
(3, 1, True)
>>> path_to(child.child("go to C", "C", 1))
(['A', 'B', 'C'], ['go to B', 'go to C'])
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from .problem import Action, State


class Node:
    """A state plus how the search reached it.

    Parameters
    ----------
    state : state
        The state this node is at.
    parent : Node or None
        The node it was generated from; None for the root.
    action : action
        The action that led from *parent* to *state*; None for the root.
    g : float
        The path cost from the root.
    depth : int
        The number of actions from the root.
    id : int, optional
        A number unique within one search, given when the search is traced.
    h : float, optional
        The heuristic's estimate from *state* to the goal, set by a priority frontier.

    Examples
    --------
    >>> root = Node.root((0, 0))
    >>> root.child("fill 1", (0, 5), 1)
    Node((0, 5), g=1, depth=1)
    """

    __slots__ = ("state", "parent", "action", "g", "depth", "id", "h")

    def __init__(
        self,
        state: State,
        parent: Node | None,
        action: Action,
        g: float,
        depth: int,
        id: int | None = None,
        h: float | None = None,
    ) -> None:
        self.state, self.parent, self.action = state, parent, action
        self.g, self.depth, self.id, self.h = g, depth, id, h

    @classmethod
    def root(cls, state: State) -> Node:
        """The node a search starts from: *state*, no parent, cost 0.

        >>> Node.root("A")
        Node('A', g=0, depth=0)
        """
        return cls(state, None, None, 0, 0)

    def child(self, action: Action, state: State, step: float) -> Node:
        """The node reached from this one by *action*, into *state*, at cost *step*.

        >>> Node.root("A").child("go to B", "B", 3)
        Node('B', g=3, depth=1)
        """
        return Node(state, self, action, self.g + step, self.depth + 1)

    def __repr__(self) -> str:
        return f"Node({self.state!r}, g={self.g}, depth={self.depth})"


def path_to(node: Node) -> tuple[list[State], list[Action]]:
    """Return ``(states, actions)`` from the root to *node*, following the parents back.

    Parameters
    ----------
    node : Node
        Usually the goal node.

    Returns
    -------
    tuple of (list, list)
        The states from the root to *node*, both included, and the actions between
        them (one fewer).

    Examples
    --------
    >>> goal = Node.root("A").child("go to B", "B", 3).child("go to C", "C", 1)
    >>> path_to(goal)
    (['A', 'B', 'C'], ['go to B', 'go to C'])
    """
    states, actions = [], []
    step: Node | None = node
    while step is not None:
        states.append(step.state)
        if step.parent is not None:
            actions.append(step.action)
        step = step.parent
    return states[::-1], actions[::-1]


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a search runs; as a decorator, around each call.

    A search makes hundreds of thousands of nodes that point only to their parents,
    never in a cycle, so reference counting frees them all. The cycle collector would
    still walk them again and again as they pile up, for nothing: about a quarter of a
    breadth-first search's time over the 8-puzzle. It is switched back on afterwards
    (if it was on), however the search ends.

    Examples
    --------
    >>> import gc
    >>> with cycle_collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
