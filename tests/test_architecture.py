"""The house's rules, checked: no import cycle anywhere in ``spider/``; the engine never
imports the browser; a game never imports another game; only ``spider.web`` imports
``pyscript``/``js``/``pyodide``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "spider"
BROWSER = {"pyscript", "js", "pyodide"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in the file (function bodies and
    ``TYPE_CHECKING`` blocks included), as absolute names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            mod = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            found.add(mod)
            found.update(f"{mod}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}
GRAPH = {name: {m for m in imports(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def test_the_graph_is_not_empty() -> None:
    assert len(GRAPH) > 40 and "spider.core.messages" in GRAPH["spider.spider_game.rules"]


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            # a package's own __init__ is imported by each of its modules implicitly: not an edge
            if node.startswith(nxt + "."):
                continue
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
    return cycles


def test_there_is_no_import_cycle() -> None:
    assert find_cycles(GRAPH) == []


def test_the_cycle_check_finds_cycles_and_ignores_a_package_and_its_modules() -> None:
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert find_cycles({"p": {"p.m"}, "p.m": {"p"}}) == []


def test_only_the_page_imports_the_browser() -> None:
    for name, path in MODULES.items():
        roots = {m.split(".")[0] for m in imports(path)}
        if not name.startswith("spider.web"):
            assert not roots & BROWSER, name


def game_packages() -> set[str]:
    """Every game's package, as the registry lists them (a game registered later too)."""
    from spider.core.registry import games

    return {g.package for g in games()}


def test_a_game_never_imports_another_game_and_the_core_imports_no_game() -> None:
    packages = game_packages()
    assert {"spider.spider_game", "spider.klondike"} <= packages
    for name in MODULES:
        deps = GRAPH[name]
        for game in packages:
            if name.startswith("spider.core") or (any(name.startswith(g) for g in packages)
                                                 and not name.startswith(game)):
                assert not any(d == game or d.startswith(game + ".") for d in deps), (name, game)
