"""The opponent benchmark's paired comparison (``bench/opponent.py --compare``): the counts
of deals won in both runs and in one only, and the exact sign test on the latter. CPython
only: the Pyodide run copies ``spider/`` and ``tests/``, not ``bench/``, and has no
subprocesses."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "opponent.py"


@pytest.fixture(scope="module")
def bench() -> Any:
    """``bench/opponent.py`` as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("bench_opponent", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compare(a: Path, b: Path) -> str:
    return subprocess.run([sys.executable, str(SCRIPT), "--compare", str(a), str(b)],
                          capture_output=True, text=True, check=True).stdout


def test_the_sign_test_is_the_binomial_tail_on_both_sides(bench: Any) -> None:
    # all 5 changed games one way: 2 * (1/2)^5
    assert bench.sign_test(0, 5) == pytest.approx(2 / 32)
    assert bench.sign_test(5, 5) == pytest.approx(2 / 32)
    # 1 against 4: 2 * (1 + 5) / 32
    assert bench.sign_test(1, 5) == pytest.approx(12 / 32)
    # an even split, or nothing changed, is no evidence at all
    assert bench.sign_test(3, 6) == 1.0
    assert bench.sign_test(0, 0) == 1.0
    # the two-suit comparison of docs/duel.md: 18 against 30
    assert 0.10 < bench.sign_test(18, 48) < 0.12


def _games(path: Path, won: dict[str, bool]) -> None:
    lines = [json.dumps({"level": "strong", "deal": deal, "suits": 2, "won": w, "points": 0,
                         "runs": 0, "actions": 1, "reason": "won" if w else "stuck", "times": [0.0]})
             for deal, w in won.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_compare_counts_the_deals_of_both_runs_pair_by_pair(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    # S2-1 both, S2-2 only A, S2-3 and S2-4 only B, S2-5 neither; S2-6 only in A's file
    _games(a, {"S2-1": True, "S2-2": True, "S2-3": False, "S2-4": False, "S2-5": False, "S2-6": True})
    _games(b, {"S2-1": True, "S2-2": False, "S2-3": True, "S2-4": True, "S2-5": False})
    out = _compare(a, b)
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["strong"])
    # level, suits, deals, won A, won B, both, only A, only B, p
    assert row[:8] == ["strong", "2", "5", "2", "3", "1", "1", "2"]
    # 1 against 2 of 3 changed games: 2 * (1 + 3) / 8, more than 1, so 1
    assert float(row[8]) == 1.0


def test_compare_says_so_when_the_runs_share_no_deal(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _games(a, {"S2-1": True})
    _games(b, {"S2-7": True})
    out = _compare(a, b)
    assert "no deal of one file is in the other" in out
    assert not any(line.split()[:1] == ["strong"] for line in out.splitlines())
