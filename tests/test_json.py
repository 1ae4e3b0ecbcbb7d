"""Saving and loading the whole game; a broken or foreign document is a clear ValueError."""

from __future__ import annotations

import json

import pytest
from checks import played as shared_played

from spider import Game


def played(deal_id: str = "S4-9", n: int = 60, seed: int = 1) -> Game:
    return shared_played(Game.new(deal_id=deal_id), n, seed)


def test_the_whole_game_round_trips() -> None:
    g = played()
    h = Game.from_json(g.to_json())
    assert h.to_text() == g.to_text()
    assert (h.moves_count, h.score, h.deal_id) == (g.moves_count, g.score, g.deal_id)
    assert (h.known_down, h.known_stock) == (g.known_down, g.known_stock)
    assert h.history == g.history
    assert h.can_redo and h.to_json() == g.to_json()
    while g.can_redo:
        assert h.redo() == g.redo()
    assert h.to_text() == g.to_text()
    while g.can_undo:
        assert h.undo() == g.undo()
    assert h.to_text() == g.to_text() == Game.new(deal_id="S4-9").to_text()


def test_a_position_game_round_trips_too() -> None:
    g = Game.from_text(Game.new(deal_id="S1-4").to_text())
    g.deal()
    h = Game.from_json(g.to_json())
    assert h.deal_id is None and h.to_text() == g.to_text()


def test_the_document_is_versioned_and_names_its_game() -> None:
    doc = json.loads(played().to_json())
    assert (doc["format"], doc["version"], doc["game"], doc["variant"]) == ("solitaire-game", 2, "spider", 4)


def test_a_game_saved_by_the_first_engine_still_loads() -> None:
    g = played()
    doc = json.loads(g.to_json())
    first = {k: v for k, v in doc.items() if k not in ("game", "variant", "duel", "undos")}
    first.update(format="spider-solitaire-game", version=1)
    h = Game.from_json(json.dumps(first))
    assert h.to_text() == g.to_text() and h.history == g.history and h.can_redo
    assert (h.known_down, h.known_stock, h.score) == (g.known_down, g.known_stock, g.score)
    assert h.undos == 0 and g.undos == 10  # the first format did not count undos


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: "{not json", "beschädigt"),
        (lambda d: "[1, 2]", "kein Spielstand"),
        (lambda d: json.dumps({**d, "format": "chess"}), "kein Spielstand"),
        (lambda d: json.dumps({**d, "version": 99}), "Version 99"),
        (lambda d: json.dumps({**d, "line": ["1>2", "x"]}), "beschädigt"),
        (lambda d: json.dumps({**d, "line": d["line"] + ["5>5"]}), "beschädigt"),
        (lambda d: json.dumps({**d, "cursor": 10_000}), "beschädigt"),
        (lambda d: json.dumps({**d, "start": "spider 4"}), "beschädigt"),
        (lambda d: json.dumps({**d, "deal_id": "S4-10"}), "beschädigt"),
        (lambda d: json.dumps({**d, "known_down": [99] * 10}), "beschädigt"),
        (lambda d: json.dumps({**d, "known_stock": 7}), "beschädigt"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "line"}), "beschädigt"),
        (lambda d: json.dumps({**d, "line": None}), "beschädigt"),
    ],
)
def test_broken_or_foreign_documents_raise_value_error(mutate: object, words: str) -> None:
    doc = json.loads(played().to_json())
    with pytest.raises(ValueError, match=words):
        Game.from_json(mutate(doc))  # type: ignore[operator]
