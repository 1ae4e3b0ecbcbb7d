"""The settings on the page: the settings dialog, the language button and the four-colour
deck's button. What the dialog offers and what taking its values changes is
:mod:`spider.web.options` (no browser there); saving and what to draw again is the
session's (:meth:`spider.web.session.Session.apply_settings`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pyscript import document

from . import options
from .dialogs import Dialogs
from .i18n import Texts
from .session import Outcome, Session


class _Shell(Protocol):
    tx: Texts
    dialogs: Dialogs
    session: Session

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
        self.shell.show(s.apply_settings(changed, lang != self.shell.tx.lang))

    def four_color(self) -> None:
        self.shell.session.toggle_four_color()
        self._four()

    def _four(self) -> None:
        on = bool(self.shell.session.settings.four_color)
        document.documentElement.classList.toggle("four", on)
        self.shell.tool("four_color", pressed=on)


__all__ = ["SettingsView"]
