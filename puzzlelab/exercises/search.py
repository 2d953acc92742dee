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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from simpleai.search import SearchProblem

from ..errors import ProblemError
from ..limits import DEFAULT_MAX_MEMORY_MB, slowdown
from ..search import astar, bfs, dfs, greedy, uniform_cost
from .answers import report, self_check
from .diagnosis import replay, wrong_answer
from .recording import Recorder, Recording, run_student
from .rules import Rules
from .sandbox import Outcome, run_guarded, said
from .search_problems import RoadMap, problems_for

__all__ = [
    "MAX_MEMORY_MB",
    "SEARCHES",
    "SECONDS_PER_PROBLEM",
    "Comparison",
    "RoadMap",
    "check_search",
    "checked_like",
    "compare_search",
    "problems_for",
]

#: The searches a student's function can be checked against, by the name ``like`` takes.
SEARCHES = {
    "bfs": ("breadth-first search", bfs),
    "dfs": ("depth-first search", dfs),
    "ucs": ("uniform-cost search", uniform_cost),
    "greedy": ("greedy best-first search", greedy),
    "astar": ("A*", astar),
}

#: Megabytes a student's function may add to the process (as every search may: see limits).
MAX_MEMORY_MB = DEFAULT_MAX_MEMORY_MB

#: Seconds a student's function may run on one problem before it is stopped.
SECONDS_PER_PROBLEM = 10.0

#: Seconds a search stopped at its limit has to send back what it did before it is killed.
GRACE = 1.0

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
    seconds = SECONDS_PER_PROBLEM / slowdown()  # shorter as on a slower machine, as every limit
    outcome = run_guarded(
        lambda: _search_and_record(function, problem, calls, seconds),
        seconds, MAX_MEMORY_MB, grace=GRACE,
    )  # fmt: skip
    print(outcome.printed, end="")
    recording, actions, trouble = _read(outcome, problem)
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
    comparison.message = _message(name, trouble, parted, comparison.parted_at)
    if comparison.message:
        return comparison
    wrong = wrong_answer(actions, problem, reference, like, rules)
    comparison.ok = wrong is None
    comparison.message = "" if wrong is None else f"on {name}, {wrong}"
    return comparison


def _message(name: str, trouble: str | None, parted: str | None, parted_at: int | None) -> str:
    """The sentence for a search that stopped (*trouble*) or parted; ``""`` if neither."""
    if trouble is not None and parted is not None and parted_at is not None:
        return f"on {name}, {parted[0].lower()}{parted[1:]} (And then {trouble}.)"
    if trouble is not None:
        return f"on {name}, {trouble}."
    return "" if parted is None else f"on {name}, {parted}"


def _search_and_record(
    function: Callable[[Recorder], object], problem: SearchProblem, calls: int, seconds: float
) -> dict[str, object]:
    """Run the student's search on a :class:`Recorder`; return what came of it as plain data.

    This is what runs in the child process: the answer, the trouble and the recording.
    """
    recorder = Recorder(problem, calls)
    actions, trouble = run_student(function, recorder, seconds, MAX_MEMORY_MB)
    recording = recorder.recording()
    return {
        "actions": actions,
        "trouble": trouble,
        "events": recording.events,
        "borrowed": recording.borrowed,
    }


def _read(
    outcome: Outcome, problem: SearchProblem
) -> tuple[Recording, list[Any] | None, str | None]:
    """The recording, the actions and the trouble that came back from the child process."""
    reply = outcome.value
    if outcome.trouble is not None or not isinstance(reply, dict):
        trouble = said("your function", outcome).rstrip(".")
        return Recording(problem.initial_state), None, trouble
    recording = Recording(problem.initial_state, reply["events"], reply["borrowed"])
    return recording, reply["actions"], reply["trouble"]


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
