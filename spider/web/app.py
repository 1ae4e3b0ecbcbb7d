"""Wires the page: every player action is one engine call, one render, one save.

The app holds the game, the clock and the settings; the view draws, the input turns
pointer and key events into the methods below, the engine decides everything.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from .. import card_name
from ..cards import parse_card
from ..game import Game, IllegalMove
from ..spider_game.hints import describe
from ..spider_game.moves import Move, Step
from .dialogs import Dialogs
from .dom import keep, listen, tr
from .input import Input
from .links import open_link, read_link, strip_link
from .storage import Settings, Storage, Unreadable
from .update import UpdateOffer
from .verdict import Verdict
from .verdict_bar import VerdictBar
from .view import View


class Clock:
    """Playing time: runs from the first action, pauses while the tab is hidden."""

    def __init__(self, now: Any) -> None:
        self.now = now
        self.base = 0.0
        self.since: float | None = None

    def value(self) -> float:
        return self.base + (self.now() - self.since if self.since is not None else 0.0)

    def run(self) -> None:
        if self.since is None:
            self.since = self.now()

    def pause(self) -> None:
        if self.since is not None:
            self.base = self.value()
            self.since = None

    def reset(self, ms: float = 0.0) -> None:
        self.base = float(ms)
        self.since = None


class App:
    def __init__(self) -> None:
        self.view = View()
        self.storage = Storage(window.localStorage, window.Date.now)
        self.clock = Clock(window.performance.now)
        self.dialogs = Dialogs()
        self.verdict = Verdict()
        self.verdict_bar = VerdictBar()
        self.settings = Settings()
        self.game: Game = None  # type: ignore[assignment]
        self.origin: str | None = None
        self.picker: Any = None
        self.timings: Any = None  # ?bench=1: per action, event -> DOM updated (ms)
        self.handler_timings: Any = None  # ?bench=1: the whole handler, save included
        if "bench=1" in str(window.location.search):
            self.timings = window.Array.new()
            self.handler_timings = window.Array.new()
            setattr(window, "__spiderTimings", self.timings)
            setattr(window, "__spiderHandler", self.handler_timings)

    # ------------------------------------------------------------------ start
    def boot(self) -> None:
        notes: list[str] = []
        try:
            self.settings = self.storage.load_settings()
        except Unreadable as u:
            notes.append(tr("ui.save.unreadable", reason=u.reason, key=u.aside or "-"))
        self.view.set_four_color(self.settings.four_color)

        fresh = False
        link = read_link(str(window.location.search))
        if link is not None:
            window.history.replaceState(
                None, "", str(window.location.pathname) + strip_link(str(window.location.search))
            )
            try:
                self.game = open_link(*link)
                self.origin = link[1] if link[0] == "pos" else None
                fresh = True
                notes.append(
                    tr("ui.link.deal", id=self.game.deal_id) if link[0] == "deal" else tr("ui.link.pos")
                )
            except ValueError as e:
                notes.append(str(e))
        if self.game is None:
            try:
                saved = self.storage.load_game()
            except Unreadable as u:
                saved = None
                notes.append(tr("ui.save.unreadable", reason=u.reason, key=u.aside or "-"))
            if saved is not None:
                self.game, self.origin = saved.game, saved.origin
                self.clock.reset(saved.clock_ms)
        if self.game is None:
            self.game = Game.new(self.settings.suits)
            fresh = True

        self.view.measure()
        self.view.render(self.game)
        self.view.set_time(self.clock.value())
        self.view.say(" ".join(notes), refusal=bool(notes) and link is not None and not fresh)
        self.view.ready()
        if fresh:
            self.save()

        Input(self)
        UpdateOffer(self.save)
        listen(window, "resize", lambda _e: self.view.relayout(self.game))
        listen(document, "visibilitychange", self._visibility)
        listen(window, "pagehide", lambda _e: self.save())
        window.setInterval(keep(self._tick), 1000)
        self._resume_clock()
        self._endings()
        self.verdict.warm(self.game)

    # ------------------------------------------------------------------ clock
    def _started(self) -> bool:
        return self.clock.value() > 0 or self.game.can_undo

    def _resume_clock(self) -> None:
        if self._started() and not self.game.is_won and document.visibilityState == "visible":
            self.clock.run()

    def _visibility(self, _event: Any) -> None:
        if document.visibilityState == "hidden":
            self.clock.pause()
            self.save()
        else:
            self._resume_clock()
        self.view.set_time(self.clock.value())

    def _tick(self, *_: Any) -> None:
        if self.clock.since is not None:
            self.view.set_time(self.clock.value())

    # ------------------------------------------------------------------ state
    def busy(self) -> bool:
        return self.dialogs.any_open() or (self.picker is not None and self.picker.dialog.open)

    def save(self) -> None:
        if self.game is not None and not self.storage.save_game(self.game, self.clock.value(), self.origin):
            self.view.say(tr("ui.save.failed"), refusal=True)

    def _record(self, t0: float) -> None:
        if self.timings is not None:
            self.timings.push(window.performance.now() - t0)

    # ------------------------------------------------------------------ actions
    def tap(self, col: int, index: int, t0: float) -> None:
        game = self.game
        self._act(lambda: game.play(game.tap(col, index)), "move", t0)

    def move(self, src: int, dst: int, count: int, t0: float | None = None, *,
             dropped: bool = False) -> None:
        """Play a block move; ``dropped``: the cards already sit where the pointer let go,
        so they are not animated from their column."""
        self._act(lambda: self.game.play(Move(src, dst, count)), "drop" if dropped else "move", t0)

    def _act(self, do: Any, kind: str, t0: float | None = None) -> None:
        t0 = window.performance.now() if t0 is None else t0
        try:
            step: Step = do()
        except IllegalMove as e:
            self.view.say(e.reason, refusal=True)
            self._record(t0)
            return
        self.view.render(self.game, self._flows(step, kind))
        self.view.say(self._message(step, kind))
        self._record(t0)
        self._position_changed()
        if kind != "undo":
            first = len(self.game.completed_suits) - len(step.completed)
            for i in range(len(step.completed)):
                self.view.pulse_slot(first + i)
        if self.game.is_won:
            self.clock.pause()
            self.view.set_time(self.clock.value())
        elif document.visibilityState == "visible":
            self.clock.run()
        self.save()
        self._endings()
        if self.handler_timings is not None:
            self.handler_timings.push(window.performance.now() - t0)

    def _flows(self, step: Step, kind: str) -> list[tuple[int, int, int]] | None:
        mv = step.move
        if kind == "drop" or step.completed:
            return None
        if mv.is_deal:
            return None if kind == "undo" else [(-1, c, 1) for c in range(10)]
        if kind == "undo":
            return [(mv.dst, mv.src, mv.count)]
        return [(mv.src, mv.dst, mv.count)]

    def _message(self, step: Step, kind: str) -> str:
        if kind == "undo":
            return tr("ui.undone")
        parts = list(self.game.announcement(step))
        mv = step.move
        if mv.is_deal:
            parts.insert(0, tr("ui.dealt", n=self.game.rounds_left))
        elif not step.completed:
            column = self.game.columns[mv.dst].up
            first = card_name(parse_card(column[len(column) - mv.count]))
            key = "ui.moved" if mv.count == 1 else "ui.moved_many"
            text = tr(key, card=first, more=mv.count - 1, dst=mv.dst + 1)
            if step.revealed:
                text += " " + tr("ui.revealed")
            parts.insert(0, text)
        if kind == "redo":
            parts.insert(0, tr("ui.redone"))
        if self.game.is_won:
            parts.append(tr("ui.won.announce"))
        return " ".join(parts)

    def _endings(self) -> None:
        if self.game.is_won:
            self.dialogs.close_stuck()
            self.dialogs.open_won(self.game, self.clock.value())
        elif self.game.is_stuck:
            self.dialogs.open_stuck()

    def _position_changed(self) -> None:
        """A check of the old position is no longer wanted; its bar goes."""
        self.verdict.cancel()
        self.verdict_bar.hide()
        self.verdict.warm(self.game)

    def hint(self) -> None:
        """The engine's hint; when every card is known, first the solver's verdict
        (spider/web/verdict.py): a proved loss shows the verdict bar, a found win makes
        the hint the first move of the winning line, anything else the normal hint."""
        game = self.game
        if game.all_known and not game.is_won and not game.is_stuck:
            self.verdict_bar.checking()
            self.view.say(tr("ui.verdict.checking"))
            self.verdict.ask(game, self._verdict)
            return
        self._normal_hint()

    def _normal_hint(self) -> None:
        h = self.game.hint()
        self.view.show_hint(h.move)
        self.view.say(h.text)

    def _verdict(self, result: dict[str, Any]) -> None:
        self.verdict_bar.hide()
        status = result.get("status")
        if status == "unsolvable":
            self.view.clear_hint()
            self.verdict_bar.lost()
            self.view.say(tr("ui.verdict.lost"))
        elif status == "solved" and result.get("line"):
            move = Move.from_text(str(result["line"][0]))
            self.view.show_hint(move)
            self.view.say(tr("ui.verdict.win", move=describe(self.game, move)))
        else:
            self._normal_hint()

    def open_picker(self, col: int) -> None:
        if self.picker is None:
            from .picker import Picker

            self.picker = Picker(self)
        self.view.clear_hint()
        self.picker.open(col)

    def start(self, game: Game, origin: str | None, note: str) -> None:
        self.dialogs.close_all()
        self.game = game
        self.origin = origin
        self._position_changed()
        self.clock.reset()
        self.view.render(game)
        self.view.set_time(0)
        self.view.say(note)
        self.save()

    def restart(self) -> None:
        if self.game.deal_id:
            game = Game.new(deal_id=self.game.deal_id)
        elif self.origin is not None:
            game = Game.from_text(self.origin)
        else:
            return
        self.start(game, self.origin if not self.game.deal_id else None, tr("ui.restart"))

    def new_game(self, suits: int) -> None:
        self.settings.suits = suits
        self.storage.save_settings(self.settings)
        game = Game.new(suits)
        self.start(game, None, tr("ui.new_game", level=tr(f"ui.new.level.{suits}"), id=game.deal_id))

    def action(self, name: str, node: Any) -> None:
        game = self.game
        if name == "undo":
            self._act(game.undo, "undo")
        elif name == "redo":
            self._act(game.redo, "redo")
        elif name in ("deal", "stock"):
            self._act(game.deal, "move")
        elif name == "hint":
            self.hint()
        elif name in ("new", "won-new", "stuck-new", "verdict-new"):
            self.dialogs.close_all()
            self.dialogs.open_new(self.settings.suits)
        elif name in ("restart", "won-restart", "stuck-restart", "verdict-restart"):
            self.restart()
        elif name == "four_color":
            self.settings.four_color = not self.settings.four_color
            self.view.set_four_color(self.settings.four_color)
            self.storage.save_settings(self.settings)
        elif name == "new-start":
            suits = self.dialogs.chosen_suits()
            self.dialogs.close_new()
            self.new_game(suits)
        elif name in ("new-cancel", "close-dialog"):
            self.dialogs.close_all()
        elif name == "stuck-undo":
            self.dialogs.close_stuck()
            self._act(game.undo, "undo")
        elif name == "copy-id":
            self._copy(game.deal_id or "")

    def _copy(self, text: str) -> None:
        ok = keep(lambda *_: self.view.say(tr("ui.copied", id=text)))
        bad = keep(lambda *_: self.view.say(tr("ui.copy_failed", id=text)))
        try:
            window.navigator.clipboard.writeText(text).then(ok, bad)
        except Exception:  # no clipboard API (insecure context)
            bad()


def start() -> App:
    app = App()
    app.boot()
    return app
