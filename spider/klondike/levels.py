"""Levels: every deal dealt for a level is proved winnable.

The rule, per draw count, for PySolFC's deal number n (``scripts/make_klondike_deals.py``
applies it to deals 1, 2, 3, … and writes :mod:`spider.klondike.deal_lists`):

* ``easy``: the game's own hint, followed move by move from the deal, wins (at most
  ``HINT_LIMIT`` moves). The hint sees only what the player sees, so this is a proof and a
  promise: "Tipp" alone wins these deals.
* ``normal``: the solver proves the deal winnable (``solve(..., peek=True)`` within
  ``MAX_NODES`` positions and a winning line replayed), the hint alone does not win it.
* ``hard``: like ``normal``, and the proof needed at least ``HARD_FACTOR`` times the median
  number of positions of all deals of that draw count proved winnable in the list.

Deals the solver proves lost, or cannot decide within ``MAX_NODES``, are in no level.
``Game.new(draw, level=...)`` picks one of a level's numbers at random, so no player waits
for a search; the page may prove more deals in its worker with
:func:`spider.klondike.grading.classify`.
"""

from __future__ import annotations

from typing import Final

from ..core.deal_ids import random_number
from ..core.messages import MessageError, Msg
from .deals import DRAWS, format_deal_id
from .info import INFO

LEVELS: Final = INFO.levels
LETTERS: Final = {"easy": "e", "normal": "n", "hard": "h"}
HINT_LIMIT: Final = 1_500
MAX_NODES: Final = 50_000
HARD_FACTOR: Final = 10


def check_level(level: object) -> str:
    """``level`` if it is one of :data:`LEVELS`; ``MessageError`` (German) otherwise."""
    if not isinstance(level, str) or level not in LEVELS:
        raise MessageError(Msg("klondike.level", level=level[:20] if isinstance(level, str)
                               else repr(level)[:20]))
    return level


def _check(draw: object, level: object) -> tuple[int, str]:
    if type(draw) is not int or draw not in DRAWS:
        raise MessageError(Msg("klondike.draw", draw=repr(draw)[:12]))
    return draw, check_level(level)


def deals(draw: int, level: str) -> list[int]:
    """The PySolFC numbers of the shipped deals of ``level`` for ``draw``."""
    from .deal_lists import LEVELS as TABLE

    draw, level = _check(draw, level)
    letter = LETTERS[level]
    return [i + 1 for i, x in enumerate(TABLE[draw]) if x == letter]


def level_deals(draw: int, level: str) -> list[str]:
    """The shipped deals of ``level`` for ``draw`` as deal IDs, in number order (the hook
    :mod:`spider.daily` reads its Klondike deal of the day from)."""
    return [format_deal_id(draw, n) for n in deals(draw, level)]


def level_of(draw: int, number: int) -> str | None:
    """The level of a shipped deal, or ``None`` (not in the lists, lost or undecided)."""
    from .deal_lists import LEVELS as TABLE

    row = TABLE.get(draw, "")
    if not 1 <= number <= len(row):
        return None
    found = [name for name, letter in LETTERS.items() if letter == row[number - 1]]
    return found[0] if found else None


def level_of_deal(deal_id: str) -> str | None:
    """The level of a deal ID's deal (``"K1-5"``), ``None`` for one on no list.

    >>> level_of_deal("K1-" + str(deals(1, "easy")[0]))
    'easy'
    """
    from .deals import parse_deal_id

    draw, number = parse_deal_id(deal_id)
    return level_of(draw, number)


def pick_deal(draw: int, level: str) -> str:
    """A random deal ID of ``level`` for ``draw`` from the shipped lists."""
    numbers = deals(draw, level)
    return format_deal_id(draw, numbers[random_number(len(numbers))])


def letter(status: str, nodes: int, hint_won: bool, hard_nodes: int) -> str:
    """The list's letter: ``e`` easy, ``n`` normal, ``h`` hard, ``x`` proved lost, ``-``
    undecided (see the module docstring)."""
    if hint_won:
        return "e"
    if status == "solved":
        return "h" if nodes >= hard_nodes else "n"
    return "x" if status == "unsolvable" else "-"
