"""What the engine's Web Worker (``assets/engine-worker.mjs``) answers: one JSON request in,
one JSON answer out. Pure Python (no browser import), so it is tested on CPython.

* ``{"op": "ping"}`` → ``{"status": "ok"}`` (the page warms the worker ahead of need);
* ``{"op": "solve", "game", "doc", "seconds", "max_nodes"}`` → the solver's answer
  (:mod:`spider.core.solving`), for any game of the registry;
* ``{"op": "analyse", "game", "doc", "seconds", "given_up"}`` → ``{"status": "ok",
  "analysis": <Analysis.to_doc()>}`` for a finished game (:mod:`spider.core.analysis`),
  reporting ``progress(done, total)`` on the way (the worker posts ``{id, progress}``);
* ``{"op": "opponent", "deal_id", "saved": <the computer's game or null>, "steps": n,
  "level": "easy" | "medium" | "strong", "mind": <what it had in mind, or null>}`` → the
  computer of a duel plays up to ``n`` actions at that level (1 at the page's pace, many
  to finish once the player is done): ``{"status": "ok", "moves": [move texts], "saved":
  <its game>, "mind": <what it has in mind now>, "finished": bool, "result":
  <duel.Result.to_dict()>}``. ``level`` may be left out (``"easy"``, as before there were
  levels); any other value gets the error answer with the catalog's
  ``duel.opponent.level``. The page holds the computer's game and what it has in mind
  (and saves both with its own) and its level, so a reload loses nothing. Resuming a game
  without its mind thinks along its whole line again (seconds for the stronger levels late
  in a long game); with it, only the positions are looked at again (``mind`` may be left
  out or null, and one that does not hold up is set aside: the same moves either way). The
  worker also keeps the computer of its last answer and carries on from it when the next
  request passes back the very game that answer gave (the same moves as resuming:
  ``docs/duel.md``);
* anything else → ``{"status": "error", "reason": ...}``.

>>> handle('{"op": "ping"}')
'{"status": "ok"}'
>>> import json; json.loads(handle("[1"))["status"]
'error'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..core.analysis import analyse
from ..core.messages import MessageError, Msg
from ..core.registry import find_game
from ..core.saves import load_json
from ..core.solving import SolveResult, answer_solve, request_number

if TYPE_CHECKING:
    from ..duel import ComputerDuel

HANDLERS: dict[str, Callable[[dict[str, object]], str]] = {}


def _error(reason: str | Msg) -> str:
    return json.dumps({"status": "error", "reason": reason if isinstance(reason, str) else str(reason)})


def _solve(request: dict[str, object]) -> str:
    name = request.get("game", "spider")
    if not isinstance(name, str):
        return _error(Msg("worker.field", name="game"))
    module = find_game(name).module()

    def run(doc: str, max_nodes: int, stop: Callable[[], bool]) -> SolveResult[object]:
        game = module.Game.from_json(doc)
        result: SolveResult[object] = module.solve(game, max_nodes, should_stop=stop)
        return result

    return answer_solve(request, run)


def _opponent(request: dict[str, object]) -> str:
    from ..duel import ComputerDuel
    from ..spider_game.info import OPPONENT_LEVELS

    saved, deal_id, steps = request.get("saved"), request.get("deal_id"), request.get("steps", 1)
    level = request.get("level", "easy")
    if type(steps) is not int or not 1 <= steps <= 5000:
        return _error(Msg("worker.field", name="steps"))
    if not (isinstance(saved, str) or (saved is None and isinstance(deal_id, str))):
        return _error(Msg("worker.field", name="saved" if saved is not None else "deal_id"))
    if not (isinstance(level, str) and level in OPPONENT_LEVELS):
        return _error(Msg("duel.opponent.level", level=str(level)[:24]))
    kept = _COMPUTER.pop("last", None)  # taken out: a step that raises leaves nothing kept
    if isinstance(saved, str) and kept is not None and kept[0] == (saved, level):
        cpu = kept[1]
    elif isinstance(saved, str):
        cpu = ComputerDuel.resume(saved, level, request.get("mind"))
    else:
        cpu = ComputerDuel(str(deal_id), level)
    moves = []
    for _ in range(steps):
        move = cpu.step()
        if move is None:
            break
        moves.append(move.text())
    result = cpu.result(0, "").to_dict()
    after = cpu.to_json()
    _COMPUTER["last"] = ((after, level), cpu)
    return json.dumps({"status": "ok", "moves": moves, "saved": after, "mind": cpu.mind(),
                       "finished": cpu.finished, "result": result})


# The computer of the last answer, by the game and level it answered with: the page's next
# request passes that game back, and carrying on from the object it is equals resuming it
# (``ComputerDuel.resume`` plays the same moves, tested), without thinking along the whole
# line again, which the stronger levels' proposer does (seconds late in a long game).
_COMPUTER: dict[str, tuple[tuple[str, str], ComputerDuel]] = {}


Progress = Callable[[int, int], object]
MAX_ANALYSIS_SECONDS: Final = 600.0


def _analyse(request: dict[str, object], progress: Progress | None) -> str:
    """A finished game's analysis (:mod:`spider.core.analysis`): ``progress(done, total)``
    goes back to the page as the bisection goes."""
    name, doc, given_up = request.get("game", "spider"), request.get("doc"), request.get("given_up", False)
    if not isinstance(name, str):
        return _error(Msg("worker.field", name="game"))
    if not isinstance(doc, str):
        return _error(Msg("worker.field", name="doc"))
    if type(given_up) is not bool:
        return _error(Msg("worker.field", name="given_up"))
    seconds = request_number(request, "seconds", 10, 0, MAX_ANALYSIS_SECONDS, whole=False)
    game = find_game(name).game_class.from_json(doc)
    result = analyse(game, seconds, progress, given_up=given_up)
    return json.dumps({"status": "ok", "analysis": result.to_doc()})


HANDLERS["ping"] = lambda _request: json.dumps({"status": "ok"})
HANDLERS["opponent"] = _opponent
HANDLERS["solve"] = _solve
# The requests that report their progress while they run.
PROGRESSIVE: dict[str, Callable[[dict[str, object], Progress | None], str]] = {"analyse": _analyse}


def handle(request: object, progress: Progress | None = None) -> str:
    """Answer one request; never raises: whatever the request, the answer is a JSON
    document, an error answer (with a sentence from the catalog) for anything malformed,
    so the worker keeps serving. ``progress(done, total)``: the worker posts it to the page
    while a long request (an analysis) runs."""
    try:
        data = load_json(request)
    except MessageError as e:
        return _error(str(e))
    op = data.get("op") if isinstance(data, dict) else None
    if not isinstance(op, str) or (op not in HANDLERS and op not in PROGRESSIVE):
        return _error(Msg("worker.unknown"))
    try:
        if op in PROGRESSIVE:
            return PROGRESSIVE[op](data, progress)
        return HANDLERS[op](data)
    except MessageError as e:
        return _error(str(e))
    except Exception:  # a request no check foresaw: refused, and the worker goes on
        return _error(Msg("worker.failed"))
