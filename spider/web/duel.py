"""The Spider duel on the page: against the computer, by link, or two players on one device.

The rules, results, links and the computer's play are :mod:`spider.duel` and
:mod:`spider.spider_game.opponent`; this module wires them into the page.

* A duel is a Spider game started with ``duel=True`` (undo costs a point) and a ``"duel"``
  entry in the game's saved facts (``mode``), so a reload resumes it exactly:
  ``{"way": "computer"|"link"|"device", "name": <the other player>, "me": <my name>,
  "cpu": <the computer's game>, "cpu_done": bool, "challenge": <the link it answers>,
  "first": <player 1's game as a link>, "turn": 1|2, "names": [a, b], "ended": bool}``.
* Against the computer: it plays the same deal in the engine's worker, one action every
  second or so (:data:`PACES`, "Computer schneller" cycles them), only while the player's
  clock runs; its points, runs and moves show in the panel ``#opponent``. When the player
  is done it plays on to its own end at once, then both results stand side by side.
* By link: any finished Spider game with a deal ID can be sent ("Herausfordern"): the link
  carries the deal, the name and the moves, never the score. Opening it (``?duel=``) starts
  the deal as "Duell gegen <Name>"; the challenger's result stays hidden until this player
  is done; the comparison offers the link that goes back (both results in it).
* On one device: player 1 plays, hands the device over, player 2 plays the same deal.
* "Fertig" ends one's game early; the won and the stuck dialog end it too.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import window

from ..core.messages import MessageError, Msg
from ..core.timefmt import format_time
from ..duel import (
    MAX_NAME,
    Result,
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
from .dialogs import Dialogs
from .dom import Bindings, absent, byid, el
from .i18n import Texts

PACES = (1000, 400, 150)  # ms between the computer's actions
PARAM = "duel"


class _Shell(Protocol):
    tx: Texts
    game: Any
    mode: dict[str, Any] | None
    dialogs: Dialogs
    engine: Any
    records: Any
    paused: bool
    notes: list[Msg]

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def start(self, game: Any, origin: str | None, note: Msg, mode: dict[str, Any] | None = None) -> None: ...

    def save(self, *, force: bool = False) -> None: ...

    def clock_ms(self) -> float: ...

    def clock_running(self) -> bool: ...

    def stop_clock(self) -> None: ...

    def copy(self, text: str, done: Msg) -> None: ...

    def link_to(self, param: str, value: str) -> str: ...


def link_value(url: str) -> str:
    """The duel text of a whole link or of the bare value."""
    marker = f"{PARAM}="
    return url.split(marker, 1)[1].split("&", 1)[0] if marker in url else url


class DuelView:
    def __init__(self, shell: _Shell) -> None:
        self.shell = shell
        self.bind = Bindings()
        self.panel: Any = None
        self.busy = False
        self.task: asyncio.Future[Any] | None = None
        self.bind.every(150, self._tick)
        self._since = 0.0

    # ------------------------------------------------------------------ state
    @property
    def info(self) -> dict[str, Any] | None:
        mode = self.shell.mode
        duel = mode.get("duel") if mode else None
        return duel if isinstance(duel, dict) else None

    @property
    def active(self) -> bool:
        info = self.info
        return info is not None and not info.get("ended")

    def remove(self) -> None:
        self.bind.unbind()
        if self.panel is not None:
            self.panel.remove()
            self.panel = None

    # ------------------------------------------------------------------ starting
    def open_dialog(self, suits: int) -> None:
        """The duel dialog: which way, how many suits, the names."""
        tx, dialogs = self.shell.tx, self.shell.dialogs
        if "duel" not in dialogs.nodes:
            d, body = dialogs._dialog("duel", tx("duel.title"))
            ways = el("fieldset", "levels")
            ways.append(el("legend", "", tx("duel.title")))
            for way in ("computer", "link", "device"):
                label = el("label", "level")
                label.append(el("input", "", type="radio", name="way", value=way),
                             el("span", "lv", tx(f"duel.way.{way}")))
                ways.append(label)
            variants = el("fieldset", "levels")
            variants.append(el("legend", "", tx("ui.new.legend")))
            for n in (1, 2, 4):
                label = el("label", "level")
                label.append(el("input", "", type="radio", name="duel-suits", value=str(n)),
                             el("span", "lv", tx(f"ui.choice.spider.{n}")))
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
            body.append(ways, variants, names, rules)
            d.append(dialogs._buttons(("close-dialog", tx("ui.cancel"), False),
                                      ("duel-start", tx("duel.btn.start"), True)))
            self.bind.listen(ways, "change", lambda _e: self._names_follow())
        d = dialogs.nodes["duel"]
        checked = d.querySelector("input[name=way]:checked")
        if absent(checked):
            d.querySelector('input[name=way][value="computer"]').checked = True
        d.querySelector(f'input[name=duel-suits][value="{suits}"]').checked = True
        self._names_follow()
        d.showModal()

    def _names_follow(self) -> None:
        d = self.shell.dialogs.nodes["duel"]
        way = str(d.querySelector("input[name=way]:checked").value)
        other = d.querySelector("#duel-other").parentNode
        other.hidden = way != "device"
        label = d.querySelector("#duel-me").previousElementSibling
        key = "duel.device.first" if way == "device" else "duel.name.label"
        label.textContent = self.shell.tx(key, n=MAX_NAME)

    def rules(self) -> list[str]:
        tx = self.shell.tx
        points = " · ".join(tx(f"duel.rules.{k}") for k in ("reveal", "fit", "run", "clear", "move"))
        return [tx("duel.rules.intro"), f"{tx('duel.rules.points')} {points}", tx("duel.rules.undo"),
                tx("duel.rules.finish"), tx("duel.rules.time"), tx("duel.rules.computer")]

    def start_from_dialog(self) -> None:
        d = self.shell.dialogs.nodes["duel"]
        way = str(d.querySelector("input[name=way]:checked").value)
        suits = int(d.querySelector("input[name=duel-suits]:checked").value)
        me = clean_name(str(d.querySelector("#duel-me").value))
        other = clean_name(str(d.querySelector("#duel-other").value))
        self.shell.dialogs.close("duel")
        tx = self.shell.tx
        game = Game.new(suits, duel=True)
        info: dict[str, Any]
        if way == "computer":
            info = {"way": way, "name": tx("duel.computer"), "me": me, "cpu": None, "cpu_done": False,
                    "pace": PACES[0]}
            note = Msg("duel.against", name=tx("duel.computer"))
        elif way == "device":
            names = [me or tx("duel.device.first"), other or tx("duel.device.second")]
            info = {"way": way, "names": names, "turn": 1, "name": names[1], "me": names[0]}
            note = Msg("duel.device.start", name=names[0])
        else:
            info = {"way": "link", "name": "", "me": me, "challenge": None}
            note = Msg("duel.link.start")
        self.shell.start(game, None, note, {"duel": info})

    def open_link(self, text: str) -> tuple[Any, Msg, dict[str, Any]] | None:
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
            # The answer comes back to the challenger: their result is "me".
            self.shell.notes.append(Msg("duel.answer.opened"))
            self.shell.records.answer(text, challenge.deal_id, compare(results[0], results[1]))
            self.show_comparison(results[0], results[1], way="link", answer=None, record=False)
            return None
        name = results[0].name or tx("duel.anonymous")
        game = Game.new(deal_id=challenge.deal_id, duel=True)
        info: dict[str, Any] = {"way": "link", "name": name, "me": "", "challenge": text}
        return game, Msg("duel.against", name=name), {"duel": info}

    refused = False  # the link was refused (its reason is among the shell's notes)
    refused_deal: str | None = None  # the deal a refused link still names

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
        nodes: list[Any] = [el("b", "opp-name", info.get("name") or tx("duel.anonymous"))]
        if info["way"] == "computer":
            res = (info.get("result") or {})
            for key, value in (("score", str(res.get("points", 0))),
                               ("runs", tx("ui.stat.runs_value", n=res.get("runs_total", 0))),
                               ("moves", str(res.get("moves", 0)))):
                cell = el("span", "opp-stat")
                cell.append(el("span", "k", tx(f"ui.stat.{key}")), el("span", "v", value, data_opp=key))
                nodes.append(cell)
            if not info.get("ended"):
                pace = PACES.index(info.get("pace", PACES[0])) if info.get("pace") in PACES else 0
                label = tx("duel.btn.slower") if pace == len(PACES) - 1 else tx("duel.btn.faster")
                nodes.append(el("button", "opp-pace", label, type="button", data_action="duel-pace"))
        elif info["way"] == "device" and not info.get("ended"):
            playing = info["names"][info["turn"] - 1]
            nodes.append(el("span", "opp-note", tx("duel.device.start", name=playing)))
        elif info.get("challenge") and not info.get("ended"):
            other = info.get("name") or tx("duel.anonymous")
            nodes.append(el("span", "opp-note", tx("duel.waiting", name=other)))
        nodes += self._after_buttons(info)
        self.panel.replaceChildren(*nodes)

    def _after_buttons(self, info: dict[str, Any]) -> list[Any]:
        """Once the player is done, the panel keeps the way on: player 2's turn, the result
        (again, after its dialog was closed or the page reloaded), or the challenge to send."""
        if not info.get("ended"):
            return []
        tx = self.shell.tx
        way = info["way"]
        if way == "device" and info["turn"] == 1:
            label, action = tx("duel.device.start", name=info["names"][1]), "duel-next"
        elif (way == "computer" and info.get("cpu_done")) or way == "device" or info.get("challenge"):
            label, action = tx("duel.btn.result"), "duel-result"
        elif way == "link":
            label, action = tx("duel.btn.challenge"), "challenge"
        else:
            return []
        return [el("button", "opp-after", label, type="button", data_action=action)]

    def pace(self) -> None:
        info = self.info
        if info is not None:
            now = info.get("pace", PACES[0])
            info["pace"] = PACES[(PACES.index(now) + 1) % len(PACES)] if now in PACES else PACES[0]
            self.show()

    # ------------------------------------------------------------------ the computer
    def _tick(self, *_: Any) -> None:
        info = self.info
        if info is None or info.get("way") != "computer" or info.get("cpu_done") or self.busy:
            return
        self.shell.engine.start()  # the worker boots while the player looks at the deal
        if info.get("ended"):
            self._run_cpu(5000)
            return
        if self.shell.paused or not self.shell.clock_running():
            return
        now = float(window.performance.now())
        if now - self._since >= info.get("pace", PACES[0]):
            self._since = now
            self._run_cpu(1)

    def _run_cpu(self, steps: int) -> None:
        self.busy = True
        self.task = asyncio.ensure_future(self._cpu(steps))

    async def _cpu(self, steps: int) -> None:
        try:
            info = self.info
            if info is None:
                return
            request = {"op": "opponent", "deal_id": self.shell.game.deal_id, "saved": info.get("cpu"),
                       "steps": steps}
            answer = json.loads(await self.shell.engine.ask(json.dumps(request)))
            if answer.get("status") != "ok" and getattr(self.shell.engine, "failed", False):
                # No worker in this browser: the computer plays here (about 2 ms an action).
                from .worker_api import handle

                answer = json.loads(handle(json.dumps(request)))
            if answer.get("status") != "ok" or self.info is not info:
                return
            info["cpu"] = answer["saved"]
            info["cpu_done"] = bool(answer["finished"])
            info["result"] = answer["result"]
            self.show()
            self.shell.save()
            if info.get("ended") and info["cpu_done"]:
                self._compare_computer(info, record=True)
        finally:
            self.busy = False

    def _compare_computer(self, info: dict[str, Any], *, record: bool) -> None:
        cpu = Game.from_json(info["cpu"])
        theirs = result_of(cpu, info.get("name") or "", 0, finished=True)
        self.show_comparison(self._mine(info), theirs, way="computer", answer=None, record=record)

    # ------------------------------------------------------------------ ending
    def _mine(self, info: dict[str, Any]) -> Result:
        """The player's result as it was at the end (kept in the duel's facts as a link the
        engine replays), so moves made after the end change nothing."""
        try:
            if info.get("answer"):
                return open_challenge(info["answer"])[1][1]
            if info.get("mine"):
                return open_challenge(info["mine"])[1][0]
        except MessageError:
            pass
        return result_of(self.shell.game, self._my_name(info), int(self.shell.clock_ms()), finished=True)

    def _my_name(self, info: dict[str, Any]) -> str:
        return str(info["names"][info["turn"] - 1] if info["way"] == "device" else info.get("me") or "")

    def _freeze(self, info: dict[str, Any]) -> None:
        """Keep the player's game as it ended: the answer to a challenge, else a challenge of
        its own (player 1's on one device is what player 2 is compared with)."""
        game, ms = self.shell.game, int(self.shell.clock_ms())
        try:
            if info["way"] == "link" and info.get("challenge"):
                info["answer"] = encode_answer(decode_challenge(info["challenge"]), game,
                                               info.get("me") or "", ms)
                return
            info["mine"] = encode_challenge(game, self._my_name(info), ms)
        except MessageError as e:  # too long for a link: the game on the table counts
            self.shell.say(e.message, refusal=True)
            return
        if info["way"] == "device" and info["turn"] == 1:
            info["first"] = info["mine"]

    def finish(self) -> None:
        """The player's game is over (Fertig, won, or ended in the stuck dialog)."""
        info = self.info
        if info is None or info.get("ended"):
            return
        info["ended"] = True
        self.shell.stop_clock()
        self.shell.records.ended(self.shell.game, self.shell.mode, self.shell.clock_ms())
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
        if info is None or not info.get("ended"):
            return
        tx = self.shell.tx
        way = info["way"]
        if way == "computer":
            if info.get("cpu_done"):
                self._compare_computer(info, record=record)
            else:
                self.shell.say(Msg("duel.opponent.playing", name=info.get("name") or ""))
        elif way == "device" and info["turn"] == 1:
            name = info["names"][1]
            self.shell.dialogs.open_confirm(tx("duel.device.handover", name=name),
                                            ("duel-next", tx("duel.device.start", name=name)))
        elif way == "device":
            theirs = open_challenge(info["first"])[1][0]
            self.show_comparison(self._mine(info), theirs, way="device", answer=None, record=record)
        elif info.get("challenge"):
            theirs = open_challenge(info["challenge"])[1][0]
            self.show_comparison(self._mine(info), theirs, way="link", answer=info.get("answer"),
                                 record=record)
        else:
            self.offer_challenge()

    def next_player(self) -> None:
        info = self.info
        if info is None or info.get("way") != "device" or info.get("turn") != 1 or not info.get("first"):
            return
        names = info["names"]
        game = Game.new(deal_id=self.shell.game.deal_id, duel=True)
        second = {"way": "device", "names": names, "turn": 2, "name": names[0], "me": names[1],
                  "first": info["first"]}
        self.shell.start(game, None, Msg("duel.device.start", name=names[1]), {"duel": second})

    # ------------------------------------------------------------------ results
    def show_comparison(self, mine: Result, theirs: Result, *, way: str, answer: str | None,
                        record: bool = True) -> None:
        tx, dialogs = self.shell.tx, self.shell.dialogs
        outcome = compare(mine, theirs)
        if record and self.shell.mode is not None:
            self.shell.records.duel(self.shell.game, self.shell.mode, way, outcome)
        if "duelresult" not in dialogs.nodes:
            d, body = dialogs._dialog("duelresult", tx("duel.result.title"))
            self._result_head = el("p", "duel-head")
            self._result_table = el("table", "duel-table")
            self._result_link = el("div", "duel-link")
            body.append(self._result_head, self._result_table, self._result_link)
            d.append(dialogs._buttons(("close-dialog", tx("ui.close"), False),
                                      ("new", tx("ui.btn.new"), True)))
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
            tr.append(el("th", "", tx(f"duel.result.{key}"), scope="row"))
            for _side, result in cols:
                tr.append(el("td", "", value(result)))
            body_rows.append(tr)
        table.replaceChildren(*body_rows)
        link_nodes: list[Any] = []
        if answer is not None:
            link_nodes.append(el("button", "", tx("duel.btn.answer"), type="button",
                                 data_action="duel-copy-answer"))
            self._answer = answer
        link_nodes.append(el("button", "", tx("duel.btn.challenge"), type="button", data_action="challenge"))
        self._result_link.replaceChildren(*link_nodes)
        dialogs.close_all()
        dialogs.nodes["duelresult"].showModal()

    _answer = ""

    def copy_answer(self) -> None:
        self.shell.copy(self.shell.link_to(PARAM, self._answer), Msg("duel.link_copied"))

    # ------------------------------------------------------------------ challenge
    def offer_challenge(self) -> None:
        """"Herausfordern": a name (optional) and the link with the deal and the moves."""
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
        info = self.info or {}
        d.querySelector("#challenge-name").value = info.get("me") or ""
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
        url = self.shell.link_to(PARAM, text)
        self._challenge_out.textContent = url
        self.shell.copy(url, Msg("duel.link_copied"))

