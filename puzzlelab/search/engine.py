"""The search loop that breadth-first, depth-first, uniform-cost, greedy and A* share.

They differ only in the frontier they hand :func:`run`: first in first out,
last in first out, or a priority queue that orders itself. (IDA* and
bidirectional search keep loops of their own: see their modules.)

Vocabulary: a *node* (:class:`~.node.Node`) wraps a state with the path that
reached it; *expanding* a node generates its successors; the *frontier* holds
generated nodes waiting to be expanded; *reached* maps each state to the
cheapest node found for it (graph search only: tree search keeps no memory of
states); the *tally* (:class:`~.tally.Tally`) counts, traces and checks limits.

The rules
---------
Every search in this loop follows these rules, and
:func:`puzzlelab.exercises.check_search` holds a student's search to the same:

1. **Successor order.** A node's successors are generated in the order the
   problem lists its actions (``actions(state)`` of a simpleai problem).
2. **Goal test on expansion.** The goal test is made when a node is taken from
   the frontier, not when it is generated. (Testing on generation would let
   uniform-cost search and A* return a path before a cheaper one is seen.)
3. **Which node next.** FIFO takes the oldest node; LIFO the newest, so the
   *last* successor of a node is expanded first. A priority frontier takes the
   lowest priority: ``g`` for uniform cost, ``h`` for greedy, ``(f, h)`` for A*
   (of equal f, the smaller h first). Nodes of equal priority leave in the
   order they were generated (``check_search`` accepts them in any order).
4. **Repeated states.** A state counts as reached when it is generated. A
   successor whose state was reached before is dropped (a *duplicate*), unless
   the frontier is ordered by path cost (uniform cost, A*) or depth is limited,
   and the new path is strictly cheaper (or shallower): then it replaces the old
   node, which is skipped (a *discard*) when it comes out of the frontier, and a
   state already expanded is expanded again. Greedy search, whose order ignores
   the path cost, keeps the first path to each state. Tree search
   (``graph_search=False``) remembers nothing and drops nothing.
5. **Depth limit.** A node at the depth limit is not expanded (a *cutoff*).
"""

from __future__ import annotations

from ..results import SearchResult
from .frontier import Frontier
from .node import Node, cycle_collector_paused
from .problem import Problem, State
from .tally import Tally, stops_cleanly


@cycle_collector_paused()
@stops_cleanly
def run(
    problem: Problem,
    frontier: Frontier,
    tally: Tally,
    *,
    graph_search: bool = True,
    depth_limit: int | None = None,
) -> SearchResult:
    """Search *problem*, taking nodes from *frontier*; return the *tally*'s result.

    The loop of AIMA's best-first search (4th edition, Figure 3.7) with the goal
    tested on expansion, and the rules above.

    Parameters
    ----------
    problem : Problem
        From :func:`puzzlelab.search.problem.as_problem`.
    frontier : FifoFrontier, LifoFrontier or PriorityFrontier
        Decides which node is expanded next.
    tally : Tally
        Counts, traces and checks the limits (:func:`~.tally.tally_for`).
    graph_search : bool
        Remember reached states and drop successors already reached.
    depth_limit : int, optional
        Do not expand nodes at this depth.

    Returns
    -------
    SearchResult
        ``solved``, ``exhausted`` or ``cutoff``; when the tally raises at a limit or
        on Ctrl-C, :func:`~.tally.stops_cleanly` turns that into ``limit`` or
        ``interrupted``, with the counts so far.

    Examples
    --------
    Breadth-first search is this loop with a FIFO frontier; a LIFO frontier and a
    depth limit make it depth-limited search:

    >>> from puzzlelab.limits import Budget
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from .frontier import FifoFrontier, LifoFrontier
    >>> from .problem import as_problem
    >>> from .tally import Tally
    >>> problem = as_problem(SlidingPuzzle("4 1 3 / 2 0 5"))
    >>> frontier = FifoFrontier()
    >>> run(problem, frontier, Tally("bfs", Budget(), frontier))
    <bfs: solved, cost 5 | 23 expanded, 34 generated, 23 duplicates, frontier <= 12, ... s>
    >>> frontier = LifoFrontier()
    >>> run(problem, frontier, Tally("dfs", Budget(), frontier), depth_limit=3).summary()
    'cutoff: no goal within depth 3'
    """
    reopen = frontier.by_cost or depth_limit is not None  # may a cheaper path replace a node?
    root = Node.root(problem.start)
    reached: dict[State, Node] = {root.state: root} if graph_search else NoMemory()
    frontier.push(root)
    tally.generated(root)
    while frontier:
        node = frontier.pop()
        if reached.get(node.state, node) is not node:  # a cheaper path came after it
            tally.discarded(node)
        elif problem.is_goal(node.state):
            return tally.solved(node)
        elif node.depth == depth_limit:
            tally.cut_off(node)
        else:
            tally.expanding(node)  # counts it, traces it, checks the limits
            for action, state, step in problem.successors(node.state):
                g, old = node.g + step, reached.get(state)
                if old is None or (reopen and g < old.g):
                    child = reached[state] = Node(state, node, action, g, node.depth + 1)
                    frontier.push(child)
                    tally.generated(child)
                else:
                    tally.duplicate(node, action, state, step)
    return tally.exhausted()


class NoMemory(dict[State, Node]):
    """What tree search remembers of the states it reached: nothing.

    It stands where graph search keeps its dict of reached states, so the loop is
    the same for both: storing a node does nothing, and every look-up finds none.

    Examples
    --------
    >>> reached = NoMemory()
    >>> reached["A"] = Node.root("A")
    >>> reached.get("A"), len(reached)
    (None, 0)
    """

    def __setitem__(self, state: State, node: Node) -> None:
        pass
