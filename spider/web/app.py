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

from ..core.messages import Msg
from ..core.registry import Solitaire
from ..core.timefmt import format_time
from ..texts import LANGUAGES
from .analysis_panel import AnalysisPanel
from .buttons import Buttons
from .chrome import Chrome
from .control import Answer
from .dialogs import Dialogs
from .dom import Bindings, byid
from .duel_panel import DuelPanel
from .effects import celebrate
from .i18n import Texts, choose_language
from .input import Input
from .jsdom import Event
from .links import query, strip_link
from .looks import pace
from .records import Records
from .rooms import room
from .session import Outcome, Session
from .settings_view import SettingsView
from .storage import Storage
from .tables.base import Table
from .update import UpdateOffer
from .verdict import EngineWorker, Verdict

# What works while the game is paused: everything but playing and looking at the table.
PAUSE_FREE: Final = frozenset({"pause", "resume", "help", "close-dialog", "new-cancel", "conflict-take",
                               "conflict-keep", "time-ok", "discard-unreadable", "new", "new-start", "daily",
                               "previous"})  # and what the modules register as paused_ok


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
        self.chrome = Chrome(self)
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
        self.buttons = Buttons(self, lambda: self.analysis.flow.can_end_for_it())
        self.records = Records(self)
        self.settings_view = SettingsView(self)
        self.duel = DuelPanel(self)
        self.analysis = AnalysisPanel(self, self.duel.flow)

    # ------------------------------------------------------------------ what the modules may use
    @property
    def game(self) -> Solitaire:
        return self.session.game

    @property
    def reduced_motion(self) -> bool:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    @property
    def motion(self) -> float:
        """How long animations take, as a share of their normal time (0: none): the
        Animations setting, and none at all when the browser asks for reduced motion."""
        return pace(str(self.session.settings.animations), self.reduced_motion)

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
        return self.session.paused or self.dialogs.any_open() or self.analysis.replaying

    def busy_reason(self) -> Msg | None:
        """Why the table takes no input now (said on a press), ``None`` if it does."""
        if self.analysis.replaying:
            return Msg("replay.busy")
        return Msg("ui.paused.blocked") if self.session.paused else None

    def say(self, message: Msg | str, *, refusal: bool = False) -> None:
        self.chrome.say(message, refusal=refusal)

    def tool(self, name: str, *, enabled: bool | None = None, pressed: bool | None = None,
             shown: bool | None = None) -> None:
        self.chrome.tool(name, enabled=enabled, pressed=pressed, shown=shown)

    def copy(self, text: str, done: Msg) -> None:
        self.chrome.copy(text, done)

    def link_to(self, param: str, value: str) -> str:
        return self.chrome.link_to(param, value)

    # ------------------------------------------------------------------ start
    def boot(self) -> None:
        """Start the page. It always starts: whatever raises while a game is mounted or
        first drawn, the next candidate takes its place (a link's game, else the saved
        game, else a fresh deal); a saved game that cannot be drawn is kept aside as an
        unreadable one is, and the message says so. The page becomes ready in every case."""
        s = self.session
        s.start_notes()
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
        self.chrome.build()
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
        # The notices the start leaves standing, once the saved game was read (its unreadable
        # data left in place among them), drawn before the sentence that may repeat them.
        s.start_notices()
        self.chrome.state()
        notes = s.notes
        self.say(notes[0] if len(notes) == 1 else " ".join(self.tx.msg(n) for n in notes), refusal=refusal)
        self.chrome.state()
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
        game, fresh, refusal = s.from_link(search)
        if game is not None or refusal:
            return game, fresh, refusal
        return self.duel.from_link(self.query)

    def _first_mount(self, game: Solitaire, source: str) -> bool:
        """Mount and first draw ``game`` (with its duel panel and its ending); ``False`` if
        anything raised: a saved game is then kept aside (its key is written afresh by the
        game that takes its place), a link's game is named, and the table is cleared."""
        try:
            self.session.game = game
            self._mount()
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
            self.chrome.tools(self.table.tools, self.duel.flow.active)
            self.table.mount()
        else:
            self.chrome.tools(self.table.tools, self.duel.flow.active)
        self.table.game = game
        document.documentElement.classList.toggle("four", self.session.settings.four_color)
        self.table.render()
        self.chrome.header()
        self.duel.show()
        self.clock_show()
        self.chrome.state()  # the toolbar, built anew, as the game has it (undo, redo, pause)

    def rebuild_tools(self) -> None:
        """The toolbar again (a duel's "Fertig" comes or goes) and the table drawn anew."""
        if self.table is not None:
            self.chrome.tools(self.table.tools, self.duel.flow.active)
            self.table.render()
            self.chrome.state()

    def show_position(self, game: Solitaire | None, mark: object = None) -> None:
        """The replay: ``game`` on the table with every card face up and ``mark`` (the move
        played from there) marked as a hint is; ``None``: the game on the table again."""
        table = self.table
        if table is None:
            return
        table.reveal = game is not None
        table.game = game if game is not None else self.session.game
        table.render()
        table.show_hint(mark)
        if game is None:
            self.chrome.state()

    def rebuild(self) -> None:
        """The language changed: the whole chrome again, the game and the clock as they are."""
        self.analysis.remove()
        self.save()
        if self.table is not None:
            self.table.unmount()
            self.table = None
        self.dialogs.remove()
        self.records.remove()
        self.chrome.remove()
        self.dialogs = Dialogs(self.tx)
        self.chrome.build()
        self._mount()

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
        self.chrome.state()  # the notice first: a sentence it already says is not shown twice
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
        self.chrome.state()
        if out.step is not None or out.mounted:
            self.clock_show()
        if out.ask_verdict:
            self.verdict.ask(s.game, lambda result: self.show(s.verdict_answer(result)))
        if out.celebrate and self.motion:
            celebrate(self.motion)
        if out.dialog is not None:
            self.chrome.open(out.dialog)
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

    # ------------------------------------------------------------------ what the tables ask for
    def answer(self, answer: Answer, t0: float | None = None) -> None:
        """Carry out a game control's answer to a gesture: play its move through the
        session, or say its sentence."""
        if answer.play is not None:
            move = answer.play
            game = self.session.game
            self.show(self.session.play(lambda: game.play(move), answer.kind), t0)
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
        if not s.has_game:
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
            self.chrome.state()

    def _storage_event(self, event: Event) -> None:
        if self.session.storage_changed(str(event.key)):
            self.chrome.state()

    def action(self, name: str) -> None:
        """A button (``data-action``), a key's action or a follow-up of an outcome. While
        the game is paused only what neither plays nor shows the table works; the table
        sees every other button first (its own, and any other stops its auto-finish)."""
        if self.session.paused and name not in self.pause_free:
            self.say(Msg("ui.paused.blocked"), refusal=True)  # said, never a silent nothing
            return
        if self.analysis.replaying and not name.startswith("replay-"):
            self.say(Msg("replay.busy"), refusal=True)
            return
        if name not in ("pause", "resume") and self.table is not None and self.table.action(name):
            return
        handler = self.handlers.get(name)
        if handler is not None:
            handler()


def report(error: BaseException) -> None:
    """Put an error the page caught on the console as a warning, for bug reports (the player
    reads the message line)."""
    import traceback

    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    try:
        window.console.warn(f"Solitaire: caught {text}")
    except Exception:
        return


def start() -> App:
    app = App()
    app.boot()
    return app
