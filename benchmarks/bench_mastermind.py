"""Mastermind: how fast every strategy is evaluated over every secret, and what it finds.

Run: ``.venv/bin/python benchmarks/bench_mastermind.py``. Prints markdown tables, PASS / FAIL
beside every target.

How things are measured:

- the answer table (codes x codes) is timed on a fresh game, best of 3; evaluations reuse the
  game's table and are timed best of 2 (the decision tree is built from scratch each time);
- "replaying games" is the backtracking article's way: one game per secret, each guess the
  first code consistent with the answers so far, found by scanning the codes in pure Python.
  It runs on a sample of secrets and is scaled up to all 5,040;
- simpleai: the consistent strategy as a ``CspProblem`` solved by ``simpleai.search.backtrack``
  for every guess of a game, against puzzlelab's ``play`` on the same secrets. ``play`` reads
  the answer table, built once beforehand (its time is in the first table), so the ratio is
  that of a guess from the table against a guess by backtracking through the codes.
"""

from __future__ import annotations

import random

from puzzlelab.puzzles.mastermind import (
    Mastermind,
    answer_of,
    bulls_and_cows,
    classic_mastermind,
    is_consistent,
)
from puzzlelab.simpleai_problems.mastermind import play_with_csp
from puzzlelab.solvers.mastermind import evaluate, play
from puzzlelab.solvers.mastermind_strategies import STRATEGIES

from measure import best_of, clocked, machine, verdict, within

ARTICLE_HARDEST = {(9, 4, 3, 1), (9, 2, 4, 1), (5, 2, 9, 3), (9, 2, 0, 4), (9, 2, 1, 4)}
TABLE_TARGET = 1.0  # seconds for the 5,040 x 5,040 answer table
EVALUATION_TARGET = 10.0  # seconds per strategy on 5,040 codes ("in seconds")
REPLAY_SAMPLE = 60


def replay_article_way(game, secret):
    """One game the backtracking article's way: scan for the first consistent code, ask, repeat."""
    history = []
    while not history or history[-1][1] != game.win:
        guess = next(code for code in game.codes if is_consistent(code, history))
        history.append((guess, answer_of(guess, secret)))
    return history


def main() -> None:
    print(f"# Mastermind benchmarks\n\n{machine()}\n")
    game = bulls_and_cows()

    _, cpu, seconds = best_of(lambda: Mastermind(10, 4).table)
    _, classic_cpu, classic_seconds = best_of(lambda: Mastermind(6, 4, repeats=True).table)
    print("## The answer table\n")
    print("| game | codes | CPU s | wall s | target (CPU or wall) | |")
    print("|---|---:|---:|---:|---:|---|")
    print(f"| bulls and cows | 5,040 | {cpu:.3f} | {seconds:.3f} | <= {TABLE_TARGET} s | "
          f"{verdict(within(cpu, seconds, TABLE_TARGET))} |")  # fmt: skip
    print(f"| classic Mastermind | 1,296 | {classic_cpu:.3f} | {classic_seconds:.3f} | | |\n")

    print("## Every strategy over every secret (questions include the final correct guess)\n")
    print("| game | strategy | first guess | average | worst | secrets at worst | CPU s | wall s | "
          "target | |")  # fmt: skip
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---|")
    results = {}
    for label, g in (("bulls and cows", game), ("classic", classic_mastermind())):
        for name in STRATEGIES:
            result, cpu, took = best_of(lambda g=g, name=name: evaluate(g, name), runs=2)
            assert result.solved, result.reason
            results[label, name] = result
            target = f"<= {EVALUATION_TARGET:.0f} s" if label == "bulls and cows" else ""
            ok = verdict(within(cpu, took, EVALUATION_TARGET)) if target else ""
            first = g.format(result.first_guess)
            times = f"{cpu:.2f} | {took:.2f}"
            print(f"| {label} | {name} | {first} | {result.average:.4f} | {result.worst} "
                  f"| {len(result.hardest)} | {times} | {target} | {ok} |")  # fmt: skip

    consistent = results["bulls and cows", "consistent"]
    knuth = results["classic", "minimax"]
    print("\n## The backtracking article's figures and Knuth's\n")
    print("| figure | expected | measured | |")
    print("|---|---|---|---|")
    print(f"| the article: average questions | 5.56 | {consistent.average:.4f} | "
          f"{verdict(round(consistent.average, 2) == 5.56)} |")  # fmt: skip
    print(f"| the article: most questions | 9 | {consistent.worst} | "
          f"{verdict(consistent.worst == 9)} |")  # fmt: skip
    hardest = " ".join("".join(map(str, code)) for code in consistent.hardest)
    print(f"| the article: the secrets needing 9 | 9431 9241 5293 9204 9214 | {hardest} | "
          f"{verdict(set(consistent.hardest) == ARTICLE_HARDEST)} |")  # fmt: skip
    print(f"| Knuth (classic, minimax): most questions | 5 | {knuth.worst} | "
          f"{verdict(knuth.worst == 5)} |")  # fmt: skip
    print(f"| Knuth: average (5801 / 1296) | 4.476 | {knuth.average:.4f} | "
          f"{verdict(int(knuth.questions.sum()) == 5801)} |")  # fmt: skip

    print("\n## One decision tree against one game per secret\n")
    secrets = random.Random(1).sample(game.codes, REPLAY_SAMPLE)
    replayed, replay_cpu, replay = clocked(
        lambda: [len(replay_article_way(game, secret)) for secret in secrets]
    )
    replay_cpu, replay = (t * len(game.codes) / REPLAY_SAMPLE for t in (replay_cpu, replay))
    same = all(consistent.questions[game.numbers[s]] == q for s, q in zip(secrets, replayed))
    _, tree_cpu, tree_seconds = best_of(lambda: evaluate(game, "consistent"), runs=2)
    print("| how | CPU s for 5,040 secrets | wall s | same questions | ratio (CPU) |")
    print("|---|---:|---:|---|---|")
    print(f"| replaying games, pure Python ({REPLAY_SAMPLE} secrets, scaled up) "
          f"| ~{replay_cpu:.0f} | ~{replay:.0f} | {verdict(same)} | |")  # fmt: skip
    print(f"| decision tree over the answer table | {tree_cpu:.2f} | {tree_seconds:.2f} | | "
          f"**{replay_cpu / tree_cpu:.0f}x** |")  # fmt: skip

    print("\n## simpleai: the consistent strategy as a CSP, one backtrack per guess\n")
    print("| secret | questions | puzzlelab play | simpleai backtrack | simpleai / puzzlelab | |")
    print("|---|---:|---:|---:|---:|---|")
    for secret in ("9 8 7 6", "9 4 3 1", "5 2 9 3"):
        ours, ours_cpu, ours_seconds = best_of(lambda secret=secret: play(game, secret).history)
        theirs, theirs_cpu, theirs_seconds = best_of(
            lambda secret=secret: play_with_csp(game, secret), runs=1
        )
        print(f"| {secret} | {len(ours)} | {ours_cpu * 1000:.1f} ms CPU, {ours_seconds * 1000:.1f} "
              f"ms wall | {theirs_cpu:.2f} s CPU, {theirs_seconds:.2f} s wall | "
              f"{theirs_cpu / ours_cpu:.0f}x (CPU) | {verdict(ours == theirs)} |")  # fmt: skip


if __name__ == "__main__":
    main()
