"""Lighthouse on the built site and on a bare PyScript page, mobile and desktop, side by side.

    .venv/bin/python bench/lighthouse.py [--runs 3] [--only game|bare] [--site DIR] [--json OUT]
                                         [--reports DIR] [--wait-for-board]

`make bench` runs it (after `make build`). Lighthouse is the npm package pinned in
package.json (12.2.3: the last line that runs on Node 20), driving the system Chromium
(`$CHROMIUM`, else /usr/bin/chromium) headless; no network is used.

- "game": `build/site/` served by `scripts/sitesrv.py`, exactly as `make serve` does.
- "bare": a PyScript hello-world generated into `build/bare-pyscript/` at run time: the same
  local PyScript and Pyodide, the same server, a page that shows one line from Python and
  nothing before it. It is the floor for "how fast can a PyScript page be here".

Each configuration runs `--runs` times (default 3); the run with the median performance
score is reported. Scores are 0..1; FCP, LCP, SI and TBT in ms, CLS unitless. Lighthouse's
mobile preset simulates a slow 4G phone (Lantern), desktop a fast wired desktop; the
absolute numbers say little on a 2-core machine, the difference between the two pages does.

Lighthouse stops when the page's main thread and network have been quiet for a moment. On
a first visit the game starts Python in a worker (docs/performance.md), so with its default
settings Lighthouse may stop before the board is ready and measure only the picture. The
"board" column says whether the run saw the game ready (the page's `pyodide-loaded` user
timing; "-" for the bare page, which has none). `--wait-for-board` gives Lighthouse longer
quiet thresholds so that it waits for the board: the figure that counts the whole start.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import sitesrv  # noqa: E402

SITE = ROOT / "build" / "site"
BARE = ROOT / "build" / "bare-pyscript"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = (
    ("FCP", "first-contentful-paint"),
    ("LCP", "largest-contentful-paint"),
    ("SI", "speed-index"),
    ("TBT", "total-blocking-time"),
    ("CLS", "cumulative-layout-shift"),
)

BARE_HTML = """<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Eine leere PyScript-Seite zum Vergleich.">
<title>PyScript: Hallo</title>
<link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script>
</head>
<body>
<main id="out"></main>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body>
</html>
"""
BARE_MAIN = """from pyscript import document

p = document.createElement("p")
p.textContent = "Hallo aus Python."
document.getElementById("out").append(p)
"""
BARE_CONFIG = 'interpreter = "./pyodide/pyodide.mjs"\n'


def make_bare_page() -> Path:
    """`build/bare-pyscript/`: hello world on the site's own PyScript and Pyodide copies."""
    shutil.rmtree(BARE, ignore_errors=True)
    BARE.mkdir(parents=True)
    (BARE / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (BARE / "main.py").write_text(BARE_MAIN, encoding="utf-8")
    (BARE / "pyscript.toml").write_text(BARE_CONFIG, encoding="utf-8")
    for runtime in ("pyscript", "pyodide"):
        shutil.copytree(SITE / runtime, BARE / runtime)
    return BARE


def chromium() -> str:
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    raise SystemExit("bench/lighthouse.py: no Chromium: install Debian's chromium or set CHROMIUM")


# Quiet thresholds long enough to span the worker's Python start (seconds of CPU in the
# worker, no network and an idle main thread) and the restore after it.
WAIT_SETTINGS = {"networkQuietThresholdMs": 5000, "cpuQuietThresholdMs": 5000,
                 "pauseAfterLoadMs": 5000, "maxWaitForLoad": 90000}


def wait_config(preset: str, folder: Path) -> Path:
    """A Lighthouse config (an ES module) for `preset` with WAIT_SETTINGS."""
    lines = []
    base = "{}"
    if preset == "desktop":
        desktop = (ROOT / "node_modules/lighthouse/core/config/desktop-config.js").as_uri()
        lines.append(f"import desktop from {json.dumps(desktop)};")
        base = "desktop.settings"
    lines.append(f"export default {{extends: 'lighthouse:default', settings: "
                 f"{{...{base}, ...{json.dumps(WAIT_SETTINGS)}}}}};")
    path = folder / f"wait-{preset}.config.mjs"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def lighthouse(url: str, preset: str, out: Path, config: Path | None = None) -> dict:
    cmd = [
        str(LIGHTHOUSE), url,
        "--output=json", f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        # Its gatherer asks DevTools for the 9 MB wasm body and times out; the audit has
        # no weight in any score (the server here sends no gzip; GitHub Pages does).
        "--skip-audits=uses-text-compression",
        "--quiet",
    ]
    if config is not None:
        cmd.append(f"--config-path={config}")
    elif preset == "desktop":
        cmd.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": chromium()}
    out.unlink(missing_ok=True)
    done = subprocess.run(cmd, env=env, cwd=ROOT, timeout=300)
    if not out.is_file():  # a report with a runtimeError is still written; none at all is fatal
        raise SystemExit(f"lighthouse failed (exit {done.returncode}) on {url} ({preset})")
    return dict(json.loads(out.read_text(encoding="utf-8")))


def summary(report: dict) -> dict[str, float]:
    row = {c: report["categories"][c]["score"] for c in CATEGORIES}
    for short, audit in METRICS:
        row[short] = report["audits"][audit]["numericValue"]
    timings = (report["audits"].get("user-timings", {}).get("details") or {}).get("items", [])
    row["board"] = any(t.get("name") == "pyodide-loaded" for t in timings)
    return row


def failed_audits(report: dict) -> list[str]:
    """Audits that cost accessibility or best-practices points, and Lighthouse's own errors."""
    out = []
    if report.get("runtimeError"):
        out.append(f"lighthouse: {report['runtimeError'].get('message')}")
    for cat in ("accessibility", "best-practices"):
        for ref in report["categories"][cat]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                out.append(f"{cat}: {ref['id']}: {audit['title']}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=("game", "bare"))
    parser.add_argument("--site", type=Path, default=SITE,
                        help="the built site to measure as 'game' (default build/site)")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    parser.add_argument("--reports", type=Path, help="keep Lighthouse's JSON reports in this folder")
    parser.add_argument("--wait-for-board", action="store_true",
                        help="longer quiet thresholds, so that Lighthouse waits for the game")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print("bench/lighthouse.py: build/site/ is missing: run `make build`", file=sys.stderr)
        return 1
    if not LIGHTHOUSE.exists():
        print("bench/lighthouse.py: node_modules/.bin/lighthouse is missing: run `npm ci`",
              file=sys.stderr)
        return 1

    pages = {"game": args.site, "bare": make_bare_page()}
    if args.only:
        pages = {args.only: pages[args.only]}
    rows: list[dict] = []
    notes: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        tmp = args.reports or Path(scratch)
        tmp.mkdir(parents=True, exist_ok=True)
        for name, root in pages.items():
            with sitesrv.running(root) as srv:
                for preset in ("mobile", "desktop"):
                    runs = []
                    config = wait_config(preset, tmp) if args.wait_for_board else None
                    for i in range(args.runs):
                        report = lighthouse(srv.url, preset, tmp / f"{name}-{preset}-{i}.json",
                                            config)
                        runs.append((summary(report), report))
                        print(f"  {name:5} {preset:7} run {i + 1}: performance "
                              f"{runs[-1][0]['performance']:.2f}", file=sys.stderr, flush=True)
                    median = statistics.median_low(r[0]["performance"] for r in runs)
                    row, report = next(r for r in runs if r[0]["performance"] == median)
                    rows.append({"page": name, "preset": preset, **row})
                    notes += [f"{name} {preset}: {n}" for n in failed_audits(report)]

    version = json.loads((ROOT / "node_modules/lighthouse/package.json").read_text())["version"]
    chrome = subprocess.run([chromium(), "--version"], capture_output=True, text=True).stdout.strip()
    waited = ", waiting for the board" if args.wait_for_board else ", default settings"
    print(f"Lighthouse {version}, {chrome}, median of {args.runs} run(s) by performance score"
          f"{waited}")
    head = f"{'page':6} {'preset':8} {'perf':>5} {'a11y':>5} {'b-p':>5} " \
           f"{'FCP ms':>8} {'LCP ms':>8} {'SI ms':>8} {'TBT ms':>8} {'CLS':>6} {'board':>5}"
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['page']:6} {r['preset']:8} {r['performance']:5.2f} {r['accessibility']:5.2f} "
              f"{r['best-practices']:5.2f} {r['FCP']:8.0f} {r['LCP']:8.0f} {r['SI']:8.0f} "
              f"{r['TBT']:8.0f} {r['CLS']:6.3f} "
              f"{('yes' if r['board'] else 'no') if r['page'] == 'game' else '-':>5}")
    for note in notes:
        print("  lost points:", note)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
