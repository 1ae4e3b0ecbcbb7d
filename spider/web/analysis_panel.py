"""After a game, on the page: "Wo lag der Fehler?" / "Partie nachspielen", the analysis in its
own worker (its progress shown, "Abbrechen" ends the worker), the answer in words, and the
replay bar that steps through a line with every card face up. The decisions are
:mod:`spider.web.analysis_flow` (tested without a browser).

Test contract: the dialog ``#analysis`` (``data-state="running|done|undecided"``,
``data-last-winnable``, ``data-losing-move`` in the game's move notation); the replay bar
``#replay`` (``data-step``, ``data-of``) with Zurück / Weiter / Abspielen / Pause /
"Nachspielen beenden"; keys ← → Space and Esc while it shows.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Final, Protocol

from pyscript import document

from ..core.analysis import Analysis
from ..core.messages import Msg
from ..core.registry import Solitaire
from .analysis_flow import AnalysisFlow, Line, Replay, own_label, start_of
from .dialogs import Dialogs
from .dom import Bindings, absent, byid, el
from .duel_flow import DuelFlow
from .i18n import Texts
from .jsdom import Element, Event
from .session import Confirm, Outcome, Session
from .verdict import EngineWorker

PLAY_MS: Final = 700  # between two moves of "Abspielen"


class _Shell(Protocol):
    tx: Texts
    dialogs: Dialogs
    session: Session

    def on(self, name: str, handler: Callable[[], None], *, paused_ok: bool = False) -> None: ...

    def show(self, out: Outcome | None, t0: float | None = None) -> None: ...

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def save(self, *, force: bool = False) -> None: ...

    def show_position(self, game: Solitaire | None, mark: object = None) -> None: ...


class AnalysisPanel:
    def __init__(self, shell: _Shell, duel: DuelFlow) -> None:
        self.shell = shell
        self.duel = duel
        self.flow = AnalysisFlow(shell.session)
        self.worker = EngineWorker()  # its own: "Abbrechen" ends it, the verdict's goes on
        self.bind = Bindings()
        self.timers = Bindings()  # "Abspielen"
        self.replay: Replay | None = None
        self.bar: Element | None = None
        self.task: object = None
        self.lines: dict[str, Line] = {}
        for name, handler in (("analyse", self.ask), ("analyse-yes", self.end_and_start),
                              ("analysis-cancel", self.cancel), ("replay-back", lambda: self.step(-1)),
                              ("replay-next", lambda: self.step(1)), ("replay-play", self.play),
                              ("replay-pause", self.pause), ("replay-leave", self.leave)):
            shell.on(name, handler, paused_ok=True)
        for kind in ("own", "win", "other"):
            shell.on(f"replay-{kind}", self._start_line(kind), paused_ok=True)
        self.bind.listen(document, "keydown", self._key)

    @property
    def replaying(self) -> bool:
        return self.replay is not None

    def remove(self) -> None:
        """The language changed: the bar goes (a replay ends); the dialog is built anew."""
        self.leave(reopen=False)

    # ------------------------------------------------------------------ starting
    def ask(self) -> None:
        """The button of a game's end: the analysis of a finished game at once; a game that
        can still be played only after the player confirmed ending it."""
        flow = self.flow
        if flow.finished():
            self.start()
        elif flow.can_end_for_it():
            self.shell.show(Outcome(dialog=Confirm(Msg("analysis.confirm"),
                                                   ("analyse-yes", Msg("analysis.btn.end_yes")))))
        else:
            self.shell.say(Msg("analysis.running"), refusal=True)

    def end_and_start(self) -> None:
        self.shell.show(self.flow.end())
        self.start()

    def start(self) -> None:
        flow = self.flow
        request = flow.request()
        self.shell.save()
        self.shell.show(Outcome(close_dialogs=True))
        if self.shell.session.game.is_won:  # a won game: only its replay
            flow.state, flow.result = "done", None
            self._open()
            return
        self._open()
        self.task = asyncio.ensure_future(self._run(request))

    async def _run(self, request: dict[str, object]) -> None:
        try:
            answer = json.loads(await self.worker.ask(json.dumps(request), self._progress))
        except Exception:  # a worker that failed to start or crashed
            answer = {"status": "error"}
        if answer.get("status") == "stopped":
            return
        if self.flow.answer(answer) is None:
            self.flow.state = "done"
            self._open(Msg("analysis.failed"))
            return
        self._open()

    def _progress(self, done: int, total: int) -> None:
        self.flow.progress = (done, total)
        if self.flow.state == "running":
            self._open()

    def cancel(self) -> None:
        """"Abbrechen": the worker ends at once (a new one starts for the next analysis)."""
        self.worker.stop()
        self.flow.state = None
        self.shell.dialogs.close("analysis")
        self.shell.say(Msg("analysis.cancelled"))

    # ------------------------------------------------------------------ the dialog
    def _open(self, note: Msg | None = None) -> None:
        tx, dialogs, flow = self.shell.tx, self.shell.dialogs, self.flow
        if "analysis" not in dialogs.nodes:
            d, body = dialogs.dialog("analysis", tx("analysis.title"))
            body.append(el("p", "analysis-text", aria_live="polite"),
                        el("progress", "analysis-progress", aria_label=tx("analysis.title")),
                        el("div", "actions analysis-lines"))
            d.append(el("div", "actions analysis-end"))
        d = dialogs.nodes["analysis"]
        text, bar = d.querySelector(".analysis-text"), d.querySelector(".analysis-progress")
        lines, end = d.querySelector(".analysis-lines"), d.querySelector(".analysis-end")
        result = flow.result
        state = flow.state or "done"
        d.setAttribute("data-state", state)
        for name in ("data-last-winnable", "data-losing-move"):
            d.removeAttribute(name)
        if state == "running":
            done, total = flow.progress
            text.textContent = tx("analysis.running.text", done=done, total=max(total, done)) if total \
                else tx("analysis.running.start")
            bar.hidden = False
            if total:
                bar.setAttribute("max", str(max(total, done)))
                bar.setAttribute("value", str(done))
            lines.replaceChildren()
            end.replaceChildren(self._button("analysis-cancel", "analysis.btn.cancel", primary=True))
        else:
            bar.hidden = True
            if note is not None:
                text.textContent = tx.msg(note)
            elif result is not None:
                text.textContent = tx.msg(flow.summary(result))
                if result.last_winnable is not None:
                    d.setAttribute("data-last-winnable", str(result.last_winnable))
                losing = flow.losing_text()
                if losing is not None:
                    d.setAttribute("data-losing-move", losing)
            else:
                text.textContent = tx("analysis.won", n=self.shell.session.game.moves_count)
            lines.replaceChildren(*self._line_buttons(result))
            end.replaceChildren(self._button("close-dialog", "ui.close"),
                                self._button("restart", "ui.btn.restart"),
                                self._button("new", "ui.btn.new", primary=True))
        if not d.open:
            d.showModal()

    def _button(self, action: str, key: str, *, primary: bool = False, **values: object) -> Element:
        return el("button", "primary" if primary else "", self.shell.tx(key, **values), type="button",
                  data_action=action)

    def _line_buttons(self, result: Analysis | None) -> list[Element]:
        """One button per line there is to replay."""
        flow = self.flow
        self.lines = {"own": flow.own_line()}
        winning = flow.winning_line()
        if winning is not None:
            self.lines["win"] = winning
        partner = self.duel.partner()
        if partner is not None:
            name, game = partner
            label = Msg("analysis.line.other", name=name)
            self.lines["other"] = Line(label, start_of(game), tuple(game.line))
        out = [self._button("replay-own", "analysis.btn.own", primary=result is None)]
        if "win" in self.lines:
            out.append(self._button("replay-win", "analysis.btn.win", primary=True))
        if partner is not None:
            out.append(self._button("replay-other", "analysis.btn.other", name=partner[0]))
        return out

    # ------------------------------------------------------------------ the replay
    def _start_line(self, kind: str) -> Callable[[], None]:
        def begin() -> None:
            line = self.lines.get(kind) or (self.flow.own_line() if kind == "own" else None)
            if line is None:
                return
            self.shell.dialogs.close_all()
            self.timers.unbind()
            self.replay = Replay(line)
            if line.losing is not None:  # the move that lost it is where the replay starts
                self.replay.to(line.losing)
            self._draw()
        return begin

    def step(self, delta: int) -> None:
        replay = self.replay
        if replay is None:
            return
        self.timers.unbind()
        moved = replay.forward() if delta > 0 else replay.back()
        if moved:
            self._draw()

    def play(self) -> None:
        """"Abspielen": one move after another until the end or "Pause"."""
        replay = self.replay
        if replay is None:
            return
        if replay.next_move() is None:
            replay.to(0)
        self._tick()

    def _tick(self, *_: object) -> None:
        self.timers.unbind()
        replay = self.replay
        if replay is None or not replay.forward():
            self._draw()
            return
        self._draw(playing=replay.next_move() is not None)
        if replay.next_move() is not None:
            self.timers.later(PLAY_MS, self._tick)

    def pause(self) -> None:
        self.timers.unbind()
        self._draw()

    def leave(self, *, reopen: bool = True) -> None:
        """Back to the game as it ended, and to its dialog."""
        self.timers.unbind()
        if self.replay is None:
            return
        self.replay = None
        if self.bar is not None:
            self.bar.remove()
            self.bar = None
        document.documentElement.classList.remove("replaying")
        self.shell.show_position(None)
        if reopen:
            self._open()

    def _draw(self, *, playing: bool = False) -> None:
        replay = self.replay
        if replay is None:
            return
        tx = self.shell.tx
        self.shell.show_position(replay.game, replay.next_move())
        document.documentElement.classList.add("replaying")
        if self.bar is None:
            self.bar = el("section", "replay", id="replay", aria_label=tx("replay.label"))
            msg = byid("msg")
            msg.parentNode.insertBefore(self.bar, msg)
        self.bar.setAttribute("data-step", str(replay.step))
        self.bar.setAttribute("data-of", str(replay.of))
        self.bar.toggleAttribute("data-losing", replay.losing_next)
        where = el("p", "replay-where", tx.msg(replay.where()), aria_live="polite")
        nodes = [where]
        if replay.losing_next:
            nodes.append(el("p", "replay-losing", tx("replay.losing")))
        buttons = el("div", "actions")
        back = self._button("replay-back", "replay.btn.back")
        forth = self._button("replay-next", "replay.btn.next")
        back.disabled = replay.step == 0
        forth.disabled = replay.next_move() is None
        toggle = self._button("replay-pause", "replay.btn.pause") if playing else \
            self._button("replay-play", "replay.btn.play")
        buttons.append(back, forth, toggle, self._button("replay-leave", "replay.btn.leave", primary=True))
        nodes.append(buttons)
        self.bar.replaceChildren(*nodes)

    def _key(self, event: Event) -> None:
        """While the replay shows: ← → step, Space plays or pauses, Esc leaves."""
        if self.replay is None or event.defaultPrevented or self.shell.dialogs.any_open():
            return
        key = event.key
        if key == "ArrowLeft":
            self.step(-1)
        elif key == "ArrowRight":
            self.step(1)
        elif key == " ":
            pause = self.bar.querySelector('[data-action="replay-pause"]') if self.bar is not None else None
            playing = pause is not None and not absent(pause)
            if playing:
                self.pause()
            else:
                self.play()
        elif key == "Escape":
            self.leave()
        else:
            return
        event.preventDefault()


__all__ = ["AnalysisPanel", "own_label"]
