"""The page's chrome around the table: the header (title, deal ID, the mode line with its
buttons, the menu and the language switch), the toolbar, the message line ``#msg``, the
notice and verdict bars, and the dialogs an outcome opens. It draws what the session holds
(:mod:`spider.web.session`) and decides nothing."""

from __future__ import annotations

from typing import Final, Protocol

from pyscript import document, window

from ..core.messages import Msg
from ..core.registry import games
from ..texts import LANGUAGES, catalog
from ..texts.keys import family
from .bars import Bar
from .dialogs import Dialogs
from .dom import byid, el, keep
from .i18n import Texts
from .rooms import ROOMS, room
from .session import Confirm, Dialog, NewGame, Session, Stuck, Won

TOOLS_BEFORE: Final = (("undo", "↶"), ("redo", "↷"), ("hint", "?"))
TOOLS_AFTER: Final = (("new", "✚"), ("restart", "⟲"), ("help", "ℹ"))
MENU: Final = (("duel", "⚔", "ui.menu.duel"), ("daily", "☼", "ui.menu.daily"),
               ("stats", "▦", "ui.menu.stats"), ("settings", "⚙", "ui.settings.title"))
# The keys this module builds (every value listed, walked by tests/test_texts.py).
_NAMES = lambda: [g.name for g in games()]  # noqa: E731
ACTIONS: Final = ("undo", "redo", "hint", "new", "restart", "help", "finish", "deal", "four_color", "pause",
                  "auto")  # every toolbar button: the shell's, the duel's and the tables'
TOOL: Final = family("ui.btn.{action}", action=ACTIONS)
TOOL_OFF: Final = family("ui.btn.{action}.off", optional=True, action=ACTIONS)
LANG: Final = family("ui.lang.{lang}", lang=LANGUAGES)
TITLE: Final = family("ui.title.{game}", game=_NAMES)
SWITCH: Final = family("ui.switch.{game}", game=_NAMES)
WON_TEXT: Final = family("ui.won.text.{game}", game=_NAMES)
STUCK_TEXT: Final = family("ui.stuck.text.{game}", game=_NAMES)


class _Shell(Protocol):
    tx: Texts
    session: Session
    dialogs: Dialogs


class Chrome:
    def __init__(self, shell: _Shell) -> None:
        self.shell = shell
        self.verdict_bar = Bar("verdict", "data-verdict")
        self.notice = Bar("notice", "data-notice")

    # ------------------------------------------------------------------ building
    def build(self) -> None:
        """The header's menu and the empty toolbar, in the page's language."""
        tx = self.shell.tx
        document.documentElement.setAttribute("lang", tx.lang)
        tools = byid("tools")
        tools.replaceChildren()
        tools.removeAttribute("aria-hidden")
        tools.setAttribute("aria-label", tx("ui.toolbar"))
        menu = byid("menu")
        menu.replaceChildren()
        other = "en" if tx.lang == "de" else "de"
        menu.append(el("button", "menu-btn", tx(LANG(lang=other)), type="button", data_action="lang",
                       id="lang", lang=other))
        for action, icon, key in MENU:
            # The word shows where there is room (wide screens; under the sign on a phone,
            # where a tooltip never appears); elsewhere it is the tooltip and the name.
            button = el("button", "menu-btn", type="button", data_action=action, aria_label=tx(key),
                        title=tx(key))
            button.append(el("span", "mico", icon, aria_hidden="true"),
                          el("span", "mlbl", tx(key), aria_hidden="true"))
            menu.append(button)
        byid("msg").textContent = ""

    def tools(self, table_tools: tuple[tuple[str, str], ...], duel: bool) -> None:
        """The toolbar: the shell's buttons around the table's own (and "Fertig" in a duel);
        new buttons start as the game has them."""
        tx, s = self.shell.tx, self.shell.session
        tools = byid("tools")
        tools.replaceChildren()
        finish = (("finish", "⚑"),) if duel else ()
        for action, icon in (*TOOLS_BEFORE, *table_tools, *finish, *TOOLS_AFTER):
            b = el("button", f"tool t-{action}", type="button", data_action=action)
            b.append(el("span", "ico", icon, aria_hidden="true"), el("span", "lbl", tx(TOOL(action=action))))
            off = TOOL_OFF(action=action)
            if off in catalog(tx.lang):
                sub = el("span", "sub", tx(off))
                sub.hidden = True
                b.append(sub)
            if action == "four_color":
                b.setAttribute("aria-pressed", "true" if s.settings.four_color else "false")
            tools.append(b)

    def remove(self) -> None:
        self.verdict_bar.remove()
        self.notice.remove()

    # ------------------------------------------------------------------ drawing
    def header(self) -> None:
        """The title, the deal ID and the mode line of the game on the table."""
        tx, s = self.shell.tx, self.shell.session
        game = s.game
        r = room(game.game_name)
        title = tx(TITLE(game=r.name))
        document.title = title
        byid("title").textContent = title
        deal_id = game.deal_id
        byid("deal-id").textContent = tx("ui.deal_id", id=deal_id) if deal_id else tx("ui.deal_id.none")
        parts = [el("span", "mode-label", tx.msg(r.mode(game)))]
        if s.mode.daily:  # it stays said while the game is played, not only at its start
            parts.append(el("span", "mode-daily", tx("daily.marker", date=s.mode.daily)))
        for action, text, name in r.mode_buttons(game, s.settings):
            parts.append(el("button", "mode-other", tx.msg(text), type="button", data_action=action,
                            aria_label=tx.msg(name)))
        for other in ROOMS.values():
            if other.name != r.name:
                parts.append(el("button", "mode-switch", tx(SWITCH(game=other.name)), type="button",
                                data_action=f"switch-{other.name}"))
        byid("mode").replaceChildren(*parts)

    def tool(self, name: str, *, enabled: bool | None = None, pressed: bool | None = None,
             shown: bool | None = None) -> None:
        button = byid("tools").querySelector(f'[data-action="{name}"]')
        if button is None or not hasattr(button, "setAttribute"):
            return
        if shown is not None and bool(button.hidden) == shown:
            button.hidden = not shown
        if enabled is not None and bool(button.disabled) == enabled:
            button.disabled = not enabled
            sub = button.querySelector(".sub")
            if sub is not None and hasattr(sub, "hidden"):
                sub.hidden = enabled
        if pressed is not None:
            button.setAttribute("aria-pressed", "true" if pressed else "false")

    def copy(self, text: str, done: Msg) -> None:
        """Put ``text`` on the clipboard and say ``done`` (or show the text when that fails)."""
        def failed(*_: object) -> None:
            self.say(Msg("ui.copy_failed", id=text))

        try:
            window.navigator.clipboard.writeText(text).then(keep(lambda *_: self.say(done)), keep(failed))
        except Exception:  # no clipboard API (insecure context)
            failed()

    @staticmethod
    def link_to(param: str, value: str) -> str:
        """A link to this page (wherever it is served) with one query parameter."""
        return f"{window.location.origin}{window.location.pathname}?{param}={value}"

    def say(self, message: Msg | str, *, refusal: bool = False) -> None:
        """Put a message in the live region ``#msg``. When the notice bar already says it
        (the same sentence, or one that begins or ends with it), the line keeps it for
        screen readers but does not show it twice."""
        msg = byid("msg")
        if isinstance(message, Msg):
            text = self.shell.tx.msg(message)
            msg.textContent = text
            msg.setAttribute("data-key", message.key)
        else:
            text = message
            msg.textContent = message
            msg.removeAttribute("data-key")
        msg.classList.toggle("refusal", refusal)
        msg.classList.toggle("echo", self.notice.says(text))

    def state(self) -> None:
        """What the session holds beyond the table: the undo and redo buttons, pause, the
        notice and the verdict bar."""
        s, tx = self.shell.session, self.shell.tx
        if s.has_game:
            self.tool("undo", enabled=not s.frozen() and s.game.can_undo)
            self.tool("redo", enabled=not s.redo_closed() and s.game.can_redo)
        paused = document.documentElement.classList.contains("paused")
        if paused != s.paused:
            document.documentElement.classList.toggle("paused", s.paused)
            self.tool("pause", pressed=s.paused)
        n = s.notice
        if n is None:
            self.notice.hide()
        else:
            text = tx.msg(n.text)
            buttons = tuple((a, tx.msg(label), primary) for a, label, primary in n.buttons)
            if not (self.notice.state == n.state and self.notice.showing(text)):
                self.notice.show(n.state, text, buttons)
        if s.verdict == "checking":
            if self.verdict_bar.state != "checking":
                self.verdict_bar.show("checking", tx("ui.verdict.checking"))
        elif s.verdict == "lost":
            if self.verdict_bar.state != "lost":
                self.verdict_bar.show("lost", tx("ui.verdict.lost"),
                                      (("verdict-restart", tx("ui.verdict.restart"), True),
                                       ("verdict-new", tx("ui.verdict.new"), False),
                                       ("analyse", tx("analysis.btn.where"), False)))
        else:
            self.verdict_bar.hide()

    def open(self, dialog: Dialog) -> None:
        """The dialog an outcome asks for, in the page's words."""
        tx, dialogs = self.shell.tx, self.shell.dialogs
        if isinstance(dialog, Won):
            facts = [(k, v if isinstance(v, str) else tx.msg(v)) for k, v in dialog.facts]
            extra = [(action, tx.msg(label)) for action, label in dialog.extra]
            dialogs.open_won(tx("ui.won.title"), tx(WON_TEXT(game=dialog.game)), facts, dialog.deal_id, extra,
                             tx.msg(dialog.again))
        elif isinstance(dialog, Stuck):
            extra_stuck = tuple((action, tx.msg(label)) for action, label in dialog.extra)
            dialogs.open_stuck(tx(STUCK_TEXT(game=dialog.game)), extra_stuck, can_undo=dialog.can_undo)
        elif isinstance(dialog, NewGame):
            previous = tx.msg(dialog.previous) if dialog.previous is not None else None
            dialogs.open_new(dialog.current, dialog.level, previous,
                             tx("analysis.btn.where") if dialog.analyse else None)
        elif isinstance(dialog, Confirm):
            dialogs.open_confirm(tx.msg(dialog.text), (dialog.yes[0], tx.msg(dialog.yes[1])))


__all__ = ["Chrome"]
