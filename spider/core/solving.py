"""What every solver answers, and the messages between the page and its solver worker.

A solver answers in exactly one of three ways (Freecell Solver's habit): ``"solved"`` with
a line of moves that wins when played one after another, ``"unsolvable"`` (proved: every
reachable position was visited and none is won), or ``"unknown"`` (the budget ran out
first). Only ``"unsolvable"`` lets a page tell a player that a game is lost.

The page talks to its worker in small JSON documents, the same for every game:

* request ``{"op": "solve", "game": <registry name>, "doc": <game.to_json()>,
  "seconds": s, "max_nodes": n}``;
* answer ``{"status": "solved" | "unsolvable" | "unknown", "line": [move texts],
  "nodes": n}``, or ``{"status": "error", "reason": <German sentence>}`` when the game
  cannot be judged (unseen cards, a broken document).

>>> import json
>>> json.loads(solve_request("spider", "{}", 5, 1000))["op"]
'solve'
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from .messages import MessageError, Msg

Status = Literal["solved", "unsolvable", "unknown"]
STATUSES: tuple[Status, ...] = ("solved", "unsolvable", "unknown")
M = TypeVar("M")


@dataclass(frozen=True, eq=True)
class SolveResult(Generic[M]):
    """The verdict of a solver.

    ``status``: ``"solved"``, ``"unsolvable"`` or ``"unknown"``; ``line``: the winning moves
    when solved (empty otherwise, and empty for a game already won); ``nodes``: how many
    distinct positions were found (the work done).
    """

    status: Status
    line: list[M] = field(default_factory=list)
    nodes: int = 0


class _Move(Protocol):
    def text(self) -> str: ...


def solve_request(game: str, doc: str, seconds: float, max_nodes: int) -> str:
    return json.dumps({"op": "solve", "game": game, "doc": doc, "seconds": seconds,
                       "max_nodes": max_nodes})


MAX_SECONDS = 600.0
MAX_NODES = 100_000_000


def request_number(request: dict[str, Any], name: str, default: float, low: float, high: float,
                   *, whole: bool) -> float:
    """A number field of a worker request, checked: a JSON number (not ``true``), finite,
    within ``low..high`` (a whole number if ``whole``); ``MessageError`` otherwise."""
    value = request.get(name, default)
    ok = type(value) is int or (type(value) is float and not whole and math.isfinite(value))
    if not ok or not low <= value <= high:
        raise MessageError(Msg("worker.field", name=name))
    return float(value)


def answer_solve(request: dict[str, Any],
                 solve: Callable[[str, int, Callable[[], bool]], SolveResult[Any]]) -> str:
    """Run ``solve(doc, max_nodes, should_stop)`` for a request and answer in JSON; the
    deadline is the request's ``seconds`` on the worker's clock. A field of the wrong type
    or out of range is refused with the protocol's error answer."""
    try:
        seconds = request_number(request, "seconds", 5, 0, MAX_SECONDS, whole=False)
        max_nodes = int(request_number(request, "max_nodes", 250_000, 1, MAX_NODES, whole=True))
        doc = request.get("doc")
        if not isinstance(doc, str):
            raise MessageError(Msg("worker.field", name="doc"))
        end = time.monotonic() + seconds
        result = solve(doc, max_nodes, lambda: time.monotonic() > end)
    except MessageError as e:
        return json.dumps({"status": "error", "reason": str(e)})
    return json.dumps({"status": result.status, "line": [m.text() for m in result.line],
                       "nodes": result.nodes})
