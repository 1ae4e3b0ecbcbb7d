"""Spider rules: the position, legal moves, play, deal, undo and redo, and the tap order.

One :class:`Game` holds the table (ten columns, each a list of cards with a count of how
many at its far end lie face down), the stock in dealing order, the suits of the runs
already removed, the history for undo and redo, and what the player has seen.

Counters: every move and every deal counts one move and costs one point. Undo takes the
action back completely, its move and its points included, so ``moves_count`` is the length
of the line that led to the position on the table; redo counts it again.

What the player has seen is never taken back. Face-down cards never move, and they turn
up from the one nearest the player, so the known face-down cards of a column are always
the ones nearest its face-up part: ``known_down[c]`` counts them. The stock is dealt from
its front, so the known stock cards are always its first ``known_stock`` cards.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

from .cards import (
    COLUMNS,
    DEAL_SIZE,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    card_code,
    card_label,
    deal_layout,
    format_deal_id,
    parse_deal_id,
    random_deal_id,
    rank_of,
    suit_of,
)
from .moves import ColumnView, Move, Step, Target
from .texts import t

RUN: Final = 13
JSON_FORMAT: Final = "spider-solitaire-game"
JSON_VERSION: Final = 1

# Points, our reading of the duel rules (../shared/spec/003): see Game.score.
POINTS_MOVE: Final = -1
POINTS_FIT: Final = 2
POINTS_REVEAL: Final = 2
POINTS_RUN: Final = 26
POINTS_CLEAR: Final = 100


class IllegalMove(ValueError):
    """A refused action. ``reason`` is a short German sentence for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def run_length(cards: Sequence[int], down: int) -> int:
    """Length of the one-suit, unbroken descending run at the end of a column's face-up part.

    >>> from spider.cards import parse_card as c
    >>> run_length([c("9H"), c("8S"), c("7S"), c("6S")], 0)
    3
    """
    n = len(cards)
    if n == down:
        return 0
    k = 1
    while n - k > down:
        upper, lower = cards[n - k - 1], cards[n - k]
        if upper != lower + 1 or upper % 13 == 0:
            break
        k += 1
    return k


def block_text(block: Sequence[int]) -> str:
    """How a block reads in a sentence: ``7♣`` or ``8♦–6♦``."""
    if len(block) == 1:
        return card_label(block[0])
    return f"{card_label(block[0])}–{card_label(block[-1])}"


class Game:
    """A game of Spider with 1, 2 or 4 suits.

    >>> g = Game.new(4, "S4-1")
    >>> g.rounds_left, g.face_down_count, len(g.legal_moves()) > 0
    (5, 44, True)
    """

    __slots__ = (
        "_cols",
        "_done",
        "_down",
        "_history",
        "_redo",
        "_start",
        "cols",
        "deal_id",
        "done",
        "down",
        "known_down",
        "known_stock",
        "lenient_deal",
        "moves_count",
        "score",
        "stock",
        "suits",
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
        self.known_down: list[int] = [0] * COLUMNS
        self.known_stock = 0
        self.moves_count = 0
        self.score = 0
        self._history: list[Step] = []
        self._redo: list[Step] = []
        self._start = ""
        self._start = self.to_text()

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, suits: int = 4, deal_id: str | None = None, *, lenient_deal: bool = False) -> Game:
        """A new deal. ``deal_id`` (e.g. ``"S4-123"``) names the variant and the shuffle and
        wins over ``suits``; without it a random deal of ``suits`` is made.
        A malformed ID raises ``ValueError`` with the reason."""
        if deal_id is None:
            deal_id = random_deal_id(suits)
        suits, seed = parse_deal_id(deal_id)
        columns, stock = deal_layout(suits, seed)
        down = [len(c) - 1 for c in columns]
        return cls(
            suits, columns, down, stock, deal_id=format_deal_id(suits, seed),
            lenient_deal=lenient_deal,
        )

    @classmethod
    def from_text(cls, text: str, *, lenient_deal: bool = False) -> Game:
        """A game from the position notation (see :mod:`spider.notation`)."""
        from .notation import parse_position

        p = parse_position(text)
        return cls(p.suits, p.columns, p.down, p.stock, p.done, lenient_deal=lenient_deal)

    def to_text(self) -> str:
        """The position notation of the table (round-trips through :meth:`from_text`)."""
        from .notation import format_position

        return format_position(self.suits, self.cols, self.down, self.stock, self.done)

    def copy(self) -> Game:
        """An independent copy, history and knowledge included."""
        g = Game.__new__(Game)
        g.suits = self.suits
        g.cols = [c[:] for c in self.cols]
        g.down = self.down[:]
        g.stock = self.stock[:]
        g.done = self.done[:]
        g.deal_id = self.deal_id
        g.lenient_deal = self.lenient_deal
        g.known_down = self.known_down[:]
        g.known_stock = self.known_stock
        g.moves_count = self.moves_count
        g.score = self.score
        g._history = self._history[:]
        g._redo = self._redo[:]
        g._start = self._start
        return g

    # ----------------------------------------------------------------- reading the table
    @property
    def columns(self) -> tuple[ColumnView, ...]:
        """The ten columns as a player sees them (face-down cards only counted)."""
        return tuple(
            ColumnView(d, tuple(card_code(x) for x in c[d:]))
            for c, d in zip(self.cols, self.down, strict=True)
        )

    @property
    def completed_suits(self) -> tuple[str, ...]:
        """Suit letters of the runs removed so far, in the order they left the table."""
        return tuple(SUIT_LETTERS[s] for s in self.done)

    @property
    def rounds_left(self) -> int:
        return len(self.stock) // DEAL_SIZE

    @property
    def face_down_count(self) -> int:
        return sum(self.down)

    @property
    def is_won(self) -> bool:
        return len(self.done) == 8

    @property
    def is_stuck(self) -> bool:
        """No legal move at all (the stock cannot be dealt either) and not won."""
        return not self.is_won and not self.legal_moves()

    @property
    def all_known(self) -> bool:
        """Every card in play is known to the player: each face-down card and each stock
        card has been face up at some time in this game."""
        return self.known_stock == len(self.stock) and all(
            k == d for k, d in zip(self.known_down, self.down, strict=True)
        )

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def last_move(self) -> Move | None:
        """The move of the most recent action still on the table."""
        return self._history[-1].move if self._history else None

    @property
    def history(self) -> tuple[Step, ...]:
        return tuple(self._history)

    # ----------------------------------------------------------------- rules
    def movable_counts(self, col: int) -> list[int]:
        """Block sizes that can be picked up from ``col``: 1 up to its one-suit run."""
        if not 0 <= col < COLUMNS:
            return []
        return list(range(1, run_length(self.cols[col], self.down[col]) + 1))

    def _fits(self, dst: int, card: int) -> bool:
        """Does column ``dst`` take a block whose top card is ``card``? (Any suit.)"""
        c = self.cols[dst]
        return not c or rank_of(c[-1]) == rank_of(card) + 1

    def _completes(self, src: int, count: int, dst: int) -> bool:
        c = self.cols[dst]
        if not c:
            return False
        top = self.cols[src][-count]
        if c[-1] != top + 1 or top % 13 == 12:
            return False
        return count + run_length(c, self.down[dst]) >= RUN

    def can_deal(self) -> bool:
        return self._deal_refusal() is None

    def _deal_refusal(self) -> str | None:
        if self.is_won or not self.stock:
            return t("deal.stock_empty")
        if any(not c for c in self.cols):
            on_table = sum(len(c) for c in self.cols)
            if not (self.lenient_deal and on_table < DEAL_SIZE):
                return t("deal.empty_column")
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

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, as a sentence for the player, or ``None``."""
        if move.is_deal:
            return self._deal_refusal()
        if not 0 <= move.dst < COLUMNS:
            return t("move.no_column", n=move.dst + 1)
        return self.pickup_refusal(move.src, move.count) or self.drop_refusal(
            move.src, move.count, move.dst
        )

    def pickup_refusal(self, src: int, count: int) -> str | None:
        """Why the ``count`` cards at the end of ``src`` cannot be picked up, or ``None``:
        only an exposed card, or a one-suit run in unbroken descending order, moves."""
        if self.is_won:
            return t("move.won")
        if not 0 <= src < COLUMNS:
            return t("move.no_column", n=src + 1)
        c = self.cols[src]
        if not c:
            return t("move.empty_source", n=src + 1)
        if count < 1:
            return t("move.count")
        if count > len(c):
            return t("move.too_many", n=src + 1)
        if count > len(c) - self.down[src]:
            return t("move.face_down")
        run = run_length(c, self.down[src])
        if count > run:
            upper, lower = c[-run - 1], c[-run]
            key = "move.mixed_suits" if suit_of(upper) != suit_of(lower) else "move.gap"
            return t(key, upper=card_label(upper), lower=card_label(lower))
        return None

    def drop_refusal(self, src: int, count: int, dst: int) -> str | None:
        """Why column ``dst`` does not take the block (assumed movable), or ``None``:
        an empty column takes any block, otherwise the exposed card must be one rank
        higher than the block's top card, whatever its suit."""
        if dst == src:
            return t("move.same_column", n=src + 1)
        top = self.cols[src][-count]
        d = self.cols[dst]
        if not d or rank_of(d[-1]) == rank_of(top) + 1:
            return None
        if rank_of(top) == 13:
            return t("move.king_needs_empty", card=card_label(top))
        if rank_of(d[-1]) == 1:
            return t("move.on_ace")
        return t("move.no_fit", card=card_label(top), target=card_label(d[-1]))

    def is_legal(self, move: Move) -> bool:
        return self.refusal(move) is None

    def targets(self, src: int, count: int) -> list[Target]:
        """Every legal destination for the ``count`` cards at the end of ``src``."""
        if self.pickup_refusal(src, count) is not None:
            return []
        out: list[Target] = []
        top = self.cols[src][-count]
        for dst in range(COLUMNS):
            if dst == src or not self._fits(dst, top):
                continue
            d = self.cols[dst]
            out.append(
                Target(
                    dst,
                    completes=self._completes(src, count, dst),
                    empty=not d,
                    same_suit=bool(d) and suit_of(d[-1]) == suit_of(top),
                )
            )
        return out

    def tap(self, col: int, index: int) -> Move:
        """The move a tap on card ``index`` of column ``col`` makes (index 0 = the card
        furthest from the player); the block from that card to the column's end moves.

        The destination is chosen in a fixed order: one that completes K…A of one suit at
        once; then a card of the same suit one rank higher; then any other legal non-empty
        column; only then an empty column; ties go to the lowest column. Moving a whole
        column into an empty one changes nothing and is not offered. Raises
        :class:`IllegalMove` with the reason when the block cannot go anywhere.
        Does not play the move."""
        if not 0 <= col < COLUMNS:
            raise IllegalMove(t("move.no_column", n=col + 1))
        c = self.cols[col]
        if not 0 <= index < len(c):
            raise IllegalMove(t("tap.nothing"))
        count = len(c) - index
        reason = self.pickup_refusal(col, count)
        if reason is not None:
            raise IllegalMove(reason)
        best: tuple[int, int] | None = None
        whole = index == 0 and self.down[col] == 0
        for tg in self.targets(col, count):
            if tg.empty and whole:
                continue
            rank = 0 if tg.completes else 1 if tg.same_suit else 3 if tg.empty else 2
            if best is None or (rank, tg.dst) < best:
                best = (rank, tg.dst)
        if best is None:
            block = block_text(c[index:])
            if whole and any(not d for d in self.cols):
                raise IllegalMove(t("tap.pointless", block=block))
            raise IllegalMove(t("tap.no_target", block=block))
        return Move(col, best[1], count)

    # ----------------------------------------------------------------- acting
    def play(self, move: Move) -> Step:
        """Play a move or a deal; :class:`IllegalMove` (position unchanged) if not legal.
        A new action clears what could be redone."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        step = self._apply(move)
        self._redo.clear()
        return step

    def deal(self) -> Step:
        """Deal one row from the stock: ``play(Move.deal())``."""
        return self.play(Move.deal())

    def undo(self) -> Step:
        """Take back the last action completely (flips and removed runs included)."""
        if not self._history:
            raise IllegalMove(t("undo.nothing"))
        step = self._history.pop()
        self._unapply(step)
        self._redo.append(step)
        return step

    def redo(self) -> Step:
        """Play again the last action taken back."""
        if not self._redo:
            raise IllegalMove(t("redo.nothing"))
        step = self._redo.pop()
        return self._apply(step.move)

    def _flip(self, col: int, revealed: list[int]) -> int:
        """Turn up the exposed card of ``col`` if it lies face down; points earned."""
        c = self.cols[col]
        if c and self.down[col] == len(c):
            self.down[col] -= 1
            if self.known_down[col]:
                self.known_down[col] -= 1
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

    def _apply(self, move: Move) -> Step:
        revealed: list[int] = []
        completed: list[tuple[int, str]] = []
        points = POINTS_MOVE
        if move.is_deal:
            row = self.stock[:DEAL_SIZE]
            del self.stock[:DEAL_SIZE]
            self.known_stock = max(0, self.known_stock - DEAL_SIZE)
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
        step = Step(move, tuple(revealed), tuple(completed), points)
        self._history.append(step)
        self.moves_count += 1
        self.score += points
        return step

    def _unflip(self, col: int) -> None:
        self.down[col] += 1
        self.known_down[col] += 1

    def _unapply(self, step: Step) -> None:
        move = step.move
        for col, letter in reversed(step.completed):
            if col in step.revealed:
                self._unflip(col)
            suit = SUIT_LETTERS.index(letter)
            self.cols[col].extend(range(suit * 13 + 12, suit * 13 - 1, -1))
            self.done.pop()
        if move.is_deal:
            row = [c.pop() for c in self.cols]
            self.stock[:0] = row
            self.known_stock += DEAL_SIZE
        else:
            if move.src in step.revealed:
                self._unflip(move.src)
            src, dst = self.cols[move.src], self.cols[move.dst]
            src.extend(dst[-move.count:])
            del dst[-move.count:]
        self.moves_count -= 1
        self.score -= step.score

    # ----------------------------------------------------------------- hints
    def hint(self) -> Hint:
        """The most useful next step, with the reason (see :mod:`spider.hints`)."""
        from .hints import hint

        return hint(self)

    def announcement(self, step: Step) -> list[str]:
        """Sentences for the live region about runs a step removed."""
        done = len(self.done) - len(step.completed)
        out = []
        for i, (_, letter) in enumerate(step.completed, start=1):
            symbol = SUIT_SYMBOLS[SUIT_LETTERS.index(letter)]
            out.append(t("announce.complete", symbol=symbol, n=done + i))
        return out

    # ----------------------------------------------------------------- saving
    def to_json(self) -> str:
        """The whole game as a versioned JSON document: the starting position, the line of
        actions (undone ones included, for redo), how many are on the table, and what the
        player has seen. Counters are replayed, not stored."""
        line = [s.move.text() for s in self._history]
        line += [s.move.text() for s in reversed(self._redo)]
        doc = {
            "format": JSON_FORMAT,
            "version": JSON_VERSION,
            "deal_id": self.deal_id,
            "lenient_deal": self.lenient_deal,
            "start": self._start,
            "line": line,
            "cursor": len(self._history),
            "known_down": self.known_down,
            "known_stock": self.known_stock,
        }
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, doc: str | bytes) -> Game:
        """The game saved by :meth:`to_json`. Anything broken or foreign raises
        ``ValueError`` with a German message; the document is fully checked by replaying."""
        try:
            data = json.loads(doc)
        except (TypeError, ValueError) as e:
            raise ValueError(t("json.broken", reason=str(e))) from None
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise ValueError(t("json.foreign"))
        if data.get("version") != JSON_VERSION:
            raise ValueError(t("json.version", found=data.get("version"), expected=JSON_VERSION))
        try:
            return cls._from_doc(data)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
            raise ValueError(t("json.broken", reason=str(e) or type(e).__name__)) from None

    @classmethod
    def _from_doc(cls, data: dict[str, Any]) -> Game:
        deal_id = data["deal_id"]
        lenient = data["lenient_deal"]
        if not isinstance(lenient, bool) or not (deal_id is None or isinstance(deal_id, str)):
            raise ValueError("deal_id / lenient_deal")
        game = cls.from_text(_str(data["start"]), lenient_deal=lenient)
        if deal_id is not None:
            if cls.new(deal_id=deal_id).to_text() != game.to_text():
                raise ValueError("start does not match the deal ID")
            game.deal_id = deal_id
        line = data["line"]
        cursor = data["cursor"]
        if not isinstance(line, list) or not isinstance(cursor, int) or not 0 <= cursor <= len(line):
            raise ValueError("line / cursor")
        for text in line:
            game.play(Move.from_text(_str(text)))
        for _ in range(len(line) - cursor):
            game.undo()
        known_down, known_stock = data["known_down"], data["known_stock"]
        if (
            not isinstance(known_down, list)
            or len(known_down) != COLUMNS
            or not all(type(k) is int and 0 <= k <= d for k, d in zip(known_down, game.down, strict=True))
            or type(known_stock) is not int
            or not 0 <= known_stock <= len(game.stock)
            or known_stock % DEAL_SIZE
        ):
            raise ValueError("known cards")
        game.known_down = list(known_down)
        game.known_stock = known_stock
        return game


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, found {type(value).__name__}")
    return value


from .hints import Hint  # noqa: E402  (hints imports Game for typing only)
