"""How much memory a phone's first visit takes, with and without the first-visit worker
(prints numbers, asserts nothing).

    python3 bench/first_visit_memory.py [--runs 3] [--site DIR]

A phone's first visit (touch is the main input, no service worker yet) starts Python in a
worker, which makes a memory snapshot and hands it to the page (docs/performance.md). For a
moment the phone holds two interpreters. This script measures what that costs. Each run
launches a fresh Chromium, opens one phone-sized page with an empty profile, and samples the
memory of the whole browser every 20 ms: the proportional set size (PSS, from
``/proc/PID/smaps_rollup``, so pages shared between Chromium's processes count once) summed
over the browser process and all its descendants. It samples until 3 s after the board is
ready (``<html class="ready">``). There are two variants, interleaved:

- "worker": the phone profile with touch (``pointer: coarse``), which takes the worker path
  (``<html data-boot="worker">``);
- "page": the same size and user agent without touch (``pointer: fine``), which starts Python
  on the page as a desktop does (``data-boot="plain"``).

Printed per variant (medians of the runs, MB): the browser before the navigation, the peak
during the start, the value 3 s after the board was ready, and the peak minus the "before"
value. Linux only (reads /proc). Needs ``build/site/`` (``make build``) or ``--site``, and
Chromium (``$CHROMIUM`` or /usr/bin/chromium, else Playwright's own).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))
import sitesrv  # noqa: E402
from page_speed import PHONE, READY_AT, SITE, chromium_executable  # noqa: E402

VARIANTS: dict[str, dict[str, Any]] = {
    "worker": PHONE,
    "page": {**PHONE, "has_touch": False, "is_mobile": False},
}
EXPECTED_BOOT = {"worker": "worker", "page": "plain"}


def children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(entry))
    return kids


def tree_pss_kb(root: int) -> int:
    """PSS (kB) of ``root`` and all its descendants."""
    kids = children()
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, []))
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
                    break
        except OSError:
            continue
    return total


def browser_root(before: set[int]) -> int:
    """The newly launched browser: a new process that our own process tree contains and whose
    name is Chromium's, whose parent is not itself Chromium."""
    kids = children()
    mine, todo = set(), [os.getpid()]
    while todo:
        pid = todo.pop()
        mine.add(pid)
        todo.extend(kids.get(pid, []))
    for pid in sorted(mine - before):
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
            parent = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            parent_comm = Path(f"/proc/{parent}/comm").read_text().strip()
        except OSError:
            continue
        if "chrom" in comm and "chrom" not in parent_comm:
            return pid
    raise RuntimeError("could not find the Chromium process this script launched")


def one_run(pw: Playwright, exe: str | None, url: str, variant: str) -> tuple[float, float, float]:
    before_pids = {int(p) for p in os.listdir("/proc") if p.isdigit()}
    browser = pw.chromium.launch(executable_path=exe)
    try:
        root = browser_root(before_pids)
        ctx = browser.new_context(**VARIANTS[variant])
        ctx.add_init_script(READY_AT)
        page = ctx.new_page()
        page.goto("about:blank")
        time.sleep(1)
        base = tree_pss_kb(root)
        samples: list[int] = []
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                samples.append(tree_pss_kb(root))
                time.sleep(0.02)

        thread = threading.Thread(target=sample, daemon=True)
        thread.start()
        page.goto(url, timeout=300_000)
        page.wait_for_function("window.__readyAt !== undefined", timeout=300_000, polling=100)
        boot = page.evaluate("document.documentElement.dataset.boot")
        if boot != EXPECTED_BOOT[variant]:
            raise RuntimeError(f"{variant}: expected data-boot={EXPECTED_BOOT[variant]!r}, got {boot!r}")
        time.sleep(3)
        stop.set()
        thread.join()
        after = tree_pss_kb(root)
        ctx.close()
    finally:
        browser.close()
    return base / 1024, max([*samples, after]) / 1024, after / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args()
    if not Path("/proc/self/smaps_rollup").exists():
        print("first_visit_memory: needs Linux's /proc/PID/smaps_rollup; skipped")
        return 0
    if not (args.site / "index.html").is_file():
        print(f"{args.site}/index.html is missing: run `make build` first", file=sys.stderr)
        return 1
    exe = chromium_executable()
    results: dict[str, list[tuple[float, float, float]]] = {v: [] for v in VARIANTS}
    with sync_playwright() as pw, sitesrv.running(args.site) as srv:
        for n in range(args.runs):
            for variant in VARIANTS:
                results[variant].append(one_run(pw, exe, srv.url, variant))
                base, peak, after = results[variant][-1]
                print(f"run {n + 1} {variant:>6}: before {base:6.0f}  peak {peak:6.0f}  "
                      f"3 s after ready {after:6.0f} MB", flush=True)
    print(f"\nbrowser memory (PSS, MB), median of {args.runs} runs, phone-sized first visit:")
    print(f"{'path':>8} {'before':>8} {'peak':>8} {'peak-before':>12} {'3 s after ready':>16}")
    for variant, rows in results.items():
        base, peak, after = (statistics.median(col) for col in zip(*rows, strict=True))
        print(f"{variant:>8} {base:8.0f} {peak:8.0f} {peak - base:12.0f} {after:16.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
