"""Issue A, as an attacker and a new player would try it: saved data that is hostile,
storage that is blocked or full, two tabs on one game, links that replace, disagree or are
far too long. Each test seeds its browser before the page's first script runs and then
asserts what a person sees (the message line, the notice bar, the table) and what is left
in ``localStorage``."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.spider_page import (
    Game,
    before_load,
    build,
    button,
    dialog,
    engine_table,
    message,
    notice,
    open_pos,
    pos_query,
    stat,
    storage,
    table,
    text_of,
)
from spider.web.links import quoted

ASIDE = "Object.keys(localStorage).filter(k => k.startsWith('spider.unreadable.'))"


def _settings(**changes: object) -> str:
    doc = {"format": "spider-settings", "version": 2, "game": "spider", "suits": 4, "draw": 1,
           "level": "normal", "four_color": False, "lenient_deal": False, "points": False,
           "lang": None, "time_limit": 0}
    return json.dumps({**doc, **changes})


# key, a JavaScript expression for the stored text (the real text is 10,000 characters)
HOSTILE = {
    "game nested 10,000 deep": ("spider.game", "'['.repeat(10000)"),
    "settings nested 10,000 deep": ("spider.settings", "'['.repeat(10000)"),
    "settings suits true": ("spider.settings", json.dumps(_settings(suits=True))),
    "settings suits 2.0": ("spider.settings", json.dumps(_settings(suits=2).replace('s": 2,', 's": 2.0,'))),
}


@pytest.mark.desktop_only
def test_hostile_saved_data_is_kept_aside_and_a_new_game_starts(page: Page, base_url: str) -> None:
    """Deep nesting would raise RecursionError in json.loads at every start; `true` and `2.0`
    pass a check that compares with ``in (1, 2, 4)``. None of them may stop the page or get
    lost."""
    first = True
    for case, (key, value) in HOSTILE.items():
        before_load(page, f"localStorage.clear(); localStorage.setItem({json.dumps(key)}, {value});")
        if first:
            page.goto(base_url)
            first = False
        else:
            page.reload()
        wait_ready(page)
        raw = page.evaluate(value)
        kept = page.evaluate(ASIDE)
        assert len(kept) == 1, (case, kept)
        assert storage(page, kept[0]) == raw, case  # byte for byte
        expect(message(page)).to_contain_text("ließ sich nicht lesen")
        expect(message(page)).to_contain_text(f"„{kept[0]}“")
        expect(message(page)).to_contain_text("Ein neues Spiel beginnt")
        assert sum(len(c) for c in table(page)) == 54, case
        expect(page.locator("#deal-id")).to_contain_text("S4-")  # the default, not suits=True/2.0
        saved = json.loads(storage(page, "spider.game"))
        assert saved["version"] == 1 and Game.from_json(saved["game"]).suits == 4, case
        if key == "spider.settings":  # the defaults are written back, with exact types
            settings = json.loads(storage(page, "spider.settings"))
            assert settings["suits"] == 4 and type(settings["suits"]) is int, case


BLOCKED_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});
"""


@pytest.mark.desktop_only
def test_blocked_storage_plays_and_says_once_that_it_cannot_save(
    page: Page, base_url: str, device: str
) -> None:
    page.add_init_script(BLOCKED_STORAGE)
    open_game(page, base_url, "?deal=S1-5")
    assert page.evaluate("(() => { try { localStorage; return 'open'; } catch (e) { return e.name; } })()") \
        == "SecurityError"
    off = text_of("ui.save.off")
    expect(message(page)).to_contain_text(off)
    assert message(page).inner_text().count(off) == 1
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("4")
    expect(message(page)).to_have_attribute("data-key", "ui.dealt")  # said once, not again
    button(page, "Zurück").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("5")
    assert off not in message(page).inner_text()
    # hiding the page (which saves) says nothing either
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    expect(message(page)).to_have_attribute("data-key", "ui.undone")


# 3 million characters of junk where the game should be, and the rest of the origin's
# quota filled (100,000-character pieces until the browser refuses one): copying the junk
# aside cannot work.
FULL_STORAGE = """
localStorage.clear();
localStorage.setItem('spider.game', '{' + 'x'.repeat(3000000));
for (let i = 0; i < 200; i += 1) {
  try { localStorage.setItem('zz.filler.' + i, 'f'.repeat(100000)); } catch (e) { break; }
}
"""
JUNK_INTACT = "localStorage.getItem('spider.game') === '{' + 'x'.repeat(3000000)"


@pytest.mark.desktop_only
def test_unreadable_save_too_big_to_copy_is_left_alone_until_the_player_discards_it(
    page: Page, base_url: str
) -> None:
    before_load(page, FULL_STORAGE)
    open_game(page, base_url)
    assert page.evaluate(ASIDE) == []  # it could not be copied …
    assert page.evaluate(JUNK_INTACT)  # … so it is where it was
    said = message(page)
    expect(said).to_contain_text("ließ sich nicht lesen")
    expect(said).to_contain_text("und nicht beiseitelegen; er bleibt unverändert unter „spider.game“")
    expect(said).to_contain_text("wird aber nicht gespeichert")
    bar = notice(page, "unreadable")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text(text_of("ui.save.blocked"))
    # playing does not write over it, nor does leaving and coming back
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert page.evaluate(JUNK_INTACT)
    page.reload()
    wait_ready(page)
    assert page.evaluate(JUNK_INTACT)
    expect(message(page)).to_contain_text("nicht beiseitelegen")
    # the player lets it go: it is removed, and saving works again
    notice(page, "unreadable").get_by_role("button", name="Alte Daten verwerfen und speichern").click()
    expect(notice(page)).to_be_hidden()
    saved = json.loads(storage(page, "spider.game"))
    assert engine_table(Game.from_json(saved["game"])) == table(page)
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert Game.from_json(json.loads(storage(page, "spider.game"))["game"]).moves_count == 1
    assert page.evaluate(ASIDE) == []


def _tab(context: BrowserContext, base_url: str, query: str = "") -> Page:
    tab = context.new_page()
    open_game(tab, base_url, query)
    return tab


@pytest.mark.desktop_only
def test_two_tabs_never_overwrite_each_other_unasked(
    device: str, new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    context = new_context(device)
    a = _tab(context, base_url, "?deal=S1-5")
    button(a, "Austeilen").click()
    expect(a.locator('[data-stat="moves"]')).to_have_text("1")
    b = _tab(context, base_url)  # resumes the same game
    assert table(b) == table(a)
    button(b, "Austeilen").click()
    expect(b.locator('[data-stat="moves"]')).to_have_text("2")
    b_saved = storage(b, "spider.game")
    b_table = table(b)

    conflict = notice(a, "conflict")
    expect(conflict).to_be_visible()
    expect(conflict).to_contain_text(text_of("ui.tabs.changed"))
    # A plays on and is hidden: B's game stays as B left it
    button(a, "Zurück").click()
    expect(a.locator('[data-stat="moves"]')).to_have_text("0")
    a.evaluate(
        "Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'));"
        "window.dispatchEvent(new PageTransitionEvent('pagehide'));"
        "Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'));"
    )
    assert storage(a, "spider.game") == b_saved
    # "Neueren Stand übernehmen": A shows B's game
    conflict.get_by_role("button", name="Neueren Stand übernehmen").click()
    expect(notice(a)).to_be_hidden()
    expect(a.locator('[data-stat="moves"]')).to_have_text("2")
    assert table(a) == b_table
    expect(message(a)).to_have_attribute("data-key", "ui.tabs.taken")

    # B plays on again; this time A keeps its own game, knowingly
    button(b, "Zurück").click()
    expect(b.locator('[data-stat="moves"]')).to_have_text("1")
    expect(notice(a, "conflict")).to_be_visible()
    assert storage(a, "spider.game") == storage(b, "spider.game")
    notice(a, "conflict").get_by_role("button", name="Hier weiterspielen").click()
    expect(notice(a)).to_be_hidden()
    mine = Game.from_json(json.loads(storage(a, "spider.game"))["game"])
    assert engine_table(mine) == table(a) == b_table and mine.moves_count == 2
    expect(notice(b, "conflict")).to_be_visible()  # and now B is the one told


MOVES = build(
    ["* 9H", "* 8S 7C", "* 8C", "* 8S", "* 9S 7S", "* 3H", "* AD", "* KD", "* 6D 5D 4D", "* JS"],
    stock_rows=2,
)
PREVIOUS = "Vorheriges Spiel fortsetzen"


def _facts(page: Page) -> tuple[list[list[str]], str, str, str]:
    return table(page), stat(page, "moves"), stat(page, "rounds"), page.locator("#deal-id").inner_text()


@pytest.mark.desktop_only
def test_a_link_replaces_the_running_game_but_keeps_it(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=S1-5")
    button(page, "Austeilen").click()
    button(page, "Austeilen").click()
    button(page, "Zurück").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    mine = _facts(page)

    open_game(page, base_url, "?deal=S2-31415")
    assert table(page) == engine_table(Game.new(deal_id="S2-31415"))
    expect(message(page)).to_contain_text(text_of("ui.previous.kept"))
    offer = notice(page, "previous")
    expect(offer).to_be_visible()
    # the new-game dialog offers it too
    button(page, "Neues Spiel").click()
    expect(dialog(page).get_by_role("button", name=f"{PREVIOUS} (Spider · 1 Farbe)")).to_be_visible()
    dialog(page).get_by_role("button", name="Abbrechen").click()
    offer.get_by_role("button", name=PREVIOUS).click()
    expect(message(page)).to_have_attribute("data-key", "ui.previous.resumed")
    expect(notice(page)).to_be_hidden()
    assert _facts(page) == mine  # exactly as it was: cards, moves, rounds, ID
    expect(button(page, "Wiederholen")).to_be_enabled()  # its history too

    # … and the link's game is now the previous one
    button(page, "Neues Spiel").click()
    dialog(page).get_by_role("button", name=f"{PREVIOUS} (Spider · 2 Farben)").click()
    expect(dialog(page)).to_have_count(0)
    assert table(page) == engine_table(Game.new(deal_id="S2-31415"))
    button(page, "Neues Spiel").click()
    dialog(page).get_by_role("button", name=f"{PREVIOUS} (Spider · 1 Farbe)").click()
    assert _facts(page) == mine

    # a position link does the same
    open_pos(page, base_url, MOVES)
    assert table(page) == engine_table(Game.from_text(MOVES))
    notice(page, "previous").get_by_role("button", name=PREVIOUS).click()
    assert _facts(page) == mine
    assert json.loads(storage(page, "spider.game"))["origin"] is None


@pytest.mark.desktop_only
def test_a_deal_beside_a_broken_position_opens_the_deal_and_names_the_broken_one(
    page: Page, base_url: str
) -> None:
    open_game(page, base_url, "?deal=S1-5")
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    saved = storage(page, "spider.game")
    open_game(page, base_url, "?deal=S2-7&" + pos_query("spider 4\nstock: -\ndone: -\n1: ZZ")[1:])
    expect(message(page)).to_contain_text("Die Stellung im Link ist fehlerhaft:")
    expect(message(page)).to_have_class("msg refusal")
    assert table(page) == engine_table(Game.new(deal_id="S2-7"))
    assert json.loads(storage(page, "spider.game"))["game"] != json.loads(saved)["game"]
    expect(notice(page, "previous")).to_be_visible()
    # The deal replaced the saved game (kept as the previous one): the message must not say
    # the saved game is unchanged in the same breath.
    expect(message(page)).not_to_contain_text("Dein gespeichertes Spiel bleibt unverändert")


def _game_in(saved: str) -> tuple[str, str | None]:
    doc = json.loads(saved)
    return doc["game"], doc["origin"]


def _game(page: Page) -> tuple[str, str | None]:
    """The saved game and its origin (the clock goes on while the page is open)."""
    return _game_in(storage(page, "spider.game"))


@pytest.mark.desktop_only
def test_two_links_are_refused_and_a_huge_one_is_quoted_briefly(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=S1-5")
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    saved = storage(page, "spider.game")
    shown = table(page)

    # a deal and a valid position: which did the player mean? Neither is opened.
    open_game(page, base_url, "?deal=S2-7&" + pos_query(MOVES)[1:])
    expect(message(page)).to_have_text(text_of("ui.link.two", deal=quoted("S2-7"), pos=quoted(MOVES)))
    expect(message(page)).to_have_class("msg refusal")
    assert table(page) == shown
    assert _game(page) == _game_in(saved)
    expect(notice(page)).to_have_count(0)  # nothing was replaced, nothing to go back to

    # 100 KB of position: the live region quotes a short part of it, not all of it
    huge = "spider 4\nstock: -\ndone: -\n1: " + "ZZ " * 34_000
    assert len(huge) > 100_000
    open_game(page, base_url, pos_query(huge))
    expect(message(page)).to_contain_text("Die Stellung im Link ist fehlerhaft:")
    assert len(message(page).inner_text()) < 300
    assert page.locator("body").inner_text().count("ZZ") < 30  # nor anywhere else on the page
    assert table(page) == shown
    assert _game(page) == _game_in(saved)
