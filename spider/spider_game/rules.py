"""Spider's rules: the table, legal moves, playing an action, what the player has seen, points.

A :class:`SpiderPosition` holds ten columns (each a list of cards with a count of how many at its far
end lie face down), the stock in dealing order, the suits of the runs already removed, the
history (the house's :class:`~spider.core.history.History`: undo restores the state saved
before an action, nothing is inverted by hand) and what the player has seen.
:class:`spider.Game` adds the tap policy, hints and announcements on top.

Counters: every move and every deal counts one move and costs one point. Undo takes the
action back completely, its move and its points included, so ``moves_count`` is the length
of the line that led to the position on the table; redo counts it again. In a duel
(``duel=True``) undo is allowed but not free: it also costs one point itself (spec 003 as
we read it; the page says so in its rules text).

What the player has seen is never taken back. Face-down cards never move, and they turn
up from the one nearest the player, so the cards of a column that were never seen are
always the ``unseen_down[c]`` at its far end; the stock is dealt from its front, so the
never-seen stock cards are always its last ``unseen_stock``. Both counts only shrink, and
undo does not touch them (``known_down`` and ``known_stock`` are what follows from them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, Self

from ..core.cards import SUIT_LETTERS, card_code, card_label, rank_of, suit_of
from ..core.history import History, Played
from ..core.messages import Msg
from ..core.shuffle import shuffled
from .deck import (
    COLUMNS,
    DEAL_SIZE,
    RUN,
    deal_layout,
    format_deal_id,
    fresh_deck,
    parse_deal_id,
    random_deal_id,
)
from .moves import ColumnView, Move, Step, Target
from .notation import format_position, parse_position
from .runs import run_length
from .save import dump, load

NAME: Final = "spider"

# Points, our reading of the duel rules (../shared/spec/003): see SpiderPosition.score.
POINTS_MOVE: Final = -1
POINTS_FIT: Final = 2
POINTS_REVEAL: Final = 2
POINTS_RUN: Final = 26
POINTS_CLEAR: Final = 100
POINTS_DUEL_UNDO: Final = -1

Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


class SpiderPosition(Played[Move, Step]):
    """A game of Spider with 1, 2 or 4 suits: the rules and the state.

    >>> from spider import Game
    >>> g = Game.new(4, "S4-1")
    >>> g.rounds_left, g.face_down_count, len(g.legal_moves()) > 0
    (5, 44, True)
    """

    __slots__ = (
        "_history",
        "_points",
        "_start",
        "cols",
        "deal_id",
        "done",
        "down",
        "duel",
        "lenient_deal",
        "stock",
        "suits",
        "undos",
        "unseen_down",
        "unseen_stock",
    )

    def __init__(
        self,
        suits: int,
        columns: Sequence[Sequence[int]],
        down: Sequence[int],
        stock: Sequence[int],
        done: Iterable[int] = (),
        *,
        deal_id: str | None = None,
        lenient_deal: bool = False,
        duel: bool = False,
    ) -> None:
        """A game from a position; prefer :meth:`new`, :meth:`from_text`, :meth:`from_json`.

        The position is taken as given (``from_text`` checks it). Every face-down and stock
        card counts as unseen.
        """
        self.suits = suits
        self.cols: list[list[int]] = [list(c) for c in columns]
        self.down: list[int] = list(down)
        self.stock: list[int] = list(stock)
        self.done: list[int] = list(done)
        self.deal_id = deal_id
        self.lenient_deal = lenient_deal
        self.duel = duel
        self.undos = 0
        self.unseen_down: list[int] = list(self.down)
        self.unseen_stock = len(self.stock)
        self._points = 0
        self._history: History[Move, Step] = History()
        self._start = ""
        self._start = self.to_text()

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, suits: int = 4, deal_id: str | None = None, *, lenient_deal: bool = False,
            duel: bool = False) -> Self:
        """A new deal. ``deal_id`` (e.g. ``"S4-123"``) names the variant and the shuffle and
        wins over ``suits``; without it a random deal of ``suits`` is made.
        A malformed ID raises ``ValueError`` (German) with the reason."""
        if deal_id is None:
            deal_id = random_deal_id(suits)
        suits, seed = parse_deal_id(deal_id)
        columns, stock = deal_layout(suits, seed)
        down = [len(c) - 1 for c in columns]
        return cls(suits, columns, down, stock, deal_id=format_deal_id(suits, seed),
                   lenient_deal=lenient_deal, duel=duel)

    @classmethod
    def from_text(cls, text: str, *, lenient_deal: bool = False) -> Self:
        """A game from the position notation (see :mod:`spider.spider_game.notation`)."""
        p = parse_position(text)
        return cls(p.suits, p.columns, p.down, p.stock, p.done, lenient_deal=lenient_deal)

    def to_text(self) -> str:
        """The position notation of the table (round-trips through :meth:`from_text`)."""
        return format_position(self.suits, self.cols, self.down, self.stock, self.done)

    # ----------------------------------------------------------------- the house's names
    @property
    def game_name(self) -> str:
        return NAME

    @property
    def variant(self) -> int:
        return self.suits

    # ----------------------------------------------------------------- reading the table
    @property
    def columns(self) -> tuple[ColumnView, ...]:
        """The ten columns as a player sees them (face-down cards only counted)."""
        return tuple(
            ColumnView(d, tuple(card_code(x) for x in c[d:]))
            for c, d in zip(self.cols, self.down, strict=True)
        )

    def open_columns(self) -> tuple[ColumnView, ...]:
        """The ten columns with every card face up: the table after the game is over (a
        replay shows what lay face down). Never for a game that can still be played."""
        return tuple(ColumnView(0, tuple(card_code(x) for x in c)) for c in self.cols)

    @property
    def completed_suits(self) -> tuple[str, ...]:
        """Suit letters of the runs removed so far, in the order they left the table."""
        return tuple(SUIT_LETTERS[s] for s in self.done)

    @property
    def rounds_left(self) -> int:
        return len(self.stock) // DEAL_SIZE

    @property
    def score(self) -> int:
        """Duel points (spec 003, our reading): −1 for every move and deal; +2 when the
        moved block lands on a card (into an empty column earns nothing); +2 for each
        face-down card that turns up; +26 for each run removed; +100 when the eighth run
        leaves the table. Undo takes an action's points back; in a duel it costs one more."""
        return self._points + (POINTS_DUEL_UNDO * self.undos if self.duel else 0)

    @property
    def is_won(self) -> bool:
        return len(self.done) == 8

    @property
    def is_stuck(self) -> bool:
        """No legal move at all (the stock cannot be dealt either) and not won."""
        return not self.is_won and not self.legal_moves()

    @property
    def known_down(self) -> list[int]:
        """Per column, how many of its face-down cards the player has seen (the ones
        nearest its face-up part)."""
        return [d - u for d, u in zip(self.down, self.unseen_down, strict=True)]

    @known_down.setter
    def known_down(self, known: list[int]) -> None:
        """Mark the nearest ``known[c]`` face-down cards of each column as seen (tests, the
        verdict corpus and the first engine's callers set knowledge this way)."""
        if len(known) != COLUMNS or not all(0 <= k <= d for k, d in zip(known, self.down, strict=True)):
            raise ValueError("known_down: one count per column, at most its face-down cards")
        self.unseen_down = [d - k for d, k in zip(self.down, known, strict=True)]

    @property
    def known_stock(self) -> int:
        """How many stock cards the player has seen (the first ones in dealing order)."""
        return len(self.stock) - self.unseen_stock

    @known_stock.setter
    def known_stock(self, known: int) -> None:
        if not 0 <= known <= len(self.stock):
            raise ValueError("known_stock: at most the cards in the stock")
        self.unseen_stock = len(self.stock) - known

    @property
    def unseen_count(self) -> int:
        """How many cards the player has never seen (face down or in the stock)."""
        return sum(self.unseen_down) + self.unseen_stock

    @property
    def all_known(self) -> bool:
        """Every card in play is known to the player: each face-down card and each stock
        card has been face up at some time in this game."""
        return self.unseen_stock == 0 and not any(self.unseen_down)

    # ----------------------------------------------------------------- rules
    def movable_counts(self, col: int) -> list[int]:
        """Block sizes that can be picked up from ``col``: 1 up to its one-suit run."""
        if not 0 <= col < COLUMNS:
            return []
        return list(range(1, run_length(self.cols[col], self.down[col]) + 1))

    def completes(self, src: int, count: int, dst: int) -> bool:
        """Would the block land as the last piece of a K…A run of one suit?"""
        c = self.cols[dst]
        if not c:
            return False
        top = self.cols[src][-count]
        if c[-1] != top + 1 or top % 13 == 12:
            return False
        return count + run_length(c, self.down[dst]) >= RUN

    def can_deal(self) -> bool:
        return self._deal_refusal() is None

    def _deal_refusal(self) -> Msg | None:
        if self.is_won or not self.stock:
            return Msg("deal.stock_empty")
        if any(not c for c in self.cols):
            on_table = sum(len(c) for c in self.cols)
            if not (self.lenient_deal and on_table < DEAL_SIZE):
                return Msg("deal.empty_column")
        return None

    def legal_moves(self) -> list[Move]:
        """Every legal action: moves ordered by source, destination and count, then the deal."""
        moves: list[Move] = []
        cols, down = self.cols, self.down
        for src in range(COLUMNS):
            c = cols[src]
            if not c:
                continue
            run = run_length(c, down[src])
            low = rank_of(c[-1])
            for dst in range(COLUMNS):
                if dst == src:
                    continue
                d = cols[dst]
                if not d:
                    moves.extend(Move(src, dst, k) for k in range(1, run + 1))
                else:
                    k = rank_of(d[-1]) - low
                    if 1 <= k <= run:
                        moves.append(Move(src, dst, k))
        if self._deal_refusal() is None:
            moves.append(Move.deal())
        return moves

    def refusal_message(self, move: Move) -> Msg | None:
        """Why ``move`` is illegal here, as a message, or ``None``."""
        if not isinstance(move, Move):
            return Msg("move.text", text=str(move)[:40])
        if move.is_deal:
            return self._deal_refusal()
        if not 0 <= move.dst < COLUMNS:
            return Msg("move.no_column", n=move.dst + 1)
        return self.pickup_message(move.src, move.count) or self.drop_message(
            move.src, move.count, move.dst
        )

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, as a German sentence for the player, or ``None``."""
        m = self.refusal_message(move)
        return None if m is None else m.render()

    def pickup_message(self, src: int, count: int) -> Msg | None:
        """Why the ``count`` cards at the end of ``src`` cannot be picked up, or ``None``:
        only an exposed card, or a one-suit run in unbroken descending order, moves."""
        if self.is_won:
            return Msg("move.won")
        if not 0 <= src < COLUMNS:
            return Msg("move.no_column", n=src + 1)
        c = self.cols[src]
        if not c:
            return Msg("move.empty_source", n=src + 1)
        if count < 1:
            return Msg("move.count")
        if count > len(c):
            return Msg("move.too_many", n=src + 1)
        if count > len(c) - self.down[src]:
            return Msg("move.face_down")
        run = run_length(c, self.down[src])
        if count > run:
            upper, lower = c[-run - 1], c[-run]
            key = "move.mixed_suits" if suit_of(upper) != suit_of(lower) else "move.gap"
            return Msg(key, upper=card_label(upper), lower=card_label(lower))
        return None

    def drop_message(self, src: int, count: int, dst: int) -> Msg | None:
        """Why column ``dst`` does not take the block (assumed movable), or ``None``:
        an empty column takes any block, otherwise the exposed card must be one rank
        higher than the block's top card, whatever its suit."""
        if dst == src:
            return Msg("move.same_column", n=src + 1)
        top = self.cols[src][-count]
        d = self.cols[dst]
        if not d or rank_of(d[-1]) == rank_of(top) + 1:
            return None
        if rank_of(top) == 13:
            return Msg("move.king_needs_empty", card=card_label(top))
        if rank_of(d[-1]) == 1:
            return Msg("move.on_ace")
        return Msg("move.no_fit", card=card_label(top), target=card_label(d[-1]))

    def pickup_refusal(self, src: int, count: int) -> str | None:
        """:meth:`pickup_message` as a German sentence."""
        m = self.pickup_message(src, count)
        return None if m is None else m.render()

    def drop_refusal(self, src: int, count: int, dst: int) -> str | None:
        """:meth:`drop_message` as a German sentence."""
        m = self.drop_message(src, count, dst)
        return None if m is None else m.render()

    def is_legal(self, move: Move) -> bool:
        return self.refusal_message(move) is None

    def targets(self, src: int, count: int) -> list[Target]:
        """Every legal destination for the ``count`` cards at the end of ``src``, in column
        order (:func:`spider.spider_game.tap.ranked_targets` orders them as a tap would)."""
        if self.pickup_message(src, count) is not None:
            return []
        out: list[Target] = []
        top = self.cols[src][-count]
        for dst in range(COLUMNS):
            d = self.cols[dst]
            if dst == src or (d and rank_of(d[-1]) != rank_of(top) + 1):
                continue
            out.append(
                Target(
                    dst,
                    completes=self.completes(src, count, dst),
                    empty=not d,
                    same_suit=bool(d) and suit_of(d[-1]) == suit_of(top),
                )
            )
        return out

    # ----------------------------------------------------------------- acting
    def deal(self) -> Step:
        """Deal one row from the stock: ``play(Move.deal())``."""
        return self.play(Move.deal())

    # the history's side (core.history.Actor)
    def snapshot(self) -> Snapshot:
        return (tuple(tuple(c) for c in self.cols), tuple(self.down), tuple(self.stock),
                tuple(self.done), self._points)

    def restore(self, snap: Snapshot) -> None:
        cols, down, stock, done, points = snap
        self.cols = [list(c) for c in cols]
        self.down = list(down)
        self.stock = list(stock)
        self.done = list(done)
        self._points = points

    def apply(self, move: Move) -> Step:
        """Play a legal action (unchecked) with its consequences: cards turning up, runs
        leaving the table, points."""
        revealed: list[int] = []
        completed: list[tuple[int, str]] = []
        points = POINTS_MOVE
        if move.is_deal:
            row = self.stock[:DEAL_SIZE]
            del self.stock[:DEAL_SIZE]
            self.unseen_stock = min(self.unseen_stock, len(self.stock))
            for col, card in enumerate(row):
                self.cols[col].append(card)
            for col in range(COLUMNS):
                points += self._remove_run(col, revealed, completed)
        else:
            src, dst = self.cols[move.src], self.cols[move.dst]
            if dst:
                points += POINTS_FIT
            dst.extend(src[-move.count:])
            del src[-move.count:]
            points += self._flip(move.src, revealed)
            points += self._remove_run(move.dst, revealed, completed)
        if self.is_won:
            points += POINTS_CLEAR
        self._points += points
        return Step(move, tuple(revealed), tuple(completed), points)

    def _flip(self, col: int, revealed: list[int]) -> int:
        """Turn up the exposed card of ``col`` if it lies face down; points earned."""
        c = self.cols[col]
        if c and self.down[col] == len(c):
            if self.unseen_down[col] == self.down[col]:
                self.unseen_down[col] -= 1  # a card nobody had seen
            self.down[col] -= 1
            revealed.append(col)
            return POINTS_REVEAL
        return 0

    def _remove_run(self, col: int, revealed: list[int], completed: list[tuple[int, str]]) -> int:
        c = self.cols[col]
        if len(c) - self.down[col] < RUN or c[-1] % 13 != 0:
            return 0
        if run_length(c, self.down[col]) < RUN:
            return 0
        suit = suit_of(c[-1])
        del c[-RUN:]
        self.done.append(suit)
        completed.append((col, SUIT_LETTERS[suit]))
        return POINTS_RUN + self._flip(col, revealed)

    # ----------------------------------------------------------------- saving
    # ----------------------------------------------------------------- the cards as a whole
    def deck(self) -> list[int]:
        """Every card of this game's variant, sorted (the 104 of :func:`.deck.fresh_deck`)."""
        return sorted(fresh_deck(self.suits))

    def all_cards(self) -> list[int]:
        """Every card where it lies now (columns, stock and the runs removed), sorted: always
        :meth:`deck`."""
        out = [c for col in self.cols for c in col] + self.stock
        out += [s * 13 + r for s in self.done for r in range(RUN)]
        return sorted(out)

    def hidden_shuffled(self, seed: int) -> Self:
        """The table as the player sees it, with the cards they have never seen (the far
        face-down cards of each column, the stock's never-dealt end) dealt anew among those
        places by ``seed``: a game the player could not tell from this one without turning a
        card. Its knowledge is this game's; its history starts here (no deal ID)."""
        slots = [(c, i) for c in range(COLUMNS) for i in range(self.unseen_down[c])]
        tail = len(self.stock) - self.unseen_stock
        mixed = shuffled([self.cols[c][i] for c, i in slots] + self.stock[tail:], seed)
        g = self.copy()
        for (c, i), card in zip(slots, mixed, strict=False):
            g.cols[c][i] = card
        g.stock[tail:] = mixed[len(slots):]
        g.deal_id, g.undos = None, 0
        g._history = History()
        g._start = g.to_text()
        return g

    def to_json(self) -> str:
        """The whole game as a versioned JSON document (:mod:`spider.spider_game.save`)."""
        return dump(self)

    @classmethod
    def from_json(cls, doc: str | bytes | dict[str, Any]) -> Self:
        """The game saved by :meth:`to_json` (or by the first engine's format). Anything
        broken or foreign raises ``ValueError`` with a German message; the document is fully
        checked by replaying."""
        game: Self = load(cls, doc)
        return game
