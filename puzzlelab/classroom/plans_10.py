"""The plan of lesson 10: maps and grids (taught after lesson 4, numbered 10 to keep 5-9's)."""

from __future__ import annotations

from .plan import Part, Plan, ask

#: The plan of lesson 10, by lesson slug.
PLANS_10: dict[str, Plan] = {}

PLANS_10["maps_and_grids"] = Plan(
    goals=(
        "Read a search drawn on its domain: expansion order, frontier, path.",
        "Explain why A* with a consistent heuristic expands only the states whose f is below "
        "the cheapest cost, and uniform-cost search those whose g is; predict both on a map.",
        "Match a heuristic to the moves: Manhattan distance for four directions, octile for "
        "eight, and show with check_heuristic where Manhattan overestimates.",
        "Formulate a problem whose state must remember (the corners), and design a heuristic "
        "for it judged by the work it saves.",
    ),
    minutes=60,
    parts=(
        Part("1-2", "Romania: the same road, twelve towns against five, and why.", 12, 11),
        Part("3", "The circle and the ellipse on a grid.", 5, 4),
        Part("4-5", "Breadth-first flooding; terrain.", 6, 4),
        Part("6-8", "Greedy, A*, weighted A*, bidirectional on one map.", 9, 7),
        Part("9", "Manhattan against octile distance.", 5, 4),
        Part("10", "The students draw maps and race the searches.", 8, 5),
        Part("Exercises", "Exercise 3 and exercise 1 in class, exercise 2 at home.", 15, 15),
    ),
    fifty="Shorten sections 3 to 10 by a minute or two each (section 10 to five minutes of "
    "drawing); keep sections 1-2, the lesson's question, and the exercises whole.",
    project=(
        ("1. Romania: two searches, one road", "The two maps side by side; then step A*."),
        (
            "2. Why: A\\* expands only the towns whose *f* is below 418",
            "The plot of g against h, with the two lines.",
        ),
        ("3. The same rule on a grid: a circle and an ellipse", "The circle and the ellipse."),
        ("6. Greedy search rushes, A\\* leans towards the goal", "Three searches, one map."),
        ("8. Bidirectional search: two frontiers meet", "Two small diamonds for one large."),
        ("10. Your map: four searches side by side", "Draw a map the class suggests."),
    ),
    questions=(
        ask(
            "Uniform-cost search expanded Oradea and Drobeta, A* did not: what did A* know "
            "that uniform-cost search did not?",
            "How far each town still is from Bucharest, at least: the straight line. For "
            "Oradea g + h = 146 + 380 = 526 km, over the 418 of the best road, so no road "
            "through Oradea can be the best one; uniform-cost search sees only g = 146, below "
            "418, and must look.",
            "That the towns are dead ends: Oradea is not one; A* never looks at its roads.",
            "It was lucky in the order of the actions: the order decides only ties, and "
            "Oradea's f is far above 418.",
        ),
        ask(
            "Which towns does A* expand on this map, and why exactly those?",
            "Every town whose f = g* + h is below the cheapest cost, 418 km (Arad, Sibiu, "
            "Rimnicu Vilcea, Fagaras, Pitesti), and none above: with a consistent heuristic A* "
            "takes nodes in order of growing f and stops when it takes the goal, at f = 418.",
            "The towns on the best road: Fagaras (f = 415) is expanded too and is not on it.",
        ),
        ask(
            "Why does breadth-first search flood a diamond on a grid of four directions, and a "
            "square with eight?",
            "It expands cells in rings of equal steps from the start; with four directions the "
            "cells k steps away are those with rows plus columns = k, a diamond; with eight a "
            "diagonal step counts one, so the ring is the largest of rows and columns = k, a "
            "square.",
            "Because of the order of the actions: the order changes which cell of a ring comes "
            "first, not the ring.",
        ),
        ask(
            "With diagonal steps, why does Manhattan distance overestimate, and what does A* "
            "do with it?",
            "One diagonal step costs √2 ≈ 1.41 and lowers Manhattan distance by 2, so on a "
            "diagonal h is above the true cost (check_heuristic finds the cells). A* then acts "
            "like weighted A*: it expands fewer cells and may return a dearer walk (33.83 "
            "against 30.90 on the lesson's map).",
            "It does not: Manhattan never overestimates: that holds for four directions only.",
        ),
        ask(
            "Why is the cell not enough as the state of the corners problem?",
            "The future depends on which corners are still to visit: two walks that end on the "
            "same cell, one with every corner visited and one with none, have different "
            "cheapest ways to the goal. The state is (cell, corners left), and no more: "
            "remembering the path would make every walk a new state.",
            "Because a cell is not hashable: a tuple (row, column) is.",
            "The state should hold the whole path: then no state is ever reached twice, and "
            "graph search prunes nothing.",
        ),
    ),
)
