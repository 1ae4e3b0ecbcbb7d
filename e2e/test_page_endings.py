"""The two endings, reached through position links: all eight runs, and no move left."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.conftest import open_game
from e2e.spider_page import (
    BEFORE_STUCK,
    WON,
    Game,
    card,
    cards,
    column,
    dialog,
    drag,
    engine_table,
    message,
    open_pos,
    press,
    seed_storage,
    table,
    won_deal_save,
)


def test_the_eighth_run_opens_the_result_dialog(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, WON)
    game = Game.from_text(WON)
    game.play(game.tap(1, 0))
    press(page, device, card(page, 2, "AS"))
    box = dialog(page)
    expect(box.get_by_role("heading", name="Gewonnen!")).to_be_visible()
    expect(box.locator('[data-won="runs"]')).to_have_text("♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)")
    expect(box.locator('[data-won="moves"]')).to_have_text("1")
    expect(box.locator('[data-won="score"]')).to_have_text(str(game.score))
    expect(box.locator('[data-won="time"]')).to_have_text("0:00")
    expect(box.locator('[data-won="deal"]')).to_have_text("Stellung aus einem Link")
    expect(page.locator('[data-stat="runs"]')).to_have_text("8/8")
    # The player decides what comes next: close, and the won table stays.
    box.get_by_role("button", name="Schließen").click()
    expect(dialog(page)).to_have_count(0)
    assert table(page) == [[]] * 10


def test_result_dialog_offers_the_same_cards_again(page: Page, base_url: str) -> None:
    open_pos(page, base_url, WON)
    page.locator('[data-col="2"] [data-card="AS"]').click(position={"x": 8, "y": 5})
    dialog(page).get_by_role("button", name="Gleiche Karten neu").click()
    expect(dialog(page)).to_have_count(0)
    assert table(page) == engine_table(Game.from_text(WON))
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")


def test_no_move_left_opens_the_stuck_dialog_with_three_ways_out(
    page: Page, base_url: str, device: str
) -> None:
    open_pos(page, base_url, BEFORE_STUCK)
    start = table(page)
    press(page, device, card(page, 9, "9C"))
    box = dialog(page)
    expect(box.get_by_role("heading", name="Keine Züge mehr")).to_be_visible()
    for name in ("Letzten Zug zurücknehmen", "Gleiche Karten neu", "Neues Spiel"):
        expect(box.get_by_role("button", name=name)).to_be_visible()
    box.get_by_role("button", name="Letzten Zug zurücknehmen").click()
    expect(dialog(page)).to_have_count(0)
    assert table(page) == start
    press(page, device, card(page, 9, "9C"))
    dialog(page).get_by_role("button", name="Gleiche Karten neu").click()
    expect(dialog(page)).to_have_count(0)
    assert table(page) == start
    press(page, device, card(page, 9, "9C"))
    dialog(page).get_by_role("button", name="Neues Spiel").click()
    chooser = dialog(page)
    expect(chooser.get_by_role("heading", name="Neues Spiel")).to_be_visible()
    chooser.get_by_role("button", name="Spielen").click()
    expect(dialog(page)).to_have_count(0)
    assert sum(len(cards(page, n)) for n in range(1, 11)) == 54


def test_a_won_deal_shows_its_id_and_the_copy_button_puts_it_on_the_clipboard(
    page: Page, base_url: str, device: str
) -> None:
    """A whole deal won, so the result has a deal ID: the saved game is S1-4 one move short
    of the win (the solver's line, found with every card shown to it; the page's game only
    knows what its play turned up), and the player makes the last move by dragging."""
    deal, game, saved, last = won_deal_save()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    seed_storage(page, "spider.game", saved)
    open_game(page, base_url)
    block = game.columns[last.src].up[-last.count]
    drag(page, device, card(page, last.src + 1, block), column(page, last.dst + 1))
    box = dialog(page)
    expect(box.get_by_role("heading", name="Gewonnen!")).to_be_visible()
    expect(box.locator('[data-won="deal"]')).to_have_text(deal)
    expect(box.locator('[data-won="moves"]')).to_have_text(str(game.moves_count + 1))
    box.get_by_role("button", name="Kennung kopieren").click()
    expect(message(page)).to_have_text(f"Die Kennung {deal} ist kopiert.")
    assert page.evaluate("navigator.clipboard.readText()") == deal
