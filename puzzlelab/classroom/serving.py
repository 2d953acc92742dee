"""The half of ``puzzlelab grade`` that runs inside a student's kernel: a server that decides
nothing; an object of the grader's is a :class:`Stub` here."""

from __future__ import annotations

import base64
import io
import os
import pickle
import signal
import socket
import sys
from typing import Any

from ..errors import one_line
from .wire import Wire, decode, encode

__all__: list[str] = []  # the kernel's half of the grader: nothing here is for lessons


class Stub:
    """An object of the grader's, seen from the kernel: attributes and calls go to the grader."""

    def __init__(self, server: Server, handle: int) -> None:
        object.__setattr__(self, "_server", server)
        object.__setattr__(self, "_handle", handle)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._server.ask({"op": "getattr", "handle": self._handle, "name": name})

    def __call__(self, *args: Any, **named: Any) -> Any:
        server = self._server
        message = {"op": "call", "handle": self._handle, "by": _library_caller()}
        message |= {"args": server.encode(list(args)), "named": server.encode(named)}
        return server.ask(message)

    def __contains__(self, key: object) -> bool:
        return bool(self._server.ask({"op": "contains", "handle": self._handle,
                                      "key": self._server.encode(key)}))  # fmt: skip

    def __getitem__(self, key: object) -> Any:
        return self._server.ask({"op": "getitem", "handle": self._handle,
                                 "key": self._server.encode(key)})  # fmt: skip

    def __len__(self) -> int:
        return int(self._server.ask({"op": "len", "handle": self._handle}))


class Stopped(BaseException):
    """The grader stopped the student's code (a limit, or a library's search found)."""


def _library_caller() -> str | None:
    """``"puzzlelab"`` or ``"simpleai"`` if that library's code called the stub, else None."""
    from ..exercises.own_work import is_puzzlelab_code
    from ..exercises.recording import SIMPLEAI

    frame = sys._getframe(2)
    while frame is not None and frame.f_code is not Server.handle.__code__:
        code = frame.f_code
        if code.co_filename.startswith(SIMPLEAI):
            return "simpleai"
        if is_puzzlelab_code(code) and frame.f_globals.get("__name__") != __name__:
            return "puzzlelab"
        frame = frame.f_back  # type: ignore[assignment]
    return None


#: What ``inspect`` may ask of an answer: functions of :mod:`~..exercises.own_work`.
INSPECTIONS = ("borrowed", "lesson_code", "names_used", "table_of")


class Server:
    """The kernel's end: the objects it handed the grader, by number, and the wire."""

    def __init__(self, sock: socket.socket, namespace: dict, seconds: float) -> None:
        self.objects: list[object] = []
        self.child = False  # whether this is a check's own process (see :meth:`_fork`)
        self.namespace = namespace
        self.wire = Wire(sock, self.handle, seconds)

    def encode(self, value: object) -> object:
        return encode(value, self._refer)

    def _refer(self, value: object) -> dict:
        if isinstance(value, Stub):
            return {"h": {"id": value._handle}}
        self.objects.append(value)
        kind = "class" if isinstance(value, type) else "function" if callable(value) else "object"
        name = getattr(value, "__name__", type(value).__name__)
        return {"r": {"id": len(self.objects) - 1, "kind": kind,
                      "name": name if isinstance(name, str) else "?"}}  # fmt: skip

    def _resolve(self, tag: dict) -> object:
        ((kind, inside),) = tag.items()
        if kind == "p":  # a copy of the grader's: puzzle rules, numbers in an array
            return pickle.loads(base64.b64decode(inside))  # the grader's own pickle
        return Stub(self, inside["id"]) if kind == "h" else self.objects[inside["id"]]

    def ask(self, message: dict) -> Any:
        """Ask the grader; return its answer, or raise what it says was raised."""
        answer = self.wire.request(message)
        if answer["op"] == "raise":
            if answer.get("stop"):
                raise Stopped(answer["error"])
            raise RuntimeError(answer["error"])
        return decode(answer["value"], self._resolve)

    def handle(self, message: dict) -> dict:
        """Answer one of the grader's requests."""
        try:
            return {"op": "return", "value": self.encode(self._answer(message))}
        except BaseException as error:  # the student's code, an interrupt: say what, go on
            return {"op": "raise", "error": one_line(error), "type": type(error).__name__}

    def _answer(self, message: dict) -> object:
        op = message["op"]
        if op == "eval":
            return eval(message["expression"], self.namespace)  # an answer's name, the lesson's
        target = self.objects[message["id"]]
        if op == "getattr":
            return getattr(target, message["name"])
        args: Any = decode(message.get("args", []), self._resolve)
        named: Any = decode(message.get("named", {"d": []}), self._resolve)
        if op == "call":
            return target(*args, **named)
        if op == "each":  # one function on many states, a batch a message
            return [target(arg) for arg in args]
        if op != "inspect" or message["what"] not in INSPECTIONS:
            raise ValueError(f"no such request: {op}")
        from ..exercises import own_work

        found = getattr(own_work, message["what"])(target, *args, **named)
        if message["what"] == "table_of":
            return found is not None
        return sorted(found) if message["what"] == "names_used" else found

    def run(self) -> None:
        """Answer the grader until it says ``done`` (or, in a check's own process, ``end``)."""
        while True:
            try:
                message = self.wire.receive()
            except KeyboardInterrupt:  # an interrupt that came too late: the call had ended
                continue
            if message["op"] == "done":
                return
            if message["op"] == "end" and self.child:
                os._exit(0)
            if message["op"] == "fork":
                self._fork()
            elif message["op"] != "end":
                self.wire.send(self.handle(message))

    def _fork(self) -> None:
        """Run the next check in a process of its own, as the self-check does."""
        if self.child or not hasattr(os, "fork"):
            self.wire.send({"op": "return", "value": False})
            return
        pid = os.fork()
        if pid == 0:
            self.child = True
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the kernel, its parent, is interrupted
            sys.stdout = sys.stderr = io.StringIO()  # no kernel's threads to print through here
            self.wire.send({"op": "return", "value": True})
            return
        try:
            _, status = os.waitpid(pid, 0)
        except KeyboardInterrupt:  # the check ran out of time: end its process
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            self.wire.send({"op": "raise", "ended": True,
                            "error": "OutOfTime: ran past its time and was stopped"})  # fmt: skip
            return
        code = os.waitstatus_to_exitcode(status)
        if code != 0:  # the student's code ended its process in the middle of the check
            error = f"ProcessEnded: ended the process it ran in (exit code {code}), no answer"
            self.wire.send({"op": "raise", "ended": True, "error": error})


def serve(path: str, seconds: float) -> None:
    """Connect to the grader at *path* and answer it until it says ``done``."""
    import __main__

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    try:
        Server(sock, vars(__main__), seconds).run()
    finally:
        sock.close()
