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
from typing import Any

from pyscript import document, window

from ..core.messages import IllegalMove, MessageError, Msg
from ..core.registry import find_game
from ..core.timefmt import format_time
from ..texts import catalog
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
from .records import Records
from .records import key_of as records_key
from .storage import GAME_KEYS, Saved, Settings, Storage, Unreadable
from .tables import ROOMS, Choice, Room, room
from .update import UpdateOffer
from .verdict import EngineWorker, Verdict

TOOLS_BEFORE = (("undo", "↶"), ("redo", "↷"), ("hint", "?"))
TOOLS_AFTER = (("new", "✚"), ("restart", "⟲"), ("help", "ℹ"))
SETTINGS = [("lang", "lang"), ("four_color", "check"), ("lenient_deal", "check"), ("points", "check"),
            ("time_limit", "minutes")]


class App:
    def __init__(self) -> None:
        self.storage = Storage(lambda: window.localStorage, window.Date.now)
        self.settings = Settings()
        self.notes: list[Msg] = []
        try:
            self.settings = self.storage.load_settings()
        except Unreadable as u:
            self.notes.append(self._unreadable_note(u))
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
        self.mode: dict[str, Any] | None = None
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

    def busy(self) -> bool:
        return self.paused or self.dialogs.any_open()

    def say(self, message: Msg | str, *, refusal: bool = False) -> None:
        msg = byid("msg")
        if isinstance(message, Msg):
            msg.textContent = self.tx.msg(message)
            msg.setAttribute("data-key", message.key)
        else:
            msg.textContent = message
            msg.removeAttribute("data-key")
        msg.classList.toggle("refusal", refusal)

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
        if not self.storage.available:
            self.notes.append(Msg("ui.save.off"))
        name = self.settings.game
        self.records = Records(self)
        if self.records.note is not None:
            self.notes.append(self.records.note)
        self.duel = DuelView(self)
        game, fresh, refusal = self._from_link()
        if game is None:
            game = self._resume(name)
        elif game.game_name != name:  # a link to the other game: the one a reload finds
            self.settings.game = game.game_name
            self.storage.save_settings(self.settings)
        if game is None:
            r = room(name)
            game = r.new_game(r.settings_variant(self.settings), self.settings)
            fresh = True
        self._build_chrome()
        self._mount(game)
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
        self.duel.show()
        self._endings()

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
        self.notes.extend(Msg(m.key + ".skipped", **m.values) for m in failed)
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
        if saved is None:
            return None
        self.origin, self.mode = saved.origin, saved.mode
        self.clock.reset(saved.clock_ms)
        return saved.game

    def _unreadable_note(self, u: Unreadable) -> Msg:
        if u.aside is not None:
            return Msg("ui.save.unreadable", reason=u.reason, key=u.aside)
        self._blocked_key = u.key
        return Msg("ui.save.unreadable_kept", reason=u.reason, key=u.key)

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
        lang = el("button", "menu-btn", tx(f"ui.lang.{other}"), type="button", data_action="lang", id="lang",
                  lang=other)
        menu.append(lang)
        for action, icon, key in (("duel", "⚔", "ui.menu.duel"), ("daily", "☼", "ui.menu.daily"),
                                  ("stats", "▦", "ui.menu.stats"), ("settings", "⚙", "ui.settings.title")):
            menu.append(el("button", "menu-btn", icon, type="button", data_action=action, aria_label=tx(key),
                           title=tx(key)))
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
            b.append(el("span", "ico", icon, aria_hidden="true"), el("span", "lbl", tx(f"ui.btn.{action}")))
            off = f"ui.btn.{action}.off"
            if off in catalog(tx.lang):
                sub = el("span", "sub", tx(off))
                sub.hidden = True
                b.append(sub)
            if action == "four_color":
                b.setAttribute("aria-pressed", "true" if self.settings.four_color else "false")
            tools.append(b)

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
        title = tx(f"ui.title.{r.name}")
        document.title = title
        byid("title").textContent = title
        deal_id = game.deal_id
        byid("deal-id").textContent = tx("ui.deal_id", id=deal_id) if deal_id else tx("ui.deal_id.none")
        mode = byid("mode")
        label = el("span", "mode-label", r.mode(tx, game))
        parts = [label]
        for action, text, name in r.mode_buttons(tx, game, self.settings):
            parts.append(el("button", "mode-other", text, type="button", data_action=action, aria_label=name))
        for other in ROOMS.values():
            if other.name != r.name:
                parts.append(el("button", "mode-switch", tx(f"ui.switch.{other.name}"), type="button",
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
        return bool(self.mode and self.mode.get("timeout"))

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
        self.mode = {**(self.mode or {}), "timeout": limit}
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
        table = self._table
        table.render(step, kind)
        self.tool("undo", enabled=self.game.can_undo)
        self.tool("redo", enabled=self.game.can_redo)
        parts = table.announce(step, kind)
        text = " ".join(self.tx.msg(m) for m in parts)
        self.say(Msg("verbatim", text=text) if len(parts) != 1 else parts[0])
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
            self.records.ended(game, self._mode(), self.clock.value())
            facts = [("time", format_time(self.clock.value())), *self._table.won_facts()]
            extra: list[tuple[str, str]] = []
            if game.game_name == "spider" and game.deal_id:
                extra.append(("challenge", tx("duel.btn.challenge")))
            if self._mode().get("daily"):
                extra.append(("share", tx("daily.btn.share")))
            self.dialogs.open_won(tx("ui.won.title"), tx(f"ui.won.text.{game.game_name}"), facts,
                                  game.deal_id, extra, tx(room(game.game_name).won_again))
        elif game.is_stuck:
            stuck: list[tuple[str, str]] = []
            if self.duel.active:
                stuck.append(("finish-yes", tx("ui.btn.finish")))
            if self._mode().get("daily"):
                stuck.append(("share", tx("daily.btn.share")))  # a lost daily deal is shared too
            self.dialogs.open_stuck(tx(f"ui.stuck.text.{game.game_name}"), tuple(stuck))

    def _mode(self) -> dict[str, Any]:
        """The running game's saved facts (duel, daily deal, level, hints, recorded), made on use."""
        if self.mode is None:
            self.mode = {}
        return self.mode

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
        mode = self._mode()
        mode["hints"] = int(mode.get("hints", 0)) + 1

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
    def start(self, game: Any, origin: str | None, note: Msg, mode: dict[str, Any] | None = None) -> None:
        """A new game takes the table's place; the one it replaces counts as played if it
        was started (abandoned, or lost when no move was left)."""
        self.dialogs.close_all()
        self._leave()
        self.game_switch_save(game)
        self._position_changed()
        self.origin, self.mode = origin, mode
        self.clock.reset()
        self.pause(False)
        self.notice.hide("time")
        self._mount(game)
        self.say(note)
        self.save()

    def _leave(self) -> None:
        game = self.game
        if game is None or game.is_won:
            return
        if game.is_stuck or self.verdict_bar.state == "lost":
            self.records.ended(game, self._mode(), self.clock.value())
        else:
            self.records.left(game, self._mode(), self.clock.value())

    def game_switch_save(self, game: Any) -> None:
        """Before another game goes on the table: the running one is saved as it is, and a
        switch of game is remembered."""
        if self.game is not None:
            self.clock.pause()
            self.save()
        if self.settings.game != game.game_name:
            self.settings.game = game.game_name
            self.storage.save_settings(self.settings)

    def new_game(self, choice: Choice, level: str) -> None:
        r = room(choice.game)
        self.settings.level = level
        game = r.new_game(choice.variant, self.settings)
        r.remember(self.settings, game)
        self.storage.save_settings(self.settings)
        mode = {"level": level} if r.has_levels else None
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
        game = r.new_game(variant, self.settings, deal_id)
        mode: dict[str, Any] = {"daily": iso}
        if r.has_levels:
            mode["level"] = "normal"
        self.start(game, None, Msg("daily.deal", date=iso), mode)

    def share_daily(self) -> None:
        from ..daily import share_text

        mode, game = self._mode(), self.game
        text = share_text(self.tx.lang, game.game_name, game.variant, _date(str(mode.get("daily"))),
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
        kept = self._started() and self.storage.keep_previous(game.game_name)
        self.start(fresh, self.origin, Msg("ui.restart"), self.mode)
        if kept:
            self.notice.show("previous", self.tx("ui.previous.restart"),
                             (("previous", self.tx("ui.previous.button"), False),))

    def resume_previous(self) -> None:
        """Back to the game a link or "same cards again" replaced; the one on the table takes
        its place, so the player can switch back again."""
        found = self.storage.previous()
        if found is None:
            return
        name, saved = found
        self.game_switch_save(saved.game)
        if self.game.game_name == name:
            self.storage.keep_previous(name)
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
        if self.paused:
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
            self.dialogs.open_settings(self._settings_values(), SETTINGS)
        elif name == "settings-save":
            values = self.dialogs.settings_values(SETTINGS)
            if values is not None:  # else the field says what is wrong; the dialog stays
                self._apply_settings(values)
        elif name == "lang":
            self._apply_settings({**self._settings_values(), "lang": "en" if tx.lang == "de" else "de"})
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
            records.open(records_key(self.game, self._mode()))
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
        return bool(self.game.is_won or (info is not None and info.get("ended")))

    def link_to(self, param: str, value: str) -> str:
        """A link to this page (wherever it is served) with one query parameter."""
        return f"{window.location.origin}{window.location.pathname}?{param}={value}"

    # ------------------------------------------------------------------ settings and help
    def _settings_values(self) -> dict[str, Any]:
        s = self.settings
        return {"lang": self.tx.lang, "four_color": s.four_color, "lenient_deal": s.lenient_deal,
                "points": s.points, "time_limit": s.time_limit}

    def _apply_settings(self, values: dict[str, Any]) -> None:
        s = self.settings
        self.dialogs.close("settings")
        s.four_color = bool(values["four_color"])
        s.lenient_deal = bool(values["lenient_deal"])
        s.points = bool(values["points"])
        s.time_limit = int(values["time_limit"])
        lang = values["lang"] if values["lang"] in ("de", "en") else self.tx.lang
        s.lang = lang
        self.storage.save_settings(s)
        if hasattr(self.game, "lenient_deal"):
            self.game.lenient_deal = s.lenient_deal
            self.save()
        document.documentElement.classList.toggle("four", s.four_color)
        self.tool("four_color", pressed=s.four_color)
        if lang != self.tx.lang:
            self.tx = Texts(lang)
            self.rebuild()
            self.say(Msg("ui.lang.switched"))
            return
        self._table.render()
        self.say(Msg("ui.settings.saved"))

    def _help_sections(self) -> list[tuple[str, list[str]]]:
        tx = self.tx
        first = self.game.game_name
        names = [first, *[n for n in ROOMS if n != first]]
        keys = [f"help.{n}" for n in names] + ["help.moving", "help.keys", "help.hint", "help.ids"]
        out = []
        for key in keys:
            out.append((tx(f"{key}.title"), tx(f"{key}.text").split("\n\n")))
        return out


def _date(iso: str) -> Any:
    import datetime

    return datetime.date.fromisoformat(iso)


def start() -> App:
    app = App()
    app.boot()
    return app
