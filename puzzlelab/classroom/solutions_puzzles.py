"""The worked solutions of lessons 7 to 9 (puzzles with solvers of their own), by id."""

from __future__ import annotations

from .solution import Solution, code, words

#: The worked solutions of this group, by exercise id.
PUZZLE_SOLUTIONS: dict[str, Solution] = {}

# ---------------------------------------------------------------- lesson 7: queens

PUZZLE_SOLUTIONS["backtracking_and_queens:work"] = Solution(
    answer=code("""
        from puzzlelab.exercises import check_safe, check_small_family, check_work

        # Generate and test tries one queen per row and per column: 12 columns for the first
        # row, 11 for the second, ... , 12! arrangements.
        candidates = math.factorial(12)
        # Backtracking: stats.expanded counts the queens it placed on the way to every
        # solution.
        queens_placed = backtracking(12).stats.expanded
        print(f"{candidates:,} candidates against {queens_placed:,} queens placed")
        answer_7_1 = (candidates, queens_placed)
        check_work(*answer_7_1);
    """),
    explanation=words("""
        The first number on paper, the second by running the search. The ratio is the
        lesson's point: checking each queen as it is placed cuts off whole subtrees.
    """),
    mistakes=(
        "12**12: that lets two queens share a column.",
        "`math.comb(144, 12)`: every way to put 12 queens anywhere.",
        "Reading the solutions count, not `stats.expanded`, for the queens placed.",
    ),
)

PUZZLE_SOLUTIONS["backtracking_and_queens:small-family"] = Solution(
    answer=code("""
        # A family holds the different boards among a solution's 8 images (4 turns, each
        # mirrored or not). It is smaller than 8 only when some image is the board itself:
        # look for a solution that a half turn leaves unchanged (row r, column c goes to row
        # 7 - r, column 7 - c).
        half_turn = [p for p in fundamental_solutions(8)
                     if all(p[7 - row] == 7 - col for row, col in enumerate(p))]
        print(half_turn, [len(family(p)) for p in half_turn])  # the reasoning, checked
        small_family_solution = half_turn[0]
        # Its 8 images come in pairs (an image and its half turn are the same board).
        family_size = 8 // 2
        answer_7_2 = (small_family_solution, family_size)
        check_small_family(*answer_7_2);
    """),
    explanation=words("""
        A solution's family is smaller than 8 when a symmetry maps it to itself. For 8
        queens only the half turn does, for one solution, so its 8 images come in pairs.
        Any member of that family counts.
    """),
    mistakes=(
        "A solution from one of the other families (their 8 images are all different).",
        "8 for the size, or a size worked out from 92 and 12 without finding the solution.",
    ),
)

PUZZLE_SOLUTIONS["backtracking_and_queens:safe"] = Solution(
    answer=code("""
        def my_safe(placement, col):
            # The new queen goes in row len(placement). The queen of row r, column c attacks
            # it along the column (c == col) or along a diagonal (the rows between equal the
            # columns between). Rows never clash: one queen per row.
            row = len(placement)
            return all(c != col and abs(c - col) != row - r for r, c in enumerate(placement))


        answer_7_3 = my_safe
        check_safe(answer_7_3);
    """),
    explanation=words("""
        Two attacks to test, since the rows are distinct by construction: the same column,
        and the same diagonal, where the row difference equals the column difference.
    """),
    mistakes=(
        "Forgetting one of the two diagonals (testing `c - col` without `abs`).",
        "Testing rows, which never clash, and missing the columns.",
        "Calling puzzlelab's `safe`: the check refuses it.",
    ),
)

# ---------------------------------------------------------------- lesson 8: mastermind

PUZZLE_SOLUTIONS["mastermind:bulls-and-cows"] = Solution(
    answer=code("""
        def score(guess, secret):
            bulls = sum(1 for g, s in zip(guess, secret) if g == s)
            # Each colour matches as often as it appears in both codes: the smaller count.
            shared = sum(min(guess.count(colour), secret.count(colour)) for colour in set(guess))
            return bulls, shared - bulls  # a bull is not counted again as a cow


        # By hand, guess 1 1 2 2 against secret 2 1 1 5: only the second peg matches (1 bull).
        # Colour 1 twice in each (2 shared), colour 2 twice in the guess, once in the secret
        # (1 shared): 3 shared, less the bull, 2 cows.
        print("guess ", PEG_GUESS, "\\nsecret", PEG_SECRET)
        print("score ", score(PEG_GUESS, PEG_SECRET))
        answer_8_1 = score
        check_answer(answer_8_1);
    """),
    explanation=words("""
        With repeated colours, count each colour's matches as the smaller of its counts in
        the two codes, add them up, and take away the bulls. Doing 1 1 2 2 against 2 1 1 5
        by hand first shows why each of the three steps is needed.
    """),
    mistakes=(
        "Counting a bull again as a cow.",
        "Counting a guess peg as a cow whenever its colour is anywhere in the secret (3 or 4 "
        "cows where the secret has the colour once).",
        "Calling `game.answer`: the check refuses it.",
    ),
)

PUZZLE_SOLUTIONS["mastermind:codes-left"] = Solution(
    answer=code("""
        print(TWO_ANSWERS)
        # A code is still possible when it would have given both answers: candidates keeps
        # exactly those (section 2).
        answer_8_2 = len(game.candidates(TWO_ANSWERS))
        print(answer_8_2, "codes left")
        check_codes_left(answer_8_2);
    """),
    explanation=words("""
        Section 2's idea with two answers instead of one. Ask first how many codes the first
        answer alone leaves (section 2 printed it) and guess how far the second cuts it.
    """),
    mistakes=("Counting the codes consistent with one of the two answers only.",),
)

PUZZLE_SOLUTIONS["mastermind:strategy"] = Solution(
    answer=code("""
        def my_strategy(game, candidates):
            # Ask the candidate whose worst answer leaves the fewest codes. sizes[i, k] is how
            # many candidates would give answer k if candidate i were asked.
            sizes = group_sizes(game, candidates, guesses=candidates)
            return candidates[sizes.max(axis=1).argmin()]


        answer_8_3 = my_strategy
        check_strategy(answer_8_3);
    """),
    explanation=words("""
        Knuth's idea restricted to consistent codes: of the questions that might win at once,
        take the one whose largest group of answers is smallest.
    """),
    mistakes=(
        "Returning a code instead of its number in `game.codes`.",
        "A strategy that is no better than the first consistent code (5.56 on average).",
        "Picking a consistent code at random (about 5.47): refused as chance, and not below "
        "5.40 either.",
        "Handing back one of `STRATEGIES`: the check refuses it.",
    ),
)

# ---------------------------------------------------------------- lesson 9: peg solitaire

PUZZLE_SOLUTIONS["peg_solitaire:last-iteration-share"] = Solution(
    answer=code("""
        run = peg_solvers.iterative_deepening(SHARE_PUZZLE)  # plain: no groups, no bound
        last = run.stats.iterations[-1]["expanded"]  # positions of the last iteration
        answer_9_1 = last / run.stats.expanded  # against every position of every iteration
        print(f"{answer_9_1:.3f}")
        check_last_iteration_share(answer_9_1);
    """),
    explanation=words("""
        The stats keep one entry per iteration: divide the last one's positions by the total.
        About half: repeating the top of the tree costs about as much as the last iteration,
        because that one stops at the solution.
    """),
    mistakes=(
        "A percentage (49) instead of a fraction.",
        "Guessing one half, or 0.49 (a round figure), without running the search.",
        "Measuring with section 3's `iddfs` (about 0.62): it counts the positions it expands, "
        "not those at the limit, and drops repeated ones; the exercise text says why.",
    ),
)

PUZZLE_SOLUTIONS["peg_solitaire:english-corners"] = Solution(
    answer=code("""
        # In section 6's numbering, a corner is a hole with no hole on both sides of it, in
        # its row or its column: the ends of the cross's four arms.
        ENGLISH_CORNERS = (1, 3, 7, 13, 21, 27, 31, 33)


        def count_corners(pegs):
            return sum((pegs >> hole) & 1 for hole in ENGLISH_CORNERS)


        answer_9_2 = count_corners
        check_english_corners(answer_9_2);
    """),
    explanation=words("""
        Find the corners on the printed numbering (no peg can ever jump over them), then add
        one bit per corner.
    """),
    mistakes=(
        "The 21-hole triangle's corners instead of the English board's.",
        "Reading puzzlelab's own list of corners: the check refuses it.",
    ),
)

PUZZLE_SOLUTIONS["peg_solitaire:solvable-holes"] = Solution(
    answer=code("""
        solvable = set()
        for hole in range(1, 22):
            complement = PegSolitaire("triangle21", hole=hole)
            try:
                complement.check_solvable()  # the board's arguments refuse some holes at once
            except ValueError:
                continue
            if peg_solvers.solve(complement, "dfs").solved:  # the others need a search
                solvable.add(hole)
        print(sorted(solvable))
        answer_9_3 = solvable
        check_solvable_holes(answer_9_3);
    """),
    explanation=words("""
        Let the arguments of section 4 rule out what they can, and search for the rest. A
        good question for the class: which holes would you guess before running it?
    """),
    mistakes=(
        "Corner holes put in without a search: none of them has a solution.",
        "Holes missing because only a few were searched.",
    ),
)
