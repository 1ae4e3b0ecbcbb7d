"""The landed site attacked (issue "Attacked: saves and statistics that stop the page or
freeze it, an import that breaks every game end, forged answer links"): damaged facts in a
saved game, hostile statistics files, forged duel answers, two tabs, a Klondike deal link's
statistics, and what the page says when only the statistics or the settings are unreadable.
Each case seeds the browser as an attacker would and checks what the player sees and what is
left in ``localStorage``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.duel_page import comparison, menu
from e2e.spider_page import Game, button, message, storage, table, text_of
from e2e.test_stats_and_daily import choose_file, fact, open_stats
from spider.duel import encode_answer, encode_challenge
from spider.klondike.levels import level_deals
from spider.stats import Stats

ASIDE = "Object.keys(localStorage).filter(k => k.startsWith('spider.unreadable.'))"


def spider_save(mode: object, game: Game | None = None) -> str:
    game = game or Game.new(deal_id="S1-7", duel=True)
    return json.dumps({"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 1000,
                       "origin": None, "mode": mode})


# The damaged facts the attacker saved, each of which stopped the start or raised later.
DAMAGED = {
    "empty duel": {"duel": {}},
    "device without names": {"duel": {"way": "device"}},
    "computer result not a dict": {"duel": {"way": "computer", "result": "x"}},
    "hints not a number": {"hints": "abc"},
    "pace not a pace": {"duel": {"way": "computer", "pace": "fast"}},
    "garbage cpu, ended": {"duel": {"way": "computer", "cpu": "garbage", "cpu_done": True, "ended": True}},
    "garbage challenge, ended": {"duel": {"way": "link", "challenge": "1.S1-7.x", "ended": True}},
    "unknown key": {"level": "normal", "mode": 1},
}


@pytest.mark.desktop_only
@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_saved_game_with_damaged_facts_is_kept_aside_and_a_new_game_starts(
        page: Page, base_url: str, case: str) -> None:
    raw = spider_save(DAMAGED[case])
    open_game(page, base_url)
    page.evaluate("v => localStorage.setItem('spider.game', v)", raw)
    page.reload()
    wait_ready(page)
    expect(message(page)).to_have_attribute("data-key", "ui.save.unreadable")
    kept = page.evaluate(ASIDE)
    assert len(kept) == 1 and storage(page, kept[0]) == raw
    assert sum(len(c) for c in table(page)) == 54  # a fresh deal
    page.keyboard.press("h")  # and the page goes on: a hint, a few ticks of the clock
    page.wait_for_timeout(400)
    expect(message(page)).not_to_have_attribute("data-key", "ui.save.unreadable")


@pytest.mark.desktop_only
def test_a_saved_game_of_unterminated_escaped_quotes_does_not_freeze_the_start(
        page: Page, base_url: str) -> None:
    """The nesting check was quadratic: a 40 KB save delayed the start by 40 s; at the
    storage's own size it would have hung for hours. Now it is refused at once."""
    open_game(page, base_url)
    page.evaluate("localStorage.setItem('spider.game', '\"' + '\\\\\"'.repeat(400000))")
    page.reload()
    wait_ready(page, timeout=30)
    expect(message(page)).to_have_attribute("data-key", "ui.save.unreadable")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.desktop_only
def test_a_statistics_file_the_page_cannot_show_is_refused_and_games_still_count(
        page: Page, base_url: str, tmp_path: Path) -> None:
    record = json.loads(Stats.empty().to_json())
    one = {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_time_ms": None, "fewest_moves": None,
           "won_time_ms": 0, "hints": 0, "undos": 0, "last": [],
           "duels": {w: [0, 0, 0] for w in ("computer", "link", "device")}, "daily": {},
           "best_daily_streak": 0}
    unknown = {**record, "records": {f"zz-{n}": one for n in range(32)}}
    doubled = json.dumps(record)[:-1] + ', "records": {}}'
    open_game(page, base_url, "?deal=S1-5")
    box = open_stats(page)
    for name, text in (("unknown.json", json.dumps(unknown)), ("doubled.json", doubled)):
        choose_file(page, box, write(tmp_path, name, text))
        expect(message(page)).to_have_attribute("data-key", "stats.import.refused")
    box.get_by_role("button", name=text_of("ui.close")).click()
    # a game's end still records (it raised "too many statistics keys" after such an import)
    button(page, text_of("ui.btn.deal")).click()
    button(page, text_of("ui.btn.new")).click()
    page.locator("dialog#newgame[open]").get_by_role("button", name=text_of("ui.new.start")).click()
    assert Stats.from_json(storage(page, "spider.stats")).get("spider-1").played == 1


@pytest.mark.desktop_only
def test_a_forged_answer_does_not_rewrite_the_challengers_result_or_count(page: Page, base_url: str) -> None:
    """The challenger never sent this challenge (its result is made up): it is shown as
    two strangers' results, not as the challenger's own, and not counted."""
    ann = Game.new(deal_id="S1-5", duel=True)
    challenge = encode_challenge(ann, "Ann", 90_000)
    from spider.duel import decode_challenge

    bo = Game.new(deal_id="S1-5", duel=True)
    bo.play(bo.hint().move)
    answer = encode_answer(decode_challenge(challenge), bo, "Bo", 60_000)
    open_game(page, base_url, "?duel=" + answer)
    comparison(page)
    expect(message(page)).to_have_attribute("data-key", "duel.answer.not_sent")
    assert storage(page, "spider.stats") is None or Stats.from_json(storage(page, "spider.stats")).get(
        "spider-1").duel_counts("link") == (0, 0, 0)
    assert page.locator('dialog#duelresult [data-duel="me"]').inner_text() == "Ann"  # not "Du"


@pytest.mark.desktop_only
def test_two_tabs_never_erase_each_others_recorded_games(
        new_context: Callable[..., BrowserContext], base_url: str) -> None:
    context = new_context("desktop")
    a, b = context.new_page(), context.new_page()
    open_game(a, base_url, "?deal=S1-5")
    open_game(b, base_url, "?deal=K1-5")
    for page in (a, b):
        if page is a:
            button(page, text_of("ui.btn.deal")).click()
        else:
            page.locator('#board [data-pile="stock"]').click()
        button(page, text_of("ui.btn.new")).click()
        page.locator("dialog#newgame[open]").get_by_role("button", name=text_of("ui.new.start")).click()
    stats = Stats.from_json(storage(a, "spider.stats"))
    assert stats.get("spider-1").played == 1
    assert sum(stats.get(k).played for k in stats.records if k.startswith("klondike-1")) == 1


@pytest.mark.desktop_only
def test_a_klondike_deal_links_game_counts_where_the_dialog_shows_it(page: Page, base_url: str) -> None:
    normal = level_deals(1, "normal")[0]
    open_game(page, base_url, f"?deal={normal}")
    page.locator('#board [data-pile="stock"]').click()
    button(page, text_of("ui.btn.new")).click()
    page.locator("dialog#newgame[open]").get_by_role("button", name=text_of("ui.new.start")).click()
    box = open_stats(page)
    box.locator("#stats-key").select_option("klondike-1-normal")
    expect(fact(box, "played")).to_have_text("1")
    box.get_by_role("button", name=text_of("ui.close")).click()
    open_game(page, base_url, "?deal=K1-999999")  # on no level list: its own visible row
    page.locator('#board [data-pile="stock"]').click()
    button(page, text_of("ui.btn.new")).click()
    page.locator("dialog#newgame[open]").get_by_role("button", name=text_of("ui.new.start")).click()
    box = open_stats(page)
    box.locator("#stats-key").select_option("klondike-1-any")
    expect(fact(box, "played")).to_have_text("1")
    expect(box.locator('#stats-key option[value="klondike-1-any"]')).to_have_text(
        text_of("stats.key.klondike", n=1, level=text_of("stats.level.any")))


@pytest.mark.desktop_only
def test_unreadable_settings_are_named_and_the_klondike_game_is_resumed(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    page.locator('#board [data-pile="stock"]').click()
    kept = storage(page, "spider.game.klondike")
    page.evaluate("localStorage.setItem('spider.settings', '{broken')")
    page.reload()
    wait_ready(page)
    expect(message(page)).to_have_attribute("data-key", "ui.settings.unreadable")
    expect(page.locator("#board")).to_have_attribute("data-game", "klondike")
    # Resumed unchanged: the same game (the clock ran on until the page was left).
    assert json.loads(storage(page, "spider.game.klondike"))["game"] == json.loads(kept)["game"]
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")


@pytest.mark.desktop_only
def test_unreadable_statistics_are_named_and_the_saved_game_is_resumed(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=S1-5")
    button(page, text_of("ui.btn.deal")).click()
    page.evaluate("localStorage.setItem('spider.stats', '[[[')")
    page.reload()
    wait_ready(page)
    expect(message(page)).to_have_attribute("data-key", "ui.stats.unreadable")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    menu(page, "ui.menu.stats")  # the page goes on
