"""The Klondike solver: solved, unsolvable, or unknown.

``solve(game, max_nodes)`` searches the positions reachable from the table and answers in
exactly one of three ways, like Spider's solver (:mod:`spider.core.solving`):

* ``"solved"``: ``line`` wins when played with ``game.play`` one move after another;
* ``"unsolvable"``: a proof that no line wins (every position the search must visit was
  visited, see below, or the position is *blocked*: some card can never go up,
  :mod:`spider.klondike.blocked`, asked once for the position the search starts from); the
  only answer from which a page may tell a player the game is lost;
* ``"unknown"``: ``max_nodes`` distinct positions were found, or ``should_stop()`` said so,
  first.

Without ``peek`` it refuses (``ValueError``, German) unless ``game.all_known``: no card face
down and every card of the stock and the waste seen. With ``peek=True`` it searches the true
position, face-down cards and unseen stock cards included: for making deals and for tests,
never for a hint. The game is never changed.

The search
----------
A best-first search with a transposition table (every position found, with its parent and
the move that first reached it, so the winning line can be read back). A node is a position
after its safe foundation moves (reduction 3) have been made. The open position with the
smallest estimate is expanded next: ``W_DOWN`` (2) per face-down card minus the cards on the
foundations; ties go to the position found last. A won position ends the search at once. The
estimate only decides *when* a position is expanded, never *whether*: every position found
is expanded exactly once with every move not cut below, so "unsolvable" means the open list
ran empty without a win.

With ``depth_first=True`` a second, depth-first search of the same positions takes turns
with it, with its own table: the best-first search finds ``TURN`` (1,024) new positions,
then the depth-first one does, and so on. The depth-first search expands the children of the
position it expanded last, the smallest estimate first (ties: the move generated first),
before going back. A win found by either ends the search. Each is complete on its own, so
when either runs out of open positions without a win the answer is "unsolvable".
``max_nodes`` counts the positions of both tables together. The two orders find different
wins: within 30,000 positions the best-first search alone decided 241 of PySolFC deals 1-300
in draw 1 and 227 in draw 3, the depth-first one alone 238 and 233, the two taking turns
(15,000 each) 252 and 242. But a proof of loss costs twice the positions (both must go
through all of them), and a win the best-first search finds after more than half the budget
is not found: level deals the best-first search proved winnable within 50,000 positions (the
level lists' budget) are not all won by the two within 50,000. So it is not the default: the
analysis of a finished game, mostly proofs, analysed fewer games with it
(``docs/analysis.md``), and the level lists and every caller keep the best-first search
alone; ``bench/klondike_solver.py --both-orders`` measures it. A position decided within the
first 1,024 positions gets the same answer either way. (Tried before: depth-first alone, and
taking turns with a deepest-first list sharing one table as Spider's solver does; on deals
1-60 both decided fewer deals within 20,000 positions in draw 1 and about as many in draw 3.
One table shared by the two orders decided 241 and 230 of deals 1-300: the orders take each
other's positions away.)

Positions are compact: a column is a ``bytes`` of card codes from the far end to the
exposed card, a face-down card stored as its code + 64; the stock and waste together are one
``bytes`` *talon* (the waste from its bottom, then the stock in turning order) with the
number ``p`` of its cards on the waste. The foundations follow from the cards left. In draw 3
a ``p`` off the cycle of reduction 1 is in the key behind a byte no card has (until
2026-12-05 it was appended bare, so a ``p`` equal to a card's code read as that card lying
last in the stock: a position with that card up and one with it last in the stock could
have one key, and the second be skipped as seen: on deals 1-1000 at 30,000 positions it
struck in five, changing no answer; ``docs/klondike.md``).

Every reduction, and why it loses no win
----------------------------------------
1. *Stock turns as moves ("K+", Bjarted; Blake and Gent).* Turning the stock changes nothing
   but ``p``. A talon card that some number of turns brings to the top is played directly,
   as one move (the line gets the turns spelled out). In draw 1 every talon card can be
   reached from every ``p`` (turn through, turn the waste back, turn again), so ``p`` is
   left out of the table key: positions that differ only in ``p`` reach each other by turns
   alone. In draw 3 the reachable tops are the cards at ``p``, ``p + 3``, … up to the last,
   and after turning the waste back those at 3, 6, …, and the last; ``p`` is in the key,
   except that every ``p`` on that cycle (a multiple of 3, or the end) counts as one: they
   reach each other by turns alone and offer the same tops, so their moves are the same. A
   line that ends with turns wins before them, so nothing is lost by never turning for
   its own sake.
2. *Transpositions, columns sorted.* Whether a position can be won depends on the position
   only. The seven columns are alike in every rule, so positions that differ by the order of
   the columns are equivalent: the key sorts them. For the same reason a run is moved into
   the first empty column only, and a whole column (nothing face down) is never moved into an
   empty one (that only exchanges two columns).
3. *Safe foundation moves* (:mod:`spider.klondike.safety`, argued there): a card goes up at
   once, as part of the move before, when both foundations of the other colour hold at least
   rank − 1 cards and the other one of its colour rank − 2; from the columns always, from the
   talon in draw 1 only (in draw 3 taking a card out of the talon changes which cards come up
   together). With the lemma there, the position with the card up wins whenever the one
   before does, so that position replaces it.
4. *Frozen foundation cards are not worried back* (:func:`spider.klondike.safety.frozen`):
   some winning line never moves them, so the moves that do are not tried. All other
   foundation cards may come back (not worrying back costs about 0.4 % of draw-3 deals).
5. *Partial runs only to free a card for its foundation.* Moving the cards above a face-up
   card ``a`` that they fit onto, without ``a``, can only go onto the other card ``b`` of
   ``a``'s rank and colour (one deck has two of each). It is tried only as a double move:
   then ``a`` onto its foundation. Argument: take a winning line with the fewest other
   partial moves, and its first such move, from ``a`` to ``b``. Play the rest of the line from
   the position before it, with the stacks on ``a`` and ``b`` exchanged: a card the line puts
   onto ``a`` goes onto ``b`` and the other way round, a move of cards from one stack takes
   them from the other (the same cards, checked at the same card; ``a`` and ``b`` fit the
   same cards, nothing under them changes, and a run that starts with ``a`` or ``b`` carries
   the other stack along). The exchange ends where the line moves the cards of one stack
   onto the other twin (then the two positions agree: leave that move out), or puts ``a``
   or ``b`` up (move the stack it carries onto the other twin first, which is a partial
   move followed by that foundation move, allowed). The new line has fewer partial moves of
   the forbidden kind, a contradiction.
6. *In draw 1, a card from the talon is covered at once.* After a move puts talon card ``x``
   onto a column, the only moves tried are those that put something onto ``x``: a run from a
   column (whole, or partial with its foundation move), a foundation card, or another talon
   card (which must then be covered in turn). The position in between is no node of its
   own: it goes into the open list like any position and, when its turn comes, makes its
   covering moves only, but it is neither keyed nor stored, and its children are linked to
   the node before the talon move by the moves in between (since 2026-12-05: before, these
   positions were nodes, about six in seven of a proof's, keyed and stored though almost
   none is reached twice; the search's order is the same but for those few, and a proof
   stores the other positions only; a chain, a talon card onto the talon card, waits so
   too). Argument: take a winning line and its last talon move ``T`` not followed at once
   by a move onto ``x``, and the first later move that touches ``x``: (a) something goes
   onto ``x``: play ``T`` just before
   it instead; (b) ``x`` goes up: take it up straight from the talon and drop ``T``; (c) ``x``
   alone goes to another column: put it there from the talon then, and drop ``T``; (d) a run
   from under ``x`` carries it along: move that run without ``x``, then ``x`` from the talon
   onto the run's end. The moves in between never touch ``x`` and never use the card under
   it (``x`` covered it), so they stay legal with ``x`` still in the talon, because in draw 1
   every talon card can be reached whatever else the talon holds (reduction 1). Each step
   moves ``T`` later or removes it, and no later talon move loses its cover (a move puts
   cards onto one card only), so repeating it ends with a winning line in which every talon
   move is covered at once. Not in draw 3, where taking a card out of the talon changes which
   cards come up together. Proofs of loss of draw-1 deals became 1.1 to 8 times smaller
   (``K1-61``: 119,852 positions before, 28,985 after; ``docs/klondike.md``).
   ``talon_cover=False`` leaves this reduction out (the level lists were made without it).
7. *Twins exchange what lies on them (in the key).* Two cards of one rank and colour
   (*twins*: 5♥ and 5♦) take the same cards. Positions that differ only in that the cards
   lying on two twins are exchanged, both twins face up in their column's run (what lies on
   a twin: every card above it in its column, possibly none), are won or lost together, so
   the key exchanges them into one order: for each such pair, highest rank first, the
   smaller ``bytes`` onto the twin with the smaller code (what lies on a twin starts with one
   of the two cards that fit onto it, so the smaller ``bytes`` is the one starting with the
   smaller of those, or nothing, and an exchange moves what lies on twins whole: so every
   pair to exchange is known at once from bits kept per column, :meth:`_Search.exchanged`).
   Argument: let ``P`` and ``Q``
   differ so, on twins ``a`` and ``b``. Every move the search tries in ``Q`` has one in ``P``
   after which the two positions differ so again, or agree: a move onto a card on a twin, or
   onto a bare twin, goes onto the same card, or onto the other, bare, twin; a move of cards
   lying on one twin takes the same cards from the other; a run that carries ``a`` carries
   what lies on ``a`` in each (the cards under ``a`` are the same); a card up, a talon card,
   a card turned over elsewhere, alike; and a bare ``a`` going up in ``Q`` while it carries
   cards in ``P`` (so ``b`` is bare there) is in ``P`` the double move of reduction 5 (those
   cards onto ``b``, then ``a`` up), which reaches the very position ``Q`` does. The kept
   moves (reductions 1-6) are kept in both: they ask the same of the same cards. So are the
   safe foundation moves (reduction 3), though where cards lie on one twin only, ``Q``
   shows a bare ``a`` where ``P`` shows a bare ``b``: either is safe only once both cards of
   the other colour and the rank below are up, and those are the only cards that can lie
   first on a twin, so then nothing lies on either and ``P`` and ``Q`` agree. By induction on
   the length of the shortest winning line of the search's moves, ``P`` has one as short as
   ``Q``'s, and the other way round; so a position skipped because its key is in the table
   is no nearer a win than the one searched, and "unsolvable" still means that no position
   of the table wins. Measured (``docs/klondike.md``): ``K1-61`` lost after
   11,159 positions instead of 28,985, ``K1-36`` after 180,284 and ``K3-12`` after 204,023
   (both undecided at 300,000 without it); each position costs more (the key's exchange;
   its column part is remembered per tuple of columns, up to ``COL_KEYS``). ``twins=False``
   leaves it out (and the level lists were made without it).
8. *A card worried back does not go straight back up.* After a foundation card ``x`` went
   onto a column with no safe foundation move after it, the move that puts ``x`` up again
   from that column is not tried. The two moves together change nothing: the position
   after them is the one before the first (settled already, so no safe move follows
   either), so leaving the two out of a winning line leaves a shorter winning line. With
   reduction 6: where the card worried back covered a talon card just laid, leaving the
   two out leaves that talon card uncovered; reduction 6's rewriting then never makes the
   line longer (it moves the talon move later, or drops it), so taking turns, pairs out
   and reduction 6's rewriting, ends with a line in both forms (each step shortens the
   line or, at the same length, moves its last uncovered talon move later). The search
   reads the move from the position's link (how it was first reached): the position the
   two moves lead to is the node the link starts from, in the table already, or, where
   the worry-back covered a talon card just laid (reduction 6), the position waiting for
   that cover, which reduction 6 searches with its covering moves only. That second case
   is where it matters: before (until 2026-12-05, seventeenth session), taking the card back
   up made the talon card's position a node of its own with every move, so reduction 6
   let through what it otherwise cuts. ``K1-36`` is proved lost after 6,852 positions
   instead of 20,878, ``docs/klondike.md``. ``inverse=False`` leaves it out (the level
   lists were made without it).

Nothing else is cut: every other legal move of the engine is tried, foundation cards going
back to columns included. Each reduction is argued on its own above; that they also hold
together (each argument rewrites a winning line, and the rewritten line may use a move
another reduction cuts) is not proved jointly here: it is what the tests check, against the
references, on every position they try. ``tests/test_klondike_solver.py`` checks every answer against an
unpruned search that uses only the engine's ``legal_moves()``, ``play()`` and ``undo()``.

Positions proved lost: ``lost`` (keyword-only, a set) is read and added to. A position
whose key is in it is skipped as if already in a table (by both orders); when the search
ends "unsolvable", every key of the table of the order that ran out goes into it. That is
sound because that order expanded every position in its table with every move not cut
above and found no win, so each of them is lost as a root of its own: a winnable one would
have a winning line of moves not cut (the reductions are arguments about any winnable
position), every position of that line would be in the table (or, waiting for its talon
card's cover, expanded without being stored: reduction 6), and its last would be a win
the search had seen. The keys leave out the draw count and the deal, so one set serves the
positions of one game only: the analysis of a finished game (:mod:`spider.core.analysis`)
passes one set for all the positions of the player's line.

The draw-1 relaxation (draw 3, ``relaxation=True``, the analysis's solver): a draw-3
position that cannot be won as draw 1 cannot be won as draw 3. A draw-3 line is a draw-1
line: the card a draw-3 move takes from the waste can be turned up in draw 1 too (there
every talon card is in reach, reduction 1), every other move is the same, and a stock turn
changes nothing draw 1 keys. So a draw-1 search of the same position (with its own
reductions, 6 included) takes turns with the draw-3 one: ``TURN`` new positions of the
draw-3 search, then ``RELAXED_TURN`` of the draw-1 one (its positions cost about three
times as much: most of what it expands waits for a talon card's cover and is no node), and
the longer neither has an answer, the more of those turns in a row (:func:`relaxed_turns`:
1, 2, 2, 3, 3, ... up to ``RELAXED_MOST``, 16).
The draw-3 search's answer stands as it is; the draw-1 search's "unsolvable" is a proof of
loss too, and its "solved" (a draw-1 line) proves nothing, so then the draw-3 search goes
on alone. Its keys go into ``lost`` marked apart (a byte no card has at their end), since a
position lost as draw 1 is lost as draw 3 whatever ``p`` is, but not the other way round:
the draw-1 search reads only the marked keys, and the draw-3 search skips a position whose
marked key is there. Measured on the analysis's draw-3 games (``docs/analysis.md``): where
the draw-3 search needs hundreds of thousands of positions for a proof, the draw-1 one
often needs tens of thousands, and an analysis of 36 s took 6 s (4.3 s with the growing
turns); where the draw-1 search wins at once, its turns cost almost nothing.

Cancellation: ``max_nodes`` bounds the work (a node is a distinct position put into the
tables, about 150 bytes; a position waiting for its talon card's cover is not one, it lives
in the open list only until it is expanded); ``should_stop`` (keyword-only) is called
every ``check_every`` new nodes and ends the search with ``"unknown"`` when it returns true.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Generator
from heapq import heappop, heappush
from typing import Any, Final, TypeAlias

from ..core.messages import MessageError, Msg
from ..core.solving import SolveResult as _Result
from .blocked import blocked as _blocked
from .deals import COLUMNS
from .moves import FOUNDATION, FOUNDATION_OF, WASTE, Move
from .safety import OTHER_COLOUR, TWIN
from .safety import frozen as _frozen
from .safety import safe as _safe

SolveResult: TypeAlias = _Result[Move]

_DOWN: Final = 64
_SEP: Final = b"\xff"
_TALON: Final = b"\xfe"
_P: Final = b"\xfb"
_P_CODE: Final = _P[0]
_RELAXED: Final = b"\xfa"  # ends the key of a position searched as draw 1 for a draw-3 game
_BYTE: Final = [bytes((i,)) for i in range(256)]
W_DOWN: Final = 2  # a face-down card weighs as much as two cards not yet up
TURN: Final = 1024  # new positions one order finds before the other order takes its turn
RELAXED_TURN: Final = 341  # the same for the draw-1 relaxation (its positions cost about 3x)
RELAXED_MOST: Final = 16  # its turns in a row at most, once the draw-3 search has had 30
COL_KEYS: Final = 200_000  # columns whose part of the key is remembered, at most
_RANK: Final = [c % 13 for c in range(52)]  # 0 = ace
_RED: Final = [c // 13 in (1, 2) for c in range(52)]
_SUIT: Final = [c // 13 for c in range(52)]
_TWIN_CARD: Final = [TWIN[c // 13] * 13 + c % 13 for c in range(52)]  # same rank and colour


def _fits(card: int, target: int) -> bool:
    return card < 52 and target < 52 and _RANK[target] == _RANK[card] + 1 and _RED[card] != _RED[target]


# _FIT[card << 7 | target]: does ``card`` go onto ``target`` (both face up) in a column?
_FIT: Final = bytes(_fits(i >> 7, i & 127) for i in range(128 * 128))
# _KIDS[card]: the two cards that go onto ``card`` in a column
_KIDS: Final = [tuple(k for k in range(52) if _fits(k, c)) for c in range(52)]


def _reach(length: int, p: int, draw: int) -> list[int]:
    """Talon indices whose card some number of turns brings to the top, nearest first."""
    if draw == 1:
        return list(range(p - 1, length)) + list(range(p - 1)) if p else list(range(length))
    out: list[int] = []
    seen: set[int] = set()
    q = p
    while q not in seen:
        seen.add(q)
        if q:
            out.append(q - 1)
        q = 0 if q == length else min(q + draw, length)
    return out


def _turns(length: int, p: int, index: int, draw: int) -> int:
    """How many taps on the stock bring talon card ``index`` to the top from ``p``."""
    q, n = p, 0
    while q != index + 1:
        q = 0 if q == length else min(q + draw, length)
        n += 1
        if n > 3 * length + 3:
            raise AssertionError("talon card not reachable")
    return n


# a position as the game gives it: columns, foundations, talon, ``p``
Start = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int]
# a position in the search: the same and the column whose exposed card came from the talon
# and must be covered next (reduction 6), or -1
State = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, int]
# a macro: (kind, a, b, c) with kind 0 col->found, 1 col->col (src, count, dst),
# 2 talon->col (index, dst), 3 talon->found (index), 4 partial run then up (src, count, dst),
# 5 foundation->col (suit, dst)
Macro = tuple[int, int, int, int]
# what moves() needs of a column, cached per column: (face-down cards, where the run at its
# end starts, the run's length, its first card, is that a king, is a face-down card under
# it, the exposed card (0 when face down), the exposed card's rank (-1 when face down), and
# per card of the run after the first: (suit and rank of the card under it, the card, how
# many cards from it to the end))
_Column = tuple[int, int, int, int, bool, bool, int, int, tuple[tuple[int, int, int, int], ...]]

# what a search ends with: its status, the path of (macro, autos) to a win, its positions
Outcome = tuple[str, list[tuple[Macro, list[Macro]]], int]

# how a position was first reached: its parent's key, then the move and the safe foundation
# moves after it; through positions waiting for a talon card's cover (reduction 6: no nodes,
# so no keys), the key of the node before them and each move with its safe foundation moves
Link = tuple[Any, ...]


def _first(entry: tuple[int, Macro]) -> int:
    return entry[0]


class _Search:
    def __init__(self, draw: int, max_nodes: int, should_stop: Callable[[], bool] | None,
                 check_every: int, talon_cover: bool = True, twins: bool = True,
                 inverse: bool = True) -> None:
        self.draw = draw
        self.talon_cover = talon_cover and draw == 1  # reduction 6
        self.twins = twins  # reduction 7
        self.inverse = inverse  # reduction 8
        self.run_masks: dict[bytes, tuple[int, int, int]] = {}  # per column: run_bits()
        self.card_bits: dict[bytes, int] = {}
        self.col_keys: dict[tuple[bytes, ...], bytes] = {}  # the columns' part of the key
        self.max_nodes = max_nodes
        self.should_stop = should_stop
        self.check_every = check_every
        self.meta: dict[bytes, _Column] = {}
        self.last_found: tuple[int, ...] = ()
        self.last_frozen: list[int] = []
        self.reach_cache: dict[tuple[int, int], list[int]] = {}
        self.cross = False  # draw 3: skip positions whose draw-1 relaxation is proved lost

    # ------------------------------------------------------------------ positions
    def key(self, cols: tuple[bytes, ...], talon: bytes, p: int) -> bytes:
        """The table key of a position that is a node (not one waiting for its talon card's
        cover, reduction 6: those are never keyed)."""
        k = self.col_keys.get(cols)
        if k is None:
            # remembered: most positions share their columns with others (other talons)
            if len(self.col_keys) >= COL_KEYS:
                self.col_keys.clear()
            part = self.exchanged(cols) if self.twins else cols  # reduction 7
            k = self.col_keys[cols] = _SEP.join(sorted(part)) + _TALON
        k += talon
        if self.draw == 1 or p % 3 == 0 or p == len(talon):
            return k
        # behind a byte no card has: bare, a p that is also a card's code would read as that
        # card lying last in the stock
        return k + _P + _BYTE[p]

    def exchanged(self, cols: tuple[bytes, ...]) -> tuple[bytes, ...] | list[bytes]:
        """Reduction 7: the columns with the cards lying on two twins (both in their column's
        run) exchanged where that puts the smaller ``bytes`` on the twin with the smaller
        code. The cards lying on a twin start with one of the two cards that fit onto it
        (they are part of its run), so the smaller ``bytes`` is the one that starts with the
        smaller of those, or nothing; an exchange moves what lies on a twin as a whole, so
        which pairs to exchange is known from the columns as they are, for all pairs at
        once. They are exchanged the higher twins first (what lies on them carries the lower
        ones)."""
        masks = self.run_masks
        bits = [0] * COLUMNS  # per column: the cards of its run, as bits
        total = under = low = 0
        for i in range(COLUMNS):
            c = cols[i]
            if c:
                rb = masks.get(c)
                if rb is None:
                    rb = masks[c] = self.run_bits(c)
                bits[i] = rb[0]
                total |= rb[0]
                under |= rb[1]
                low |= rb[2]
        # the pairs to exchange, as the bit of the twin with the smaller code: ♠ with ♣
        # (bits 0-12), ♥ with ♦ (bits 13-25); both in runs, and either cards lie on the
        # smaller one and none on the other, or the smaller of the cards that fit lies on the
        # other (then the larger lies on the smaller twin)
        f = 0x1FFF
        pair = total & total >> 39 & under & (~under >> 39 | low >> 39) & f
        pair |= (total >> 13 & total >> 26 & under >> 13 & (~under >> 26 | low >> 26) & f) << 13
        if not pair:
            return cols
        out = list(cols)
        ranks = (pair | pair >> 13) & f
        while ranks:
            r = ranks.bit_length() - 1
            ranks ^= 1 << r
            for x in (r, 13 + r):
                if not pair >> x & 1:
                    continue
                t = _TWIN_CARD[x]
                bx, bt = 1 << x, 1 << t
                i = 0
                while not bits[i] & bx:
                    i += 1
                j = 0
                while not bits[j] & bt:
                    j += 1
                ci, cj = out[i], out[j]
                k = ci.index(x) + 1
                m = cj.index(t) + 1
                a = ci[k:]
                b = cj[m:]
                out[i] = ci[:k] + b
                out[j] = cj[:m] + a
                moved = self.bits(a) ^ self.bits(b)
                bits[i] ^= moved
                bits[j] ^= moved
        return out

    def run_bits(self, c: bytes) -> tuple[int, int, int]:
        """For :meth:`exchanged`, of column ``c``'s run, as bits: its cards, those with a card
        on them, and those whose card on them is the smaller of the two that fit (♠ or ♥)."""
        info = self.meta.get(c) or self.column_meta(c)
        run = c[info[1]:]
        under = low = 0
        for s in range(len(run) - 1):
            under |= 1 << run[s]
            if run[s + 1] < 26:
                low |= 1 << run[s]
        return self.bits(run), under, low

    def bits(self, cards: bytes) -> int:
        """The cards as bits (face up: codes below 52), remembered."""
        m = self.card_bits.get(cards)
        if m is None:
            m = self.card_bits[cards] = sum(1 << x for x in cards)
        return m

    def frozen(self, found: tuple[int, ...]) -> list[int]:
        """:func:`~spider.klondike.safety.frozen`, remembered for the last foundations asked
        (a parent's children mostly share them)."""
        if found != self.last_found:
            self.last_found, self.last_frozen = found, _frozen(found)
        return self.last_frozen

    def reach(self, length: int, p: int) -> list[int]:
        r = self.reach_cache.get((length, p))
        if r is None:
            r = self.reach_cache[(length, p)] = _reach(length, p, self.draw)
        return r

    def settle(self, cols: list[bytes], found: list[int], talon: bytes, p: int,
               autos: list[Macro]) -> tuple[bytes, int, int]:
        """Make every safe foundation move (reduction 3), recording them in ``autos``;
        returns the talon, ``p`` and how many face-down cards were turned up."""
        flips = 0
        moved = True
        while moved:
            moved = False
            for t in range(4):
                n = found[t]
                a, b = OTHER_COLOUR[t]
                # _safe(found, card), inlined: the other colour at n, the own colour at n - 1
                if n == 13 or found[a] < n or found[b] < n or found[TWIN[t]] < n - 1:
                    continue
                card = t * 13 + n
                for i in range(COLUMNS):
                    c = cols[i]
                    if c and c[-1] == card:
                        c = c[:-1]
                        if c and c[-1] >= _DOWN:
                            c = c[:-1] + _BYTE[c[-1] - _DOWN]
                            flips += 1
                        cols[i] = c
                        autos.append((0, i, 0, 0))
                        moved = True
                        break
                else:
                    if self.draw == 1:
                        idx = talon.find(_BYTE[card])
                        if idx < 0:
                            continue
                        talon = talon[:idx] + talon[idx + 1:]
                        p = idx
                        autos.append((3, idx, 0, 0))
                        moved = True
                    else:
                        continue
                found[t] += 1
        return talon, p, flips

    def column_meta(self, c: bytes) -> _Column:
        """What :meth:`moves` needs of a column, cached per column (see :data:`_Column`)."""
        info = self.meta.get(c)
        if info is None:
            n = len(c)
            start = n - 1
            while start > 0 and _FIT[c[start] << 7 | c[start - 1]]:
                start -= 1
            downs = 0
            while downs < n and c[downs] >= _DOWN:
                downs += 1
            x = c[-1]
            top = c[start]
            info = self.meta[c] = (
                downs, start, n - start, top, _RANK[top] == 12,
                bool(start) and c[start - 1] >= _DOWN,
                x if x < 52 else 0, _RANK[x] if x < 52 else -1,
                tuple((_SUIT[c[s - 1]], _RANK[c[s - 1]], c[s], n - s) for s in range(start + 1, n)))
        return info

    def moves(self, state: State) -> list[Macro]:
        """Every move of the position except those cut by reductions 1-5, in trying order
        (a position waiting for its talon card to be covered: :meth:`cover_moves`)."""
        cols, found, talon, p, _ = state
        rank = _RANK
        suit = _SUIT
        kids = _KIDS
        spot: dict[int, list[int]] = {}  # card -> the columns whose exposed card it fits onto
        empty = -1
        for j in range(COLUMNS):
            c = cols[j]
            if c:
                e = c[-1]
                if e < 52:
                    for y in kids[e]:
                        js = spot.get(y)
                        if js is None:
                            spot[y] = [j]
                        else:
                            js.append(j)
            elif empty < 0:
                empty = j
        meta = self.meta
        ups: list[Macro] = []
        reveal: list[tuple[int, Macro]] = []
        other: list[Macro] = []
        partial: list[Macro] = []
        for i in range(COLUMNS):
            c = cols[i]
            if not c:
                continue
            info = meta.get(c) or self.column_meta(c)
            downs, start, k, top, king, reveals, x, xrank, runs = info
            if xrank >= 0 and xrank == found[suit[x]]:
                ups.append((0, i, 1, FOUNDATION))
            # the whole run (c[start] does not fit onto what lies under it): a king only into
            # the first empty column, and never a whole column
            targets = ([empty] if empty >= 0 and start > 0 else None) if king else spot.get(top)
            if targets:
                if reveals:
                    reveal.extend((-downs, (1, i, k, j)) for j in targets)
                else:
                    other.extend((1, i, k, j) for j in targets)
            for usuit, urank, top, count in runs:
                # a partial run (reduction 5): only if the card under it goes up right after
                if urank == found[usuit]:
                    js = spot.get(top)
                    if js:
                        partial.extend((4, i, count, j) for j in js)
        talon_moves: list[Macro] = []
        if talon:
            # the talon cards that go somewhere: up, onto a column, or a king into an empty one
            for idx in self.reach(len(talon), p):
                x = talon[idx]
                r = rank[x]
                if r == found[suit[x]]:
                    talon_moves.append((3, idx, 0, FOUNDATION))
                if r == 12:
                    if empty >= 0:
                        talon_moves.append((2, idx, empty, 0))
                else:
                    js = spot.get(x)
                    if js:
                        talon_moves.extend((2, idx, j, 0) for j in js)
        back: list[Macro] = []
        g = self.frozen(found)
        for t in range(4):
            n = found[t]
            if n > g[t]:
                x = t * 13 + n - 1
                if rank[x] == 12:
                    if empty >= 0:
                        back.append((5, t, empty, 0))
                else:
                    js = spot.get(x)
                    if js:
                        back.extend((5, t, j, 0) for j in js)
        if len(reveal) > 1:
            reveal.sort(key=_first)
        return ups + [m for _, m in reveal] + talon_moves + other + partial + back

    def cover_moves(self, state: State) -> list[Macro]:
        """Reduction 6: the moves of :meth:`moves` that put something onto the talon card
        just laid on column ``cover`` (a position's only moves while it waits), in the same
        order; made directly, since most positions of a draw-1 search are such positions."""
        cols, found, talon, p, cover = state
        # the two cards that go onto it (it went onto a card or into an empty column, so it
        # is no ace; they are no kings)
        kids = _KIDS[cols[cover][-1]]
        k0, k1 = kids
        b0, b1 = _BYTE[k0], _BYTE[k1]
        meta = self.meta
        reveal: list[tuple[int, Macro]] = []
        other: list[Macro] = []
        partial: list[Macro] = []
        for i in range(COLUMNS):
            c = cols[i]
            # only a column that shows one of them (face down, a card is a byte >= _DOWN);
            # the column's own run holds no card that fits its end
            if i == cover or not (b0 in c or b1 in c):
                continue
            downs, _, k, top, _, reveals, _, _, runs = meta.get(c) or self.column_meta(c)
            if top in kids:
                if reveals:
                    reveal.append((-downs, (1, i, k, cover)))
                else:
                    other.append((1, i, k, cover))
            for usuit, urank, top, count in runs:
                if urank == found[usuit] and top in kids:
                    partial.append((4, i, count, cover))
        if len(reveal) > 1:
            reveal.sort(key=_first)
        out = [m for _, m in reveal]
        if talon:
            # draw 1: every talon card is in reach, nearest (from p - 1 on, round) first
            i0 = talon.find(b0)
            i1 = talon.find(b1)
            if i0 >= 0 and i1 >= 0:
                q, n = (p - 1 if p else 0), len(talon)
                if (i1 - q) % n < (i0 - q) % n:
                    i0, i1 = i1, i0
                out.append((2, i0, cover, 0))
                out.append((2, i1, cover, 0))
            elif i0 >= 0 or i1 >= 0:
                out.append((2, max(i0, i1), cover, 0))
        out += other
        out += partial
        # a foundation's top card
        if found[_SUIT[k0]] == _RANK[k0] + 1 or found[_SUIT[k1]] == _RANK[k1] + 1:
            g = self.frozen(found)
            for t in range(4):
                n = found[t]
                x = t * 13 + n - 1
                if n > g[t] and x in kids:
                    out.append((5, t, cover, 0))
        return out

    def child(self, state: State, m: Macro) -> tuple[State, list[Macro], int]:
        """The position after macro ``m`` and the safe foundation moves it allows, and how
        many face-down cards they turned up."""
        cols_t, found_t, talon, p, _ = state
        flips = 0
        cols = list(cols_t)
        found = list(found_t)
        kind, a, b, c = m
        if kind == 0 or kind == 1 or kind == 4:
            src = cols[a]
            k = b if kind != 0 else 1
            moved = src[-k:]
            src = src[:-k]
            if kind == 0:
                found[moved[0] // 13] += 1
            else:
                cols[c] = cols[c] + moved
            if kind == 4:
                x = src[-1]
                found[x // 13] += 1
                src = src[:-1]
            if src and src[-1] >= _DOWN:
                src = src[:-1] + _BYTE[src[-1] - _DOWN]
                flips = 1
            cols[a] = src
        elif kind == 2 or kind == 3:
            x = talon[a]
            talon = talon[:a] + talon[a + 1:]
            p = a
            if kind == 3:
                found[x // 13] += 1
            else:
                cols[b] = cols[b] + _BYTE[x]
        else:
            found[a] -= 1
            cols[b] = cols[b] + _BYTE[a * 13 + found[a]]
        autos: list[Macro] = []
        if kind == 1 or kind == 2:
            # The parent is settled and these moves leave the foundations as they were, so a
            # safe foundation move can only be for the one new exposed card: the moved card's
            # column (kind 1) or the talon card's new place (kind 2). Settle only if it is safe.
            col = cols[a] if kind == 1 else cols[b]
            x = col[-1] if col else _DOWN
            if x >= _DOWN or _RANK[x] != found[x // 13] or not _safe(found, x):
                # in draw 1 a card from the talon must be covered next (reduction 6)
                cover = b if kind == 2 and self.talon_cover else -1
                return (tuple(cols), tuple(found), talon, p, cover), autos, flips
        talon, p, more = self.settle(cols, found, talon, p, autos)
        return (tuple(cols), tuple(found), talon, p, -1), autos, flips + more

    # ------------------------------------------------------------------ the search
    def run(self, start: Start, lost: set[bytes] | None = None, depth_first: bool = False
            ) -> Outcome:
        """Best-first and (if ``depth_first``) depth-first by turns; returns (status, path of
        (macro, autos), nodes)."""
        steps = self.steps(start, lost, depth_first)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]

    def steps(self, start: Start, lost: set[bytes] | None = None, depth_first: bool = False,
              turn_nodes: int | None = None) -> Generator[int, None, Outcome]:
        """:meth:`run` in steps: pauses after every ``turn_nodes`` new positions (yielding
        its positions so far), so that another search can take turns with it
        (:func:`_with_relaxation`); returns what :meth:`run` returns."""
        size = TURN if turn_nodes is None else turn_nodes  # read now: the tests change TURN
        cols, found, talon, p = start
        autos0: list[Macro] = []
        cl = list(cols)
        fl = list(found)
        talon, p, _ = self.settle(cl, fl, talon, p, autos0)
        root: State = (tuple(cl), tuple(fl), talon, p, -1)
        if sum(fl) == 52:
            return "solved", [((-1, 0, 0, 0), autos0)], 1
        key0 = self.key(root[0], talon, p)
        known: set[bytes] | frozenset[bytes] = frozenset() if lost is None else lost
        if key0 in known or (self.cross and _relaxed_key(key0) in known):
            return "unsolvable", [], 1
        if _blocked(root[0], fl, talon):
            if lost is not None:
                lost.add(key0)
            return "unsolvable", [], 1
        yield 1  # a start not known to be lost: a search taking turns looks at its own next
        # one table per order: [0] best-first (the heap), [1] depth-first (the stack)
        tables: tuple[dict[bytes, Link | None], ...] = (
            {key0: None}, {key0: None})
        # the open positions, each with its number of face-down cards
        down0 = sum(self.column_meta(c)[0] for c in root[0] if c)
        heap: list[tuple[int, int, bytes | Link, State, int]] = [(0, 0, key0, root, down0)]
        stack: list[tuple[bytes | Link, State, int]] = [(key0, root, down0)]
        kids: list[tuple[int, int, bytes | Link, State, int]] = []
        seq = 0
        nodes = 1  # positions in the two tables, the start once
        turn = 0
        quota = size
        next_check = self.check_every
        max_nodes = self.max_nodes
        should_stop = self.should_stop
        moves = self.moves
        cover_moves = self.cover_moves
        child = self.child
        inverse = self.inverse
        cross = self.cross
        while True:
            parent = tables[turn]
            if turn == 0:
                if not heap:
                    break
                _, _, key, state, pdown = heappop(heap)
            else:
                if not stack:
                    break
                key, state, pdown = stack.pop()
            if isinstance(key, bytes):
                pkey, via = key, None
                last = parent[key]
            else:  # a position waiting for its talon card's cover, no node: its link instead
                pkey, via = b"", key
                last = key
            # reduction 8: a card just worried back onto a column (and no safe move after it)
            # does not go straight back up
            back = (last[-2][2] if inverse and last is not None and last[-2][0] == 5
                    and not last[-1] else -1)
            for m in cover_moves(state) if state[4] >= 0 else moves(state):
                if m[1] == back and m[0] == 0:
                    continue
                new, autos, flips = child(state, m)
                ncols, nfound, ntalon, np, ncover = new
                up = nfound[0] + nfound[1] + nfound[2] + nfound[3]
                link: Link = (pkey, m, autos) if via is None else (*via, m, autos)
                if up == 52:
                    return "solved", self.path(parent, link, autos0), nodes
                if ncover >= 0:
                    # reduction 6: searched, but neither keyed nor stored (see the docstring)
                    entry: bytes | Link = link
                else:
                    nkey = self.key(ncols, ntalon, np)
                    if nkey in parent or nkey in known:
                        continue
                    # proved lost as draw 1 (the relaxation, module docstring): lost for any p
                    if cross and _relaxed_key(nkey) in known:
                        continue
                    parent[nkey] = link
                    entry = nkey
                    nodes += 1
                    quota -= 1
                    if nodes > max_nodes:
                        return "unknown", [], nodes - 1
                    if nodes >= next_check and should_stop is not None:
                        next_check = nodes + self.check_every
                        if should_stop():
                            return "unknown", [], nodes
                down = pdown - flips
                seq += 1
                if turn == 0:
                    heappush(heap, (W_DOWN * down - up, -seq, entry, new, down))
                else:
                    kids.append((W_DOWN * down - up, seq, entry, new, down))
            if kids:
                # the most promising child on top; ties: the move generated first
                kids.sort(key=lambda k: (-k[0], -k[1]))
                stack.extend([(k[2], k[3], k[4]) for k in kids])
                kids.clear()
            if quota <= 0:
                if depth_first:
                    turn ^= 1
                quota = size
                yield nodes
        if lost is not None:
            lost.update(tables[turn])
        return "unsolvable", [], nodes

    @staticmethod
    def path(parent: dict[bytes, Link | None], link: Link | None,
             autos0: list[Macro]) -> list[tuple[Macro, list[Macro]]]:
        """The moves from the start to the position ``link`` leads from, then ``link``'s."""
        out: list[tuple[Macro, list[Macro]]] = []
        while link is not None:
            out.extend((link[i], link[i + 1]) for i in range(len(link) - 2, 0, -2))
            link = parent[link[0]]
        out.append(((-1, 0, 0, 0), autos0))
        return out[::-1]


class _Relaxed(_Search):
    """The draw-1 relaxation of a draw-3 position (see the module docstring):
    the same position searched as draw 1, its keys marked apart from the draw-3 ones."""

    def __init__(self, max_nodes: int, should_stop: Callable[[], bool] | None,
                 check_every: int, twins: bool, inverse: bool) -> None:
        super().__init__(1, max_nodes, should_stop, check_every, True, twins, inverse)

    def key(self, cols: tuple[bytes, ...], talon: bytes, p: int) -> bytes:
        return super().key(cols, talon, p) + _RELAXED


def _relaxed_key(key: bytes) -> bytes:
    """The marked draw-1 key of a draw-3 table key: the same without its ``p`` part (a key
    never has ``_P`` second to last otherwise: talon cards, ``_TALON`` or column bytes)."""
    return (key[:-2] if key[-2] == _P_CODE else key) + _RELAXED


def relaxed_turns(turns: int) -> int:
    """How many turns in a row the draw-1 relaxation takes after the draw-3 search's
    ``turns``-th: 1, 2, 2, 3, 3, ... up to ``RELAXED_MOST``. The longer neither has an
    answer, the likelier the position is lost as draw 1 too, and there the draw-1 proof is
    the smaller one (several times, on the analysis's hardest draw-3 games); a position
    won as draw 1 is usually won within its first turns, which end its part."""
    return min(RELAXED_MOST, 1 + turns // 2)


def _with_relaxation(exact: _Search, relaxed: _Relaxed, start: Start,
                     lost: set[bytes] | None, max_nodes: int) -> Outcome:
    """The draw-3 search and its draw-1 relaxation by turns (``TURN`` and ``RELAXED_TURN``
    new positions, the latter :func:`relaxed_turns` times in a row): the draw-3 search's
    answer stands; the relaxation's "unsolvable" is a
    proof of loss too; once the relaxation is won (no proof: a draw-1 line) or stopped,
    the draw-3 search goes on alone. ``max_nodes`` counts the positions of both."""
    exact.cross = True
    main = exact.steps(start, lost)
    side: Generator[int, None, Outcome] | None = relaxed.steps(start, lost, turn_nodes=RELAXED_TURN)
    mine = theirs = 0
    turns = 0  # the draw-3 search's turns so far
    while True:  # each first step looks at the start only: one already proved lost ends it
        try:
            mine = next(main)
        except StopIteration as done:
            status, path, nodes = done.value
            return status, path, nodes + theirs
        if side is not None:
            try:
                turns += 1
                for _ in range(relaxed_turns(turns)):
                    theirs = next(side)
            except StopIteration as done:
                status, _, theirs = done.value
                side = None
                if status == "unsolvable":
                    return "unsolvable", [], mine + theirs
                theirs = 0  # its table is freed
        if mine + theirs > max_nodes:
            return "unknown", [], mine + theirs


def _start_state(game: Any) -> Start:
    cols = tuple(bytes([c + _DOWN for c in col[:d]] + list(col[d:]))
                 for col, d in zip(game.cols, game.down, strict=True))
    return cols, tuple(game.found), bytes(game.waste_pile + game.stock), len(game.waste_pile)


def _engine_line(start: Start, path: list[tuple[Macro, list[Macro]]], draw: int) -> list[Move]:
    """Spell a path of macros out as the engine's moves, stock turns included."""
    cols = [bytearray(c) for c in start[0]]
    found = list(start[1])
    talon = bytearray(start[2])
    p = start[3]
    out: list[Move] = []
    for macro, autos in path:
        for kind, a, b, c in ([macro] if macro[0] >= 0 else []) + autos:
            if kind == 0 or kind == 1 or kind == 4:
                k = 1 if kind == 0 else b
                moved = cols[a][-k:]
                del cols[a][-k:]
                if kind == 0:
                    found[moved[0] // 13] += 1
                    out.append(Move(a, FOUNDATION))
                else:
                    cols[c].extend(moved)
                    out.append(Move(a, c, b))
                if kind == 4:
                    found[cols[a].pop() // 13] += 1
                    out.append(Move(a, FOUNDATION))
                if cols[a] and cols[a][-1] >= _DOWN:
                    cols[a][-1] -= _DOWN
            elif kind == 2 or kind == 3:
                out.extend([Move.stock()] * _turns(len(talon), p, a, draw))
                x = talon[a]
                del talon[a]
                p = a
                if kind == 3:
                    found[x // 13] += 1
                    out.append(Move(WASTE, FOUNDATION))
                else:
                    cols[b].append(x)
                    out.append(Move(WASTE, b))
            else:
                found[a] -= 1
                cols[b].append(a * 13 + found[a])
                out.append(Move(FOUNDATION_OF[a], b))
    return out


def solve(game: Any, max_nodes: int, *, peek: bool = False,
          should_stop: Callable[[], bool] | None = None, check_every: int = 1024,
          lost: set[bytes] | None = None, depth_first: bool = False,
          talon_cover: bool = True, twins: bool = True, inverse: bool = True,
          relaxation: bool = False) -> SolveResult:
    """Search the position on the table (see the module docstring). The best-first order
    searches alone unless ``depth_first``: then the depth-first order takes turns with it.
    ``talon_cover=False``, ``twins=False`` and ``inverse=False`` leave reductions 6, 7 and 8
    out: the search that made the level lists (:mod:`spider.klondike.grading`), which finds
    some wins sooner. ``relaxation=True`` (draw 3, best-first alone) lets the draw-1
    relaxation take turns with the search (module docstring); ``max_nodes`` then counts the
    positions of both.

    Raises ``ValueError`` (German) unless ``game.all_known`` or ``peek``.

    >>> from spider.klondike import Game
    >>> g = Game.from_text('''klondike 1
    ... stock: -
    ... waste: -
    ... foundations: QS KH KD QC
    ... 1: KC
    ... 2: KS
    ... 3:
    ... 4:
    ... 5:
    ... 6:
    ... 7:''')
    >>> r = solve(g, 1000)
    >>> r.status, [str(m) for m in r.line]
    ('solved', ['2>f', '1>f'])
    """
    if type(max_nodes) is not int or max_nodes < 1:
        raise ValueError(f"max_nodes must be at least 1, not {max_nodes!r}")
    if check_every < 1:
        raise ValueError(f"check_every must be at least 1, not {check_every}")
    if not peek and not game.all_known:
        unseen_stock = sum(1 for x in game.stock if not game.has_seen(x))
        raise MessageError(Msg("klondike.solver.unseen", down=game.face_down_count, stock=unseen_stock))
    if game.is_won:
        return SolveResult("solved", [], 0)
    start = _start_state(game)
    collecting = gc.isenabled()
    gc.disable()
    try:
        search = _Search(game.draw, max_nodes, should_stop, check_every, talon_cover, twins,
                         inverse)
        if relaxation and game.draw == 3 and not depth_first:
            status, path, nodes = _with_relaxation(
                search, _Relaxed(max_nodes, should_stop, check_every, twins, inverse), start,
                lost, max_nodes)
        else:
            status, path, nodes = search.run(start, lost, depth_first)
    finally:
        if collecting:
            gc.enable()
    if status != "solved":
        return SolveResult(status, [], nodes)  # type: ignore[arg-type]
    return SolveResult("solved", _engine_line(start, path, game.draw), nodes)


def solve_known(game: Any, max_nodes: int, *, should_stop: Callable[[], bool] | None = None,
                check_every: int = 1024, lost: set[bytes] | None = None) -> SolveResult:
    """:func:`solve` with every card known (``peek=True``): for the analysis of a finished
    game (:mod:`spider.core.analysis`), never for a hint. The best-first order searches
    alone: the analysis mostly proves positions lost, which costs the two orders twice the
    positions (``docs/analysis.md``: of 100 games each, 79 analysed fully in draw 1 and 81
    in draw 3 with both orders, 83 and 86 with best-first alone, in the same hour). In
    draw 3 the draw-1 relaxation takes turns with it (``relaxation=True``): it proves some
    positions lost that the draw-3 search alone does not within the analysis's time."""
    return solve(game, max_nodes, peek=True, should_stop=should_stop, check_every=check_every,
                 lost=lost, relaxation=True)
