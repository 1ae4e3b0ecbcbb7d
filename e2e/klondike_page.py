"""What the Klondike page tests do and read: open a Klondike position through ``?pos=``, find
the piles of the test contract, read the table as the engine would draw it.

Positions come from the engine tests' builder (``tests/klondike_positions.py``); expected
refusals, hints and tables come from the engine itself, so a test checks that the page shows
what the engine says. Pressing, dragging and holding are ``e2e.spider_page``'s.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator, Page

from e2e.conftest import open_game
from e2e.spider_page import _box, _strip, button, dialog, message, pos_query, press, refusal, stat, storage
from spider.core.cards import card_name, parse_card
from spider.core.messages import Msg
from spider.klondike import Game, Move
from tests.klondike_positions import build

__all__ = ["Game", "Move", "build", "button", "dialog", "message", "press", "refusal", "stat", "storage"]

SUITS = "SHDC"
DOUBLE_TAP_MS = 350  # spider/web/input.py
KEY = "spider.game.klondike"

# Stock unseen; 8S has one target (9H); the waste's 7H two (8S, 8C); KH one (the empty
# column 7); 5D two (its foundation, 6C); 6C none; the waste's 3C goes up once 7H is gone.
MOVES = build(["* 9H", "#AS * 9D 8S", "* 8C", "* KH", "* 5D", "* 6C", ""], stock="4C 2H JD",
              waste="3C 7H")
# Draw 3, seven cards in the stock, an empty waste.
DRAW3 = build(["* 9H", "#AS * 9D 8S", "* 8C", "* KH", "* 5D", "* 6C", ""],
              stock="4C 2H JD TS 7H 3C QD", draw=3)


def said(key: str, **params: Any) -> str:
    """The German sentence of catalog ``key``; ``card`` given as a code (``"8S"``) stands for
    that card's name, ``cards`` (codes, space-separated) for their names."""
    values = dict(params)
    if isinstance(values.get("card"), str):
        values["card"] = card_name(parse_card(values["card"]))
    if "cards" in values:
        values["cards"] = ", ".join(card_name(parse_card(c)).render("de") for c in values["cards"].split())
    return Msg(key, **values).render("de")


def open_kpos(page: Page, base_url: str, text: str, query: str = "") -> None:
    open_game(page, base_url, pos_query(text) + query)


def column(page: Page, n: int) -> Locator:
    return page.locator(f'#board [data-col="{n}"]')


def card(page: Page, n: int, code: str) -> Locator:
    return column(page, n).locator(f'[data-card="{code}"]')


def cards(page: Page, n: int) -> list[str]:
    """``data-card`` of every card in column ``n``, furthest first (``down`` for hidden)."""
    return column(page, n).locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def stock(page: Page) -> Locator:
    return page.locator('#board [data-pile="stock"]')


def waste(page: Page) -> Locator:
    return page.locator('#board [data-pile="waste"]')


def waste_cards(page: Page) -> list[str]:
    return waste(page).locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def foundation(page: Page, suit: str) -> Locator:
    return page.locator(f'#board [data-pile="foundation"][data-suit="{suit}"]')


def foundation_tops(page: Page) -> list[str | None]:
    """The top card of the ♠ ♥ ♦ ♣ foundations as shown (``None`` for an empty one)."""
    out: list[str | None] = []
    for s in SUITS:
        codes = foundation(page, s).locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert len(codes) <= 1, codes
        out.append(codes[0] if codes else None)
    return out


def shown(page: Page) -> dict[str, Any]:
    """The whole table as the page shows it."""
    return {"columns": [cards(page, n) for n in range(1, 8)], "waste": waste_cards(page),
            "foundations": foundation_tops(page), "stock": stock(page).get_attribute("data-count")}


def engine_shown(game: Any) -> dict[str, Any]:
    """The same, as the engine says it should be."""
    return {"columns": [["down"] * c.down + list(c.up) for c in game.columns], "waste": list(game.waste),
            "foundations": list(game.foundations), "stock": str(game.stock_count)}


def saved_game(page: Page) -> Any:
    """The Klondike game in the page's save."""
    return Game.from_json(json.loads(storage(page, KEY))["game"])


def double_press(page: Page, device: str, target: Locator) -> None:
    """A double tap (phone) or double click (desktop) on a card's visible corner."""
    x, y = _strip(_box(target))
    if device == "phone":
        page.touchscreen.tap(x, y)
        page.touchscreen.tap(x, y)
    else:
        page.mouse.dblclick(x, y)


def not_a_double_tap(page: Page) -> None:
    """Wait out the double-tap window before tapping the same card again (a person who taps
    twice slowly: two single taps)."""
    page.wait_for_timeout(DOUBLE_TAP_MS + 100)


def tool(page: Page, name: str) -> Locator:
    """A toolbar button by its accessible name (the English or German one)."""
    return button(page, name)


def moves(page: Page) -> Locator:
    return page.locator('[data-stat="moves"]')


def after(text: str, *moves_text: str) -> Game:
    """The engine's game after playing ``moves_text`` (move notation) from ``text``."""
    game = Game.from_text(text)
    for m in moves_text:
        game.play(Move.from_text(m))
    return game
