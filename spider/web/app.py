"""The shell: the page's DOM glue. It builds the chrome (title, mode line, menu, toolbar),
turns buttons and keys into requests to the session (:mod:`spider.web.session`, where every
flow lives, tested without a browser) and carries out the outcome each request answers
with: a game put on the table or a step drawn, a sentence said, a notice, a dialog, a save.

Buttons (``data-action``) are dispatched through one table of handlers: the shell registers
the game's own (undo, new game, ...), and the statistics (:mod:`.records`), the settings
(:mod:`.settings_view`) and the duel (:mod:`.duel_panel`) register theirs, each module with
narrow dependencies. A game's table (``spider/web/tables/``) only draws and reports where a
gesture landed; what the gesture means is its control's (:mod:`spider.web.control`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Final, Protocol, TypeVar

from pyscript import document, window

from ..core.messages import MessageError, Msg
from ..core.registry import Solitaire, games
from ..core.saves import load_json
from ..core.timefmt import format_time
from ..texts import LANGUAGES, catalog
from ..texts.keys import family
from .bars import Bar
from .control import Answer
from .dialogs import Dialogs
from .dom import Bindings, byid, el, keep
from .duel_panel import DuelPanel
from .effects import celebrate
from .i18n import Texts, choose_language
from .input import Input
from .jsdom import Event
from .links import query, strip_link
from .records import Records
from .rooms import ROOMS, room
from .session import Confirm, Dialog, NewGame, Outcome, Session, Stuck, Won
from .settings_view import SettingsView
from .storage import Storage
from .tables.base import Table
from .update import UpdateOffer
from .verdict import EngineWorker, Verdict

# What works while the game is paused: everything but playing and looking at the table.
PAUSE_FREE: Final = frozenset({"pause", "resume", "help", "close-dialog", "new-cancel", "conflict-take",
                               "conflict-keep", "time-ok", "discard-unreadable", "new", "new-start", "daily",
                               "previous"})  # and what the modules register as paused_ok
TOOLS_BEFORE: Final = (("undo", "↶"), ("redo", "↷"), ("hint", "?"))
TOOLS_AFTER: Final = (("new", "✚"), ("restart", "⟲"), ("help", "ℹ"))
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
HELP: Final = family("{section}.{part}", section=lambda: sorted({k for r in ROOMS.values() for k in r.help}),
                     part=("title", "text"))
MENU: Final = (("duel", "⚔", "ui.menu.duel"), ("daily", "☼", "ui.menu.daily"),
               ("stats", "▦", "ui.menu.stats"), ("settings", "⚙", "ui.settings.title"))


T = TypeVar("T")


class Timings(Protocol):
    """A JS array the benchmark reads (``?bench=1``)."""

    def push(self, ms: float) -> None: ...


class App:
    def __init__(self) -> None:
        self.session = Session(Storage(lambda: window.localStorage, window.Date.now), window.performance.now,
                               visible=lambda: document.visibilityState == "visible",
                               duel_active=lambda: self.duel.flow.active,
                               duel_ended=lambda: self.duel.flow.ended)
        self.query = query(str(window.location.search))
        settings = self.session.settings
        browser = [str(x) for x in (window.navigator.languages or [])]
        self.tx = Texts(choose_language(self.query.get("lang"), settings.lang, browser))
        if self.query.get("lang") in LANGUAGES and settings.lang != self.query["lang"]:
            settings.lang = self.query["lang"]
            self.session.storage.save_settings(settings)
        self.engine = EngineWorker()
        self.verdict = Verdict(self.engine)
        self.table: Table | None = None
        self.dialogs = Dialogs(self.tx)
        self.verdict_bar = Bar("verdict", "data-verdict")
        self.notice = Bar("notice", "data-notice")
        self.life = Bindings()
        self.handlers: dict[str, Callable[[], None]] = {}
        self.pause_free: set[str] = set(PAUSE_FREE)
        self.input: Input | None = None
        self.timings: Timings | None = None  # ?bench=1: per action, event -> DOM updated (ms)
        self.handler_timings: Timings | None = None  # ?bench=1: the whole handler, save included
        if self.query.get("bench") == "1":
            self.timings = window.Array.new()
            self.handler_timings = window.Array.new()
            setattr(window, "__spiderTimings", self.timings)
            setattr(window, "__spiderHandler", self.handler_timings)
        self._register()
        self.records = Records(self)
        self.settings_view = SettingsView(self)
        self.duel = DuelPanel(self)

    # ------------------------------------------------------------------ what the modules may use
    @property
    def game(self) -> Solitaire:
        return self.session.game

    @property
    def reduced_motion(self) -> bool:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def setting(self, name: str) -> object:
        return getattr(self.session.settings, name)

    def on(self, name: str, handler: Callable[[], None], *, paused_ok: bool = False) -> None:
        """Register what the button ``data-action=name`` does (one handler per name);
        ``paused_ok``: it works while the game is paused (it neither plays nor shows the
        table)."""
        if name in self.handlers:
            raise ValueError(f"two handlers for {name!r}")
        self.handlers[name] = handler
        if paused_ok:
            self.pause_free.add(name)

    def busy(self) -> bool:
        return self.session.paused or self.dialogs.any_open()

    def busy_reason(self) -> Msg | None:
        """Why the table takes no input now (said on a press), ``None`` if it does."""
        return Msg("ui.paused.blocked") if self.session.paused else None

    def say(self, message: Msg | str, *, refusal: bool = False) -> None:
        """Put a message in the live region ``#msg``. When the notice bar already shows the
        same sentence, the line keeps it for screen readers but does not show it twice."""
        msg = byid("msg")
        if isinstance(message, Msg):
            text = self.tx.msg(message)
            msg.textContent = text
            msg.setAttribute("data-key", message.key)
        else:
            text = message
            msg.textContent = message
            msg.removeAttribute("data-key")
        msg.classList.toggle("refusal", refusal)
        msg.classList.toggle("echo", bool(text) and self.notice.showing(text))

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

    def link_to(self, param: str, value: str) -> str:
        """A link to this page (wherever it is served) with one query parameter."""
        return f"{window.location.origin}{window.location.pathname}?{param}={value}"

    # ------------------------------------------------------------------ start
    def boot(self) -> None:
        """Start the page. It always starts: whatever raises while a game is mounted or
        first drawn, the next candidate takes its place (a link's game, else the saved
        game, else a fresh deal); a saved game that cannot be drawn is kept aside as an
        unreadable one is, and the message says so. The page becomes ready in every case."""
        s = self.session
        s.start_notes(picture_game(s.storage.get("spider.picture")))
        refusal, fresh = False, False
        try:
            game, fresh, refusal = self._from_link()
        except Exception as error:  # a link the checks let through but the page cannot open
            report(error)
            game = None
            s.notes.append(Msg("ui.link.failed"))
            refusal = True
        if game is not None:
            s.chose(game)
        self._build_chrome()
        s.start_notices()
        if game is not None and not self._first_mount(game, "link"):
            game, fresh = None, False
        if game is None:
            saved = s.resume(s.settings.game)
            if saved is not None and not self._first_mount(saved, "saved"):
                saved = None
            if saved is None:
                fresh = True
                if not self._first_mount(s.fresh(), "fresh"):
                    s.notes.append(Msg("ui.start.failed"))
        if self.duel.flow.opened is not None:  # an answer link: both results
            self.duel.show_comparison(self.duel.flow.opened)
        notes = s.notes
        self.say(notes[0] if len(notes) == 1 else " ".join(self.tx.msg(n) for n in notes), refusal=refusal)
        self._draw_state()
        document.documentElement.classList.add("ready")
        if fresh:
            self.save()
        self.input = Input(self)
        UpdateOffer(self.save, self.tx)
        life = self.life
        life.listen(document, "visibilitychange", self._visibility)
        life.listen(window, "pagehide", lambda _e: self.save())
        life.listen(window, "storage", self._storage_event)
        life.every(1000, self._tick)
        life.later(3000, lambda *_: self.verdict.allow_warming(self.session.game))
        s.resume_clock()

    def _from_link(self) -> tuple[Solitaire | None, bool, bool]:
        """The game a link opens (``?deal=``, ``?pos=``, ``?duel=``), whether it is fresh,
        and whether the message is a refusal; the link leaves the address once read."""
        s = self.session
        search = str(window.location.search)
        if strip_link(search) != search:  # applied once, then gone (``?lang=`` alone too)
            window.history.replaceState(None, "", str(window.location.pathname) + strip_link(search))
        duel = self.query.get(self.duel.param)
        game, fresh, refusal = s.from_link(search)
        if game is not None or refusal or duel is None:
            return game, fresh, refusal
        opened = self.duel.flow.open_link(duel, self.tx("duel.anonymous"))
        if opened is None:  # refused, or an answer: its comparison is shown once ready
            s.play_anyway = self.duel.flow.refused_deal
            return None, False, self.duel.flow.refused
        game, note, mode = opened
        s.linked(game, note, mode)
        return game, True, False

    def _first_mount(self, game: Solitaire, source: str) -> bool:
        """Mount and first draw ``game`` (with its duel panel and its ending); ``False`` if
        anything raised: a saved game is then kept aside (its key is written afresh by the
        game that takes its place), a link's game is named, and the table is cleared."""
        try:
            self.session.game = game
            self._mount()
            self.duel.show()
            self._carry(self.session.endings())
            return True
        except Exception as error:  # whatever it was, the page must still start
            report(error)
        self._drop_table()
        self.session.mount_failed(game, source)
        return False

    def _drop_table(self) -> None:
        """After a failed draw: no half-built table is left behind."""
        table, self.table = self.table, None
        if table is not None:
            try:
                table.unmount()
            except Exception as error:
                report(error)
        byid("board").replaceChildren()

    # ------------------------------------------------------------------ chrome
    def _build_chrome(self) -> None:
        tx = self.tx
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

    def _build_tools(self, table: Table) -> None:
        tx = self.tx
        tools = byid("tools")
        tools.replaceChildren()
        duel = (("finish", "⚑"),) if self.duel.flow.active else ()
        for action, icon in (*TOOLS_BEFORE, *table.tools, *duel, *TOOLS_AFTER):
            b = el("button", f"tool t-{action}", type="button", data_action=action)
            b.append(el("span", "ico", icon, aria_hidden="true"), el("span", "lbl", tx(TOOL(action=action))))
            off = TOOL_OFF(action=action)
            if off in catalog(tx.lang):
                sub = el("span", "sub", tx(off))
                sub.hidden = True
                b.append(sub)
            if action == "four_color":
                b.setAttribute("aria-pressed", "true" if self.session.settings.four_color else "false")
            tools.append(b)

    def _mount(self) -> None:
        """Put the session's game on the table, with its game's table (swapping tables if
        needed), and draw the chrome around it."""
        game = self.session.game
        r = room(game.game_name)
        if self.table is not None and self.table.name != r.name:
            self.table.unmount()
            self.table = None
        if self.table is None:
            module = importlib.import_module(r.table_module, "spider.web.tables")
            self.table = getattr(module, r.table_class)(self, game)
            self._build_tools(self.table)
            self.table.mount()
        else:
            self._build_tools(self.table)
        self.table.game = game
        document.documentElement.classList.toggle("four", self.session.settings.four_color)
        self.table.render()
        self._render_chrome()
        self.clock_show()

    def _render_chrome(self) -> None:
        tx, s = self.tx, self.session
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
        self.duel.show()

    def rebuild_tools(self) -> None:
        """The toolbar again (a duel's "Fertig" comes or goes) and the table drawn anew."""
        if self.table is not None:
            self._build_tools(self.table)
            self.table.render()
            self._draw_state()

    def rebuild(self) -> None:
        """The language changed: the whole chrome again, the game and the clock as they are."""
        self.save()
        if self.table is not None:
            self.table.unmount()
            self.table = None
        self.dialogs.remove()
        self.records.remove()
        self.verdict_bar.remove()
        self.notice.remove()
        self.dialogs = Dialogs(self.tx)
        self._build_chrome()
        self._mount()

    def _draw_state(self) -> None:
        """What the session holds beyond the table: the undo and redo buttons, pause, the
        notice and the verdict bar."""
        s, tx = self.session, self.tx
        if s.game is not None:
            self.tool("undo", enabled=s.game.can_undo)
            self.tool("redo", enabled=s.game.can_redo)
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
                                       ("verdict-new", tx("ui.verdict.new"), False)))
        else:
            self.verdict_bar.hide()

    # ------------------------------------------------------------------ carrying out an outcome
    def show(self, out: Outcome | None, t0: float | None = None) -> None:
        """Carry out what the session answered (:class:`Outcome`), guarded: a drawing that
        raises never eats the action (it stands as the engine has it; the table is drawn
        again from the game and the player is told once)."""
        if out is not None:
            self._carry(out, t0)

    def _carry(self, out: Outcome, t0: float | None = None) -> None:
        s = self.session
        if out.close_dialogs:
            self.dialogs.close_all()
        for name in out.closed:
            self.dialogs.close(name)
        if out.position_changed:
            self.verdict.cancel()
        drawn = True
        if out.mounted:
            self._mount()
        elif out.step is not None or out.redraw:
            drawn = self._draw(out)
        if out.hint_shown and self.table is not None and drawn:
            self.table.show_hint(out.hint)
        self._draw_state()  # the notice first: a sentence it already says is not shown twice
        if out.said and drawn:
            parts = out.said
            joined = Msg("verbatim", text=" ".join(self.tx.msg(m) for m in parts))
            self.say(parts[0] if len(parts) == 1 else joined, refusal=out.refusal)
        if t0 is not None and self.timings is not None:
            self.timings.push(window.performance.now() - t0)
        if out.position_changed:
            self.verdict.warm(s.game)
        if out.save:
            self.save(force=out.force_save)
        self._draw_state()
        if out.step is not None or out.mounted:
            self.clock_show()
        if out.ask_verdict:
            self.verdict.ask(s.game, lambda result: self.show(s.verdict_answer(result)))
        if out.celebrate and not self.reduced_motion:
            celebrate()
        if out.dialog is not None:
            self._open(out.dialog)
        for name in out.then:
            self.action(name)
        if out.rebuild:
            self.tx = Texts(s.settings.lang if s.settings.lang in LANGUAGES else self.tx.lang)
            self.rebuild()
            self.say(out.said[-1] if out.said else "")
        if t0 is not None and self.handler_timings is not None:
            self.handler_timings.push(window.performance.now() - t0)

    def _draw(self, out: Outcome) -> bool:
        table = self.table
        if table is None:
            return False
        try:
            table.render(out)
            return True
        except Exception as error:  # the move stands; the table is drawn again from the game
            self._render_failed(error)
            return False

    def _render_failed(self, error: BaseException) -> None:
        """Drawing after an action raised: the action stands as the engine has it (its save
        and undo too); the player is told once, and the table is built again from the game,
        so the next drawing is right."""
        report(error)
        self.say(Msg("ui.render.failed"), refusal=True)
        try:
            if self.table is not None:
                self.table.unmount()
            self.table = None
            self._mount()
        except Exception as again:
            report(again)

    def guard(self, call: Callable[[], T]) -> T | None:
        """Run what an event asks for and give its value; anything it raises is reported
        once and drawn over (``None`` then): never an exception out of an event handler,
        never a silent nothing."""
        try:
            return call()
        except Exception as error:
            self._render_failed(error)
            return None

    def _open(self, dialog: Dialog) -> None:
        tx = self.tx
        if isinstance(dialog, Won):
            facts = [(k, v if isinstance(v, str) else tx.msg(v)) for k, v in dialog.facts]
            extra = [(action, tx.msg(label)) for action, label in dialog.extra]
            self.dialogs.open_won(tx("ui.won.title"), tx(WON_TEXT(game=dialog.game)), facts, dialog.deal_id,
                                  extra, tx.msg(dialog.again))
        elif isinstance(dialog, Stuck):
            extra_stuck = tuple((action, tx.msg(label)) for action, label in dialog.extra)
            self.dialogs.open_stuck(tx(STUCK_TEXT(game=dialog.game)), extra_stuck, can_undo=dialog.can_undo)
        elif isinstance(dialog, NewGame):
            previous = tx.msg(dialog.previous) if dialog.previous is not None else None
            self.dialogs.open_new(dialog.current, dialog.level, previous)
        elif isinstance(dialog, Confirm):
            self.dialogs.open_confirm(tx.msg(dialog.text), (dialog.yes[0], tx.msg(dialog.yes[1])))

    # ------------------------------------------------------------------ what the tables ask for
    def answer(self, answer: Answer, t0: float | None = None) -> None:
        """Carry out a game control's answer to a gesture: play its move through the
        session, or say its sentence."""
        if answer.play is not None:
            move = answer.play
            game = self.session.game
            self.show(self.session.play(lambda: game.play(move), answer.kind), t0)  # type: ignore[arg-type]
        elif answer.say is not None:
            self.say(answer.say, refusal=answer.refusal)

    # ------------------------------------------------------------------ clock
    def clock_show(self) -> None:
        table = self.table
        if table is not None and table.status is not None:
            table.status.set("time", format_time(self.session.clock.value()))

    def _visibility(self, _event: Event) -> None:
        if document.visibilityState == "hidden":
            self.session.hidden()
            self.save()
        else:
            self.session.resume_clock()
        self.clock_show()

    def _tick(self, *_: object) -> None:
        s = self.session
        if s.game is None:
            return
        if s.clock.running:
            self.clock_show()
        out = s.tick()
        if out is not None:
            self.clock_show()
            self.show(out)

    # ------------------------------------------------------------------ saving and two tabs
    def save(self, *, force: bool = False) -> None:
        result = self.session.save(force=force)
        if result == "failed":
            self.say(Msg("ui.save.failed"), refusal=True)
        elif result == "conflict":
            self._draw_state()

    def _storage_event(self, event: Event) -> None:
        if self.session.storage_changed(str(event.key)):
            self._draw_state()

    # ------------------------------------------------------------------ buttons
    def _register(self) -> None:
        """The shell's own buttons: the game on the table and the ways to another one."""
        s = self.session
        for name, handler in {
            "undo": lambda: self.show(s.undo()),
            "redo": lambda: self.show(s.redo()),
            "hint": lambda: self.show(s.hint()),
            "restart": lambda: self.show(s.restart()),
            "previous": lambda: self.show(s.resume_previous()),
            "daily": self._daily,
            "copy-id": self._copy_id,
            "help": self._help,
            "new": lambda: self.show(s.new_dialog()),
            "new-start": self._new_start,
            "close-dialog": self.dialogs_close,
            "stuck-undo": self._stuck_undo,
            "conflict-take": lambda: self.show(s.take_newer()),
            "conflict-keep": lambda: self.show(s.keep_mine()),
            "time-ok": lambda: self.show(s.time_ok()),
            "note-ok": lambda: self.show(s.note_ok()),
            "discard-unreadable": lambda: self.show(s.discard_unreadable()),
            "pause": lambda: self.show(s.pause(not s.paused)),
            "resume": lambda: self.show(s.pause(False)),
        }.items():
            self.on(name, handler)
        self.on("share", self._share, paused_ok=True)
        self.on("play-anyway", lambda: self.show(s.deal_link_game()), paused_ok=True)
        for alias, name in (("won-new", "new"), ("stuck-new", "new"), ("verdict-new", "new"),
                            ("new-cancel", "close-dialog"), ("won-restart", "restart"),
                            ("stuck-restart", "restart"), ("verdict-restart", "restart")):
            self.on(alias, self.handlers[name])
        for info in games():
            self.on(f"switch-{info.name}",
                    lambda name=info.name: self.show(s.switch_to(name)))  # type: ignore[misc]
            for variant in info.variants:
                self.on(f"variant-{info.name}-{variant}",
                        lambda v=variant: self.show(s.switch_variant(v)))  # type: ignore[misc]

    def dialogs_close(self) -> None:
        self.dialogs.close_all()

    def action(self, name: str) -> None:
        """A button (``data-action``), a key's action or a follow-up of an outcome. While
        the game is paused only what neither plays nor shows the table works; the table
        sees every other button first (its own, and any other stops its auto-finish)."""
        if self.session.paused and name not in self.pause_free:
            self.say(Msg("ui.paused.blocked"), refusal=True)  # said, never a silent nothing
            return
        if name not in ("pause", "resume") and self.table is not None and self.table.action(name):
            return
        handler = self.handlers.get(name)
        if handler is not None:
            handler()

    def _stuck_undo(self) -> None:
        self.dialogs.close("stuck")
        self.show(self.session.undo())

    def _copy_id(self) -> None:
        deal_id = self.session.game.deal_id
        if deal_id:
            self.copy(deal_id, Msg("ui.copied", id=deal_id))

    def _new_start(self) -> None:
        choice, level = self.dialogs.chosen(), self.dialogs.chosen_level()
        self.dialogs.close("newgame")
        self.show(self.session.new_game(choice, level))

    def _daily(self) -> None:
        today = window.Date.new()
        iso = f"{int(today.getFullYear()):04d}-{int(today.getMonth()) + 1:02d}-{int(today.getDate()):02d}"
        self.show(self.session.today(iso))

    def _share(self) -> None:
        self.copy(self.session.share_text(self.tx.lang), Msg("daily.shared"))

    def _help(self) -> None:
        """How to play for the game on the table: its own sections first (its room says
        which), each a heading and its paragraphs."""
        tx = self.tx
        keys = room(self.session.game.game_name).help
        self.dialogs.open_help([(tx(HELP(section=key, part="title")),
                                 tx(HELP(section=key, part="text")).split("\n\n")) for key in keys])


def report(error: BaseException) -> None:
    """Put an error the page caught on the console as a warning, for bug reports (the player
    reads the message line)."""
    import traceback

    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    try:
        window.console.warn(f"Solitaire: caught {text}")
    except Exception:
        return


def picture_game(raw: str | None) -> str | None:
    """The game the start-up picture (``assets/prepaint.js``) last showed, if it says."""
    try:
        doc = load_json(raw) if raw else None
    except MessageError:
        return None
    game = doc.get("game") if isinstance(doc, dict) else None
    return game if isinstance(game, str) else None


def start() -> App:
    app = App()
    app.boot()
    return app
