"""Is it the student's own work? How the checks tell puzzlelab's work handed back as an answer.

An exercise that asks for a heuristic, a problem class or a test of your own is not
done by handing in puzzlelab's (``eight.manhattan``, ``SlidingPuzzleProblem``,
``safe``), by a function that calls it, or by a table of answers worked out with it.
Three questions tell these apart; each check asks the ones that fit its exercise:

- :func:`puzzlelab_origin`: which puzzlelab function or class an answer *is*;
- :func:`puzzlelab_calls`: which puzzlelab functions an answer *calls* while it runs;
- :func:`objects_read`: what a function *reads* besides its arguments (its globals,
  closure and defaults), to find a table of answers or one of puzzlelab's objects.

Examples
--------
>>> from puzzlelab.puzzles import SlidingPuzzle
>>> puzzle = SlidingPuzzle(shape=(3, 3))
>>> puzzlelab_origin(puzzle.manhattan)
'SlidingPuzzle.manhattan'
>>> puzzlelab_calls(lambda state: puzzle.manhattan(state) + 1, puzzle.goal)
(1, [('puzzlelab.puzzles.sliding', 'SlidingPuzzle.manhattan')])
>>> puzzlelab_origin(lambda state: 0) is None
True

:func:`borrowed` asks the first two questions at once, for the messages of the checks:

>>> borrowed(lambda state: puzzle.manhattan(state), [puzzle.goal])
"calls puzzlelab's SlidingPuzzle.manhattan"
>>> borrowed(puzzle.manhattan)
"is puzzlelab's own SlidingPuzzle.manhattan"
"""

from __future__ import annotations

import functools
import os
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

#: The folder of the puzzlelab package: code whose file lies below it is puzzlelab's.
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_PACKAGE_REAL = os.path.realpath(PACKAGE) + os.sep


def is_puzzlelab_code(code: types.CodeType) -> bool:
    """Return whether *code* was written in puzzlelab's own files.

    Parameters
    ----------
    code : types.CodeType
        A function's code (its ``__code__``) or a running frame's (``f_code``).

    Returns
    -------
    bool
        True when the file it was compiled from lies in the puzzlelab package
        (:data:`PACKAGE`, reached by a symbolic link or not); false for a notebook's cells.

    Examples
    --------
    >>> is_puzzlelab_code(borrowed.__code__)
    True
    >>> is_puzzlelab_code((lambda state: 0).__code__)  # written here, as in a notebook
    False
    """
    return code.co_filename.startswith((PACKAGE, _PACKAGE_REAL))


def _in_puzzlelab(module: str | None) -> bool:
    return module == "puzzlelab" or (module or "").startswith("puzzlelab.")


def _unwrap(answer: Any) -> Any:
    """The plain function behind a bound method, a ``functools.partial`` or a decorator."""
    for _ in range(10):  # wrappers of wrappers, but never round in a circle
        if isinstance(answer, functools.partial):
            answer = answer.func
        elif isinstance(answer, types.MethodType):
            answer = answer.__func__
        elif hasattr(answer, "__wrapped__"):
            answer = answer.__wrapped__
        else:
            break
    return answer


def puzzlelab_origin(answer: object) -> str | None:
    """Return the name of the puzzlelab function or class *answer* is (or wraps), else ``None``.

    A class counts when puzzlelab wrote it or any class it inherits from; an object
    when its class does.

    >>> from puzzlelab.simpleai_problems import WaterJugsProblem
    >>> Mine = type("Mine", (WaterJugsProblem,), {"__module__": "__main__"})  # a notebook's
    >>> puzzlelab_origin(Mine), puzzlelab_origin(Mine((3, 5), target=4, tap=True))
    ('WaterJugsProblem', 'WaterJugsProblem')
    """
    found = _origin(answer)
    return None if found is None else found[1]


def _origin(answer: Any) -> tuple[str, str] | None:
    """``(module, qualified name)`` of the puzzlelab function or class *answer* is, else None."""
    answer = _unwrap(answer)
    code = getattr(answer, "__code__", None)
    if isinstance(code, types.CodeType):
        if not is_puzzlelab_code(code):
            return None
        return getattr(answer, "__module__", "") or "puzzlelab", answer.__qualname__
    if isinstance(answer, (types.BuiltinFunctionType, types.BuiltinMethodType)):
        return None
    classes = answer.__mro__ if isinstance(answer, type) else type(answer).__mro__
    for klass in classes:
        if _in_puzzlelab(klass.__module__):
            named = getattr(answer, "__name__", None)  # an object that names itself (a strategy)
            if isinstance(answer, type) or not isinstance(named, str):
                named = klass.__qualname__
            return klass.__module__, named
    return None


def _inherits(answer: object) -> bool:
    """Whether *answer* (a class or an object) is not puzzlelab's but built on a class of it."""
    klass = answer if isinstance(answer, type) else type(answer)
    return not _in_puzzlelab(klass.__module__)


def puzzlelab_calls(
    function: Callable[..., object], *args: object
) -> tuple[object, list[tuple[str, str]]]:
    """Call ``function(*args)``; return its value and the puzzlelab functions it called.

    Only the calls made from code outside puzzlelab are listed, as ``(module,
    qualified name)`` pairs in order, repeats left out; not what puzzlelab's functions
    call in turn. Python's trace hook watches the call, so it is slow: checks probe a
    few arguments only.

    Parameters
    ----------
    function : callable
        The student's answer, such as a heuristic.
    *args : object
        What to call it with, such as one state.

    Returns
    -------
    value : object
        What ``function(*args)`` returned.
    called : list of (str, str)
        The puzzlelab functions it called directly, as ``(module, qualified name)``.

    Raises
    ------
    Exception
        Whatever ``function(*args)`` raises, unchanged.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle(shape=(2, 2))
    >>> twice = lambda state: puzzle.manhattan(state) + puzzle.manhattan(state)
    >>> puzzlelab_calls(twice, (1, 2, 0, 3))
    (2, [('puzzlelab.puzzles.sliding', 'SlidingPuzzle.manhattan')])
    >>> puzzlelab_calls(lambda state: state.index(0), (1, 2, 0, 3))
    (2, [])
    """
    called: list[tuple[str, str]] = []
    return _watched(function, args, called), called


def _watched(
    function: Callable[..., object], args: Iterable[object], called: list[tuple[str, str]]
) -> object:
    """Return ``function(*args)``, adding to *called* the puzzlelab functions it calls."""

    def watch(frame: types.FrameType, event: str, arg: object) -> None:
        if event == "call" and is_puzzlelab_code(frame.f_code):
            caller = frame.f_back
            if caller is not None and not is_puzzlelab_code(caller.f_code):
                name = (frame.f_globals.get("__name__", ""), frame.f_code.co_qualname)
                if name not in called:
                    called.append(name)
        return None  # no line-by-line tracing

    previous = sys.gettrace()
    sys.settrace(watch)
    try:
        return function(*args)
    finally:
        sys.settrace(previous)


def borrowed(
    answer: Any,
    probes: Iterable[object] = (),
    allowed: Callable[[str, str], bool] | None = None,
) -> str:
    """Say which puzzlelab function or class *answer* is, or calls; ``""`` if none.

    The answer reads ``"is puzzlelab's own NAME"``, ``"inherits from puzzlelab's
    NAME"`` (a class) or ``"calls puzzlelab's NAME"``, to follow "your function" or
    "your class" in a check's message.

    Parameters
    ----------
    answer : object
        The student's answer: a function, a class or an object.
    probes : iterable, optional
        What to call *answer* with, one call per item: one argument, or a list of
        arguments. Errors are ignored here; the check reports them.
    allowed : callable, optional
        ``allowed(module, name)`` is true for the puzzlelab functions and classes the
        exercise lets the student use.

    Returns
    -------
    str
        What *answer* borrows from puzzlelab, said for a check's message, or ``""``.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle(shape=(2, 2))
    >>> mine = lambda state: puzzle.manhattan(state)
    >>> borrowed(mine), borrowed(mine, probes=[(1, 2, 0, 3)])
    ('', "calls puzzlelab's SlidingPuzzle.manhattan")
    >>> borrowed(mine, [(1, 2, 0, 3)], allowed=lambda module, name: name.endswith("manhattan"))
    ''
    >>> from puzzlelab.simpleai_problems import WaterJugsProblem
    >>> class TapJugs(WaterJugsProblem):
    ...     __module__ = "__main__"  # where a notebook's class lives
    >>> borrowed(TapJugs), borrowed(WaterJugsProblem)
    ("inherits from puzzlelab's WaterJugsProblem", "is puzzlelab's own WaterJugsProblem")
    """
    origin = _origin(answer)
    if origin is not None and (allowed is None or not allowed(*origin)):
        if not hasattr(_unwrap(answer), "__code__") and _inherits(answer):
            return f"inherits from puzzlelab's {origin[1]}"
        return f"is puzzlelab's own {origin[1]}"
    for args in probes:
        called: list[tuple[str, str]] = []
        try:
            _watched(answer, args if isinstance(args, list) else [args], called)
        except Exception:  # a student's function may fail in any way; the check says how
            pass
        for module, name in called:
            if allowed is None or not allowed(module, name):
                return f"calls puzzlelab's {name}"
    return ""


def borrowing_method(
    problem: Any, states: Iterable[object], most_actions: int = 6
) -> tuple[str, str] | None:
    """Return ``(method name, what it borrows)`` for the first of *problem*'s methods that
    calls puzzlelab when tried on *states* (``actions``, ``is_goal``, then ``result`` on up to
    *most_actions* actions of each state); ``None`` if none does.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> class Borrows:
    ...     puzzle = SlidingPuzzle(shape=(2, 2))
    ...     def actions(self, state): return self.puzzle.actions(state)
    ...     def is_goal(self, state): return False
    ...     def result(self, state, action): return state
    >>> borrowing_method(Borrows(), [(1, 2, 3, 0)])
    ('actions', "calls puzzlelab's SlidingPuzzle.actions")
    """
    moves = []
    for state in states:
        try:
            moves += [[state, action] for action in list(problem.actions(state))[:most_actions]]
        except Exception:  # a student's method may fail in any way: the check says how later
            continue
    for method, probes in ((problem.actions, states), (problem.is_goal, states),
                           (problem.result, moves)):  # fmt: skip
        called = borrowed(method, probes)
        if called:
            return method.__name__, called
    return None


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """*code* and the code of every function, lambda and comprehension written inside it."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def names_used(function: object) -> set[str]:
    """Return the global and attribute names *function*'s code uses (inner functions too).

    >>> sorted(names_used(lambda board: board.corners))
    ['corners']
    """
    code = getattr(_unwrap(function), "__code__", None)
    if not isinstance(code, types.CodeType):
        return set()
    return {name for inner in _codes(code) for name in inner.co_names}


def objects_read(function: object, depth: int = 3) -> list[object]:
    """Return the objects *function* reads besides its arguments.

    Its globals (those its code names), closure cells, defaults and the object a
    bound method belongs to; and, *depth* levels down, the same for the functions
    written outside puzzlelab that it reads (a helper the heuristic calls).

    >>> table = {(1, 2): 3}
    >>> objects_read(lambda state: table[state]) == [table]
    True
    >>> objects_read(table.get) == [table]
    True
    """
    found: list[object] = []
    seen: set[int] = set()

    def visit(answer: Any, levels: int) -> None:
        if id(answer) in seen:
            return
        seen.add(id(answer))
        owner = getattr(answer, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            found.append(owner)
        answer = _unwrap(answer)
        code = getattr(answer, "__code__", None)
        if not isinstance(code, types.CodeType) or is_puzzlelab_code(code):
            return
        globals_ = getattr(answer, "__globals__", {})
        reads = [globals_[name] for name in names_used(answer) if name in globals_]
        reads += [cell.cell_contents for cell in answer.__closure__ or () if _filled(cell)]
        reads += list(answer.__defaults__ or ()) + list((answer.__kwdefaults__ or {}).values())
        for value in reads:
            if isinstance(value, types.ModuleType) or any(value is old for old in found):
                continue
            found.append(value)
            if levels > 0 and callable(value):
                visit(value, levels - 1)

    visit(function, depth)
    return found


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def table_of(
    function: object, truth: Mapping[Any, int], least: int = 1_000, share: float = 0.95
) -> Mapping[Any, Any] | None:
    """Return a mapping *function* reads that agrees with *truth*, or ``None``.

    A mapping of at least *least* entries "agrees" when, on the keys it shares with
    *truth* (a sample of up to 500), at least *share* of its values equal the truth's.
    This tells a table of exact distances, looked up or adjusted (``table[s] - 1``),
    from a student's own cache of their heuristic's values.

    >>> truth = {n: n % 7 for n in range(5_000)}
    >>> copied = dict(truth)
    >>> table_of(lambda state: copied[state] - 1, truth) is copied
    True
    >>> mine = {n: 0 for n in range(5_000)}
    >>> table_of(lambda state: mine.get(state, 0), truth) is None
    True
    """
    for value in objects_read(function):
        if not isinstance(value, Mapping) or len(value) < least:
            continue
        keys = [key for key, _ in zip(_shared_keys(value, truth), range(500))]
        if keys and sum(value[key] == truth[key] for key in keys) >= share * len(keys):
            return value
    return None


def _shared_keys(mapping: Mapping[Any, Any], truth: Mapping[Any, int]) -> Iterator[Any]:
    for key in mapping:
        try:
            if key in truth:
                yield key
        except TypeError:  # a key that cannot be hashed the truth's way
            continue
