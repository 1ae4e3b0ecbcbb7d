"""The shell's own buttons: the game on the table (undo, redo, hint, same cards again, how
to play), the ways to another game (new game, the daily deal, the mode line's switches,
the game to come back to) and the answers to the notices. Each asks the session and hands
its outcome to the shell; registered into the shell's table of handlers like the
statistics', the settings' and the duel's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from pyscript import window

from ..core.messages import Msg
from ..core.registry import games
from ..texts.keys import family
from .dialogs import Dialogs
from .i18n import Texts
from .rooms import ROOMS, room
from .session import Outcome, Session

HELP: Final = family("{section}.{part}", section=lambda: sorted({k for r in ROOMS.values() for k in r.help}),
                     part=("title", "text"))


class _Shell(Protocol):
    tx: Texts
    dialogs: Dialogs
    session: Session

    def on(self, name: str, handler: Callable[[], None], *, paused_ok: bool = False) -> None: ...

    def show(self, out: Outcome | None, t0: float | None = None) -> None: ...

    def copy(self, text: str, done: Msg) -> None: ...


class Buttons:
    def __init__(self, shell: _Shell, analysable: Callable[[], bool]) -> None:
        """``analysable``: may the game on the table be ended for its analysis (the new-game
        dialog then offers it)?"""
        self.shell = shell
        s, show = shell.session, shell.show
        own: dict[str, Callable[[], None]] = {
            "undo": lambda: show(s.undo()),
            "redo": lambda: show(s.redo()),
            "hint": lambda: show(s.hint()),
            "restart": lambda: show(s.restart()),
            "previous": lambda: show(s.resume_previous()),
            "new": lambda: show(s.new_dialog(analysable())),
            "new-start": self.new_start,
            "close-dialog": lambda: shell.dialogs.close_all(),
            "stuck-undo": self.stuck_undo,
            "daily": self.daily,
            "copy-id": self.copy_id,
            "help": self.help,
            "conflict-take": lambda: show(s.take_newer()),
            "conflict-keep": lambda: show(s.keep_mine()),
            "time-ok": lambda: show(s.time_ok()),
            "note-ok": lambda: show(s.note_ok()),
            "discard-unreadable": lambda: show(s.discard_unreadable()),
            "pause": lambda: show(s.pause(not s.paused)),
            "resume": lambda: show(s.pause(False)),
        }
        for alias, name in (("won-new", "new"), ("stuck-new", "new"), ("verdict-new", "new"),
                            ("new-cancel", "close-dialog"), ("won-restart", "restart"),
                            ("stuck-restart", "restart"), ("verdict-restart", "restart")):
            own[alias] = own[name]
        for name, handler in own.items():
            shell.on(name, handler)
        shell.on("share", self.share, paused_ok=True)
        shell.on("play-anyway", lambda: show(s.deal_link_game()), paused_ok=True)
        for info in games():
            shell.on(f"switch-{info.name}", self._switch(info.name))
            for variant in info.variants:
                shell.on(f"variant-{info.name}-{variant}", self._variant(variant))

    def _switch(self, name: str) -> Callable[[], None]:
        return lambda: self.shell.show(self.shell.session.switch_to(name))

    def _variant(self, variant: int) -> Callable[[], None]:
        return lambda: self.shell.show(self.shell.session.switch_variant(variant))

    def stuck_undo(self) -> None:
        self.shell.dialogs.close("stuck")
        self.shell.show(self.shell.session.undo())

    def copy_id(self) -> None:
        deal_id = self.shell.session.game.deal_id
        if deal_id:
            self.shell.copy(deal_id, Msg("ui.copied", id=deal_id))

    def new_start(self) -> None:
        dialogs = self.shell.dialogs
        choice, level = dialogs.chosen(), dialogs.chosen_level()
        dialogs.close("newgame")
        self.shell.show(self.shell.session.new_game(choice, level))

    def daily(self) -> None:
        """Today's deal by the player's own calendar."""
        today = window.Date.new()
        iso = f"{int(today.getFullYear()):04d}-{int(today.getMonth()) + 1:02d}-{int(today.getDate()):02d}"
        self.shell.show(self.shell.session.today(iso))

    def share(self) -> None:
        self.shell.copy(self.shell.session.share_text(self.shell.tx.lang), Msg("daily.shared"))

    def help(self) -> None:
        """How to play for the game on the table: its own sections first (its room says
        which), each a heading and its paragraphs."""
        tx = self.shell.tx
        keys = room(self.shell.session.game.game_name).help
        self.shell.dialogs.open_help([(tx(HELP(section=key, part="title")),
                                       tx(HELP(section=key, part="text")).split("\n\n")) for key in keys])


__all__ = ["Buttons"]
