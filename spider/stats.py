"""The statistics: per game and variant, what the player has played and won, kept locally.

The page keeps one :class:`Stats` (in ``localStorage``), records every game that ends
through it and shows it in a dialog; the player can export it to a JSON file and import
one back. Nothing here touches storage or the DOM.

Keys name a game and its variant (:func:`stats_key`): ``"spider-1"``, ``"spider-2"``,
``"spider-4"``, ``"klondike-1-normal"``, ``"klondike-3-hard"`` (draw count and level).

Rules (where the issue left room, decided here):

* A game counts as played from its first move. The page records it once, when it ends:
  won, lost (the player pressed "Fertig", or ended it from the stuck dialog) or
  abandoned (a new game was started over a started, unfinished one; closing the page
  and coming back later does not abandon the saved game). A game in which no move was
  ever made (``moves == 0`` and ``undos == 0``) is not recorded at all.
* The winning streak counts wins in a row; a loss or an abandoned game ends it.
* Best time, fewest moves and the average time are of won games only (a quick loss is no
  record). Hints and undos are totals over all recorded games.
* The last :data:`LAST` results (won / lost / abandoned, time, moves) feed the chart.
* Duels: won, lost and drawn per way (``computer``, ``link``, ``device``), per key. A
  duel game is recorded like any game as well (``record_game``) by the page.
* Daily deal: per key and local date, ``won`` or ``lost``. A day that has a win stays
  won (a later try of the same deal on the same day cannot spoil it; a loss is replaced
  by a later win). The daily streak counts days in a row with a win, ending today, or
  yesterday while today's deal is not yet won; a day missed or not won breaks it. The
  last :data:`DAILY_KEEP` days played are kept (almost three years), and streaks are
  counted within them; the best daily streak is kept separately.
* Import replaces everything, and only after the whole file has been checked: a broken
  file raises :class:`~spider.core.messages.MessageError` and the caller keeps its data.
  Checked means: only the keys the games' descriptors name (:func:`spider.core.registry.
  all_stats_keys`), no key twice in any object, every count in range, and each record
  consistent in itself (no more wins in the last results than games won, a streak that the
  last results end with, a best time no longer than any game can be, a best daily streak
  the daily results can hold).
  There is no merge (two devices' counts cannot be merged honestly: streaks and the last
  results depend on the order of games).

The document (``to_json``)::

    {"format": "solitaire-stats", "version": 1, "records": {"spider-4": {
        "played": 12, "won": 5, "streak": 2, "best_streak": 3,
        "best_time_ms": 251000, "fewest_moves": 187, "won_time_ms": 1500000,
        "hints": 4, "undos": 17,
        "last": [["won", 251000, 187], ["abandoned", 30000, 12], ...],
        "duels": {"computer": [1, 2, 0], "link": [0, 0, 0], "device": [0, 0, 0]},
        "daily": {"2026-12-01": "won"}, "best_daily_streak": 1}}}

>>> s = Stats.empty()
>>> s.record_game("spider-4", won=True, time_ms=252_000, moves=187)
True
>>> s.record_abandoned("spider-4", time_ms=5_000, moves=3)
True
>>> r = s.get("spider-4")
>>> r.played, r.won, r.streak, r.best_streak, r.win_rate
(2, 1, 0, 1, 0.5)
>>> Stats.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .core.cards import shorten
from .core.messages import MessageError, Msg
from .core.registry import all_stats_keys
from .core.saves import load_json
from .core.timefmt import format_time
from .texts.keys import family

FORMAT: Final = "solitaire-stats"
VERSION: Final = 1
LAST: Final = 30
DAILY_KEEP: Final = 1000
MAX_BYTES: Final = 400_000
MAX_COUNT: Final = 10**9  # games, hints, undos
MAX_MS: Final = 10**13  # total milliseconds
MAX_GAME_MS: Final = 100 * 3600 * 1000  # one game's time is counted up to 100 hours

WAYS: Final = ("computer", "link", "device")
# Duels are counted per way, and against the computer per level: "computer" is Leicht (what
# every duel against the computer was before there were levels), then Mittel and Stark.
DUEL_KEYS: Final = ("computer", "computer-medium", "computer-strong", "link", "device")
OUTCOMES: Final = ("won", "lost", "drawn")
RESULTS: Final = ("won", "lost", "abandoned")

Way = Literal["computer", "link", "device"]
Outcome = Literal["won", "lost", "drawn"]
GameResult = Literal["won", "lost", "abandoned"]

RESULT_KEY: Final = family("stats.result.{result}", result=RESULTS)
_KEY = re.compile(r"[a-z]{1,16}-[0-9]{1,2}(?:-[a-z]{1,16})?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def stats_key(game: str, variant: int, level: str | None = None) -> str:
    """The key of a game's variant (its descriptor says which): ``stats_key("spider", 4) ==
    "spider-4"``, ``stats_key("klondike", 1, "normal") == "klondike-1-normal"``."""
    key = f"{game}-{variant}" + (f"-{level}" if level else "")
    if _KEY.fullmatch(key) is None or key not in all_stats_keys():
        raise ValueError(f"not a statistics key: {key!r}")
    return key


def started(game: Any) -> bool:
    """Has a move been made in this game (so that it counts as played)? True once any
    action was played, even if it was taken back since."""
    return bool(game.moves_count or game.undos or game.can_redo)


@dataclass
class Entry:
    """One game in the chart: how it ended, its time and its moves."""

    result: GameResult
    time_ms: int
    moves: int


@dataclass
class Record:
    """The statistics of one key (see the module docstring for the rules)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time_ms: int | None = None
    fewest_moves: int | None = None
    won_time_ms: int = 0
    hints: int = 0
    undos: int = 0
    last: list[Entry] = field(default_factory=list)
    duels: dict[str, list[int]] = field(default_factory=lambda: {w: [0, 0, 0] for w in DUEL_KEYS})
    daily: dict[str, str] = field(default_factory=dict)
    best_daily_streak: int = 0

    @property
    def win_rate(self) -> float:
        """Won / played, 0.0 before the first game."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_time_ms(self) -> int | None:
        """The average time of the won games, ``None`` before the first win."""
        return self.won_time_ms // self.won if self.won else None

    def duel_counts(self, way: str) -> tuple[int, int, int]:
        """``(won, lost, drawn)`` duels of a way."""
        w, lost, d = self.duels[way]
        return w, lost, d

    def daily_streak(self, today: datetime.date) -> int:
        """Daily deals won on consecutive days, ending today, or yesterday while today's
        is not won yet."""
        day = today if self.daily.get(today.isoformat()) == "won" else today - datetime.timedelta(1)
        n = 0
        while self.daily.get(day.isoformat()) == "won":
            n += 1
            day -= datetime.timedelta(1)
        return n

    def daily_won(self, day: datetime.date) -> bool:
        return self.daily.get(day.isoformat()) == "won"

    # ------------------------------------------------------------------ recording
    def _add(self, result: GameResult, time_ms: int, moves: int, hints: int, undos: int,
             daily: datetime.date | None) -> None:
        time_ms, moves = _clamp(time_ms, MAX_GAME_MS), _clamp(moves, MAX_COUNT)
        self.played += 1
        self.hints = _clamp(self.hints + _clamp(hints, MAX_COUNT), MAX_COUNT)
        self.undos = _clamp(self.undos + _clamp(undos, MAX_COUNT), MAX_COUNT)
        if result == "won":
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.won_time_ms = _clamp(self.won_time_ms + time_ms, MAX_MS)
            self.best_time_ms = time_ms if self.best_time_ms is None else min(self.best_time_ms, time_ms)
            self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        else:
            self.streak = 0
        self.last = [*self.last, Entry(result, time_ms, moves)][-LAST:]
        if daily is not None:
            iso = daily.isoformat()
            if result == "won" or self.daily.get(iso) != "won":
                self.daily[iso] = "won" if result == "won" else "lost"
            if len(self.daily) > DAILY_KEEP:
                for old in sorted(self.daily)[: len(self.daily) - DAILY_KEEP]:
                    del self.daily[old]
            if result == "won":
                self.best_daily_streak = max(self.best_daily_streak, self._daily_run(daily))

    def _daily_run(self, won_day: datetime.date) -> int:
        """How many won days in a row include ``won_day`` (a past day's deal won late can
        join two runs)."""
        n = 0
        for step in (-1, 1):
            day = won_day if step < 0 else won_day + datetime.timedelta(1)
            while self.daily.get(day.isoformat()) == "won":
                n += 1
                day += datetime.timedelta(step)
        return n


def _clamp(n: int, limit: int) -> int:
    return max(0, min(int(n), limit))


class Stats:
    """Every key's :class:`Record`. Mutable: the page records into it and saves
    :meth:`to_json`; :meth:`from_json` gives a new object (the old one stays as it was)."""

    __slots__ = ("records",)

    def __init__(self, records: dict[str, Record] | None = None) -> None:
        self.records: dict[str, Record] = dict(records or {})

    @classmethod
    def empty(cls) -> Stats:
        """No games yet (also what "reset" gives, after the page has asked)."""
        return cls()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stats) and self.records == other.records

    __hash__ = None  # type: ignore[assignment]

    def get(self, key: str) -> Record:
        """The record of a key (an empty one if nothing was recorded yet)."""
        return self.records.get(key) or Record()

    def _record(self, key: str) -> Record:
        if key not in all_stats_keys():
            raise ValueError(f"not a statistics key: {key!r}")
        if key not in self.records:
            self.records[key] = Record()
        return self.records[key]

    def record_game(self, key: str, *, won: bool, time_ms: int, moves: int, hints: int = 0,
                    undos: int = 0, daily: datetime.date | None = None) -> bool:
        """A game that ended, won or lost (``daily``: the local date if it was that day's
        daily deal). Returns whether it was recorded (not if no move was ever made)."""
        return self._add(key, "won" if won else "lost", time_ms, moves, hints, undos, daily)

    def record_abandoned(self, key: str, *, time_ms: int, moves: int, hints: int = 0, undos: int = 0,
                         daily: datetime.date | None = None) -> bool:
        """A started game left for a new one: played, not won, the streak ends."""
        return self._add(key, "abandoned", time_ms, moves, hints, undos, daily)

    def _add(self, key: str, result: GameResult, time_ms: int, moves: int, hints: int, undos: int,
             daily: datetime.date | None) -> bool:
        if moves <= 0 and undos <= 0:
            return False
        self._record(key)._add(result, time_ms, moves, hints, undos, daily)
        return True

    def record_duel(self, key: str, way: str, outcome: str) -> None:
        """A duel that ended: ``way`` in :data:`DUEL_KEYS` (a way, the computer's per level),
        ``outcome`` (the player's) in :data:`OUTCOMES` (e.g. :func:`spider.duel.compare`)."""
        if way not in DUEL_KEYS or outcome not in OUTCOMES:
            raise ValueError(f"not a duel way and outcome: {way!r}, {outcome!r}")
        counts = self._record(key).duels[way]
        i = OUTCOMES.index(outcome)
        counts[i] = _clamp(counts[i] + 1, MAX_COUNT)

    # ------------------------------------------------------------------ the document
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "records": {k: _record_doc(r) for k, r in sorted(self.records.items())}}

    def to_json(self) -> str:
        """The versioned document (what export writes and storage keeps)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: object) -> Stats:
        """Read a document (storage or an imported file), strictly: bounded in size,
        every field of the right type and range, the counts consistent. Anything else
        raises ``MessageError`` (``stats.broken`` with the reason, ``stats.foreign``,
        ``stats.version``)."""
        try:
            data = load_json(text, max_bytes=MAX_BYTES)
        except MessageError as e:
            reason = e.message.values.get("reason")
            raise MessageError(Msg("stats.broken", reason=reason if isinstance(reason, Msg)
                                   else Msg("json.not_json"))) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MessageError(Msg("stats.foreign"))
        if data.get("version") != VERSION:
            raise MessageError(Msg("stats.version", found=str(data.get("version"))[:12], expected=VERSION))
        if set(data) != {"format", "version", "records"}:
            raise _broken("records")
        records = data["records"]
        known = all_stats_keys()
        if not isinstance(records, dict):
            raise _broken("records")
        out: dict[str, Record] = {}
        for key, doc in records.items():
            if key not in known:
                raise _broken(shorten(str(key), 24))
            out[key] = _read_record(key, doc)
        return cls(out)


_FIELDS: Final = ("played", "won", "streak", "best_streak", "best_time_ms", "fewest_moves",
                  "won_time_ms", "hints", "undos", "last", "duels", "daily", "best_daily_streak")


@dataclass(frozen=True)
class Bar:
    """One bar of the chart: how the game ended, its box, and its title."""

    result: GameResult
    x: int
    y: int
    width: int
    height: int
    title: str


CHART_BAR, CHART_GAP, CHART_HEIGHT = 8, 2, 40
CHART_WIDTH = LAST * (CHART_BAR + CHART_GAP) - CHART_GAP


def chart_bars(record: Record, lang: str = "de") -> list[Bar]:
    """The bars of :func:`chart_svg` as data (the page draws them as SVG elements)."""
    tallest = max((e.moves for e in record.last), default=1) or 1
    out = []
    for i, e in enumerate(record.last):
        h = max(2, round(CHART_HEIGHT * min(e.moves, tallest) / tallest))
        title = Msg("stats.chart.entry", i=i + 1, result=Msg(RESULT_KEY(result=e.result)),
                    time=format_time(e.time_ms), moves=Msg("stats.moves", n=e.moves)).render(lang)
        out.append(Bar(e.result, i * (CHART_BAR + CHART_GAP), CHART_HEIGHT - h, CHART_BAR, h, title))
    return out


def chart_svg(record: Record, lang: str = "de") -> str:
    """The last results as a small SVG bar chart: one bar per game, oldest first, its
    height by the moves, its class ``won`` / ``lost`` / ``abandoned`` (the page's CSS
    colours them), each with a ``<title>`` in ``lang`` ("Spiel 3: gewonnen, 4:12,
    187 Züge"); the whole is ``role="img"`` with a label.

    >>> svg = chart_svg(Record(played=1, last=[Entry("won", 252_000, 187)]), "en")
    >>> 'class="won"' in svg and "Game 1: won, 4:12, 187 moves" in svg
    True
    """
    label = _xml(Msg("stats.chart.title", n=len(record.last)).render(lang))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" '
             f'width="{CHART_WIDTH}" height="{CHART_HEIGHT}" role="img" aria-label="{label}">']
    for b in chart_bars(record, lang):
        parts.append(f'<rect class="{b.result}" x="{b.x}" y="{b.y}" width="{b.width}" '
                     f'height="{b.height}"><title>{_xml(b.title)}</title></rect>')
    parts.append("</svg>")
    return "".join(parts)


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _record_doc(r: Record) -> dict[str, Any]:
    return {
        "played": r.played, "won": r.won, "streak": r.streak, "best_streak": r.best_streak,
        "best_time_ms": r.best_time_ms, "fewest_moves": r.fewest_moves, "won_time_ms": r.won_time_ms,
        "hints": r.hints, "undos": r.undos,
        "last": [[e.result, e.time_ms, e.moves] for e in r.last],
        "duels": {w: list(r.duels[w]) for w in DUEL_KEYS},
        "daily": dict(sorted(r.daily.items())), "best_daily_streak": r.best_daily_streak,
    }


def _broken(name: str) -> MessageError:
    return MessageError(Msg("stats.broken", reason=Msg("stats.field", name=name)))


def _int(doc: dict[str, Any], name: str, key: str, limit: int = MAX_COUNT) -> int:
    v = doc.get(name)
    if type(v) is not int or not 0 <= v <= limit:
        raise _broken(f"{key}.{name}")
    return v


def _read_record(key: str, doc: object) -> Record:
    if not isinstance(doc, dict) or set(doc) != set(_FIELDS):
        raise _broken(key)
    r = Record(
        played=_int(doc, "played", key), won=_int(doc, "won", key), streak=_int(doc, "streak", key),
        best_streak=_int(doc, "best_streak", key), won_time_ms=_int(doc, "won_time_ms", key, MAX_MS),
        hints=_int(doc, "hints", key), undos=_int(doc, "undos", key),
        best_daily_streak=_int(doc, "best_daily_streak", key, DAILY_KEEP),
    )
    for name, limit in (("best_time_ms", MAX_GAME_MS), ("fewest_moves", MAX_COUNT)):
        v = doc[name]
        if v is None and r.won == 0:
            continue
        if type(v) is not int or not 0 <= v <= limit or r.won == 0:
            raise _broken(f"{key}.{name}")
        setattr(r, name, v)
    if not (r.won <= r.played and r.streak <= r.best_streak <= r.won):
        raise _broken(f"{key}.won")
    last = doc["last"]
    if not isinstance(last, list) or len(last) > min(LAST, r.played):
        raise _broken(f"{key}.last")
    for item in last:
        if (not isinstance(item, list) or len(item) != 3 or item[0] not in RESULTS
                or type(item[1]) is not int or not 0 <= item[1] <= MAX_GAME_MS
                or type(item[2]) is not int or not 0 <= item[2] <= MAX_COUNT):
            raise _broken(f"{key}.last")
        r.last.append(Entry(item[0], item[1], item[2]))
    _consistent(key, r)
    duels = doc["duels"]
    # A file from before the computer had levels has the three ways only.
    if not isinstance(duels, dict) or set(duels) not in (set(WAYS), set(DUEL_KEYS)):
        raise _broken(f"{key}.duels")
    for way in duels:
        counts = duels[way]
        if (not isinstance(counts, list) or len(counts) != 3
                or any(type(x) is not int or not 0 <= x <= MAX_COUNT for x in counts)):
            raise _broken(f"{key}.duels")
        r.duels[way] = list(counts)
    daily = doc["daily"]
    if not isinstance(daily, dict) or len(daily) > DAILY_KEEP:
        raise _broken(f"{key}.daily")
    for day, result in daily.items():
        if not _is_date(day) or result not in ("won", "lost"):
            raise _broken(f"{key}.daily")
        r.daily[day] = result
    _consistent_daily(key, r)
    return r


def _consistent(key: str, r: Record) -> None:
    """A record must be one that playing can make: the last results hold no more wins than
    were won and no more other games than were not; the current streak is what they end
    with; the won games' times add up to at least the best time per win."""
    wins = sum(1 for e in r.last if e.result == "won")
    if wins > r.won or len(r.last) - wins > r.played - r.won:
        raise _broken(f"{key}.last")
    tail = min(r.streak, len(r.last))
    if any(e.result != "won" for e in r.last[len(r.last) - tail:]) or (
            r.streak < len(r.last) and r.last[-1 - r.streak].result == "won"):
        raise _broken(f"{key}.streak")
    if r.won_time_ms > r.won * MAX_GAME_MS or (r.best_time_ms is not None
                                                and r.best_time_ms * r.won > r.won_time_ms):
        raise _broken(f"{key}.won_time_ms")


def _consistent_daily(key: str, r: Record) -> None:
    """Daily days: each won one is a won game; the best daily streak is at least the
    longest run the days show, and no longer than the days won (unless days were dropped
    for being older than the kept ones)."""
    won_days = sorted(d for d, res in r.daily.items() if res == "won")
    if len(won_days) > r.won or len(r.daily) > r.played:
        raise _broken(f"{key}.daily")
    longest = run = 0
    previous: datetime.date | None = None
    for text in won_days:
        day = datetime.date.fromisoformat(text)
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest, previous = max(longest, run), day
    if r.best_daily_streak < longest or (len(r.daily) < DAILY_KEEP and r.best_daily_streak > len(won_days)):
        raise _broken(f"{key}.best_daily_streak")


def _is_date(text: object) -> bool:
    if not isinstance(text, str) or _DATE.fullmatch(text) is None:
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


__all__ = ["DAILY_KEEP", "DUEL_KEYS", "LAST", "OUTCOMES", "RESULTS", "WAYS", "Entry", "Record", "Stats",
           "chart_svg", "format_time", "started", "stats_key"]
