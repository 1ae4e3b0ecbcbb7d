"""What the engine's Web Worker (``assets/engine-worker.mjs``) answers: one JSON request in,
one JSON answer out. Pure Python (no browser import), so it is tested on CPython.

* ``{"op": "ping"}`` → ``{"status": "ok"}`` (the page warms the worker ahead of need);
* ``{"op": "solve", "game", "doc", "seconds", "max_nodes"}`` → the solver's answer
  (:mod:`spider.core.solving`), for any game of the registry;
* anything else → ``{"status": "error", "reason": ...}``.

>>> handle('{"op": "ping"}')
'{"status": "ok"}'
>>> import json; json.loads(handle("[1"))["status"]
'error'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..core.messages import MessageError
from ..core.registry import find_game
from ..core.saves import load_json
from ..core.solving import SolveResult, answer_solve

HANDLERS: dict[str, Callable[[dict[str, Any]], str]] = {}


def _error(reason: str) -> str:
    return json.dumps({"status": "error", "reason": reason})


def _solve(request: dict[str, Any]) -> str:
    module = find_game(str(request.get("game", "spider"))).module()

    def run(doc: str, max_nodes: int, stop: Callable[[], bool]) -> SolveResult[Any]:
        game = module.Game.from_json(doc)
        result: SolveResult[Any] = module.solve(game, max_nodes, should_stop=stop)
        return result

    return answer_solve(request, run)


HANDLERS["ping"] = lambda _request: json.dumps({"status": "ok"})
HANDLERS["solve"] = _solve


def handle(request: str) -> str:
    try:
        data = load_json(request)
    except MessageError as e:
        return _error(str(e))
    if not isinstance(data, dict) or data.get("op") not in HANDLERS:
        return _error("unknown request")
    try:
        return HANDLERS[data["op"]](data)
    except MessageError as e:
        return _error(str(e))
