"""Links, saving and bad input: a deal link, a position link, broken ones; reloading
restores the exact game; unreadable saved data is kept aside; the new-game choice sticks."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.spider_page import (
    Game,
    build,
    button,
    card,
    column,
    dialog,
    engine_table,
    message,
    open_pos,
    pos_query,
    press,
    seed_storage,
    stat,
    storage,
    table,
)

MOVES = build(
    ["* 9H", "* 8S 7C", "* 8C", "* 8S", "* 9S 7S", "* 3H", "* AD", "* KD", "* 6D 5D 4D", "* JS"],
    stock_rows=2,
)


@pytest.mark.desktop_only  # reading a link does not depend on the device
def test_a_deal_link_opens_that_deal_and_shows_its_id(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=S2-31415")
    assert table(page) == engine_table(Game.new(deal_id="S2-31415"))
    expect(page.locator("#deal-id")).to_have_text("Spiel S2-31415")
    expect(message(page)).to_have_text("Spiel S2-31415 aus dem Link.")
    assert "deal=" not in page.url  # a reload continues the game instead of restarting it


@pytest.mark.desktop_only  # reading a link does not depend on the device
def test_a_position_link_opens_that_position(page: Page, base_url: str) -> None:
    open_pos(page, base_url, MOVES)
    assert table(page) == engine_table(Game.from_text(MOVES))
    assert stat(page, "rounds") == "2"
    assert "pos=" not in page.url


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("?deal=S3-12", "deal"),
        ("?deal=hallo", "deal"),
        (pos_query("spider 4\nstock: -\ndone: -\n1: ZZ"), "pos"),
        (pos_query(MOVES.replace("\n1: ", "\n1: 9H 9H ")), "pos"),
        ("?pos=", "pos"),
    ],
    ids=["suits", "garbage-id", "bad-card", "too-many-copies", "empty"],
)
@pytest.mark.desktop_only
def test_a_bad_link_explains_and_leaves_the_saved_game_untouched(
    page: Page, base_url: str, device: str, query: str, kind: str
) -> None:
    open_pos(page, base_url, MOVES)
    press(page, device, card(page, 2, "7C"))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    shown = table(page)
    saved = json.loads(storage(page, "spider.game"))
    open_game(page, base_url, query)
    expected = "Der Link ist ungültig: " if kind == "deal" else "Die Stellung im Link ist fehlerhaft: "
    expect(message(page)).to_contain_text(expected)
    expect(message(page)).to_contain_text("Dein gespeichertes Spiel bleibt unverändert.")
    assert table(page) == shown
    now = json.loads(storage(page, "spider.game"))
    assert (now["game"], now["origin"]) == (saved["game"], saved["origin"])


def test_reload_restores_the_exact_game(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, MOVES)
    press(page, device, card(page, 2, "7C"))
    press(page, device, card(page, 2, "8S"))
    button(page, "Austeilen").click()
    button(page, "Zurück").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    page.wait_for_timeout(1100)
    shown = table(page)
    stats = {k: stat(page, k) for k in ("rounds", "runs", "facedown", "moves")}
    time_before = stat(page, "time")
    page.reload()
    open_game(page, page.url)
    assert table(page) == shown
    assert {k: stat(page, k) for k in stats} == stats
    assert stat(page, "time") >= time_before
    expect(button(page, "Wiederholen")).to_be_enabled()  # the redo history survived
    button(page, "Wiederholen").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("1")
    doc = json.loads(storage(page, "spider.game"))
    assert engine_table(Game.from_json(doc["game"])) == table(page)


@pytest.mark.parametrize(
    "bad",
    [
        "{kaputt",
        json.dumps({"format": "spider-page", "version": 0, "game": "{}", "clock_ms": 0,
                    "origin": None}),
        json.dumps({"format": "spider-page", "version": 1, "game": '{"format":"x"}',
                    "clock_ms": 0, "origin": None}),
    ],
    ids=["not-json", "old-version", "foreign-game"],
)
@pytest.mark.desktop_only
def test_unreadable_saved_data_is_kept_aside_and_a_new_game_starts(
    page: Page, base_url: str, bad: str
) -> None:
    open_game(page, base_url)
    seed_storage(page, "spider.game", bad)
    page.reload()
    wait_ready(page)
    expect(message(page)).to_contain_text("Der gespeicherte Spielstand ließ sich nicht lesen")
    expect(message(page)).to_contain_text("Ein neues Spiel beginnt")
    assert sum(len(v) for v in table(page)) == 54
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('spider.unreadable.'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert kept == [bad]
    assert json.loads(storage(page, "spider.game"))["version"] == 1  # the new game is saved


def test_new_game_offers_the_three_spider_levels_and_remembers_the_choice(page: Page, base_url: str) -> None:
    open_game(page, base_url)
    button(page, "Neues Spiel").click()
    chooser = dialog(page)
    for name, level in (("Spider · 1 Farbe", "Leicht"), ("Spider · 2 Farben", "Mittel"),
                        ("Spider · 4 Farben", "Schwer")):
        radio = chooser.get_by_role("radio", name=name, exact=True)
        expect(radio).to_be_visible()
        expect(radio).to_have_accessible_description(level)
    chooser.get_by_role("radio", name="Spider · 1 Farbe").check()
    chooser.get_by_role("button", name="Spielen").click()
    expect(page.locator("#deal-id")).to_contain_text("S1-")
    codes = page.locator("#board [data-card]:not([data-card=down])").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert codes and all(c.endswith("S") for c in codes)
    page.reload()
    open_game(page, page.url)
    button(page, "Neues Spiel").click()
    expect(dialog(page).get_by_role("radio", name="Spider · 1 Farbe")).to_be_checked()
    dialog(page).get_by_role("button", name="Abbrechen").click()
    expect(dialog(page)).to_have_count(0)


def test_same_cards_again_restarts_the_deal(page: Page, base_url: str, device: str) -> None:
    open_game(page, base_url, "?deal=S1-5")
    start = table(page)
    button(page, "Austeilen").click()
    assert table(page) != start
    button(page, "Gleiche Karten neu").click()
    assert table(page) == start
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(page.locator("#deal-id")).to_have_text("Spiel S1-5")


@pytest.mark.desktop_only  # the clock does not depend on the device
@pytest.mark.fresh_context  # installs Playwright's clock, which belongs to the context
def test_the_clock_runs_from_the_first_action_and_stops_while_hidden(
    page: Page, base_url: str
) -> None:
    """Under Playwright's controlled clock: time is moved on by the test, not waited for."""
    page.clock.install()
    open_game(page, base_url, "?deal=S4-8")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # from now on time moves only when told
    page.clock.run_for(5000)
    assert stat(page, "time") == "0:00"  # nothing played yet
    button(page, "Austeilen").click()
    page.clock.run_for(2000)
    expect(page.locator('[data-stat="time"]')).to_have_text("0:02")
    page.evaluate(
        "Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    hidden_at = stat(page, "time")
    page.clock.run_for(60_000)
    assert stat(page, "time") == hidden_at
    saved = json.loads(storage(page, "spider.game"))["clock_ms"]
    assert 2000 <= saved < 3000
    page.evaluate(
        "Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    page.clock.run_for(60_000)
    expect(page.locator('[data-stat="time"]')).to_have_text("1:02")
    assert column(page, 1).count() == 1
