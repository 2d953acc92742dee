"""A search drawn on the puzzle's own domain (a road map's towns, the jugs' state graph),
each state coloured by what the search has done to it so far; ``SearchReplay`` shows it.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from functools import singledispatch
from typing import Any

from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.colors import to_hex
from matplotlib.lines import Line2D

from ..search.problem import State
from ..search.trace import TraceEvent, snapshots
from .boards import _picture_module_loaded, draw_board

UNREACHED = "#ffffff"
#: The first state expanded is the palest blue, the newest the darkest: the search's edge
#: stands out, as in GridLab.
PALEST, DARKEST = 0.3, 0.9


def expansion_shade(k: int, count: int) -> tuple[float, float, float, float]:
    """Return the colour of the *k*-th (from 0) of *count* expansions: pale blue to dark.

    >>> to_hex(expansion_shade(0, 5)) == FIRST, to_hex(expansion_shade(4, 5)) == LAST
    (True, True)
    """
    return colormaps["Blues"](PALEST + (DARKEST - PALEST) * k / max(1, count - 1))


FIRST, LAST = to_hex(colormaps["Blues"](PALEST)), to_hex(colormaps["Blues"](DARKEST))
FRONTIER_EDGE = "#e6550d"  # the frontier: an orange outline, as waiting nodes
CURRENT = "#c0392b"  # the event's state: a red ring, as in the replayed tree
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
    """Return, for each event, the states expanded so far (``expanded``, in order), waiting
    (``frontier``, the next to be taken first) and the event's (``current``).

    *after* is ``snapshots(events)`` if you have it. In iterative deepening and IDA*, each
    iteration starts again with nothing expanded.

    Examples
    --------
    >>> from puzzlelab.puzzles.roads import romania
    >>> from puzzlelab.search import Trace, astar
    >>> trace = Trace()
    >>> _ = astar(romania(), trace=trace)
    >>> seen = searched_states(trace.events)
    >>> seen[4]  # Arad expanded, its three towns generated
    {'expanded': ['Arad'], 'frontier': ['Sibiu', 'Timisoara', 'Zerind'], 'current': 'Zerind'}
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
    """Draw the puzzle's domain with *expanded* states shaded in order, *frontier* states
    outlined and *current* ringed; return the axes.

    A puzzle without a picture of its domain (see :func:`draws_search`) gets the board of
    *current*.

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


def draws_search(puzzle: object) -> bool:
    """Whether *puzzle* has a picture of its domain for :func:`draw_search`.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.puzzles.roads import romania
    >>> draws_search(romania()), draws_search(SlidingPuzzle(shape=(2, 2)))
    (True, False)
    """
    own = draw_search.dispatch(type(puzzle)) is not draw_search.dispatch(object)
    return own or _picture_module_loaded(puzzle, draw_search)


def search_style(
    states: Sequence[Hashable],
    expanded: Sequence[Hashable],
    frontier: Collection[Hashable],
    current: Hashable,
) -> dict[str, list[Any]]:
    """Return the colours of *states*' dots: ``face`` (darker blue for the earlier expanded),
    ``edge`` and ``width`` (orange and thick for the frontier, red for *current*), ``text``,
    the colour to write on each, and ``marks``, what each is in words.

    >>> style = search_style(["a", "b", "c"], ["a"], ["b"], "b")
    >>> style["edge"], style["width"], style["marks"]
    (['#525252', '#c0392b', '#525252'], [1.0, 3.0, 1.0], ['expanded 1', 'frontier, current', ''])
    """
    order = {state: k for k, state in enumerate(expanded)}
    waiting = set(frontier)
    style: dict[str, list[Any]] = {"face": [], "edge": [], "width": [], "text": [], "marks": []}
    for state in states:
        words = [f"expanded {order[state] + 1}"] if state in order else []
        words += ["frontier"] * (state in waiting) + ["current"] * (state == current)
        style["marks"].append(", ".join(words))
        if state in order:  # the first expanded palest, the newest dark
            style["face"].append(expansion_shade(order[state], len(order)))
            style["text"].append("white" if order[state] > 0.5 * len(order) else "black")
        else:
            style["face"].append(UNREACHED)
            style["text"].append("black")
        if state == current:
            style["edge"].append(CURRENT)
            style["width"].append(3.0)
        elif state in waiting:
            style["edge"].append(FRONTIER_EDGE)
            style["width"].append(2.5)
        else:
            style["edge"].append(EDGE)
            style["width"].append(1.0)
    return style


def search_legend(ax: Axes, entries: Sequence[tuple[str, Any, str, float]] = ()) -> None:
    """Explain colours beside *ax*: *entries* ``(words, face, edge, edge width)``, by default
    :func:`search_style`'s (:data:`LEGEND`).

    >>> from puzzlelab.drawing import offscreen_figure
    >>> ax = offscreen_figure().add_subplot()
    >>> search_legend(ax)
    >>> [text.get_text() for text in ax.get_legend().get_texts()][:2]
    ['expanded first', 'expanded last']
    """
    entries = entries or LEGEND
    handles = [Line2D([], [], ls="", marker="o", markersize=9, markerfacecolor=face,
                      markeredgecolor=edge, markeredgewidth=width)
               for _, face, edge, width in entries]  # fmt: skip
    ax.legend(handles, [words for words, *_ in entries], loc="upper left",
              bbox_to_anchor=(1.01, 1), fontsize=9, frameon=False)  # fmt: skip
