"""Klondike's saved game: the house's envelope around the starting position and the line.

::

    {"format": "solitaire-game", "version": 2, "game": "klondike", "variant": 3,
     "deal_id": "K3-1" | null, "undos": 0, "start": <position text>,
     "line": ["stock", "w>3", ...], "cursor": 2, "seen": ["4H", "AC", ...]}

Counters are replayed, not stored: loading plays the line through the checked ``play`` (and
undoes down to the cursor), so a document that breaks a rule anywhere is refused as a whole
(``ValueError`` with a German message), never half-loaded; ``moves_count`` and ``passes``
follow from the line. ``seen`` lists every card the player has seen (what the replay itself
turns up is added anyway, so an old or short list only ever adds knowledge).
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from ..core.cards import card_code, parse_card
from ..core.history import History
from ..core.messages import MessageError, Msg
from ..core.saves import broken_field, envelope, load_json, open_envelope, read_body, same_deal, start_fields
from .moves import Move

NAME: Final = "klondike"


class _Saved(Protocol):
    draw: int
    deal_id: str | None
    undos: int
    seen: int
    _history: History[Move, Any]

    @property
    def start_text(self) -> str: ...


def dump(game: _Saved) -> str:
    return envelope(NAME, {
        "variant": game.draw,
        "deal_id": game.deal_id,
        "undos": game.undos,
        "start": game.start_text,
        **game._history.to_doc(Move.text),
        "seen": [card_code(c) for c in range(52) if game.seen >> c & 1],
    })


def load(cls: Any, doc: str | bytes | dict[str, Any]) -> Any:
    if not isinstance(doc, (str, bytes, dict)):
        raise MessageError(Msg("json.broken", reason=Msg("json.not_json")))
    data = load_json(doc) if isinstance(doc, (str, bytes)) else doc
    return read_body(lambda body: _from_doc(cls, body), open_envelope(data, NAME))


def _from_doc(cls: Any, data: dict[str, Any]) -> Any:
    deal_id, undos, start = start_fields(data, max_undos=10_000_000)
    game = cls.from_text(start)
    if data.get("variant") != game.draw or type(data.get("variant")) is not int:
        raise broken_field("variant")
    if deal_id is not None:
        dealt = cls.new(deal_id=deal_id)
        same_deal(game, dealt)
        game.deal_id = dealt.deal_id
    seen = data.get("seen")
    if not isinstance(seen, list) or len(seen) > 52 or not all(isinstance(x, str) for x in seen):
        raise broken_field("seen")
    cards = [parse_card(x) for x in seen]
    History.replay(data, Move.from_text, game.play, game.undo, game.redo, lambda: game._history)
    if game.journal_known and game.undos != undos:  # the journal proves how often
        raise broken_field("undos")
    game.undos = undos
    game.mark_seen(cards)
    return game
