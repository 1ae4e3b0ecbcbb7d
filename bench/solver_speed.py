"""How fast the solver decides the corpus positions (tests/corpus/), on CPython or Pyodide.

    python bench/solver_speed.py              # CPython, 5 s per position
    python bench/solver_speed.py --pyodide    # the same inside Pyodide in Node (the page's
                                              # Python), via bench/pyodide_run.mjs
    python bench/solver_speed.py --seconds 2 --only s4

For every position: ``solve`` with a deadline (``should_stop``) of ``--seconds`` and no
node limit. Prints, per variant and overall, the share decided (solved or proved
unsolvable) within 1 s and within the deadline, the answers, and nodes per second
(all nodes over all search time). A benchmark prints numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"


def load(path: Path) -> list[tuple[str, str]]:
    """``(label, position text)`` of a corpus file (entries start with ``# label``)."""
    out = []
    for chunk in path.read_text().split("# ")[1:]:
        label, _, text = chunk.partition("\n")
        out.append((label, text))
    return out


def run(files: list[Path], seconds: float) -> None:
    sys.path.insert(0, str(ROOT))
    from spider import Game, solve

    print(f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}, "
          f"deadline {seconds:g} s per position", flush=True)
    total: dict[str, list[float]] = {}
    for path in files:
        rows: list[tuple[str, float, int]] = []
        for _, text in load(path):
            game = Game.from_text(text)
            game.known_down = game.down[:]  # the corpus holds only all-known positions
            game.known_stock = len(game.stock)
            end = time.perf_counter() + seconds
            start = time.perf_counter()
            result = solve(game, 10**9, should_stop=lambda end=end: time.perf_counter() > end,
                           check_every=256)
            rows.append((result.status, time.perf_counter() - start, result.nodes))
        report(path.stem, rows, seconds)
        for status, took, nodes in rows:
            total.setdefault("all", []).extend([status != "unknown", took <= 1.0, took, nodes])
    flat = total.get("all", [])
    n = len(flat) // 4
    if n:
        decided = sum(flat[0::4])
        within1 = sum(1 for i in range(n) if flat[4 * i] and flat[4 * i + 1])
        took = sum(flat[2::4])
        nodes = sum(flat[3::4])
        print(f"all: {n} positions, decided within 1 s {within1 / n:.1%}, within "
              f"{seconds:g} s {decided / n:.1%}; {nodes / took:,.0f} nodes/s", flush=True)


def report(name: str, rows: list[tuple[str, float, int]], seconds: float) -> None:
    n = len(rows)
    if not n:
        return
    counts = {s: sum(1 for r in rows if r[0] == s) for s in ("solved", "unsolvable", "unknown")}
    within1 = sum(1 for s, took, _ in rows if s != "unknown" and took <= 1.0)
    decided = n - counts["unknown"]
    took = sum(r[1] for r in rows)
    nodes = sum(r[2] for r in rows)
    slowest = max((r[1] for r in rows if r[0] != "unknown"), default=0.0)
    print(f"{name}: {n} positions, decided within 1 s {within1 / n:.1%}, within {seconds:g} s "
          f"{decided / n:.1%} ({counts['solved']} solved, {counts['unsolvable']} unsolvable, "
          f"{counts['unknown']} unknown); slowest decided {slowest:.2f} s; "
          f"{nodes / took:,.0f} nodes/s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--only", action="append", help="corpus file stem, e.g. s4 (repeatable)")
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide in Node")
    args = ap.parse_args()
    names = args.only or ["s1", "s2", "s4"]
    if args.pyodide:
        cmd = ["node", str(ROOT / "bench" / "pyodide_run.mjs"), "bench/solver_speed.py",
               "--seconds", str(args.seconds)]
        for name in names:
            cmd += ["--only", name]
        raise SystemExit(subprocess.call(cmd, cwd=ROOT))
    run([CORPUS / f"{n}.txt" for n in names], args.seconds)


if __name__ == "__main__":
    main()
