"""A quick proof that a Klondike position is lost: some card can never reach its foundation.

The solver (:mod:`spider.klondike.solver`) proves a position lost by visiting every position
it can reach, which for some deals takes millions. Many of them are lost for a reason that
can be seen at once: a card lies on top of the cards it needs. Take 4♠ lying face up on a
column whose face-down cards include 3♠, 5♥ and 5♦. 4♠ can leave that column only onto its
foundation (after 3♠) or onto a red five: all three lie under it. It never moves, 3♠ never
comes free, and the game is lost. :func:`blocked` finds such knots, also across columns
(4♠ over 3♠ and 5♥, with 5♦ under a card that needs 4♠ gone first) and through chains of
them.

How (a least fixpoint, an over-estimate of what any line of play can do). With every card
known, it asks for each card whether it can *come free* (every card lying above the end of
its face-up run has left), *leave* its place, *lie exposed* in a column (so that another card
can go onto it) and *go up*, starting from nothing and adding what follows from what is
already known, until nothing changes:

* a column card *comes free* once every card above its face-up run has left its place;
* a free column card *goes up* when it is an ace or the card below it of its suit has gone
  up; a stock or waste card likewise, as if it could always be reached (over-generous);
* a free column card *leaves* when it goes up, or fits onto a card that can lie exposed, or
  is a king and some column can be empty; a card of a face-up run also leaves when the card
  under it in the run leaves (it is carried along);
* a column card *lies exposed* once every card above it has left, or once it has left its
  place (over-generous); a stock, waste or foundation card once it can be put into a column:
  onto a card that can lie exposed, or, a king, into a column that can be empty;
* a column *can be empty* when it is, or when every card in it can leave.

If some card does not go up in the end, the position is lost. Why that is sound: follow any
line of play and take, for each card, the first moment it leaves its place, the moment it
goes up, the first moment it lies exposed in a column, and for each column the first moment it
is empty. A card that goes up or leaves was the exposed card or carried on a run whose lowest
card moves, so every card that lay above its run (a card that did not fit stays where it
breaks the run until it leaves) had left before: it was *free*. It went onto its foundation
after the card below it, onto a card lying exposed at that moment, or (a king) into an empty
column, or it was carried by the card under it. A card lying exposed has either never moved
(so every card above it has left) or has moved (and then left its place), or came from the
stock, the waste or a foundation (put onto an exposed card, or a king into an empty column).
A column is empty only once each of its cards has left. So every event of the line follows by
one of the steps above from earlier events, and a line that wins makes every card go up: the
fixpoint then has them all. The steps ask for less than the rules do (a stock card may not be
reachable in draw 3, a card may have to wait for its foundation's top), which only makes the
fixpoint larger: it can miss a lost position, never call a winnable one lost.
``tests/test_klondike_blocked.py`` holds it against the unpruned reference search on random
positions, and the level lists (``deal_lists.py``: 1,654 deals proved winnable in draw 1 and
1,409 in draw 3 among 1-2000) hold no deal it calls blocked.

It costs about 0.2 ms, so the solver asks it once per search, for the position it starts
from (a proof in one step where the search would need millions of positions: deals ``K1-29``
and ``K1-68`` stay undecided after 1,000,000 positions), not for every position it makes
(measured: asked for every child, it pruned a third of the positions of ``K1-36``'s search,
and yet the search was still undecided after 200,000 positions, as ``K1-86`` and ``K1-12``
were; ``K1-61`` was proved lost after 118,095 positions instead of 119,852; and each ask
costs several times what making a position does).

>>> from spider.klondike import Game
>>> from spider.klondike.solver import _start_state
>>> def lost_at_once(column, stock=''):
...     g = Game.from_text(f'''klondike 1
... stock: {stock}5S 6S 7S 8S 9S TS JS QS KS 6H 7H 8H 9H TH JH QH KH 6D 7D 8D 9D TD JD QD KD
... waste: -
... foundations: 2S 4H 4D KC
... 1: {column}
... 2:
... 3:
... 4:
... 5:
... 6:
... 7:''')
...     cols, found, talon, _ = _start_state(g)
...     return blocked(cols, found, talon)
>>> lost_at_once("#3S #5H #5D 4S")  # 4♠ lies on 3♠ and on both red fives
True
>>> lost_at_once("#3S #5H 4S", stock="5D ")  # 5♦ lies in the stock: 4♠ may go onto it
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .rules import fits

_DOWN: Final = 64  # a face-down card in a solver column: its code + 64


# ONTO[card]: the cards it fits onto in a column (two; none for a king)
ONTO: Final = tuple(tuple(t for t in range(52) if fits(c, t)) for c in range(52))


def blocked(cols: Sequence[bytes], found: Sequence[int], talon: bytes) -> bool:
    """Is some card unable ever to go up (the position lost)? ``cols``: the solver's columns
    (card codes from the far end, a face-down card as code + 64), ``found``: the cards up per
    suit, ``talon``: the stock and waste cards. ``False`` proves nothing."""
    up = [False] * 52
    free = [False] * 52  # a column card: every card above the end of its run has left
    gone = [False] * 52  # a column card has left its place
    lies = [False] * 52  # the card can lie exposed in a column (a place for another card)
    for s in range(4):
        for r in range(found[s]):
            up[s * 13 + r] = True
    column: set[int] = set()
    above: dict[int, list[int]] = {}  # a column card -> the cards above the end of its run
    over: dict[int, list[int]] = {}  # a column card -> every card above it
    under: dict[int, int] = {}  # a column card -> the card under it in its face-up run, or -1
    columns: list[list[int]] = []
    for c in cols:
        n = len(c)
        plain = [x - _DOWN if x >= _DOWN else x for x in c]
        columns.append(plain)
        column.update(plain)
        end = n - 1  # where the run of the card at j ends
        for j in range(n - 1, -1, -1):
            x = c[j]
            if x >= _DOWN or j + 1 == n or c[j + 1] >= _DOWN or not fits(c[j + 1], x):
                end = j
            above[plain[j]] = plain[end + 1:]
            over[plain[j]] = plain[j + 1:]
            under[plain[j]] = c[j - 1] if j and x < _DOWN and c[j - 1] < _DOWN and fits(x, c[j - 1]) else -1
    empty = any(not c for c in columns)  # a column is empty or can become empty
    waiting = [x for x in range(52) if not up[x]]
    placed = [x for x in range(52) if x not in column]  # talon and foundation cards

    def can_lie_on(x: int) -> bool:
        """Could ``x`` be put where it fits: a card that can lie exposed, or, a king, an empty
        column?"""
        return empty if x % 13 == 12 else any(lies[t] for t in ONTO[x])

    changed = True
    while changed:
        changed = False
        if not empty and any(all(gone[y] for y in c) for c in columns):
            empty = changed = True
        for x in placed:
            # a talon or foundation card lies in a column once put onto a card lying exposed
            # there, or a king into an empty column
            if not lies[x] and can_lie_on(x):
                lies[x] = changed = True
        left: list[int] = []
        for x in waiting:
            if x not in column:  # the talon: up after the card below it
                if x % 13 == 0 or up[x - 1]:
                    up[x] = changed = True
                else:
                    left.append(x)
                continue
            if not free[x] and all(gone[y] for y in above[x]):
                free[x] = changed = True
            if not lies[x] and (gone[x] or all(gone[y] for y in over[x])):
                lies[x] = changed = True
            if free[x] and (x % 13 == 0 or up[x - 1]):
                up[x] = gone[x] = lies[x] = True
                changed = True
                continue
            left.append(x)
            if free[x] and not gone[x] and (can_lie_on(x) or (under[x] >= 0 and gone[under[x]])):
                gone[x] = changed = True
        waiting = left
    return bool(waiting)
