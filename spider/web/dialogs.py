"""The shell's modal dialogs: new game (which game, variant and level), won, stuck, how to
play, settings. Built on first use, so nothing of them costs time before the first board,
and removed with the chrome when the language changes. Their buttons carry
``data-action`` and are handled by the shell like every other button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pyscript import document

from ..core.registry import games
from ..texts import LANGUAGES
from ..texts.keys import family
from .dom import Bindings, absent, byid, el, obj
from .i18n import Texts
from .jsdom import Element, Event
from .options import Option, options
from .rooms import LEVEL, ROOMS, Choice, all_choices
from .storage import MAX_TIME_LIMIT, read_minutes

WON: Final = family("ui.won.{fact}", fact=("time", "moves", "runs", "score", "passes", "deal"))
SETTING: Final = family("ui.settings.{name}", name=lambda: _option_names())
SETTING_NOTE: Final = family("ui.settings.{name}.note", name=lambda: _option_names())
SETTING_CHOICE: Final = family("ui.settings.{name}.{value}",
                               name=lambda: sorted({o.name for o in options("de") if o.kind == "choice"}),
                               value=lambda name: next(o.choices for o in options("de") if o.name == name))


def _level_order(level: str) -> tuple[int, str]:
    """The levels in the order their games list them (easy, normal, hard)."""
    for info in games():
        if level in info.levels:
            return info.levels.index(level), level
    return len(level), level


def _option_names() -> list[str]:
    return sorted({o.name for lang in LANGUAGES for o in options(lang)})


class Dialogs:
    def __init__(self, tx: Texts) -> None:
        self.tx = tx
        self.bind = Bindings()
        self.nodes: dict[str, Element] = {}
        self._values: dict[str, Element] = {}

    def remove(self) -> None:
        self.bind.unbind()
        for d in self.nodes.values():
            d.remove()
        self.nodes.clear()

    # ------------------------------------------------------------------ plumbing
    def dialog(self, ident: str, title: str) -> tuple[Element, Element]:
        d = el("dialog", f"dlg {ident}", id=ident, aria_labelledby=f"{ident}-title")
        d.append(el("h2", "", title, id=f"{ident}-title"))
        body = el("div", "dlg-body")
        d.append(body)
        byid("table").append(d)
        self.bind.listen(d, "pointerdown", lambda e: _mark_outside(d, e))
        self.bind.listen(d, "click", lambda e: _close_outside(d, e))
        self.nodes[ident] = d
        return d, body

    def _show(self, ident: str, build: Callable[[], Element]) -> Element:
        d = self.nodes.get(ident) or build()
        if not d.open:
            d.showModal()
        return d

    def any_open(self) -> bool:
        return not absent(document.querySelector("dialog[open]"))

    def is_open(self, ident: str) -> bool:
        d = self.nodes.get(ident)
        return d is not None and bool(d.open)

    def close(self, ident: str) -> None:
        d = self.nodes.get(ident)
        if d is not None and d.open:
            d.close()

    def close_all(self) -> None:
        for d in self.nodes.values():
            if d.open:
                d.close()

    def buttons(self, *specs: tuple[str, str, bool]) -> Element:
        row = el("div", "actions")
        for action, label, primary in specs:
            row.append(el("button", "primary" if primary else "", label, type="button", data_action=action))
        return row

    # ------------------------------------------------------------------ new game
    def open_new(self, current: Choice, level: str, previous: str | None, analyse: str | None = None) -> None:
        """The game chooser: every game and variant of the house, the level where the game
        has levels (shown only while such a game is chosen), the way back to a game a link
        or "same cards again" replaced (``previous``: its label, or None), and ending the
        game on the table to see where it went wrong (``analyse``: the button's label)."""
        tx = self.tx
        if "newgame" not in self.nodes:
            d, body = self.dialog("newgame", tx("ui.new.title"))
            choices = el("fieldset", "levels choices")
            choices.append(el("legend", "", tx("ui.new.legend")))
            for choice in all_choices():
                room = ROOMS[choice.game]
                label = el("label", "level")
                note_id = f"note-{choice.value}"
                radio = el("input", "", type="radio", name="choice", value=choice.value,
                           aria_describedby=note_id)
                text = el("span", "lv")
                text.append(el("b", "", tx.msg(room.choice_label(choice.variant))),
                            el("small", "", tx.msg(room.choice_note(choice.variant)), id=note_id,
                               aria_hidden="true"))
                label.append(radio, text)
                choices.append(label)
            body.append(choices)
            levels = el("fieldset", "levels grades", id="new-levels")
            levels.append(el("legend", "", tx("ui.new.level")))
            for name in sorted({lv for info in games() for lv in info.levels}, key=_level_order):
                label = el("label", "level")
                label.append(el("input", "", type="radio", name="grade", value=name),
                             el("span", "lv", tx(LEVEL(level=name))))
                levels.append(label)
            body.append(levels)
            self._values["previous"] = el("button", "previous", "", type="button", data_action="previous")
            self._values["analyse"] = el("button", "previous", "", type="button", data_action="analyse")
            body.append(self._values["previous"], self._values["analyse"])
            d.append(self.buttons(("new-cancel", tx("ui.cancel"), False),
                                   ("new-start", tx("ui.new.start"), True)))
            self.bind.listen(choices, "change", lambda _e: self._levels_follow())
        d = self.nodes["newgame"]
        radio = d.querySelector(f'input[name=choice][value="{current.value}"]')
        radio.checked = True
        grade = d.querySelector(f'input[name=grade][value="{level}"]')
        if not absent(grade):
            grade.checked = True
        prev = self._values["previous"]
        prev.hidden = previous is None
        prev.textContent = tx("ui.previous.resume", game=previous or "")
        where = self._values["analyse"]
        where.hidden = analyse is None
        where.textContent = analyse or ""
        self._levels_follow()
        if not d.open:
            d.showModal()
        radio.focus()

    def _levels_follow(self) -> None:
        choice = self.chosen()
        self.nodes["newgame"].querySelector("#new-levels").hidden = not ROOMS[choice.game].has_levels

    def chosen(self) -> Choice:
        d = self.nodes["newgame"]
        checked = d.querySelector("input[name=choice]:checked")
        if absent(checked):
            first = games()[0]
            return Choice(first.name, first.default_variant)
        game, _, variant = str(checked.value).rpartition("-")
        return Choice(game, int(variant))

    def chosen_level(self) -> str:
        checked = self.nodes["newgame"].querySelector("input[name=grade]:checked")
        if absent(checked):
            return next((info.default_level for info in games() if info.default_level), "")
        return str(checked.value)

    # ------------------------------------------------------------------ won
    def open_won(self, title: str, text: str, facts: list[tuple[str, str]], deal_id: str | None,
                 extra: list[tuple[str, str]] | None = None, again: str | None = None) -> None:
        """The result: ``facts`` as (key, value) shown as ``[data-won=key]``, then the ID;
        ``again`` names the button that deals the same cards again (the game's own word)."""
        tx = self.tx
        if "won" not in self.nodes:
            d, body = self.dialog("won", "")
            self._values["won_text"] = el("p")
            self._values["won_facts"] = el("dl", "facts")
            self._values["won_extra"] = el("div", "actions extra")
            body.append(self._values["won_text"], self._values["won_facts"], self._values["won_extra"])
            d.append(self.buttons(("close-dialog", tx("ui.close"), False),
                                   ("won-restart", tx("ui.btn.restart"), False),
                                   ("won-new", tx("ui.btn.new"), True)))
        d = self.nodes["won"]
        d.querySelector("h2").textContent = title
        d.querySelector('[data-action="won-restart"]').textContent = again or tx("ui.btn.restart")
        self._values["won_text"].textContent = text
        dl = self._values["won_facts"]
        rows = []
        for key, value in [*facts, ("deal", deal_id or tx("ui.deal_id.none"))]:
            dd = el("dd")
            dd.append(el("span", "", value, data_won=key))
            if key == "deal" and deal_id:
                # Inside the <dd>, after the value: a <dl> may hold only dt/dd groups (axe).
                dd.append(el("button", "copy", tx("ui.won.copy"), type="button", data_action="copy-id"))
            rows += [el("dt", "", tx(WON(fact=key))), dd]
        dl.replaceChildren(*rows)
        self._values["won_extra"].replaceChildren(
            *[el("button", "", label, type="button", data_action=action) for action, label in extra or []]
        )
        if not d.open:
            d.showModal()

    # ------------------------------------------------------------------ stuck
    def open_stuck(self, text: str, extra: tuple[tuple[str, str], ...] = (), *,
                   can_undo: bool = True) -> None:
        """No move left: undo the last move (only offered when there is one), the same cards
        again, a new game; the first of those that can work has the focus."""
        tx = self.tx

        def build() -> Element:
            d, body = self.dialog("stuck", tx("ui.stuck.title"))
            self._values["stuck_text"] = el("p")
            body.append(self._values["stuck_text"])
            d.append(self.buttons(("stuck-undo", tx("ui.stuck.undo"), True),
                                   ("stuck-restart", tx("ui.btn.restart"), False),
                                   ("stuck-new", tx("ui.btn.new"), False)))
            self._values["stuck_extra"] = el("div", "actions extra")
            d.append(self._values["stuck_extra"])
            return d

        d = self.nodes.get("stuck") or build()
        self._values["stuck_text"].textContent = text
        self._values["stuck_extra"].replaceChildren(
            *[el("button", "", label, type="button", data_action=action) for action, label in extra]
        )
        undo = d.querySelector('[data-action="stuck-undo"]')
        undo.hidden = not can_undo
        new = d.querySelector('[data-action="stuck-new"]')
        undo.classList.toggle("primary", can_undo)
        new.classList.toggle("primary", not can_undo)
        if not d.open:
            d.showModal()
        (undo if can_undo else new).focus()

    # ------------------------------------------------------------------ confirm
    def open_confirm(self, text: str, yes: tuple[str, str]) -> None:
        """A question with Cancel and ``yes`` = (action, label)."""
        tx = self.tx
        if "confirm" not in self.nodes:
            d, body = self.dialog("confirm", tx("ui.confirm.title"))
            self._values["confirm_text"] = el("p")
            body.append(self._values["confirm_text"])
            self._values["confirm_row"] = el("div", "actions")
            d.append(self._values["confirm_row"])
        d = self.nodes["confirm"]
        self._values["confirm_text"].textContent = text
        self._values["confirm_row"].replaceChildren(
            el("button", "", tx("ui.cancel"), type="button", data_action="close-dialog"),
            el("button", "primary", yes[1], type="button", data_action=yes[0]),
        )
        if not d.open:
            d.showModal()
        d.querySelector(".primary").focus()

    # ------------------------------------------------------------------ how to play
    def open_help(self, sections: list[tuple[str, list[str]]]) -> None:
        """How to play: (heading, paragraphs) per section, all from the catalog, the game on
        the table first. It opens at its top (the text, not the Close button at its end, has
        the focus)."""
        tx = self.tx
        if "help" not in self.nodes:
            d, body = self.dialog("help", tx("ui.help.title"))
            body.classList.add("help-text")
            body.setAttribute("tabindex", "-1")
            d.append(self.buttons(("close-dialog", tx("ui.close"), True)))
        d = self.nodes["help"]
        body = d.querySelector(".dlg-body")
        nodes = []
        for heading, paragraphs in sections:
            nodes.append(el("h3", "", heading))
            nodes += [el("p", "", p) for p in paragraphs]
        body.replaceChildren(*nodes)
        if not d.open:
            d.showModal()
        body.scrollTop = 0
        body.focus(obj({"preventScroll": True}))

    # ------------------------------------------------------------------ settings
    def open_settings(self, values: dict[str, object], options: list[Option]) -> None:
        """Settings: one row per :class:`~spider.web.options.Option` (a check box, a choice,
        the minutes of a time limit); the shell reads them back with :meth:`settings_values`."""
        tx = self.tx
        if "settings" not in self.nodes:
            d, body = self.dialog("settings", tx("ui.settings.title"))
            for option in options:
                name = option.name
                row = el("label", f"setting s-{name}")
                if option.kind == "check":
                    row.append(el("input", "", type="checkbox", name=name),
                               el("span", "", tx(SETTING(name=name))))
                elif option.kind == "choice":
                    row.append(el("span", "", tx(SETTING(name=name))))
                    select = el("select", "", name=name)
                    for value in option.choices:
                        label = tx(SETTING_CHOICE(name=name, value=value))
                        select.append(el("option", "", label, value=value))
                    row.append(select)
                else:
                    row.append(el("span", "", tx(SETTING(name=name))),
                               el("input", "", type="number", name=name, min="0",
                                  max=str(MAX_TIME_LIMIT), step="1", inputmode="numeric"))
                body.append(row)
                body.append(el("p", "note", tx(SETTING_NOTE(name=name))))
            d.append(self.buttons(("close-dialog", tx("ui.cancel"), False),
                                   ("settings-save", tx("ui.settings.save"), True)))
        d = self.nodes["settings"]
        for option in options:
            field = d.querySelector(f'[name="{option.name}"]')
            if option.kind == "check":
                field.checked = bool(values[option.name])
            else:
                field.value = str(values[option.name])
        if not d.open:
            d.showModal()
        d.querySelector("input, select").focus()

    def settings_values(self, options: list[Option]) -> dict[str, object] | None:
        """The dialog's values; ``None`` when a field holds what it cannot take (minutes:
        a whole number from 0 to 600, empty meaning 0): that field then says so, in the
        browser's own way (focused, with the catalog's sentence), and nothing is saved."""
        d = self.nodes["settings"]
        out: dict[str, object] = {}
        for option in options:
            field = d.querySelector(f'[name="{option.name}"]')
            if option.kind == "check":
                out[option.name] = bool(field.checked)
            elif option.kind == "choice":
                out[option.name] = str(field.value)
            else:
                minutes = read_minutes(str(field.value), bool(field.validity.badInput))
                if minutes is None:
                    field.setCustomValidity(self.tx("ui.settings.minutes.bad", limit=MAX_TIME_LIMIT))
                    field.reportValidity()
                    return None
                field.setCustomValidity("")
                out[option.name] = minutes
        return out


def _outside(d: Element, e: Event) -> bool:
    r = d.getBoundingClientRect()
    return not (r.left <= e.clientX <= r.right and r.top <= e.clientY <= r.bottom)


def _mark_outside(d: Element, e: Event) -> None:
    """A press outside the dialog closes it when it is let go there, unless it is the second
    press of a double click or tap (its first may have opened the dialog: a card put up on
    the first click wins the game, and the second must not dismiss the result)."""
    outside = e.target.isSameNode(d) and _outside(d, e) and int(e.detail or 0) < 2
    d.setAttribute("data-outside", "1" if outside else "")


def _close_outside(d: Element, e: Event) -> None:
    if e.target.isSameNode(d) and d.getAttribute("data-outside") == "1" and _outside(d, e) \
            and int(e.detail or 0) < 2:
        d.close()
