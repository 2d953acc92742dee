"""Grids of 200x200 cells: puzzlelab's searches side by side with networkx's and simpleai's.

Run: ``.venv/bin/python benchmarks/bench_grid.py`` (under a minute; ``--quick`` runs
simpleai for A* only, in half that). Prints markdown tables; every target has PASS / FAIL
beside it.

The maps, each 200x200 cells with the start in the top-left corner and the goal in the
bottom-right one:

- ``random_grid(200, 200, walls=0.3, seed=0)``, walked in 4 directions, and the same map
  in 8 (a diagonal step costs the square root of 2);
- a map of terrain, 4 directions: a fifth of the cells walls, 15% forest (cost 5), 10%
  water (cost 10), chosen by :func:`terrain_map` with seed 0.

Seed 0 is chosen because its goal is reachable on both: on many maps a wall closes the start's
corner or the goal's (``random_grid``'s seeds 1, 2 and 4, say).

Each library searches what it naturally takes, built from the same map before any clock
starts (the building is timed apart, in the first table):

- puzzlelab: the ``GridWorld``;
- networkx: a ``DiGraph`` whose nodes are the open cells and whose edges are the world's
  steps, weighted by what each costs (directed: entering a forest costs more than leaving
  it); ``astar_path`` gets the world's own distance to the goal as its heuristic (Manhattan
  on 4 directions, octile on 8);
- simpleai: puzzlelab's ``GridProblem`` on the map's text, ``graph_search=True``; its
  heuristic is the same world's distance.

How things are measured:

- times are the fewest CPU seconds (``time.process_time``) and the fewest wall seconds
  of 3 runs; a simpleai run of more than :data:`REPEAT_UNDER` s is not repeated (its
  searches take seconds, and one run of that length is precise enough);
- ratios are of CPU seconds: networkx / puzzlelab and simpleai / puzzlelab, so above 1
  means puzzlelab is the faster;
- expanded nodes: puzzlelab's own count; networkx's from one more, untimed run with a
  weight function noting each node whose edges it weighs; simpleai's from a subclass of
  ``GridProblem`` counting calls of ``actions`` (in the timed runs, as ``bench_core.py``
  does: one addition per expansion, against the seconds its fringe scans take);
- what the searches promise is asserted: the same cheapest cost from all three libraries
  (to within 1e-9: diagonal costs are sums of floats, added in different orders), the
  same number of actions from the searches for the fewest.

Every search of ``ALGORITHMS`` runs on every map but IDA* and iterative deepening: on a
grid, paths of the same cost cross one another everywhere, and a search that remembers no
state between paths walks every one of them. The last table shows how far each gets in
:data:`LEFT_OUT_NODES` expansions (a count, not seconds: the same figures on any machine).
"""

from __future__ import annotations

import argparse
import random
import sys

import networkx as nx
from simpleai.search import astar as simpleai_astar
from simpleai.search import breadth_first, depth_first, greedy
from simpleai.search import uniform_cost as simpleai_uniform_cost

from puzzlelab.puzzles import GridWorld, random_grid
from puzzlelab.search import ALGORITHMS
from puzzlelab.simpleai_problems import GridProblem

from measure import best_of, clocked, machine, verdict, within

SIZE = 200
WALLS = 0.3
SEED = 0  # its goal is reachable on both maps
#: The terrain map's shares of cells; the rest is open ground.
TERRAIN_SHARES = {"#": 0.20, "f": 0.15, "w": 0.10}
TARGET = 0.5  # seconds, CPU or wall: "well under a second" for every search
REPEAT_UNDER = 1.0  # seconds: a slower simpleai run is not repeated
TOLERANCE = 1e-9
LEFT_OUT = ("idastar", "iddfs")
LEFT_OUT_NODES = 500_000  # expansions, 18 per open cell of the first map

#: What each search promises to find: the cheapest path, the fewest actions, or any path.
FINDS = {"bfs": "fewest actions", "bidirectional": "fewest actions", "uniform_cost": "cheapest",
         "astar": "cheapest", "dfs": "a path", "greedy": "a path"}  # fmt: skip


# ---------------------------------------------------------------- the maps


def terrain_map(rows: int, cols: int, seed: int) -> str:
    """Text art of a *rows* x *cols* map, each cell a wall, forest, water or open ground by
    :data:`TERRAIN_SHARES` (chosen by *seed*); S in the top left, G in the bottom right."""
    chance = random.Random(seed)
    marks = [*TERRAIN_SHARES, "."]
    weights = [*TERRAIN_SHARES.values(), 1 - sum(TERRAIN_SHARES.values())]
    lines = [chance.choices(marks, weights, k=cols) for _ in range(rows)]
    lines[0][0], lines[-1][-1] = "S", "G"
    return "\n".join("".join(line) for line in lines)


def maps() -> dict[str, tuple[str, bool, str]]:
    """Each map's name, and its ``(text, diagonal, how it was made)``."""
    walled = random_grid(SIZE, SIZE, walls=WALLS, seed=SEED).to_text()
    made = f"`random_grid({SIZE}, {SIZE}, walls={WALLS}, seed={SEED})`"
    shares = ", ".join(f"{share:.0%} `{mark}`" for mark, share in TERRAIN_SHARES.items())
    return {
        f"{WALLS:.0%} walls, 4 directions": (walled, False, made),
        f"{WALLS:.0%} walls, 8 directions": (walled, True, made + ", diagonal steps"),
        "terrain, 4 directions": (terrain_map(SIZE, SIZE, SEED), False,
                                  f"`terrain_map({SIZE}, {SIZE}, seed={SEED})`: {shares}"),
    }  # fmt: skip


def grid_graph(world: GridWorld) -> nx.DiGraph:
    """The world as networkx sees it: open cells, and a weighted edge for every step."""
    graph = nx.DiGraph()
    graph.add_nodes_from(world.costs)
    graph.add_weighted_edges_from(
        (cell, after, cost) for cell in world.costs for _, after, cost in world.successors(cell)
    )
    return graph


class CountedGridProblem(GridProblem):
    """puzzlelab's ``GridProblem``, counting expansions: simpleai asks ``actions`` once each."""

    expanded = 0

    def actions(self, state):
        self.expanded += 1
        return super().actions(state)


# ---------------------------------------------------------------- each library's searches


def networkx_searches(world: GridWorld) -> dict:
    """networkx's counterpart of each puzzlelab search that has one, by the search's name:
    ``(networkx's function, search(graph, weight))``, returning the path's cells."""
    start, goal = world.start, world.goal

    def distance(cell, target):  # networkx names the goal too; the world knows its own
        return world.heuristic(cell)

    def dijkstra(graph, weight="weight"):
        return nx.dijkstra_path(graph, start, goal, weight=weight)

    def astar(graph, weight="weight"):
        return nx.astar_path(graph, start, goal, heuristic=distance, weight=weight)

    def bidirectional(graph, weight=None):  # breadth-first from both ends: weights unused
        return nx.bidirectional_shortest_path(graph, start, goal)

    return {"uniform_cost": ("dijkstra_path", dijkstra), "astar": ("astar_path", astar),
            "bidirectional": ("bidirectional_shortest_path", bidirectional)}  # fmt: skip


SIMPLEAI = {"bfs": breadth_first, "dfs": depth_first, "uniform_cost": simpleai_uniform_cost,
            "greedy": greedy, "astar": simpleai_astar}  # fmt: skip


def networkx_expanded(search, graph: nx.DiGraph) -> int | None:
    """How many nodes a networkx *search* expands: those whose edges it weighs (untimed)."""
    weighed = set()

    def weight(cell, after, edge):
        weighed.add(cell)
        return edge["weight"]

    search(graph, weight=weight)
    return len(weighed) or None  # None: the search weighs no edge (breadth-first)


def run_all(name: str, world: GridWorld, graph: nx.DiGraph, problem, simpleai: set) -> dict:
    """Time every search on one map, with networkx's counterparts and the *simpleai* ones
    named; check what they find.

    Returns ``{search: {"ours": ..., "networkx": ..., "simpleai": ...}}``, each a dict of
    ``cpu``, ``wall``, ``cost``, ``actions`` and ``expanded`` (or None where there is none).
    """
    rows = {}
    theirs = networkx_searches(world)
    for algorithm, search in ALGORITHMS.items():
        if algorithm in LEFT_OUT:
            continue
        result, cpu, wall = best_of(lambda search=search: search(world))
        if not result.solved:
            raise SystemExit(f"{name}: puzzlelab's {algorithm} did not reach the goal: "
                             f"{result.summary()}")  # fmt: skip
        row = {"ours": measured(cpu, wall, result.cost, len(result.actions),
                                result.stats.expanded)}  # fmt: skip
        if algorithm in theirs:
            function, other = theirs[algorithm]
            path, cpu, wall = best_of(lambda other=other: other(graph))
            cost = nx.path_weight(graph, path, "weight")
            expanded = networkx_expanded(other, graph)
            row["networkx"] = measured(cpu, wall, cost, len(path) - 1, expanded, function)
        if algorithm in simpleai:
            other = SIMPLEAI[algorithm]
            node, cpu, wall = best_of(
                lambda other=other: _simpleai_run(other, problem), enough=REPEAT_UNDER
            )
            row["simpleai"] = measured(cpu, wall, node.cost, len(node.path()) - 1,
                                       problem.expanded, other.__name__)  # fmt: skip
        _check(name, algorithm, row)
        rows[algorithm] = row
    return rows


def measured(cpu, wall, cost, actions, expanded, function=None) -> dict:
    """One search's row: its times, what it found, what it expanded, the function's name."""
    return {"cpu": cpu, "wall": wall, "cost": cost, "actions": actions, "expanded": expanded,
            "function": function}  # fmt: skip


def _simpleai_run(search, problem):
    """simpleai's *search* on *problem*, its count of expansions set back to 0 first."""
    problem.expanded = 0
    return search(problem, graph_search=True)


def _check(name: str, algorithm: str, row: dict) -> None:
    """Assert that every library's answer keeps the search's promise, as puzzlelab's does."""
    ours = row["ours"]
    for library in ("networkx", "simpleai"):
        other = row.get(library)
        if other is None:
            continue
        if FINDS[algorithm] == "cheapest":
            assert abs(other["cost"] - ours["cost"]) <= TOLERANCE, (
                f"{name}, {algorithm}: {library} costs {other['cost']}, puzzlelab {ours['cost']}"
            )
        elif FINDS[algorithm] == "fewest actions":
            assert other["actions"] == ours["actions"], (
                f"{name}, {algorithm}: {library} takes {other['actions']} actions, "
                f"puzzlelab {ours['actions']}"
            )


# ---------------------------------------------------------------- tables


def figure(cost: float) -> str:
    """A cost as a table shows it: whole numbers whole, others to three decimals."""
    return f"{cost:,.0f}" if float(cost).is_integer() else f"{cost:,.3f}"


def count(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


def ratio(other: dict | None, ours: dict) -> str:
    return "-" if other is None else f"**{other['cpu'] / ours['cpu']:.1f}x**"


def times(measured: dict | None) -> str:
    return "-" if measured is None else f"{measured['cpu']:.3f}, {measured['wall']:.3f}"


def build_table(built: dict) -> None:
    print("## The maps\n")
    print("What each library searches is built before the searches are timed; building it "
          "takes this long (best of 3):\n")  # fmt: skip
    print("| map | made by | open cells | steps (edges) | puzzlelab `GridWorld` from the text "
          "CPU s, wall s | networkx `DiGraph` from the world CPU s, wall s |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|")
    for name, (world, graph, made, world_times, graph_times) in built.items():
        print(f"| {name} | {made} | {len(world.costs):,} | {graph.number_of_edges():,} "
              f"| {times(world_times)} | {times(graph_times)} |")  # fmt: skip
    print("\n`GridProblem`, simpleai's view, builds the same `GridWorld` from the same text.\n")


def astar_table(results: dict) -> None:
    print("## A*: puzzlelab's `astar`, networkx's `astar_path`, simpleai's `astar`\n")
    print("The same heuristic for all three (the world's distance to the goal); simpleai "
          "with `graph_search=True`. Ratios of CPU seconds: above 1, puzzlelab is the "
          "faster.\n")  # fmt: skip
    print("| map | cost (all three) | expanded: puzzlelab, networkx, simpleai "
          "| CPU s: puzzlelab, networkx, simpleai | wall s: puzzlelab, networkx, simpleai "
          "| networkx / puzzlelab | simpleai / puzzlelab |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, rows in results.items():
        row = rows["astar"]
        ours, graph, simpleai = row["ours"], row["networkx"], row["simpleai"]
        cells = [row[library] for library in ("ours", "networkx", "simpleai")]
        expanded = ", ".join(count(c["expanded"]) for c in cells)
        cpu = ", ".join(f"{c['cpu']:.3f}" for c in cells)
        wall = ", ".join(f"{c['wall']:.3f}" for c in cells)
        print(f"| {name} | {figure(ours['cost'])} | {expanded} | {cpu} | {wall} "
              f"| {ratio(graph, ours)} | {ratio(simpleai, ours)} |")  # fmt: skip


def every_search_tables(results: dict) -> list[tuple[str, str, dict]]:
    """One table a map: every search of puzzlelab, with its counterparts; return the rows."""
    print("\n## Every search on every map\n")
    print(f"Target: every search answers in well under a second, here <= {TARGET:g} s (CPU or "
          "wall). networkx's counterparts: `dijkstra_path` for uniform cost, "
          "`bidirectional_shortest_path` (unweighted, two breadth-first frontiers) for "
          "bidirectional search; simpleai's: its search of the same name, graph search. "
          "Searches that promise the cheapest path are checked to find the same cost, those "
          "that promise the fewest actions the same number of actions; depth-first and greedy "
          "search promise neither. Cells with two times are CPU s, wall s.\n")  # fmt: skip
    checked = []
    for name, rows in results.items():
        print(f"### {name}\n")
        print("| search | finds | cost | actions | expanded | puzzlelab CPU s, wall s | target "
              "| networkx CPU s, wall s (expanded) | networkx / puzzlelab "
              "| simpleai CPU s, wall s (expanded) | simpleai / puzzlelab |")  # fmt: skip
        print("|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
        for algorithm, row in rows.items():
            ours, graph, simpleai = row["ours"], row.get("networkx"), row.get("simpleai")
            ok = within(ours["cpu"], ours["wall"], TARGET)
            checked.append((name, algorithm, ours))
            theirs = [
                "-" if c is None else f"`{c['function']}` {times(c)} ({count(c['expanded'])})"
                for c in (graph, simpleai)
            ]
            print(f"| {algorithm} | {FINDS[algorithm]} | {figure(ours['cost'])} "
                  f"| {ours['actions']:,} | {ours['expanded']:,} | {times(ours)} "
                  f"| {verdict(ok)} | {theirs[0]} | {ratio(graph, ours)} "
                  f"| {theirs[1]} | {ratio(simpleai, ours)} |")  # fmt: skip
        print()
    return checked


def left_out_table(name: str, world: GridWorld, cheapest: dict) -> None:
    print(f"## The two left out, stopped after {LEFT_OUT_NODES:,} expansions ({name})\n")
    print("IDA* and iterative deepening remember only the path they are on. On a grid the "
          "paths within a bound cross one another at almost every cell, so they reach each "
          "cell again along path after path. The map has "
          f"{len(world.costs):,} open cells; the cheapest path costs "
          f"{figure(cheapest['cost'])} in {cheapest['actions']} actions.\n")  # fmt: skip
    print("| search | status | expanded | expanded per open cell | how far | CPU s, wall s |")
    print("|---|---|---:|---:|---|---:|")
    for algorithm in LEFT_OUT:
        result, cpu, wall = clocked(
            lambda a=algorithm: ALGORITHMS[a](world, max_nodes=LEFT_OUT_NODES)
        )
        last = result.stats.iterations[-1] if result.stats.iterations else {}
        done = len(result.stats.iterations) - 1  # the last one was stopped
        if algorithm == "idastar":
            how_far = (f"bound on f: {figure(last.get('bound', 0))} (the goal needs "
                       f"{figure(cheapest['cost'])}), {done} bounds finished")  # fmt: skip
        else:
            how_far = (f"depth limit {last.get('bound', '-')} (the goal needs "
                       f"{cheapest['actions']})")  # fmt: skip
        print(f"| {algorithm} | {result.status} | {result.stats.expanded:,} "
              f"| {result.stats.expanded / len(world.costs):.0f} | {how_far} "
              f"| {cpu:.2f}, {wall:.2f} |")  # fmt: skip


def summary(checked: list, results: dict) -> None:
    print("\n## Targets\n")
    print("| what | measured | target |")
    print("|---|---:|---|")
    name, algorithm, slowest = max(checked, key=lambda c: min(c[2]["cpu"], c[2]["wall"]))
    ok = all(within(c[2]["cpu"], c[2]["wall"], TARGET) for c in checked)
    print(f"| every puzzlelab search on every map; the slowest: {algorithm}, {name} "
          f"| {slowest['cpu']:.3f} CPU s, {slowest['wall']:.3f} wall s "
          f"| <= {TARGET:g} s: {verdict(ok)} |")  # fmt: skip
    same = all(abs(rows[a]["ours"]["cost"] - rows[a][library]["cost"]) <= TOLERANCE
               for rows in results.values() for a in ("uniform_cost", "astar")
               for library in ("networkx", "simpleai") if library in rows[a])  # fmt: skip
    print(f"| the cheapest cost, the same from puzzlelab, networkx and simpleai "
          f"| {'yes' if same else 'no'} | {verdict(same)} |")  # fmt: skip


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="run simpleai for A* only (its other searches take 20 s)")  # fmt: skip
    args = parser.parse_args(argv)
    print(f"# Grids of {SIZE}x{SIZE} cells\n\n{machine()}\n")
    built, results = {}, {}
    for name, (text, diagonal, made) in maps().items():
        world, *world_times = best_of(lambda t=text, d=diagonal: GridWorld(t, diagonal=d))
        graph, *graph_times = best_of(lambda w=world: grid_graph(w))
        built[name] = (world, graph, made, dict(zip(("cpu", "wall"), world_times)),
                       dict(zip(("cpu", "wall"), graph_times)))  # fmt: skip
        problem = CountedGridProblem(text, diagonal=diagonal)
        simpleai = {"astar"} if args.quick else set(SIMPLEAI)
        results[name] = run_all(name, world, graph, problem, simpleai)
    build_table(built)
    astar_table(results)
    checked = every_search_tables(results)
    first = next(iter(built))
    left_out_table(first, built[first][0], results[first]["astar"]["ours"])
    summary(checked, results)


if __name__ == "__main__":
    sys.exit(main())
