"""A search drawn on the puzzle's own domain (a road map, the jugs' state graph)."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from functools import singledispatch
from typing import Any

from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.colors import to_hex
from matplotlib.lines import Line2D

from ..errors import ProblemError
from ..search.problem import State
from ..search.trace import TraceEvent, snapshots
from .boards import _picture_module_loaded, draw_board

UNREACHED = "#ffffff"
#: The first state expanded is the palest blue, the newest the darkest, as in GridLab.
PALEST, DARKEST = 0.3, 0.9


def expansion_shade(k: int, count: int) -> tuple[float, float, float, float]:
    """Return the colour of the *k*-th (from 0) of *count* expansions: pale blue to dark. There is
    no example here; ``tests/test_grid.py`` runs it."""
    return colormaps["Blues"](PALEST + (DARKEST - PALEST) * k / max(1, count - 1))


FIRST, LAST = to_hex(colormaps["Blues"](PALEST)), to_hex(colormaps["Blues"](DARKEST))
FRONTIER_EDGE = "#e6550d"
CURRENT = "#c0392b"
EDGE = "#525252"
#: What :func:`search_style`'s colours mean: ``(words, face, edge, edge width)``.
LEGEND = [
    ("expanded first", FIRST, EDGE, 1.0),
    ("expanded last", LAST, EDGE, 1.0),
    ("frontier", UNREACHED, FRONTIER_EDGE, 2.5),
    ("this step", UNREACHED, CURRENT, 3.0),
    ("not reached", UNREACHED, EDGE, 1.0),
]


def searched_states(
    events: Sequence[TraceEvent], after: Sequence[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """Return, for each event, the states ``expanded`` so far (in order), in the ``frontier``
    and the event's (``current``); *after* is ``snapshots(events)`` if you have it.

    >>> from puzzlelab.puzzles.roads import romania
    >>> from puzzlelab.search import Trace, astar
    >>> trace = Trace()
    >>> _ = astar(romania(), trace=trace)
    >>> seen = searched_states(trace.events)
    >>> seen[-1]["expanded"]
    ['Arad', 'Sibiu', 'Rimnicu Vilcea', 'Fagaras', 'Pitesti']
    """
    after = snapshots(events) if after is None else after
    expanded: dict[State, None] = {}  # an ordered set
    seen = []
    for event, snapshot in zip(events, after):
        if event.kind == "iteration":
            expanded = {}
        elif event.kind == "expand":
            expanded.setdefault(event.state, None)
        frontier = list(dict.fromkeys(waiting.state for waiting in snapshot["frontier"]))
        seen.append({"expanded": list(expanded), "frontier": frontier, "current": event.state})
    return seen


@singledispatch
def draw_search(
    puzzle: object,
    expanded: Sequence[State],
    frontier: Collection[State],
    current: State = None,
    ax: Axes | None = None,
    **options: Any,
) -> Axes:
    """Draw the puzzle's domain coloured as :func:`search_style` says (else *current*'s board).

    >>> from puzzlelab.drawing import offscreen_figure
    >>> from puzzlelab.puzzles.roads import romania
    >>> ax = draw_search(romania(), ["Arad"], ["Sibiu", "Timisoara", "Zerind"], "Zerind",
    ...                  ax=offscreen_figure((6, 4)).add_subplot())
    >>> ax.search_marks["Arad"], ax.search_marks["Sibiu"], ax.search_marks["Zerind"]
    ('expanded 1', 'frontier', 'frontier, current')
    """
    if _picture_module_loaded(puzzle, draw_search):
        return draw_search(puzzle, expanded, frontier, current, ax, **options)
    return draw_board(puzzle, current, ax, **options)


def checked_states(
    puzzle: Any, expanded: object, frontier: object, current: object = None
) -> tuple[list[State], list[State]]:
    """*expanded* and *frontier* as lists, every state (and *current*) one of *puzzle*'s: its
    ``successors`` says in one line what is wrong with one that is not.

    >>> from puzzlelab.puzzles.roads import romania
    >>> checked_states(romania(), ("Arad",), {"Sibiu"})
    (['Arad'], ['Sibiu'])
    """
    found = []
    for name, states in (("expanded", expanded), ("frontier", frontier)):
        if isinstance(states, str) or not isinstance(states, Collection):
            raise ProblemError(f"{name} is a list of states, not {type(states).__name__}")
        found.append(list(states))
    for state in [*found[0], *found[1], *([] if current is None else [current])]:
        puzzle.successors(state)
    return found[0], found[1]


def draws_search(puzzle: object) -> bool:
    """Whether *puzzle* has a picture of its domain for :func:`draw_search`. There is no example
    here; ``tests/test_roads.py`` runs it."""
    own = draw_search.dispatch(type(puzzle)) is not draw_search.dispatch(object)
    return own or _picture_module_loaded(puzzle, draw_search)


def search_style(
    states: Sequence[Hashable],
    expanded: Sequence[Hashable],
    frontier: Collection[Hashable],
    current: Hashable,
) -> dict[str, list[Any]]:
    """Return each state's ``face``, ``edge``, edge ``width``, ``text`` colour and ``marks`` (in
    words): expanded shaded in order, the frontier outlined, *current* ringed. There is no example
    here; ``tests/test_roads.py`` runs it."""
    order = {state: k for k, state in enumerate(expanded)}
    waiting = set(frontier)
    style: dict[str, list[Any]] = {"face": [], "edge": [], "width": [], "text": [], "marks": []}
    for state in states:
        words = [f"expanded {order[state] + 1}"] if state in order else []
        words += ["frontier"] * (state in waiting) + ["current"] * (state == current)
        style["marks"].append(", ".join(words))
        k = order.get(state)
        style["face"].append(UNREACHED if k is None else expansion_shade(k, len(order)))
        style["text"].append("white" if k is not None and k > 0.5 * len(order) else "black")
        edge = CURRENT if state == current else FRONTIER_EDGE if state in waiting else EDGE
        style["edge"].append(edge)
        style["width"].append({CURRENT: 3.0, FRONTIER_EDGE: 2.5}.get(edge, 1.0))
    return style


def search_legend(ax: Axes, entries: Sequence[tuple[str, Any, str, float]] = ()) -> None:
    """Explain the colours beside *ax*: *entries* as in :data:`LEGEND`. There is no example here;
    ``tests/test_roads.py`` runs it."""
    entries = entries or LEGEND
    handles = [Line2D([], [], ls="", marker="o", markersize=9, markerfacecolor=face,
                      markeredgecolor=edge, markeredgewidth=width)
               for _, face, edge, width in entries]  # fmt: skip
    ax.legend(handles, [words for words, *_ in entries], loc="upper left",
              bbox_to_anchor=(1.01, 1), fontsize=9, frameon=False)  # fmt: skip
