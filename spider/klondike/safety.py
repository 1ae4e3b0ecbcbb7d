"""Which foundation cards are settled for good: shared by the solver, the hint and auto-finish.

Two facts about Klondike with one deck (each rank has exactly two cards of each colour):

**Frozen cards.** Call a set U of foundation cards *closed* if it holds, with every card
(k, suit t), the lower cards of suit t and both cards of rank k − 1 of the other colour.
No card outside U ever fits onto a card of U in a column (the only cards that fit onto
(k, t) are the two of rank k − 1 of the other colour, which are in U) and no card of U is a
king (rank k − 1 ≤ 12 for all but the top). **Lemma**: if U lies on the foundations, every
winning line can be turned into one that never moves a card of U and is not longer: delete
every move of a U card (worrying it back, moving it between columns, putting it up again).
A U card in a column only ever lies at the end of a column on top of other cards, under
U cards only, so removing those cards changes no move of another card: a run loses its U
tail, a destination never ended in a U card (nothing outside U fits onto one), a foundation
gets another card only after all its U cards, and no face-down card turns up differently
(a U card always lies on a face-up card). :func:`frozen` gives, per suit, how many of its
foundation cards belong to the largest closed set: those are never worried back.

**Safe foundation moves.** A card c = (r, s) that can go onto its foundation (it is the
exposed card of a column, or, in draw 1 only, any card of the stock or waste) may be put
there at once, without losing a win, when both foundations of the other colour hold at
least r − 1 cards and the other foundation of c's colour at least r − 2 (:func:`safe`).
Then U* = {other colour ≤ r − 1, c's colour ≤ r − 2, (r − 1, s)} is closed and on the
foundations, so by the lemma some winning line never moves a U* card: nothing is ever put
onto c (only rank r − 1 of the other colour fits) and (r − 1, s) never comes back. Follow
that line with c already up: where it moves c on its own, worry c back to the same place (c
is the top of its foundation until it goes up: nothing of suit s can pass it); where it
moves a run that ends in c, move the run without c and then worry c back onto it; where it
puts c up, skip it. Every other move stays legal: the card under c is only ever a
destination of c's own moves, foundation s takes nothing but c meanwhile. From the waste in
draw 1 every card of the stock and waste can be brought to the top by turning, whatever
was taken out, so taking c out loses nothing; in draw 3 it changes which cards come up
together, so there only cards from columns are safe.

That is stricter than the rule in Solvitaire's source (rank r is safe with both
other-colour foundations at r − 1, whatever the own colour's): with worrying back allowed
that rule can lose a win (``tests/test_klondike_solver.py`` has the position: 5♥ goes up with
♠ 4, ♣ 4, ♦ empty; only 4♠ worried back onto 5♥ can free the 3♦ that covers A♦).

>>> frozen([3, 1, 1, 3])            # ♠ 3, ♥ A, ♦ A, ♣ 3: the black 3s need a red 2
[2, 1, 1, 2]
>>> safe([2, 2, 0, 1], 2)           # 3♠ with ♦ empty: 2♦ may still need it
False
>>> safe([2, 2, 2, 1], 1 * 13 + 2)  # 3♥ with ♣ at 1: 2♣ may still need it
False
>>> safe([2, 2, 1, 2], 1 * 13 + 2)  # 3♥: both black 2s up, ♦ at least at 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

OTHER_COLOUR: Final = ((1, 2), (0, 3), (0, 3), (1, 2))  # ♠ ♥ ♦ ♣ -> the suits of the other colour
TWIN: Final = (3, 2, 1, 0)  # the other suit of the same colour


def frozen(found: Sequence[int]) -> list[int]:
    """Per suit, how many of its foundation cards lie in the largest closed set (see the
    module docstring): ``g[t] = min(found[t], min(g[o] for o of the other colour) + 1)``,
    repeated until nothing changes."""
    g = list(found)
    changed = True
    while changed:
        changed = False
        for t in range(4):
            a, b = OTHER_COLOUR[t]
            limit = min(g[a], g[b]) + 1
            if g[t] > limit:
                g[t] = limit
                changed = True
    return g


def safe(found: Sequence[int], card: int) -> bool:
    """May ``card`` (which fits onto its foundation now) go up without losing a win?"""
    s, r = card // 13, card % 13 + 1
    a, b = OTHER_COLOUR[s]
    return found[a] >= r - 1 and found[b] >= r - 1 and found[TWIN[s]] >= r - 2
