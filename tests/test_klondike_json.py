"""Saving and loading a whole Klondike game; a broken or foreign document is a clear ValueError."""

from __future__ import annotations

import json

import pytest
from checks import played as shared_played

from spider.klondike import Game


def played(deal_id: str = "K3-9", n: int = 80, seed: int = 1) -> Game:
    return shared_played(Game.new(deal_id=deal_id), n, seed)


def test_the_whole_game_round_trips() -> None:
    g = played()
    h = Game.from_json(g.to_json())
    assert h.to_text() == g.to_text() and h.to_json() == g.to_json()
    assert (h.moves_count, h.passes, h.undos, h.deal_id, h.seen) == (g.moves_count, g.passes, g.undos,
                                                                    g.deal_id, g.seen)
    assert h.can_redo and h.line == g.line
    while g.can_redo:
        assert h.redo() == g.redo()
    while g.can_undo:
        assert h.undo() == g.undo()
    assert h.to_text() == g.to_text() == Game.new(deal_id="K3-9").to_text()


def test_bytes_and_parsed_documents_load_too_and_knowledge_is_kept() -> None:
    g = played("K1-4")
    doc = g.to_json()
    assert Game.from_json(doc.encode()).to_json() == doc
    assert Game.from_json(json.loads(doc)).to_json() == doc
    assert Game.from_json(doc).known_stock == g.known_stock


def test_a_position_game_round_trips() -> None:
    g = Game.from_text(Game.new(deal_id="K1-3").to_text())
    g.play(g.legal_moves()[0])
    h = Game.from_json(g.to_json())
    assert h.deal_id is None and h.to_text() == g.to_text()


def test_the_document_is_versioned_and_names_its_game() -> None:
    doc = json.loads(played().to_json())
    head = (doc["format"], doc["version"], doc["game"], doc["variant"])
    assert head == ("solitaire-game", 2, "klondike", 3)


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: "{not json", "beschädigt"),
        (lambda d: "[" * 10_000, "beschädigt"),
        (lambda d: "[1, 2]", "kein Spielstand"),
        (lambda d: json.dumps({**d, "game": "spider"}), "anderen Spiel"),
        (lambda d: json.dumps({**d, "format": "chess"}), "kein Spielstand"),
        (lambda d: json.dumps({**d, "version": 99}), "Version 99"),
        (lambda d: json.dumps({**d, "line": ["stock", "x"]}), "beschädigt"),
        (lambda d: json.dumps({**d, "line": [*d["line"], "5>5"]}), "beschädigt"),
        (lambda d: json.dumps({**d, "cursor": 10_000}), "beschädigt"),
        (lambda d: json.dumps({**d, "cursor": True}), "beschädigt"),
        (lambda d: json.dumps({**d, "start": "klondike 3"}), "beschädigt"),
        (lambda d: json.dumps({**d, "deal_id": "K3-10"}), "beschädigt"),
        (lambda d: json.dumps({**d, "deal_id": 5}), "beschädigt"),
        (lambda d: json.dumps({**d, "variant": 1}), "beschädigt"),
        (lambda d: json.dumps({**d, "seen": ["ZZ"]}), "beschädigt"),
        (lambda d: json.dumps({**d, "seen": None}), "beschädigt"),
        (lambda d: json.dumps({**d, "undos": -1}), "beschädigt"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "line"}), "beschädigt"),
        (lambda d: None, "beschädigt"),
        (lambda d: 42, "beschädigt"),
    ],
)
def test_broken_or_foreign_documents_raise_value_error(mutate: object, words: str) -> None:
    doc = json.loads(played().to_json())
    with pytest.raises(ValueError, match=words):
        Game.from_json(mutate(doc))  # type: ignore[operator]
