"""Mastermind: how fast every strategy is evaluated over every secret, and what it finds.

Run: ``.venv/bin/python benchmarks/bench_mastermind.py``. Prints markdown tables, PASS / FAIL
beside every target.

How things are measured:

- the answer table (codes x codes) is timed on a fresh game, best of 3; evaluations reuse the
  game's table and are timed best of 2 (the decision tree is built from scratch each time);
- "replaying games" is the seed's way: one game per secret, each guess the first code
  consistent with the answers so far, found by scanning the codes in pure Python. It runs on
  a sample of secrets and is scaled up to all 5,040;
- simpleai: the seed's strategy as a ``CspProblem`` solved by ``simpleai.search.backtrack``
  for every guess of a game, against puzzlelab's ``play`` on the same secrets. ``play`` reads
  the answer table, built once beforehand (its time is in the first table), so the ratio is
  that of a guess from the table against a guess by backtracking through the codes.
"""

from __future__ import annotations

import random
import time

from puzzlelab.puzzles.mastermind import (
    Mastermind,
    answer_of,
    bulls_and_cows,
    classic_mastermind,
    is_consistent,
)
from puzzlelab.simpleai_problems.mastermind import play_with_csp
from puzzlelab.solvers.mastermind import STRATEGIES, evaluate, play

from measure import best_of, machine, verdict

SEED_HARDEST = {(9, 4, 3, 1), (9, 2, 4, 1), (5, 2, 9, 3), (9, 2, 0, 4), (9, 2, 1, 4)}
TABLE_TARGET = 1.0  # seconds for the 5,040 x 5,040 answer table
EVALUATION_TARGET = 10.0  # seconds per strategy on 5,040 codes ("in seconds")
REPLAY_SAMPLE = 60


def replay_seed_way(game, secret):
    """One game the seed's way: scan the codes for the first consistent one, ask it, repeat."""
    history = []
    while not history or history[-1][1] != game.win:
        guess = next(code for code in game.codes if is_consistent(code, history))
        history.append((guess, answer_of(guess, secret)))
    return history


def main() -> None:
    print(f"# Mastermind benchmarks\n\n{machine()}\n")
    game = bulls_and_cows()

    _, seconds = best_of(lambda: Mastermind(10, 4).table)
    _, classic_seconds = best_of(lambda: Mastermind(6, 4, repeats=True).table)
    print("## The answer table\n")
    print("| game | codes | seconds | target | |")
    print("|---|---:|---:|---:|---|")
    print(f"| bulls and cows | 5,040 | {seconds:.3f} | <= {TABLE_TARGET} s | "
          f"{verdict(seconds <= TABLE_TARGET)} |")  # fmt: skip
    print(f"| classic Mastermind | 1,296 | {classic_seconds:.3f} | | |\n")

    print("## Every strategy over every secret (questions include the final correct guess)\n")
    print("| game | strategy | first guess | average | worst | secrets at worst | seconds | "
          "target | |")  # fmt: skip
    print("|---|---|---|---:|---:|---:|---:|---:|---|")
    results = {}
    for label, g in (("bulls and cows", game), ("classic", classic_mastermind())):
        for name in STRATEGIES:
            result, took = best_of(lambda g=g, name=name: evaluate(g, name), runs=2)
            assert result.solved, result.reason
            results[label, name] = result
            target = f"<= {EVALUATION_TARGET:.0f} s" if label == "bulls and cows" else ""
            ok = verdict(took <= EVALUATION_TARGET) if target else ""
            first = g.format(result.first_guess)
            print(f"| {label} | {name} | {first} | {result.average:.4f} | {result.worst} | "
                  f"{len(result.hardest)} | {took:.2f} | {target} | {ok} |")  # fmt: skip

    seed = results["bulls and cows", "consistent"]
    knuth = results["classic", "minimax"]
    print("\n## The seed's figures and Knuth's\n")
    print("| figure | expected | measured | |")
    print("|---|---|---|---|")
    print(f"| seed: average questions | 5.56 | {seed.average:.4f} | "
          f"{verdict(round(seed.average, 2) == 5.56)} |")  # fmt: skip
    print(f"| seed: most questions | 9 | {seed.worst} | {verdict(seed.worst == 9)} |")
    hardest = " ".join("".join(map(str, code)) for code in seed.hardest)
    print(f"| seed: the secrets needing 9 | 9431 9241 5293 9204 9214 | {hardest} | "
          f"{verdict(set(seed.hardest) == SEED_HARDEST)} |")  # fmt: skip
    print(f"| Knuth (classic, minimax): most questions | 5 | {knuth.worst} | "
          f"{verdict(knuth.worst == 5)} |")  # fmt: skip
    print(f"| Knuth: average (5801 / 1296) | 4.476 | {knuth.average:.4f} | "
          f"{verdict(int(knuth.questions.sum()) == 5801)} |")  # fmt: skip

    print("\n## One decision tree against one game per secret\n")
    secrets = random.Random(1).sample(game.codes, REPLAY_SAMPLE)
    start = time.perf_counter()
    replayed = [len(replay_seed_way(game, secret)) for secret in secrets]
    replay = (time.perf_counter() - start) * len(game.codes) / REPLAY_SAMPLE
    same = all(seed.questions[game.numbers[s]] == q for s, q in zip(secrets, replayed))
    _, tree_seconds = best_of(lambda: evaluate(game, "consistent"), runs=2)
    print("| how | seconds for 5,040 secrets | same questions | |")
    print("|---|---:|---|---|")
    print(f"| replaying games, pure Python ({REPLAY_SAMPLE} secrets, scaled up) | ~{replay:.0f} | "
          f"{verdict(same)} | |")  # fmt: skip
    print(f"| decision tree over the answer table | {tree_seconds:.2f} | | "
          f"**{replay / tree_seconds:.0f}x** |")  # fmt: skip

    print("\n## simpleai: the seed's strategy as a CSP, one backtrack per guess\n")
    print("| secret | questions | puzzlelab play | simpleai backtrack | simpleai / puzzlelab | |")
    print("|---|---:|---:|---:|---:|---|")
    for secret in ("9 8 7 6", "9 4 3 1", "5 2 9 3"):
        ours, ours_seconds = best_of(lambda secret=secret: play(game, secret).history)
        theirs, theirs_seconds = best_of(lambda secret=secret: play_with_csp(game, secret), runs=1)
        print(f"| {secret} | {len(ours)} | {ours_seconds * 1000:.1f} ms | {theirs_seconds:.2f} s | "
              f"{theirs_seconds / ours_seconds:.0f}x | {verdict(ours == theirs)} |")  # fmt: skip


if __name__ == "__main__":
    main()
