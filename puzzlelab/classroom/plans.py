"""A plan for each lesson, by lesson slug: goals, time, the sections to project, questions.

A section to project is named by its heading, as the notebook writes it, never by a cell
number that an edit of the lesson could leave behind.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plan:
    """One lesson's plan.

    *timing* says how the *minutes* in class divide; *project* holds the sections to show on the
    projector, each as its heading (without ``#``) and what to show and say there.

    Examples
    --------
    >>> plan = PLANS["mastermind"]
    >>> plan.minutes, plan.project[0]
    (60, ('1. The game', 'A game on the board; let the class answer.'))
    """

    goals: tuple[str, ...]
    minutes: int
    timing: str
    project: tuple[tuple[str, str], ...]
    questions: tuple[str, ...]


PLANS: dict[str, Plan] = {}

PLANS["first_search_problem_water_jugs"] = Plan(
    goals=(
        "Describe a puzzle as states, actions and a goal test.",
        "Write a small search problem for simpleai and solve it with breadth-first search.",
        "Read a state graph, and say why breadth-first search finds the fewest actions and "
        "depth-first search need not.",
        "Explain why some targets can never be reached (the greatest common divisor).",
    ),
    minutes=50,
    timing="25 minutes through sections 1-10 on the projector, 5 on the tap and the "
    "unreachable target, 20 for the exercises in pairs.",
    project=(
        ("2. States", "Write a few states on the board before showing the cell."),
        ("5. The search problem written by hand", "Read the three methods aloud."),
        ("8. The solution, one pour at a time", "Step the player; let the class call the pours."),
        ("9. The whole state graph", "The path through the graph: every state appears once."),
        ("10. Breadth-first against depth-first search", "Same graph, longer path."),
        ("12. A target no search can reach", "The search says why, before anyone searches."),
    ),
    questions=(
        "What do we need to write down to describe the situation at any moment?",
        "How many states could there be at most, and why are most never reached?",
        "Why does breadth-first search find the fewest pours?",
        "Depth-first search found a solution too: why is it longer?",
        "With a 6 and a 9 litre jug, can you ever measure 4 litres? Why not?",
    ),
)

PLANS["state_spaces_and_bfs"] = Plan(
    goals=(
        "Write the 8-puzzle as a state space: states, actions, start and goal.",
        "Explain why only half of the arrangements can reach the goal (parity of inversions).",
        "Run breadth-first search and read its counts of expanded and generated boards.",
        "Tell tree search from graph search, and explain why simpleai slows down on hard boards.",
    ),
    minutes=60,
    timing="10 minutes on the state space, 15 on parity, 20 on breadth-first search and its "
    "tree, 15 for the exercises.",
    project=(
        ("1. The 8-puzzle as a state space", "Start and goal side by side; ask for the moves."),
        (
            "2. How many boards? Only half of them can be reached",
            "The two islands of the state space.",
        ),
        ("4. Breadth-first search", "The player, and the rings of expanded boards."),
        ("5. The search tree", "The first levels; the replay step by step."),
        ("6. Tree search against graph search", "The same search with and without memory."),
    ),
    questions=(
        "How many arrangements of the tiles are there? Can every one be solved?",
        "What does a slide do to the order of the tiles read row by row?",
        "Breadth-first search expanded every board up to depth d: why is the solution it "
        "returns the shortest?",
        "What does graph search remember that tree search does not, and what does it cost?",
    ),
)

PLANS["write_your_own_search"] = Plan(
    goals=(
        "Read the loop that every search of puzzlelab shares: frontier, reached states, goal test.",
        "Write breadth-first search by hand and check it against puzzlelab's with check_search.",
        "Write depth-first search, uniform-cost search and A* from an empty function.",
        "Explain why the fewest actions need not be the cheapest path.",
    ),
    minutes=60,
    timing="15 minutes on the loop and breadth-first search by hand, 10 on check_search, 10 "
    "on priority queues and the hasty search, 25 for the exercises.",
    project=(
        ("1. The loop inside the searches", "Read the loop aloud, one line a student."),
        ("2. Breadth-first search by hand", "The deque and the set."),
        ("3. Is it *really* breadth-first search?", "The check's message on the broken copy."),
        ("4. Priority queues, and a search written in a hurry", "Why the hasty search fails."),
        ("5. The fewest actions, or the cheapest way?", "Jugs that charge by the litre."),
    ),
    questions=(
        "Which end of the frontier does breadth-first search take from? And depth-first?",
        "When is a state 'reached': when it is generated or when it is expanded? Does it matter?",
        "What changes from uniform-cost search to A*? What stays?",
        "Why may uniform-cost search not stop at the first goal it generates?",
    ),
)

PLANS["bidirectional_and_longest"] = Plan(
    goals=(
        "Explain bidirectional search and estimate what it saves (b^(d/2) against b^d).",
        "Run breadth-first search outward from the goal to find every board's distance.",
        "Find the hardest boards of a puzzle, and explain the shape of the histogram of distances.",
    ),
    minutes=45,
    timing="10 minutes on a hard board, 15 on bidirectional search and the two frontiers, 10 "
    "on the longest positions, 10 for the exercises.",
    project=(
        ("2. Search from both ends", "The arithmetic of two half searches."),
        ("3. The two frontiers meeting", "The frontiers growing towards each other."),
        (
            "4. The longest positions: breadth-first search from the goal",
            "The histogram and the two hardest boards.",
        ),
    ),
    questions=(
        "If each side searches half the depth, how many boards does each generate?",
        "What must we know about the goal to search backwards from it?",
        "Why are odd and even distances not equally common near the top of the histogram?",
        "Would the hardest board change if the blank's home were the middle?",
    ),
)

PLANS["heuristic_search"] = Plan(
    goals=(
        "Define a heuristic, and say when it is admissible and when consistent.",
        "Compare greedy search and A*: what each expands, and which path each returns.",
        "Write an admissible heuristic and measure how informed it is.",
        "Explain weighted A*, dominance and the effective branching factor.",
    ),
    minutes=90,
    timing="Two classes of 45 minutes: sections 1-6 and exercises 1-2 in the first, sections "
    "7-10 and exercises 3-4 in the second.",
    project=(
        ("1. A guess of the distance to the goal", "The three guesses on one board."),
        ("3. A\\*: moves made plus moves guessed", "A* against greedy search and BFS."),
        ("6. The classic mistake: counting the blank", "The overestimated board, step by step."),
        ("8. Inside A\\*: the frontier with f, g and h", "The replay; f never drops."),
        ("9. Consistency: when never overestimating is not enough", "h drops by more than 1."),
    ),
    questions=(
        "Glance at a board: how would you guess how far it is from the goal?",
        "Greedy search found a path quickly: why is it not the shortest?",
        "Why does counting the blank make Manhattan distance overestimate?",
        "If h never overestimates, why can A* still expand a board twice?",
        "What does an effective branching factor of 1.3 mean?",
    ),
)

PLANS["fifteen_puzzle_and_idastar"] = Plan(
    goals=(
        "Count the 15-puzzle's boards and explain why breadth-first search runs out of memory.",
        "Explain IDA*: depth-first search with a rising bound on f, remembering one path.",
        "Read IDA*'s iterations, and estimate the work of a deep search.",
    ),
    minutes=50,
    timing="10 minutes on the size of the puzzle, 20 on A* against IDA* and its iterations, "
    "10 on the contest article's board, 10 for the exercises.",
    project=(
        ("1. How many boards?", "Petabytes: the numbers, read aloud."),
        ("3. A\\* remembers everything; IDA\\* remembers one path", "Memory side by side."),
        ("4. One IDA\\* run, iteration by iteration", "Each bound and its boards."),
        ('6. What "80 moves" means', "The estimate of the work, bound by bound."),
    ),
    questions=(
        "How much memory would one bit per board of the 15-puzzle take?",
        "IDA* repeats work at every iteration: why is that cheap?",
        "What is the next bound after an iteration that fails?",
        "How would a better heuristic change the number of iterations?",
    ),
)

PLANS["pattern_databases"] = Plan(
    goals=(
        "Explain a heuristic as the exact distance of a relaxed puzzle.",
        "Build a pattern database: solve a smaller puzzle of a few tiles once, from the goal.",
        "Say when two databases may be added (each counts its own tiles' moves) and when "
        "only their maximum is safe.",
        "Weigh the memory of a table against the boards IDA* saves.",
    ),
    minutes=60,
    timing="15 minutes on relaxed puzzles and a first database, 15 on adding tables, 15 on "
    "the 15-puzzle's tables and the contest article's board, 15 for exercises 1 and 3 "
    "(exercise 2 at home: it builds tables for a minute).",
    project=(
        ("1. A heuristic is the answer to an easier puzzle", "Manhattan as a relaxed puzzle."),
        ("2. Keep a few tiles, forget the others", "A board as a pattern sees it."),
        ("3. Two databases: may we add them?", "The two reports side by side."),
        ("6. How many boards does IDA\\* save?", "Boards against memory."),
        (
            "7. The contest article's board, proved optimal",
            "Lesson 5's 11 minutes, now in seconds.",
        ),
    ),
    questions=(
        "Which rule of the puzzle does Manhattan distance forget?",
        "If a pattern has 5 tiles, how many entries does its table need?",
        "Why may we add two tables that count only their own tiles' moves, but not two "
        "that count every move?",
        "Which tiles should share a pattern?",
    ),
)

PLANS["backtracking_and_queens"] = Plan(
    goals=(
        "Count the arrangements that generate and test tries.",
        "Explain backtracking: check each queen as it is placed, retreat when stuck.",
        "Use symmetry to group solutions into families.",
        "Compare systematic search with min-conflicts for large boards.",
    ),
    minutes=60,
    timing="10 minutes on generate and test, 20 on backtracking with the replay, 10 on "
    "solutions and symmetry, 10 on constraint problems and min-conflicts, 10 for exercises.",
    project=(
        ("3. Generate and test", "How many candidates for 8 queens."),
        ("4. Backtracking: check each queen as you place it", "The replay: watch it retreat."),
        ("6. All 92 solutions, and the 12 that are really different", "The twelve families."),
        ("8. Min-conflicts: hundreds and thousands of queens", "Repair instead of search."),
    ),
    questions=(
        "How many ways are there to put one queen in each row and each column?",
        "When can backtracking stop exploring a partial board?",
        "Two solutions are mirror images: are they really different?",
        "Why does min-conflicts get faster, not slower, with more queens?",
    ),
)

PLANS["mastermind"] = Plan(
    goals=(
        "Compute the answer (bulls and cows) to a question, with and without repeated colours.",
        "Keep only the codes consistent with every answer so far.",
        "Compare strategies by their average and worst number of questions over all secrets.",
        "Choose a question by how it splits the possible codes (minimax, entropy).",
    ),
    minutes=60,
    timing="10 minutes playing in pairs, 15 on consistent codes and the consistent strategy, 15 "
    "on better questions, 5 on classic Mastermind, 15 for the exercises.",
    project=(
        ("1. The game", "A game on the board; let the class answer."),
        ("2. Which codes are still possible?", "How the candidates shrink."),
        ("4. All 5,040 secrets at once", "Questions per secret."),
        ("5. Can we ask better questions?", "Four strategies side by side."),
    ),
    questions=(
        "After 0 bulls and 2 cows for 0 1 2 3, which codes are still possible?",
        "Is it always best to ask a code that could be the secret?",
        "Which is better: a question that splits the codes evenly, or one that might win now?",
        "Why is the worst case a different question from the average?",
    ),
)

PLANS["peg_solitaire"] = Plan(
    goals=(
        "Explain iterative deepening: depth-first search with a limit of 1, 2, 3, ... moves.",
        "Measure how little the repeated top of the tree costs.",
        "Use a lower bound (the pegs in corners) and an invariant (peg groups) to prune.",
        "Say why some boards can never be solved, before any search.",
    ),
    minutes=60,
    timing="10 minutes on the board and the rules, 15 on iterative deepening, 20 on the three "
    "programs, 15 for the exercises.",
    project=(
        ("1. The board and the rules", "A jump and a chain of jumps."),
        ("3. Iterative deepening", "The trees for limits 1, 2 and 3."),
        ("4. Three programs on one small instance", "Positions visited, three programs."),
        ("5. The complement problem from hole 7: 12 moves", "The solution played."),
        ("The French board: no complement game at all", "The three colours."),
    ),
    questions=(
        "Why can breadth-first search not keep the whole tree of this puzzle in memory?",
        "Iterative deepening repeats the top of the tree: how much does that cost?",
        "Why can a peg in a corner never be jumped over, and what does that tell a search?",
        "How can a colouring prove that a board has no solution?",
    ),
)
