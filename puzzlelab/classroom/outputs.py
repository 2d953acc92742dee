"""What the grader keeps of a kernel's outputs: errors and a little printed text.

nbclient keeps every output of a cell until the cell ends; a notebook that displays a large
image in a loop would grow the grader without bound. :class:`KeptOutputs` is nbclient's
client with its output handling replaced: each output is judged as it arrives and dropped
unless grading reads it. The messages themselves are bounded too: the sockets the kernel
talks through take at most :data:`LARGEST_MESSAGE` bytes a frame (a larger one drops the
connection, which reconnects: what was on the way is lost, so a notebook that displays more
loses its own later outputs, and a cell whose error alone is larger runs out of time) and hold
at most :data:`QUEUED_MESSAGES` messages unread (the kernel drops what a slow grader leaves).

Loaded only when a kernel starts (it imports nbclient and zmq).
"""

from __future__ import annotations

from typing import Any

import zmq
import zmq.asyncio
from jupyter_client import AsyncKernelManager
from nbclient import NotebookClient
from nbformat import NotebookNode
from nbformat.v4 import new_output

from .grades import KEPT_ERROR

#: The printed text kept of one cell, in characters.
KEPT_TEXT = 2**16

#: The largest message frame taken from a kernel, in bytes.
LARGEST_MESSAGE = 32 * 2**20

#: The most messages waiting unread on a socket; the kernel drops those over it.
QUEUED_MESSAGES = 4


def bounded_context() -> zmq.asyncio.Context:
    """A zmq context whose sockets take bounded frames and queue few messages.

    Examples
    --------
    >>> context = bounded_context()
    >>> context.getsockopt(zmq.MAXMSGSIZE) == LARGEST_MESSAGE
    True
    >>> context.term()
    """
    context = zmq.asyncio.Context()
    context.setsockopt(zmq.MAXMSGSIZE, LARGEST_MESSAGE)
    context.setsockopt(zmq.RCVHWM, QUEUED_MESSAGES)
    return context


class BoundedManager(AsyncKernelManager):
    """A kernel manager whose client talks through the manager's own (bounded) context.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """

    def client(self, **options: Any) -> Any:
        """The kernel's client, on this manager's context."""
        return super().client(context=self.context, **options)


class KeptOutputs(NotebookClient):
    """nbclient's client, keeping of each cell only what grading reads.

    Kept: the first :data:`KEPT_ERROR` characters of each error (no traceback) and the first
    :data:`KEPT_TEXT` characters of what it printed to stdout. Everything else (pictures,
    widgets, displays, stderr, clearing) is dropped as it arrives: no verdict comes from a
    kernel's outputs (see :mod:`~.checking`).

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    def output(
        self, outs: list[NotebookNode], msg: dict[str, Any], display_id: str | None, cell_index: int
    ) -> NotebookNode | None:
        """Keep *msg*'s output in *outs* if grading reads it, bounded; drop it otherwise."""
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream" and content.get("name") == "stdout":
            return _add_text(outs, str(content.get("text", "")))
        if kind == "error" and not any(out.output_type == "error" for out in outs):
            ename, evalue = str(content.get("ename", ""))[:200], str(content.get("evalue", ""))
            out = new_output("error", ename=ename, evalue=evalue[:KEPT_ERROR], traceback=[])
        else:
            return None
        outs.append(out)
        return out

    def clear_output(self, outs: list[NotebookNode], msg: dict[str, Any], cell_index: int) -> None:
        """Clear nothing: what is kept is what grading reads."""

    def handle_comm_msg(
        self, outs: list[NotebookNode], msg: dict[str, Any], cell_index: int
    ) -> None:
        """Drop widgets' messages: no widget state, no output widgets."""


def _add_text(outs: list[NotebookNode], text: str) -> NotebookNode:
    """Add *text* to the one stdout output in *outs*, up to :data:`KEPT_TEXT` characters."""
    kept = next((out for out in outs if out.output_type == "stream"), None)
    if kept is None:
        kept = new_output("stream", name="stdout", text="")
        outs.append(kept)
    kept.text += text[: KEPT_TEXT - len(kept.text)]
    return kept
