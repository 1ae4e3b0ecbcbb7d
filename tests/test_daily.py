"""The daily deal: the same ID for a date on every device, a new one each day and variant,
Klondike's from its proved-winnable list, and a share text without spoilers."""

from __future__ import annotations

import datetime

import pytest

from spider import Game
from spider.core.messages import MessageError
from spider.core.registry import new_game
from spider.daily import KLONDIKE_POOL, daily_deal_id, day_number, klondike_normal_deals, share_text

DAY = datetime.date(2026, 12, 1)
YEAR = [DAY + datetime.timedelta(n) for n in range(366)]


def test_the_ids_are_pinned_so_every_device_and_version_agrees() -> None:
    # the computation (SHA-256 of "game/variant/date") is part of the contract: never change
    assert day_number("spider", 4, DAY) == 9752592774887871614
    assert [daily_deal_id("spider", v, DAY) for v in (1, 2, 4)] == ["S1-608309584", "S2-4200621550",
                                                                   "S4-305894526"]
    hundred = [f"K1-{n}" for n in range(1, 101)]
    assert daily_deal_id("klondike", 1, DAY, deals=hundred) == "K1-62"


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_same_date_gives_the_same_deal_and_each_day_a_new_one(suits: int) -> None:
    ids = [daily_deal_id("spider", suits, d) for d in YEAR]
    assert ids == [daily_deal_id("spider", suits, d) for d in YEAR]
    assert len(set(ids)) == len(ids)
    assert all(i.startswith(f"S{suits}-") for i in ids)
    assert Game.new(deal_id=ids[0]).deal_id == ids[0]


def test_variants_get_different_deals_on_the_same_day() -> None:
    seeds = {daily_deal_id("spider", v, DAY).split("-")[1] for v in (1, 2, 4)}
    assert len(seeds) == 3


def test_klondike_takes_its_deal_from_the_normal_list() -> None:
    deals = [f"K1-{n}" for n in (5, 17, 230, 4711, 31999)]
    picked = [daily_deal_id("klondike", 1, d, deals=deals) for d in YEAR]
    assert set(picked) <= set(deals) and len(set(picked)) == len(deals)
    assert picked == [daily_deal_id("klondike", 1, d, deals=deals) for d in YEAR]
    assert daily_deal_id("klondike", 1, DAY, deals=deals) == deals[day_number("klondike", 1, DAY) % 5]
    assert daily_deal_id("spider", 4, DAY, deals=deals).startswith("S4-")


def test_a_klondike_list_of_the_wrong_draw_is_a_mistake() -> None:
    with pytest.raises(ValueError):
        daily_deal_id("klondike", 3, DAY, deals=["K1-5"])
    with pytest.raises(MessageError):
        daily_deal_id("klondike", 3, DAY, deals=[])


def test_klondike_uses_the_klondike_package_list_when_it_has_one() -> None:
    try:
        deals = klondike_normal_deals(1)
    except MessageError as e:
        assert e.message.key == "daily.no_deals"
        pytest.skip("spider.klondike has no level_deals(draw, level) yet")
    for draw in (1, 3):
        listed = klondike_normal_deals(draw)
        for d in YEAR[:30]:
            deal_id = daily_deal_id("klondike", draw, d)
            assert deal_id in listed[:KLONDIKE_POOL]
        assert new_game(deal_id).deal_id == deal_id
    assert deals


def test_a_longer_klondike_list_keeps_every_days_deal() -> None:
    deals = [f"K3-{n}" for n in range(1, 2 * KLONDIKE_POOL, 2)]
    more = [*deals, *(f"K3-{n}" for n in range(5000, 5100))]
    assert [daily_deal_id("klondike", 3, d, deals=deals) for d in YEAR] == [
        daily_deal_id("klondike", 3, d, deals=more) for d in YEAR]


def test_unknown_games_and_variants_are_refused() -> None:
    for game, variant in [("spider", 3), ("klondike", 2), ("freecell", 1)]:
        with pytest.raises(MessageError) as e:
            daily_deal_id(game, variant, DAY)
        assert e.value.message.key == "daily.no_variant"


def test_the_share_text_says_how_it_went_and_nothing_about_the_cards() -> None:
    assert share_text("de", "spider", 4, DAY, True, 252_000, 187) == (
        "Spider · 4 Farben · Tagesspiel 2026-12-01: gewonnen, 4:12, 187 Züge")
    assert share_text("en", "spider", 4, DAY, True, 252_000, 187) == (
        "Spider · 4 suits · Daily deal 2026-12-01: won, 4:12, 187 moves")
    assert share_text("de", "spider", 1, DAY, False, 3_725_000, 1) == (
        "Spider · 1 Farbe · Tagesspiel 2026-12-01: nicht gewonnen, 1:02:05, 1 Zug")
    assert share_text("de", "klondike", 3, DAY, True, 90_000, 120) == (
        "Klondike · 3 Karten ziehen · Tagesspiel 2026-12-01: gewonnen, 1:30, 120 Züge")
    assert share_text("en", "klondike", 1, DAY, True, 90_000, 120) == (
        "Klondike · draw 1 · Daily deal 2026-12-01: won, 1:30, 120 moves")
    text = share_text("en", "spider", 2, DAY, True, 1, 2)
    assert daily_deal_id("spider", 2, DAY) not in text and "S2-" not in text
