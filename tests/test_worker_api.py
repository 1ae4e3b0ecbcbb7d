"""The engine's worker answers every request with a JSON document and keeps serving: a
request of the wrong shape gets the protocol's error answer with a sentence from the
catalog, never an exception and never Python's own text (issue "Klondike and the duel,
tried as a new player and as an attacker would", item 15; "Attacked", item 10)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import build

from spider import Game
from spider.core.messages import Msg
from spider.web.worker_api import handle

STATUSES = {"ok", "error", "solved", "unsolvable", "unknown"}
PYTHON_WORDS = ("Traceback", "unhashable", "KeyError", "TypeError", "ValueError", "OverflowError",
                "invalid literal", "object", "NoneType")
DOC = Game.new(deal_id="S1-5").to_json()
SOLVE = {"op": "solve", "game": "spider", "doc": DOC, "seconds": 1, "max_nodes": 50}
# Every card known: one run left to lay down (the solver's own answer, not an error).
KNOWN = Game.from_text(build(["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "", "", "", "", "", "", "", ""],
                             suits=1, done="S S S S S S S")).to_json()


def answer(request: object) -> dict[str, object]:
    text = handle(request if isinstance(request, str) else json.dumps(request))
    doc = json.loads(text)
    assert isinstance(doc, dict) and doc.get("status") in STATUSES, text
    return doc


def refused(request: object) -> str:
    doc = answer(request)
    assert doc["status"] == "error", doc
    reason = str(doc["reason"])
    assert reason and not any(w in reason for w in PYTHON_WORDS), reason
    return reason


@pytest.mark.parametrize("request_", [
    {"op": {"a": 1}}, {"op": []}, {"op": None}, {"op": 5}, {"op": "nope"}, [1, 2], "x", 5, None,
    {"op": "solve"}, {"op": "solve", "game": "spider"}, {"op": "solve", "game": ["spider"], "doc": DOC},
    {**SOLVE, "max_nodes": 0}, {**SOLVE, "max_nodes": -5}, {**SOLVE, "max_nodes": 2.5},
    {**SOLVE, "max_nodes": "\x00"}, {**SOLVE, "max_nodes": True}, {**SOLVE, "max_nodes": 10**30},
    {**SOLVE, "seconds": "fast"}, {**SOLVE, "seconds": -1}, {**SOLVE, "seconds": None},
    {**SOLVE, "doc": 7}, {**SOLVE, "doc": "{"}, {**SOLVE, "game": "chess"},
    {"op": "opponent"}, {"op": "opponent", "deal_id": 5}, {"op": "opponent", "deal_id": "X9-1"},
    {"op": "opponent", "saved": 5}, {"op": "opponent", "saved": "{}"},
    {"op": "opponent", "deal_id": "S4-1", "steps": 0}, {"op": "opponent", "deal_id": "S4-1", "steps": "1"},
    {"op": "opponent", "deal_id": "S4-1", "level": "hard"},
    {"op": "opponent", "deal_id": "S4-1", "level": None},
    {"op": "opponent", "deal_id": "S4-1", "level": ["strong"]}, {"op": "opponent", "saved": DOC, "level": 2},
])
def test_a_malformed_request_gets_the_error_answer(request_: object) -> None:
    refused(request_)


def test_numbers_json_cannot_hold_exactly_are_refused() -> None:
    refused('{"op": "solve", "game": "spider", "doc": "x", "seconds": 1, "max_nodes": 1e999}')
    refused('{"op": "solve", "game": "spider", "doc": "x", "seconds": 1e999, "max_nodes": 5}')
    refused('{"op": "solve", "game": "spider", "doc": "x", "seconds": NaN, "max_nodes": 5}')


def test_the_computers_level_is_optional_checked_and_played() -> None:
    """``level`` may be left out (easy, as saved duels from before the levels expect); a
    level the game does not have is refused with the catalog's sentence; each level plays."""
    assert refused({"op": "opponent", "deal_id": "S1-3", "level": "hard"}) == \
        Msg("duel.opponent.level", level="hard").render()
    plain = answer({"op": "opponent", "deal_id": "S1-3", "steps": 3})
    easy = answer({"op": "opponent", "deal_id": "S1-3", "steps": 3, "level": "easy"})
    assert plain == easy and plain["status"] == "ok"
    for level in ("medium", "strong"):
        first = answer({"op": "opponent", "deal_id": "S1-3", "steps": 1, "level": level})
        assert first["status"] == "ok" and len(first["moves"]) == 1  # type: ignore[arg-type]
        more = answer({"op": "opponent", "saved": first["saved"], "steps": 1, "level": level})
        assert more["status"] == "ok" and Game.from_json(str(more["saved"])).moves_count == 2


def test_the_computer_carries_on_from_its_last_answer_and_plays_what_resuming_plays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Step by step, each request passing back the game the answer before gave, the
    computer plays what one request for all the steps plays, and resumes (thinking along
    the whole line again) only for a game its last answer did not give (another level, a
    game from before: a reload, another tab) or after a step failed half-way."""
    from spider import duel

    resumed: list[int] = []
    real = duel.ComputerDuel.resume.__func__  # type: ignore[attr-defined]

    def counting(cls: type[duel.ComputerDuel], saved: str, level: str = "easy", mind: object = None
                 ) -> duel.ComputerDuel:
        resumed.append(Game.from_json(saved).moves_count)
        return real(cls, saved, level, mind)  # type: ignore[no-any-return]

    monkeypatch.setattr(duel.ComputerDuel, "resume", classmethod(counting))
    at_once = answer({"op": "opponent", "deal_id": "S2-7", "steps": 8, "level": "strong"})
    first = answer({"op": "opponent", "deal_id": "S2-7", "steps": 2, "level": "strong"})
    moves, saved, games = list(first["moves"]), str(first["saved"]), [str(first["saved"])]  # type: ignore[call-overload]
    for _ in range(6):
        more = answer({"op": "opponent", "saved": saved, "steps": 1, "level": "strong"})
        moves += more["moves"]  # type: ignore[arg-type]
        saved = str(more["saved"])
        games.append(saved)
    assert (moves, saved) == (at_once["moves"], at_once["saved"]) and len(moves) == 8
    assert resumed == []
    # a game from before: resumed, and it plays on as the game did the first time
    again = answer({"op": "opponent", "saved": games[3], "steps": 1, "level": "strong"})
    assert again["saved"] == games[4] and resumed == [Game.from_json(games[3]).moves_count]
    # the same game at another level is another computer
    answer({"op": "opponent", "saved": games[4], "steps": 1, "level": "easy"})
    assert len(resumed) == 2
    # a request refused before it starts, or of another kind, leaves the computer kept
    ok = answer({"op": "opponent", "saved": games[4], "steps": 1, "level": "strong"})
    refused({"op": "opponent", "deal_id": "S4-1", "level": "hard"})
    assert answer({"op": "ping"}) == {"status": "ok"}
    ok = answer({"op": "opponent", "saved": ok["saved"], "steps": 1, "level": "strong"})
    assert len(resumed) == 3
    # a step that fails half-way leaves nothing to carry on from: the next request resumes
    step = duel.ComputerDuel.step

    def failing(self: duel.ComputerDuel) -> None:
        raise RuntimeError("a failure no check foresaw")

    monkeypatch.setattr(duel.ComputerDuel, "step", failing)
    refused({"op": "opponent", "saved": ok["saved"], "steps": 1, "level": "strong"})
    monkeypatch.setattr(duel.ComputerDuel, "step", step)
    last = answer({"op": "opponent", "saved": ok["saved"], "steps": 1, "level": "strong"})
    assert len(resumed) == 4 and len(last["moves"]) == 1  # type: ignore[arg-type]


def test_after_a_reload_the_computer_resumes_from_what_it_had_in_mind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each answer carries what the computer has in mind; a worker that never saw the game
    (a reload: nothing kept), given the game and its mind, plays on as the kept computer
    would have, proposing only the moves it plays (not thinking along the 25 actions of
    the line again); a mind that is broken, of another game or not a string is set aside:
    the line is thought through again, the same moves, never an error."""
    from spider.spider_game.opponent import Opponent
    from spider.web import worker_api

    first = answer({"op": "opponent", "deal_id": "S2-7", "steps": 25, "level": "medium"})
    saved, mind = first["saved"], first["mind"]
    assert isinstance(mind, str) and isinstance(saved, str)
    kept = answer({"op": "opponent", "saved": saved, "steps": 3, "level": "medium"})
    other = answer({"op": "opponent", "deal_id": "S2-8", "steps": 2, "level": "medium"})["mind"]
    recalled: list[bool] = []
    proposed: list[int] = []
    recall, propose = Opponent._recall, Opponent._propose

    def recalling(self: Opponent, game: Game, mind: object) -> bool:
        recalled.append(recall(self, game, mind))
        return recalled[-1]

    def proposing(self: Opponent, game: Game) -> object:
        proposed.append(game.moves_count)
        return propose(self, game)

    monkeypatch.setattr(Opponent, "_recall", recalling)
    monkeypatch.setattr(Opponent, "_propose", proposing)
    for sent, takes in ((mind, True), ("{broken", False), (other, False), (7, False)):
        worker_api._COMPUTER.clear()  # a new worker: nothing kept
        recalled.clear()
        proposed.clear()
        again = answer({"op": "opponent", "saved": saved, "steps": 3, "level": "medium", "mind": sent})
        assert (again["moves"], again["saved"], again["mind"]) == (kept["moves"], kept["saved"], kept["mind"])
        assert recalled == [takes]
        assert proposed == ([25, 26, 27] if takes else [*range(25), 25, 26, 27])


def test_after_bad_requests_the_worker_still_answers_good_ones() -> None:
    refused({"op": {"a": 1}})
    assert answer({"op": "ping"}) == {"status": "ok"}
    assert answer({**SOLVE, "doc": KNOWN})["status"] == "solved"
    assert answer({"op": "opponent", "deal_id": "S1-3", "steps": 2})["status"] == "ok"


_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                   max_size=3),
                       max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["solve", "opponent", "ping", "x"]),
       st.dictionaries(st.sampled_from(["game", "doc", "seconds", "max_nodes", "deal_id", "saved", "steps",
                                       "level"]),
                       _VALUES, max_size=5))
def test_any_request_of_the_right_top_level_shape_gets_an_answer(op: str, fields: dict[str, object]) -> None:
    request = {"op": op, **fields}
    if op == "solve" and isinstance(request.get("max_nodes"), int):
        request["max_nodes"] = min(int(request["max_nodes"]), 50)  # a real search stays small here
    if op == "opponent" and isinstance(request.get("steps"), int):
        request["steps"] = min(int(request["steps"]), 2)
    try:
        text = json.dumps(request, allow_nan=True)
    except (TypeError, ValueError):
        return
    answer(text)
