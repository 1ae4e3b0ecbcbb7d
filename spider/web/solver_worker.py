"""The solver's Web Worker (a PyScript worker script; see spider/web/verdict.py).

Runs :func:`spider.solve` off the main thread so the table never waits for it. It gets the
whole game as JSON (the engine's own format, which carries what the player has seen) and
answers with a small JSON document. It never touches ``window`` or ``document``, so it
works without SharedArrayBuffer (GitHub Pages cannot send COOP/COEP headers).
"""

from __future__ import annotations

import json
import time

from spider import Game, solve


def check(doc: str, seconds: float, max_nodes: int) -> str:
    """``{"status": "solved"|"unsolvable"|"unknown", "line": [move texts], "nodes": n}``,
    or ``{"status": "error", "reason": ...}`` when the game cannot be judged (unseen cards,
    a broken document). ``seconds`` bounds the search by the clock, ``max_nodes`` by memory."""
    try:
        game = Game.from_json(doc)
        end = time.monotonic() + float(seconds)
        result = solve(game, int(max_nodes), should_stop=lambda: time.monotonic() > end)
    except ValueError as e:
        return json.dumps({"status": "error", "reason": str(e)})
    return json.dumps(
        {"status": result.status, "line": [m.text() for m in result.line], "nodes": result.nodes}
    )


def ping() -> str:
    """Answers once the worker has booted (the page starts it ahead of need)."""
    return "ok"


__export__ = ["check", "ping"]
