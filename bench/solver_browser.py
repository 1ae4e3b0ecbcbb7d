"""The solver in the browser's Web Worker: the corpus decided within 1 s and 5 s, nodes/s.

    python bench/solver_browser.py [--seconds 5] [--only s4]

Builds a small bench page next to the built site (``build/solver-bench/``, reusing the
site's local PyScript and Pyodide), whose PyScript worker runs ``bench/solver_speed.py``'s
``run()`` over ``tests/corpus/`` exactly as the page's solver worker would run a check, then
prints what the worker printed. Needs ``make build`` (or ``make serve``) first and Chromium
(``CHROMIUM`` or /usr/bin/chromium, else Playwright's own). Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
OUT = ROOT / "build" / "solver-bench"
sys.path.insert(0, str(ROOT / "scripts"))

import sitesrv  # noqa: E402

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>solver bench</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><pre id="out">running…</pre>
<script type="py" src="./bench_main.py" config="./pyscript.toml"></script></body></html>
"""
MAIN = """
from pyscript import create_named_worker, document
worker = await create_named_worker(src="./bench_worker.py", name="bench", config="./pyscript.toml")
out = await worker.run_corpus({seconds!r}, {names!r})
document.getElementById("out").textContent = out
document.documentElement.classList.add("done")
"""
WORKER = """
import contextlib, io, sys
sys.path.insert(0, ".")
from bench.solver_speed import CORPUS, run

def run_corpus(seconds, names):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        run([CORPUS / f"{n}.txt" for n in names], float(seconds))
    return "browser worker: " + buf.getvalue()

__export__ = ["run_corpus"]
"""


def build(seconds: float, names: list[str]) -> None:
    if not (SITE / "pyodide").is_dir():
        raise SystemExit("build/site is missing: run `make build` first")
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    for runtime in ("pyodide", "pyscript"):
        shutil.copytree(SITE / runtime, OUT / runtime)
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "spider").rglob("*.py")
                   if "web" not in p.parts and "__pycache__" not in p.parts)
    files += ["bench/__init__.py", "bench/solver_speed.py"]
    files += [f"tests/corpus/{n}.txt" for n in names]
    for rel in files:
        target = OUT / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if rel == "bench/__init__.py":
            target.write_text("")
        else:
            shutil.copy2(ROOT / rel, target)
    toml = ['interpreter = "./pyodide/pyodide.mjs"', "", "[files]"]
    toml += [f'"./{rel}" = "./{rel}"' for rel in files]
    (OUT / "pyscript.toml").write_text("\n".join(toml) + "\n")
    (OUT / "index.html").write_text(PAGE)
    (OUT / "bench_main.py").write_text(MAIN.format(seconds=seconds, names=names))
    (OUT / "bench_worker.py").write_text(WORKER)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--only", action="append", help="corpus file stem, e.g. s4 (repeatable)")
    args = ap.parse_args()
    names = args.only or ["s1", "s2", "s4"]
    build(args.seconds, names)

    from playwright.sync_api import sync_playwright

    exe = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    with sitesrv.running(OUT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(server.url)
        deadline = time.monotonic() + 3600
        while time.monotonic() < deadline:
            if page.evaluate("document.documentElement.classList.contains('done')"):
                break
            time.sleep(1)
        print(page.locator("#out").inner_text())
        browser.close()


if __name__ == "__main__":
    main()
