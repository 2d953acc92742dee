"""How peg-solitaire positions (bit masks) and moves (tuples of holes) are written."""

from __future__ import annotations

from collections.abc import Iterable

Jump = tuple[int, int, int]  # (from, over, to)
Move = tuple[int, ...]  # the holes one peg lands in, starting where it stands
Pegs = int  # bit h set: a peg in hole h


def pegs_of(holes: Iterable[int]) -> Pegs:
    """Return the bit mask with a peg in each of *holes*.

    >>> pegs_of([1, 3]), holes_of(10)
    (10, (1, 3))
    """
    return sum(1 << hole for hole in set(holes))


def holes_of(pegs: Pegs) -> tuple[int, ...]:
    """Return the holes that hold a peg in *pegs*, in order.

    >>> holes_of(0b1010), holes_of(pegs_of([7, 2]))
    ((1, 3), (2, 7))
    """
    return tuple(hole for hole in range(pegs.bit_length()) if pegs >> hole & 1)


def chains(jumps_made: Iterable[tuple[int, int]]) -> list[Move]:
    """Return jumps ``(from, to)`` joined into moves: one peg's consecutive jumps form one.

    >>> chains([(15, 7), (13, 15), (15, 7), (6, 3), (3, 8)])
    [(15, 7), (13, 15, 7), (6, 3, 8)]
    """
    found: list[list[int]] = []
    for start, to in jumps_made:
        if found and found[-1][-1] == start:
            found[-1].append(to)
        else:
            found.append([start, to])
    return [tuple(chain) for chain in found]


def format_moves(moves_made: Iterable[Iterable[int]]) -> str:
    """Return moves as one line of text, each move in brackets: ``(15,7)(13,15,7)``.

    >>> format_moves([(15, 7), (13, 15, 7)])
    '(15,7)(13,15,7)'
    """
    return "".join("(" + ",".join(map(str, move)) + ")" for move in moves_made)
