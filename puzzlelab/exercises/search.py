"""Checking a search the student wrote: where does it part from puzzlelab's?"""

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

SEARCHES = {
    "bfs": ("breadth-first search", bfs),
    "dfs": ("depth-first search", dfs),
    "ucs": ("uniform-cost search", uniform_cost),
    "greedy": ("greedy best-first search", greedy),
    "astar": ("A*", astar),
}

#: The searches students write: a lesson's function does not count for them (the lessons
#: write breadth-first search).
WRITTEN_BY_STUDENTS = ("dfs", "ucs", "greedy", "astar")

MAX_MEMORY_MB = DEFAULT_MAX_MEMORY_MB
SECONDS_PER_PROBLEM = 10.0
#: Seconds a search stopped at its limit has to send back what it did before it is killed.
GRACE = 1.0


@dataclass
class Comparison:
    """How a student's search compared with the reference on one problem: *ok*, or the
    *message* why not; *parted_at* and *steps* as :func:`~.diagnosis.replay` gives them.

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
    """Return how *function* searched *problem* compared with puzzlelab's search *like*,
    expansion by expansion, and whether its answer is right.

    There is no example here; ``tests/test_check_search.py`` runs it.
    """
    if not isinstance(like, str) or like not in SEARCHES:
        raise ProblemError(f"like must be one of {', '.join(map(repr, SEARCHES))}, not {like!r}")
    if not isinstance(problem, SearchProblem):
        raise ProblemError(
            f"the problems a search is checked on are simpleai SearchProblems, not "
            f"{type(problem).__name__}: wrap a puzzle in puzzlelab.simpleai_problems, such as "
            "GridProblem(world)"
        )
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
    """Run the student's search on a :class:`Recorder`; return what it did as plain data."""
    recorder = Recorder(problem, calls)
    actions, trouble = run_student(function, recorder, seconds, MAX_MEMORY_MB)
    done = recorder.recording()
    return actions, trouble, done.events, done.borrowed, done.early_tests, done.asked


@self_check
def check_search(
    my_search: Any, like: str = "bfs", problems: dict[str, SearchProblem] | None = None
) -> bool:
    """Check a student's search against puzzlelab's *like*, expansion by expansion, on
    *problems* (default :func:`problems_for`'s). ``my_search(problem)`` returns the actions.

    >>> check_search(lambda problem: None)  # doctest: +ELLIPSIS
    Not yet: on the 2x3 sliding puzzle, your function returned None without searching ...
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
        if not isinstance(problem, SearchProblem):
            return fail(
                f"{name} is a {type(problem).__name__}: the problems are simpleai "
                "SearchProblems (puzzlelab.simpleai_problems has one for each puzzle)"
            )
        comparison = compare_search(my_search, like, problem, name)
        if not comparison.ok:
            return fail(comparison.message)
    where = "the one problem" if len(problems) == 1 else f"all {len(problems)} problems"
    return passed(
        f"Your {SEARCHES[like][0]} expands the same states in the same order as puzzlelab's "
        f"on {where}, and its answers are right."
    )
