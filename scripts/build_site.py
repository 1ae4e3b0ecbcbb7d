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
- the five Pyodide runtime files -> `pyodide/`, and beside them `runtime/*` (`boot.mjs`, the
  interpreter module `pyscript.toml` names: Pyodide from the memory snapshot when it can);
- `pyodide/snapshot.bin.gz`: the memory snapshot (Pyodide booted, every engine module of
  the package imported), made in Node by `scripts/make_snapshot.mjs`; the build key (the
  SHA-256 of the runtime files and spider.zip) goes into its header and is stamped into
  `pyodide/boot.mjs`, which refuses a snapshot of any other build. The modules are derived
  from the package: every `spider/` module that does not import, directly or through
  another module of the package, a browser module (`pyscript`, `js`, `pyodide`). If
  making the snapshot fails, the build fails (docs/performance.md).

It stamps into the pre-Python script (`assets/prepaint.js`) the words it shows, from the
text catalogs, and a JSON copy of what it knows of the games, from their descriptors
(`prepaint_house`: deal IDs, save keys, a fresh deal's shape, the link parameters, the
markers of the player's theme, card size, animations and hand). Then
it stamps the service worker (`build/site/sw.js`): the block between
`/* precache:start` and `/* precache:end */` becomes the list of EVERY other file of the
site with its Subresource Integrity hash, and a version that is a hash of that list. Any
change to any served file therefore changes `sw.js`, and browsers install the new version.
`stamp_service_worker(site)` does this alone (the e2e update test re-stamps a changed copy).

It fails loudly when `pyscript.toml` would make the page miss its modules or load from a
CDN: its `[files]` table must be exactly the package zip, and `interpreter` must be the
local loader `./pyodide/boot.mjs` (which imports the local Pyodide copy beside it).
The site is built next to the old one and swapped in at the end, so a failed build never
leaves half a site behind.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import gzip
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
RUNTIME = "runtime"  # our own runtime modules (boot.mjs), served from pyodide/ beside Pyodide
INTERPRETER = "pyodide/boot.mjs"
IGNORED_DIRS = {"__pycache__", "tests", ".pytest_cache", ".mypy_cache", ".hypothesis"}


PREPAINT = "assets/prepaint.js"
# and each game's title, ui.title.<name>
PREPAINT_KEYS = ("ui.loading", "ui.loading.wait", "ui.loading.slow", "ui.loading.failed",
                 "ui.loading.reload")
TEXTS_BLOCK = re.compile(r"/\* texts:start.*?/\* texts:end \*/", re.DOTALL)
HOUSE_BLOCK = re.compile(r"/\* house:start.*?/\* house:end \*/", re.DOTALL)
# What prepaint.js knows of each game: these fields of its descriptor (GameInfo), as they are.
PREPAINT_GAME_FIELDS = ("name", "deal_letter", "variants", "save_key", "dealt", "dealt_piles", "duel")

SNAPSHOT = "pyodide/snapshot.bin"  # made raw, shipped as SNAPSHOT + ".gz"
KEY_BLOCK = re.compile(r"/\* snapshot-key:start.*?/\* snapshot-key:end \*/", re.DOTALL)
# The files a snapshot depends on: the runtime that makes and restores it, and the package.
KEY_INPUTS = (*(f"pyodide/{name}" for name in PYODIDE_FILES), BUNDLE)
# Modules a package module must not import to go into the snapshot: they exist only in the
# page (PyScript's, Pyodide's bridge to JavaScript), not when the build makes the snapshot.
BROWSER_MODULES = frozenset({"pyscript", "js", "pyodide", "pyodide_js", "_pyscript", "polyscript"})
# Standard-library modules PyScript's own Python imports at every start (its `pyscript`
# package and the [files] unpacking), checked in the page with `sys.modules` after a
# plain boot. Not needed for correctness (a module missing here is imported at run time
# as before); each one here is start-up time saved on every return visit.
STDLIB_WARM = ("asyncio", "html", "importlib.metadata", "json")

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


@contextlib.contextmanager
def _package(root: Path) -> Iterator[None]:
    """`root`'s `spider` package importable for a moment (the build reads its facts)."""
    sys.path.insert(0, str(root))
    try:
        yield
    finally:
        sys.path.pop(0)


def prepaint_house(root: Path = ROOT) -> dict[str, Any]:
    """What the pre-Python script (`assets/prepaint.js`) knows of the house, read where each
    fact lives, so that script types none of them:

    - `games`: each game's descriptor (`spider/core/registry.py`, `GameInfo`), the fields
      `PREPAINT_GAME_FIELDS` as they are (name, deal-ID letter and variants, save key, the
      fresh deal's face-down cards per column and its other piles, whether it has the duel),
      in the order the house lists them;
    - `default_game`: the game the settings name when they name none (the house's first);
    - `suits`: `[letter, symbol]` per suit, in the order a fresh deal's foundations lie;
    - `links`: the query parameters of a link (`spider/web/links.py`): `deal`, `pos` and
      `duel` open a game (`KINDS`, in that order), `lang` picks the language;
    - `settings_key`: the storage key of the settings (`spider/web/storage.py`);
    - `looks`: how the settings the player set up show on `<html>` before the first paint
      (`spider/web/looks.py`, `house()`: the markers, the theme System follows, the colours
      of `<meta name="theme-color">`)."""
    with _package(root):
        from spider.core.cards import SUIT_LETTERS, SUIT_SYMBOLS
        from spider.core.registry import games
        from spider.web import links, looks, storage
    deal, pos, duel = links.KINDS
    (lang,) = (name for name in links.STRIPPED if name not in links.KINDS)
    return {
        "games": [{field: _plain(getattr(info, field)) for field in PREPAINT_GAME_FIELDS}
                  for info in games()],
        "default_game": games()[0].name,
        "suits": [list(pair) for pair in zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True)],
        "links": {"deal": deal, "pos": pos, "duel": duel, "lang": lang},
        "settings_key": storage.SETTINGS_KEY,
        "looks": looks.house(),
    }


def _plain(value: object) -> object:
    """A descriptor's value as JSON has it (tuples as lists)."""
    return list(value) if isinstance(value, tuple) else value


def stamp_prepaint(site: Path, root: Path = ROOT) -> None:
    """Write into the built `assets/prepaint.js` the few words it shows (each game's title,
    "loading"), from the text catalogs, and what it knows of the house (`prepaint_house`),
    so that each lives in one place only."""
    script = site / PREPAINT
    if not script.is_file():
        return
    with _package(root):
        from spider.core.registry import games
        from spider.texts import LANGUAGES, catalog
    keys = (*PREPAINT_KEYS, *(f"ui.title.{info.name}" for info in games()))
    texts = {lang: {k: catalog(lang)[k] for k in keys} for lang in LANGUAGES}
    text = script.read_text(encoding="utf-8")
    for name, kind, pattern, value in (("texts", "Texts", TEXTS_BLOCK, texts),
                                       ("house", "House", HOUSE_BLOCK, prepaint_house(root))):
        if not pattern.search(text):
            raise BuildError(f"{PREPAINT} has no /* {name}:start ... /* {name}:end */ block")
        block = (f"/* {name}:start (stamped by scripts/build_site.py) */\n"
                 f"  /** @type {{{kind}}} */\n"
                 f"  const {name.upper()} = {json.dumps(value, ensure_ascii=False)};\n"
                 f"  /* {name}:end */")
        text = pattern.sub(lambda _m, block=block: block, text, count=1)
    script.write_text(text, encoding="utf-8")


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


def module_name(rel: str) -> str:
    """`spider/a/b.py` -> `spider.a.b`; `spider/a/__init__.py` -> `spider.a`."""
    parts = rel.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(root: Path, rel: str) -> set[str]:
    """Every module name a module's source imports, anywhere in it (relative imports
    resolved; `from a import b` names both `a` and `a.b`)."""
    name = module_name(rel)
    package = name if rel.endswith("/__init__.py") else name.rpartition(".")[0]
    tree = ast.parse((root / rel).read_text(encoding="utf-8"), filename=rel)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def snapshot_modules(root: Path) -> list[str]:
    """The package modules that go into the memory snapshot: every module of `spider/`
    that imports no browser module (`BROWSER_MODULES`), neither itself nor through any
    other module of the package it imports (its packages' `__init__` included)."""
    rels = package_modules(root)
    names = {module_name(rel): rel for rel in rels}
    edges: dict[str, set[str]] = {}
    for name, rel in names.items():
        imported = module_imports(root, rel)
        parents = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        edges[name] = {m for m in imported | parents if m in names or m.split(".")[0] in BROWSER_MODULES}
    browser = {name for name, imported in edges.items()
               if any(m.split(".")[0] in BROWSER_MODULES for m in imported)}
    while True:  # and whatever imports one of those, until nothing changes
        more = {name for name, imported in edges.items() if name not in browser and imported & browser}
        if not more:
            return sorted(set(names) - browser)
        browser |= more


def build_key(site: Path) -> str:
    """What a snapshot depends on, as 32 hex digits: the SHA-256 of the runtime files and
    the package zip (each file's SHA-256 with its path)."""
    digest = hashlib.sha256()
    for rel in KEY_INPUTS:
        digest.update(f"{rel} {hashlib.sha256((site / rel).read_bytes()).hexdigest()}\n".encode())
    return digest.hexdigest()[:32]


def stamp_snapshot_key(site: Path, key: str, modules: list[str]) -> None:
    """Write the build key and the snapshot's modules into the built `pyodide/boot.mjs`
    (a first visit's worker imports the same modules for its own snapshot)."""
    boot = site / INTERPRETER
    text = boot.read_text(encoding="utf-8")
    if not KEY_BLOCK.search(text):
        raise BuildError(f"{INTERPRETER} has no /* snapshot-key:start ... /* snapshot-key:end */ block")
    block = ("/* snapshot-key:start (stamped by scripts/build_site.py) */\n"
             f"const SNAPSHOT_KEY = {json.dumps(key)};\n"
             f"const SNAPSHOT_MODULES = {json.dumps(modules)};\n"
             "/* snapshot-key:end */")
    boot.write_text(KEY_BLOCK.sub(lambda _m: block, text, count=1), encoding="utf-8")


def make_snapshot(root: Path, site: Path) -> tuple[str, float]:
    """`site/pyodide/snapshot.bin.gz` for this build, and the key stamped into boot.mjs.
    Returns (key, seconds taken). Any failure is a BuildError: no build ships without
    its snapshot (or with one it cannot use)."""
    started = time.monotonic()
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: the build makes the Python snapshot with Pyodide in Node")
    key = build_key(site)
    modules = [*snapshot_modules(root), *STDLIB_WARM]
    raw = site / SNAPSHOT
    done = subprocess.run(
        [node, str(root / "scripts" / "make_snapshot.mjs"), str(site / BUNDLE), str(raw), key, *modules],
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0 or not raw.is_file():
        raise BuildError(f"making the Python snapshot failed:\n{done.stdout}{done.stderr}")
    # gzip without a name or time in its header: the same snapshot gives the same bytes.
    # Level 6: within 1 % of level 9 in size here, in a third of the time.
    with raw.open("rb") as src, (site / (SNAPSHOT + ".gz")).open("wb") as dst, \
            gzip.GzipFile(filename="", mode="wb", fileobj=dst, compresslevel=6, mtime=0) as packed:
        shutil.copyfileobj(src, packed, 1 << 20)
    raw.unlink()
    stamp_snapshot_key(site, key, modules)
    return key, time.monotonic() - started


def check_config(config_file: Path, modules: list[str]) -> None:
    """Check `pyscript.toml`: the local interpreter, and the package as the one zip."""
    try:
        config = tomllib.loads(config_file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"{config_file.name} is not valid TOML: {exc}") from exc

    interpreter = config.get("interpreter")
    if not isinstance(interpreter, str) or not interpreter.startswith("./"):
        raise BuildError(
            f"{config_file.name}: `interpreter` must be the local loader "
            f'(interpreter = "./{INTERPRETER}"), got {interpreter!r}; '
            "without it PyScript loads Pyodide from a CDN"
        )
    if site_path(interpreter) != INTERPRETER:
        raise BuildError(f"{config_file.name}: interpreter {interpreter!r} is not "
                         f'"./{INTERPRETER}", the loader this build puts beside the local '
                         "Pyodide (it starts Pyodide from the build's memory snapshot when it can)")

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

    # A folder of its own per build: two builds at once (a test run while another builds)
    # never write into each other's half-built site.
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=out.name + ".tmp-", dir=out.parent))
    try:
        count, size = _build_into(tmp, root, has_page, modules)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    tmp.chmod(0o755)

    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=out.name + ".old-", dir=out.parent))
        out.rename(old / out.name)
        tmp.rename(out)
        shutil.rmtree(old)
    else:
        tmp.rename(out)
    return count, size


def _build_into(tmp: Path, root: Path, has_page: bool, modules: list[str]) -> tuple[int, int]:
    """Every file of the site into the empty folder `tmp`; returns (files, bytes)."""
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
    if has_page:
        copy_tree(root / RUNTIME, tmp / "pyodide")

    if modules:
        bundle_package(root, tmp)
    if modules and has_page:
        key, seconds = make_snapshot(root, tmp)
        print(f"build_site: Python snapshot for build {key} made in {seconds:.1f} s")

    stamp_prepaint(tmp, root)
    stamp_service_worker(tmp)
    files = [p for p in tmp.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


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
