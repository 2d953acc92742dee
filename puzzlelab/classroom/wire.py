"""The wire between the grader and a student's kernel: plain data, and calls both ways.

A message is four bytes of length and a JSON object; any object but plain data stays where it
lives and crosses as a reference.

>>> decode(encode(((1, 2), {3}, {"a": [None, ...]}), refer=None), refer=None)
((1, 2), {3}, {'a': [None, Ellipsis]})
"""

from __future__ import annotations

import json
import numbers
import socket
import struct
import time
from collections.abc import Callable
from typing import Any

from ..errors import one_line

#: The largest message either end takes, in bytes: no answer comes near it.
LARGEST = 4 * 2**20

#: How a message's length is written before it.
LENGTH = struct.Struct("!I")


class NotPlain(Exception):
    """What the other end sent is not a message of plain data (or is too large).

    >>> str(NotPlain("a set of lists"))
    'a set of lists'
    """


class Silent(Exception):
    """The other end said nothing in time, or hung up.

    >>> isinstance(Silent("no answer in 5 s"), Exception)
    True
    """


def encode(value: object, refer: Callable[[object], dict] | None) -> object:
    """*value* as JSON-ready plain data (through the builtin types' own methods, so an ``int``
    whose class lies crosses as its number); each other object as *refer* makes it a reference
    (with *refer* ``None``, none may be).

    >>> encode((1, [2.5, "a"], {True: None}), refer=None)
    {'t': [1, [2.5, 'a'], {'d': [[True, None]]}]}
    """
    if value is None or type(value) in (bool, str, int, float):  # exact builtins: as they are
        return value
    for kind, tag in ((tuple, "t"), (list, ""), (set, "s"), (frozenset, "f")):
        if isinstance(value, kind):  # before the numbers: a state is a tuple, most often
            own_iter: Any = kind.__iter__  # the type's own, not a subclass's
            items = [encode(item, refer) for item in own_iter(value)]
            return items if not tag else {tag: items}
    if isinstance(value, numbers.Integral):
        return int.__index__(value) if isinstance(value, int) else int(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if value is Ellipsis:
        return {"e": 0}
    if isinstance(value, dict):
        return {"d": [[encode(k, refer), encode(v, refer)] for k, v in dict.items(value)]}
    if isinstance(value, complex):
        return {"c": [value.real, value.imag]}
    if isinstance(value, numbers.Real):  # numpy's floats
        return float(value)
    if refer is None:
        raise NotPlain(f"{type(value).__name__} is not plain data")
    return refer(value)


def decode(data: object, refer: Callable[[dict], object] | None) -> object:
    """The value *data* (as :func:`encode` made it) stands for, each reference made an object
    here by *refer*; :class:`NotPlain` for other data.

    >>> decode({"s": [[1, 2]]}, refer=None)
    Traceback (most recent call last):
    ...
    puzzlelab.classroom.wire.NotPlain: not plain data: a set of an unhashable value
    """
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return [decode(item, refer) for item in data]
    if type(data) is not dict or len(data) != 1:
        raise NotPlain("not plain data: a value of no known shape")
    ((tag, inside),) = data.items()
    if tag == "e":
        return Ellipsis
    if tag == "c" and type(inside) is list and len(inside) == 2:
        return complex(*(float(part) for part in inside))
    if tag in ("r", "h", "p"):
        if refer is None:
            raise NotPlain("not plain data: an object where a value was wanted")
        return refer({tag: inside})
    if type(inside) is not list:
        raise NotPlain("not plain data: a value of no known shape")
    items = [decode(item, refer) for item in inside]
    try:
        if tag == "t":
            return tuple(items)
        if tag in ("s", "f"):
            return (set if tag == "s" else frozenset)(items)
        if tag == "d" and all(type(pair) is list and len(pair) == 2 for pair in items):
            return dict(items)  # type: ignore[arg-type]
    except TypeError:
        raise NotPlain(
            f"not plain data: a {'dict' if tag == 'd' else 'set'} of an unhashable value"
        ) from None
    raise NotPlain("not plain data: a value of no known shape")


class Wire:
    """One end of the wire: *serve* answers the other end's requests while this end waits;
    *seconds* bounds each wait, ``deadline`` (:func:`time.monotonic`) a whole request.

    There is no example here; ``tests/test_grade_agreement.py`` runs it.
    """

    def __init__(self, sock: socket.socket, serve: Callable[[dict], dict], seconds: float) -> None:
        self.sock, self.serve, self.seconds = sock, serve, seconds
        self.deadline: float | None = None

    def send(self, message: dict) -> None:
        try:
            data = json.dumps(message, separators=(",", ":")).encode()
        except (ValueError, RecursionError) as error:  # an int of over 4,300 digits, say
            data = _refusal(f"ValueError: an answer JSON cannot hold ({one_line(error)})")
        if len(data) > LARGEST:
            data = _refusal(f"ValueError: an answer too large to send (over {LARGEST:,} bytes)")
        self.sock.sendall(LENGTH.pack(len(data)) + data)

    def receive(self) -> dict:
        """The next message; :class:`Silent` past its time, :class:`NotPlain` if not one."""
        (size,) = LENGTH.unpack(self._exactly(LENGTH.size))
        if size > LARGEST:
            raise NotPlain(f"a message of {size:,} bytes, over the {LARGEST:,} allowed")
        try:
            message = json.loads(self._exactly(size))
        except (ValueError, RecursionError):
            raise NotPlain("a message that is not JSON") from None
        if type(message) is not dict or type(message.get("op")) is not str:
            raise NotPlain("a message that is no request or answer")
        return message

    def _exactly(self, size: int) -> bytes:
        chunks, left = [], size
        while left:
            wait = self.seconds
            if self.deadline is not None:
                wait = min(wait, self.deadline - time.monotonic())
            if wait <= 0:
                raise Silent("no answer in time")
            self.sock.settimeout(wait)
            try:
                chunk = self.sock.recv(min(left, 2**20))
            except TimeoutError:
                raise Silent("no answer in time") from None
            if not chunk:
                raise Silent("the other end hung up")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def request(self, message: dict) -> dict:
        """Send *message*; serve the other end's requests until its answer comes; return it."""
        self.send(message)
        while True:
            incoming = self.receive()
            if incoming["op"] in ("return", "raise"):
                return incoming
            self.send(self.serve(incoming))


def _refusal(error: str) -> bytes:
    return json.dumps({"op": "raise", "error": error}).encode()
