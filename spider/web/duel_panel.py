"""The Spider duel on the page: the duel dialog, the computer's panel ``#opponent``, the
comparison, the challenge dialog, and the computer's play in the engine's worker. The flow
(starting, links, the player's end, what follows it) is :mod:`spider.web.duel_flow`, tested
without a browser; the rules, results and links are :mod:`spider.duel`; the duel's saved
facts are :class:`spider.web.mode.Duel`.

* A duel is a Spider game started with ``duel=True`` (undo costs a point) and a
  :class:`~spider.web.mode.Duel` in the game's facts (``mode.duel``), so a reload resumes it
  exactly.
* Against the computer: it plays the same deal in the engine's worker at its level (Leicht,
  Mittel, Stark), one action every second or so (:data:`PACES`, "Computer schneller" cycles
  them), only while the player's clock runs; its points, runs and moves show in the panel
  ``#opponent`` (``data-level``); while it thinks longer than half a second the panel says
  so. When the player is done it plays on to its own end at once, then both results stand
  side by side.
* By link: any finished Spider game with a deal ID can be sent ("Herausfordern"): the link
  carries the deal, the name and every action, never the score. The page keeps the
  challenges it sent (``spider.duel.sent``): an answer counts, once, only as the answer to
  one of them, and the challenger's result shown is the one that was sent. Opening a
  challenge (``?duel=``) starts the deal as "Duell gegen <Name>"; the challenger's result
  stays hidden until this player is done; the comparison offers the link that goes back
  (both results in it), under the name this player gives there.
* On one device: player 1 plays, hands the device over, player 2 plays the same deal.
* "Fertig" ends one's game early; the won and the stuck dialog end it too.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Final, Protocol

from pyscript import window

from ..core.messages import MessageError, Msg
from ..core.registry import find_game
from ..core.timefmt import format_time
from ..duel import MAX_NAME, Result, clean_name
from ..spider_game import Game
from ..spider_game.announce import runs_text
from ..spider_game.deck import parse_deal_id
from ..texts.keys import family
from .dialogs import Dialogs
from .dom import Bindings, absent, byid, el
from .duel_flow import LEVEL_NAME, PARAM, Comparison, DuelFlow
from .i18n import Texts
from .jsdom import Element
from .mode import OPPONENT_LEVELS, PACES, WAYS, Duel
from .rooms import CHOICE
from .session import Outcome, Session
from .tables.status import STAT
from .verdict import EngineWorker

WAY: Final = family("duel.way.{way}", way=WAYS)
RULES: Final = ("reveal", "fit", "run", "clear", "move")
RULE: Final = family("duel.rules.{rule}", rule=RULES)
ROW: Final = family("duel.result.{row}", row=("points", "runs_by_suit", "moves", "undos", "time", "level"))
THINKING_MS: Final = 500  # the computer's panel says it thinks once a move takes longer


class _Shell(Protocol):
    tx: Texts
    dialogs: Dialogs
    session: Session
    engine: EngineWorker

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def on(self, name: str, handler: Callable[[], None], *, paused_ok: bool = False) -> None: ...

    def show(self, out: Outcome | None, t0: float | None = None) -> None: ...

    def save(self, *, force: bool = False) -> None: ...

    def copy(self, text: str, done: Msg) -> None: ...

    def link_to(self, param: str, value: str) -> str: ...

    def clock_show(self) -> None: ...

    def rebuild_tools(self) -> None: ...


class DuelPanel:
    param = PARAM

    def __init__(self, shell: _Shell) -> None:
        self.shell = shell
        self.flow = DuelFlow(shell.session)
        self.bind = Bindings()
        self.panel: Element | None = None
        self.busy = False
        self.thinking = False
        self.task: object = None  # the computer's turn in the worker (kept from the garbage collector)
        self.bind.every(150, self._tick)
        self._since = 0.0
        self._answer = ""
        self._answer_name: Element | None = None
        self._result: tuple[Element, Element, Element] | None = None
        for name, handler in (("duel", self.open_dialog), ("duel-start", self.start_from_dialog),
                              ("duel-pace", self.pace),
                              ("duel-next", lambda: shell.show(self.flow.next_player())),
                              ("duel-copy-answer", self.copy_answer), ("challenge", self.offer_challenge),
                              ("duel-result", self.conclude), ("challenge-copy", self.copy_challenge),
                              ("finish", self.ask_finish), ("finish-yes", self.finish),
                              ("duel-finished", self.finished)):
            shell.on(name, handler, paused_ok=True)

    @property
    def info(self) -> Duel | None:
        return self.flow.info

    def from_link(self, query: dict[str, str]) -> tuple[Game | None, bool, bool]:
        """The game a ``?duel=`` link opens at the start (a challenge), whether it is fresh,
        and whether the message is a refusal; an answer is compared once the page is ready."""
        text = query.get(PARAM)
        if text is None:
            return None, False, False
        opened = self.flow.open_link(text, self.shell.tx("duel.anonymous"))
        if opened is None:  # refused, or an answer
            self.shell.session.play_anyway = self.flow.refused_deal
            return None, False, self.flow.refused
        game, note, mode = opened
        self.shell.session.linked(game, note, mode)
        return game, True, False

    def remove(self) -> None:
        self.bind.unbind()
        if self.panel is not None:
            self.panel.remove()
            self.panel = None

    # ------------------------------------------------------------------ starting
    def open_dialog(self) -> None:
        """The duel dialog: which way (and the computer's level), how many suits, the names."""
        tx, dialogs = self.shell.tx, self.shell.dialogs
        dialogs.close_all()
        settings = self.shell.session.settings
        if "duel" not in dialogs.nodes:
            d, body = dialogs.dialog("duel", tx("duel.title"))
            ways = el("fieldset", "levels")
            ways.append(el("legend", "", tx("duel.way.legend")))
            for way in WAYS:
                label = el("label", "level")
                label.append(el("input", "", type="radio", name="way", value=way),
                             el("span", "lv", tx(WAY(way=way))))
                ways.append(label)
            levels = el("fieldset", "levels cpu-levels", id="duel-levels")
            levels.append(el("legend", "", tx("duel.level.legend")))
            for level in OPPONENT_LEVELS:
                label = el("label", "level")
                label.append(el("input", "", type="radio", name="duel-level", value=level),
                             el("span", "lv", tx(LEVEL_NAME(level=level))))
                levels.append(label)
            variants = el("fieldset", "levels")
            variants.append(el("legend", "", tx("ui.new.legend")))
            for n in find_game("spider").variants:
                label = el("label", "level")
                label.append(el("input", "", type="radio", name="duel-suits", value=str(n)),
                             el("span", "lv", tx(CHOICE(game="spider", variant=n))))
                variants.append(label)
            names = el("div", "names")
            for ident, key in (("duel-me", "duel.name.label"), ("duel-other", "duel.device.second")):
                row = el("label", "setting")
                row.append(el("span", "", tx(key, n=MAX_NAME)),
                           el("input", "", type="text", id=ident, maxlength=str(MAX_NAME),
                              autocomplete="off"))
                names.append(row)
            rules = el("details", "rules")
            rules.append(el("summary", "", tx("duel.btn.rules")))
            for p in self.rules():
                rules.append(el("p", "", p))
            body.append(ways, levels, variants, names, rules)
            d.append(dialogs.buttons(("close-dialog", tx("ui.cancel"), False),
                                     ("duel-start", tx("duel.btn.start"), True)))
            self.bind.listen(ways, "change", lambda _e: self._names_follow())
        d = dialogs.nodes["duel"]
        checked = d.querySelector("input[name=way]:checked")
        if absent(checked):
            d.querySelector('input[name=way][value="computer"]').checked = True
        level = settings.opponent_level if settings.opponent_level in OPPONENT_LEVELS else OPPONENT_LEVELS[0]
        d.querySelector(f'input[name=duel-level][value="{level}"]').checked = True
        d.querySelector(f'input[name=duel-suits][value="{settings.suits}"]').checked = True
        self._names_follow()
        d.showModal()

    def _names_follow(self) -> None:
        d = self.shell.dialogs.nodes["duel"]
        way = str(d.querySelector("input[name=way]:checked").value)
        other = d.querySelector("#duel-other").parentNode
        other.hidden = way != "device"
        d.querySelector("#duel-levels").hidden = way != "computer"
        label = d.querySelector("#duel-me").previousElementSibling
        key = "duel.device.first" if way == "device" else "duel.name.label"
        label.textContent = self.shell.tx(key, n=MAX_NAME)

    def rules(self) -> list[str]:
        tx = self.shell.tx
        points = " · ".join(tx(RULE(rule=k)) for k in RULES)
        return [tx("duel.rules.intro"), f"{tx('duel.rules.points')} {points}", tx("duel.rules.undo"),
                tx("duel.rules.finish"), tx("duel.rules.time"), tx("duel.rules.computer")]

    def start_from_dialog(self) -> None:
        d = self.shell.dialogs.nodes["duel"]
        way = str(d.querySelector("input[name=way]:checked").value)
        suits = int(d.querySelector("input[name=duel-suits]:checked").value)
        level_node = d.querySelector("input[name=duel-level]:checked")
        level = str(level_node.value) if not absent(level_node) else OPPONENT_LEVELS[0]
        me = str(d.querySelector("#duel-me").value)
        other = str(d.querySelector("#duel-other").value)
        self.shell.dialogs.close("duel")
        tx = self.shell.tx
        way = way if way in WAYS else "computer"
        level = level if level in OPPONENT_LEVELS else OPPONENT_LEVELS[0]
        names = (tx("duel.computer"), tx("duel.device.first"), tx("duel.device.second"))
        self.shell.show(self.flow.start(way, suits, level, me, other, names))

    # ------------------------------------------------------------------ the panel
    def show(self) -> None:
        """Draw (or remove) the panel for the duel on the table."""
        info = self.info
        if info is None:
            if self.panel is not None:
                self.panel.remove()
                self.panel = None
            return
        tx = self.shell.tx
        if self.panel is None:
            self.panel = el("section", "opponent", id="opponent", aria_live="polite")
            place = byid("table")
            place.insertBefore(self.panel, byid("board"))
        nodes: list[Element] = [el("b", "opp-name", info.name or tx("duel.anonymous"))]
        if info.way == "computer":
            self.panel.setAttribute("data-level", info.cpu_level)
            nodes.append(el("span", "opp-level", tx(LEVEL_NAME(level=info.cpu_level))))
            for key, value in (("score", str(info.score.points)),
                               ("runs", tx("ui.stat.runs_value", n=info.score.runs)),
                               ("moves", str(info.score.moves))):
                cell = el("span", "opp-stat")
                cell.append(el("span", "k", tx(STAT(key=key))), el("span", "v", value, data_opp=key))
                nodes.append(cell)
            if self.thinking and not info.cpu_done:
                nodes.append(el("span", "opp-note opp-thinking", tx("duel.opponent.thinking")))
            if not info.ended:
                pace = PACES.index(info.pace)
                label = tx("duel.btn.slower") if pace == len(PACES) - 1 else tx("duel.btn.faster")
                nodes.append(el("button", "opp-pace", label, type="button", data_action="duel-pace"))
        else:
            self.panel.removeAttribute("data-level")
            if info.way == "device" and not info.ended and info.names is not None:
                playing = info.names[info.turn - 1]
                nodes.append(el("span", "opp-note", tx("duel.device.start", name=playing)))
            elif info.challenge and not info.ended:
                other = info.name or tx("duel.anonymous")
                nodes.append(el("span", "opp-note", tx("duel.waiting", name=other)))
        self.panel.toggleAttribute("data-thinking", self.thinking)
        nodes += self._after_buttons(info)
        self.panel.replaceChildren(*nodes)

    def _after_buttons(self, info: Duel) -> list[Element]:
        """Once the player is done, the panel keeps the way on: player 2's turn, the result
        (again, after its dialog was closed or the page reloaded), or the challenge to send."""
        if not info.ended:
            return []
        tx = self.shell.tx
        if info.way == "device" and info.turn == 1 and info.names is not None:
            label, action = tx("duel.device.start", name=info.names[1]), "duel-next"
        elif (info.way == "computer" and info.cpu_done) or info.way == "device" or info.challenge:
            label, action = tx("duel.btn.result"), "duel-result"
        elif info.way == "link":
            label, action = tx("duel.btn.challenge"), "challenge"
        else:
            return []
        return [el("button", "opp-after", label, type="button", data_action=action)]

    def pace(self) -> None:
        self.flow.faster()
        self.show()

    # ------------------------------------------------------------------ the computer
    def _tick(self, *_: object) -> None:
        info = self.info
        if info is None or info.way != "computer" or info.cpu_done or self.busy:
            return
        self.shell.engine.start()  # the worker boots while the player looks at the deal
        if info.ended:
            self._run_cpu(5000)
            return
        session = self.shell.session
        if session.paused or not session.clock.running:
            return
        now = float(window.performance.now())
        if now - self._since >= info.pace:
            self._since = now
            self._run_cpu(1)

    def _run_cpu(self, steps: int) -> None:
        self.busy = True
        self.task = asyncio.ensure_future(self._cpu(steps))

    async def _cpu(self, steps: int) -> None:
        info = self.info
        timer = self.bind.later(THINKING_MS, self._thinking)
        try:
            request = self.flow.computer_request(steps)
            if info is None or request is None:
                return
            answer = json.loads(await self.shell.engine.ask(json.dumps(request)))
            if answer.get("status") != "ok" and getattr(self.shell.engine, "failed", False):
                # No worker in this browser: the computer plays here.
                from .worker_api import handle

                answer = json.loads(handle(json.dumps(request)))
            if answer.get("status") != "ok" or self.info is not info:
                return
            comparison = self.flow.computer_answer(info, answer)
            self.thinking = False
            self.show()
            self.shell.save()
            if comparison is not None:
                self.show_comparison(comparison)
        finally:
            window.clearTimeout(timer)
            self.busy = False
            if self.thinking:
                self.thinking = False
                self.show()

    def _thinking(self, *_: object) -> None:
        """The computer has thought for half a second: its panel says so."""
        if self.busy and self.info is not None:
            self.thinking = True
            self.show()

    # ------------------------------------------------------------------ ending
    def ask_finish(self) -> None:
        tx = self.shell.tx
        self.shell.dialogs.open_confirm(tx("duel.finish.confirm"), ("finish-yes", tx("ui.btn.finish")))

    def finish(self) -> None:
        """"Fertig" (confirmed, or in the no-moves dialog): the player's game ends here."""
        self.shell.dialogs.close_all()
        self.finished()
        self.shell.rebuild_tools()

    def finished(self) -> None:
        """The player's game is over (Fertig, won, or ended in the no-moves dialog)."""
        if self.info is None or self.info.ended:
            return
        out = self.flow.finish()
        self.shell.show(out)
        self.shell.clock_show()
        done = byid("tools").querySelector('[data-action="finish"]')
        if not absent(done):
            done.remove()
        self.show()
        self._conclude(record=True)

    def conclude(self) -> None:
        """The panel's button: the result again (or the hand-over, the challenge)."""
        self._conclude(record=False)

    def _conclude(self, *, record: bool) -> None:
        found = self.flow.conclude(record=record)
        if isinstance(found, Comparison):
            self.show_comparison(found)
        else:
            self.shell.show(found)

    # ------------------------------------------------------------------ results
    def show_comparison(self, comparison: Comparison) -> None:
        tx, dialogs = self.shell.tx, self.shell.dialogs
        mine, theirs, way = comparison.mine, comparison.theirs, comparison.way
        outcome = comparison.outcome
        if "duelresult" not in dialogs.nodes:
            d, body = dialogs.dialog("duelresult", tx("duel.result.title"))
            head_node = el("p", "duel-head")
            table = el("table", "duel-table")
            link = el("div", "duel-link")
            body.append(head_node, el("div", "duel-scroll"), link)
            body.querySelector(".duel-scroll").append(table)
            d.append(dialogs.buttons(("close-dialog", tx("ui.close"), False),
                                     ("new", tx("ui.btn.new"), True)))
            self._result = (head_node, table, link)
        assert self._result is not None
        result_head, result_table, result_link = self._result
        if comparison.strangers:  # an answer not to a challenge from here
            names = {"me": mine.name or tx("duel.anonymous"), "them": theirs.name or tx("duel.anonymous")}
        else:
            names = {"me": mine.name or tx("duel.you"), "them": theirs.name or tx("duel.anonymous")}
        if outcome == "drawn":
            head = tx("duel.result.draw")
        elif way == "device":
            head = tx("duel.result.won", name=names["me" if outcome == "won" else "them"])
        else:
            won = outcome == "won"
            head = tx("duel.result.you_won") if won else tx("duel.result.you_lost", name=names["them"])
        result_head.textContent = head
        rows: list[tuple[str, Callable[[Result], str]]] = [
                ("points", lambda r: str(r.points)),
                ("runs_by_suit", lambda r: runs_text(parse_deal_id(r.deal_id)[0],
                                                     tuple(s for s, n in r.runs.items() for _ in range(n)))),
                ("moves", lambda r: str(r.moves)), ("undos", lambda r: str(r.undos)),
                ("time", lambda r: format_time(r.time_ms) if r.time_ms else tx("stats.none"))]
        if comparison.level is not None:  # which level played
            level = tx(LEVEL_NAME(level=comparison.level))
            rows.append(("level", lambda r: level if r is theirs else tx("stats.none")))
        head_row = el("tr")
        head_row.append(el("th", "", tx("duel.result.player"), scope="col"))
        cols: list[tuple[str, Result]] = [("me", mine), ("them", theirs)]
        for side, result in cols:
            head_row.append(el("th", "", names[side], scope="col", data_duel=side,
                               data_score=str(result.points)))
        body_rows = [head_row]
        for key, value in rows:
            tr = el("tr")
            tr.append(el("th", "", tx(ROW(row=key)), scope="row"))
            for _side, result in cols:
                tr.append(el("td", "", value(result)))
            body_rows.append(tr)
        result_table.replaceChildren(*body_rows)
        link_nodes: list[Element] = []
        if comparison.answer is not None:
            row = el("label", "setting")
            self._answer_name = el("input", "", type="text", id="answer-name", maxlength=str(MAX_NAME),
                                   autocomplete="off")
            self._answer_name.value = self.info.me if self.info is not None else ""
            row.append(el("span", "", tx("duel.name.label", n=MAX_NAME)), self._answer_name)
            link_nodes += [row, el("button", "", tx("duel.btn.answer"), type="button",
                                   data_action="duel-copy-answer")]
            self._answer = comparison.answer
        if not comparison.strangers:
            link_nodes.append(el("button", "", tx("duel.btn.challenge"), type="button",
                                 data_action="challenge"))
        if self.info is not None and self.info.ended:  # this player's game is over: where did it go wrong?
            key = "analysis.btn.replay" if self.shell.session.game.is_won else "analysis.btn.where"
            link_nodes.append(el("button", "", tx(key), type="button", data_action="analyse"))
        result_link.replaceChildren(*link_nodes)
        dialogs.close_all()
        self.shell.say("")  # the comparison says it all: no "… spielt" left under it
        dialogs.nodes["duelresult"].showModal()

    def copy_answer(self) -> None:
        """The answer link, under the name the answering player gives in the comparison."""
        name = clean_name(str(self._answer_name.value)) if self._answer_name is not None else ""
        try:
            answer = self.flow.answer_as(self._answer, name)
        except MessageError as e:
            self.shell.say(e.message, refusal=True)
            return
        if answer != self._answer:
            self._answer = answer
            self.shell.save()
        self.shell.copy(self.shell.link_to(PARAM, answer), Msg("duel.link_copied"))

    # ------------------------------------------------------------------ challenge
    def offer_challenge(self) -> None:
        """"Herausfordern": a name (optional) and the link with the deal and the actions."""
        tx, dialogs = self.shell.tx, self.shell.dialogs
        if not self.flow.can_challenge():
            self.shell.say(Msg("duel.link.no_deal"), refusal=True)
            return
        if "challenge" not in dialogs.nodes:
            d, body = dialogs.dialog("challenge", tx("duel.btn.challenge"))
            row = el("label", "setting")
            row.append(el("span", "", tx("duel.name.label", n=MAX_NAME)),
                       el("input", "", type="text", id="challenge-name", maxlength=str(MAX_NAME),
                          autocomplete="off"))
            self._challenge_out = el("output", "challenge-link", id="challenge-link")
            body.append(row, self._challenge_out)
            d.append(dialogs.buttons(("close-dialog", tx("ui.close"), False),
                                     ("challenge-copy", tx("duel.btn.copy_link"), True)))
        dialogs.close_all()
        d = dialogs.nodes["challenge"]
        info = self.info
        d.querySelector("#challenge-name").value = info.me if info is not None else ""
        d.querySelector("#challenge-link").textContent = ""
        d.showModal()

    def copy_challenge(self) -> None:
        d = self.shell.dialogs.nodes["challenge"]
        try:
            text = self.flow.challenge(str(d.querySelector("#challenge-name").value))
        except MessageError as e:
            self.shell.say(e.message, refusal=True)
            return
        url = self.shell.link_to(PARAM, text)
        d.querySelector("#challenge-link").textContent = url
        self.shell.copy(url, Msg("duel.link_copied"))


__all__ = ["PARAM", "DuelPanel"]
