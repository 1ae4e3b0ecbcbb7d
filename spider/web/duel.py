"""The Spider duel on the page: against the computer, by link, or two players on one device.

The rules, results, links and the computer's play are :mod:`spider.duel` and
:mod:`spider.spider_game.opponent`; the duel's saved facts are :class:`spider.web.mode.Duel`
(typed, checked when a save is read). This module wires them into the page.

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
import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final, Protocol

from pyscript import window

from ..core.messages import MessageError, Msg
from ..core.saves import load_json
from ..core.timefmt import format_time
from ..duel import (
    MAX_NAME,
    Result,
    challenge_of,
    clean_name,
    compare,
    decode_challenge,
    encode_answer,
    encode_challenge,
    link_deal_id,
    open_challenge,
    result_of,
)
from ..spider_game import Game
from ..spider_game.announce import runs_text
from ..spider_game.deck import parse_deal_id
from ..texts.keys import family
from .dialogs import Dialogs
from .dom import Bindings, absent, byid, el
from .i18n import Texts
from .mode import OPPONENT_LEVELS, PACES, CpuScore, Duel, Meta
from .tables import CHOICE
from .tables.status import STAT

PARAM = "duel"
WAY: Final = family("duel.way.{way}", way=("computer", "link", "device"))
LEVEL_NAME: Final = family("duel.level.{level}", level=OPPONENT_LEVELS)
RULES: Final = ("reveal", "fit", "run", "clear", "move")
RULE: Final = family("duel.rules.{rule}", rule=RULES)
ROW: Final = family("duel.result.{row}", row=("points", "runs_by_suit", "moves", "undos", "time", "level"))
SENT_KEY = "spider.duel.sent"  # the challenges this page sent (the last SENT_LIMIT)
SENT_LIMIT = 50
THINKING_MS = 500  # the computer's panel says it thinks once a move takes longer


class _Shell(Protocol):
    tx: Texts
    game: Any
    mode: Meta
    dialogs: Dialogs
    engine: Any
    records: Any
    storage: Any
    paused: bool
    notes: list[Msg]

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def start(self, game: Any, origin: str | None, note: Msg, mode: Meta | None = None) -> None: ...

    def save(self, *, force: bool = False) -> None: ...

    def clock_ms(self) -> float: ...

    def clock_running(self) -> bool: ...

    def stop_clock(self) -> None: ...

    def copy(self, text: str, done: Msg) -> None: ...

    def link_to(self, param: str, value: str) -> str: ...

    def setting(self, name: str) -> Any: ...

    def remember(self, name: str, value: Any) -> None: ...


def link_value(url: str) -> str:
    """The duel text of a whole link or of the bare value."""
    marker = f"{PARAM}="
    return url.split(marker, 1)[1].split("&", 1)[0] if marker in url else url


def _mark(text: str) -> str:
    return hashlib.sha256(text.strip().encode()).hexdigest()[:32]


class DuelView:
    def __init__(self, shell: _Shell) -> None:
        self.shell = shell
        self.bind = Bindings()
        self.panel: Any = None
        self.busy = False
        self.thinking = False
        self.task: asyncio.Future[Any] | None = None
        self.bind.every(150, self._tick)
        self._since = 0.0
        self._answer = ""
        self._answer_name: Any = None

    # ------------------------------------------------------------------ state
    @property
    def info(self) -> Duel | None:
        return self.shell.mode.duel

    @property
    def active(self) -> bool:
        info = self.info
        return info is not None and not info.ended

    def _set(self, **changes: Any) -> Duel:
        """Change the duel's facts (a new frozen value in the game's mode)."""
        info = self.info
        assert info is not None
        new = replace(info, **changes)
        self.shell.mode = replace(self.shell.mode, duel=new)
        return new

    def remove(self) -> None:
        self.bind.unbind()
        if self.panel is not None:
            self.panel.remove()
            self.panel = None

    # ------------------------------------------------------------------ starting
    def open_dialog(self, suits: int) -> None:
        """The duel dialog: which way (and the computer's level), how many suits, the names."""
        tx, dialogs = self.shell.tx, self.shell.dialogs
        if "duel" not in dialogs.nodes:
            d, body = dialogs._dialog("duel", tx("duel.title"))
            ways = el("fieldset", "levels")
            ways.append(el("legend", "", tx("duel.way.legend")))
            for way in ("computer", "link", "device"):
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
            for n in (1, 2, 4):
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
            d.append(dialogs._buttons(("close-dialog", tx("ui.cancel"), False),
                                      ("duel-start", tx("duel.btn.start"), True)))
            self.bind.listen(ways, "change", lambda _e: self._names_follow())
        d = dialogs.nodes["duel"]
        checked = d.querySelector("input[name=way]:checked")
        if absent(checked):
            d.querySelector('input[name=way][value="computer"]').checked = True
        level = self.shell.setting("opponent_level")
        if level not in OPPONENT_LEVELS:
            level = "easy"
        d.querySelector(f'input[name=duel-level][value="{level}"]').checked = True
        d.querySelector(f'input[name=duel-suits][value="{suits}"]').checked = True
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
        level = str(level_node.value) if not absent(level_node) else "easy"
        me = clean_name(str(d.querySelector("#duel-me").value))
        other = clean_name(str(d.querySelector("#duel-other").value))
        self.shell.dialogs.close("duel")
        tx = self.shell.tx
        game = Game.new(suits, duel=True)
        info: Duel
        if way == "computer":
            level = level if level in OPPONENT_LEVELS else "easy"
            self.shell.remember("opponent_level", level)
            name = tx("duel.computer")
            info = Duel(way="computer", name=name, me=me, cpu_level=level)
            note = Msg("duel.against.computer", name=name, level=Msg(LEVEL_NAME(level=level)))
        elif way == "device":
            names = (me or tx("duel.device.first"), other or tx("duel.device.second"))
            info = Duel(way="device", names=names, turn=1, name=names[1], me=names[0])
            note = Msg("duel.device.start", name=names[0])
        else:
            info = Duel(way="link", me=me)
            note = Msg("duel.link.start")
        self.shell.start(game, None, note, Meta(duel=info))

    def open_link(self, text: str) -> tuple[Any, Msg, Meta] | None:
        """A ``?duel=`` link: a challenge starts its deal as a duel against the challenger
        (their result hidden); an answer shows both results. ``None`` when the link is
        refused (then the message names why, and the deal can still be played)."""
        tx = self.shell.tx
        try:
            challenge, results = open_challenge(text)
        except MessageError as e:
            self.shell.notes.append(e.message)
            self.refused = True
            self.refused_deal = link_deal_id(text)
            return None
        if challenge.answer is not None:
            self._answer_opened(challenge, results)
            return None
        name = results[0].name or tx("duel.anonymous")
        game = Game.new(deal_id=challenge.deal_id, duel=True)
        return game, Msg("duel.against", name=name), Meta(duel=Duel(way="link", name=name, challenge=text))

    refused = False  # the link was refused (its reason is among the shell's notes)
    refused_deal: str | None = None  # the deal a refused link still names

    def _answer_opened(self, challenge: Any, results: tuple[Result, ...]) -> None:
        """The answer to a challenge comes back to the challenger. It counts only as the
        answer to a challenge this page sent, once per challenge, and the challenger's side
        shown is the one that was sent (an answer cannot rewrite it)."""
        sent = challenge_of(challenge)
        if sent not in self._sent():
            self.shell.notes.append(Msg("duel.answer.not_sent"))
            self.show_comparison(results[0], results[1], way="device", answer=None, record=False)
            return
        self.shell.notes.append(Msg("duel.answer.opened"))
        if self.shell.storage.count_once(_mark(sent)):
            self.shell.records.answer(challenge.deal_id, compare(results[0], results[1]))
        self.show_comparison(results[0], results[1], way="link", answer=None, record=False)

    def _sent(self) -> list[str]:
        raw = self.shell.storage.get(SENT_KEY)
        try:
            sent = load_json(raw) if raw else []
        except MessageError:
            sent = []
        return [s for s in sent if isinstance(s, str)] if isinstance(sent, list) else []

    def _remember_sent(self, text: str) -> None:
        sent = [s for s in self._sent() if s != text]
        self.shell.storage.put(SENT_KEY, json.dumps([*sent, text][-SENT_LIMIT:]))

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
        nodes: list[Any] = [el("b", "opp-name", info.name or tx("duel.anonymous"))]
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

    def _after_buttons(self, info: Duel) -> list[Any]:
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
        info = self.info
        if info is not None:
            self._set(pace=PACES[(PACES.index(info.pace) + 1) % len(PACES)])
            self.show()

    # ------------------------------------------------------------------ the computer
    def _tick(self, *_: Any) -> None:
        info = self.info
        if info is None or info.way != "computer" or info.cpu_done or self.busy:
            return
        self.shell.engine.start()  # the worker boots while the player looks at the deal
        if info.ended:
            self._run_cpu(5000)
            return
        if self.shell.paused or not self.shell.clock_running():
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
            if info is None:
                return
            request = {"op": "opponent", "deal_id": self.shell.game.deal_id, "saved": info.cpu,
                       "steps": steps, "level": info.cpu_level}
            answer = json.loads(await self.shell.engine.ask(json.dumps(request)))
            if answer.get("status") != "ok" and getattr(self.shell.engine, "failed", False):
                # No worker in this browser: the computer plays here.
                from .worker_api import handle

                answer = json.loads(handle(json.dumps(request)))
            if answer.get("status") != "ok" or self.info is not info:
                return
            result = answer["result"]
            info = self._set(cpu=answer["saved"], cpu_done=bool(answer["finished"]),
                             score=CpuScore(int(result["points"]), int(result["runs_total"]),
                                            int(result["moves"])))
            self.thinking = False
            self.show()
            self.shell.save()
            if info.ended and info.cpu_done:
                self._compare_computer(info, record=True)
        finally:
            window.clearTimeout(timer)
            self.busy = False
            if self.thinking:
                self.thinking = False
                self.show()

    def _thinking(self, *_: Any) -> None:
        """The computer has thought for half a second: its panel says so."""
        if self.busy and self.info is not None:
            self.thinking = True
            self.show()

    def _compare_computer(self, info: Duel, *, record: bool) -> None:
        if info.cpu is None:
            return
        cpu = Game.from_json(info.cpu)
        theirs = result_of(cpu, info.name, 0, finished=True)
        self.show_comparison(self._mine(info), theirs, way="computer", answer=None, record=record)

    # ------------------------------------------------------------------ ending
    def _mine(self, info: Duel) -> Result:
        """The player's result as it was at the end (kept in the duel's facts as a link the
        engine replays), so moves made after the end change nothing."""
        try:
            if info.answer:
                return open_challenge(info.answer, stored=True)[1][1]
            if info.mine:
                return open_challenge(info.mine, stored=True)[1][0]
        except MessageError:
            pass
        return result_of(self.shell.game, self._my_name(info), int(self.shell.clock_ms()), finished=True)

    def _my_name(self, info: Duel) -> str:
        if info.way == "device" and info.names is not None:
            return info.names[info.turn - 1]
        return info.me

    def _freeze(self, info: Duel) -> Duel:
        """Keep the player's game as it ended: the answer to a challenge, else a challenge of
        its own (player 1's on one device is what player 2 is compared with)."""
        game, ms = self.shell.game, int(self.shell.clock_ms())
        try:
            if info.way == "link" and info.challenge:
                return self._set(answer=encode_answer(decode_challenge(info.challenge, stored=True), game,
                                                      info.me, ms))
            mine = encode_challenge(game, self._my_name(info), ms)
        except MessageError as e:  # too long for a link: the game on the table counts
            self.shell.say(e.message, refusal=True)
            return info
        if info.way == "device" and info.turn == 1:
            return self._set(mine=mine, first=mine)
        return self._set(mine=mine)

    def finish(self) -> None:
        """The player's game is over (Fertig, won, or ended in the stuck dialog)."""
        info = self.info
        if info is None or info.ended:
            return
        info = self._set(ended=True)
        self.shell.stop_clock()
        self.shell.mode = self.shell.records.ended(self.shell.game, self.shell.mode, self.shell.clock_ms())
        self._freeze(info)
        self.shell.save()
        done = byid("tools").querySelector('[data-action="finish"]')
        if not absent(done):
            done.remove()
        self.show()
        self.conclude(record=True)

    def conclude(self, *, record: bool = False) -> None:
        """What comes after the player's end: the comparison when both results are known
        (recorded in the statistics once, when the duel ends), the hand-over to player 2,
        the challenge to send, or the computer still playing. The panel's button calls it
        again (``record=False``) after its dialog was closed, also after a reload."""
        info = self.info
        if info is None or not info.ended:
            return
        tx = self.shell.tx
        if info.way == "computer":
            if info.cpu_done:
                self._compare_computer(info, record=record)
            else:
                self.shell.say(Msg("duel.opponent.playing", name=info.name))
        elif info.way == "device" and info.turn == 1 and info.names is not None:
            name = info.names[1]
            self.shell.dialogs.open_confirm(tx("duel.device.handover", name=name),
                                            ("duel-next", tx("duel.device.start", name=name)))
        elif info.way == "device" and info.first is not None:
            theirs = open_challenge(info.first, stored=True)[1][0]
            self.show_comparison(self._mine(info), theirs, way="device", answer=None, record=record)
        elif info.challenge:
            theirs = open_challenge(info.challenge, stored=True)[1][0]
            self.show_comparison(self._mine(info), theirs, way="link", answer=info.answer, record=record)
        else:
            self.offer_challenge()

    def next_player(self) -> None:
        info = self.info
        if info is None or info.way != "device" or info.turn != 1 or not info.first or info.names is None:
            return
        names = info.names
        game = Game.new(deal_id=self.shell.game.deal_id, duel=True)
        second = Duel(way="device", names=names, turn=2, name=names[0], me=names[1], first=info.first)
        self.shell.start(game, None, Msg("duel.device.start", name=names[1]), Meta(duel=second))

    # ------------------------------------------------------------------ results
    def show_comparison(self, mine: Result, theirs: Result, *, way: str, answer: str | None,
                        record: bool = True) -> None:
        tx, dialogs = self.shell.tx, self.shell.dialogs
        outcome = compare(mine, theirs)
        if record and self.info is not None:
            self.shell.records.duel(self.shell.game, self.shell.mode, way, outcome)
        if "duelresult" not in dialogs.nodes:
            d, body = dialogs._dialog("duelresult", tx("duel.result.title"))
            self._result_head = el("p", "duel-head")
            self._result_table = el("table", "duel-table")
            self._result_link = el("div", "duel-link")
            body.append(self._result_head, el("div", "duel-scroll"), self._result_link)
            body.querySelector(".duel-scroll").append(self._result_table)
            d.append(dialogs._buttons(("close-dialog", tx("ui.close"), False),
                                      ("new", tx("ui.btn.new"), True)))
        if way == "device" and self.info is None:  # an answer not to a challenge from here
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
        self._result_head.textContent = head
        rows: list[tuple[str, Callable[[Result], str]]] = [
                ("points", lambda r: str(r.points)),
                ("runs_by_suit", lambda r: runs_text(parse_deal_id(r.deal_id)[0],
                                                     tuple(s for s, n in r.runs.items() for _ in range(n)))),
                ("moves", lambda r: str(r.moves)), ("undos", lambda r: str(r.undos)),
                ("time", lambda r: format_time(r.time_ms) if r.time_ms else tx("stats.none"))]
        info = self.info
        if way == "computer" and info is not None:  # which level played
            level = tx(LEVEL_NAME(level=info.cpu_level))
            rows.append(("level", lambda r: level if r is theirs else tx("stats.none")))
        table = self._result_table
        head_row = el("tr")
        head_row.append(el("th", "", tx("duel.result.player"), scope="col"))
        cols: list[tuple[str, Result]] = [("me", mine), ("them", theirs)]
        for side, result in cols:
            th = el("th", "", names[side], scope="col", data_duel=side, data_score=str(result.points))
            head_row.append(th)
        body_rows = [head_row]
        for key, value in rows:
            tr = el("tr")
            tr.append(el("th", "", tx(ROW(row=key)), scope="row"))
            for _side, result in cols:
                tr.append(el("td", "", value(result)))
            body_rows.append(tr)
        table.replaceChildren(*body_rows)
        link_nodes: list[Any] = []
        if answer is not None:
            row = el("label", "setting")
            self._answer_name = el("input", "", type="text", id="answer-name", maxlength=str(MAX_NAME),
                                   autocomplete="off")
            self._answer_name.value = self.info.me if self.info is not None else ""
            row.append(el("span", "", tx("duel.name.label", n=MAX_NAME)), self._answer_name)
            link_nodes += [row, el("button", "", tx("duel.btn.answer"), type="button",
                                   data_action="duel-copy-answer")]
            self._answer = answer
        if self.info is not None or way != "device":
            link_nodes.append(el("button", "", tx("duel.btn.challenge"), type="button",
                                 data_action="challenge"))
        self._result_link.replaceChildren(*link_nodes)
        dialogs.close_all()
        self.shell.say("")  # the comparison says it all: no "… spielt" left under it
        dialogs.nodes["duelresult"].showModal()

    def copy_answer(self) -> None:
        """The answer link, under the name the answering player gives in the comparison."""
        name = clean_name(str(self._answer_name.value)) if self._answer_name is not None else ""
        answer = self._answer
        info = self.info
        if info is not None and info.answer and name != info.me:
            try:
                challenge = decode_challenge(info.answer, stored=True)
                mine = challenge.players[1]
                renamed = replace(challenge, players=(challenge.players[0], replace(mine, name=name)))
                from ..duel import _encode

                answer = _encode(renamed.deal_id, list(renamed.players))
                self._set(answer=answer, me=name)
                self._answer = answer
                self.shell.save()
            except MessageError as e:
                self.shell.say(e.message, refusal=True)
                return
        self.shell.copy(self.shell.link_to(PARAM, answer), Msg("duel.link_copied"))

    # ------------------------------------------------------------------ challenge
    def offer_challenge(self) -> None:
        """"Herausfordern": a name (optional) and the link with the deal and the actions."""
        tx, dialogs = self.shell.tx, self.shell.dialogs
        game = self.shell.game
        if game.game_name != "spider" or not game.deal_id:
            self.shell.say(Msg("duel.link.no_deal"), refusal=True)
            return
        if "challenge" not in dialogs.nodes:
            d, body = dialogs._dialog("challenge", tx("duel.btn.challenge"))
            row = el("label", "setting")
            row.append(el("span", "", tx("duel.name.label", n=MAX_NAME)),
                       el("input", "", type="text", id="challenge-name", maxlength=str(MAX_NAME),
                          autocomplete="off"))
            self._challenge_out = el("output", "challenge-link", id="challenge-link")
            body.append(row, self._challenge_out)
            d.append(dialogs._buttons(("close-dialog", tx("ui.close"), False),
                                      ("challenge-copy", tx("duel.btn.copy_link"), True)))
        dialogs.close_all()
        d = dialogs.nodes["challenge"]
        info = self.info
        d.querySelector("#challenge-name").value = info.me if info is not None else ""
        self._challenge_out.textContent = ""
        d.showModal()

    def copy_challenge(self) -> None:
        d = self.shell.dialogs.nodes["challenge"]
        name = clean_name(str(d.querySelector("#challenge-name").value))
        try:
            text = encode_challenge(self.shell.game, name, int(self.shell.clock_ms()))
        except MessageError as e:
            self.shell.say(e.message, refusal=True)
            return
        self._remember_sent(text)
        url = self.shell.link_to(PARAM, text)
        self._challenge_out.textContent = url
        self.shell.copy(url, Msg("duel.link_copied"))
