"""The modal dialogs: new game (difficulty), won, stuck. Built on first use, so nothing
of them costs time before the first board. Their buttons carry ``data-action`` and are
handled by the app like every other button."""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..cards import SUIT_LETTERS, SUIT_SYMBOLS
from .dom import absent, byid, clock_text, el, listen, tr

LEVELS = (1, 2, 4)


def _dialog(ident: str, title: str) -> tuple[Any, Any]:
    d = el("dialog", f"dlg {ident}", id=ident, aria_labelledby=f"{ident}-title")
    d.append(el("h2", "", title, id=f"{ident}-title"))
    body = el("div", "dlg-body")
    d.append(body)
    byid("table").append(d)
    listen(d, "pointerdown", lambda e: _mark_outside(d, e))
    listen(d, "click", lambda e: _close_outside(d, e))
    return d, body


def _outside(d: Any, e: Any) -> bool:
    r = d.getBoundingClientRect()
    return not (r.left <= e.clientX <= r.right and r.top <= e.clientY <= r.bottom)


def _mark_outside(d: Any, e: Any) -> None:
    d.setAttribute("data-outside", "1" if e.target.isSameNode(d) and _outside(d, e) else "")


def _close_outside(d: Any, e: Any) -> None:
    if e.target.isSameNode(d) and d.getAttribute("data-outside") == "1" and _outside(d, e):
        d.close()


def _buttons(*specs: tuple[str, str, bool]) -> Any:
    row = el("div", "actions")
    for action, label, primary in specs:
        row.append(el("button", "primary" if primary else "", label, type="button", data_action=action))
    return row


class Dialogs:
    def __init__(self) -> None:
        self._new: Any = None
        self._won: Any = None
        self._stuck: Any = None

    def any_open(self) -> bool:
        return not absent(document.querySelector("dialog[open]"))

    def close_all(self) -> None:
        for d in (self._new, self._won, self._stuck):
            if d is not None and d.open:
                d.close()

    # ------------------------------------------------------------------ new game
    def open_new(self, suits: int) -> None:
        if self._new is None:
            d, body = _dialog("newgame", tr("ui.new.title"))
            fs = el("fieldset", "levels")
            fs.append(el("legend", "", tr("ui.new.legend")))
            for n in LEVELS:
                label = el("label", "level")
                radio = el("input", "", type="radio", name="level", value=str(n))
                text = el("span", "lv")
                text.append(el("b", "", tr(f"ui.new.level.{n}")), el("small", "", tr(f"ui.new.suits.{n}")))
                label.append(radio, text)
                fs.append(label)
            body.append(fs)
            d.append(_buttons(("new-cancel", tr("ui.cancel"), False),
                              ("new-start", tr("ui.new.start"), True)))
            self._new = d
        radio = self._new.querySelector(f'input[value="{suits}"]')
        radio.checked = True
        self._new.showModal()
        radio.focus()

    def chosen_suits(self) -> int:
        checked = self._new.querySelector("input[name=level]:checked")
        return 4 if absent(checked) else int(checked.value)

    def close_new(self) -> None:
        if self._new is not None:
            self._new.close()

    # ------------------------------------------------------------------ won
    def open_won(self, game: Any, ms: float) -> None:
        if self._won is None:
            d, body = _dialog("won", tr("ui.won.title"))
            body.append(el("p", "", tr("ui.won.text")))
            dl = el("dl", "facts")
            self._won_values: dict[str, Any] = {}
            for key in ("time", "moves", "runs", "score", "deal"):
                dl.append(el("dt", "", tr(f"ui.won.{key}")))
                dd = el("dd")
                value = el("span", "", "", data_won=key)
                dd.append(value)
                dl.append(dd)
                self._won_values[key] = value
            # Inside the <dd>, after the value: a <dl> may hold only dt/dd groups (axe).
            copy = el("button", "copy", tr("ui.won.copy"), type="button", data_action="copy-id")
            self._won_values["deal"].after(copy)
            body.append(dl)
            d.append(
                _buttons(
                    ("close-dialog", tr("ui.close"), False),
                    ("won-restart", tr("ui.btn.restart"), False),
                    ("won-new", tr("ui.btn.new"), True),
                )
            )
            self._won = d
        v = self._won_values
        v["time"].textContent = clock_text(ms)
        v["moves"].textContent = str(game.moves_count)
        v["runs"].textContent = runs_text(game.suits, game.completed_suits)
        v["score"].textContent = str(game.score)
        v["deal"].textContent = game.deal_id or tr("ui.deal_id.none")
        self._won.querySelector(".copy").hidden = not game.deal_id
        if not self._won.open:
            self._won.showModal()

    def close_won(self) -> None:
        if self._won is not None and self._won.open:
            self._won.close()

    # ------------------------------------------------------------------ stuck
    def open_stuck(self) -> None:
        if self._stuck is None:
            d, body = _dialog("stuck", tr("ui.stuck.title"))
            body.append(el("p", "", tr("ui.stuck.text")))
            d.append(
                _buttons(
                    ("stuck-undo", tr("ui.stuck.undo"), True),
                    ("stuck-restart", tr("ui.btn.restart"), False),
                    ("stuck-new", tr("ui.btn.new"), False),
                )
            )
            self._stuck = d
        if not self._stuck.open:
            self._stuck.showModal()

    def close_stuck(self) -> None:
        if self._stuck is not None and self._stuck.open:
            self._stuck.close()


def runs_text(suits: int, done: tuple[str, ...]) -> str:
    """``♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)`` for the suits in play.

    >>> runs_text(2, ("S", "H", "S"))
    '♠ 2 · ♥ 1 (3/8)'
    """
    letters = SUIT_LETTERS[: suits if suits in (1, 2, 4) else 4]
    parts = [f"{SUIT_SYMBOLS[SUIT_LETTERS.index(s)]} {done.count(s)}" for s in letters]
    return f"{' · '.join(parts)} ({len(done)}/8)"
