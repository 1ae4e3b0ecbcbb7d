"""The settings on the page: the settings dialog, the language button, the four-colour
deck's button, and how the table looks and moves (the markers on ``<html>`` and the
``theme-color`` of :mod:`spider.web.looks`; the theme System follows the device's light
or dark mode as it changes, without a reload). What the dialog offers and what taking its
values changes is :mod:`spider.web.options` (no browser there); saving and what to draw
again is the session's (:meth:`spider.web.session.Session.apply_settings`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pyscript import document, window

from . import options
from .dialogs import Dialogs
from .dom import Bindings, absent
from .i18n import Texts
from .looks import GEOMETRY, SYSTEM_DARK, THEME_COLORS, markers
from .session import Outcome, Session
from .tables.base import Table


class _Shell(Protocol):
    tx: Texts
    dialogs: Dialogs
    session: Session
    table: Table | None

    def on(self, name: str, handler: Callable[[], None], *, paused_ok: bool = False) -> None: ...

    def show(self, out: Outcome | None, t0: float | None = None) -> None: ...

    def tool(self, name: str, *, enabled: bool | None = None, pressed: bool | None = None,
             shown: bool | None = None) -> None: ...


class SettingsView:
    def __init__(self, shell: _Shell) -> None:
        self.shell = shell
        shell.on("settings", self.open, paused_ok=True)
        shell.on("settings-save", self.save, paused_ok=True)
        shell.on("lang", self.other_language, paused_ok=True)
        shell.on("four_color", self.four_color)
        # For the page's life: the device switching between light and dark.
        self.life = Bindings()
        self.system = window.matchMedia(SYSTEM_DARK)
        self.life.listen(self.system, "change", lambda _e: self.looks())
        self.looks()

    def open(self) -> None:
        lang = self.shell.tx.lang
        settings = self.shell.session.settings
        self.shell.dialogs.open_settings(options.values(settings, lang), options.options(lang))

    def save(self) -> None:
        values = self.shell.dialogs.settings_values(options.options(self.shell.tx.lang))
        if values is not None:  # else the field says what is wrong; the dialog stays
            self.apply(values)

    def other_language(self) -> None:
        self.apply({"lang": "en" if self.shell.tx.lang == "de" else "de"})

    def apply(self, values: dict[str, object]) -> None:
        """Take what the dialog (or the language button) chose."""
        s = self.shell.session
        changed = options.take(s.settings, values)
        lang = s.settings.lang if s.settings.lang in ("de", "en") else self.shell.tx.lang
        self._four()
        self.looks()
        table = self.shell.table
        if changed & GEOMETRY and table is not None:
            table.relayout()  # the same cards, measured again in their new places and sizes
        self.shell.show(s.apply_settings(changed, lang != self.shell.tx.lang))

    def four_color(self) -> None:
        self.shell.session.toggle_four_color()
        self._four()

    def _four(self) -> None:
        on = bool(self.shell.session.settings.four_color)
        document.documentElement.classList.toggle("four", on)
        self.shell.tool("four_color", pressed=on)

    def looks(self) -> None:
        """Put the theme, the card size, the animations' pace and the hand on ``<html>``
        (only what differs is written), and the theme's colour into ``theme-color``."""
        root = document.documentElement
        shown = markers(self.shell.session.settings, bool(self.system.matches))
        for name, value in shown.items():
            if root.getAttribute(name) != value:
                root.setAttribute(name, value)
        meta = document.querySelector('meta[name="theme-color"]')
        color = THEME_COLORS[shown["data-theme"]]
        if not absent(meta) and meta.getAttribute("content") != color:
            meta.setAttribute("content", color)


__all__ = ["SettingsView"]
