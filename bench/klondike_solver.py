"""How often the Klondike solver decides PySolFC's deals, and how fast (CPython or Pyodide).

    python bench/klondike_solver.py                       # deals 1-1000 + 100 above 32000,
                                                          # draw 1 and 3, 10 s each
    python bench/klondike_solver.py --draw 3 --last 200   # a part
    python bench/klondike_solver.py --pyodide --last 100  # inside Pyodide in Node
                                                          # (bench/pyodide_run.mjs)
    python bench/klondike_solver.py --both-orders         # depth_first=True

For every deal: ``solve(game, no node limit, peek=True)`` with a deadline (``should_stop``)
of ``--seconds``; a solved line is replayed to a win. Prints, per draw count and sample, the
share proved winnable, proved unwinnable and undecided within 1 s and within the deadline,
the nodes per second (all nodes over all search time), and the published full-knowledge
winnability (Blake and Gent, arXiv 1906.12314: draw 1 90.48 %, draw 3 81.945 %) beside our
winnable share with its 95 % interval (Wilson). With ``--out`` each deal's answer is written
as a line ``K<d>-<n> status nodes seconds``; ``--report FILE`` reads such a file back and
prints the same shares, and also by positions searched (``--nodes``, default 30,000 and
300,000: what an idle 2-core machine searches in about 1 s and 10 s), which does not depend
on how busy the machine was. Also printed per draw count and sample: the nodes and seconds
(median, 95th percentile, maximum) over all deals and over the decided ones, and the
agreement with the verdicts recorded before (``spider/klondike/deal_lists.py``: the solver
of 2026-12-01, 50,000 positions per deal, deals 1-2000): a deal called lost that the lists
call winnable, or the other way round, is a disagreement (there must be none); a deal one
side decides and the other not is counted apart. A benchmark prints numbers; it asserts
nothing.
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

ROOT = Path(__file__).resolve().parents[1]
PUBLISHED = {1: 0.9048, 3: 0.81945}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def run(draws: list[int], first: int, last: int, sample: int, seconds: float, out: Path | None,
        both_orders: bool = False) -> None:
    sys.path.insert(0, str(ROOT))
    from spider.klondike import Game, solve

    print(f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}, "
          f"deadline {seconds:g} s per deal, "
          f"{'best-first and depth-first by turns' if both_orders else 'best-first'}", flush=True)
    rng = random.Random(32001)
    high = sorted(rng.randrange(32001, 10**9) for _ in range(sample))
    sink = out.open("a") if out else None
    numbers_seen: list[int] = []
    for draw in draws:
        for name, numbers in ((f"deals {first}-{last}", list(range(first, last + 1))),
                              (f"{sample} deals above 32000", high)):
            if not numbers:
                continue
            rows = []
            for n in numbers:
                g = Game.new(deal_id=f"K{draw}-{n}")
                start = time.perf_counter()
                end = start + seconds
                r = solve(g, 10**9, peek=True, should_stop=lambda end=end: time.perf_counter() > end,
                          check_every=256, depth_first=both_orders)
                took = time.perf_counter() - start
                if r.status == "solved":
                    for move in r.line:
                        g.play(move)
                    assert g.is_won, f"K{draw}-{n}: the line does not win"
                rows.append((r.status, took, r.nodes))
                numbers_seen.append(n)
                if sink:
                    sink.write(f"K{draw}-{n} {r.status} {r.nodes} {took:.3f}\n")
                    sink.flush()
            report(draw, name, rows, seconds)
            agreement(draw, numbers_seen, rows)
            numbers_seen.clear()
    if sink:
        sink.close()


def report(draw: int, name: str, rows: list[tuple[str, float, int]], seconds: float) -> None:
    n = len(rows)
    lines = [f"draw {draw}, {name}: {n} deals"]
    for limit in (1.0, seconds):
        won = sum(1 for s, t, _ in rows if s == "solved" and t <= limit)
        lost = sum(1 for s, t, _ in rows if s == "unsolvable" and t <= limit)
        rest = n - won - lost
        lines.append(f"  within {limit:g} s: winnable {won / n:.1%}, unwinnable {lost / n:.1%}, "
                     f"undecided {rest / n:.1%} ({won}/{lost}/{rest})")
    won = sum(1 for s, _, _ in rows if s == "solved")
    lost = sum(1 for s, _, _ in rows if s == "unsolvable")
    low, _ = wilson(won, n)
    _, high = wilson(n - lost, n)
    took = sum(t for _, t, _ in rows)
    nodes = sum(k for _, _, k in rows)
    lines.append(f"  winnable share between {won / n:.1%} and {(n - lost) / n:.1%} (95 %: {low:.1%} to "
                 f"{high:.1%}); Blake and Gent {PUBLISHED[draw]:.2%}")
    lines.append(f"  {nodes / took:,.0f} nodes/s; slowest decided "
                 f"{max((t for s, t, _ in rows if s != 'unknown'), default=0):.2f} s")
    decided = [(t, k) for s, t, k in rows if s != "unknown"]
    for label, part in (("all deals", [(t, k) for _, t, k in rows]), ("decided", decided)):
        if part:
            times = sorted(t for t, _ in part)
            nodes_ = sorted(k for _, k in part)
            lines.append(f"  {label} ({len(part)}): nodes median {quantile(nodes_, 0.5):,.0f}, "
                         f"p95 {quantile(nodes_, 0.95):,.0f}, max {nodes_[-1]:,}; seconds median "
                         f"{quantile(times, 0.5):.3f}, p95 {quantile(times, 0.95):.3f}, max {times[-1]:.3f}")
    print("\n".join(lines), flush=True)


def quantile(values: list[float] | list[int], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (nearest rank)."""
    return float(values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))])


def agreement(draw: int, numbers: list[int], rows: list[tuple[str, float, int]]) -> None:
    """Compare with the verdicts recorded in the level lists (the solver before, 50,000
    positions per deal, deals 1-2000)."""
    from spider.klondike.deal_lists import LEVELS

    letters = LEVELS[draw]
    pairs = [(letters[n - 1], status) for n, (status, _, _) in zip(numbers, rows, strict=True)
             if n <= len(letters)]
    if not pairs:
        return
    old = {"solved": "enh", "unsolvable": "x", "unknown": "-"}
    same = sum(1 for letter, status in pairs if letter in old[status])
    wrong = [(n, letter, status) for n, (status, _, _) in zip(numbers, rows, strict=True)
             if n <= len(letters) and (letter := letters[n - 1]) != "-" and status != "unknown"
             and letter not in old[status]]
    only_new = sum(1 for letter, status in pairs if letter == "-" and status != "unknown")
    only_old = sum(1 for letter, status in pairs if letter != "-" and status == "unknown")
    print(f"  against the recorded verdicts ({len(pairs)} deals): same answer {same}, decided now but "
          f"not then {only_new}, decided then but not now {only_old}, contradictions {len(wrong)}"
          + (f" {wrong[:10]}" if wrong else ""), flush=True)


def from_file(path: Path, nodes: list[int], seconds: float) -> None:
    """Report a file written with ``--out``: by time as measured, and by positions."""
    groups: dict[tuple[int, bool], list[tuple[str, float, int]]] = {}
    for line in path.read_text().split("\n"):
        if not line.strip():
            continue
        deal, status, k, took = line.split()
        draw, number = int(deal[1]), int(deal.split("-")[1])
        groups.setdefault((draw, number > 32000), []).append((status, float(took), int(k)))
    for (draw, high), rows in sorted(groups.items()):
        name = "deals above 32000" if high else "deals up to 32000"
        report(draw, name, rows, seconds)
        n = len(rows)
        for limit in nodes:
            won = sum(1 for s, _, k in rows if s == "solved" and k <= limit)
            lost = sum(1 for s, _, k in rows if s == "unsolvable" and k <= limit)
            print(f"  within {limit:,} positions: winnable {won / n:.1%}, unwinnable {lost / n:.1%}, "
                  f"undecided {(n - won - lost) / n:.1%} ({won}/{lost}/{n - won - lost})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--draw", type=int, action="append", choices=(1, 3))
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--sample", type=int, default=100, help="random deals above 32000")
    ap.add_argument("--out", type=Path, help="append each deal's answer to this file")
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide in Node")
    ap.add_argument("--report", type=Path, help="report a file written with --out, run nothing")
    ap.add_argument("--nodes", type=int, action="append", help="position limits for --report")
    ap.add_argument("--both-orders", action="store_true",
                    help="solve(..., depth_first=True): the depth-first order takes turns")
    args = ap.parse_args()
    if args.report:
        from_file(args.report, args.nodes or [30_000, 300_000], args.seconds)
        return
    draws = args.draw or [1, 3]
    if args.pyodide:
        cmd = ["node", str(ROOT / "bench" / "pyodide_run.mjs"), "bench/klondike_solver.py",
               "--seconds", str(args.seconds), "--first", str(args.first), "--last", str(args.last),
               "--sample", str(args.sample)] + (["--both-orders"] if args.both_orders else [])
        for d in draws:
            cmd += ["--draw", str(d)]
        raise SystemExit(subprocess.call(cmd, cwd=ROOT))
    run(draws, args.first, args.last, args.sample, args.seconds, args.out, args.both_orders)


if __name__ == "__main__":
    main()
