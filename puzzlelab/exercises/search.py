"""Checking a search the student wrote: where does it part from puzzlelab's?

The student's function takes a simpleai-style problem (``initial_state``,
``actions``, ``result``, ``is_goal``, ``cost``, ``heuristic``) and returns the list
of actions to a goal, or ``None``. :func:`check_search` hands it a few small
problems through a :class:`Recorder`, which notes every state the function
expands (a call to ``actions``), generates (``result``) and goal-tests
(``is_goal``). It then replays those expansions through puzzlelab's rules (written
in :mod:`puzzlelab.search.engine`): the :class:`Rules` say, at each step, which
states the reference search could expand next. The first step where the
student's choice is not among them is where the two searches part.

Among nodes of equal priority in a best-first search any order is accepted, so a
student is never failed for a tie-break; breadth-first and depth-first search
have no ties: the order of ``actions(state)`` decides.

Examples
--------
>>> from collections import deque
>>> def breadth_first(problem):
...     start = problem.initial_state
...     frontier, reached = deque([(start, [])]), {start}
...     while frontier:
...         state, actions = frontier.popleft()
...         if problem.is_goal(state):
...             return actions
...         for action in problem.actions(state):
...             child = problem.result(state, action)
...             if child not in reached:
...                 reached.add(child)
...                 frontier.append((child, actions + [action]))
...     return None
>>> check_search(breadth_first, like="bfs")  # doctest: +ELLIPSIS
Correct! Your breadth-first search expands the same states in the same order as puzzlelab's ...
True
>>> def depth_first(problem):  # a breadth-first search that took the wrong end
...     start = problem.initial_state
...     frontier, reached = [(start, [])], {start}
...     while frontier:
...         state, actions = frontier.pop(0)
...         if problem.is_goal(state):
...             return actions
...         for action in problem.actions(state):
...             child = problem.result(state, action)
...             if child not in reached:
...                 reached.add(child)
...                 frontier.append((child, actions + [action]))
>>> check_search(depth_first, like="dfs")  # doctest: +ELLIPSIS
Not yet: on the 2x3 sliding puzzle, your search and puzzlelab's part at expansion 2: ...
False
"""

from __future__ import annotations

import _thread
import math
import os
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simpleai
from simpleai.search import SearchProblem

from ..errors import ProblemError
from ..limits import DEFAULT_MAX_MEMORY_MB, memory_mb, slowdown
from ..results import SearchResult
from ..search import astar, bfs, dfs, greedy, uniform_cost
from ..search.problem import Action, State
from ..simpleai_problems import SlidingPuzzleProblem, WaterJugsProblem
from .answers import report, self_check
from .own_work import is_puzzlelab_code

#: The searches a student's function can be checked against, by the name ``like`` takes.
SEARCHES = {
    "bfs": ("breadth-first search", bfs),
    "dfs": ("depth-first search", dfs),
    "ucs": ("uniform-cost search", uniform_cost),
    "greedy": ("greedy best-first search", greedy),
    "astar": ("A*", astar),
}

#: Where simpleai, a library a student might call instead of writing a search, lives.
SIMPLEAI = str(Path(simpleai.__file__).resolve().parent) + os.sep


def library_of(code: types.CodeType) -> str | None:
    """Return the library *code* was written in: ``"puzzlelab"``, ``"simpleai"`` or ``None``.

    A :class:`Recorder` asks it of every caller between the student's function and
    the problem: a search the library wrote is not the student's.

    Parameters
    ----------
    code : types.CodeType
        A function's code, or a running frame's.

    Returns
    -------
    str or None
        ``"puzzlelab"`` or ``"simpleai"`` when *code* comes from that library's files;
        ``None`` for anything else, a notebook's cells among them.

    Examples
    --------
    >>> from simpleai.search import breadth_first
    >>> library_of(compare_search.__code__), library_of(breadth_first.__code__)
    ('puzzlelab', 'simpleai')
    >>> library_of((lambda problem: None).__code__) is None  # written here, as in a notebook
    True
    """
    if is_puzzlelab_code(code):
        return "puzzlelab"
    return "simpleai" if code.co_filename.startswith(SIMPLEAI) else None


#: Megabytes a student's function may add to the process (as every search may: see limits).
MAX_MEMORY_MB = DEFAULT_MAX_MEMORY_MB

#: Seconds a student's function may run on one problem before it is stopped.
SECONDS_PER_PROBLEM = 10.0


# ---------------------------------------------------------------- the problems

#: Roads as ``{town: {neighbour: road length}}``.
Roads = Mapping[str, Mapping[str, float]]


class RoadMap(SearchProblem):
    """A small weighted graph: towns, roads with lengths, and straight-line distances.

    A weighted problem where the fewest roads and the shortest way differ; the
    straight-line distance to G never overestimates, and is consistent. Give
    ``roads`` (``{town: {neighbour: length}}``) and ``estimates`` (``{town: h}``;
    default 0) for another map.

    >>> roads = RoadMap()
    >>> roads.actions("A"), roads.cost("A", "B", "B"), roads.heuristic("A")
    (['B', 'C'], 3, 7)
    """

    ROADS = {  # town: {neighbour: road length}
        "A": {"B": 3, "C": 2},
        "B": {"A": 3, "D": 4, "E": 2},
        "C": {"A": 2, "D": 2, "F": 7},
        "D": {"B": 4, "C": 2, "F": 4, "G": 5},
        "E": {"B": 2, "G": 4},
        "F": {"C": 7, "D": 4, "G": 1},
        "G": {"D": 5, "E": 4, "F": 1},
    }
    #: Straight-line distance from each town to G: never more than the road distance.
    TO_G = {"A": 7, "B": 5, "C": 6, "D": 4, "E": 4, "F": 1, "G": 0}

    def __init__(
        self,
        start: str = "A",
        goal: str = "G",
        roads: Roads | None = None,
        estimates: Mapping[str, float] | None = None,
    ) -> None:
        super().__init__(initial_state=start)
        self.goal = goal
        self.roads: Roads = self.ROADS if roads is None else roads
        self.estimates = self.TO_G if roads is None and goal == "G" else estimates

    def actions(self, state: str) -> list[str]:
        return list(self.roads[state])

    def result(self, state: str, action: str) -> str:
        return action

    def is_goal(self, state: str) -> bool:
        return state == self.goal

    def cost(self, state: str, action: str, state2: str) -> float:
        return self.roads[state][state2]

    def heuristic(self, state: str) -> float:
        return 0 if self.estimates is None else self.estimates[state]


def problems_for(like: str) -> dict[str, SearchProblem]:
    """Return the problems :func:`check_search` tries, by a name it can print.

    Small enough for a student's plain Python, with one that has no solution.

    Parameters
    ----------
    like : str
        The search the student's function should behave like (see :data:`SEARCHES`).
        For ``"ucs"`` the jugs cost a litre per litre moved, and a jugs problem where
        that matters is added; for ``"ucs"`` and ``"astar"``, a road map with a cheaper
        detour.

    Returns
    -------
    dict of str to SearchProblem
        ``{name: problem}``, in the order they are tried.

    Examples
    --------
    >>> for name in problems_for("bfs"):
    ...     print(name)
    the 2x3 sliding puzzle
    the water jugs (3 and 5 litres, a tap, measure 4)
    a road map with road lengths
    the water jugs (2 and 4 litres, a tap, measure 3), which has no solution
    >>> for name in list(problems_for("ucs"))[4:]:  # what uniform-cost search meets besides
    ...     print(name)
    the water jugs (2 and 7 litres, a tap, measure 1)
    a road map with a detour that is cheaper
    """
    costs = "litre" if like == "ucs" else "action"
    found = {
        "the 2x3 sliding puzzle": SlidingPuzzleProblem("4 1 2 / 0 5 3"),
        "the water jugs (3 and 5 litres, a tap, measure 4)": WaterJugsProblem(
            (3, 5), target=4, tap=True, cost=costs
        ),
        "a road map with road lengths": RoadMap(),
        "the water jugs (2 and 4 litres, a tap, measure 3), which has no solution": (
            WaterJugsProblem((2, 4), target=3, tap=True, cost=costs)
        ),
    }
    if like == "ucs":
        found["the water jugs (2 and 7 litres, a tap, measure 1)"] = WaterJugsProblem(
            (2, 7), target=1, tap=True, cost="litre"
        )
    if like in ("ucs", "astar"):
        found["a road map with a detour that is cheaper"] = RoadMap("S", "G", DETOUR)
    return found


#: Roads where the way to B found first is dear (5) and a cheaper one (2) turns up before B is
#: expanded: a search that keeps the first path it found to each state goes wrong here.
#: Its dear entry for B (5) is still queued when the cheap one (2) has been expanded, and the
#: goal is cheaper by C (9) than by B (12): a search that expands a node twice goes wrong too.
DETOUR: Roads = {
    "S": {"B": 5, "A": 1},
    "A": {"B": 1, "C": 4},
    "B": {"G": 10},
    "C": {"G": 4},
    "G": {},
}


# ---------------------------------------------------------------- recording the student's search


class Stop(BaseException):
    """Stops a student's function from inside the problem it calls.

    A ``BaseException``, so that a student's ``except Exception`` cannot swallow it.
    A :class:`Recorder` raises it with what was too much, such as ``"2,000 calls"``,
    or with ``("borrowed", library)``; :func:`run_student` turns it into a sentence.

    Examples
    --------
    >>> try:
    ...     try:
    ...         raise Stop("2,000 calls")
    ...     except Exception:  # as a student's search might guard a step
    ...         print("swallowed")
    ... except Stop as stop:
    ...     print("stopped after", stop)
    stopped after 2,000 calls
    """


class Recorder:
    """A problem that notes what the student's search does with it.

    It answers as *problem* does. A state is *expanded* the first time its actions
    are asked for, and *again* only when its successors are generated a second time
    (so asking for the actions twice, or again to rebuild the path, is no second
    expansion). Once ``is_goal`` has said yes, nothing more is recorded; a goal whose
    actions were asked for just before that test was only tested, not expanded.

    Parameters
    ----------
    problem : SearchProblem
        The simpleai-style problem the student's search is given.
    max_calls : int
        Calls to ``actions``, ``result`` and ``is_goal`` allowed in all; the next one
        raises :class:`Stop`, as does a call made by puzzlelab's or simpleai's own search.

    Attributes
    ----------
    events : list of (str, state)
        ``("expand", state)`` and ``("generate", state)``, in the order they happened.
    expanded : list of state
        The states expanded, in order.
    tested : list of state
        The states given to ``is_goal``, in order.
    borrowed : str or None
        The library whose search called the problem, if one did.
    found : bool
        Whether ``is_goal`` has said yes.

    Examples
    --------
    >>> from puzzlelab.simpleai_problems import SlidingPuzzleProblem
    >>> recorder = Recorder(SlidingPuzzleProblem("1 2 / 0 3"), max_calls=4)
    >>> start = recorder.initial_state
    >>> [recorder.result(start, action) for action in recorder.actions(start)]
    [(0, 2, 1, 3), (1, 2, 3, 0)]
    >>> recorder.is_goal((1, 2, 3, 0))
    True
    >>> recorder.events
    [('expand', (1, 2, 0, 3)), ('generate', (0, 2, 1, 3)), ('generate', (1, 2, 3, 0))]
    >>> recorder.is_goal((1, 2, 3, 0))
    Traceback (most recent call last):
    ...
    puzzlelab.exercises.search.Stop: 4 calls
    """

    def __init__(self, problem: SearchProblem, max_calls: int) -> None:
        self._problem, self.max_calls, self.calls = problem, max_calls, 0
        self.initial_state: State = problem.initial_state
        self.events: list[tuple[str, State]] = []
        self.tested: list[State] = []
        self.borrowed: str | None = None
        self.found = False  # has is_goal said yes?
        self._asked: set[State] = set()  # states whose actions were asked for
        # (state, action) pairs already turned into a successor:
        self._generated: set[tuple[State, Action]] = set()
        self._again: State | None = None  # a state whose actions were asked for again just now

    @property
    def expanded(self) -> list[State]:
        """The states expanded, in order."""
        return [state for kind, state in self.events if kind == "expand"]

    def _called(self) -> None:
        """Count a call, and stop the student's function if a library search made it."""
        frame: types.FrameType | None = sys._getframe(2)
        while frame is not None and frame.f_code is not run_student.__code__:
            library = library_of(frame.f_code)
            if library is not None:
                self.borrowed = library
                raise Stop("borrowed", library)
            frame = frame.f_back
        self.calls += 1
        if self.calls > self.max_calls:
            raise Stop(f"{self.max_calls:,} calls")

    def actions(self, state: State) -> list[Action]:
        self._called()
        if not self.found:
            self._again = state if state in self._asked else None
            if state not in self._asked:
                self._asked.add(state)
                self.events.append(("expand", state))
        return self._problem.actions(state)

    def result(self, state: State, action: Action) -> State:
        self._called()
        child = self._problem.result(state, action)
        if not self.found:
            if (state, action) in self._generated and self._again == state:
                self.events.append(("expand", state))  # its successors again: a re-expansion
                self._again = None
            self._generated.add((state, action))
            self.events.append(("generate", child))
        return child

    def is_goal(self, state: State) -> bool:
        self._called()
        self.tested.append(state)
        goal = self._problem.is_goal(state)
        if goal and not self.found:
            self.found = True
            if self._last_expanded() == state:  # actions asked just before the goal test
                del self.events[self._last_expansion_at() :]
        return goal

    def cost(self, state: State, action: Action, state2: State) -> float:
        return self._problem.cost(state, action, state2)

    def heuristic(self, state: State) -> float:
        return self._problem.heuristic(state)

    @property
    def goal(self) -> State:
        return self._problem.goal

    def state_representation(self, state: State) -> str:
        return self._problem.state_representation(state)

    def action_representation(self, action: Action) -> str:
        return self._problem.action_representation(action)

    def _last_expansion_at(self) -> int | None:
        for index in range(len(self.events) - 1, -1, -1):
            if self.events[index][0] == "expand":
                return index
        return None

    def _last_expanded(self) -> State | None:
        at = self._last_expansion_at()
        return None if at is None else self.events[at][1]

    def generated_by(self, expansion: int) -> list[State]:
        """The states generated while expansion number *expansion* was under way."""
        found: list[State] = []
        expansions = 0
        for kind, state in self.events:
            if kind == "expand":
                expansions += 1
            elif expansions == expansion:
                found.append(state)
        return found

    def waiting_before(self, expansion: int) -> list[State]:
        """States generated and not yet expanded just before expansion number *expansion*.

        The student's own frontier cannot be seen; this is what it holds at most:
        each state once, oldest first.
        """
        done: set[State] = set()
        waiting: dict[State, None] = {self.initial_state: None}  # a set that keeps its order
        expansions = 0
        for kind, state in self.events:
            if kind == "expand":
                expansions += 1
                if expansions == expansion:
                    break
                done.add(state)
                waiting.pop(state, None)
            elif state not in done:
                waiting[state] = None
        return list(waiting)


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


def run_student(
    function: Callable[[Recorder], object], recorder: Recorder, seconds: float
) -> tuple[object, str | None]:
    """Call *function* on *recorder*; return ``(answer, trouble)``, *trouble* a sentence or None.

    A :class:`Watchdog` watches the call, and the recorder stops it after too many
    calls or when a library's search made them.

    Parameters
    ----------
    function : callable
        The student's search: ``function(problem)`` returns a list of actions, or None.
    recorder : Recorder
        The problem to hand it, which notes what the search does.
    seconds : float
        How long the call may run before it is stopped.

    Returns
    -------
    answer : object
        What *function* returned; None when it was stopped or raised.
    trouble : str or None
        Why it gave no answer, as the end of a check's sentence (it raised, was
        stopped, or called a library's search); None when it returned.

    Raises
    ------
    KeyboardInterrupt
        When the student stopped it (Ctrl-C, or the notebook's stop button), not
        the watchdog.

    Examples
    --------
    >>> from puzzlelab.simpleai_problems import SlidingPuzzleProblem
    >>> def one_slide(problem):  # tries each action from the start
    ...     start = problem.initial_state
    ...     for action in problem.actions(start):
    ...         if problem.is_goal(problem.result(start, action)):
    ...             return [action]
    >>> problem = SlidingPuzzleProblem("1 2 / 0 3")
    >>> run_student(one_slide, Recorder(problem, max_calls=100), seconds=1)
    (['right'], None)
    >>> def circles(problem):  # asks for the same actions forever
    ...     while True:
    ...         problem.actions(problem.initial_state)
    >>> run_student(circles, Recorder(problem, max_calls=100), seconds=1)
    (None, 'your function was stopped after 100 calls to the problem without an answer: ...')
    >>> from simpleai.search import breadth_first
    >>> run_student(breadth_first, Recorder(problem, max_calls=100), seconds=1)
    (None, "your function called simpleai's own search: write the loop yourself, ...")
    """
    watchdog = Watchdog(seconds, MAX_MEMORY_MB)
    try:
        with watchdog:
            return function(recorder), None
    except Stop as stop:
        if stop.args[0] == "borrowed":
            return None, (
                f"your function called {stop.args[1]}'s own search: write the loop "
                "yourself, with a frontier and a set of reached states"
            )
        return None, (
            f"your function was stopped after {stop} to the problem without an answer: it "
            "seems to loop forever, or to grow without bound"
        )
    except KeyboardInterrupt:
        if watchdog.reason is None:
            raise  # the student pressed stop
        return None, f"your function was stopped {watchdog.reason}, without an answer"
    except Exception as error:  # the student's code: say what it raised, in one line
        return None, f"your function raised {type(error).__name__}: {error}"


# ---------------------------------------------------------------- the rules, step by step


@dataclass(eq=False)
class Entry:
    """A node in the reference's frontier, as :class:`Rules` replays puzzlelab's search.

    Attributes
    ----------
    state : state
        The node's state.
    g : float
        The path's cost from the start.
    depth : int
        The number of actions from the start.
    h : float
        The heuristic's estimate (0 for searches that use none).
    order : int
        When it was pushed: 1 for the start, then one more for each node.
    parent : Entry or None
        The node it was generated from; None for the start.
    action : object
        The action that led from *parent* to it.

    Examples
    --------
    >>> rules = Rules(RoadMap(), "astar")
    >>> rules.choices()
    [Entry(state='A', g=0, depth=0, h=7, order=1, parent=None, action=None)]
    >>> rules.expand(rules.choices()[0])
    >>> [(entry.state, entry.g, entry.h, entry.parent.state) for entry in rules.frontier]
    [('B', 3, 5, 'A'), ('C', 2, 6, 'A')]
    """

    state: State
    g: float
    depth: int
    h: float
    order: int
    parent: Entry | None = None
    action: Action = None


@dataclass
class Rules:
    """puzzlelab's search rules, replayed one expansion at a time.

    :meth:`choices` lists the frontier entries the reference could expand next (one
    for breadth- and depth-first search; all of the lowest priority for a
    best-first search); :meth:`expand` expands the one chosen, following rule 4
    of :mod:`puzzlelab.search.engine` for repeated states.

    >>> rules = Rules(RoadMap(), "ucs")
    >>> [entry.state for entry in rules.choices()]
    ['A']
    >>> rules.expand(rules.choices()[0])
    >>> [(entry.state, entry.g) for entry in rules.frontier_in_order()]
    [('C', 2), ('B', 3)]
    """

    problem: SearchProblem
    like: str
    frontier: list[Entry] = field(default_factory=list)
    reached: dict[State, Entry] = field(default_factory=dict)
    expanded: list[State] = field(default_factory=list)
    count: int = 0
    #: state -> (the dearer g, the cheaper g) found
    cheaper: dict[State, tuple[float, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        start = self.problem.initial_state
        self._push(Entry(start, 0, 0, self._h(start), 0))

    def _h(self, state: State) -> float:
        return self.problem.heuristic(state) if self.like in ("greedy", "astar") else 0

    def priority(self, entry: Entry) -> float:
        """What the reference orders by; ties are free (except in FIFO and LIFO order)."""
        return {
            "bfs": entry.order,
            "dfs": -entry.order,
            "ucs": entry.g,
            "greedy": entry.h,
            "astar": entry.g + entry.h,
        }[self.like]

    def tie_break(self, entry: Entry) -> tuple[float, float, int]:
        """How puzzlelab's own search orders entries of equal priority."""
        return (self.priority(entry), entry.h, entry.order)

    def live(self) -> list[Entry]:
        """The frontier without the entries a cheaper path has replaced."""
        return [entry for entry in self.frontier if self.reached[entry.state] is entry]

    def frontier_in_order(self) -> list[Entry]:
        """The live frontier, in the order puzzlelab's search would take it."""
        key = self.tie_break if self.like in ("astar",) else lambda e: (self.priority(e), e.order)
        return sorted(self.live(), key=key)

    def choices(self) -> list[Entry]:
        """The entries the reference could expand (or goal-test) next."""
        live = self.live()
        if not live:
            return []
        best = min(self.priority(entry) for entry in live)
        return [entry for entry in live if self.priority(entry) == best]

    def expand(self, entry: Entry) -> None:
        """Expand *entry*: take it out and push its successors, by the rules."""
        self.frontier.remove(entry)
        self.expanded.append(entry.state)
        problem = self.problem
        for action in problem.actions(entry.state):
            state = problem.result(entry.state, action)
            g = entry.g + problem.cost(entry.state, action, state)
            old = self.reached.get(state)
            if old is not None and self.like in ("ucs", "astar") and g < old.g:
                self.cheaper[state] = (old.g, g)
            if old is None or (self.like in ("ucs", "astar") and g < old.g):
                self._push(Entry(state, g, entry.depth + 1, self._h(state), 0, entry, action))

    def _push(self, entry: Entry) -> None:
        self.count += 1
        entry.order = self.count
        self.reached[entry.state] = entry
        self.frontier.append(entry)

    def path(self, entry: Entry) -> list[Action]:
        """The actions from the start to *entry*."""
        actions = []
        while entry.parent is not None:
            actions.append(entry.action)
            entry = entry.parent
        return actions[::-1]


# ---------------------------------------------------------------- comparing


@dataclass
class Comparison:
    """How a student's search compared with the reference on one problem (plain data).

    :func:`compare_search` returns it; :func:`check_search` prints its message, and
    :class:`~puzzlelab.widgets.SearchDivergence` draws its steps.

    Attributes
    ----------
    problem : str
        The problem's name, as the message says it.
    like : str
        The search the student's function was compared with (see :data:`SEARCHES`).
    ok : bool
        Whether it expanded the same states in the same order and answered right.
    message : str
        Why not, in one sentence that starts with the problem's name; ``""`` if ok.
    parted_at : int or None
        The expansion, counted from 1, where the two searches part; None if they
        never do.
    steps : list of dict
        Per expansion up to there: its ``number``, the state the ``student`` expanded,
        the states the ``reference`` could expand, and both frontiers.

    Examples
    --------
    >>> comparison = compare_search(lambda problem: None, "bfs", RoadMap(), "a road map")
    >>> comparison.ok, comparison.parted_at, comparison.steps
    (False, None, [])
    >>> print(comparison.message)
    on a road map, your function returned None without searching (it never asked for the
    actions of a state): write the loop that expands states.
    """

    problem: str
    like: str
    ok: bool
    message: str
    parted_at: int | None = None  # the expansion (from 1) where the searches part
    #: per expansion: what each side did (plain data, for the widget)
    steps: list[dict[str, Any]] = field(default_factory=list)


def checked_like(like: object) -> str:
    """Return *like* if it names a search of :data:`SEARCHES`; raise a one-line error if not.

    Parameters
    ----------
    like : object
        The name of a search, as ``check_search`` and ``compare_search`` take it.

    Returns
    -------
    str
        *like*, unchanged.

    Raises
    ------
    ProblemError
        If *like* is not one of ``"bfs"``, ``"dfs"``, ``"ucs"``, ``"greedy"`` or ``"astar"``.

    Examples
    --------
    >>> checked_like("astar")
    'astar'
    >>> checked_like("a*")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: like must be one of 'bfs', 'dfs', 'ucs', 'greedy', 'astar', ...
    """
    if not isinstance(like, str) or like not in SEARCHES:
        raise ProblemError(f"like must be one of {', '.join(map(repr, SEARCHES))}, not {like!r}")
    return like


def compare_search(
    function: Callable[[Recorder], object],
    like: str,
    problem: SearchProblem,
    name: str = "the problem",
) -> Comparison:
    """Return how *function* searched *problem* compared with puzzlelab's search, step by step.

    The student's function runs on a :class:`Recorder` (see :func:`run_student`);
    its expansions are then replayed through puzzlelab's :class:`Rules` up to the
    first one the rules would not make, and its answer is checked.

    Parameters
    ----------
    function : callable
        The student's search: ``function(problem)`` returns a list of actions, or None.
    like : str
        The search it should behave like: a name of :data:`SEARCHES`.
    problem : SearchProblem
        The simpleai-style problem to run it on.
    name : str, optional
        The problem's name, for the message.

    Returns
    -------
    Comparison
        Whether it matched, the sentence that says why not, and the steps (what
        each search expanded, and each one's frontier) up to where they part, for
        :class:`~puzzlelab.widgets.SearchDivergence`.

    Raises
    ------
    ProblemError
        If *like* names no search of :data:`SEARCHES`.

    Examples
    --------
    >>> from collections import deque
    >>> from puzzlelab.simpleai_problems import SlidingPuzzleProblem
    >>> def breadth_first(problem):
    ...     start = problem.initial_state
    ...     frontier, reached = deque([(start, [])]), {start}
    ...     while frontier:
    ...         state, actions = frontier.popleft()
    ...         if problem.is_goal(state):
    ...             return actions
    ...         for action in problem.actions(state):
    ...             child = problem.result(state, action)
    ...             if child not in reached:
    ...                 reached.add(child)
    ...                 frontier.append((child, actions + [action]))
    >>> same = compare_search(breadth_first, "bfs", SlidingPuzzleProblem("1 2 / 0 3"))
    >>> same.ok, len(same.steps), same.steps[0]["student"], same.steps[0]["reference"]
    (True, 2, (1, 2, 0, 3), [(1, 2, 0, 3)])
    >>> parted = compare_search(breadth_first, "dfs", SlidingPuzzleProblem("4 1 2 / 0 5 3"))
    >>> parted.ok, parted.parted_at
    (False, 2)
    >>> print(parted.message)
    on the problem, your search and puzzlelab's part at expansion 2: yours expanded
    (0 1 2 4 5 3), puzzlelab's would take (4 1 2 5 0 3). Your search seems to take the
    oldest node first (FIFO, a queue); depth-first search takes the newest node (LIFO:
    pop from the end of a list).
    """
    title, search = SEARCHES[checked_like(like)]
    reference = search(problem, max_nodes=50_000, check_solvable=False)
    calls = 20 * (reference.stats.generated + reference.stats.expanded) + 1_000
    recorder = Recorder(problem, calls)
    seconds = SECONDS_PER_PROBLEM / slowdown()  # shorter as on a slower machine, as every limit
    answer, trouble = run_student(function, recorder, seconds)
    comparison = Comparison(name, like, False, "")
    if trouble is None and recorder.borrowed:
        trouble = f"your function called {recorder.borrowed}'s own search: write the loop yourself"
    rules = Rules(problem, like)
    steps, parted = _replay(recorder, rules, comparison)
    comparison.steps = steps
    if trouble is None and not recorder.events and not problem.is_goal(problem.initial_state):
        trouble = (
            "your function returned None without searching (it never asked for the actions "
            "of a state): write the loop that expands states"
            if answer is None
            else "your function returned an answer without asking this problem for the actions "
            "of any state: did it search a copy of the problem, or return a fixed answer?"
        )
    if trouble is not None and parted is not None and comparison.parted_at is not None:
        trouble = f"{parted[0].lower()}{parted[1:]} (And then {trouble}.)"
        comparison.message = f"on {name}, {trouble}"
        return comparison
    if trouble is not None:
        comparison.message = f"on {name}, {trouble}."
        return comparison
    if parted is not None:
        comparison.message = f"on {name}, {parted}"
        return comparison
    wrong = _wrong_answer(answer, problem, reference, like, rules)
    comparison.ok = wrong is None
    comparison.message = "" if wrong is None else f"on {name}, {wrong}"
    return comparison


def _replay(
    recorder: Recorder, rules: Rules, comparison: Comparison
) -> tuple[list[dict[str, Any]], str | None]:
    """Walk the student's expansions through the *rules*; return (steps, why they part)."""
    steps = []
    for number, state in enumerate(recorder.expanded, start=1):
        choices = rules.choices()
        steps.append({
            "number": number,
            "student": state,
            "reference": [entry.state for entry in choices],
            "reference_frontier": [_row(entry) for entry in rules.frontier_in_order()],
            "student_frontier": [{"state": s} for s in recorder.waiting_before(number)],
        })  # fmt: skip
        chosen = next((entry for entry in choices if entry.state == state), None)
        if chosen is None or rules.problem.is_goal(chosen.state):
            comparison.parted_at = number
            return steps, _why_parted(number, state, choices, rules, recorder)
        rules.expand(chosen)
    return steps, _why_stopped(recorder, rules)


def _row(entry: Entry) -> dict[str, object]:
    return {"state": entry.state, "g": entry.g, "h": entry.h, "depth": entry.depth}


def _why_parted(
    number: int, state: State, choices: list[Entry], rules: Rules, recorder: Recorder
) -> str:
    """The sentence for the first expansion where the student's search left the rules."""
    wanted = " or ".join(_shown(e.state) for e in choices[:3]) or "nothing (it had stopped)"
    where = (
        f"your search and puzzlelab's part at expansion {number}: yours expanded "
        f"{_shown(state)}, puzzlelab's would take {wanted}. "
    )
    return where + _diagnosis(state, choices, rules, recorder)


def _diagnosis(state: State, choices: list[Entry], rules: Rules, recorder: Recorder) -> str:
    """Why that usually happens, from what the student's choice looks like."""
    like = rules.like
    if state in rules.expanded:
        if like in ("bfs", "dfs"):
            return (
                "That state was expanded before: duplicates were not dropped. A state counts as "
                "reached when it is generated; do not push a successor whose state is reached."
            )
        return (
            "That state was expanded before: duplicates were not dropped. Push a successor only "
            "when its path is cheaper than the one reached before, and skip a node taken from "
            "the frontier when a cheaper path to its state was found since."
        )
    kept_first = _kept_the_first_path(choices, rules)
    if kept_first:
        return kept_first
    if rules.problem.is_goal(state) and any(e.state == state for e in choices):
        return (
            "Yours expanded the goal instead of stopping there: test each node with "
            "problem.is_goal when it is taken from the frontier, and return its actions."
        )
    if any(rules.problem.is_goal(e.state) for e in choices):
        return (
            "puzzlelab's search would take a goal node there and stop: test is_goal when a "
            "node is taken from the frontier, and return its actions."
        )
    live = rules.live()
    entry = next((e for e in live if e.state == state), None)
    if entry is None:
        if state in rules.reached:
            return (
                "That state was generated before and dropped as a duplicate, or waits "
                "elsewhere in the frontier: a state counts as reached when it is generated."
            )
        return "That state was not in puzzlelab's frontier at all: check the successors you push."
    return _ordering_diagnosis(entry, live, rules, recorder)


#: Orders a student's search may follow by mistake, each as a sort key of an entry.
ORDERS: dict[str, tuple[str, Callable[[Entry], float]]] = {
    "lifo": ("the newest node first (LIFO, a stack)", lambda entry: -entry.order),
    "fifo": ("the oldest node first (FIFO, a queue)", lambda entry: entry.order),
    "h": ("the node of lowest h alone", lambda entry: entry.h),
    "g": ("the node of lowest path cost g alone", lambda entry: entry.g),
    "f": ("the node of lowest f = g + h", lambda entry: entry.g + entry.h),
    "depth": ("the node with the fewest actions so far", lambda entry: entry.depth),
}

#: For each search: what it should take, and the mistakes to look for, likeliest first.
SHOULD = {
    "bfs": ("breadth-first search takes the oldest node (FIFO: popleft from a deque)", ["lifo"]),
    "dfs": (
        "depth-first search takes the newest node (LIFO: pop from the end of a list)",
        ["fifo", "depth"],
    ),
    "ucs": ("uniform-cost search takes the lowest path cost g", ["depth", "fifo", "f", "h"]),
    "greedy": ("greedy search takes the lowest h", ["g", "f", "fifo", "lifo"]),
    "astar": ("A* takes the lowest f = g + h", ["h", "g", "depth", "fifo", "lifo"]),
}


def _kept_the_first_path(choices: list[Entry], rules: Rules) -> str | None:
    """If the rules' next node lies beyond a state reached again more cheaply, say so."""
    for entry in choices:
        node: Entry | None = entry
        while node is not None:
            if node.state in rules.cheaper:
                dear, cheap = rules.cheaper[node.state]
                return (
                    f"puzzlelab's search found a cheaper path to {_shown(node.state)} (cost "
                    f"{cheap:g} instead of {dear:g}) before expanding it, and kept that one. "
                    "When a successor's state is reached again more cheaply, push the cheaper "
                    "path and skip the dearer entry when it comes out."
                )
            node = node.parent
    return None


def _ordering_diagnosis(entry: Entry, live: list[Entry], rules: Rules, recorder: Recorder) -> str:
    """The student took a node that waits in the frontier, but not a first one."""
    should, mistakes = SHOULD[rules.like]
    last = rules.expanded[-1] if rules.expanded else None
    if (
        rules.like == "dfs"
        and entry.state in recorder.generated_by(len(rules.expanded))
        and (entry.parent is None or entry.parent.state != last)
    ):
        return (
            "Your search generated that state more than once and took a later copy: a state "
            "counts as reached when it is generated; mark it then, not when it is expanded."
        )
    expected = rules.frontier_in_order()[0]
    if rules.like in ("bfs", "dfs") and entry.parent is expected.parent:
        return _among_siblings(entry, rules, recorder, should)
    for mistake in mistakes:
        words, key = ORDERS[mistake]
        if key(entry) == min(key(other) for other in live):
            return f"Your search seems to take {words}; {should}."
    return f"{should[0].upper()}{should[1:]}."


def _among_siblings(entry: Entry, rules: Rules, recorder: Recorder, should: str) -> str:
    """The student took a sibling of the node the rules take: wrong end, or reversed order?

    One step cannot tell: the next one can. A search that takes the wrong end of
    its frontier moves on to a sibling (depth-first) or a child (breadth-first).
    """
    expansions = recorder.expanded
    number = len(rules.expanded) + 1
    after = expansions[number] if number < len(expansions) else None
    problem = rules.problem
    children = {problem.result(entry.state, action) for action in problem.actions(entry.state)}
    went_deeper = after in children
    if rules.like == "dfs" and went_deeper:
        return (
            "It took a node's first successor first: that is recursive (backtracking) "
            "depth-first search, or a stack with the successors pushed in reverse. puzzlelab's "
            "depth-first search is the stack version: push every successor (each is reached "
            "when it is generated), then pop the newest, so the last successor comes first."
        )
    if rules.like == "bfs" and not went_deeper:
        return (
            "It took the successors in the opposite order: breadth-first search takes them "
            "in the order actions() gives them, the first one first."
        )
    words = ORDERS["fifo" if rules.like == "dfs" else "lifo"][0]
    return f"Your search seems to take {words}; {should}."


def _why_stopped(recorder: Recorder, rules: Rules) -> str | None:
    """The student's search expanded no more: was it right to stop there?"""
    choices = rules.choices()
    goals = [e for e in choices if rules.problem.is_goal(e.state)]
    if goals or not rules.live():
        return None
    waiting_goal = [e for e in rules.live() if rules.problem.is_goal(e.state)]
    if waiting_goal:
        return (
            f"your search stopped after {len(recorder.expanded)} expansions with the goal "
            f"{_shown(waiting_goal[0].state)} still waiting in the frontier behind "
            f"{_shown(choices[0].state)}: the goal was tested when it was generated. Test "
            "is_goal when a node is taken from the frontier: only then is its path known to be "
            "the one the search is after."
        )
    return (
        f"your search stopped after {len(recorder.expanded)} expansions while "
        f"{_shown(choices[0].state)} and others were still waiting in the frontier."
    )


def _wrong_answer(
    answer: Any, problem: SearchProblem, reference: SearchResult, like: str, rules: Rules
) -> str | None:
    """Check what the student returned: a legal path to a goal, as short or cheap as it should."""
    if reference.status != "solved":
        if answer is None:
            return None
        return "there is no solution here, but your function returned a list of actions."
    assert reference.cost is not None  # solved: a path was found, and it has a cost
    if answer is None:
        return "your function returned None, but there is a solution."
    try:
        actions = list(answer)
    except TypeError:
        return f"your function returned {answer!r}: return a list of actions, or None."
    if actions and actions[0] == problem.initial_state:
        return "your answer looks like a list of states: return the actions that lead there."
    state, cost = problem.initial_state, 0
    costs: list[tuple[State, float]] = []
    for number, action in enumerate(actions, start=1):
        if action not in problem.actions(state):
            return f"action {number} of your answer, {action!r}, is not allowed there."
        after = problem.result(state, action)
        cost, state = cost + problem.cost(state, action, after), after
        costs.append((state, cost))
    if not problem.is_goal(state):
        return f"your answer's {len(actions)} actions do not end at a goal."
    if like == "bfs" and len(actions) != len(reference.actions):
        return (
            f"your answer takes {len(actions)} actions; the fewest is {len(reference.actions)}. "
            "Return the path of the node that reached the goal."
        )
    if like in ("ucs", "astar") and not math.isclose(cost, reference.cost):
        return f"your answer costs {cost:g}; the cheapest costs {reference.cost:g}. " + (
            _dearer_on_the_way(costs, rules)
            or "Order the frontier by the path's cost (g = parent's g + cost of the step)."
        )
    return None


def _dearer_on_the_way(costs: list[tuple[State, float]], rules: Rules) -> str | None:
    """A state the student's path reaches dearer than the rules had reached it, said why."""
    for state, cost in costs[:-1]:
        best = rules.reached.get(state)
        if best is not None and best.g < cost and not math.isclose(best.g, cost):
            return (
                f"Your path reaches {_shown(state)} at cost {cost:g}, but a path of cost "
                f"{best.g:g} to it was found before it was expanded: when a successor's state "
                "is reached again more cheaply, keep the cheaper path (push it again)."
            )
    return None


def _shown(state: State) -> str:
    """A state in a few characters, for a sentence."""
    if isinstance(state, tuple) and all(isinstance(x, int) for x in state):
        return "(" + " ".join(map(str, state)) + ")"
    return repr(state)


# ---------------------------------------------------------------- the check


@self_check
def check_search(
    my_search: Any, like: str = "bfs", problems: dict[str, SearchProblem] | None = None
) -> bool:
    """Check a student's search against puzzlelab's, expansion by expansion.

    Parameters
    ----------
    my_search : callable
        ``my_search(problem)`` returns a list of actions to a goal, or ``None``.
    like : {"bfs", "dfs", "ucs", "greedy", "astar"}
        The search it should behave like.
    problems : dict, optional
        ``{name: simpleai-style problem}`` to try instead of :func:`problems_for`'s.

    Returns
    -------
    bool
        ``True`` when it expands the same states in the same order (ties in a
        best-first search in any order) and answers right on every problem; it
        prints why not otherwise.

    Examples
    --------
    >>> from collections import deque
    >>> def breadth_first(problem):
    ...     start = problem.initial_state
    ...     frontier, reached = deque([(start, [])]), {start}
    ...     while frontier:
    ...         state, actions = frontier.popleft()
    ...         if problem.is_goal(state):
    ...             return actions
    ...         for action in problem.actions(state):
    ...             child = problem.result(state, action)
    ...             if child not in reached:
    ...                 reached.add(child)
    ...                 frontier.append((child, actions + [action]))
    >>> check_search(breadth_first)  # doctest: +ELLIPSIS
    Correct! Your breadth-first search expands the same states in the same order ... right.
    True

    The same function is no uniform-cost search: on a road map the fewest roads and the
    shortest way differ.

    >>> check_search(breadth_first, like="ucs", problems={"a road map": RoadMap()})
    Not yet: on a road map, your search and puzzlelab's part at expansion 2: yours expanded
    'B', puzzlelab's would take 'C'. Your search seems to take the node with the fewest
    actions so far; uniform-cost search takes the lowest path cost g.
    False
    >>> check_search(breadth_first, like="a*")
    Not yet: like must be one of 'bfs', 'dfs', 'ucs', 'greedy', 'astar'
    False
    """
    if not isinstance(like, str) or like not in SEARCHES:
        return report(False, "", f"like must be one of {', '.join(map(repr, SEARCHES))}")
    if not callable(my_search):
        return report(False, "", "hand in your search function itself, e.g. check_search(my_bfs)")
    problems = problems_for(like) if problems is None else problems
    if not isinstance(problems, dict) or not problems:
        return report(False, "", "problems must be a dict {name: problem} with one or more")
    for name, problem in problems.items():
        comparison = compare_search(my_search, like, problem, name)
        if not comparison.ok:
            return report(False, "", comparison.message)
    where = "the one problem" if len(problems) == 1 else f"all {len(problems)} problems"
    return report(
        True,
        f"Your {SEARCHES[like][0]} expands the same states in the same order as puzzlelab's "
        f"on {where}, and its answers are right.",
        "",
    )
