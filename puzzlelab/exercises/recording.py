"""Recording what a student's search does with a problem: a :class:`Recorder` answers as
the problem does and notes every state expanded and generated, as a :class:`Recording`.

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

import contextlib
import os
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import simpleai
from simpleai.search import SearchProblem

from ..errors import one_line
from ..search.problem import Action, State
from .own_work import is_puzzlelab_code
from .sandbox import GRADER, Watchdog, portable

#: Nothing here is offered to the lessons: they import the checks from puzzlelab.exercises.
__all__: list[str] = []

SIMPLEAI = str(Path(simpleai.__file__).resolve().parent) + os.sep


class Stop(BaseException):
    """Stops a student's function from inside the problem it calls (a ``BaseException``,
    which ``except Exception`` does not swallow).
    """


@dataclass
class Recording:
    """What a student's search did with a problem, as plain data: *events* are
    ``("expand", state)`` and ``("generate", state)``; *borrowed* names the library whose
    search called the problem; *early_tests* counts signs that goals are tested when
    generated; *asked* names what else it asked for (``"cost"``, ``"heuristic"``).
    """

    initial_state: State
    events: list[tuple[str, State]] = field(default_factory=list)
    borrowed: str | None = None
    early_tests: int = 0
    asked: frozenset[str] = frozenset()

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
        """States generated and not yet expanded before expansion *expansion*, oldest first."""
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

    A state is *expanded* when its actions are first asked for, and again when its
    successors are generated a second time; nothing is noted after a goal is found. After
    *max_calls* calls, or at a call from puzzlelab's or simpleai's search, it raises
    :class:`Stop`.
    """

    def __init__(self, problem: SearchProblem, max_calls: int) -> None:
        self._problem, self.max_calls, self.calls = problem, max_calls, 0
        self.initial_state: State = problem.initial_state
        self.events: list[tuple[str, State]] = []
        self.borrowed: str | None = None
        self.found = False  # has is_goal said yes?
        self._asked: set[State] = set()  # states whose actions were asked for
        self._generated: set[tuple[State, Action]] = set()
        self._again: State | None = None  # a state whose actions were asked for again just now
        self._tested: State | None = None  # the state is_goal said no to last, if not expanded yet
        self.early_tests = 0
        self._expanding: State | None = None  # the state whose actions were asked for last
        self._left = 0  # its successors not generated yet
        self.asked: set[str] = set()  # "cost", "heuristic": what else the search asked for

    def _called(self) -> None:
        frame: types.FrameType | None = sys._getframe(2)
        if GRADER.on:  # the call came from the kernel, which said who made it
            frame = None
            if GRADER.by:
                self.borrowed = GRADER.by
                raise Stop("borrowed", self.borrowed)
        while frame is not None and frame.f_code is not run_student.__code__:
            code = frame.f_code
            if is_puzzlelab_code(code) or code.co_filename.startswith(SIMPLEAI):
                self.borrowed = "puzzlelab" if is_puzzlelab_code(code) else "simpleai"
                raise Stop("borrowed", self.borrowed)
            frame = frame.f_back
        self.calls += 1
        if self.calls > self.max_calls:
            raise Stop(f"{self.max_calls:,} calls")

    def actions(self, state: State) -> list[Action]:
        self._called()
        if not self.found:
            self._expected(state)
            self._again = state if state in self._asked else None
            if state not in self._asked:
                self._asked.add(state)
                self.events.append(("expand", state))
        actions = list(self._problem.actions(state))
        self._expanding, self._left = state, len(actions)
        return actions

    def result(self, state: State, action: Action) -> State:
        self._called()
        child = self._problem.result(state, action)
        if state == self._expanding:
            self._left -= 1
        if not self.found:
            if (state, action) in self._generated and self._again == state:
                self.events.append(("expand", state))  # its successors again: a re-expansion
                self._again = None
            self._generated.add((state, action))
            self.events.append(("generate", child))
        return child

    def is_goal(self, state: State) -> bool:
        self._called()
        goal = self._problem.is_goal(state)
        if not goal and not self.found:
            self._expected(None)
            self._tested = state
        if goal and not self.found:
            self.found = True
            if self._left > 0 and state != self._expanding:  # a successor, its siblings to come
                self.early_tests += 1
            at = max((i for i, (kind, _) in enumerate(self.events) if kind == "expand"), default=0)
            if self.events and self.events[at] == ("expand", state):  # just before the test
                del self.events[at:]
        return goal

    def _expected(self, state: State | None) -> None:
        """*state* is expanded (None: tested): count a stale entry tested before it."""
        if self._tested is not None and self._tested != state and self._tested not in self._asked:
            self.early_tests += 1
        self._tested = None

    def cost(self, state: State, action: Action, state2: State) -> float:
        self.asked.add("cost")
        return self._problem.cost(state, action, state2)

    def heuristic(self, state: State) -> float:
        self.asked.add("heuristic")
        return self._problem.heuristic(state)

    @property
    def goal(self) -> State:
        return self._problem.goal

    def state_representation(self, state: State) -> str:
        return self._problem.state_representation(state)

    def action_representation(self, action: Action) -> str:
        return self._problem.action_representation(action)

    def recording(self) -> Recording:
        events: list[tuple[str, State]] = portable(self.events)  # type: ignore[assignment]
        return Recording(
            portable(self.initial_state), events, self.borrowed, self.early_tests,
            frozenset(self.asked),
        )  # fmt: skip


def run_student(
    function: Callable[[Recorder], object], recorder: Recorder, seconds: float,
    max_memory_mb: float,
) -> tuple[list[Action] | None, str | None]:  # fmt: skip
    """Call *function* on *recorder* under a :class:`~.sandbox.Watchdog`; return
    ``(actions, trouble)``, *trouble* a sentence or None.
    """
    watchdog = Watchdog(seconds, max_memory_mb)
    try:
        with watchdog if not GRADER.on else contextlib.nullcontext():
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
        return None, f"your function raised {one_line(error)}"


def _actions(answer: object) -> tuple[list[Action] | None, str | None]:
    if answer is None:
        return None, None
    try:
        actions = list(answer)  # type: ignore[call-overload]
    except TypeError:
        return None, f"your function returned {answer!r:.60}: return a list of actions, or None"
    return portable(actions), None  # type: ignore[return-value]
