"""Worked solutions of the "be the frontier" exercises of lessons 1 to 4 (``PredictNext``).

Each answer is the line the widget shows when every pick is right. The explanation says the
rule the search follows, which is what the class should say aloud before each pick.
"""

from __future__ import annotations

from .solution import Solution, code, words

PREDICT_SOLUTIONS: dict[str, Solution] = {}

PREDICT_SOLUTIONS["state_spaces_and_bfs:predict-bfs"] = Solution(
    answer=code("""
        answer_1_4 = "1 2 3 4 6 7"  # always the node that has waited longest: the lowest number
        check_predictions(answer_1_4, near_goal, "bfs");
    """),
    explanation=words("""
        Breadth-first search takes its frontier in the order nodes were generated, so the
        right pick is always the lowest number in the table: the boards one move away, then
        two moves away, ring by ring. The numbers missing from the table (5, 8, ...) are
        duplicates: states reached before, which graph search does not push.
    """),
    mistakes=(
        "Picking the board that looks closest to the goal: that is what a heuristic does, and "
        "breadth-first search has none.",
        "Picking the newest node, as depth-first search would.",
    ),
)

PREDICT_SOLUTIONS["write_your_own_search:predict-dfs"] = Solution(
    answer=code("""
        answer_2_4 = "2 5 7 13 15 21"  # always the newest node: the highest number
        check_predictions(answer_2_4, three_jugs, "dfs");
    """),
    explanation=words("""
        Depth-first search takes the newest node, the last one pushed: the highest number in
        the table. It goes down one branch of pours and leaves node 1 and node 3 waiting the
        whole time.
    """),
    mistakes=(
        "Picking the oldest node (breadth-first search).",
        "Picking the first successor of the node just expanded, as a recursive search would: "
        "the stack version pushes them all and takes the last.",
    ),
)

PREDICT_SOLUTIONS["write_your_own_search:predict-ucs"] = Solution(
    answer=code("""
        answer_2_5 = "1 3 7 2 10 4"  # always the lowest g, the litres poured so far
        check_predictions(answer_2_5, by_the_litre, "ucs");
    """),
    explanation=words("""
        Uniform-cost search takes the node of lowest path cost g, here the litres moved so
        far, whatever its depth: node 2 (the big jug filled, 7 litres) waits until every
        cheaper node has been expanded. At the last question two nodes cost the same, and
        either is right.
    """),
    mistakes=(
        "Picking by the number of actions (breadth-first search): the 7 litre fill is one "
        "action but the dearest node.",
        "Picking the node nearest the target of 1 litre: uniform-cost search has no estimate.",
    ),
)

PREDICT_SOLUTIONS["bidirectional_and_longest:predict-backward"] = Solution(
    answer=code("""
        answer_3_4 = "1 2 3 5 6 7"  # breadth-first from the goal: the lowest number again
        check_predictions(answer_3_4, backwards, "bfs");
    """),
    explanation=words("""
        The backward half of bidirectional search is breadth-first search that starts at the
        goal: the same rule, the oldest node first, in rings around the goal. The numbers
        missing from the table are duplicates, boards the backward search had reached before.
    """),
    mistakes=(
        "Expecting the backward search to head for the start: it knows nothing of where the "
        "start is, only the order nodes were generated.",
    ),
)

PREDICT_SOLUTIONS["heuristic_search:predict-astar"] = Solution(
    answer=code("""
        answer_4_5 = "2 6 9 15 11 19"  # the lowest f = g + h each time
        check_predictions(answer_4_5, eight_board, "astar", "manhattan");
    """),
    explanation=words("""
        A* takes the lowest f = g + h. Every node of f = 12 waits the whole time: there is
        always one of f = 10. At questions 3 and 4 two nodes have f = 10, and either is
        right. The line above is what puzzlelab's A* takes: at question 3 both have h = 7
        and it takes the older, node 9; at question 4 node 15, of smaller h, before node 11.
    """),
    mistakes=(
        "Picking the lowest h alone (greedy search) or the lowest g (uniform-cost search).",
        "Picking by the order nodes were generated: A* ignores it except among equals.",
    ),
)
