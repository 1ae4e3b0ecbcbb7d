"""Make the shipped Klondike level lists: ``spider/klondike/deal_lists.py``.

    nice -n 10 python scripts/make_klondike_deals.py --count 2000 --workers 2

For draw 1 and draw 3 and every PySolFC deal number 1..count: run the solver with ``peek``
(``levels.MAX_NODES`` positions; a found line is replayed to a win), and follow the hint
move by move. Then apply the rule of :mod:`spider.klondike.levels` (easy: the hint wins;
hard: the proof took at least ``HARD_FACTOR`` times the median positions of the deals proved
winnable) and write one letter per deal. Prints the share of each level and the time taken.
Deterministic: the same solver and hint give the same file.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spider.klondike.grading import classify  # noqa: E402
from spider.klondike.levels import HARD_FACTOR, MAX_NODES, letter  # noqa: E402

OUT = ROOT / "spider" / "klondike" / "deal_lists.py"


def _work(job: tuple[int, int]) -> tuple[int, int, str, int, bool]:
    draw, number = job
    status, nodes, hint_won = classify(draw, number)
    return draw, number, status, nodes, hint_won


def _niced() -> None:
    os.nice(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    started = time.monotonic()
    jobs = [(d, n) for d in (1, 3) for n in range(1, args.count + 1)]
    results: dict[tuple[int, int], tuple[str, int, bool]] = {}
    with Pool(args.workers, initializer=_niced) as pool:
        for i, (d, n, status, nodes, hint_won) in enumerate(pool.imap_unordered(_work, jobs, chunksize=8)):
            results[(d, n)] = (status, nodes, hint_won)
            if (i + 1) % 200 == 0:
                print(f"{i + 1}/{len(jobs)} deals, {time.monotonic() - started:.0f} s", flush=True)
    rows: dict[int, str] = {}
    medians: dict[int, int] = {}
    lines = []
    for d in (1, 3):
        solved = [results[(d, n)][1] for n in range(1, args.count + 1) if results[(d, n)][0] == "solved"]
        medians[d] = int(statistics.median(solved))
        hard = HARD_FACTOR * medians[d]
        rows[d] = "".join(letter(*results[(d, n)], hard) for n in range(1, args.count + 1))
        counts = {x: rows[d].count(x) for x in "enhx-"}
        share = ", ".join(f"{name} {counts[x]} ({counts[x] / args.count:.1%})" for x, name in
                          zip("enhx-", ("easy", "normal", "hard", "lost", "undecided"), strict=True))
        lines.append(f"draw {d}: {share}; median {medians[d]} positions, hard from {hard}")
    took = time.monotonic() - started
    write(rows, medians, args.count, took, lines)
    print("\n".join(lines))
    print(f"took {took:.0f} s with {args.workers} worker(s); wrote {OUT.relative_to(ROOT)}")


def write(rows: dict[int, str], medians: dict[int, int], count: int, took: float, lines: list[str]) -> None:
    out = [
        '"""The shipped Klondike level deals: one letter per PySolFC deal number, from 1.',
        "",
        "Written by ``scripts/make_klondike_deals.py`` (do not edit by hand); the rule is in",
        ":mod:`spider.klondike.levels`. Letters: ``e`` easy, ``n`` normal, ``h`` hard, ``x`` proved",
        f"lost, ``-`` undecided within {MAX_NODES:,} positions. Deals 1-{count}; making it took",
        f"{took / 60:.0f} minutes.",
        "",
        *[part for line in lines for part in line.split("; ")],
        '"""',
        "",
        f"MEDIAN_NODES: dict[int, int] = {medians!r}",
        "",
        "LEVELS: dict[int, str] = {",
    ]
    for d, row in rows.items():
        out.append(f"    {d}: (")
        out += [f'        "{row[i:i + 90]}"' for i in range(0, len(row), 90)]
        out.append("    ),")
    out.append("}")
    OUT.write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
