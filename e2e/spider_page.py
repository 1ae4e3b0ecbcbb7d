"""What the page tests do as a person would: press cards, drag, hold, read the table.

Positions come from the engine tests' builder (``tests/positions.py``) and go to the page
as ``?pos=`` links; expected refusal reasons and hints come from the engine itself, so a
test checks that the page shows what the engine says, not a copy of its wording.
"""

from __future__ import annotations

import json
import sys
import urllib.parse
from typing import Any

from playwright.sync_api import FloatRect, Locator, Page, expect

from e2e.conftest import ROOT, open_game

sys.path.insert(0, str(ROOT))
from spider import Game
from tests.positions import build

__all__ = ["Game", "build"]

LONG_PRESS_MS = 800


def pos_query(text: str) -> str:
    return "?pos=" + urllib.parse.quote(text, safe="")


def open_pos(page: Page, base_url: str, text: str) -> None:
    open_game(page, base_url, pos_query(text))


def column(page: Page, n: int) -> Locator:
    return page.locator(f'#board [data-col="{n}"]')


def card(page: Page, n: int, code: str) -> Locator:
    return column(page, n).locator(f'[data-card="{code}"]')


def cards(page: Page, n: int) -> list[str]:
    """``data-card`` of every card in column ``n``, furthest first (``down`` for hidden)."""
    return column(page, n).locator("[data-card]").evaluate_all(
        "els => els.map(e => e.getAttribute('data-card'))"
    )


def table(page: Page) -> list[list[str]]:
    return [cards(page, n) for n in range(1, 11)]


def engine_table(game: Game) -> list[list[str]]:
    return [["down"] * c.down + list(c.up) for c in game.columns]


def stat(page: Page, name: str) -> str:
    return page.locator(f'[data-stat="{name}"]').inner_text()


def message(page: Page) -> Locator:
    return page.locator("#msg")


def button(page: Page, name: str) -> Locator:
    return page.locator("#tools").get_by_role("button", name=name)


def dialog(page: Page) -> Locator:
    return page.locator("dialog[open]")


def _strip(box: FloatRect) -> tuple[float, float]:
    """A point on a card's visible corner strip (cards overlap below it)."""
    return box["x"] + min(12.0, box["width"] / 3), box["y"] + 5


def _box(target: Locator) -> FloatRect:
    """Where ``target`` rests: after its own move animations (undo, deal, a move) end,
    so a press is not aimed at a card still in flight."""
    target.evaluate("n => Promise.all(n.getAnimations().map(a => a.finished))")
    box = target.bounding_box()
    assert box is not None, "nothing to press"
    return box


def press(page: Page, device: str, target: Locator) -> None:
    """Tap (phone) or click (desktop) the visible corner of a card or a spot on a column."""
    box = _box(target)
    x, y = _strip(box)
    if device == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


class _Finger:
    """One touch point sent through CDP (one session for the whole gesture)."""

    def __init__(self, page: Page) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, x: float = 0, y: float = 0) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def close(self) -> None:
        self.cdp.detach()


def drag(page: Page, device: str, source: Locator, target: Locator) -> None:
    """Drag a card by its corner and let go over the middle of ``target``."""
    sbox, tbox = _box(source), _box(target)
    x0, y0 = _strip(sbox)
    x1, y1 = tbox["x"] + tbox["width"] / 2, tbox["y"] + min(tbox["height"] / 2, 120)
    steps = 8
    if device == "phone":
        finger = _Finger(page)
        finger.send("touchStart", x0, y0)
        for i in range(1, steps + 1):
            finger.send("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
            page.wait_for_timeout(16)
        finger.send("touchEnd")
        finger.close()
    else:
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x1, y1, steps=steps)
        page.mouse.up()


def long_press(page: Page, device: str, target: Locator) -> None:
    """Hold a finger (phone) or the mouse button (desktop) on ``target`` for ~0.8 s."""
    x, y = _strip(_box(target))
    if device == "phone":
        finger = _Finger(page)
        finger.send("touchStart", x, y)
        page.wait_for_timeout(LONG_PRESS_MS)
        finger.send("touchEnd")
        finger.close()
    else:
        page.mouse.move(x, y)
        page.mouse.down()
        page.wait_for_timeout(LONG_PRESS_MS)
        page.mouse.up()


def storage(page: Page, key: str) -> Any:
    return page.evaluate("k => localStorage.getItem(k)", key)


def seed_storage(page: Page, key: str, value: str) -> None:
    """Write ``key`` once, at the start of the next page load: after the running page has
    saved on its way out, before the game reads its storage."""
    page.add_init_script(
        "if (!sessionStorage.getItem('__seeded')) {"
        f" localStorage.setItem({json.dumps(key)}, {json.dumps(value)});"
        " sessionStorage.setItem('__seeded', '1'); }"
    )


def refusal(game: Game, action: Any) -> str:
    """The engine's reason for refusing ``action(game)`` (what the page must show)."""
    from spider import IllegalMove

    try:
        action(game)
    except IllegalMove as e:
        return e.reason
    raise AssertionError("the engine accepted the action")


# Positions several test files open through ?pos= links.
WON = build(
    ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "", "", "", "", "", "", "", ""],
    done="S H H D D C C",
)
# Stock empty, no empty column, no card fits another: tapping 9C onto TD makes it so.
BEFORE_STUCK = build(
    ["2D KD AD", "2C KC AC", "4D QD 3D", "4C QC 3C", "6D JD 5D", "6C JC 5C", "8D TD",
     "8C TC 7D", "7C 9C", "9D"],
    done="S S H H D C",
)
# Lost although three moves remain (test_verdict.py checks it with the engine's solver).
LOST = "\n".join([
    "spider 4", "stock: -", "done: S S H H D C",
    "1: 6C", "2: 7C 4C 8D", "3: 2C 4D KD", "4: JC 9D 9C JD", "5: 2D TC TD", "6: 3D",
    "7: 7D QC AD", "8: 3C 5D 5C", "9: AC 8C 6D", "10: QD KC",
])


# ---------------------------------------------------------------- more helpers (issue A/B tests)

_before_load_n = 0


def before_load(page: Page, script: str) -> None:
    """Run ``script`` (JavaScript) once, at the start of the next load of ``page``: before the
    page's own scripts, after the running page saved on its way out. Any number may be queued;
    each runs once (a sessionStorage mark per script)."""
    global _before_load_n
    _before_load_n += 1
    mark = json.dumps(f"__before_load.{_before_load_n}")
    page.add_init_script(
        f"if (window.top === window && !sessionStorage.getItem({mark})) {{"
        f" sessionStorage.setItem({mark}, '1'); {script}\n}}"
    )


def text_of(key: str, lang: str = "de", **values: Any) -> str:
    """The catalog's sentence for ``key`` (what the page must show in ``lang``)."""
    from spider.texts import text

    return text(key, lang, **values)


def msg_key(page: Page) -> str | None:
    """The catalog key ``#msg`` shows (``data-key``), ``None`` when it shows no single message."""
    return message(page).get_attribute("data-key")


def notice(page: Page, kind: str | None = None) -> Locator:
    """The notice bar (``#notice``), showing ``kind`` (``data-notice``) when given."""
    return page.locator("#notice" if kind is None else f'#notice[data-notice="{kind}"]')


def open_settings(page: Page, lang: str = "de") -> Locator:
    """Open ⚙ (the header's settings button) and return the dialog."""
    page.locator("#menu").get_by_role("button", name=text_of("ui.settings.title", lang)).click()
    box = dialog(page)
    expect(box.get_by_role("heading", name=text_of("ui.settings.title", lang))).to_be_visible()
    return box


class Drag:
    """A drag in progress, as a person does it: press on a card, move, (look), let go."""

    def __init__(self, page: Page, device: str, source: Locator) -> None:
        self.page, self.device = page, device
        self.x, self.y = _strip(_box(source))
        self.finger = _Finger(page) if device == "phone" else None
        if self.finger is not None:
            self.finger.send("touchStart", self.x, self.y)
        else:
            page.mouse.move(self.x, self.y)
            page.mouse.down()

    def over(self, target: Locator, steps: int = 8) -> None:
        """Move to the middle of ``target`` (its upper part for a tall column)."""
        box = target.bounding_box()
        assert box is not None, "nothing to drag over"
        x1, y1 = box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 120)
        x0, y0 = self.x, self.y
        for i in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            if self.finger is not None:
                self.finger.send("touchMove", x, y)
            else:
                self.page.mouse.move(x, y)
        self.x, self.y = x1, y1

    def release(self) -> None:
        if self.finger is not None:
            self.finger.send("touchEnd")
            self.finger.close()
        else:
            self.page.mouse.up()


def luminance(rgb: tuple[float, float, float]) -> float:
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two opaque colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def won_deal_save() -> tuple[str, Game, str, Any]:
    """S1-4 saved one move short of the win, so the result has a deal ID: the solver's line,
    found with every card shown to it (the page's game only knows what its play turned up).
    Returns the deal, the game, the page's saved document (``spider.game``) and the last move."""
    from spider import solve

    deal = "S1-4"
    seer = Game.new(deal_id=deal)
    seer.known_down, seer.known_stock = seer.down[:], len(seer.stock)
    line = solve(seer, 100_000).line
    game = Game.new(deal_id=deal)
    for move in line[:-1]:
        game.play(move)
    saved = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 61_000,
             "origin": None}
    return deal, game, json.dumps(saved), line[-1]


# ---------------------------------------------------------------- what the CSS draws (issue 18)


def settle(page: Page) -> None:
    """Wait until every animation on the page has ended and two frames were drawn (the
    table's layout after a resize or a new position)."""
    page.evaluate("""async () => {
        await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
        await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    }""")


def generated_texts(page: Page) -> list[dict[str, Any]]:
    """The text the CSS writes into ``::after`` of each card on the table, as the browser
    laid it out (DevTools' DOM snapshot: what is drawn, not the rule that draws it):
    ``{"col": "1", "text": "8", "box": (x, y, width, height)}`` per card that has one."""
    cdp = page.context.new_cdp_session(page)
    try:
        snap = cdp.send("DOMSnapshot.captureSnapshot", {"computedStyles": []})
    finally:
        cdp.detach()
    strings = snap["strings"]
    nodes = snap["documents"][0]["nodes"]
    layout = snap["documents"][0]["layout"]
    parent = nodes["parentIndex"]
    pseudo = {i for i, v in zip(nodes["pseudoType"]["index"], nodes["pseudoType"]["value"], strict=True)
              if strings[v] == "after"} if "pseudoType" in nodes else set()

    def attrs(i: int) -> dict[str, str]:
        flat = nodes["attributes"][i]
        return {strings[flat[k]]: strings[flat[k + 1]] for k in range(0, len(flat), 2)}

    found: dict[int, dict[str, Any]] = {}
    for node, text, box in zip(layout["nodeIndex"], layout["text"], layout["bounds"], strict=True):
        if text < 0 or not strings[text].strip():
            continue
        after = node if node in pseudo else parent[node] if parent[node] in pseudo else None
        if after is None:
            continue
        host = parent[after]
        if "data-card" not in attrs(host):
            continue
        if host not in found:  # (the pseudo-element and its text are laid out alike)
            found[host] = {"col": attrs(parent[host]).get("data-col"), "card": attrs(host)["data-card"],
                           "text": strings[text], "box": tuple(box)}
    return list(found.values())
