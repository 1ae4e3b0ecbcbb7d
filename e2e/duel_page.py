"""Helpers for the duel, statistics and daily-deal tests: start a duel through its dialog,
play moves on the page while an engine game mirrors them, end with Fertig, read the
comparison and the statistics.

The mirror is the engine's own ``Game`` on the same deal (``Game.new(deal_id=…, duel=True)``):
every move the page is asked to make is first worked out on the mirror (what a tap on that
card does), so the test knows the score, moves and runs the page must show.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, expect

from e2e.conftest import origin_of
from e2e.spider_page import button, column, dialog, press, text_of
from spider import Game, IllegalMove, Move


def menu(page: Page, key: str) -> Locator:
    """A header button by its catalog key (``ui.menu.duel``, ``ui.menu.daily``, ``ui.menu.stats``)."""
    return page.locator("#menu").get_by_role("button", name=text_of(key), exact=True)


def deal_id(page: Page) -> str:
    """The deal ID ``#deal-id`` shows (``Spiel S4-123``)."""
    found = re.search(r"S[124]-\d+", page.locator("#deal-id").inner_text())
    assert found, page.locator("#deal-id").inner_text()
    return found.group(0)


def start_duel(page: Page, way: str, suits: int = 1, me: str = "", other: str = "",
               level: str = "") -> Game:
    """Open Duell, choose the way, the computer's level (if given) and the suits, fill in the
    names, start. Returns the mirror."""
    menu(page, "ui.menu.duel").click()
    box = page.locator("dialog#duel[open]")
    expect(box).to_be_visible()
    box.locator(f'input[name="way"][value="{way}"]').check()
    if level:
        box.locator(f'input[name="duel-level"][value="{level}"]').check()
    box.locator(f'input[name="duel-suits"][value="{suits}"]').check()
    if me:
        box.locator("#duel-me").fill(me)
    if other:
        box.locator("#duel-other").fill(other)
    box.get_by_role("button", name=text_of("duel.btn.start")).click()
    expect(dialog(page)).to_have_count(0)
    return Game.new(deal_id=deal_id(page), duel=True)


def mirror_of_link(page: Page) -> Game:
    return Game.new(deal_id=deal_id(page), duel=True)


def _tap_move(game: Game, avoid_empty: bool = True) -> tuple[int, int, Any] | None:
    """A column, a card index and the move a tap on that card makes: the hint's move when a
    tap on its cards does it, else any tap that lays cards on a card."""
    hinted = game.hint().move
    if hinted is not None and not hinted.is_deal:
        index = len(game.columns[hinted.src].up) - hinted.count
        try:
            move = game.tap(hinted.src, game.columns[hinted.src].down + index)
        except IllegalMove:
            move = None
        if move == hinted:
            return hinted.src, game.columns[hinted.src].down + index, move
    for col, c in enumerate(game.columns):
        for i in range(len(c.up)):
            try:
                move = game.tap(col, c.down + i)
            except IllegalMove:
                continue
            if avoid_empty and not game.columns[move.dst].up:
                continue
            return col, c.down + i, move
    return None


def play(page: Page, device: str, game: Game, n: int) -> None:
    """Make ``n`` actions on the page as a player would (taps, or Austeilen when no tap lays a
    card on a card), each checked against the mirror ``game``."""
    for _ in range(n):
        found = _tap_move(game)
        if found is None:
            if not game.stock:
                found = _tap_move(game, avoid_empty=False)
                assert found is not None, "no move left to make"
            else:
                button(page, text_of("ui.btn.deal")).click()
                game.play(Move.deal())
                expect(page.locator('[data-stat="moves"]')).to_have_text(str(game.moves_count))
                continue
        col, index, move = found
        press(page, device, column(page, col + 1).locator("[data-card]").nth(index))
        game.play(move)
        expect(page.locator('[data-stat="moves"]')).to_have_text(str(game.moves_count))


def finish(page: Page) -> None:
    """Fertig in the toolbar, then Fertig in the question."""
    button(page, text_of("ui.btn.finish")).click()
    box = page.locator("dialog#confirm[open]")
    expect(box).to_contain_text(text_of("duel.finish.confirm"))
    box.get_by_role("button", name=text_of("ui.btn.finish")).click()


def comparison(page: Page) -> Locator:
    """The comparison dialog, once shown (after a computer's game played to its end, which
    may first wait for the engine's worker to start)."""
    box = page.locator("dialog#duelresult[open]")
    expect(box).to_be_visible(timeout=30_000)
    return box


def scores(page: Page) -> tuple[int, int]:
    """``data-score`` of ``[data-duel="me"]`` and ``[data-duel="them"]``."""
    box = comparison(page)
    me = box.locator('[data-duel="me"]').get_attribute("data-score")
    them = box.locator('[data-duel="them"]').get_attribute("data-score")
    assert me is not None and them is not None
    return int(me), int(them)


def names(page: Page) -> tuple[str, str]:
    box = comparison(page)
    return (box.locator('[data-duel="me"]').inner_text(), box.locator('[data-duel="them"]').inner_text())


def allow_clipboard(context: BrowserContext, base_url: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin_of(base_url))


def clipboard(page: Page) -> str:
    return str(page.evaluate("navigator.clipboard.readText()"))
