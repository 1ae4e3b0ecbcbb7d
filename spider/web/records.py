"""The statistics on the page: the "Statistik" dialog with its chart and legend, reset
(after a confirmation), export to and import from a JSON file. Recording is
:class:`spider.web.recording.StatsBook` (no browser there: tested on CPython); the arithmetic
is :mod:`spider.stats`; the keys and their names come from the games' descriptors.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Final, Protocol

from pyscript import document, window

from ..core.messages import MessageError, Msg
from ..core.registry import game_of_stats_key, games
from ..stats import CHART_HEIGHT, CHART_WIDTH, DUEL_KEYS, RESULT_KEY, Stats, chart_bars, format_time
from ..texts.keys import family
from .dialogs import Dialogs
from .dom import Bindings, absent, el, keep, obj
from .i18n import Texts
from .jsdom import Element, Event
from .recording import key_of
from .session import Confirm, Outcome, Session

SVG = "http://www.w3.org/2000/svg"
ROWS: Final = ("played", "won", "win_rate", "streak", "best_streak", "best_time", "fewest_moves",
               "average_time", "hints", "undos", "daily_streak", "best_daily_streak")
ROW: Final = family("stats.{name}", name=ROWS)
DUEL_ROW: Final = family("stats.duel.{way}", way=DUEL_KEYS)


class _Shell(Protocol):
    tx: Texts
    dialogs: Dialogs
    session: Session

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def on(self, name: str, handler: Callable[[], None], *, paused_ok: bool = False) -> None: ...

    def show(self, out: Outcome | None, t0: float | None = None) -> None: ...


def keys() -> list[str]:
    """Every statistics key the dialog offers, game by game (the descriptors' own)."""
    return [k for g in games() for k in g.stats_keys()]


class Records:
    def __init__(self, shell: _Shell) -> None:
        self.shell = shell
        self.bind = Bindings()
        self.dialog: Element | None = None
        self.book = shell.session.book
        self.key = keys()[0]
        for name, handler in (("stats", self.open_current), ("stats-export", self.export),
                              ("stats-reset", self.ask_reset), ("stats-reset-yes", self.reset),
                              ("stats-import", self.ask_import), ("stats-import-yes", self.choose_file)):
            shell.on(name, handler, paused_ok=True)

    @property
    def stats(self) -> Stats:
        return self.book.stats

    def open_current(self) -> None:
        """The dialog, at the key of the game on the table."""
        session = self.shell.session
        self.shell.dialogs.close_all()
        self.open(key_of(session.game, session.mode))

    def ask_reset(self) -> None:
        yes = ("stats-reset-yes", Msg("stats.btn.reset"))
        self.shell.show(Outcome(dialog=Confirm(Msg("stats.reset.confirm"), yes)))

    def ask_import(self) -> None:
        yes = ("stats-import-yes", Msg("stats.btn.import"))
        self.shell.show(Outcome(dialog=Confirm(Msg("stats.import.confirm"), yes)))

    # ------------------------------------------------------------------ the dialog
    def open(self, current: str) -> None:
        tx = self.shell.tx
        self.book.fresh()
        self.key = current if current in keys() else self.key
        if self.dialog is None:
            d, body = self.shell.dialogs.dialog("stats", tx("stats.title"))
            select = el("select", "stats-key", id="stats-key", aria_label=tx("stats.title"))
            for key in keys():
                select.append(el("option", "", self._key_label(key), value=key))
            self.select = select
            self.facts = el("dl", "facts stats-facts")
            self.chart = el("figure", "chart")
            self.empty_note = el("p", "note")
            self.file = el("input", "", type="file", accept="application/json,.json", hidden="")
            body.append(select, self.facts, self.chart, self.empty_note, self.file)
            d.append(self.shell.dialogs.buttons(
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
        info = game_of_stats_key(key)
        return self.shell.tx.msg(info.stats_label(key)) if info is not None else key

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
            nodes += [el("dt", "", tx(ROW(name=name))), _dd(value, name)]
        info = game_of_stats_key(key)
        for way in DUEL_KEYS if info is not None and info.duel else ():  # Klondike has no duel
            won, lost, drawn = r.duel_counts(way)
            nodes += [el("dt", "", tx(DUEL_ROW(way=way))),
                      _dd(tx("stats.duels.value", won=won, lost=lost, drawn=drawn), f"duel-{way}")]
        self.facts.replaceChildren(*nodes)
        self.chart.replaceChildren(*self._chart(key))
        self.empty_note.textContent = "" if r.played else tx("stats.empty")

    def _chart(self, key: str) -> list[Element]:
        """The chart with its axis and legend: the bars (oldest left), what their height
        says, and which colour is which result. Without results the chart is there but
        empty (its label says: no games), without an axis or legend to explain."""
        tx = self.shell.tx
        record = self.stats.get(key)
        if not record.last:
            return [self._svg(key)]
        axis = el("figcaption", "chart-axis", tx("stats.chart.axis"))
        legend = el("ul", "chart-legend")
        for result in ("won", "lost", "abandoned"):
            item = el("li", f"lg {result}")
            item.append(el("span", "sw", aria_hidden="true"), el("span", "", tx(RESULT_KEY(result=result))))
            legend.append(item)
        return [self._svg(key), axis, legend]

    def _svg(self, key: str) -> Element:
        """The last results as SVG elements (no markup parsing: built node by node)."""
        tx = self.shell.tx
        record = self.stats.get(key)
        svg: Element = document.createElementNS(SVG, "svg")
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
        self.shell.dialogs.close("confirm")
        self.book.replace(Stats.empty())
        self._show(self.key)
        self.shell.say(Msg("stats.reset.done"))

    def export(self) -> None:
        self.book.fresh()
        blob = window.Blob.new([self.stats.to_json()], obj({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        name = f"solitaire-stats-{datetime.date.today().isoformat()}.json"
        link = el("a", "", "", href=str(url), download=name)
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(keep(lambda *_: window.URL.revokeObjectURL(url)), 1000)
        self.shell.say(Msg("stats.exported", name=name))

    def choose_file(self) -> None:
        self.shell.dialogs.close("confirm")
        self.file.value = ""
        self.file.click()

    def _file_chosen(self, _event: Event) -> None:
        files = self.file.files
        if absent(files) or files.length == 0:
            return
        files.item(0).text().then(keep(self._import_text))

    def _import_text(self, text: object) -> None:
        try:
            imported = Stats.from_json(str(text))
        except MessageError as e:
            self.shell.say(Msg("stats.import.refused", reason=e.message), refusal=True)
            self.empty_note.textContent = self.shell.tx("stats.import.refused", reason=e.message)
            return
        self.book.replace(imported)
        self._show(self.key)
        self.shell.say(Msg("stats.imported"))


def _dd(value: str, name: str) -> Element:
    dd = el("dd")
    dd.append(el("span", "", value, data_stats=name))
    return dd
