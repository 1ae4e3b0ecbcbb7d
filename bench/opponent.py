"""The computer opponent alone: win rate, points and thinking time over fixed deals.

Plays ``S<suits>-<start>`` … ``S<suits>-<start + games - 1>`` for each suit count with the
duel's opponent at the chosen level(s) (``spider.spider_game.opponent``), each game until it
wins or says "Fertig", on ``--processes`` processes (default 2), and prints per level and
suit count: games, wins, win rate with its 95 % Wilson interval, average duel points and
runs removed, actions per game, and the opponent's thinking time per decision (median,
95th percentile, slowest; CPU time of the process, so other jobs on the machine do not
inflate it), and a digest of every move played (the same digest means the same games).
Nothing is random: the same arguments give the same games on every machine and Python.

    python bench/opponent.py --level strong               # the measuring deals (below)
    python bench/opponent.py --level easy,medium --suits 4 --games 100
    python bench/opponent.py --level strong --suits 1 --games 10 --pyodide   # under Pyodide
    python bench/opponent.py --level strong --suits 1 --games 10 --check-pyodide
    python bench/opponent.py --level strong --suits 2 --games 10 --resume-after 100   # a reload

Deals: the measuring deals are ``S<n>-20001`` … (300 at four suits, 200 at two and at one,
the defaults); the stronger levels were tuned on ``S<n>-10001`` … ``S<n>-10200`` only, and the
easy level on ``S<n>-1001`` … and ``S<n>-2001`` … (docs/duel.md). ``--out FILE`` appends one
JSON line per game (for long runs: ``--report FILE`` prints the table from such files).

``--compare A B`` compares two such files deal by deal (two versions of a level on the same
deals): per level and suit count, the deals in both, won by both, won only in A, won only in
B, and the two-sided exact sign test on the deals won in one only (McNemar's exact test).
Two win rates of a few hundred games each hide how many games changed; a small change to a
level flips many (docs/duel.md, "more plans, fewer draws each"), and only those count.

    python bench/opponent.py --level strong --suits 2 --out old.jsonl
    python bench/opponent.py --level strong --suits 2 --out new.jsonl   # the changed code
    python bench/opponent.py --compare old.jsonl new.jsonl

For comparison: the best published human record at four suits is 48.7 % of 306 games
without undo (docs/duel.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from spider import Game  # noqa: E402
from spider.spider_game.opponent import LEVELS, Opponent  # noqa: E402

DEFAULT_GAMES = {1: 200, 2: 200, 4: 300}
START = 20001


def play(job: tuple[str, str, int]) -> dict[str, Any]:
    """One game by the opponent alone: what it did and how long each decision took; with
    ``resume_after`` (the job's third item) above 0, also how long resuming it after that many
    actions takes without and with what it had in mind (``Opponent.mind``; a reload)."""
    level, deal_id, resume_after = job
    game = Game.new(deal_id=deal_id, duel=True)
    bot = Opponent(level)
    times: list[float] = []
    moves: list[str] = []
    kept: tuple[Game, str] | None = None
    wall = time.perf_counter()
    while True:
        if resume_after and game.moves_count == resume_after and kept is None:
            kept = (game.copy(), bot.mind(game))
        t0 = time.process_time()
        move = bot.next_move(game)
        times.append(time.process_time() - t0)
        if move is None:
            break
        game.play(move)
        moves.append(move.text())
    doc = {
        "level": level, "deal": deal_id, "suits": game.suits, "won": game.is_won, "points": game.score,
        "runs": len(game.done), "actions": game.moves_count, "reason": bot.reason or "",
        "times": [round(t, 5) for t in times], "wall": round(time.perf_counter() - wall, 3),
        "moves": " ".join(moves),
    }
    if kept is not None:
        saved, mind = kept
        t0 = time.process_time()
        thought = Opponent.resume(saved, level)
        t1 = time.process_time()
        recalled = Opponent.resume(saved, level, mind=mind)
        t2 = time.process_time()
        if not thought.mind(saved) == recalled.mind(saved) == mind:
            raise AssertionError(f"{deal_id}: resuming from the mind is not the same player")
        doc["resume"] = [resume_after, round(t1 - t0, 5), round(t2 - t1, 5)]
    return doc


def wilson(won: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (as fractions).

    >>> [round(x, 3) for x in wilson(15, 500)]
    [0.018, 0.049]
    """
    if n == 0:
        return 0.0, 1.0
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def digest(games: Iterable[dict[str, Any]]) -> str:
    """A short digest of every game's moves (in deal order): equal digests, equal games."""
    h = hashlib.sha256()
    for g in sorted(games, key=lambda g: (g["level"], g["suits"], int(g["deal"].split("-")[1]))):
        h.update(f"{g['level']} {g['deal']} {g['moves']}\n".encode())
    return h.hexdigest()[:16]


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    won = sum(g["won"] for g in games)
    times = sorted(t for g in games for t in g["times"])
    lo, hi = wilson(won, n)
    return {
        "level": games[0]["level"], "suits": games[0]["suits"], "games": n, "won": won,
        "rate": 100 * won / n, "lo": 100 * lo, "hi": 100 * hi,
        "points": statistics.fmean(g["points"] for g in games),
        "runs": statistics.fmean(g["runs"] for g in games),
        "actions": statistics.fmean(g["actions"] for g in games),
        "ms_median": 1000 * times[len(times) // 2], "ms_p95": 1000 * times[int(0.95 * (len(times) - 1))],
        "ms_max": 1000 * times[-1], "cpu": sum(times), "digest": digest(games),
        "deals": f"{min(int(g['deal'].split('-')[1]) for g in games)}.."
                 f"{max(int(g['deal'].split('-')[1]) for g in games)}",
        "budget": sum(g["reason"] == "budget" for g in games),
    }


def report(games: list[dict[str, Any]], label: str) -> None:
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for g in games:
        groups.setdefault((g["level"], g["suits"]), []).append(g)
    print(label)
    print(f"  {'level':<7}{'suits':>5} {'deals':>12} {'games':>5} {'won':>4} {'win rate':>8} "
          f"{'95 % interval':>15} {'points':>7}"
          f" {'runs':>5} {'actions':>7} {'median':>7} {'p95':>7} {'max':>7} {'cpu s':>7}  digest")
    order = {level: i for i, level in enumerate(LEVELS)}
    for key in sorted(groups, key=lambda k: (order.get(k[0], 9), k[1])):
        r = summary(groups[key])
        print(f"  {r['level']:<7}{r['suits']:>5} {r['deals']:>12} {r['games']:>5} {r['won']:>4} "
              f"{r['rate']:>7.1f}% "
              f"{r['lo']:>6.1f}-{r['hi']:>5.1f} % {r['points']:>7.1f} {r['runs']:>5.2f} {r['actions']:>7.1f} "
              f"{r['ms_median']:>5.0f}ms {r['ms_p95']:>5.0f}ms {r['ms_max']:>5.0f}ms {r['cpu']:>7.0f}  "
              f"{r['digest']}")
        if r["budget"]:
            print(f"        ({r['budget']} games ended by the move budget)")
        resumed = [g["resume"] for g in groups[key] if "resume" in g]
        if resumed:
            plain, mind = sorted(x[1] for x in resumed), sorted(x[2] for x in resumed)
            print(f"        resumed after {resumed[0][0]} actions ({len(resumed)} games): without its mind "
                  f"median {1000 * plain[len(plain) // 2]:.0f} ms, max {1000 * plain[-1]:.0f} ms; "
                  f"with it median {1000 * mind[len(mind) // 2]:.1f} ms, max {1000 * mind[-1]:.1f} ms")
    print("  (decision times: CPU time per call of next_move, milliseconds)")


def run(jobs: list[tuple[str, str, int]], processes: int, out: Path | None,
        progress: bool) -> Iterator[dict[str, Any]]:
    """Play the jobs, yielding each game as it ends (in any order with several processes)."""
    if processes <= 1:
        results: Iterable[dict[str, Any]] = map(play, jobs)
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.Pool(processes)
        results = pool.imap_unordered(play, jobs)
    done = 0
    try:
        for g in results:
            done += 1
            if out is not None:
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(g) + "\n")
            if progress:
                print(f"  {done}/{len(jobs)} {g['level']} {g['deal']}: {'won' if g['won'] else 'lost'}, "
                      f"{g['runs']} runs, {g['actions']} actions, {sum(g['times']):.1f} s",
                      file=sys.stderr, flush=True)
            yield g
    finally:
        if pool is not None:
            pool.close()
            pool.join()


def read_files(paths: list[str]) -> list[dict[str, Any]]:
    games: dict[tuple[str, str], dict[str, Any]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                g = json.loads(line)
                games[(g["level"], g["deal"])] = g
    return list(games.values())


def sign_test(k: int, n: int) -> float:
    """Two-sided exact sign test: the chance, were each of ``n`` changed games as likely to
    go either way, of a split at least as uneven as ``k`` against ``n - k``."""
    if n == 0:
        return 1.0
    low = min(k, n - k)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(low + 1)) / 2**n)


def compare(a: list[dict[str, Any]], b: list[dict[str, Any]], names: tuple[str, str]) -> None:
    """Print the paired comparison of two runs (module docstring, ``--compare``)."""
    by_b = {(g["level"], g["suits"], g["deal"]): g for g in b}
    groups: dict[tuple[str, int], list[tuple[bool, bool]]] = {}
    for g in a:
        other = by_b.get((g["level"], g["suits"], g["deal"]))
        if other is not None:
            groups.setdefault((g["level"], g["suits"]), []).append((bool(g["won"]), bool(other["won"])))
    print(f"A = {names[0]}, B = {names[1]}")
    print(f"  {'level':6} {'suits':>5} {'deals':>6} {'won A':>6} {'won B':>6} {'both':>5} "
          f"{'only A':>7} {'only B':>7} {'sign test p':>12}")
    for (level, suits), pairs in sorted(groups.items()):
        only_a = sum(x and not y for x, y in pairs)
        only_b = sum(y and not x for x, y in pairs)
        print(f"  {level:6} {suits:>5} {len(pairs):>6} {sum(x for x, _ in pairs):>6} "
              f"{sum(y for _, y in pairs):>6} {sum(x and y for x, y in pairs):>5} {only_a:>7} "
              f"{only_b:>7} {sign_test(only_a, only_a + only_b):>12.3f}")
    if not groups:
        print("  no deal of one file is in the other")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="easy",
                    help="levels, comma-separated: easy, medium, strong (default easy)")
    ap.add_argument("--suits", default="1,2,4", help="suit counts, comma-separated (default 1,2,4)")
    ap.add_argument("--games", type=int, default=0,
                    help="deals per suit count (default 300 at four suits, 200 at two and one)")
    ap.add_argument("--start", type=int, default=START, help=f"first deal number (default {START})")
    ap.add_argument("--processes", type=int, default=2, help="processes playing at once (default 2)")
    ap.add_argument("--out", help="append one JSON line per game to this file")
    ap.add_argument("--report", nargs="+", metavar="FILE", help="only print the table from --out files")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"),
                    help="compare two --out files deal by deal (won in both, in one only, sign test)")
    ap.add_argument("--pyodide", action="store_true",
                    help="run this script under Pyodide in Node (one process)")
    ap.add_argument("--check-pyodide", action="store_true",
                    help="play the same games on CPython and under Pyodide and compare every move")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--resume-after", type=int, default=0, metavar="N",
                    help="also time resuming each game after N actions (a reload), without and with "
                         "what the computer had in mind")
    args = ap.parse_args()
    if args.report:
        report(read_files(args.report), "from " + ", ".join(args.report))
        return 0
    if args.compare:
        a, b = args.compare
        compare(read_files([a]), read_files([b]), (a, b))
        return 0
    levels = [s.strip() for s in args.level.split(",")]
    for level in levels:
        if level not in LEVELS:
            ap.error(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    suits = [int(s) for s in args.suits.split(",")]
    if args.pyodide or args.check_pyodide:
        node = shutil.which("node")
        if node is None:
            print("node not found", file=sys.stderr)
            return 2
        cmd = [node, str(ROOT / "bench" / "pyodide_run.mjs"), "bench/opponent.py", "--level", args.level,
               "--suits", args.suits, "--start", str(args.start), "--processes", "1", "--quiet"]
        if args.games:
            cmd += ["--games", str(args.games)]
        if args.resume_after:
            cmd += ["--resume-after", str(args.resume_after)]
        if args.pyodide:
            return subprocess.call(cmd, cwd=ROOT)
        wasm = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
        print(wasm, end="")
    jobs = [(level, f"S{s}-{n}", args.resume_after) for level in levels for s in suits
            for n in range(args.start, args.start + (args.games or DEFAULT_GAMES[s]))]
    t0 = time.perf_counter()
    games = list(run(jobs, args.processes, Path(args.out) if args.out else None, not args.quiet))
    label = (f"{platform.python_implementation()} {platform.python_version()} ({sys.platform}), "
             f"{args.processes} process(es), {time.perf_counter() - t0:.0f} s wall")
    report(games, label)
    if args.check_pyodide:
        ours = {summary(g)["digest"] for g in _groups(games)}
        theirs = {line.split()[-1] for line in wasm.splitlines()
                  if line.startswith("  ") and line.split()[0] in LEVELS}
        same = ours == theirs
        print(f"Pyodide and CPython played {'the same' if same else 'DIFFERENT'} moves "
              f"({len(games)} games; digests {sorted(ours)} / {sorted(theirs)})")
        return 0 if same else 1
    return 0


def _groups(games: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for g in games:
        groups.setdefault((g["level"], g["suits"]), []).append(g)
    return list(groups.values())


if __name__ == "__main__":
    sys.exit(main())
