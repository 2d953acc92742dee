"""Recording what a student's search does with a problem, and running it.

A :class:`Recorder` is the problem the student's function is handed: it answers as
the problem does, and notes every state expanded (a call to ``actions``), generated
(``result``) and goal-tested (``is_goal``). What it noted is a :class:`Recording`,
plain data that can come back from the child process the search ran in (see
:mod:`~.sandbox`); :mod:`~.diagnosis` replays it through puzzlelab's rules.

>>> from puzzlelab.simpleai_problems import SlidingPuzzleProblem
>>> def first_action(problem):
...     return problem.actions(problem.initial_state)[:1]
>>> recorder = Recorder(SlidingPuzzleProblem("1 2 / 0 3"), max_calls=10)
>>> run_student(first_action, recorder, seconds=1, max_memory_mb=100)
(['up'], None)
>>> recorder.recording().expanded
[(1, 2, 0, 3)]
"""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import simpleai
from simpleai.search import SearchProblem

from ..search.problem import Action, State
from .own_work import is_puzzlelab_code
from .sandbox import portable
from .watchdog import Watchdog

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
    >>> library_of(library_of.__code__), library_of(breadth_first.__code__)
    ('puzzlelab', 'simpleai')
    >>> library_of((lambda problem: None).__code__) is None  # written here, as in a notebook
    True
    """
    if is_puzzlelab_code(code):
        return "puzzlelab"
    return "simpleai" if code.co_filename.startswith(SIMPLEAI) else None


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


@dataclass
class Recording:
    """What a student's search did with a problem, as plain data (see :class:`Recorder`).

    Attributes
    ----------
    initial_state : state
        The problem's start.
    events : list of (str, state)
        ``("expand", state)`` and ``("generate", state)``, in the order they happened.
    borrowed : str or None
        The library whose search called the problem, if one did.

    Examples
    --------
    >>> recording = Recording("A", [("expand", "A"), ("generate", "B"), ("expand", "B")])
    >>> recording.expanded, recording.generated_by(1), recording.waiting_before(2)
    (['A', 'B'], ['B'], ['B'])
    """

    initial_state: State
    events: list[tuple[str, State]] = field(default_factory=list)
    borrowed: str | None = None

    @property
    def expanded(self) -> list[State]:
        """The states expanded, in order."""
        return [state for kind, state in self.events if kind == "expand"]

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
    puzzlelab.exercises.recording.Stop: 4 calls
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

    def recording(self) -> Recording:
        """What was noted so far, as plain data that can cross to another process."""
        events: list[tuple[str, State]] = portable(self.events)  # type: ignore[assignment]
        return Recording(portable(self.initial_state), events, self.borrowed)


def run_student(
    function: Callable[[Recorder], object], recorder: Recorder, seconds: float,
    max_memory_mb: float,
) -> tuple[list[Action] | None, str | None]:  # fmt: skip
    """Call *function* on *recorder*; return ``(actions, trouble)``, *trouble* a sentence or None.

    A :class:`~.watchdog.Watchdog` watches the call, and the answer's turning into a
    list; the recorder stops it after too many calls or when a library's search made
    them. In a child process (see :mod:`~.sandbox`) this is the gentle first stop, which
    keeps the recording; the child is killed if the student's code swallows it.

    Parameters
    ----------
    function : callable
        The student's search: ``function(problem)`` returns a list of actions, or None.
    recorder : Recorder
        The problem to hand it, which notes what the search does.
    seconds : float
        How long the call may run before it is stopped.
    max_memory_mb : float
        How many megabytes the process may grow by before it is stopped.

    Returns
    -------
    actions : list or None
        What *function* returned, as a list of plain actions (see
        :func:`~.sandbox.portable`); None when it returned None, was stopped or raised.
    trouble : str or None
        Why it gave no answer, as the end of a check's sentence (it raised, was
        stopped, returned no list, or called a library's search); None when it returned.

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
    ...             return (action,)
    >>> problem = SlidingPuzzleProblem("1 2 / 0 3")
    >>> run_student(one_slide, Recorder(problem, max_calls=100), seconds=1, max_memory_mb=100)
    (['right'], None)
    >>> def circles(problem):  # asks for the same actions forever
    ...     while True:
    ...         problem.actions(problem.initial_state)
    >>> run_student(circles, Recorder(problem, max_calls=100), 1, 100)
    (None, 'your function was stopped after 100 calls to the problem without an answer: ...')
    >>> from simpleai.search import breadth_first
    >>> run_student(breadth_first, Recorder(problem, max_calls=100), 1, 100)
    (None, "your function called simpleai's own search: write the loop yourself, ...")
    >>> run_student(lambda problem: 7, Recorder(problem, max_calls=100), 1, 100)
    (None, 'your function returned 7: return a list of actions, or None')
    """
    watchdog = Watchdog(seconds, max_memory_mb)
    try:
        with watchdog:
            return _actions(function(recorder))
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
    except MemoryError:
        return None, (
            f"your function was stopped when it had taken {max_memory_mb:,g} MB more memory, "
            "without an answer"
        )
    except Exception as error:  # the student's code: say what it raised, in one line
        return None, f"your function raised {type(error).__name__}: {error}"


def _actions(answer: object) -> tuple[list[Action] | None, str | None]:
    """The student's answer as a list of plain actions, or why it is none."""
    if answer is None:
        return None, None
    try:
        actions = list(answer)  # type: ignore[call-overload]
    except TypeError:
        return None, f"your function returned {answer!r:.60}: return a list of actions, or None"
    return portable(actions), None  # type: ignore[return-value]
