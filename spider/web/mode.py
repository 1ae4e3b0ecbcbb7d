"""What the page keeps about a running game besides the game itself (its "mode"), typed and
checked: the level it was dealt from, the daily deal's date, the hints asked, the time limit
that ran out, whether the statistics have counted it, and the duel it belongs to.

Saved in the game's document as ``"mode"`` (:mod:`spider.web.storage`), written by
:meth:`Meta.to_doc` and read back only through :meth:`Meta.from_doc`, which checks every
field's type and value and refuses anything else with a message (the page then keeps that
save aside as unreadable and deals a new game). No browser import: tested on CPython.

>>> meta = Meta(level="normal", hints=2)
>>> Meta.from_doc(meta.to_doc(), levels=("easy", "normal", "hard")) == meta
True
>>> try:
...     Meta.from_doc({"hints": "abc"})
... except MessageError as e:
...     print(e.message.render("en"))
The saved game is damaged: The entry “mode.hints” is missing or invalid.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from ..core.messages import MessageError, Msg

Way = Literal["computer", "link", "device"]
WAYS: Final[tuple[Way, ...]] = ("computer", "link", "device")
PACES: Final = (1000, 400, 150)  # ms between the computer's actions
OPPONENT_LEVELS: Final = ("easy", "medium", "strong")
MAX_HINTS: Final = 10**9
MAX_TIMEOUT: Final = 600
MAX_TEXT: Final = 2_000_000


def _bad(name: str) -> MessageError:
    return MessageError(Msg("json.broken", reason=Msg("json.field", name=f"mode.{name}")))


def _keys(doc: dict[str, object], allowed: frozenset[str], where: str) -> None:
    unknown = sorted(str(k) for k in doc if k not in allowed)
    if unknown:
        raise _bad(f"{where}{unknown[0][:20]}")


@dataclass(frozen=True)
class CpuScore:
    """What the computer's panel shows: its points, the runs it removed, its moves."""

    points: int = 0
    runs: int = 0
    moves: int = 0


@dataclass(frozen=True)
class Duel:
    """A duel's facts (spec 003). ``way``: against the computer, by link, or two players
    on one device. ``name`` the other player, ``me`` this player's name; the computer's
    game (``cpu``, what it has in mind, its level, whether it is done, its pace and score;
    what it has in mind only spares a resume its thinking, so a saved one that is not a
    string of a sane length is dropped, not refused); the challenge link
    this game answers and the answer made of it; on one device both names and whose turn
    it is, and player 1's game as a link (``first``); this player's game as it ended
    (``mine``); ``ended`` once this player is done."""

    way: Way
    name: str = ""
    me: str = ""
    cpu: str | None = None
    cpu_mind: str | None = None
    cpu_done: bool = False
    cpu_level: str = "easy"
    pace: int = PACES[0]
    score: CpuScore = field(default_factory=CpuScore)
    challenge: str | None = None
    answer: str | None = None
    names: tuple[str, str] | None = None
    turn: int = 1
    first: str | None = None
    mine: str | None = None
    ended: bool = False

    def to_doc(self) -> dict[str, object]:
        doc: dict[str, object] = {"way": self.way, "name": self.name, "me": self.me, "ended": self.ended}
        if self.way == "computer":
            doc.update(cpu=self.cpu, cpu_done=self.cpu_done, pace=self.pace, level=self.cpu_level,
                       result={"points": self.score.points, "runs_total": self.score.runs,
                               "moves": self.score.moves})
            if self.cpu_mind is not None:
                doc["mind"] = self.cpu_mind
        if self.way == "link":
            doc["challenge"] = self.challenge
        if self.way == "device":
            doc.update(names=list(self.names or ("", "")), turn=self.turn)
        for key in ("answer", "first", "mine"):
            if getattr(self, key) is not None:
                doc[key] = getattr(self, key)
        return doc

    @classmethod
    def from_doc(cls, doc: object, deal_id: str | None) -> Duel:
        """Read and check a saved duel (the deal it belongs to: ``deal_id``): every field
        of the right type and range, the computer's game a Spider game of that deal, every
        link one that the engine replays on that deal."""
        from ..duel import MAX_NAME, clean_name
        from ..spider_game.info import MAX_MIND

        if not isinstance(doc, dict):
            raise _bad("duel")
        allowed = frozenset({"way", "name", "me", "cpu", "mind", "cpu_done", "pace", "level", "result",
                             "challenge", "answer", "names", "turn", "first", "mine", "ended"})
        _keys(doc, allowed, "duel.")
        way = doc.get("way")
        if way not in WAYS:
            raise _bad("duel.way")

        def name(key: str) -> str:
            value = doc.get(key, "")
            if not isinstance(value, str) or len(value) > MAX_NAME or clean_name(value) != value:
                raise _bad(f"duel.{key}")
            return value

        def flag(key: str) -> bool:
            value = doc.get(key, False)
            if type(value) is not bool:
                raise _bad(f"duel.{key}")
            return value

        def link(key: str) -> str | None:
            value = doc.get(key)
            if value is None:
                return None
            if not isinstance(value, str):
                raise _bad(f"duel.{key}")
            _check_link(value, deal_id, key)
            return value

        out = cls(way=way, name=name("name"), me=name("me"), ended=flag("ended"), answer=link("answer"),
                  first=link("first"), mine=link("mine"))
        if way == "computer":
            cpu = doc.get("cpu")
            if cpu is not None and not isinstance(cpu, str):
                raise _bad("duel.cpu")
            if cpu is not None:
                _check_cpu(cpu, deal_id)
            pace = doc.get("pace", PACES[0])
            if type(pace) is not int or pace not in PACES:
                raise _bad("duel.pace")
            level = doc.get("level", "easy")
            if level not in OPPONENT_LEVELS:
                raise _bad("duel.level")
            mind = doc.get("mind")
            out = replace(out, cpu=cpu, cpu_done=flag("cpu_done"), pace=pace, cpu_level=level,
                          score=_score(doc.get("result")),
                          cpu_mind=mind if isinstance(mind, str) and cpu is not None and len(mind) <= MAX_MIND
                          else None)
        elif way == "link":
            out = replace(out, challenge=link("challenge"))
        else:
            names, turn = doc.get("names"), doc.get("turn", 1)
            if (not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names)
                    or any(len(n) > MAX_NAME or clean_name(n) != n for n in names)):
                raise _bad("duel.names")
            if type(turn) is not int or turn not in (1, 2):
                raise _bad("duel.turn")
            if turn == 2 and out.first is None:
                raise _bad("duel.first")
            out = replace(out, names=(names[0], names[1]), turn=turn)
        return out


def _score(doc: object) -> CpuScore:
    """The computer's score as saved (``result``): the three numbers the panel shows; an
    older save kept the whole result (its other fields are checked for type only)."""
    if doc is None:
        return CpuScore()
    if not isinstance(doc, dict):
        raise _bad("duel.result")
    whole = frozenset({"name", "deal_id", "points", "runs", "runs_total", "moves", "undos", "time_ms", "won",
                       "finished"})
    _keys(doc, whole, "duel.result.")
    numbers = []
    for key in ("points", "runs_total", "moves"):
        value = doc.get(key, 0)
        if type(value) is not int or not -10**7 <= value <= 10**7:
            raise _bad(f"duel.result.{key}")
        numbers.append(value)
    for key, kind in (("name", str), ("deal_id", str), ("undos", int), ("time_ms", int), ("won", bool),
                      ("finished", bool), ("runs", dict)):
        if key in doc and type(doc[key]) is not kind:
            raise _bad(f"duel.result.{key}")
    return CpuScore(*numbers)


def _check_cpu(text: str, deal_id: str | None) -> None:
    from ..spider_game import Game

    try:
        cpu = Game.from_json(text)
    except MessageError:
        raise _bad("duel.cpu") from None
    if deal_id is None or cpu.deal_id != deal_id:
        raise _bad("duel.cpu")


def _check_link(text: str, deal_id: str | None, key: str) -> None:
    from ..duel import open_challenge

    try:
        challenge, _results = open_challenge(text, stored=True)
    except MessageError:
        raise _bad(f"duel.{key}") from None
    if challenge.deal_id != deal_id:
        raise _bad(f"duel.{key}")


@dataclass(frozen=True)
class Meta:
    """A running game's facts beside the game: ``level`` it was dealt from (a game with
    levels), ``daily`` the date (ISO) if it is that day's daily deal, ``hints`` asked,
    ``timeout`` the time limit in minutes that ran out (the clock then stays off),
    ``recorded`` once the statistics counted it, ``duel`` if it is a duel game, ``over`` once
    the player ended it before it was won or stuck (to see where it went wrong): it takes no
    more moves, since its analysis shows every card."""

    level: str | None = None
    daily: str | None = None
    hints: int = 0
    timeout: int | None = None
    recorded: bool = False
    duel: Duel | None = None
    over: bool = False

    @property
    def daily_date(self) -> datetime.date | None:
        return datetime.date.fromisoformat(self.daily) if self.daily else None

    def to_doc(self) -> dict[str, object] | None:
        """The saved form (``None`` when there is nothing to keep), the keys the page has
        always written."""
        doc: dict[str, object] = {}
        if self.level is not None:
            doc["level"] = self.level
        if self.daily is not None:
            doc["daily"] = self.daily
        if self.hints:
            doc["hints"] = self.hints
        if self.timeout is not None:
            doc["timeout"] = self.timeout
        if self.recorded:
            doc["recorded"] = True
        if self.duel is not None:
            doc["duel"] = self.duel.to_doc()
        if self.over:
            doc["over"] = True
        return doc or None

    @classmethod
    def from_doc(cls, doc: object, deal_id: str | None = None, levels: tuple[str, ...] = ()) -> Meta:
        """Read and check a saved mode (``None``: nothing was kept); ``MessageError`` (the save
        is damaged) for any field of the wrong type or value, or one the page never writes.
        ``levels``: the levels of the game it belongs to; ``deal_id`` the game's deal."""
        if doc is None:
            return cls()
        if not isinstance(doc, dict):
            raise _bad("mode")
        _keys(doc, frozenset({"level", "daily", "hints", "timeout", "recorded", "duel", "over"}), "")
        level = doc.get("level")
        if level is not None and level not in levels:
            raise _bad("level")
        daily = doc.get("daily")
        if daily is not None:
            try:
                if not isinstance(daily, str) or datetime.date.fromisoformat(daily).isoformat() != daily:
                    raise ValueError(daily)
            except ValueError:
                raise _bad("daily") from None
        hints = doc.get("hints", 0)
        if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
            raise _bad("hints")
        timeout = doc.get("timeout")
        if timeout is not None and (type(timeout) is not int or not 0 <= timeout <= MAX_TIMEOUT):
            raise _bad("timeout")
        recorded, over = doc.get("recorded", False), doc.get("over", False)
        if type(recorded) is not bool:
            raise _bad("recorded")
        if type(over) is not bool:
            raise _bad("over")
        duel = Duel.from_doc(doc["duel"], deal_id) if doc.get("duel") is not None else None
        return cls(level=level, daily=daily, hints=hints, timeout=timeout, recorded=recorded, duel=duel,
                   over=over)


__all__ = ["OPPONENT_LEVELS", "PACES", "WAYS", "CpuScore", "Duel", "Meta", "Way"]
