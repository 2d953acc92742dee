"""The grader's half of checking: every check runs here, on what the kernel sends as plain data.

A student's function or class stays in the kernel (:class:`Remote`); the kernel decides nothing.
"""

from __future__ import annotations

import ast
import base64
import builtins
import contextlib
import importlib
import io
import pickle
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import one_line
from ..exercises.sandbox import GRADER
from .cells import Exercise
from .wire import NotPlain, Silent, Wire, decode, encode
from .written import Written

__all__: list[str] = []  # the grader's machinery: nothing here is for lessons or teachers

#: Seconds an interrupted student's function has to give the kernel back.
RECOVERY_SECONDS = 10

#: Characters kept of what a check printed.
KEPT_MESSAGE = 4000

#: How many states one message asks a student's function about (see ``prefetch``).
BATCH = 4000


class Broken(BaseException):
    """The kernel no longer answers: no check after this one can run."""


class TimedOut(BaseException):
    """A student's function ran past the check's time and was stopped (no check catches it)."""


class Grader:
    """The grader's end of the wire to one kernel, and the objects it serves the kernel."""

    def __init__(
        self, sock: socket.socket, seconds: float, interrupt: Callable[[], object], written: Written
    ) -> None:
        self.wire = Wire(sock, self.serve, seconds)
        self.written, self.interrupt = written, interrupt
        self.served: list[object] = []
        self.pending: BaseException | None = None  # a stop, raised once the student's call ends
        self.broken = ""
        self.forked = False  # whether the kernel runs this check in a process of its own
        self.ended: dict | None = None  # how the check's own process ended, if it did

    def encode(self, value: object) -> object:
        return encode(value, self._refer)

    def _refer(self, value: object) -> dict:
        if isinstance(value, (Remote, RemoteClass)):
            return {"r": {"id": value.__puzzlelab_id__}}
        if _copied(value):
            return {"p": base64.b64encode(pickle.dumps(value)).decode()}
        self.served.append(value)
        return {"h": {"id": len(self.served) - 1}}

    def _resolve(self, tag: dict) -> object:
        ((kind, inside),) = tag.items()
        number = inside.get("id") if type(inside) is dict else None
        if kind not in ("h", "r") or type(number) is not int:
            raise NotPlain("not plain data: a reference of no known shape")
        if kind == "h":
            if not 0 <= number < len(self.served):
                raise NotPlain("not plain data: a reference to nothing the grader handed over")
            return self.served[number]
        name, kind = str(inside.get("name", "?"))[:80], inside.get("kind")
        if kind == "class":
            return RemoteClass(name, (), {"__puzzlelab_id__": number, "_grader": self,
                                          "_seen": None})  # fmt: skip
        return Remote(self, number, name)

    def ask(self, message: dict) -> Any:
        """Ask the kernel; return the plain answer, or raise what it says was raised."""
        if self.broken:
            raise Broken(self.broken)
        if self.ended is not None:  # the check's process ended: what it made is gone too
            raise _error(self.ended)
        try:
            answer = self.wire.request(message)
        except Silent as silence:
            answer = self._recover(str(silence))
        except NotPlain as error:
            self.broken = f"the kernel sent what is not a plain answer ({error})"
            raise Broken(self.broken) from None
        if self.pending is not None:
            stop, self.pending = self.pending, None
            raise stop
        if answer.get("ended"):  # the check's own process ended: the kernel answers again
            self.forked, self.ended = False, answer
        if answer["op"] == "raise":
            raise _error(answer)
        try:
            return decode(answer.get("value"), self._resolve)
        except RecursionError:
            raise NotPlainAnswer("not a plain answer: nested too deep") from None
        except NotPlain as error:
            raise NotPlainAnswer(f"not a plain answer: {error}") from None

    def _recover(self, silence: str) -> dict:
        """Interrupt the student's code; wait until the kernel answers again."""
        self.interrupt()
        self.wire.deadline = time.monotonic() + RECOVERY_SECONDS
        try:
            while True:
                message = self.wire.receive()
                if message.get("ended") or (
                    not self.forked and message["op"] in ("return", "raise")
                ):
                    break
        except (Silent, NotPlain):
            self.broken = f"the kernel gave no answer ({silence}) and did not stop when interrupted"
            raise Broken(self.broken) from None
        finally:
            self.wire.deadline = None
        self.forked = False
        return {"op": "raise", "error": "OutOfTime: ran past its time"}

    def serve(self, message: dict) -> dict:
        """Answer the kernel's request about an object the grader handed it."""
        if self.pending is not None:
            return {"op": "raise", "stop": True, "error": "stopped"}
        GRADER.by = message.get("by") if message.get("by") in ("puzzlelab", "simpleai") else None
        try:
            target = self.served[int(message["handle"])]
            op = message["op"]
            if op == "getattr" and not str(message["name"]).startswith("_"):
                value = getattr(target, str(message["name"]))
            elif op == "call":
                args = decode(message.get("args", []), self._resolve)
                named = decode(message.get("named", {"d": []}), self._resolve)
                if type(args) is not list or type(named) is not dict:
                    raise NotPlain("a call of no known shape")
                value = target(*args, **{str(k): v for k, v in named.items()})  # type: ignore[operator]
            elif op == "contains":
                value = decode(message.get("key"), self._resolve) in target  # type: ignore[operator]
            elif op == "getitem":
                value = target[decode(message.get("key"), self._resolve)]  # type: ignore[index]
            elif op == "len":
                value = len(target)  # type: ignore[arg-type]
            else:
                raise AttributeError(f"no {op} here")
            return {"op": "return", "value": self.encode(value)}
        except Exception as error:  # the kernel asked something wrong: tell it, as Python would
            return {"op": "raise", "error": one_line(error), "type": type(error).__name__}
        except BaseException as stop:  # a recording stops the student's search
            self.pending = stop
            return {"op": "raise", "stop": True, "error": "stopped"}
        finally:
            GRADER.by = None


def _copied(value: object) -> bool:
    """Whether *value* goes to the kernel as a copy: a puzzle's rules or a numpy array."""
    kind = (type(value).__module__, type(value).__name__)
    return kind[0].startswith("puzzlelab.puzzles.") or kind == ("numpy", "ndarray")


class NotPlainAnswer(Exception):
    """The kernel answered with something that is not plain data."""


_ERRORS: dict[str, type[Exception]] = {}


def _error(answer: dict) -> BaseException:
    """The error the kernel reported, as an exception of the same name, or :class:`TimedOut`."""
    text = str(answer.get("error", "Error"))[:400]
    if text.startswith("OutOfTime"):
        return TimedOut()
    name, _, message = text.partition(": ")
    if not name.isidentifier():
        name = "Error"
    builtin = getattr(builtins, name, None)  # hasattr() must see an AttributeError as one
    if isinstance(builtin, type) and issubclass(builtin, Exception):
        return builtin(message)
    return _ERRORS.setdefault(name, type(name, (Exception,), {}))(message)


class Remote:
    """A student's function or object, which stays in the kernel: calls and attributes go there."""

    def __init__(self, grader: Grader, number: int, name: str) -> None:
        self.__dict__.update(_grader=grader, __puzzlelab_id__=number, __name__=name, _seen=None)

    def __call__(self, *args: Any, **named: Any) -> Any:
        known = self.__dict__.get("_known")
        if known is not None and len(args) == 1 and not named:
            try:
                return known[args[0]]
            except (KeyError, TypeError):  # not asked ahead, or not a state
                pass
        return _ask(self, {"op": "call"}, args, named)

    def __puzzlelab_prefetch__(self, states: list[object]) -> None:
        """Ask the kernel for this function's value on each of *states*, :data:`BATCH` a
        message; a call on one of them is then answered here. If a call raises, the calls one
        at a time say on which state, as ever."""
        known = self.__dict__.setdefault("_known", {})
        for start in range(0, len(states), BATCH):
            batch = states[start : start + BATCH]
            try:
                values = _ask(self, {"op": "each"}, tuple(batch), {})
            except Exception:  # noqa: BLE001 (the calls one at a time report it)
                return
            if type(values) is not list or len(values) != len(batch):
                return
            known.update(zip(batch, values))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        value = self._grader.ask({"op": "getattr", "id": self.__puzzlelab_id__, "name": name})
        return _seen_as(value, self._grader.written.member(self._seen, name))

    def __puzzlelab_remote__(self, what: str, *args: Any, **named: Any) -> Any:
        """What this answer is made of: the notebook's text, and what the kernel adds."""
        seen = self._grader.written.judge(self._seen, what, *args, **named)
        if seen and what != "names_used":
            return seen
        heard = _ask(self, {"op": "inspect", "what": what}, args, named)
        return set(heard) | seen if what == "names_used" else heard

    def __repr__(self) -> str:
        return f"<{self.__name__}>"


def _seen_as(value: Any, seen: object) -> Any:
    """*value*, marked as what the notebook's text says it is."""
    if isinstance(value, Remote):
        value.__dict__["_seen"] = seen
    elif isinstance(value, RemoteClass):
        type.__setattr__(value, "_seen", seen)
    return value


def _ask(remote: Any, message: dict, args: tuple, named: dict) -> Any:
    """Ask the kernel *message* about *remote*, with arguments."""
    grader = remote._grader
    message |= {"id": remote.__puzzlelab_id__, "args": grader.encode(list(args))}
    return grader.ask(message | {"named": grader.encode(named)})


class RemoteClass(type):
    """A student's class, which stays in the kernel: making an instance makes it there."""

    def __call__(cls, *args: Any, **named: Any) -> Any:  # noqa: N805 (a class's own call)
        made = Remote.__call__(cls, *args, **named)  # type: ignore[arg-type]
        return _seen_as(made, cls._grader.written.made_by(cls._seen))

    def __getattr__(cls, name: str) -> Any:  # noqa: N805
        return Remote.__getattr__(cls, name)  # type: ignore[arg-type]

    def __puzzlelab_remote__(cls, what: str, *args: Any, **named: Any) -> Any:  # noqa: N805
        return Remote.__puzzlelab_remote__(cls, what, *args, **named)  # type: ignore[arg-type]


def load_checks(lessons: dict[str, dict[str, Exercise]]) -> None:
    """Import every check the *lessons* call, before any notebook runs (none can change them)."""
    for exercises in lessons.values():
        for exercise in exercises.values():
            for module in exercise.checks.values():
                importlib.import_module(module)


def check_outcome(grader: Grader, exercise: Exercise, seconds: float) -> dict[str, Any]:
    """Run *exercise*'s check here: ``{"passed", "message", "error"}``, or ``{"trouble"}``."""
    call = ast.parse(exercise.call, mode="eval").body
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
    module = importlib.import_module(exercise.checks[call.func.id])
    check = getattr(module, call.func.id)
    printed = _Printed()
    with _prints_to(printed):
        try:
            grader.wire.deadline, grader.ended = time.monotonic() + seconds, None
            grader.forked = grader.ask({"op": "fork"}) is True
            args: list[Any] = []
            for node in call.args:
                if isinstance(node, ast.Starred):
                    args.extend(_value(grader, node.value, exercise))
                else:
                    args.append(_value(grader, node, exercise))
            named = {str(word.arg): _value(grader, word.value, exercise) for word in call.keywords}
            with GRADER.here():
                returned = check(*args, **named)
        except Broken as broken:
            return {"trouble": f"the check could not run: {broken}"}
        except TimedOut:
            return {"trouble": f"the check ran out of time ({seconds} s) and was interrupted"}
        except Exception as error:  # an answer missing, or not plain: say which
            return {"passed": False, "message": printed.text(), "error": one_line(error)}
        finally:
            grader.wire.deadline = None
            if grader.forked and not grader.broken:
                grader.forked = False
                grader.wire.send({"op": "end"})
    return {"passed": returned is True, "message": printed.text(), "error": ""}


def _value(grader: Grader, node: ast.expr, exercise: Exercise) -> Any:
    """The value of an argument of the check call: a constant, the lesson's, or the kernel's."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and node.id in exercise.given:
        scope: dict[str, Any] = {}
        exec(exercise.given[node.id], scope)  # the lesson's own cell, never the student's
        return scope[node.id]
    value = grader.ask({"op": "eval", "expression": ast.unparse(node)})
    return _seen_as(value, grader.written.named(node.id) if isinstance(node, ast.Name) else None)


class _Printed(io.StringIO):
    def write(self, text: str) -> int:
        if self.tell() < KEPT_MESSAGE:
            super().write(str(text)[: KEPT_MESSAGE - self.tell()])
        return len(text)

    def text(self) -> str:
        return self.getvalue().strip()


class _PerThread:
    """``sys.stdout`` while checks run: each grading thread prints into its own buffer."""

    def __init__(self, original: Any) -> None:
        self.original, self.buffers = original, threading.local()

    def __getattr__(self, name: str) -> Any:  # write, flush: this thread's buffer's, if any
        return getattr(getattr(self.buffers, "now", None) or self.original, name)


_LOCK = threading.Lock()
_INSTALLED: list[_PerThread] = []  # the one installed while any check runs
_USERS = [0]


@contextlib.contextmanager
def _prints_to(buffer: io.StringIO) -> Iterator[None]:
    with _LOCK:
        if _USERS[0] == 0:
            _INSTALLED[:] = [_PerThread(sys.stdout)]
            sys.stdout = _INSTALLED[0]
        _USERS[0] += 1
        _INSTALLED[0].buffers.now = buffer
    try:
        yield
    finally:
        with _LOCK:
            _INSTALLED[0].buffers.now = None
            _USERS[0] -= 1
            if _USERS[0] == 0:
                sys.stdout = _INSTALLED.pop().original
