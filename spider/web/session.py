"""The page's session: the game on the table and everything the page keeps about it (its
facts, the clock, pause, the saved copies, the statistics), and what each thing the
player asks for does to it. No browser import: every flow of the page is tested on CPython
and under Pyodide (``tests/test_session.py``) with the fake ``localStorage``.

Each request (:meth:`Session.play`, :meth:`Session.new_game`, :meth:`Session.hint`, ...)
changes the session and answers with an :class:`Outcome`: what to draw (the step an action
took, or a whole new game), what to say, which notice, dialog or verdict bar to show,
whether to save. The shell (:mod:`spider.web.app`) only carries the outcome out in the
page: it knows no rule and no flow, and the tables only draw.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from ..core.deal_ids import split_deal_id
from ..core.messages import IllegalMove, MessageError, Msg
from ..core.registry import Solitaire, by_deal_id, find_game, games
from ..core.saves import load_json
from ..core.timefmt import format_time
from ..daily import daily_deal_id, share_text
from ..texts.keys import family
from .clock import Clock, over_limit
from .links import game_links, open_link, quoted
from .mode import Meta
from .recording import StatsBook
from .rooms import Choice, Room, room
from .storage import PREVIOUS_KEY, Saved, SaveResult, Settings, Storage, Unreadable
from .storage import game_keys as _game_keys

_NAMES = lambda: [g.name for g in games()]  # noqa: E731
WON_TEXT: Final = family("ui.won.text.{game}", game=_NAMES)
STUCK_TEXT: Final = family("ui.stuck.text.{game}", game=_NAMES)
SKIPPED: Final = {"ui.link.bad_deal": "ui.link.bad_deal.skipped",
                  "ui.link.bad_pos": "ui.link.bad_pos.skipped"}
UNREADABLE_KEPT: Final = {"ui.save.unreadable": "ui.save.unreadable_kept",
                          "ui.settings.unreadable": "ui.settings.unreadable_kept"}
PICTURE_KEY: Final = "spider.picture"  # the start-up picture of the last table (assets/prepaint.js)
STALLED: Final = "stalled"  # the notice for "moves are left, but none helps" (spec 004)
Kind = Literal["", "move", "drop", "undo", "redo", "auto"]


# ---------------------------------------------------------------------- what an outcome holds
@dataclass(frozen=True)
class Notice:
    """The notice bar under the table: its state (``data-notice``), its sentence and its
    buttons as (action, label, primary)."""

    state: str
    text: Msg
    buttons: tuple[tuple[str, Msg, bool], ...] = ()


@dataclass(frozen=True)
class Won:
    """The won dialog: the facts shown as ``[data-won=key]`` (the time first), the deal,
    the extra buttons (action, label) and the label of "the same cards again"."""

    game: str
    facts: tuple[tuple[str, str | Msg], ...]
    deal_id: str | None
    extra: tuple[tuple[str, Msg], ...]
    again: Msg


@dataclass(frozen=True)
class Stuck:
    """The no-moves dialog: its sentence, extra buttons, and whether undo can work."""

    game: str
    extra: tuple[tuple[str, Msg], ...]
    can_undo: bool


@dataclass(frozen=True)
class NewGame:
    """The new-game dialog: the choice and level it starts with, the game to come back to."""

    current: Choice
    level: str
    previous: Msg | None
    analyse: bool = False  # the game on the table may be ended for its analysis


@dataclass(frozen=True)
class Confirm:
    """A question with Cancel and ``yes`` = (action, label)."""

    text: Msg
    yes: tuple[str, Msg]


Dialog = Won | Stuck | NewGame | Confirm


@dataclass
class Outcome:
    """What a request did, for the shell to carry out in this order: close the dialogs,
    put a new game on the table (``mounted``) or draw the ``step`` an action took
    (``kind``), say ``said`` (the last sentence wins, as in the message line), show the
    notice and verdict bar as the session has them, save, open ``dialog``, run the
    follow-up actions ``then`` (a module's own buttons, e.g. the duel's end)."""

    step: object = None
    kind: Kind = ""
    mounted: bool = False
    redraw: bool = False  # the same game drawn again (a setting changed what it shows)
    rebuild: bool = False  # the language or the card letters changed: the whole page again
    said: list[Msg] = field(default_factory=list)
    refusal: bool = False
    hint: object = None  # a move to mark (a hint, the first move of a winning line)
    hint_shown: bool = False  # the hint's marks change (``hint`` None: they go)
    ask_verdict: bool = False  # ask the solver in the worker (the verdict bar says "checking")
    position_changed: bool = False  # a pending check of the old position is dropped
    close_dialogs: bool = False
    closed: tuple[str, ...] = ()  # dialogs to close by name
    dialog: Dialog | None = None
    celebrate: bool = False
    save: bool = False
    force_save: bool = False
    then: list[str] = field(default_factory=list)

    def say(self, message: Msg | list[Msg], *, refusal: bool = False) -> Outcome:
        self.said = list(message) if isinstance(message, list) else [message]
        self.refusal = refusal
        return self


class Session:
    """The game on the table and what the page keeps about it."""

    def __init__(self, storage: Storage, now: Callable[[], float], *,
                 visible: Callable[[], bool] = lambda: True, duel_active: Callable[[], bool] = lambda: False,
                 duel_ended: Callable[[], bool] = lambda: False) -> None:
        """``now``: milliseconds (the page passes ``performance.now``); ``visible``: is the
        tab shown; ``duel_active`` / ``duel_ended``: the duel module's view of the game's
        duel (the session knows no duel rule)."""
        self.storage = storage
        self.clock = Clock(now)
        self.visible = visible
        self.duel_active = duel_active
        self.duel_ended = duel_ended
        self.settings = Settings()
        self.notes: list[Msg] = []  # what the start says
        self.settings_lost = False
        try:
            self.settings = storage.load_settings()
        except Unreadable as u:
            self.notes.append(self.unreadable_note(u, "ui.settings.unreadable"))
            self.settings_lost = True
        self.book = StatsBook(storage)
        self._game: Solitaire | None = None
        self.origin: str | None = None
        self.mode = Meta()
        self.paused = False
        self.conflict = False
        self.blocked_key: str | None = None  # unreadable data left in place (not copied aside)
        self.previous_offer = False  # a link replaced a game that can be resumed
        self.play_anyway: str | None = None  # the deal of a refused duel link
        self.notice: Notice | None = None
        self.verdict: Literal["", "checking", "lost"] = ""
        self._stall_seen = False

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> Solitaire:
        """The game on the table (there is one from the start on; while a start fails,
        :attr:`has_game` is false)."""
        if self._game is None:
            raise RuntimeError("no game on the table")
        return self._game

    @game.setter
    def game(self, game: Solitaire | None) -> None:
        self._game = game

    @property
    def has_game(self) -> bool:
        return self._game is not None

    @property
    def room(self) -> Room:
        return room(self.game.game_name)

    def started(self) -> bool:
        return self.clock.value() > 0 or bool(self.game.can_undo)

    def over(self) -> bool:
        """Won, or ended in a duel: the clock stays stopped."""
        return bool(self.game.is_won or self.duel_ended())

    def frozen(self) -> bool:
        """No move changes the game on the table any more: it ended for its analysis (every
        card was shown)."""
        return bool(self.mode.over)

    def redo_closed(self) -> bool:
        """Wiederholen is off: the game is frozen, or it is the player's game of a duel that
        is over. Its result stays as it ended; moves and Zurück after the end are the
        player's own (they change no result), but a move taken back before Fertig is not
        played again in the finished game."""
        return bool(self.frozen() or self.duel_ended())

    def timed_out(self) -> bool:
        return self.mode.timeout is not None

    def show_notice(self, state: str, text: Msg, *buttons: tuple[str, Msg, bool]) -> None:
        self.notice = Notice(state, text, tuple(buttons))

    def hide_notice(self, state: str | None = None) -> None:
        if self.notice is not None and (state is None or self.notice.state == state):
            self.notice = None

    def level_of(self, game: Solitaire) -> str | None:
        """The level of a game: the one the game on the table was dealt from, else the level
        list its deal is on (``None``: a deal on none, a position)."""
        if game is self.game and self.mode.level is not None:
            return self.mode.level
        return find_game(game.game_name).level_of(game.deal_id)

    def _recorded(self, out: Outcome) -> None:
        """A recording went wrong: said (the statistics are never what stops the page)."""
        if self.book.failed:
            self.book.failed = False
            out.say(Msg("stats.record_failed"), refusal=True)

    def ended(self, out: Outcome) -> None:
        """The game on the table ended (won, no move left, "Fertig"): counted once."""
        self.mode = self.book.ended(self.game, self.mode, self.clock.value())
        self._recorded(out)

    def _left(self, game: Solitaire, mode: Meta, ms: float, out: Outcome) -> Meta:
        mode = self.book.left(game, mode, ms)
        self._recorded(out)
        return mode

    # ------------------------------------------------------------------ the start
    def unreadable_note(self, u: Unreadable, key: str = "ui.save.unreadable") -> Msg:
        """What to say of unreadable data: ``key`` names what it was (the saved game, the
        settings), ``key + "_kept"`` when it could not be copied aside."""
        if u.aside is not None:
            return Msg(key, reason=u.reason, key=u.aside)
        self.blocked_key = u.key
        return Msg(UNREADABLE_KEPT[key], reason=u.reason, key=u.key)

    def start_notes(self) -> None:
        """Before the first game: storage switched off is said; with the settings unreadable
        the game that has a save is the one to resume (of several, the one the start-up
        picture last showed)."""
        if not self.storage.available:
            self.notes.append(Msg("ui.save.off"))
        if self.settings_lost:
            picture = picture_game(self.storage.get(PICTURE_KEY))
            saved = [info.name for info in games() if self.storage.get(info.save_key) is not None]
            self.settings.game = saved[0] if len(saved) == 1 else picture if picture in saved else "spider"
            if not saved:  # no game to resume: say that a new one starts, not that it is kept
                self.notes = [Msg("ui.settings.unreadable_new", **m.values)
                              if m.key == "ui.settings.unreadable" else m for m in self.notes]
        if self.book.note is not None:
            self.notes.append(self.book.note)

    def from_link(self, search: str) -> tuple[Solitaire | None, bool, bool]:
        """The game a ``?deal=`` or ``?pos=`` link opens, whether it is a fresh game, and
        whether the message is a refusal. A broken link is explained and changes nothing;
        two links that disagree are both named; the game a link replaces is kept so the
        player can go back."""
        links = [(k, v) for k, v in game_links(search) if k in ("deal", "pos")]
        if not links:
            return None, False, False
        opened: list[tuple[str, str, Solitaire]] = []
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
            self.previous_offer = True
        self.origin = value if kind == "pos" else None
        said = Msg("ui.link.deal", id=game.deal_id or "") if kind == "deal" else Msg("ui.link.pos")
        self.notes.insert(0, said)
        return game, True, len(opened) < len(links)

    def linked(self, game: Solitaire, note: Msg, mode: Meta) -> None:
        """A duel link opened ``game``: the game it replaces is kept to come back to."""
        if self.storage.keep_previous(game.game_name):
            self.previous_offer = True
        self.mode = mode
        self.notes.insert(0, note)

    def chose(self, game: Solitaire) -> None:
        """A link's game is of another game: that is the one a reload finds."""
        if game.game_name != self.settings.game:
            self.settings.game = game.game_name
            self.storage.save_settings(self.settings)

    def resume(self, name: str) -> Solitaire | None:
        """The saved game of ``name`` with its facts and clock, ``None`` when there is none
        or it is unreadable (kept aside and said)."""
        try:
            saved = self.storage.load_game(name)
        except Unreadable as u:
            self.notes.append(self.unreadable_note(u))
            return None
        except Exception:  # a check that raised instead of refusing: kept aside all the same
            self.set_aside(name)
            return None
        if saved is None:
            return None
        self.origin, self.mode = saved.origin, saved.mode
        self.clock.reset(saved.clock_ms)
        return saved.game

    def set_aside(self, name: str) -> None:
        """A saved game that cannot be drawn is kept aside as an unreadable one is."""
        key = _game_keys()[name]
        aside = self.storage.set_aside(key)
        why = Msg("ui.save.undrawable")
        self.notes.append(Msg("ui.save.unreadable", reason=why, key=aside) if aside is not None
                          else Msg("ui.save.unreadable_kept", reason=why, key=key))
        if aside is None:
            self.blocked_key = key

    def mount_failed(self, game: Solitaire, source: str) -> None:
        """Mounting or first drawing ``game`` raised: a saved game is kept aside, a link's
        game is named; the next candidate takes its place."""
        if source == "saved":
            self.set_aside(game.game_name)
        elif source == "link":
            self.notes.append(Msg("ui.link.failed"))
        self.origin, self.mode, self.game = None, Meta(), None

    def fresh(self) -> Solitaire:
        """A new deal of the game and variant the player last chose."""
        r = room(self.settings.game)
        self.origin, self.mode = None, Meta()
        self.clock.reset()
        return r.new_game(r.settings_variant(self.settings), self.settings)

    def start_notices(self) -> None:
        """The notices the start leaves standing (unreadable data left in place, the game a
        link replaced, a refused duel link's deal)."""
        if self.blocked_key:
            self.show_notice("unreadable", Msg("ui.save.blocked"),
                             ("discard-unreadable", Msg("ui.save.discard"), False))
        if self.previous_offer:
            self.show_notice("previous", Msg("ui.previous.kept"),
                             ("previous", Msg("ui.previous.button"), False))
        if self.play_anyway:
            self.show_notice("duel-link", Msg("duel.link.play_anyway", deal=self.play_anyway),
                             ("play-anyway", Msg("duel.btn.play_deal"), True))

    # ------------------------------------------------------------------ the clock
    def resume_clock(self) -> None:
        if self.started() and not self.over() and not self.paused and not self.timed_out() and self.visible():
            self.clock.run()

    def hidden(self) -> None:
        self.clock.pause()

    def tick(self) -> Outcome | None:
        """Every second: the time limit (for a game it applies to) may have run out."""
        if not self.clock.running:
            return None
        limit = self.settings.time_limit if self.room.timed else 0
        if over_limit(self.clock.value(), limit) and not self.timed_out():
            self.clock.pause()
            self.mode = replace(self.mode, timeout=limit)
            self.show_notice("time", Msg("ui.time.up", n=limit), ("time-ok", Msg("ui.time.go_on"), True))
            return Outcome(save=True).say(Msg("ui.time.up", n=limit))
        return None

    def time_ok(self) -> Outcome:
        self.hide_notice("time")
        return Outcome()

    # ------------------------------------------------------------------ pause
    def pause(self, on: bool) -> Outcome:
        """Pause hides the table (so a paused game cannot be studied) and stops the clock."""
        if on == self.paused or (on and self.game.is_won):
            return Outcome()
        self.paused = on
        out = Outcome(save=True)
        if on:
            self.clock.pause()
            self.show_notice("paused", Msg("ui.paused"), ("resume", Msg("ui.resume"), True))
            return out.say(Msg("ui.paused"))
        self.hide_notice("paused")
        self.resume_clock()
        return out.say(Msg("ui.resumed"))

    # ------------------------------------------------------------------ saving and two tabs
    def save(self, *, force: bool = False) -> SaveResult | None:
        """Save the game on the table; ``None`` when there is none or another tab has a
        newer one (nothing is written until the player decides)."""
        if self._game is None or (self.conflict and not force):
            return None
        result = self.storage.save_game(self.game.game_name, self.game, self.clock.value(), self.origin,
                                        self.mode, force=force)
        if result == "conflict":
            self.on_conflict()
        return result

    def on_conflict(self) -> None:
        self.conflict = True
        self.show_notice("conflict", Msg("ui.tabs.changed"), ("conflict-take", Msg("ui.tabs.take"), True),
                         ("conflict-keep", Msg("ui.tabs.keep"), False))

    def storage_changed(self, key: str) -> bool:
        """Another tab wrote ``key``: is it this game's save, changed (then: a conflict)?"""
        if self._game is not None and key == _game_keys().get(self._game.game_name) \
                and self.storage.changed_elsewhere(key):
            self.on_conflict()
            return True
        return False

    def take_newer(self) -> Outcome:
        try:
            saved = self.storage.adopt(self.game.game_name)
        except Unreadable as u:
            return Outcome().say(self.unreadable_note(u), refusal=True)
        self.conflict = False
        self.hide_notice("conflict")
        if saved is None:
            return Outcome()
        return self.start_saved(saved, Msg("ui.tabs.taken"))

    def keep_mine(self) -> Outcome:
        self.conflict = False
        self.hide_notice("conflict")
        return Outcome(save=True, force_save=True)

    def discard_unreadable(self) -> Outcome:
        if self.blocked_key:
            self.storage.remove(self.blocked_key)
            self.blocked_key = None
        self.hide_notice("unreadable")
        return Outcome(save=True)

    # ------------------------------------------------------------------ playing
    def play(self, do: Callable[[], object], kind: Kind) -> Outcome:
        """One player action: ``do()`` plays it (or raises :class:`IllegalMove` with the
        reason, said as a refusal); then the step is drawn, announced and saved, and the
        game's end (if it ended) follows."""
        if self.mode.over:  # ended for its analysis: every card was shown
            return Outcome().say(Msg("analysis.over"), refusal=True)
        if kind == "redo" and self.duel_ended():  # Fertig (or won) in a duel: see redo_closed
            return Outcome().say(Msg("duel.over"), refusal=True)
        try:
            step = do()
        except IllegalMove as e:
            return Outcome().say(e.message, refusal=True)
        out = Outcome(step=step, kind=kind, save=True, position_changed=True, hint_shown=True)
        self.verdict = ""
        out.say(list(self.game.announce(step, kind)))
        if self.over():
            self.clock.pause()
        elif self.visible() and not self.timed_out():
            self.clock.run()
        self._stall(out)
        self.endings(out, celebrate=kind != "undo")
        return out

    def _stall(self, out: Outcome) -> None:
        """Spec 004: once no move is left that helps (the engine's hint has none), a short
        note says so by itself, once per stall: "Verstanden" closes it until the game moves
        on and stalls again. Only for a game whose hint can say so (a hint without a move)."""
        game = self.game
        if not self.room.stall_note:
            return
        hint = game.hint() if not game.is_won and not game.is_stuck else None
        if hint is None or hint.move is not None:
            self._stall_seen = False
            self.hide_notice(STALLED)
        elif not self._stall_seen:
            self._stall_seen = True
            self.show_notice(STALLED, hint.message, ("note-ok", Msg("ui.k.note.ok"), True))

    def note_ok(self) -> Outcome:
        self.hide_notice(STALLED)
        return Outcome()

    def undo(self) -> Outcome:
        return self.play(self.game.undo, "undo")

    def redo(self) -> Outcome:
        return self.play(self.game.redo, "redo")

    def endings(self, out: Outcome | None = None, *, celebrate: bool = False) -> Outcome:
        """A won game: the celebration, the statistics, then the result (a duel's end, or the
        won dialog); a game with no move left: the no-moves dialog."""
        out = out if out is not None else Outcome()
        game = self.game
        if game.is_won:
            out.closed += ("stuck",)
            out.celebrate = celebrate
            if self.duel_ended() or self.duel_active():
                if self.duel_active():
                    out.then.append("duel-finished")
                return out
            self.ended(out)
            extra: list[tuple[str, Msg]] = [("analyse", Msg("analysis.btn.replay"))]
            if find_game(game.game_name).duel and game.deal_id:
                extra.append(("challenge", Msg("duel.btn.challenge")))
            if self.mode.daily:
                extra.append(("share", Msg("daily.btn.share")))
            facts = (("time", format_time(self.clock.value())), *game.won_facts())
            out.dialog = Won(game.game_name, facts, game.deal_id, tuple(extra), Msg(self.room.won_again))
        elif game.is_stuck:
            stuck: list[tuple[str, Msg]] = []
            if find_game(game.game_name).known_solver() is not None:
                stuck.append(("analyse", Msg("analysis.btn.where")))
            if self.duel_active():
                stuck.append(("finish-yes", Msg("ui.btn.finish")))
            if self.mode.daily:
                stuck.append(("share", Msg("daily.btn.share")))  # a lost daily deal is shared too
            out.dialog = Stuck(game.game_name, tuple(stuck), bool(game.can_undo))
        return out

    # ------------------------------------------------------------------ hint and verdict
    def hint(self) -> Outcome:
        """The engine's hint; when every card is known, first the solver's verdict (asked in
        the worker: :meth:`verdict_answer` follows)."""
        game = self.game
        if self.mode.over:
            return Outcome().say(Msg("analysis.over"), refusal=True)
        self.mode = replace(self.mode, hints=self.mode.hints + 1)
        if game.all_known and not game.is_won and not game.is_stuck:
            # The bar says it in full; the live region only briefly (not the same sentence twice).
            self.verdict = "checking"
            return Outcome(ask_verdict=True).say(Msg("ui.verdict.checking.short"))
        return self._normal_hint()

    def _normal_hint(self) -> Outcome:
        h = self.game.hint()
        out = Outcome(hint=h.move, hint_shown=True).say(h.message)
        if h.move is None and self.room.stall_note and not self.game.is_won and not self.game.is_stuck:
            # Only taking moves back or starting over helps: the short note says so (spec 004).
            self.show_notice(STALLED, h.message, ("note-ok", Msg("ui.k.note.ok"), True))
        return out

    def verdict_answer(self, result: dict[str, object]) -> Outcome:
        """The solver's answer: a proved loss shows the verdict bar, a found win makes the
        hint the first move of the winning line, anything else the normal hint."""
        self.verdict = ""
        status = result.get("status")
        if status == "unsolvable":
            self.verdict = "lost"
            return Outcome(hint=None, hint_shown=True).say(Msg("ui.verdict.lost.short"))
        line = result.get("line")
        if status == "solved" and isinstance(line, list) and line:
            module = find_game(self.game.game_name).module()
            move = module.Move.from_text(str(line[0]))
            said = Msg("ui.verdict.win", move=self.game.describe(move))
            return Outcome(hint=move, hint_shown=True).say(said)
        return self._normal_hint()

    def position_changed(self) -> None:
        """A check of the old position is no longer wanted; its bar goes."""
        self.verdict = ""

    # ------------------------------------------------------------------ games
    def start(self, game: Solitaire, origin: str | None, note: Msg, mode: Meta | None = None, *,
              keep: bool = False, kept_note: str = "ui.previous.kept") -> Outcome:
        """A new game takes the table's place. ``keep``: a way the player did not confirm
        (same cards again, the daily deal, the mode line): a started, unfinished game it
        replaces is kept to come back to ("Vorheriges Spiel fortsetzen", ``kept_note`` says
        so) and counts only when it ends or is displaced for good. Otherwise (the new-game
        dialog, a duel) the one it replaces counts as played if it was started (abandoned,
        or lost when no move was left)."""
        out = Outcome(close_dialogs=True, mounted=True, save=True, position_changed=True)
        kept = keep and self._keep_current(out)
        if not kept:
            self._leave(out)
        self.switch_save(game)
        self.verdict = ""
        self.origin, self.mode = origin, mode or Meta()
        self.clock.reset()
        if self.paused:
            self.paused = False
            self.hide_notice("paused")
        self.hide_notice("time")
        self.hide_notice(STALLED)
        self._stall_seen = False
        self.game = game
        out.say(note)
        if kept:
            self.show_notice("previous", Msg(kept_note), ("previous", Msg("ui.previous.button"), False))
        return out

    def _keep_current(self, out: Outcome) -> bool:
        """Keep the game on the table (started, not over) as the one to come back to; the game
        it displaces from there is gone for good and counts as abandoned if it was started."""
        game = self._game
        if game is None or not self.started() or self.over():
            return False
        if game.is_stuck or self.verdict == "lost":
            # No move left: it counts now, as lost, and is kept with that mark (never again).
            self.ended(out)
        elif self.mode.recorded:
            return False
        self.clock.pause()
        self.save()
        return self.keep_previous(game.game_name, out)

    def keep_previous(self, name: str, out: Outcome) -> bool:
        """``name``'s saved game becomes the previous one (see :meth:`_keep_current`)."""
        displaced = self.storage.previous()
        if not self.storage.keep_previous(name):
            return False
        if displaced is not None:
            _old, saved = displaced
            saved.mode = self._left(saved.game, saved.mode, saved.clock_ms, out)
        return True

    def _leave(self, out: Outcome) -> None:
        game = self._game
        if game is None or game.is_won:
            return
        if game.is_stuck or self.verdict == "lost":
            self.ended(out)
        else:
            self.mode = self._left(game, self.mode, self.clock.value(), out)

    def switch_save(self, game: Solitaire) -> None:
        """Before another game goes on the table: the running one is saved as it is, and a
        switch of game is remembered."""
        if self._game is not None:
            self.clock.pause()
            self.save()
        if self.settings.game != game.game_name:
            self.settings.game = game.game_name
            self.storage.save_settings(self.settings)

    def start_saved(self, saved: Saved, note: Msg) -> Outcome:
        """A saved game (another tab's, the previous one, the other game's) takes the table."""
        self.verdict = ""
        self.origin, self.mode = saved.origin, saved.mode
        self.clock.reset(saved.clock_ms)
        self.hide_notice(STALLED)
        self._stall_seen = False
        self.game = saved.game
        out = Outcome(close_dialogs=True, mounted=True, position_changed=True).say(note)
        self.resume_clock()
        return self.endings(out)

    def new_dialog(self, analyse: bool = False) -> Outcome:
        """The new-game dialog (``analyse``: it offers to end the game on the table for its
        analysis first)."""
        r = self.room
        prev = self.storage.previous()
        label = room(prev[0]).mode(prev[1].game) if prev else None
        choice = Choice(r.name, r.settings_variant(self.settings))
        return Outcome(close_dialogs=True, dialog=NewGame(choice, str(self.settings.level), label, analyse))

    def new_game(self, choice: Choice, level: str, *, keep: bool = False) -> Outcome:
        """A new deal of the chosen game, variant and level (the new-game dialog; ``keep``:
        the mode line's other draw count, which keeps the game on the table)."""
        r = room(choice.game)
        self.settings.level = level
        game = r.new_game(choice.variant, self.settings)
        r.remember(self.settings, game)
        self.storage.save_settings(self.settings)
        mode = Meta(level=level) if r.has_levels else Meta()
        note = Msg("ui.new_game", mode=r.mode(game), id=game.deal_id or "")
        return self.start(game, None, note, mode, keep=keep)

    def today(self, iso: str) -> Outcome:
        """Today's deal (the player's local date, ``YYYY-MM-DD``) of the game and variant
        on the table."""
        r = self.room
        variant = self.game.variant
        try:
            deal_id = daily_deal_id(r.name, variant, datetime.date.fromisoformat(iso))
        except MessageError as e:
            return Outcome().say(e.message, refusal=True)
        if self.mode.daily == iso and self.game.deal_id == deal_id:
            return Outcome().say(Msg("daily.already", date=iso))
        game = r.new_game(variant, self.settings, deal_id)
        mode = Meta(daily=iso, level=find_game(r.name).daily.level or None if r.has_levels else None)
        return self.start(game, None, Msg("daily.deal", date=iso), mode, keep=True)

    def share_text(self, lang: str) -> str:
        mode, game = self.mode, self.game
        return share_text(lang, game.game_name, game.variant, datetime.date.fromisoformat(str(mode.daily)),
                          bool(game.is_won), int(self.clock.value()), game.moves_count)

    def restart(self) -> Outcome:
        """Same cards again. The game it replaces is kept: the notice offers it back."""
        fresh = self.room.same_cards(self.game, self.origin)
        if fresh is None:
            return Outcome()
        # The same facts (level, daily deal, duel), counted afresh: a new game of the same cards.
        mode = replace(self.mode, hints=0, recorded=False, timeout=None, over=False)
        return self.start(fresh, self.origin, Msg("ui.restart"), mode, keep=True,
                          kept_note="ui.previous.restart")

    def switch_variant(self, variant: int) -> Outcome:
        """The mode line's other variant (Klondike's other draw count): back to that
        variant's own game when the one kept to come back to is of it, else a new game at
        the same level; the game on the table is kept to come back to."""
        name = self.game.game_name
        level = self.level_of(self.game) or str(self.settings.level)
        found = self.storage.previous()
        if found is not None and found[0] == name and found[1].game.variant == variant \
                and not found[1].game.is_won:
            return self.resume_previous()
        return self.new_game(Choice(name, variant), level, keep=True)

    def resume_previous(self) -> Outcome:
        """Back to the game a link or "same cards again" replaced; the one on the table takes
        its place, so the player can switch back again."""
        found = self.storage.previous()
        if found is None:
            return Outcome()
        name, saved = found
        self.switch_save(saved.game)
        if self.game.game_name == name:
            self.storage.keep_previous(name)  # the two swap places: nothing is displaced
        else:  # the game on the table stays under its own key, found by the mode line's switch
            self.storage.remove(PREVIOUS_KEY)
        self.hide_notice("previous")
        out = self.start_saved(saved, Msg("ui.previous.resumed"))
        out.save, out.force_save = True, True
        return out

    def switch_to(self, name: str) -> Outcome:
        """The other game of the house: its own save as it was left, or a new game."""
        r = room(name)
        out = Outcome()
        try:
            saved = self.storage.load_game(name)
        except Unreadable as u:
            out.say(self.unreadable_note(u), refusal=True)
            saved = None
        if saved is not None:
            self.switch_save(saved.game)
            return self.start_saved(saved, Msg("ui.switched", mode=r.mode(saved.game)))
        game = r.new_game(r.settings_variant(self.settings), self.settings)
        return self.start(game, None, Msg("ui.new_game", mode=r.mode(game), id=game.deal_id or ""))

    def deal_link_game(self) -> Outcome:
        """"Play the deal anyway" after a refused duel link: its deal as a plain game."""
        deal, self.play_anyway = self.play_anyway, None
        self.hide_notice("duel-link")
        if deal is None:
            return Outcome()
        info = by_deal_id(deal)
        parts = split_deal_id(deal)
        game = room(info.name).new_game(parts[1] if parts else info.default_variant, self.settings, deal)
        return self.start(game, None, Msg("ui.link.deal", id=deal))

    # ------------------------------------------------------------------ settings
    def apply_settings(self, changed: set[str], lang_changed: bool) -> Outcome:
        """The settings dialog (or the language button) changed ``changed``: saved; only what
        changed is drawn again (the language or the card letters: the whole page)."""
        self.storage.save_settings(self.settings)
        out = Outcome(closed=("settings",))
        if self.room.take_settings(self.game, self.settings, changed):
            out.save = True
        if lang_changed or "card_letters" in changed:
            out.rebuild = True
            return out.say(Msg("ui.lang.switched" if "lang" in changed else "ui.settings.saved"))
        out.redraw = True
        return out.say(Msg("ui.settings.saved"))

    def toggle_four_color(self) -> None:
        self.settings.four_color = not self.settings.four_color
        self.storage.save_settings(self.settings)


def picture_game(raw: str | None) -> str | None:
    """The game the start-up picture (``assets/prepaint.js``) last showed, if it says."""
    try:
        doc = load_json(raw) if raw else None
    except MessageError:
        return None
    game = doc.get("game") if isinstance(doc, dict) else None
    return game if isinstance(game, str) else None


__all__ = ["STALLED", "Confirm", "Dialog", "NewGame", "Notice", "Outcome", "Session", "Stuck", "Won"]
