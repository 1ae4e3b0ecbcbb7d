"""How well and how fast the analysis of a finished game (spider.core.analysis) answers.

    python bench/analysis.py                              # Klondike draw 1 and 3, Spider 1/2/4 suits
    python bench/analysis.py --only klondike-1 --games 100
    python bench/analysis.py --pyodide --games 10         # the same inside Pyodide in Node
                                                          # (bench/pyodide_run.mjs)

Games: seeded random play (each legal action equally likely) from a seeded deal, until the
game is won or stuck or ``--actions`` actions were played (then it counts as given up).
Klondike deals are level deals (easy, normal and hard in turn, from the shipped lists);
Spider deals are seeded ``S<suits>-<n>``. Each game is analysed with the budget of its
game and variant (Klondike 5 s, Spider 1-2 suits 30 s, 4 suits 60 s; ``--budget`` for all).

Printed per game and variant: games, how they ended (won / lost: the final position is
proved unwinnable / winnable at the end / undecided), analysed fully (the question answered:
a losing move named, lost from the deal, winnable at the end, or won), undecided (and of
the undecided answers: in how many the deal was proved winnable, and how many positions each
left open between its last one proved winnable and its first one proved lost), time
median / p95 / max, and false claims. A claim is checked so (the reference):

* a winning line (from ``last_winnable``, and ``start_line`` from the deal): replayed through
  the engine's checked ``play()`` on a game rebuilt from the start position's text, to a win;
* a lost position (``first_lost``): searched again from its position text, by the unpruned
  reference search of the tests (only ``legal_moves()``, ``play()``, ``undo()``, exact
  positions) within ``--reference`` positions where it ends there, and otherwise by the same
  solver with ``--recheck`` times the nodes the analysis could have spent and no clock (an
  independent re-solve of a rebuilt position, not an independent algorithm); a win found is
  a false claim, and the output says how many were checked which way.

A benchmark prints numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BUDGET = {("klondike", 1): 5.0, ("klondike", 3): 5.0, ("spider", 1): 30.0, ("spider", 2): 30.0,
          ("spider", 4): 60.0}
ACTIONS = {"klondike": 300, "spider": 250}


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))] if values else 0.0


def random_game(game: str, variant: int, rng: random.Random, actions: int) -> Any:
    """A deal played at random until it is won, stuck, or ``actions`` actions long."""
    if game == "klondike":
        from spider.klondike import Game
        from spider.klondike.levels import level_deals

        level = ("easy", "normal", "hard")[rng.randrange(3)]
        g = Game.new(deal_id=rng.choice(level_deals(variant, level)))
    else:
        from spider.spider_game import Game

        g = Game.new(deal_id=f"S{variant}-{rng.randrange(1, 10**6)}")
    for _ in range(actions):
        if g.is_won:
            break
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    return g


def rebuilt(game: Any, k: int) -> Any:
    """Position ``k`` of the game's line, on a game made from the start position's text."""
    g = type(game).from_text(game.start_text)
    for m in game.line[:k]:
        g.play(m)
    return g


def wins(g: Any, line: Any) -> bool:
    g = g.copy()
    for m in line:
        g.play(m)
    return bool(g.is_won)


def check(game: Any, a: Any, reference_limit: int, recheck_nodes: int) -> tuple[int, str]:
    """False claims found in analysis ``a`` of ``game`` (0 or more) and how the lost position
    was checked (``""``, ``"reference"``, ``"re-solve"``, ``"open"``)."""
    from spider.core.registry import find_game

    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from search import exhaustive
    except ImportError:  # under Pyodide only spider/ and bench/ are copied: re-solve only
        reference_limit = 0

    false = 0
    if a.last_winnable is not None and not wins(rebuilt(game, a.last_winnable), a.winning_line):
        false += 1
    if a.from_start == "won" and not wins(rebuilt(game, 0), a.start_line):
        false += 1
    how = ""
    if a.first_lost is not None:
        pos = rebuilt(game, a.first_lost)
        ref = exhaustive(pos, reference_limit) if reference_limit else None
        if ref is not None:
            how = "reference"
            false += ref is True
        else:
            solver: Any = find_game(game.game_name).known_solver()
            again = solver(type(game).from_text(pos.to_text()), recheck_nodes)
            how = "re-solve" if again.status != "unknown" else "open"
            false += again.status == "solved"
    return false, how


def run(only: list[str], games: int, actions: int | None, budget: float | None, reference: int,
        recheck: int) -> None:
    sys.path.insert(0, str(ROOT))
    from spider.core.analysis import analyse

    print(f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}", flush=True)
    for name, variant in (("klondike", 1), ("klondike", 3), ("spider", 1), ("spider", 2), ("spider", 4)):
        if only and f"{name}-{variant}" not in only:
            continue
        seconds = budget if budget is not None else BUDGET[(name, variant)]
        rng = random.Random(2100 + variant + (10 if name == "spider" else 0))
        ends: dict[str, int] = {}
        statuses: dict[str, int] = {}
        hows: dict[str, int] = {}
        times: list[float] = []
        lost_runs: list[tuple[float, bool]] = []  # the games not won: seconds, analysed fully
        open_ranges: list[tuple[bool, int]] = []  # undecided answers: deal proved winnable, width
        false = full = 0
        for i in range(games):
            g = random_game(name, variant, rng, actions or ACTIONS[name])
            start = time.perf_counter()
            a = analyse(g, seconds, given_up=not (g.is_won or g.is_stuck))
            took = time.perf_counter() - start
            times.append(took)
            end = ("won" if g.is_won else "lost" if a.first_lost is not None
                   else "winnable at the end" if a.last_winnable == a.length else "end undecided")
            ends[end] = ends.get(end, 0) + 1
            statuses[a.status] = statuses.get(a.status, 0) + 1
            full += a.complete
            if not a.complete:
                low = -1 if a.last_winnable is None else a.last_winnable
                high = a.length + 1 if a.first_lost is None else a.first_lost
                open_ranges.append((a.from_start == "won", high - low - 1))
            if not g.is_won:
                lost_runs.append((took, a.complete))
            f, how = check(g, a, reference, recheck * 2_000_000)
            false += f
            if how:
                hows[how] = hows.get(how, 0) + 1
            if f:
                print(f"  FALSE CLAIM in game {i}: {a.to_json()}", flush=True)
        print(f"{name} {variant}: {games} games, budget {seconds:g} s, random play up to "
              f"{actions or ACTIONS[name]} actions", flush=True)
        print(f"  ended: {ends}; answers: {statuses}", flush=True)
        print(f"  analysed fully {full} ({full / games:.0%}), undecided {games - full}; "
              f"false claims {false} (lost positions checked: {hows or 'none'})", flush=True)
        if open_ranges:
            print(f"  undecided answers: {len(open_ranges)}, the deal proved winnable in "
                  f"{sum(w for w, _ in open_ranges)}; positions left open per answer: median "
                  f"{quantile([float(k) for _, k in open_ranges], 0.5):g}, max "
                  f"{max(k for _, k in open_ranges)}", flush=True)
        print(f"  seconds: median {quantile(times, 0.5):.2f}, p95 {quantile(times, 0.95):.2f}, "
              f"max {max(times):.2f}", flush=True)
        if lost_runs:
            n = len(lost_runs)
            fully = sum(1 for _, complete in lost_runs if complete)
            print(f"  games not won: {n}, analysed fully {fully} ({fully / n:.0%}); seconds median "
                  f"{quantile([t for t, _ in lost_runs], 0.5):.2f}, p95 "
                  f"{quantile([t for t, _ in lost_runs], 0.95):.2f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per game and variant")
    ap.add_argument("--only", action="append", default=[],
                    help="klondike-1, klondike-3, spider-1, spider-2, spider-4 (repeatable)")
    ap.add_argument("--actions", type=int, help="random actions at most (Klondike 300, Spider 250)")
    ap.add_argument("--budget", type=float, help="seconds per analysis (default per game and variant)")
    ap.add_argument("--reference", type=int, default=5_000, help="positions for the unpruned reference")
    ap.add_argument("--recheck", type=int, default=1, help="re-solve budget, in units of 2,000,000 nodes")
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide in Node")
    args = ap.parse_args()
    if args.pyodide:
        cmd = ["node", str(ROOT / "bench" / "pyodide_run.mjs"), "bench/analysis.py",
               "--games", str(args.games), "--reference", str(args.reference), "--recheck", str(args.recheck)]
        for o in args.only:
            cmd += ["--only", o]
        if args.actions:
            cmd += ["--actions", str(args.actions)]
        if args.budget is not None:
            cmd += ["--budget", str(args.budget)]
        raise SystemExit(subprocess.call(cmd, cwd=ROOT))
    run(args.only, args.games, args.actions, args.budget, args.reference, args.recheck)


if __name__ == "__main__":
    main()
