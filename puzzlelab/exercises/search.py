"""Checking a search the student wrote: where does it part from puzzlelab's?

Ties of a best-first search may be broken in any order; breadth-first and depth-first
search have none: the order of ``actions(state)`` decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from simpleai.search import SearchProblem

from ..errors import ProblemError
from ..limits import DEFAULT_MAX_MEMORY_MB, slowdown
from ..search import astar, bfs, dfs, greedy, uniform_cost
from .answers import fail, passed, self_check
from .diagnosis import replay, wrong_answer
from .own_work import lesson_code
from .recording import Recorder, Recording, run_student
from .rules import Rules
from .sandbox import run_guarded, said
from .search_problems import RoadMap as RoadMap  # offered here, beside the problems it tries
from .search_problems import problems_for

#: The searches a student's function can be checked against, by the name ``like`` takes.
SEARCHES = {
    "bfs": ("breadth-first search", bfs),
    "dfs": ("depth-first search", dfs),
    "ucs": ("uniform-cost search", uniform_cost),
    "greedy": ("greedy best-first search", greedy),
    "astar": ("A*", astar),
}

#: The searches the lessons ask students to write: handing back (or calling) a function a
#: lesson shows does not count for them. Breadth-first search is the lessons' worked example.
WRITTEN_BY_STUDENTS = ("dfs", "ucs", "greedy", "astar")

#: Megabytes a student's function may add to the process.
MAX_MEMORY_MB = DEFAULT_MAX_MEMORY_MB

#: Seconds a student's function may run on one problem before it is stopped.
SECONDS_PER_PROBLEM = 10.0

#: Seconds a search stopped at its limit has to send back what it did before it is killed.
GRACE = 1.0


@dataclass
class Comparison:
    """How a student's search compared with the reference on one problem (plain data).

    *ok* when it expanded the same states in the same order and answered right; else
    *message* says why, starting with the *problem*'s name. *parted_at* and *steps* are
    :func:`~.diagnosis.replay`'s: where the searches part, and each expansion up to there.

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
    parted_at: int | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)


def compare_search(
    function: Callable[[Recorder], object],
    like: str,
    problem: SearchProblem,
    name: str = "the problem",
) -> Comparison:
    """Return how *function* searched *problem* compared with puzzlelab's search, step by step.

    *function* runs on a :class:`Recorder`; its expansions are replayed through
    :class:`Rules` up to the first one they would not make, and its answer is checked.
    Raises :class:`~puzzlelab.errors.ProblemError` if *like* names no search of
    :data:`SEARCHES`.

    There is no example here; ``tests/test_check_search.py`` runs it.
    """
    if not isinstance(like, str) or like not in SEARCHES:
        raise ProblemError(f"like must be one of {', '.join(map(repr, SEARCHES))}, not {like!r}")
    title, search = SEARCHES[like]
    reference = search(problem, max_nodes=50_000, check_solvable=False)
    calls = 20 * (reference.stats.generated + reference.stats.expanded) + 1_000
    seconds = SECONDS_PER_PROBLEM / slowdown()
    outcome = run_guarded(
        lambda: _search_and_record(function, problem, calls, seconds),
        seconds, MAX_MEMORY_MB, grace=GRACE,
    )  # fmt: skip
    print(outcome.printed, end="")
    reply = outcome.value
    if outcome.trouble is not None or not isinstance(reply, tuple):
        reply = (None, said("your function", outcome).rstrip("."), [], None, 0, frozenset())
    actions, trouble, events, borrowed, early_tests, asked = reply
    recording = Recording(problem.initial_state, events, borrowed, early_tests, asked)
    comparison = Comparison(name, like, False, "")
    if trouble is None and recording.borrowed:
        trouble = f"your function called {recording.borrowed}'s own search: write the loop yourself"
    rules = Rules(problem, like)
    comparison.steps, parted, comparison.parted_at = replay(recording, rules)
    if trouble is None and not recording.events and not problem.is_goal(problem.initial_state):
        trouble = (
            "your function returned None without searching (it never asked for the actions "
            "of a state): write the loop that expands states"
            if actions is None
            else "your function returned an answer without asking this problem for the actions "
            "of any state: did it search a copy of the problem, or return a fixed answer?"
        )
    if trouble is not None and parted is not None and comparison.parted_at is not None:
        comparison.message = f"on {name}, {parted[0].lower()}{parted[1:]} (And then {trouble}.)"
    elif trouble is not None:
        comparison.message = f"on {name}, {trouble}."
    elif parted is not None:
        comparison.message = f"on {name}, {parted}"
    if comparison.message:
        return comparison
    wrong = wrong_answer(actions, problem, reference, like, rules)
    comparison.ok = wrong is None
    comparison.message = "" if wrong is None else f"on {name}, {wrong}"
    return comparison


def _search_and_record(
    function: Callable[[Recorder], object], problem: SearchProblem, calls: int, seconds: float
) -> tuple[object, ...]:
    """Run the student's search on a :class:`Recorder` (in the child process); return what
    it did as plain data."""
    recorder = Recorder(problem, calls)
    actions, trouble = run_student(function, recorder, seconds, MAX_MEMORY_MB)
    recording = recorder.recording()
    asked = frozenset(recording.asked)
    return actions, trouble, recording.events, recording.borrowed, recording.early_tests, asked


@self_check
def check_search(
    my_search: Any, like: str = "bfs", problems: dict[str, SearchProblem] | None = None
) -> bool:
    """Check a student's search against puzzlelab's, expansion by expansion.

    ``my_search(problem)`` returns a list of actions to a goal, or ``None``; *like* is
    the search it should behave like (one of :data:`SEARCHES`), and *problems*
    (``{name: simpleai-style problem}``) replace :func:`problems_for`'s.

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
    >>> check_search(breadth_first, like="ucs")
    Not yet: on a road map with winding roads, your search and puzzlelab's part at expansion
    2: yours expanded 'B', puzzlelab's would take 'C'. You ordered the frontier by the number
    of actions so far (that is breadth-first search); uniform-cost search orders it by the
    path cost g alone.
    False
    """
    if not isinstance(like, str) or like not in SEARCHES:
        return fail(f"like must be one of {', '.join(map(repr, SEARCHES))}")
    if not callable(my_search):
        return fail("hand in your search function itself, e.g. check_search(my_bfs)")
    shown = lesson_code(my_search, calls=True) if like in WRITTEN_BY_STUDENTS else ""
    if shown:
        return fail(
            f"your function {shown}: the lessons write breadth-first search for you, and "
            f"{SEARCHES[like][0]} is yours to write, from the problem's methods."
        )
    problems = problems_for(like) if problems is None else problems
    if not isinstance(problems, dict) or not problems:
        return fail("problems must be a dict {name: problem} with one or more")
    for name, problem in problems.items():
        comparison = compare_search(my_search, like, problem, name)
        if not comparison.ok:
            return fail(comparison.message)
    where = "the one problem" if len(problems) == 1 else f"all {len(problems)} problems"
    return passed(
        f"Your {SEARCHES[like][0]} expands the same states in the same order as puzzlelab's "
        f"on {where}, and its answers are right."
    )
