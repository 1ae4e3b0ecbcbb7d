"""Engine speed: random games, timed by phase. Prints moves generated, played and undone per
second, and the same under Pyodide (the page's Python) when Node and node_modules are there.

    python bench/engine_speed.py            # CPython, then Pyodide in Node
    python bench/engine_speed.py --here     # only the Python running this script
"""

from __future__ import annotations

import platform
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from spider import Game  # noqa: E402


def measure(games: int = 30, moves_per_game: int = 300) -> dict[str, float]:
    rng = random.Random(2026)
    generated = played = undone = 0
    t_gen = t_play = t_undo = 0.0
    for n in range(games):
        g = Game.new(deal_id=f"S{(1, 2, 4)[n % 3]}-{n}")
        for _ in range(moves_per_game):
            t0 = time.perf_counter()
            moves = g.legal_moves()
            t1 = time.perf_counter()
            t_gen += t1 - t0
            generated += len(moves)
            if not moves:
                break
            move = moves[rng.randrange(len(moves))]
            t0 = time.perf_counter()
            g.play(move)
            t_play += time.perf_counter() - t0
            played += 1
        t0 = time.perf_counter()
        while g.can_undo:
            g.undo()
            undone += 1
        t_undo += time.perf_counter() - t0
    return {
        "generated_per_s": generated / t_gen,
        "generate_calls_per_s": played / t_gen,
        "played_per_s": played / t_play,
        "undone_per_s": undone / t_undo,
    }


def report(label: str) -> None:
    r = measure()
    print(f"{label}:")
    print(f"  legal_moves() calls/s  {r['generate_calls_per_s']:>12,.0f}")
    print(f"  moves generated/s      {r['generated_per_s']:>12,.0f}")
    print(f"  play() moves/s         {r['played_per_s']:>12,.0f}")
    print(f"  undo() moves/s         {r['undone_per_s']:>12,.0f}")


def main() -> int:
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    report(f"{impl} {platform.python_version()}")
    if "--here" in sys.argv or sys.platform == "emscripten":
        return 0
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("Pyodide: skipped (needs node and `npm ci`)")
        return 0
    return subprocess.call(
        [node, str(ROOT / "bench" / "pyodide_run.mjs"), "bench/engine_speed.py", "--here"], cwd=ROOT
    )


if __name__ == "__main__":
    sys.exit(main())
