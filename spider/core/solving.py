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
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from .messages import MessageError

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


def answer_solve(request: dict[str, Any],
                 solve: Callable[[str, int, Callable[[], bool]], SolveResult[Any]]) -> str:
    """Run ``solve(doc, max_nodes, should_stop)`` for a request and answer in JSON; the
    deadline is the request's ``seconds`` on the worker's clock."""
    try:
        end = time.monotonic() + float(request.get("seconds", 5))
        result = solve(str(request["doc"]), int(request.get("max_nodes", 250_000)),
                       lambda: time.monotonic() > end)
    except MessageError as e:
        return json.dumps({"status": "error", "reason": str(e)})
    return json.dumps({"status": result.status, "line": [m.text() for m in result.line],
                       "nodes": result.nodes})
