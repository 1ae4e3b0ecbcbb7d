"""The computer opponent alone: win rate and points over fixed deals per suit count.

Plays ``S<suits>-<start>`` … ``S<suits>-<start + games - 1>`` for suits 1, 2 and 4 with the
duel's opponent (``spider.spider_game.opponent``), each game until it wins or says
"Fertig", and prints per suit count: games, wins, win rate, average duel points, average
runs removed, actions per game, and the opponent's thinking time per action (mean, 95th
percentile and the slowest). Nothing is random: the same arguments give the same games.

    python bench/opponent.py                     # 500 deals per suit count, CPython
    python bench/opponent.py --games 100 --suits 4
    python bench/opponent.py --pyodide --games 50  # the same under Pyodide in Node

For comparison: the best published human record at four suits is 48.7 % of 306 games
without undo (docs/duel.md).
"""

from __future__ import annotations

import argparse
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from spider import Game  # noqa: E402
from spider.spider_game.opponent import Opponent  # noqa: E402


def play(deal_id: str) -> tuple[Game, list[float], str]:
    """One game by the opponent alone: the game, the seconds each decision took, why it ended."""
    game = Game.new(deal_id=deal_id, duel=True)
    bot = Opponent()
    times: list[float] = []
    while True:
        t0 = time.perf_counter()
        move = bot.next_move(game)
        times.append(time.perf_counter() - t0)
        if move is None:
            return game, times, bot.reason or ""
        game.play(move)


def run(suits: int, games: int, start: int, progress: bool) -> dict[str, float]:
    won = points = runs = actions = 0
    times: list[float] = []
    reasons: dict[str, int] = {}
    t0 = time.perf_counter()
    for n in range(start, start + games):
        game, took, reason = play(f"S{suits}-{n}")
        won += game.is_won
        points += game.score
        runs += len(game.done)
        actions += game.moves_count
        times += took
        reasons[reason] = reasons.get(reason, 0) + 1
        if progress and (n - start + 1) % 100 == 0:
            print(f"  S{suits}: {n - start + 1} games, {won} won", file=sys.stderr, flush=True)
    times.sort()
    return {
        "suits": suits, "games": games, "won": won, "rate": 100 * won / games,
        "points": points / games, "runs": runs / games, "actions": actions / games,
        "ms_mean": 1000 * statistics.fmean(times), "ms_p95": 1000 * times[int(0.95 * (len(times) - 1))],
        "ms_max": 1000 * times[-1], "seconds": time.perf_counter() - t0,
        "budget": reasons.get("budget", 0),
    }


def report(rows: list[dict[str, float]], label: str) -> None:
    print(label)
    print(f"  {'suits':>5} {'games':>6} {'won':>5} {'win rate':>9} {'points':>7} {'runs':>5} "
          f"{'actions':>8} {'ms/act':>7} {'p95 ms':>7} {'max ms':>7} {'total s':>8}")
    for r in rows:
        print(f"  {r['suits']:>5} {r['games']:>6} {r['won']:>5} {r['rate']:>8.1f}% {r['points']:>7.1f} "
              f"{r['runs']:>5.2f} {r['actions']:>8.1f} {r['ms_mean']:>7.2f} {r['ms_p95']:>7.2f} "
              f"{r['ms_max']:>7.1f} {r['seconds']:>8.1f}")
        if r["budget"]:
            print(f"        ({r['budget']:.0f} games ended by the move budget)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500, help="deals per suit count (default 500)")
    ap.add_argument("--start", type=int, default=1, help="first deal number (default 1)")
    ap.add_argument("--suits", default="1,2,4", help="suit counts, comma-separated (default 1,2,4)")
    ap.add_argument("--pyodide", action="store_true", help="run this script under Pyodide in Node")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = ap.parse_args()
    if args.pyodide:
        node = shutil.which("node")
        if node is None:
            print("node not found", file=sys.stderr)
            return 2
        cmd = [node, str(ROOT / "bench" / "pyodide_run.mjs"), "bench/opponent.py", "--games",
               str(args.games), "--start", str(args.start), "--suits", args.suits, "--quiet"]
        return subprocess.call(cmd, cwd=ROOT)
    suits = [int(s) for s in args.suits.split(",")]
    rows = [run(s, args.games, args.start, not args.quiet) for s in suits]
    label = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform}), " \
            f"deals S<suits>-{args.start}..{args.start + args.games - 1}"
    report(rows, label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
