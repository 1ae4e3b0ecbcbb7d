"""The shell: boots the page, holds the game, the clock, the settings and the language, and
knows no game. Every player action is one engine call, one render, one save.

What the shell does for every game: the chrome (title, mode line, toolbar, language and
settings buttons), links, saving (one save per game) and two tabs, the clock, the dialogs
(new game, won, stuck, how to play, settings), the update offer, the verdict worker, and
the input. A game brings its table (``spider/web/tables/``), found through the page's
registry of rooms; switching games or the language rebuilds the chrome without a reload
(everything bound is unbound first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from pyscript import document, window

from ..core.messages import IllegalMove, MessageError, Msg
from ..core.registry import find_game, games
from ..core.timefmt import format_time
from ..texts import LANGUAGES, catalog
from ..texts.keys import family
from . import options
from .bars import Bar
from .clock import Clock, over_limit
from .dialogs import Dialogs
from .dom import Bindings, byid, el, keep
from .duel import PARAM as DUEL_PARAM
from .duel import DuelView
from .effects import celebrate
from .i18n import Texts, choose_language
from .input import Input
from .links import game_links, open_link, query, quoted, strip_link
from .mode import Meta
from .records import Records
from .storage import GAME_KEYS, PREVIOUS_KEY, Saved, Settings, Storage, Unreadable
from .tables import ROOMS, Choice, Room, room
from .update import UpdateOffer
from .verdict import EngineWorker, Verdict

# What works while the game is paused: everything but playing and looking at the table.
PAUSE_FREE = frozenset({"help", "settings", "settings-save", "lang", "stats", "stats-export", "stats-reset",
                        "stats-reset-yes", "stats-import", "stats-import-yes", "close-dialog", "new-cancel",
                        "conflict-take", "conflict-keep", "time-ok", "discard-unreadable", "new", "new-start",
                        "duel", "daily", "previous"})
TOOLS_BEFORE = (("undo", "↶"), ("redo", "↷"), ("hint", "?"))
TOOLS_AFTER = (("new", "✚"), ("restart", "⟲"), ("help", "ℹ"))
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
SKIPPED: Final = {"ui.link.bad_deal": "ui.link.bad_deal.skipped",
                  "ui.link.bad_pos": "ui.link.bad_pos.skipped"}
UNREADABLE_KEPT: Final = {"ui.save.unreadable": "ui.save.unreadable_kept",
                          "ui.settings.unreadable": "ui.settings.unreadable_kept"}


class App:
    def __init__(self) -> None:
        self.storage = Storage(lambda: window.localStorage, window.Date.now)
        self.settings = Settings()
        self.notes: list[Msg] = []
        self._settings_lost = False
        try:
            self.settings = self.storage.load_settings()
        except Unreadable as u:
            self.notes.append(self._unreadable_note(u, "ui.settings.unreadable"))
            self._settings_lost = True
        self.query = query(str(window.location.search))
        browser = [str(x) for x in (window.navigator.languages or [])]
        self.tx = Texts(choose_language(self.query.get("lang"), self.settings.lang, browser))
        if self.query.get("lang") in ("de", "en") and self.settings.lang != self.query["lang"]:
            self.settings.lang = self.query["lang"]
            self.storage.save_settings(self.settings)
        self.clock = Clock(window.performance.now)
        self.engine = EngineWorker()
        self.verdict = Verdict(self.engine)
        self.game: Any = None
        self.origin: str | None = None
        self.mode = Meta()
        self._table: Any = None
        self.dialogs = Dialogs(self.tx)
        self.verdict_bar = Bar("verdict", "data-verdict")
        self.notice = Bar("notice", "data-notice")
        self.chrome = Bindings()
        self.life = Bindings()
        self.input: Input | None = None
        # made in boot (both read storage and may have something to say)
        self.records: Records = None  # type: ignore[assignment]
        self.duel: DuelView = None  # type: ignore[assignment]
        self.conflict = False
        self.paused = False
        self._blocked_key: str | None = None  # unreadable data left in place (not copied aside)
        self._previous_offer = False  # a link replaced a game that can be resumed
        self._play_anyway: str | None = None  # the deal of a refused duel link
        self.timings: Any = None  # ?bench=1: per action, event -> DOM updated (ms)
        self.handler_timings: Any = None  # ?bench=1: the whole handler, save included
        if self.query.get("bench") == "1":
            self.timings = window.Array.new()
            self.handler_timings = window.Array.new()
            setattr(window, "__spiderTimings", self.timings)
            setattr(window, "__spiderHandler", self.handler_timings)

    # ------------------------------------------------------------------ what tables may use
    @property
    def table(self) -> Any:
        return self._table

    @property
    def reduced_motion(self) -> bool:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def setting(self, name: str) -> Any:
        return getattr(self.settings, name)

    def remember(self, name: str, value: Any) -> None:
        """Keep one of the player's choices (a setting's field) for the next visit."""
        setattr(self.settings, name, value)
        self.storage.save_settings(self.settings)

    def busy(self) -> bool:
        return self.paused or self.dialogs.any_open()

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

    def busy_reason(self) -> Msg | None:
        """Why the table takes no input now (said on a press), ``None`` if it does."""
        return Msg("ui.paused.blocked") if self.paused else None

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

    # ------------------------------------------------------------------ start
    def boot(self) -> None:
        """Start the page. It always starts: whatever raises while a game is mounted or
        first drawn, the next candidate takes its place (a link's game, else the saved
        game, else a fresh deal); a saved game that cannot be drawn is kept aside as an
        unreadable one is, and the message says so. The page becomes ready in every case."""
        if not self.storage.available:
            self.notes.append(Msg("ui.save.off"))
        if self._settings_lost:
            self.settings.game = self._last_saved_game()
        self.records = Records(self)
        if self.records.note is not None:
            self.notes.append(self.records.note)
        self.duel = DuelView(self)
        refusal, fresh = False, False
        try:
            game, fresh, refusal = self._from_link()
        except Exception:  # a link the checks let through but the page cannot open
            game = None
            self.notes.append(Msg("ui.link.failed"))
            refusal = True
        if game is not None and game.game_name != self.settings.game:
            self.settings.game = game.game_name  # a link to the other game: the one a reload finds
            self.storage.save_settings(self.settings)
        self._build_chrome()
        if game is not None and not self._first_mount(game, "link"):
            game, fresh = None, False
        if game is None:
            name = self.settings.game
            saved = self._resume(name)
            if saved is not None and not self._first_mount(saved, "saved"):
                saved = None
            if saved is None:
                fresh = True
                r = room(name)
                self.origin, self.mode = None, Meta()
                self.clock.reset()
                dealt = r.new_game(r.settings_variant(self.settings), self.settings)
                if not self._first_mount(dealt, "fresh"):
                    self.notes.append(Msg("ui.start.failed"))
        notes = self.notes
        self.say(notes[0] if len(notes) == 1 else " ".join(self.tx.msg(n) for n in notes), refusal=refusal)
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
        life.later(3000, lambda *_: self.verdict.allow_warming(self.game))
        self._resume_clock()

    def _first_mount(self, game: Any, source: str) -> bool:
        """Mount and first draw ``game`` (with its duel panel and its ending); ``False`` if
        anything raised: a saved game is then kept aside (its key is written afresh by the
        game that takes its place), a link's game is named, and the table is cleared."""
        try:
            self._mount(game)
            self.duel.show()
            self._endings()
            return True
        except Exception as error:  # whatever it was, the page must still start
            report(error)
        self._drop_table()
        if source == "saved":
            key = GAME_KEYS[game.game_name]
            aside = self.storage.set_aside(key)
            why = Msg("ui.save.undrawable")
            self.notes.append(Msg("ui.save.unreadable", reason=why, key=aside) if aside is not None
                              else Msg("ui.save.unreadable_kept", reason=why, key=key))
            if aside is None:
                self._blocked_key = key
        elif source == "link":
            self.notes.append(Msg("ui.link.failed"))
        self.origin, self.mode = None, Meta()
        return False

    def _drop_table(self) -> None:
        """After a failed draw: no half-built table is left behind."""
        table, self._table, self.game = self._table, None, None
        if table is not None:
            try:
                table.unmount()
            except Exception as error:
                report(error)
        byid("board").replaceChildren()

    def _last_saved_game(self) -> str:
        """With the settings unreadable: the game that has a save (of several, the one the
        start-up picture last showed), so an intact Klondike game is not hidden behind a
        fresh Spider deal."""
        saved = [info.name for info in games() if self.storage.get(info.save_key) is not None]
        if len(saved) == 1:
            return saved[0]
        shown = picture_game(self.storage.get("spider.picture"))
        return shown if shown in saved else "spider"

    def _from_link(self) -> tuple[Any, bool, bool]:
        """The game a link opens (``?deal=``, ``?pos=``), and whether the message is a refusal.
        A link that is broken is explained and changes nothing; two links that disagree
        are both named; the game a link replaces is kept so the player can go back."""
        links = [(k, v) for k, v in game_links(str(window.location.search)) if k in ("deal", "pos")]
        duel = self.query.get(DUEL_PARAM)
        search = str(window.location.search)
        if strip_link(search) != search:  # applied once, then gone (``?lang=`` alone too)
            window.history.replaceState(None, "", str(window.location.pathname) + strip_link(search))
        if not links and duel is None:
            return None, False, False
        if duel is not None and not links:
            opened_duel = self.duel.open_link(duel)
            if opened_duel is None:  # refused, or an answer: its comparison is shown
                if self.duel.refused_deal:
                    self._play_anyway = self.duel.refused_deal
                return None, False, self.duel.refused
            game, note, mode = opened_duel
            if self.storage.keep_previous(game.game_name):
                self._previous_offer = True
            self.mode = mode
            self.notes.insert(0, note)
            return game, True, False
        opened: list[tuple[str, str, Any]] = []
        failed: list[Msg] = []
        for kind, value in links:
            try:
                opened.append((kind, value, open_link(kind, value)))
            except MessageError as e:
                failed.append(e.message)
        if len(links) > 1 and len(opened) == len(links):
            self.notes.append(Msg("ui.link.two", deal=quoted(links[0][1]), pos=quoted(links[1][1])))
            return None, False, True
        if not opened:
            self.notes.extend(failed)
            return None, False, True
        # The link's other game is broken and named, without "your saved game is unchanged":
        # the game that did open replaces it (kept as the previous one).
        self.notes.extend(Msg(SKIPPED[m.key], **m.values) for m in failed)
        kind, value, game = opened[0]
        if self.storage.keep_previous(game.game_name):
            self.notes.append(Msg("ui.previous.kept"))
            self._previous_offer = True
        self.origin = value if kind == "pos" else None
        self.notes.insert(0, Msg("ui.link.deal", id=game.deal_id) if kind == "deal" else Msg("ui.link.pos"))
        return game, True, len(opened) < len(links)

    def _resume(self, name: str) -> Any:
        try:
            saved = self.storage.load_game(name)
        except Unreadable as u:
            self.notes.append(self._unreadable_note(u))
            return None
        except Exception as error:  # a check that raised instead of refusing: kept aside all the same
            report(error)
            aside = self.storage.set_aside(GAME_KEYS[name])
            why = Msg("ui.save.undrawable")
            self.notes.append(Msg("ui.save.unreadable", reason=why, key=aside) if aside is not None
                              else Msg("ui.save.unreadable_kept", reason=why, key=GAME_KEYS[name]))
            return None
        if saved is None:
            return None
        self.origin, self.mode = saved.origin, saved.mode
        self.clock.reset(saved.clock_ms)
        return saved.game

    def _unreadable_note(self, u: Unreadable, key: str = "ui.save.unreadable") -> Msg:
        """What to say of unreadable data: ``key`` names what it was (the saved game, the
        settings), ``key + "_kept"`` when it could not be copied aside."""
        if u.aside is not None:
            return Msg(key, reason=u.reason, key=u.aside)
        self._blocked_key = u.key
        return Msg(UNREADABLE_KEPT[key], reason=u.reason, key=u.key)

    # ------------------------------------------------------------------ chrome
    def _build_chrome(self) -> None:
        tx = self.tx
        root = document.documentElement
        root.setAttribute("lang", tx.lang)
        tools = byid("tools")
        tools.replaceChildren()
        tools.removeAttribute("aria-hidden")
        tools.setAttribute("aria-label", tx("ui.toolbar"))
        menu = byid("menu")
        menu.replaceChildren()
        other = "en" if tx.lang == "de" else "de"
        lang = el("button", "menu-btn", tx(LANG(lang=other)), type="button", data_action="lang", id="lang",
                  lang=other)
        menu.append(lang)
        for action, icon, key in (("duel", "⚔", "ui.menu.duel"), ("daily", "☼", "ui.menu.daily"),
                                  ("stats", "▦", "ui.menu.stats"), ("settings", "⚙", "ui.settings.title")):
            # The word shows where there is room (wide screens; under the sign on a phone,
            # where a tooltip never appears); elsewhere it is the tooltip and the name.
            button = el("button", "menu-btn", type="button", data_action=action, aria_label=tx(key),
                        title=tx(key))
            button.append(el("span", "mico", icon, aria_hidden="true"), el("span", "mlbl", tx(key),
                                                                           aria_hidden="true"))
            menu.append(button)
        byid("msg").textContent = ""
        if self._blocked_key:
            self.notice.show("unreadable", tx("ui.save.blocked"),
                             (("discard-unreadable", tx("ui.save.discard"), False),))
        if self._previous_offer:
            self.notice.show("previous", tx("ui.previous.kept"),
                             (("previous", tx("ui.previous.button"), False),))
        if self._play_anyway:
            self.notice.show("duel-link", tx("duel.link.play_anyway", deal=self._play_anyway),
                             (("play-anyway", tx("duel.btn.play_deal"), True),))

    def _build_tools(self, table: Any) -> None:
        tx = self.tx
        tools = byid("tools")
        tools.replaceChildren()
        duel = (("finish", "⚑"),) if self.duel is not None and self.duel.active else ()
        for action, icon in (*TOOLS_BEFORE, *table.tools, *duel, *TOOLS_AFTER):
            b = el("button", f"tool t-{action}", type="button", data_action=action)
            b.append(el("span", "ico", icon, aria_hidden="true"), el("span", "lbl", tx(TOOL(action=action))))
            off = TOOL_OFF(action=action)
            if off in catalog(tx.lang):
                sub = el("span", "sub", tx(off))
                sub.hidden = True
                b.append(sub)
            if action == "four_color":
                b.setAttribute("aria-pressed", "true" if self.settings.four_color else "false")
            tools.append(b)
        if self.game is not None:  # new buttons start as the game has them (not all enabled)
            self.tool("undo", enabled=self.game.can_undo)
            self.tool("redo", enabled=self.game.can_redo)

    def _mount(self, game: Any) -> None:
        """Put ``game`` on the table, with its game's table (swapping tables if needed)."""
        r = room(game.game_name)
        if self._table is not None and self._table.name != r.name:
            self._table.unmount()
            self._table = None
        self.game = game
        if self._table is None:
            self._table = r.make_table(self, game)
            self._build_tools(self._table)
            self._table.mount()
        else:
            self._build_tools(self._table)
        self._table.game = game
        document.documentElement.classList.toggle("four", self.settings.four_color)
        self._table.render()
        self._render_chrome()
        self.clock_show()

    def _render_chrome(self) -> None:
        tx, game = self.tx, self.game
        r = room(game.game_name)
        title = tx(TITLE(game=r.name))
        document.title = title
        byid("title").textContent = title
        deal_id = game.deal_id
        byid("deal-id").textContent = tx("ui.deal_id", id=deal_id) if deal_id else tx("ui.deal_id.none")
        mode = byid("mode")
        label = el("span", "mode-label", r.mode(tx, game))
        parts = [label]
        if self.mode.daily:  # it stays said while the game is played, not only at its start
            parts.append(el("span", "mode-daily", tx("daily.marker", date=self.mode.daily)))
        for action, text, name in r.mode_buttons(tx, game, self.settings):
            parts.append(el("button", "mode-other", text, type="button", data_action=action, aria_label=name))
        for other in ROOMS.values():
            if other.name != r.name:
                parts.append(el("button", "mode-switch", tx(SWITCH(game=other.name)), type="button",
                                data_action=f"switch-{other.name}"))
        mode.replaceChildren(*parts)
        self.tool("undo", enabled=game.can_undo)
        self.tool("redo", enabled=game.can_redo)
        if self.duel is not None:
            self.duel.show()

    def rebuild(self) -> None:
        """The language changed: the whole chrome again, the game and the clock as they are."""
        self.save()
        if self._table is not None:
            self._table.unmount()
            self._table = None
        self.dialogs.remove()
        self.records.remove()
        self.verdict_bar.remove()
        self.notice.remove()
        self.dialogs = Dialogs(self.tx)
        self._build_chrome()
        self._mount(self.game)

    # ------------------------------------------------------------------ clock
    def clock_show(self) -> None:
        if self._table is not None and self._table.status is not None:
            self._table.status.set("time", format_time(self.clock.value()))

    def _started(self) -> bool:
        return self.clock.value() > 0 or self.game.can_undo

    def _timed_out(self) -> bool:
        return self.mode.timeout is not None

    def _resume_clock(self) -> None:
        if self._started() and not self._over() and not self.paused and not self._timed_out() \
                and document.visibilityState == "visible":
            self.clock.run()

    def _visibility(self, _event: Any) -> None:
        if document.visibilityState == "hidden":
            self.clock.pause()
            self.save()
        else:
            self._resume_clock()
        self.clock_show()

    def _tick(self, *_: Any) -> None:
        if self.clock.running:
            self.clock_show()
            limit = self.settings.time_limit if room(self.game.game_name).timed else 0
            if over_limit(self.clock.value(), limit) and not self._timed_out():
                self._time_up(limit)

    def _time_up(self, limit: int) -> None:
        """The time limit ran out: the player is told and plays on without the clock."""
        self.clock.pause()
        self.mode = replace(self.mode, timeout=limit)
        self.clock_show()
        self.notice.show("time", self.tx("ui.time.up", n=limit),
                         (("time-ok", self.tx("ui.time.go_on"), True),))
        self.say(Msg("ui.time.up", n=limit))
        self.save()

    # ------------------------------------------------------------------ pause
    def pause(self, on: bool) -> None:
        """Pause hides the table (so a paused game cannot be studied) and stops the clock."""
        if on == self.paused or (on and self.game.is_won):
            return
        self.paused = on
        document.documentElement.classList.toggle("paused", on)
        self.tool("pause", pressed=on)
        if on:
            self.clock.pause()
            self.notice.show("paused", self.tx("ui.paused"), (("resume", self.tx("ui.resume"), True),))
            self.say(Msg("ui.paused"))
        else:
            self.notice.hide("paused")
            self._resume_clock()
            self.say(Msg("ui.resumed"))
        self.clock_show()
        self.save()

    # ------------------------------------------------------------------ saving and two tabs
    def save(self, *, force: bool = False) -> None:
        if self.game is None:
            return
        if self.conflict and not force:
            return  # another tab has a newer game: nothing is written until the player decides
        result = self.storage.save_game(self.game.game_name, self.game, self.clock.value(), self.origin,
                                        self.mode, force=force)
        if result == "conflict":
            self._conflict()
        elif result == "failed":
            self.say(Msg("ui.save.failed"), refusal=True)

    def _storage_event(self, event: Any) -> None:
        key = event.key
        if self.game is not None and key == GAME_KEYS.get(self.game.game_name) \
                and self.storage.changed_elsewhere(str(key)):
            self._conflict()

    def _conflict(self) -> None:
        self.conflict = True
        self.notice.show("conflict", self.tx("ui.tabs.changed"),
                         (("conflict-take", self.tx("ui.tabs.take"), True),
                          ("conflict-keep", self.tx("ui.tabs.keep"), False)))

    def _take_newer(self) -> None:
        try:
            saved = self.storage.adopt(self.game.game_name)
        except Unreadable as u:
            self.say(self._unreadable_note(u), refusal=True)
            return
        self.conflict = False
        self.notice.hide("conflict")
        if saved is not None:
            self._start_saved(saved, Msg("ui.tabs.taken"))

    def _start_saved(self, saved: Saved, note: Msg) -> None:
        self.dialogs.close_all()
        self._position_changed()
        self.origin, self.mode = saved.origin, saved.mode
        self.clock.reset(saved.clock_ms)
        self._mount(saved.game)
        self.say(note)
        self._resume_clock()
        self._endings()

    # ------------------------------------------------------------------ acting
    def _record(self, t0: float) -> None:
        if self.timings is not None:
            self.timings.push(window.performance.now() - t0)

    def act(self, do: Callable[[], Any], kind: str, t0: float | None = None) -> None:
        """One player action: ``do()`` plays it (or raises :class:`IllegalMove` with the
        reason, shown as a refusal), then one render, the announcement, one save."""
        t0 = window.performance.now() if t0 is None else t0
        try:
            step = do()
        except IllegalMove as e:
            self.say(e.message, refusal=True)
            self._record(t0)
            return
        try:
            table = self._table
            table.render(step, kind)
            parts = table.announce(step, kind)
            text = " ".join(self.tx.msg(m) for m in parts)
            self.say(Msg("verbatim", text=text) if len(parts) != 1 else parts[0])
        except Exception as error:  # the move stands; the table is drawn again from the game
            self._render_failed(error)
        self.tool("undo", enabled=self.game.can_undo)
        self.tool("redo", enabled=self.game.can_redo)
        self._record(t0)
        self._position_changed()
        if self._over():
            self.clock.pause()
            self.clock_show()
        elif document.visibilityState == "visible" and not self._timed_out():
            self.clock.run()
        self.save()
        self._endings(celebrate_win=kind != "undo")
        if self.handler_timings is not None:
            self.handler_timings.push(window.performance.now() - t0)

    def _render_failed(self, error: BaseException) -> None:
        """Drawing after an action raised: the action stands as the engine has it (its save
        and undo too); the player is told once, and the table is built again from the game,
        so the next drawing is right."""
        report(error)
        self.say(Msg("ui.render.failed"), refusal=True)
        try:
            game = self.game
            if self._table is not None:
                self._table.unmount()
            self._table = None
            self._mount(game)
        except Exception as again:
            report(again)

    def guard(self, call: Callable[[], Any]) -> Any:
        """Run what an event asks for and give its value; anything it raises is reported
        once and drawn over (``None`` then): never an exception out of an event handler,
        never a silent nothing."""
        try:
            return call()
        except Exception as error:
            self._render_failed(error)
            return None

    def _endings(self, *, celebrate_win: bool = False) -> None:
        """A won game: the celebration, the statistics, then the result (a duel's comparison,
        or the won dialog); a game with no move left: the stuck dialog."""
        game, tx = self.game, self.tx
        if game.is_won:
            self.dialogs.close("stuck")
            if celebrate_win and not self.reduced_motion:
                celebrate()
            if self.duel.info is not None:
                if self.duel.active:
                    self.duel.finish()
                return
            self.mode = self.records.ended(game, self.mode, self.clock.value())
            facts = [("time", format_time(self.clock.value())), *self._table.won_facts()]
            extra: list[tuple[str, str]] = []
            if game.game_name == "spider" and game.deal_id:
                extra.append(("challenge", tx("duel.btn.challenge")))
            if self.mode.daily:
                extra.append(("share", tx("daily.btn.share")))
            self.dialogs.open_won(tx("ui.won.title"), tx(WON_TEXT(game=game.game_name)), facts,
                                  game.deal_id, extra, tx(room(game.game_name).won_again))
        elif game.is_stuck:
            stuck: list[tuple[str, str]] = []
            if self.duel.active:
                stuck.append(("finish-yes", tx("ui.btn.finish")))
            if self.mode.daily:
                stuck.append(("share", tx("daily.btn.share")))  # a lost daily deal is shared too
            self.dialogs.open_stuck(tx(STUCK_TEXT(game=game.game_name)), tuple(stuck),
                                    can_undo=game.can_undo)

    def _position_changed(self) -> None:
        """A check of the old position is no longer wanted; its bar goes."""
        self.verdict.cancel()
        self.verdict_bar.hide()
        self.verdict.warm(self.game)

    # ------------------------------------------------------------------ hint and verdict
    def hint(self) -> None:
        """The engine's hint; when every card is known, first the solver's verdict: a proved
        loss shows the verdict bar, a found win makes the hint the first move of the winning
        line, anything else the normal hint."""
        game = self.game
        self._count_hint()
        if game.all_known and not game.is_won and not game.is_stuck:
            # The bar says it in full; the live region only briefly (not the same sentence twice).
            self.verdict_bar.show("checking", self.tx("ui.verdict.checking"))
            self.say(Msg("ui.verdict.checking.short"))
            self.verdict.ask(game, self._verdict)
            return
        self._normal_hint()

    def _count_hint(self) -> None:
        self.mode = replace(self.mode, hints=self.mode.hints + 1)

    def _normal_hint(self) -> None:
        h = self.game.hint()
        self._table.show_hint(h.move)
        self.say(h.message)

    def _verdict(self, result: dict[str, Any]) -> None:
        self.verdict_bar.hide()
        status = result.get("status")
        if status == "unsolvable":
            self._table.clear_hint()
            self.verdict_bar.show("lost", self.tx("ui.verdict.lost"),
                                  (("verdict-restart", self.tx("ui.verdict.restart"), True),
                                   ("verdict-new", self.tx("ui.verdict.new"), False)))
            self.say(Msg("ui.verdict.lost.short"))
        elif status == "solved" and result.get("line"):
            move_class = find_game(self.game.game_name).module().Move
            move = move_class.from_text(str(result["line"][0]))
            self._table.show_hint(move)
            self.say(Msg("ui.verdict.win", move=self._table.describe(move)))
        else:
            self._normal_hint()

    # ------------------------------------------------------------------ games
    def start(self, game: Any, origin: str | None, note: Msg, mode: Meta | None = None, *,
              keep: bool = False, kept_note: str = "ui.previous.kept") -> None:
        """A new game takes the table's place. ``keep``: a way the player did not confirm
        (same cards again, the daily deal, the mode line): a started, unfinished game it
        replaces is kept to come back to ("Vorheriges Spiel fortsetzen", ``kept_note`` says
        so) and counts only when it ends or is displaced for good. Otherwise (the new-game
        dialog, a duel) the one it replaces counts as played if it was started (abandoned,
        or lost when no move was left)."""
        self.dialogs.close_all()
        kept = keep and self._keep_current()
        if not kept:
            self._leave()
        self.game_switch_save(game)
        self._position_changed()
        self.origin, self.mode = origin, mode or Meta()
        self.clock.reset()
        self.pause(False)
        self.notice.hide("time")
        self._mount(game)
        self.say(note)
        self.save()
        if kept:
            self.notice.show("previous", self.tx(kept_note),
                             (("previous", self.tx("ui.previous.button"), False),))

    def _keep_current(self) -> bool:
        """Keep the game on the table (started, not over) as the one to come back to; the game
        it displaces from there is gone for good and counts as abandoned if it was started."""
        game = self.game
        if game is None or not self._started() or self._over() or self.mode.recorded:
            return False
        self.clock.pause()
        self.save()
        return self.keep_previous(game.game_name)

    def keep_previous(self, name: str) -> bool:
        """``name``'s saved game becomes the previous one (see :meth:`_keep_current`)."""
        displaced = self.storage.previous()
        if not self.storage.keep_previous(name):
            return False
        if displaced is not None:
            _old, saved = displaced
            saved.mode = self.records.left(saved.game, saved.mode, saved.clock_ms)
        return True

    def _leave(self) -> None:
        game = self.game
        if game is None or game.is_won:
            return
        if game.is_stuck or self.verdict_bar.state == "lost":
            self.mode = self.records.ended(game, self.mode, self.clock.value())
        else:
            self.mode = self.records.left(game, self.mode, self.clock.value())

    def game_switch_save(self, game: Any) -> None:
        """Before another game goes on the table: the running one is saved as it is, and a
        switch of game is remembered."""
        if self.game is not None:
            self.clock.pause()
            self.save()
        if self.settings.game != game.game_name:
            self.settings.game = game.game_name
            self.storage.save_settings(self.settings)

    def level_of(self, game: Any) -> str | None:
        """The level of the game on the table: the one it was dealt from, else the level
        list its deal is on (``None``: a deal on none, a position)."""
        if game is self.game and self.mode.level is not None:
            return self.mode.level
        return find_game(game.game_name).level_of(game.deal_id)

    def new_game(self, choice: Choice, level: str) -> None:
        r = room(choice.game)
        self.settings.level = level
        game = r.new_game(choice.variant, self.settings)
        r.remember(self.settings, game)
        self.storage.save_settings(self.settings)
        mode = Meta(level=level) if r.has_levels else Meta()
        self.start(game, None, Msg("ui.new_game", mode=r.mode(self.tx, game), id=game.deal_id or ""), mode)

    def daily(self) -> None:
        """Today's deal (the player's local date) of the game and variant on the table."""
        from ..daily import daily_deal_id

        today = window.Date.new()
        iso = f"{int(today.getFullYear()):04d}-{int(today.getMonth()) + 1:02d}-{int(today.getDate()):02d}"
        r = room(self.game.game_name)
        variant = self.game.variant
        try:
            deal_id = daily_deal_id(r.name, variant, _date(iso))
        except MessageError as e:
            self.say(e.message, refusal=True)
            return
        if self.mode.daily == iso and self.game.deal_id == deal_id:
            self.say(Msg("daily.already", date=iso))
            return
        game = r.new_game(variant, self.settings, deal_id)
        mode = Meta(daily=iso, level="normal" if r.has_levels else None)
        self.start(game, None, Msg("daily.deal", date=iso), mode, keep=True)

    def share_daily(self) -> None:
        from ..daily import share_text

        mode, game = self.mode, self.game
        text = share_text(self.tx.lang, game.game_name, game.variant, _date(str(mode.daily)),
                          bool(game.is_won), int(self.clock.value()), game.moves_count)
        self.copy(text, Msg("daily.shared"))

    def restart(self) -> None:
        """Same cards again. The game it replaces is kept: the notice offers it back."""
        game = self.game
        if game.deal_id:
            fresh = find_game(game.game_name).module().Game.new(deal_id=game.deal_id)
        elif self.origin is not None:
            fresh = type(game).from_text(self.origin)
        else:
            return
        if hasattr(game, "lenient_deal"):
            fresh.lenient_deal = game.lenient_deal
        # The same facts (level, daily deal, duel), counted afresh: a new game of the same cards.
        mode = replace(self.mode, hints=0, recorded=False, timeout=None)
        self.start(fresh, self.origin, Msg("ui.restart"), mode, keep=True, kept_note="ui.previous.restart")

    def switch_variant(self, choice: Choice, level: str) -> None:
        """The mode line's other variant (Klondike's other draw count): back to that
        variant's own game when the one kept to come back to is of it, else a new game at
        the same level; the game on the table is kept to come back to."""
        found = self.storage.previous()
        if found is not None and found[0] == choice.game and found[1].game.variant == choice.variant \
                and not found[1].game.is_won:
            self.resume_previous()
            return
        r = room(choice.game)
        self.settings.level = level
        game = r.new_game(choice.variant, self.settings)
        r.remember(self.settings, game)
        self.storage.save_settings(self.settings)
        mode = Meta(level=level) if r.has_levels else Meta()
        self.start(game, None, Msg("ui.new_game", mode=r.mode(self.tx, game), id=game.deal_id or ""), mode,
                   keep=True)

    def resume_previous(self) -> None:
        """Back to the game a link or "same cards again" replaced; the one on the table takes
        its place, so the player can switch back again."""
        found = self.storage.previous()
        if found is None:
            return
        name, saved = found
        self.game_switch_save(saved.game)
        if self.game.game_name == name:
            self.storage.keep_previous(name)  # the two swap places: nothing is displaced
        else:  # the game on the table stays under its own key, found by the mode line's switch
            self.storage.remove(PREVIOUS_KEY)
        self.notice.hide("previous")
        self._start_saved(saved, Msg("ui.previous.resumed"))
        self.save(force=True)

    def switch_to(self, name: str) -> None:
        """The other game of the house: its own save as it was left, or a new game."""
        r: Room = room(name)
        try:
            saved = self.storage.load_game(name)
        except Unreadable as u:
            self.say(self._unreadable_note(u), refusal=True)
            saved = None
        if saved is not None:
            self.game_switch_save(saved.game)
            self._start_saved(saved, Msg("ui.switched", mode=r.mode(self.tx, saved.game)))
            return
        game = r.new_game(r.settings_variant(self.settings), self.settings)
        self.start(game, None, Msg("ui.new_game", mode=r.mode(self.tx, game), id=game.deal_id or ""))

    # ------------------------------------------------------------------ buttons
    def action(self, name: str) -> None:
        game, tx = self.game, self.tx
        if self._duel_action(name):
            return
        if name in ("pause", "resume"):
            self.pause(name == "pause" and not self.paused)
            return
        if self.paused and name not in PAUSE_FREE:
            self.say(Msg("ui.paused.blocked"), refusal=True)  # said, never a silent nothing
            return
        if self._table.action(name):
            return
        if name == "undo":
            self.act(game.undo, "undo")
        elif name == "redo":
            self.act(game.redo, "redo")
        elif name == "hint":
            self.hint()
        elif name in ("new", "won-new", "stuck-new", "verdict-new"):
            self.dialogs.close_all()
            r = room(game.game_name)
            current = Choice(r.name, r.settings_variant(self.settings))
            prev = self.storage.previous()
            label = room(prev[0]).mode(tx, prev[1].game) if prev else None
            self.dialogs.open_new(current, self.settings.level, label)
        elif name in ("restart", "won-restart", "stuck-restart", "verdict-restart"):
            self.restart()
        elif name == "four_color":
            self.settings.four_color = not self.settings.four_color
            document.documentElement.classList.toggle("four", self.settings.four_color)
            self.tool("four_color", pressed=self.settings.four_color)
            self.storage.save_settings(self.settings)
        elif name == "new-start":
            choice, level = self.dialogs.chosen(), self.dialogs.chosen_level()
            self.dialogs.close("newgame")
            self.new_game(choice, level)
        elif name in ("new-cancel", "close-dialog"):
            self.dialogs.close_all()
        elif name == "stuck-undo":
            self.dialogs.close("stuck")
            self.act(game.undo, "undo")
        elif name == "copy-id":
            self._copy(game.deal_id or "")
        elif name == "previous":
            self.dialogs.close_all()
            self.resume_previous()
        elif name.startswith("switch-"):
            self.switch_to(name.removeprefix("switch-"))
        elif name == "help":
            self.dialogs.open_help(self._help_sections())
        elif name == "settings":
            rows = options.options(self.tx.lang)
            self.dialogs.open_settings(options.values(self.settings, self.tx.lang), rows)
        elif name == "settings-save":
            values = self.dialogs.settings_values(options.options(self.tx.lang))
            if values is not None:  # else the field says what is wrong; the dialog stays
                self._apply_settings(values)
        elif name == "lang":
            self._apply_settings({"lang": "en" if tx.lang == "de" else "de"})
        elif name == "conflict-take":
            self._take_newer()
        elif name == "conflict-keep":
            self.conflict = False
            self.notice.hide("conflict")
            self.save(force=True)
        elif name == "time-ok":
            self.notice.hide("time")
        elif name == "discard-unreadable":
            if self._blocked_key:
                self.storage.remove(self._blocked_key)
                self._blocked_key = None
            self.notice.hide("unreadable")
            self.save()

    def _duel_action(self, name: str) -> bool:
        """The duel's, the statistics' and the daily deal's buttons."""
        duel, records, tx = self.duel, self.records, self.tx
        simple: dict[str, Callable[[], None]] = {
            "duel-start": duel.start_from_dialog, "duel-pace": duel.pace, "duel-next": duel.next_player,
            "duel-copy-answer": duel.copy_answer, "challenge": duel.offer_challenge,
            "duel-result": duel.conclude,
            "challenge-copy": duel.copy_challenge, "stats-export": records.export,
            "daily": self.daily, "share": self.share_daily,
        }
        if name in simple:
            simple[name]()
        elif name == "duel":
            self.dialogs.close_all()
            duel.open_dialog(self.settings.suits)
        elif name == "finish":
            self.dialogs.open_confirm(tx("duel.finish.confirm"), ("finish-yes", tx("ui.btn.finish")))
        elif name == "finish-yes":
            self.dialogs.close_all()
            duel.finish()
            self._build_tools(self._table)
            self._table.render()
        elif name == "stats":
            self.dialogs.close_all()
            records.open(records.key_of(self.game, self.mode))
        elif name == "stats-reset":
            self.dialogs.open_confirm(tx("stats.reset.confirm"), ("stats-reset-yes", tx("stats.btn.reset")))
        elif name == "stats-reset-yes":
            self.dialogs.close("confirm")
            records.reset()
        elif name == "stats-import":
            yes = ("stats-import-yes", tx("stats.btn.import"))
            self.dialogs.open_confirm(tx("stats.import.confirm"), yes)
        elif name == "stats-import-yes":
            self.dialogs.close("confirm")
            records.choose_file()
        elif name == "play-anyway" and self._play_anyway:
            deal, self._play_anyway = self._play_anyway, None
            self.notice.hide("duel-link")
            self.start(room("spider").new_game(4, self.settings, deal), None, Msg("ui.link.deal", id=deal))
        else:
            return False
        return True

    def _copy(self, text: str) -> None:
        if text:
            self.copy(text, Msg("ui.copied", id=text))

    def copy(self, text: str, done: Msg) -> None:
        """Put ``text`` on the clipboard and say ``done`` (or show the text when that fails)."""
        ok = keep(lambda *_: self.say(done))
        bad = keep(lambda *_: self.say(Msg("ui.copy_failed", id=text)))
        try:
            window.navigator.clipboard.writeText(text).then(ok, bad)
        except Exception:  # no clipboard API (insecure context)
            bad()

    def clock_ms(self) -> float:
        return self.clock.value()

    def clock_running(self) -> bool:
        return self.clock.running

    def stop_clock(self) -> None:
        self.clock.pause()
        self.clock_show()

    def _over(self) -> bool:
        """Won, or ended in a duel: the clock stays stopped."""
        info = self.duel.info if self.duel is not None else None
        return bool(self.game.is_won or (info is not None and info.ended))

    def link_to(self, param: str, value: str) -> str:
        """A link to this page (wherever it is served) with one query parameter."""
        return f"{window.location.origin}{window.location.pathname}?{param}={value}"

    # ------------------------------------------------------------------ settings and help
    def _apply_settings(self, values: dict[str, Any]) -> None:
        """Take what the settings dialog (or the language button) chose; only what changed
        is redrawn (the language or the card letters: the whole page)."""
        s = self.settings
        self.dialogs.close("settings")
        changed = options.take(s, values)
        self.storage.save_settings(s)
        if "lenient_deal" in changed and hasattr(self.game, "lenient_deal"):
            self.game.lenient_deal = s.lenient_deal
            self.save()
        document.documentElement.classList.toggle("four", s.four_color)
        self.tool("four_color", pressed=s.four_color)
        lang = s.lang if s.lang in ("de", "en") else self.tx.lang
        if lang != self.tx.lang or "card_letters" in changed:
            self.tx = Texts(lang)
            self.rebuild()
            self.say(Msg("ui.lang.switched" if "lang" in changed else "ui.settings.saved"))
            return
        self._table.render()
        self.say(Msg("ui.settings.saved"))

    def _help_sections(self) -> list[tuple[str, list[str]]]:
        """How to play for the game on the table: its own sections first (its room says
        which), each a heading and its paragraphs."""
        tx = self.tx
        keys = room(self.game.game_name).help
        return [(tx(HELP(section=key, part="title")), tx(HELP(section=key, part="text")).split("\n\n"))
                for key in keys]


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
    from ..core.saves import load_json

    try:
        doc = load_json(raw) if raw else None
    except MessageError:
        return None
    game = doc.get("game") if isinstance(doc, dict) else None
    return game if isinstance(game, str) else None


def _date(iso: str) -> Any:
    import datetime

    return datetime.date.fromisoformat(iso)


def start() -> App:
    app = App()
    app.boot()
    return app
