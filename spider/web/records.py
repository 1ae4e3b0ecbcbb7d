"""The statistics on the page: recording games as they end (or are left), and the
"Statistik" dialog with its chart, reset (after a confirmation), export to and import from
a JSON file. The arithmetic is :mod:`spider.stats`; this module only wires it in.

When a game counts (the rules of :mod:`spider.stats`): from its first move. It is recorded
once, when it ends (won, no move left, "Fertig" in a duel) or when the player leaves it
for another game (abandoned, which ends a winning streak). The page marks a recorded game
in its saved facts (``mode["recorded"]``), so a reload never counts it twice.
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any, Protocol

from pyscript import document, window

from ..core.messages import MessageError, Msg
from ..spider_game.deck import parse_deal_id
from ..stats import CHART_HEIGHT, CHART_WIDTH, WAYS, Stats, chart_bars, format_time, started, stats_key
from .dialogs import Dialogs
from .dom import Bindings, absent, el, keep, obj
from .i18n import Texts
from .storage import Storage, Unreadable

SVG = "http://www.w3.org/2000/svg"
KEYS = ("spider-1", "spider-2", "spider-4", "klondike-1-easy", "klondike-1-normal", "klondike-1-hard",
        "klondike-3-easy", "klondike-3-normal", "klondike-3-hard")


class _Shell(Protocol):
    tx: Texts
    storage: Storage
    dialogs: Dialogs

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...


def key_of(game: Any, mode: dict[str, Any] | None) -> str:
    """The statistics key of a game: game and variant, and the level of a Klondike deal."""
    level = (mode or {}).get("level")
    if game.game_name == "klondike":
        return stats_key("klondike", game.variant, level if level in ("easy", "normal", "hard") else "any")
    return stats_key(game.game_name, game.variant)


def daily_date(mode: dict[str, Any] | None) -> datetime.date | None:
    text = (mode or {}).get("daily")
    try:
        return datetime.date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


class Records:
    def __init__(self, shell: _Shell) -> None:
        self.shell = shell
        self.bind = Bindings()
        self.dialog: Any = None
        self.key = "spider-4"
        self.note: Msg | None = None  # what the start should say (unreadable statistics)
        try:
            self.stats = shell.storage.load_stats(Stats.from_json, Stats.empty)
        except Unreadable as u:
            self.stats = Stats.empty()
            key = "ui.save.unreadable" if u.aside else "ui.save.unreadable_kept"
            self.note = Msg(key, reason=u.reason, key=u.aside or u.key)

    def save(self) -> None:
        self.shell.storage.save_stats(self.stats.to_json())

    # ------------------------------------------------------------------ recording
    def ended(self, game: Any, mode: dict[str, Any], time_ms: float) -> None:
        """A game ended (won, stuck, "Fertig"): counted once."""
        if mode.get("recorded") or not started(game):
            return
        mode["recorded"] = True
        self.stats.record_game(key_of(game, mode), won=bool(game.is_won), time_ms=int(time_ms),
                               moves=game.moves_count, hints=int(mode.get("hints", 0)), undos=game.undos,
                               daily=daily_date(mode))
        self.save()

    def left(self, game: Any, mode: dict[str, Any] | None, time_ms: float) -> None:
        """The player leaves a started, unfinished game for another: it counts as played."""
        mode = mode if mode is not None else {}
        if mode.get("recorded") or not started(game) or game.is_won:
            return
        mode["recorded"] = True
        self.stats.record_abandoned(key_of(game, mode), time_ms=int(time_ms), moves=game.moves_count,
                                    hints=int(mode.get("hints", 0)), undos=game.undos, daily=daily_date(mode))
        self.save()

    def duel(self, game: Any, mode: dict[str, Any], way: str, outcome: str) -> None:
        if way in WAYS:
            self.stats.record_duel(key_of(game, mode), way, outcome)
            self.save()

    def answer(self, link: str, deal_id: str, outcome: str) -> None:
        """The challenger opens the answer to their challenge: the link duel counts for them
        too, in the deal's variant, once however often the same answer is opened."""
        mark = hashlib.sha256(link.strip().encode()).hexdigest()[:32]
        if self.shell.storage.count_once(mark):
            self.stats.record_duel(stats_key("spider", parse_deal_id(deal_id)[0]), "link", outcome)
            self.save()

    # ------------------------------------------------------------------ the dialog
    def open(self, current: str) -> None:
        tx = self.shell.tx
        self.key = current if current in KEYS else self.key
        if self.dialog is None:
            d, body = self.shell.dialogs._dialog("stats", tx("stats.title"))
            select = el("select", "stats-key", id="stats-key", aria_label=tx("stats.title"))
            for key in KEYS:
                select.append(el("option", "", self._key_label(key), value=key))
            self.select = select
            self.facts = el("dl", "facts stats-facts")
            self.chart = el("div", "chart")
            self.empty_note = el("p", "note")
            self.file = el("input", "", type="file", accept="application/json,.json", hidden="")
            body.append(select, self.facts, self.chart, self.empty_note, self.file)
            d.append(self.shell.dialogs._buttons(
                ("stats-reset", tx("stats.btn.reset"), False),
                ("stats-export", tx("stats.btn.export"), False),
                ("stats-import", tx("stats.btn.import"), False),
                ("close-dialog", tx("ui.close"), True),
            ))
            self.bind.listen(select, "change", lambda _e: self._show(str(select.value)))
            self.bind.listen(self.file, "change", self._file_chosen)
            self.dialog = d
        self.select.value = self.key
        self._show(self.key)
        if not self.dialog.open:
            self.dialog.showModal()

    def remove(self) -> None:
        self.bind.unbind()
        self.dialog = None

    def _key_label(self, key: str) -> str:
        tx = self.shell.tx
        parts = key.split("-")
        if parts[0] == "spider":
            return tx("stats.key.spider", n=int(parts[1]))
        return tx("stats.key.klondike", n=int(parts[1]), level=tx(f"ui.level.{parts[2]}"))

    def _show(self, key: str) -> None:
        tx = self.shell.tx
        self.key = key
        r = self.stats.get(key)
        none = tx("stats.none")
        rows = [
            ("played", str(r.played)), ("won", str(r.won)),
            ("win_rate", tx("stats.percent", n=round(100 * r.win_rate))),
            ("streak", str(r.streak)), ("best_streak", str(r.best_streak)),
            ("best_time", format_time(r.best_time_ms) if r.best_time_ms is not None else none),
            ("fewest_moves", str(r.fewest_moves) if r.fewest_moves is not None else none),
            ("average_time", format_time(r.average_time_ms) if r.average_time_ms is not None else none),
            ("hints", str(r.hints)), ("undos", str(r.undos)),
            ("daily_streak", str(r.daily_streak(datetime.date.today()))),
            ("best_daily_streak", str(r.best_daily_streak)),
        ]
        nodes = []
        for name, value in rows:
            nodes += [el("dt", "", tx(f"stats.{name}")), _dd(value, name)]
        for way in WAYS:
            won, lost, drawn = r.duel_counts(way)
            nodes += [el("dt", "", tx(f"duel.way.{way}")),
                      _dd(tx("stats.duels.value", won=won, lost=lost, drawn=drawn), f"duel-{way}")]
        self.facts.replaceChildren(*nodes)
        self.chart.replaceChildren(self._svg(key))
        self.empty_note.textContent = "" if r.played else tx("stats.empty")

    def _svg(self, key: str) -> Any:
        """The last results as SVG elements (no markup parsing: built node by node)."""
        tx = self.shell.tx
        record = self.stats.get(key)
        svg = document.createElementNS(SVG, "svg")
        for name, value in (("viewBox", f"0 0 {CHART_WIDTH} {CHART_HEIGHT}"), ("width", str(CHART_WIDTH * 3)),
                            ("height", str(CHART_HEIGHT * 3)), ("role", "img")):
            svg.setAttribute(name, value)
        svg.setAttribute("aria-label", tx("stats.chart.title", n=len(record.last)))
        for bar in chart_bars(record, tx.lang):
            rect = document.createElementNS(SVG, "rect")
            for name, number in (("x", bar.x), ("y", bar.y), ("width", bar.width), ("height", bar.height)):
                rect.setAttribute(name, str(number))
            rect.setAttribute("class", bar.result)
            title = document.createElementNS(SVG, "title")
            title.textContent = bar.title
            rect.append(title)
            svg.append(rect)
        return svg

    # ------------------------------------------------------------------ reset, export, import
    def reset(self) -> None:
        self.stats = Stats.empty()
        self.save()
        self._show(self.key)
        self.shell.say(Msg("stats.reset.done"))

    def export(self) -> None:
        blob = window.Blob.new([self.stats.to_json()], obj({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        name = f"solitaire-stats-{datetime.date.today().isoformat()}.json"
        link = el("a", "", "", href=str(url), download=name)
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(keep(lambda *_: window.URL.revokeObjectURL(url)), 1000)

    def choose_file(self) -> None:
        self.file.value = ""
        self.file.click()

    def _file_chosen(self, _event: Any) -> None:
        files = self.file.files
        if absent(files) or files.length == 0:
            return
        files.item(0).text().then(keep(self._import_text))

    def _import_text(self, text: Any) -> None:
        try:
            imported = Stats.from_json(str(text))
        except MessageError as e:
            self.shell.say(Msg("stats.import.refused", reason=e.message), refusal=True)
            self.empty_note.textContent = self.shell.tx("stats.import.refused", reason=e.message)
            return
        self.stats = imported
        self.save()
        self._show(self.key)
        self.shell.say(Msg("stats.imported"))


def _dd(value: str, name: str) -> Any:
    dd = el("dd")
    dd.append(el("span", "", value, data_stats=name))
    return dd
