"""Spider's saved game: the house's envelope around the starting position and the line.

::

    {"format": "solitaire-game", "version": 2, "game": "spider", "variant": 4,
     "deal_id": "S4-1" | null, "lenient_deal": false, "duel": false, "undos": 0,
     "start": <position text>, "line": ["10>4", "deal", ...], "cursor": 2,
     "known_down": [0, ...], "known_stock": 0}

Counters are replayed, not stored: loading plays the line through the checked ``play``,
so a document that breaks a rule anywhere is refused as a whole (``MessageError``), never
half-loaded. The first engine's format (``"spider-solitaire-game"``, version 1, the same
fields without ``game``, ``variant``, ``duel`` and ``undos``) is read too, so games saved
before the house had several rooms stay valid.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from ..core.history import History
from ..core.messages import MessageError, Msg
from ..core.saves import broken_field, envelope, load_json, open_envelope, read_body, same_deal, start_fields
from .deck import COLUMNS, DEAL_SIZE
from .moves import Move

NAME: Final = "spider"
LEGACY_FORMAT: Final = "spider-solitaire-game"
LEGACY_VERSION: Final = 1


class _Saved(Protocol):
    suits: int
    deal_id: str | None
    lenient_deal: bool
    duel: bool
    undos: int
    unseen_down: list[int]
    unseen_stock: int
    down: list[int]
    stock: list[int]
    _history: History[Move, Any]

    @property
    def start_text(self) -> str: ...

    @property
    def known_down(self) -> list[int]: ...

    @property
    def known_stock(self) -> int: ...

    def to_text(self) -> str: ...

    def play(self, move: Move) -> object: ...

    def undo(self) -> object: ...


def dump(game: _Saved) -> str:
    return envelope(NAME, {
        "variant": game.suits,
        "deal_id": game.deal_id,
        "lenient_deal": game.lenient_deal,
        "duel": game.duel,
        "undos": game.undos,
        "start": game.start_text,
        **game._history.to_doc(Move.text),
        "known_down": game.known_down,
        "known_stock": game.known_stock,
    })


def load(cls: Any, doc: str | bytes | dict[str, Any]) -> Any:
    data = load_json(doc) if isinstance(doc, (str, bytes)) else doc
    if isinstance(data, dict) and data.get("format") == LEGACY_FORMAT:
        if data.get("version") != LEGACY_VERSION:
            raise MessageError(Msg("json.version", found=str(data.get("version"))[:12],
                                   expected=LEGACY_VERSION))
        # The first format kept no journal and counted no undos.
        data = {**{k: v for k, v in data.items() if k != "journal"}, "duel": False, "undos": 0}
    else:
        data = open_envelope(data, NAME)
    return read_body(lambda body: _from_doc(cls, body), data)


def _from_doc(cls: Any, data: dict[str, Any]) -> Any:
    deal_id, undos, start = start_fields(data, max_undos=1_000_000)
    lenient, duel = data.get("lenient_deal"), data.get("duel")
    if type(lenient) is not bool or type(duel) is not bool:
        raise broken_field("lenient_deal")
    game = cls.from_text(start, lenient_deal=lenient)
    if "variant" in data and data["variant"] != game.suits:
        raise broken_field("variant")
    if deal_id is not None:
        same_deal(game, cls.new(deal_id=deal_id))
        game.deal_id = deal_id
    game.duel = duel
    History.replay(data, Move.from_text, game.play, game.undo, game.redo, lambda: game._history)
    if game.journal_known and game.undos != undos:  # the journal proves how often
        raise broken_field("undos")
    game.undos = undos
    known_down, known_stock = data.get("known_down"), data.get("known_stock")
    if (
        not isinstance(known_down, list)
        or len(known_down) != COLUMNS
        or not all(type(k) is int and 0 <= k <= d for k, d in zip(known_down, game.down, strict=True))
    ):
        raise broken_field("known_down")
    if type(known_stock) is not int or not 0 <= known_stock <= len(game.stock) or known_stock % DEAL_SIZE:
        raise broken_field("known_stock")
    game.unseen_down = [d - k for d, k in zip(game.down, known_down, strict=True)]
    game.unseen_stock = len(game.stock) - known_stock
    return game
