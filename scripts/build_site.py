"""Build `build/site/`: exactly the files the game serves (stdlib only).

    python3 scripts/build_site.py [--out DIR]

What goes in:
- `index.html` and `pyscript.toml` (both, or neither while there is no page yet),
  `main.py` and `assets/**` (if present);
  `sw.js`, `*.webmanifest` and `icons/**` from the root (if present);
- the `spider` package as ONE file, `spider.zip`: every `spider/**/*.py` with its bytecode
  compiled by the page's own Python (`scripts/bundle_package.mjs`, Pyodide in Node), which
  `pyscript.toml` maps to `./spider/*` (one request instead of twenty, and no compiling at
  each start: docs/page.md has the figures); the engine's Web Worker
  (`assets/engine-worker.mjs`) unpacks the same zip;
- PyScript's `dist/` without source maps -> `pyscript/`;
- the five Pyodide runtime files -> `pyodide/`.

It stamps the words the pre-Python script shows (`assets/prepaint.js`) from the text
catalogs. Then it stamps the service worker (`build/site/sw.js`): the block between
`/* precache:start` and `/* precache:end */` becomes the list of EVERY other file of the
site with its Subresource Integrity hash, and a version that is a hash of that list. Any
change to any served file therefore changes `sw.js`, and browsers install the new version.
`stamp_service_worker(site)` does this alone (the e2e update test re-stamps a changed copy).

It fails loudly when `pyscript.toml` would make the page miss its modules or load from a
CDN: its `[files]` table must be exactly the package zip, and `interpreter` must point at
the local Pyodide copy.
The site is built next to the old one and swapped in at the end, so a failed build never
leaves half a site behind.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PACKAGE = "spider"
BUNDLE = "spider.zip"
IGNORED_DIRS = {"__pycache__", "tests", ".pytest_cache", ".mypy_cache", ".hypothesis"}


PREPAINT = "assets/prepaint.js"
PREPAINT_KEYS = ("ui.loading", "ui.title.spider", "ui.title.klondike")
TEXTS_BLOCK = re.compile(r"/\* texts:start.*?/\* texts:end \*/", re.DOTALL)

SERVICE_WORKER = "sw.js"
PRECACHE_BLOCK = re.compile(r"/\* precache:start.*?/\* precache:end \*/", re.DOTALL)


class BuildError(Exception):
    pass


def integrity(path: Path) -> str:
    """The Subresource Integrity value of a file: `sha256-<base64>`."""
    digest = hashlib.sha256(path.read_bytes()).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def precache_list(site: Path) -> dict[str, str]:
    """Every file of the site but the service worker itself: `{"./path": integrity}`."""
    files = sorted(p for p in site.rglob("*") if p.is_file())
    return {
        "./" + p.relative_to(site).as_posix(): integrity(p)
        for p in files
        if p.relative_to(site).as_posix() != SERVICE_WORKER
    }


def stamp_service_worker(site: Path) -> str | None:
    """Write the precache list and version into `site/sw.js`; return the version
    (None when the site has no service worker). Idempotent: a stamped file can be
    stamped again after files changed."""
    worker = site / SERVICE_WORKER
    if not worker.is_file():
        return None
    files = precache_list(site)
    version = hashlib.sha256(
        "".join(f"{path} {sri}\n" for path, sri in files.items()).encode()
    ).hexdigest()[:16]
    text = worker.read_text(encoding="utf-8")
    if not PRECACHE_BLOCK.search(text):
        raise BuildError(f"{SERVICE_WORKER} has no /* precache:start ... /* precache:end */ block")
    listing = ",\n".join(f"  {json.dumps(path)}: {json.dumps(sri)}" for path, sri in files.items())
    block = ("/* precache:start (stamped by scripts/build_site.py) */\n"
             f"const VERSION = {json.dumps(version)};\n"
             f"const FILES = {{\n{listing}\n}};\n"
             "/* precache:end */")
    worker.write_text(PRECACHE_BLOCK.sub(lambda _m: block, text, count=1), encoding="utf-8")
    return version


def stamp_prepaint(site: Path, root: Path = ROOT) -> None:
    """Write the few words the pre-Python script shows (title, "loading") into the built
    `assets/prepaint.js`, from the text catalogs, so they live in one place only."""
    script = site / PREPAINT
    if not script.is_file():
        return
    sys.path.insert(0, str(root))
    try:
        from spider.texts import LANGUAGES, catalog
    finally:
        sys.path.pop(0)
    texts = {lang: {k: catalog(lang)[k] for k in PREPAINT_KEYS} for lang in LANGUAGES}
    block = ("/* texts:start (stamped by scripts/build_site.py) */\n"
             f"  const TEXTS = {json.dumps(texts, ensure_ascii=False)};\n"
             "  /* texts:end */")
    text = script.read_text(encoding="utf-8")
    if not TEXTS_BLOCK.search(text):
        raise BuildError(f"{PREPAINT} has no /* texts:start ... /* texts:end */ block")
    script.write_text(TEXTS_BLOCK.sub(lambda _m: block, text, count=1), encoding="utf-8")


def site_path(ref: str) -> str:
    """A `./a/b` or `a/b` reference (relative to the site root) as `a/b`."""
    norm = posixpath.normpath(ref.strip())
    if norm.startswith(("/", "..")) or "://" in norm:
        raise BuildError(f"{ref!r} is not a path inside the site")
    return norm


def package_modules(root: Path) -> list[str]:
    """Every `spider/**/*.py` as a site path, sorted."""
    pkg = root / PACKAGE
    if not pkg.is_dir():
        return []
    return sorted(
        p.relative_to(root).as_posix()
        for p in pkg.rglob("*.py")
        if not IGNORED_DIRS.intersection(p.relative_to(root).parts)
    )


def check_config(config_file: Path, modules: list[str]) -> None:
    """Check `pyscript.toml`: the local interpreter, and the package as the one zip."""
    try:
        config = tomllib.loads(config_file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"{config_file.name} is not valid TOML: {exc}") from exc

    interpreter = config.get("interpreter")
    if not isinstance(interpreter, str) or not interpreter.startswith("./"):
        raise BuildError(
            f"{config_file.name}: `interpreter` must be the local copy "
            f'(interpreter = "./pyodide/pyodide.mjs"), got {interpreter!r}; '
            "without it PyScript loads Pyodide from a CDN"
        )
    if site_path(interpreter) != "pyodide/pyodide.mjs":
        raise BuildError(f"{config_file.name}: interpreter {interpreter!r} is not "
                         '"./pyodide/pyodide.mjs", where this build puts Pyodide')

    files = config.get("files", {})
    want = {f"./{BUNDLE}": f"./{PACKAGE}/*"}
    if modules and files != want:
        raise BuildError(
            f"{config_file.name}: [files] must be exactly "
            f'"./{BUNDLE}" = "./{PACKAGE}/*" (the build packs every {PACKAGE}/ module into '
            f"that one zip; the page unpacks it), got {files!r}"
        )


def bundle_package(root: Path, site: Path) -> None:
    """`site/spider.zip`: sources + bytecode (scripts/bundle_package.mjs)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: the build compiles the package with Pyodide in Node")
    done = subprocess.run(
        [node, str(root / "scripts" / "bundle_package.mjs"), str(root / PACKAGE), str(site / BUNDLE)],
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise BuildError(f"bundling {PACKAGE}/ failed:\n{done.stdout}{done.stderr}")


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def copy_tree(src: Path, dst: Path, *, skip_suffixes: tuple[str, ...] = ()) -> None:
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_file() and not IGNORED_DIRS.intersection(rel.parts) \
                and not path.name.endswith(skip_suffixes) and path.name != ".DS_Store":
            copy_file(path, dst / rel)


def build(out: Path, root: Path = ROOT) -> tuple[int, int]:
    """Build the site into `out`; return (number of files, total bytes)."""
    for needed in [PYSCRIPT_DIST / "core.js", *(PYODIDE_DIR / f for f in PYODIDE_FILES)]:
        if not needed.is_file():
            raise BuildError(f"{needed.relative_to(root)} is missing: run `npm ci` "
                             "(or `make serve` / `make test`, which do)")

    index, config = root / "index.html", root / "pyscript.toml"
    has_page = index.is_file() or config.is_file()
    if has_page and not (index.is_file() and config.is_file()):
        raise BuildError("index.html and pyscript.toml must both exist at the repository root")
    if not has_page:
        print("build_site: warning: no index.html / pyscript.toml yet; "
              "building the runtime only", file=sys.stderr)
    modules = package_modules(root)
    if has_page:
        check_config(config, modules)

    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)

    for optional in ("index.html", "pyscript.toml", "main.py", "sw.js"):
        if (root / optional).is_file():
            copy_file(root / optional, tmp / optional)
    for manifest in sorted(root.glob("*.webmanifest")):
        copy_file(manifest, tmp / manifest.name)
    for folder in ("assets", "icons"):
        if (root / folder).is_dir():
            copy_tree(root / folder, tmp / folder)
    copy_tree(PYSCRIPT_DIST, tmp / "pyscript", skip_suffixes=(".map",))
    for name in PYODIDE_FILES:
        copy_file(PYODIDE_DIR / name, tmp / "pyodide" / name)

    if modules:
        bundle_package(root, tmp)

    stamp_prepaint(tmp, root)
    stamp_service_worker(tmp)
    files = [p for p in tmp.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)

    if out.exists():
        old = out.with_name(out.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        out.rename(old)
        tmp.rename(out)
        shutil.rmtree(old)
    else:
        tmp.rename(out)
    return len(files), size


def versions() -> str:
    def version(package_dir: Path) -> str:
        return str(json.loads((package_dir / "package.json").read_text())["version"])

    return (f"PyScript {version(PYSCRIPT_DIST.parent)}, Pyodide {version(PYODIDE_DIR)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build build/site/ (the served files).")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    args = parser.parse_args(argv)
    try:
        count, size = build(args.out.resolve())
    except BuildError as exc:
        print(f"build_site: error: {exc}", file=sys.stderr)
        return 1
    shown = args.out.resolve()
    shown_str = shown.relative_to(ROOT).as_posix() if shown.is_relative_to(ROOT) else str(shown)
    worker = shown / SERVICE_WORKER
    version = re.search(r'const VERSION = "([^"]*)"', worker.read_text()) if worker.is_file() else None
    stamp = f", sw.js version {version.group(1)}" if version else ""
    print(f"build_site: {shown_str}/ {count} files, {size / 1e6:.1f} MB ({versions()}){stamp}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
