"""The worked solutions of lesson 10 (maps and grids), by exercise id.

The answer cells are ``answer_10_1`` (the corners problem, a class), ``answer_10_2`` (the same
class with a heuristic) and ``answer_10_3`` (the picks of ``PredictNext`` on
``walled = GridWorld(PREDICT_GRID)``).
"""

from __future__ import annotations

from .solution import Solution, code, words

#: The worked solutions of this group, by exercise id.
MAPS_SOLUTIONS: dict[str, Solution] = {}

MAPS_SOLUTIONS["maps_and_grids:corners"] = Solution(
    answer=code("""
        class Corners:
            # A state is (cell, corners still to visit): the cell alone forgets which corners
            # are done, and more (every cell visited, the path) splits one future into many.
            def __init__(self, world):
                self.world = world
                self.corners = frozenset(corner_cells(world))

            @property
            def start(self):
                cell = self.world.start
                return (cell, self.corners - {cell})  # standing on a corner: it is visited

            def is_goal(self, state):
                cell, left = state
                return not left  # every corner visited

            def successors(self, state):
                cell, left = state
                steps = []
                for action, after, cost in self.world.successors(cell):  # the map's own steps
                    steps.append((action, (after, left - {after}), cost))
                return steps


        answer_10_1 = Corners
        check_corners(answer_10_1);
    """),
    explanation=words("""
        Ask the class first what two walks must share to have the same future: the cell they
        stand on, and which corners are still to visit. That pair is the state; everything
        else (the path, every cell seen, the order of the corners) only multiplies the states
        without changing what can happen next. A frozenset keeps the corners left hashable
        and order-free. The start's own corner counts as visited at once, and a step costs
        what the world says the cell entered costs (forest and water too).
    """),
    mistakes=(
        "Keeping only the cell: the goal cannot be told from the state, and the check counts "
        "no more states than open cells.",
        "Remembering every cell visited or the whole path: the states explode and the check "
        "stops the exploration.",
        "Keeping the corners left as a list (not hashable) or as a tuple in visiting order "
        "(more states than needed).",
        "Forgetting that the start may stand on a corner already.",
        "Giving every step cost 1 on a map with forest and water.",
    ),
)

MAPS_SOLUTIONS["maps_and_grids:corners-heuristic"] = Solution(
    answer=code("""
        class CornersWithHeuristic(Corners):
            def heuristic(self, state):
                # Every corner still to visit must be reached, walls or not: the walk is at
                # least as long as the rows plus columns to the farthest of them (each step
                # costs at least 1 here). One step changes that distance by at most 1, so it
                # is consistent too; at the goal no corner is left, and it says 0.
                cell, left = state
                distances = [abs(cell[0] - r) + abs(cell[1] - c) for r, c in left]
                return max(distances, default=0)


        answer_10_2 = CornersWithHeuristic
        check_corners_heuristic(answer_10_2);
    """),
    explanation=words("""
        Relax the problem: with no walls, the cheapest visit of the corners left is at least
        the distance to the farthest of them. That passes with a good grade; the table shows
        what a stronger relaxation saves: the shortest tour through every corner left, walls
        ignored (try the orders with itertools.permutations), halves the nodes again. Adding
        the distances to every corner overestimates: one walk passes several corners.
    """),
    mistakes=(
        "Summing the distances to all corners left: it overestimates (one walk serves several "
        "corners), and the check shows the state where it does.",
        "The number of corners left: admissible but so weak that A* expands almost as many "
        "nodes as with none.",
        "A heuristic that is not 0 at the goal, or that forgets the corners already visited.",
    ),
)

MAPS_SOLUTIONS["maps_and_grids:predict-astar"] = Solution(
    answer=code("""
        answer_10_3 = "3 5 7 1 2 18"  # the lowest f = g + h each time
        check_predictions(answer_10_3, walled, "astar", "manhattan");
    """),
    explanation=words("""
        A* takes the lowest f = g + h. For the first three questions it walks straight at G
        along the middle row (f = 5 each time, the two cells beside the start wait at 7), into
        the pocket closed by the wall. There f rises: the only way on is round, and the
        cells beside the start, f = 7, come first (either is right, puzzlelab takes the
        older). At the last question three nodes tie at f = 9, and any of them is right.
    """),
    mistakes=(
        "Picking the cell nearest G (greedy search): it ignores the steps already taken.",
        "Expecting A* to see the wall: h is Manhattan distance, which knows no walls.",
    ),
)
