"""Is it the student's own work, or puzzlelab's handed back as an answer?

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> puzzle = SlidingPuzzle(shape=(3, 3))
>>> borrowed(lambda state: puzzle.manhattan(state), [puzzle.goal])
"calls puzzlelab's SlidingPuzzle.manhattan"
>>> borrowed(puzzle.manhattan)
"is puzzlelab's own SlidingPuzzle.manhattan"
"""

from __future__ import annotations

import functools
import itertools
import os
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from .lesson_code import Shown, fingerprint, inner_codes, lesson_functions, shown_class

#: Nothing here is offered to the lessons: they import the checks from puzzlelab.exercises.
__all__: list[str] = []

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_PACKAGE_REAL = os.path.realpath(PACKAGE) + os.sep


def is_puzzlelab_code(code: types.CodeType) -> bool:
    """Return whether *code* was written in puzzlelab's own files."""
    return code.co_filename.startswith((PACKAGE, _PACKAGE_REAL))


def _remote(answer: Any) -> Callable[..., Any] | None:
    """How to ask the kernel about *answer* when the grader checks a function that stays in
    its kernel (``puzzlelab grade``); else None."""
    try:
        return getattr(answer, "__puzzlelab_remote__", None)
    except Exception:  # an answer's own attribute machinery may fail in any way
        return None


def _in_puzzlelab(module: str | None) -> bool:
    return module == "puzzlelab" or (module or "").startswith("puzzlelab.")


def _unwrap(answer: Any) -> Any:
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


def origin_of(answer: Any) -> tuple[str, str] | None:
    """Where *answer* comes from, ``(module, name)``, if puzzlelab wrote it; else ``None``.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> origin_of(SlidingPuzzle), origin_of(lambda state: 0)
    (('puzzlelab.puzzles.sliding', 'SlidingPuzzle'), None)
    """
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


def _calls(function: Callable[..., object], args: list[object]) -> list[tuple[str, str]]:
    """``(module, name)`` of each puzzlelab function that *function* calls itself on *args*."""
    called: list[tuple[str, str]] = []

    def watch(frame: types.FrameType, event: str, arg: object) -> None:
        if event == "call" and is_puzzlelab_code(frame.f_code):
            caller = frame.f_back
            if caller is not None and not is_puzzlelab_code(caller.f_code):
                qualified = frame.f_code.co_qualname.removesuffix(".__call__")  # a callable
                name = (frame.f_globals.get("__name__", ""), qualified)
                if name not in called:
                    called.append(name)
        return None  # no line-by-line tracing

    previous = sys.gettrace()
    sys.settrace(watch)
    try:
        function(*args)
    except Exception:  # a student's function may fail in any way; the check says how
        pass
    finally:
        sys.settrace(previous)
    return called


def borrowed(
    answer: Any,
    probes: Iterable[object] = (),
    allowed: Callable[[str, str], bool] | None = None,
) -> str:
    """Say which puzzlelab function or class *answer* is (or :func:`lesson_code`'s), or calls
    on *probes* (an argument, or a list of them); ``""`` if none, or only what *allowed* allows.
    """
    remote = _remote(answer)
    if remote is not None:
        return str(remote("borrowed", list(probes), allowed))
    shown = lesson_code(answer)
    if shown:
        return shown
    origin = origin_of(answer)
    if origin is not None and (allowed is None or not allowed(*origin)):
        klass = answer if isinstance(answer, type) else type(answer)
        if not hasattr(_unwrap(answer), "__code__") and not _in_puzzlelab(klass.__module__):
            return f"inherits from puzzlelab's {origin[1]}"
        return f"is puzzlelab's own {origin[1]}"
    for args in probes:
        for module, name in _calls(answer, args if isinstance(args, list) else [args]):
            if allowed is None or not allowed(module, name):
                return f"calls puzzlelab's {name}"
    return ""


def borrowing_method(
    problem: Any, states: Iterable[object], most_actions: int = 6
) -> tuple[str, str] | None:
    """Return ``(method name, what it borrows)`` for the first of *problem*'s methods that
    calls puzzlelab on *states*; ``None`` if none does.
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


def names_used(function: object) -> set[str]:
    """Return the global and attribute names *function*'s code uses."""
    remote = _remote(function)
    if remote is not None:
        return {str(name) for name in remote("names_used")}
    code = getattr(_unwrap(function), "__code__", None)
    if not isinstance(code, types.CodeType):
        return set()
    return {name for inner in inner_codes(code) for name in inner.co_names}


def objects_read(function: object) -> list[object]:
    """Return the objects *function* reads (globals, closure cells, defaults, bound object),
    and those the functions outside puzzlelab it reads read, three levels down.
    """
    if _remote(function) is not None:  # what it reads stays in the kernel
        return []
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

    visit(function, 3)
    return found


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def table_of(
    function: object, truth: Mapping[Any, int], least: int = 1_000, read_key: ReadKey = None
) -> Mapping[Any, Any] | None:
    """Return a mapping of at least *least* entries that *function* reads and that agrees with
    *truth* on 95% of the keys they share (keys read by *read_key* too), or ``None``.
    """
    remote = _remote(function)
    if remote is not None:  # the kernel looks, asking the grader for *truth*'s entries
        return {} if remote("table_of", truth, least, read_key) else None
    for mapping in _mappings(objects_read(function)):
        items: Iterable[tuple[Any, Any]]
        if isinstance(mapping, dict):  # a subclass's own methods may hide its entries
            size, items = dict.__len__(mapping), dict.items(mapping)
        else:
            size, items = len(mapping), mapping.items()
        if size < least:
            continue
        pairs = list(itertools.islice(_shared(items, truth, read_key), 500))
        if pairs and sum(value == truth[key] for key, value in pairs) >= 0.95 * len(pairs):
            return mapping
    return None


def _mappings(found: list[object]) -> Iterator[Mapping[Any, Any]]:
    for value in found:
        if isinstance(value, Mapping):
            yield value
        inner = getattr(value, "__dict__", None) if not callable(value) else None
        for item in [*(inner or {}).values(), *(value if isinstance(value, (tuple, list)) else ())]:
            if isinstance(item, Mapping):
                yield item


ReadKey = Callable[[Any], Any] | None


def _shared(
    items: Iterable[tuple[Any, Any]], truth: Mapping[Any, int], read_key: ReadKey
) -> Iterator[tuple[Any, Any]]:
    for key, value in items:
        try:
            if key in truth:
                yield key, value
                continue
        except TypeError:  # a key that cannot be hashed the truth's way
            pass
        read = None if read_key is None else read_key(key)
        if read is not None and read in truth:
            yield read, value


def lesson_code(answer: Any, calls: bool = False) -> str:
    """Say how *answer* is (or with *calls*, calls) code a lesson shows; ``""`` if it is not.

    >>> def both_tables(board):  # lesson 6's every_added, its local variable renamed
    ...     return every[0](board) + every[1](board)
    >>> lesson_code(both_tables)
    "is the lesson's own `every_added` (lesson 6)"
    >>> lesson_code(lambda board: both_tables(board), calls=True)
    "calls the lesson's `every_added` (lesson 6)"
    >>> lesson_code(lambda board: None, calls=True)
    ''
    """
    remote = _remote(answer)
    if remote is not None:
        return str(remote("lesson_code", calls))
    known = lesson_functions()
    shown = _shown_as(answer, known)
    if shown is not None:
        return f"is the lesson's own `{shown[0]}` (lesson {shown[1]})"
    if calls:
        for value in objects_read(answer):
            shown = _shown_as(value, known)
            if shown is not None:
                return f"calls the lesson's `{shown[0]}` (lesson {shown[1]})"
    return ""


def _shown_as(answer: Any, known: dict[tuple[object, ...], Shown]) -> Shown | None:
    if isinstance(answer, type):
        methods = [item for item in vars(answer).values() if isinstance(item, types.FunctionType)]
        return shown_class(answer.__name__, [method.__code__ for method in methods])
    code = getattr(_unwrap(answer), "__code__", None)
    if not isinstance(code, types.CodeType):
        return None
    return known.get(fingerprint(code))
