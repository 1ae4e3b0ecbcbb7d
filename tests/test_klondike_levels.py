"""The shipped level lists: every listed deal can be won, the way its level promises.

A sample is replayed here: easy deals are won by following the hint alone, normal and hard
ones by the solver's line (searched again with ``peek`` and without reduction 6, as when the
lists were made, and replayed through ``play()``). The
whole lists are checked under ``-m slow`` in part and by ``scripts/make_klondike_deals.py``
when they are made.
"""

from __future__ import annotations

import random

import pytest

from spider.core.messages import Msg
from spider.klondike import Game, solve
from spider.klondike.deals import parse_deal_id
from spider.klondike.grading import hint_wins
from spider.klondike.levels import LEVELS, MAX_NODES, deals, level_of
from spider.texts import catalog


@pytest.mark.parametrize("draw", [1, 3])
def test_every_level_has_many_deals_and_new_deals_from_them(draw: int) -> None:
    sizes = {level: len(deals(draw, level)) for level in LEVELS}
    assert sum(sizes.values()) >= 1000 and all(n >= 20 for n in sizes.values()), sizes
    for level in LEVELS:
        g = Game.new(draw, level=level)
        d, number = parse_deal_id(g.deal_id)
        assert d == draw and level_of(draw, number) == level
    assert level_of(draw, 10**9) is None


def _sample(draw: int, level: str, k: int, seed: int) -> list[int]:
    return random.Random(seed).sample(deals(draw, level), k)


@pytest.mark.parametrize("draw", [1, 3])
def test_a_sample_of_easy_deals_is_won_by_the_hint_alone(draw: int) -> None:
    for n in _sample(draw, "easy", 3, draw):
        assert hint_wins(draw, n), f"K{draw}-{n}"


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_sample_of_normal_and_hard_deals_is_won_by_the_solvers_line(draw: int, level: str) -> None:
    for n in _sample(draw, level, 2 if level == "normal" else 1, draw):
        g = Game.new(deal_id=f"K{draw}-{n}")
        r = solve(g, MAX_NODES, peek=True, talon_cover=False, twins=False, inverse=False)
        assert r.status == "solved", f"K{draw}-{n}"
        for move in r.line:
            g.play(move)
        assert g.is_won
        assert not hint_wins(draw, n)


@pytest.mark.slow
@pytest.mark.parametrize("draw", [1, 3])
def test_a_larger_sample_of_every_level(draw: int) -> None:
    for level in LEVELS:
        for n in _sample(draw, level, 15, 99):
            if level == "easy":
                assert hint_wins(draw, n)
            else:
                g = Game.new(deal_id=f"K{draw}-{n}")
                r = solve(g, MAX_NODES, peek=True, talon_cover=False, twins=False, inverse=False)
                assert r.status == "solved"


def test_the_catalogs_have_the_same_klondike_keys_in_both_languages() -> None:
    de = {k for k in catalog("de") if k.startswith("klondike.")}
    en = {k for k in catalog("en") if k.startswith("klondike.")}
    assert de == en and len(de) > 50
    from spider.texts.de import klondike as de_mod
    from spider.texts.en import klondike as en_mod
    assert set(de_mod.TEXTS) == set(en_mod.TEXTS) == de
    assert Msg("klondike.level", level="x").render("en").startswith("There is no level")
