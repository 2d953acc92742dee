"""What the grader keeps of a kernel's outputs: errors and a little printed text, messages
bounded in size and number. Loaded only when a kernel starts."""

from __future__ import annotations

from typing import Any

import zmq
import zmq.asyncio
from jupyter_client import AsyncKernelManager
from nbclient import NotebookClient
from nbformat import NotebookNode
from nbformat.v4 import new_output

from .grades import KEPT_ERROR

__all__ = ["bounded_context"]

#: The printed text kept of one cell, in characters.
KEPT_TEXT = 2**16

#: The largest message frame taken from a kernel, in bytes.
LARGEST_MESSAGE = 32 * 2**20

#: The most messages waiting unread on a socket; the kernel drops those over it.
QUEUED_MESSAGES = 4


def bounded_context() -> zmq.asyncio.Context:
    """A zmq context whose sockets take bounded frames and queue few messages.

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
    """A kernel manager whose client talks through the manager's own (bounded) context."""

    def client(self, **options: Any) -> Any:
        """The kernel's client, on this manager's context."""
        return super().client(context=self.context, **options)


class KeptOutputs(NotebookClient):
    """nbclient's client, keeping of each cell only its first error and a bounded stdout."""

    def output(
        self, outs: list[NotebookNode], msg: dict[str, Any], display_id: str | None, cell_index: int
    ) -> NotebookNode | None:
        """Keep *msg*'s output in *outs* if grading reads it, bounded."""
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream" and content.get("name") == "stdout":
            kept = next((out for out in outs if out.output_type == "stream"), None)
            if kept is None:
                kept = new_output("stream", name="stdout", text="")
                outs.append(kept)
            kept.text += str(content.get("text", ""))[: KEPT_TEXT - len(kept.text)]
            return kept
        if kind != "error" or any(out.output_type == "error" for out in outs):
            return None
        ename, evalue = str(content.get("ename", ""))[:200], str(content.get("evalue", ""))
        outs.append(new_output("error", ename=ename, evalue=evalue[:KEPT_ERROR], traceback=[]))
        return outs[-1]

    def clear_output(self, outs: list[NotebookNode], msg: dict[str, Any], cell_index: int) -> None:
        """Clear nothing: what is kept is what grading reads."""

    def handle_comm_msg(
        self, outs: list[NotebookNode], msg: dict[str, Any], cell_index: int
    ) -> None:
        """Drop widgets' messages: no widget state, no output widgets."""
