"""Klondike's rules: the table, legal moves, playing an action, and what the player has seen.

A :class:`KlondikePosition` holds seven columns (each a list of cards with a count of how many at its
far end lie face down), the stock (the next card to turn over first), the waste (bottom
first, the top card last), the four foundations (how many cards each holds, ♠ ♥ ♦ ♣), the
number of passes, the history (the house's :class:`~spider.core.history.History`: undo
restores the state saved before an action; nothing is inverted by hand) and what the player
has seen. :class:`spider.klondike.Game` adds hints, auto-finish and the tap helpers on top.

The rules (``../shared/spec/004`` and ``002``):

* A tap on the stock turns 1 card (draw 1) or 3 (draw 3; fewer when fewer are left) onto
  the waste, one after another, so the last one turned lies on top; only the waste's top
  card is playable. On an empty stock the whole waste is turned back over in the same order
  (the card turned over first is turned over first again); passes are unlimited.
* Columns build down in alternating colours. A single face-up card or an ordered run (each
  card one rank lower than the one under it, colours alternating) moves, checked at its
  first card. An empty column takes only a king or a run that starts with a king. A
  face-down card left exposed turns up at once, as part of the same action.
* Foundations build up in suit from the ace. A foundation's top card may come back onto a
  column where the column rule allows it. Won with all 52 cards on the foundations.

Counters (our decisions where the texts are silent): every action counts one move: a card or
run moved, a turn of the stock, turning the waste back. ``passes`` counts how often the waste
was turned back. Undo takes an action back completely, its move and its pass included, so
``moves_count`` is the length of the line that leads to the table and ``passes`` the passes
on that line; redo counts them again. ``undos`` counts the undos made (it only grows).

What the player has seen is never taken back: a card that was ever face up (a column's card
turned up, a stock card turned over) stays known after undo. ``all_known`` is the issue's
condition for auto-finish and the solver: no card lies face down, and every card in the stock
and the waste has been seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Self

from ..core.cards import card_code, card_label, is_red, rank_of, suit_of
from ..core.history import History, Played
from ..core.messages import MessageError, Msg
from ..core.shuffle import shuffled
from .deals import COLUMNS, DRAWS, deal_layout, format_deal_id, parse_deal_id, random_deal_id
from .moves import FOUNDATION, FOUNDATION_OF, STOCK, WASTE, ColumnView, Move, Step
from .notation import format_position, parse_position

NAME: Final = "klondike"
SUITS: Final = "SHDC"

Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
                 tuple[int, ...], int]


def fits(card: int, target: int) -> bool:
    """Does ``card`` go onto ``target`` in a column: one rank lower, the other colour?"""
    return target % 13 == card % 13 + 1 and is_red(card) != is_red(target)


def run_start(col: Sequence[int], down: int) -> int:
    """Index of the first card of the ordered run at the end of a column (``len(col)`` when
    the column is empty): the cards from there on may move together."""
    i = len(col) - 1
    if i < down:
        return len(col)
    while i > down and fits(col[i], col[i - 1]):
        i -= 1
    return i


class KlondikePosition(Played[Move, Step]):
    """A game of Klondike: the rules and the state.

    >>> g = KlondikePosition.new(1, "K1-1")
    >>> g.stock_count, g.face_down_count, g.foundations
    (24, 21, (None, None, None, None))
    """

    __slots__ = ("_history", "_start", "cols", "deal_id", "down", "draw", "found", "passes", "seen",
                 "stock", "undos", "waste_pile")

    def __init__(self, draw: int, columns: Sequence[Sequence[int]], down: Sequence[int],
                 stock: Sequence[int], waste: Sequence[int] = (), found: Sequence[int] = (0, 0, 0, 0),
                 *, deal_id: str | None = None) -> None:
        """A game from a position; prefer :meth:`new`, :meth:`from_text`, :meth:`from_json`.
        The position is taken as given (``from_text`` checks it). What lies face up counts
        as seen; the face-down and the stock cards do not."""
        self.draw = draw
        self.cols: list[list[int]] = [list(c) for c in columns]
        self.down: list[int] = list(down)
        self.stock: list[int] = list(stock)
        self.waste_pile: list[int] = list(waste)
        self.found: list[int] = list(found)
        self.passes = 0
        self.deal_id = deal_id
        self.undos = 0
        self.seen = 0
        for c, d in zip(self.cols, self.down, strict=True):
            self._see(c[d:])
        self._see(self.waste_pile)
        for s, n in enumerate(self.found):
            self._see(range(s * 13, s * 13 + n))
        self._history: History[Move, Step] = History()
        self._start = ""
        self._start = self.to_text()

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, draw: int = 1, deal_id: str | None = None) -> Self:
        """A new deal: PySolFC's game ``n`` for ``deal_id`` ``K<draw>-<n>`` (it wins over
        ``draw``), a random one of ``draw`` otherwise. ``MessageError`` for a bad ID or draw."""
        if deal_id is None:
            if type(draw) is not int or draw not in DRAWS:
                raise MessageError(Msg("klondike.draw", draw=shorten_value(draw)))
            deal_id = random_deal_id(draw)
        draw, number = parse_deal_id(deal_id)
        columns, stock = deal_layout(number)
        return cls(draw, columns, [len(c) - 1 for c in columns], stock,
                   deal_id=format_deal_id(draw, number))

    @classmethod
    def from_text(cls, text: str) -> Self:
        """A game from the position notation (:mod:`spider.klondike.notation`)."""
        p = parse_position(text)
        return cls(p.draw, p.columns, p.down, p.stock, p.waste, p.found)

    def to_text(self) -> str:
        """The position notation of the table (round-trips through :meth:`from_text`)."""
        return format_position(self.draw, self.cols, self.down, self.stock, self.waste_pile, self.found)

    # ----------------------------------------------------------------- the house's names
    @property
    def game_name(self) -> str:
        return NAME

    @property
    def variant(self) -> int:
        return self.draw

    # ----------------------------------------------------------------- reading the table
    @property
    def columns(self) -> tuple[ColumnView, ...]:
        """The seven columns as a player sees them (face-down cards only counted)."""
        return tuple(ColumnView(d, tuple(card_code(x) for x in c[d:]))
                     for c, d in zip(self.cols, self.down, strict=True))

    def open_columns(self) -> tuple[ColumnView, ...]:
        """The seven columns with every card face up: the table after the game is over (a
        replay shows what lay face down). Never for a game that can still be played."""
        return tuple(ColumnView(0, tuple(card_code(x) for x in c)) for c in self.cols)

    @property
    def waste(self) -> tuple[str, ...]:
        """The waste's codes, bottom first (the last one is the playable top card)."""
        return tuple(card_code(c) for c in self.waste_pile)

    @property
    def foundations(self) -> tuple[str | None, ...]:
        """The top card's code of the ♠ ♥ ♦ ♣ foundations, ``None`` for an empty one."""
        return tuple(card_code(s * 13 + n - 1) if n else None for s, n in enumerate(self.found))

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def is_won(self) -> bool:
        return sum(self.found) == 52

    @property
    def is_stuck(self) -> bool:
        """No legal move at all (the stock cannot be turned either) and not won."""
        return not self.is_won and not self.legal_moves()

    def _see(self, cards: Sequence[int] | range) -> None:
        for c in cards:
            self.seen |= 1 << c

    def has_seen(self, card: int) -> bool:
        """Has the player ever seen ``card`` face up in this game?"""
        return bool(self.seen >> card & 1)

    @property
    def known_down(self) -> list[int]:
        """Per column, how many of its face-down cards the player has seen (turned up once,
        then taken back by undo)."""
        return [sum(1 for x in c[:d] if self.has_seen(x)) for c, d in zip(self.cols, self.down, strict=True)]

    @property
    def known_stock(self) -> int:
        """How many stock cards the player has seen."""
        return sum(1 for x in self.stock if self.has_seen(x))

    @property
    def unseen_count(self) -> int:
        """How many cards the player has never seen (face down or in the stock)."""
        return 52 - bin(self.seen).count("1")

    @property
    def all_known(self) -> bool:
        """No card lies face down and every card of the stock and the waste has been seen."""
        return not any(self.down) and all(self.has_seen(x) for x in self.stock)

    def mark_seen(self, cards: Sequence[int] | None = None) -> None:
        """Count ``cards`` (every card when ``None``) as seen, as if the player had turned
        them up and taken that back (tests and the deal lists use this)."""
        self._see(range(52) if cards is None else cards)

    # ----------------------------------------------------------------- rules
    def card_at(self, src: int, count: int = 1) -> int | None:
        """The first card of the ``count`` cards a source would give (the card a move is
        checked at), or ``None`` if there are not that many face-up cards there."""
        if 0 <= src < COLUMNS:
            c = self.cols[src]
            return c[-count] if 1 <= count <= len(c) - self.down[src] else None
        if src == WASTE:
            return self.waste_pile[-1] if self.waste_pile and count == 1 else None
        if src in FOUNDATION_OF:
            n = self.found[src - FOUNDATION_OF[0]]
            return (src - FOUNDATION_OF[0]) * 13 + n - 1 if n and count == 1 else None
        return None

    def movable_counts(self, col: int) -> list[int]:
        """How many cards can be picked up at the end of column ``col``: 1 up to its run."""
        if not 0 <= col < COLUMNS or not self.cols[col]:
            return []
        return list(range(1, len(self.cols[col]) - run_start(self.cols[col], self.down[col]) + 1))

    def pickup_message(self, src: int, count: int) -> Msg | None:
        """Why the ``count`` cards of ``src`` cannot be picked up, or ``None``: the waste and
        a foundation give their top card; a column gives its exposed card or an ordered run."""
        if self.is_won:
            return Msg("klondike.move.won")
        if src == WASTE:
            if not self.waste_pile:
                return Msg("klondike.waste.empty")
            return None if count == 1 else Msg("klondike.move.one_card")
        if src in FOUNDATION_OF:
            s = src - FOUNDATION_OF[0]
            if not self.found[s]:
                return Msg("klondike.foundation.empty", symbol="♠♥♦♣"[s])
            return None if count == 1 else Msg("klondike.move.one_card")
        if not 0 <= src < COLUMNS:
            return Msg("klondike.move.invalid")
        c = self.cols[src]
        if not c:
            return Msg("klondike.move.empty_source", n=src + 1)
        if count < 1:
            return Msg("klondike.move.count")
        if count > len(c):
            return Msg("klondike.move.too_many", n=src + 1)
        if count > len(c) - self.down[src]:
            return Msg("klondike.move.face_down")
        first = len(c) - count
        for i in range(first, len(c) - 1):
            if not fits(c[i + 1], c[i]):
                return Msg("klondike.move.not_run", upper=card_label(c[i]), lower=card_label(c[i + 1]))
        return None

    def drop_message(self, src: int, count: int, dst: int) -> Msg | None:
        """Why ``dst`` does not take the cards (assumed movable), or ``None``."""
        card = self.card_at(src, count)
        assert card is not None
        if dst == FOUNDATION:
            if count != 1:
                return Msg("klondike.move.one_card")
            s, need = suit_of(card), self.found[suit_of(card)]
            if rank_of(card) == need + 1:
                return None
            if need == 0:
                return Msg("klondike.foundation.needs_ace", card=card_label(card))
            return Msg("klondike.foundation.no_fit", card=card_label(card),
                       top=card_label(s * 13 + need - 1))
        if not 0 <= dst < COLUMNS:
            return Msg("klondike.move.invalid")
        if dst == src:
            return Msg("klondike.move.same_column", n=src + 1)
        d = self.cols[dst]
        if not d:
            if rank_of(card) == 13:
                return None
            return Msg("klondike.move.empty_needs_king", card=card_label(card))
        target = d[-1]
        if fits(card, target):
            return None
        if rank_of(target) != rank_of(card) + 1:
            return Msg("klondike.move.rank", card=card_label(card), target=card_label(target))
        return Msg("klondike.move.colour", card=card_label(card), target=card_label(target))

    def refusal_message(self, move: Move) -> Msg | None:
        """Why ``move`` is illegal here, as a message, or ``None``."""
        if not isinstance(move, Move) or not move.is_well_formed():
            return Msg("klondike.move.invalid")
        if move.is_stock:
            if self.is_won:
                return Msg("klondike.move.won")
            return None if self.stock or self.waste_pile else Msg("klondike.stock.empty")
        return self.pickup_message(move.src, move.count) or self.drop_message(move.src, move.count, move.dst)

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, as a German sentence for the player, or ``None``."""
        m = self.refusal_message(move)
        return None if m is None else m.render()

    def is_legal(self, move: Move) -> bool:
        return self.refusal_message(move) is None

    def legal_moves(self) -> list[Move]:
        """Every legal action, each ``(src, dst, count)`` once, pointless ones included: to
        the foundations (waste, then columns), the waste onto columns, column onto column (by
        source, count, destination), foundation back onto a column, then the stock."""
        if self.is_won:
            return []
        out: list[Move] = []
        cols, down, found = self.cols, self.down, self.found
        w = self.waste_pile[-1] if self.waste_pile else None
        if w is not None and w % 13 == found[w // 13]:
            out.append(Move(WASTE, FOUNDATION))
        for i, c in enumerate(cols):
            if c and c[-1] % 13 == found[c[-1] // 13]:
                out.append(Move(i, FOUNDATION))
        if w is not None:
            out.extend(Move(WASTE, j) for j in self._column_targets(w))
        for i, c in enumerate(cols):
            if not c:
                continue
            start = run_start(c, down[i])
            for k in range(1, len(c) - start + 1):
                out.extend(Move(i, j, k) for j in self._column_targets(c[-k]) if j != i)
        for s, n in enumerate(found):
            if n:
                out.extend(Move(FOUNDATION_OF[s], j) for j in self._column_targets(s * 13 + n - 1))
        if self.stock or self.waste_pile:
            out.append(Move.stock())
        return out

    def _column_targets(self, card: int) -> list[int]:
        king = card % 13 == 12
        return [j for j, d in enumerate(self.cols) if (fits(card, d[-1]) if d else king)]

    def targets(self, src: int, count: int = 1) -> list[Move]:
        """Every legal move of the ``count`` cards of ``src``: its foundation first (one
        card), then the columns in order."""
        if self.pickup_message(src, count) is not None:
            return []
        card = self.card_at(src, count)
        assert card is not None
        out = []
        if count == 1 and src not in FOUNDATION_OF and card % 13 == self.found[card // 13]:
            out.append(Move(src, FOUNDATION))
        out.extend(Move(src, j, count) for j in self._column_targets(card) if j != src)
        return out

    def foundation_move(self, src: int) -> Move | None:
        """The move that puts the top card of ``src`` (a column or the waste) onto its
        foundation, if it can go there now (what a double tap does)."""
        m = Move(src, FOUNDATION)
        return m if m.is_well_formed() and src != FOUNDATION and self.is_legal(m) else None

    def tap_move(self, src: int, count: int = 1) -> Move | None:
        """The move a single tap makes: the cards go to their only legal target, or nowhere
        (``None``) when they have none or several (then the player picks). A card is never
        taken straight off its foundation by a tap: taking one back down is always chosen.
        A move that changes nothing the player can see (a whole column, no card face down
        under it, into an empty column) does not count as a target."""
        if src in FOUNDATION_OF:
            return None
        found = [m for m in self.targets(src, count) if not self.is_pointless(m)]
        return found[0] if len(found) == 1 else None

    def is_pointless(self, move: Move) -> bool:
        """A whole column without a face-down card moved into an empty column: legal, and the
        table looks the same afterwards."""
        return (0 <= move.src < COLUMNS and 0 <= move.dst < COLUMNS and not self.cols[move.dst]
                and self.down[move.src] == 0 and move.count == len(self.cols[move.src]))

    # ----------------------------------------------------------------- acting
    # the history's side (core.history.Actor)
    def snapshot(self) -> Snapshot:
        return (tuple(tuple(c) for c in self.cols), tuple(self.down), tuple(self.stock),
                tuple(self.waste_pile), tuple(self.found), self.passes)

    def restore(self, snap: Snapshot) -> None:
        cols, down, stock, waste, found, passes = snap
        self.cols = [list(c) for c in cols]
        self.down = list(down)
        self.stock = list(stock)
        self.waste_pile = list(waste)
        self.found = list(found)
        self.passes = passes

    def apply(self, move: Move) -> Step:
        """Play a legal action (unchecked) with its consequences."""
        if move.is_stock:
            if self.stock:
                k = min(self.draw, len(self.stock))
                turned = self.stock[:k]
                del self.stock[:k]
                self.waste_pile.extend(turned)
                self._see(turned)
                return Step(move, turned=tuple(turned))
            self.stock, self.waste_pile = self.waste_pile, []
            self.passes += 1
            return Step(move, recycled=True)
        src, dst, k = move.src, move.dst, move.count
        if src == WASTE:
            cards = [self.waste_pile.pop()]
        elif src in FOUNDATION_OF:
            s = src - FOUNDATION_OF[0]
            self.found[s] -= 1
            cards = [s * 13 + self.found[s]]
        else:
            c = self.cols[src]
            cards = c[-k:]
            del c[-k:]
        if dst == FOUNDATION:
            self.found[cards[0] // 13] += 1
        else:
            self.cols[dst].extend(cards)
        revealed: tuple[int, ...] = ()
        if 0 <= src < COLUMNS:
            c = self.cols[src]
            if c and self.down[src] == len(c):
                self.down[src] -= 1
                self._see(c[-1:])
                revealed = (src,)
        return Step(move, revealed=revealed, cards=tuple(cards))

    # ----------------------------------------------------------------- saving
    # ----------------------------------------------------------------- the cards as a whole
    def deck(self) -> list[int]:
        """Every card of the game: the 52, sorted."""
        return list(range(52))

    def all_cards(self) -> list[int]:
        """Every card where it lies now (columns, stock, waste, foundations), sorted: always
        :meth:`deck`."""
        out = [c for col in self.cols for c in col] + self.stock + self.waste_pile
        out += [s * 13 + r for s, n in enumerate(self.found) for r in range(n)]
        return sorted(out)

    def hidden_shuffled(self, seed: int) -> Self:
        """The table as the player sees it, with the cards they have never seen (face down,
        or in the stock unseen) dealt anew among those places by ``seed``: a game the player
        could not tell from this one without turning a card. Its knowledge is this game's;
        its history starts here (no deal ID)."""
        slots = [(c, i) for c in range(COLUMNS) for i in range(self.down[c])
                 if not self.has_seen(self.cols[c][i])]
        stock = [i for i, x in enumerate(self.stock) if not self.has_seen(x)]
        hidden = [self.cols[c][i] for c, i in slots] + [self.stock[i] for i in stock]
        mixed = shuffled(hidden, seed)
        g = self.copy()
        for (c, i), card in zip(slots, mixed, strict=False):
            g.cols[c][i] = card
        for i, card in zip(stock, mixed[len(slots):], strict=True):
            g.stock[i] = card
        g.deal_id, g.undos = None, 0
        g._history = History()
        g._start = g.to_text()
        return g

    def to_json(self) -> str:
        """The whole game as a versioned JSON document (:mod:`spider.klondike.save`)."""
        from .save import dump

        return dump(self)

    @classmethod
    def from_json(cls, doc: str | bytes | dict[str, Any]) -> Self:
        """The game saved by :meth:`to_json`; anything broken or foreign raises
        ``ValueError`` with a German message (the line is replayed through ``play``)."""
        from .save import load

        game: Self = load(cls, doc)
        return game


def shorten_value(value: object) -> str:
    return repr(value)[:12]


__all__ = ["NAME", "STOCK", "KlondikePosition", "fits", "run_start"]
