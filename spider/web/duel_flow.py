"""The duel's flow on the page, without the browser: starting a duel (against the computer,
by link, on one device), opening a duel link, the computer's answers from the worker, the
player's end ("Fertig", won, no move left), and what comes after it (the comparison, the
hand-over to player 2, the challenge to send). The rules, results and links are
:mod:`spider.duel`; the duel's saved facts :class:`spider.web.mode.Duel`; the panel and the
dialogs :mod:`spider.web.duel_panel`. Tested on CPython (``tests/test_session.py``).

Every change to the duel's facts is a new frozen value in the session's ``mode`` (and so
in the save): a reload resumes the duel exactly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Final

from ..core.messages import MessageError, Msg
from ..core.registry import find_game
from ..core.saves import load_json
from ..duel import (
    Challenge,
    Result,
    challenge_of,
    clean_name,
    compare,
    decode_challenge,
    encode_answer,
    encode_challenge,
    link_deal_id,
    open_challenge,
    rename_answer,
    replay_game,
    result_of,
)
from ..spider_game import Game
from ..texts.keys import family
from .mode import OPPONENT_LEVELS, PACES, CpuScore, Duel, Meta, Way
from .session import Confirm, Outcome, Session

PARAM: Final = "duel"  # the link's query parameter
SENT_KEY: Final = "spider.duel.sent"  # the challenges this page sent (the last SENT_LIMIT)
SENT_LIMIT: Final = 50
COUNTED_KEY: Final = "spider.duel.counted"
LEVEL_NAME: Final = family("duel.level.{level}", level=OPPONENT_LEVELS)


def mark(text: str) -> str:
    """What identifies a sent challenge among those counted (its answer counts once)."""
    return hashlib.sha256(text.strip().encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Comparison:
    """Both results side by side: this player's and the other's, which way the duel went,
    the answer link to send back (a link duel's answering player), the computer's level, and
    ``strangers`` for an answer to no challenge from here (two names, no "you")."""

    mine: Result
    theirs: Result
    way: Way
    answer: str | None = None
    level: str | None = None
    strangers: bool = False

    @property
    def outcome(self) -> str:
        return compare(self.mine, self.theirs)


class DuelFlow:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.refused = False  # the link was refused (its reason is among the session's notes)
        self.refused_deal: str | None = None  # the deal a refused link still names
        self.opened: Comparison | None = None  # an answer link opened at the start: its comparison

    # ------------------------------------------------------------------ state
    def game(self) -> Game:
        """The duel's game on the table (a Spider game: the duel is Spider's)."""
        game = self.session.game
        if not isinstance(game, Game):
            raise MessageError(Msg("duel.link.no_deal"))
        return game

    @property
    def info(self) -> Duel | None:
        return self.session.mode.duel

    @property
    def active(self) -> bool:
        info = self.info
        return info is not None and not info.ended

    @property
    def ended(self) -> bool:
        info = self.info
        return info is not None and info.ended

    def change(self, new: Duel) -> Duel:
        """The duel's facts are now ``new`` (a new frozen value in the game's mode)."""
        self.session.mode = replace(self.session.mode, duel=new)
        return new

    # ------------------------------------------------------------------ starting
    def start(self, way: Way, suits: int, level: str, me: str, other: str,
              names: tuple[str, str, str]) -> Outcome:
        """A duel from the dialog: ``names`` are the catalog's words for the computer and for
        players 1 and 2 when no name is given (in the page's language, as they are kept)."""
        me, other = clean_name(me), clean_name(other)
        game = Game.new(suits, duel=True)
        info: Duel
        if way == "computer":
            self.session.settings.opponent_level = level
            self.session.storage.save_settings(self.session.settings)
            info = Duel(way="computer", name=names[0], me=me, cpu_level=level)
            computer = Msg("duel.computer.level", name=names[0], level=Msg(LEVEL_NAME(level=level)))
            note = Msg("duel.against", name=computer)
        elif way == "device":
            pair = (me or names[1], other or names[2])
            info = Duel(way="device", names=pair, turn=1, name=pair[1], me=pair[0])
            note = Msg("duel.device.start", name=pair[0])
        else:
            info = Duel(way="link", me=me)
            note = Msg("duel.link.start")
        return self.session.start(game, None, note, Meta(duel=info))

    def open_link(self, text: str, anonymous: str) -> tuple[Game, Msg, Meta] | None:
        """A ``?duel=`` link: a challenge starts its deal as a duel against the challenger
        (their result hidden); an answer is compared (:attr:`opened`). ``None`` when the link
        is refused (its reason among the session's notes; the deal can still be played) or
        is an answer. ``anonymous``: the word for a challenger without a name."""
        try:
            challenge, results = open_challenge(text)
        except MessageError as e:
            self.session.notes.append(e.message)
            self.refused = True
            self.refused_deal = link_deal_id(text)
            return None
        if challenge.answer is not None:
            self.opened = self._answer_opened(challenge, results)
            return None
        name = results[0].name or anonymous
        game = Game.new(deal_id=challenge.deal_id, duel=True)
        return game, Msg("duel.against", name=name), Meta(duel=Duel(way="link", name=name, challenge=text))

    def _answer_opened(self, challenge: Challenge, results: tuple[Result, ...]) -> Comparison:
        """The answer to a challenge comes back to the challenger. It counts only as the
        answer to a challenge this page sent, once per challenge, and the challenger's side
        shown is the one that was sent (an answer cannot rewrite it)."""
        sent = challenge_of(challenge)
        if sent not in self.sent():
            self.session.notes.append(Msg("duel.answer.not_sent"))
            return Comparison(results[0], results[1], "device", strangers=True)
        self.session.notes.append(Msg("duel.answer.opened"))
        if self.session.storage.count_once(mark(sent), COUNTED_KEY):
            self.session.book.answer(challenge.deal_id, compare(results[0], results[1]))
        return Comparison(results[0], results[1], "link")

    def sent(self) -> list[str]:
        raw = self.session.storage.get(SENT_KEY)
        try:
            sent = load_json(raw) if raw else []
        except MessageError:
            sent = []
        return [s for s in sent if isinstance(s, str)] if isinstance(sent, list) else []

    def remember_sent(self, text: str) -> None:
        sent = [s for s in self.sent() if s != text]
        self.session.storage.put(SENT_KEY, json.dumps([*sent, text][-SENT_LIMIT:]))

    def faster(self) -> None:
        """"Schneller": the computer's next pace (round)."""
        info = self.info
        if info is not None:
            self.change(replace(info, pace=PACES[(PACES.index(info.pace) + 1) % len(PACES)]))

    # ------------------------------------------------------------------ the computer
    def computer_request(self, steps: int) -> dict[str, object] | None:
        """The worker request for the computer's next ``steps`` actions (``None``: no
        computer duel on the table)."""
        info = self.info
        if info is None or info.way != "computer":
            return None
        return {"op": "opponent", "deal_id": self.session.game.deal_id, "saved": info.cpu, "steps": steps,
                "level": info.cpu_level, "mind": info.cpu_mind}

    def computer_answer(self, info: Duel, answer: dict[str, object]) -> Comparison | None:
        """The worker's answer for the duel ``info`` was asked for: the computer's game and
        score are kept; the comparison once both are done (recorded then, once). An answer
        for a duel no longer on the table, or an error, changes nothing."""
        if answer.get("status") != "ok" or self.info is not info:
            return None
        result, saved, mind = answer.get("result"), answer.get("saved"), answer.get("mind")
        if not isinstance(result, dict) or not isinstance(saved, str):
            return None
        score = CpuScore(int(result["points"]), int(result["runs_total"]), int(result["moves"]))
        info = self.change(replace(info, cpu=saved, cpu_mind=mind if isinstance(mind, str) else None,
                                   cpu_done=bool(answer.get("finished")), score=score))
        if info.ended and info.cpu_done:
            return self.computer_comparison(info, record=True)
        return None

    def computer_comparison(self, info: Duel, *, record: bool) -> Comparison | None:
        if info.cpu is None:
            return None
        cpu = Game.from_json(info.cpu)
        theirs = result_of(cpu, info.name, 0, finished=True)
        return self.compared(Comparison(self.mine(info), theirs, "computer", level=info.cpu_level), record)

    def compared(self, comparison: Comparison, record: bool) -> Comparison:
        """A comparison about to be shown: recorded in the statistics once, when the duel ends."""
        if record and self.info is not None:
            self.session.book.duel(self.session.game, self.session.mode, comparison.way, comparison.outcome)
        return comparison

    # ------------------------------------------------------------------ the player's end
    def mine(self, info: Duel) -> Result:
        """The player's result as it was at the end (kept in the duel's facts as a link the
        engine replays), so moves made after the end change nothing."""
        try:
            if info.answer:
                return open_challenge(info.answer, stored=True)[1][1]
            if info.mine:
                return open_challenge(info.mine, stored=True)[1][0]
        except MessageError:
            pass
        ms = int(self.session.clock.value())
        return result_of(self.game(), self.my_name(info), ms, finished=True)

    @staticmethod
    def my_name(info: Duel) -> str:
        if info.way == "device" and info.names is not None:
            return info.names[info.turn - 1]
        return info.me

    def _freeze(self, info: Duel, out: Outcome) -> Duel:
        """Keep the player's game as it ended: the answer to a challenge, else a challenge of
        its own (player 1's on one device is what player 2 is compared with)."""
        game, ms = self.game(), int(self.session.clock.value())
        try:
            if info.way == "link" and info.challenge:
                answer = encode_answer(decode_challenge(info.challenge, stored=True), game, info.me, ms)
                return self.change(replace(info, answer=answer))
            mine = encode_challenge(game, self.my_name(info), ms)
        except MessageError as e:  # too long for a link: the game on the table counts
            out.say(e.message, refusal=True)
            return info
        if info.way == "device" and info.turn == 1:
            return self.change(replace(info, mine=mine, first=mine))
        return self.change(replace(info, mine=mine))

    def finish(self) -> Outcome:
        """The player's game is over (Fertig, won, or ended in the no-moves dialog): the
        clock stops, the game counts, the result is kept; what comes next follows
        (:meth:`conclude`, as the follow-up ``duel-conclude``)."""
        info = self.info
        out = Outcome()
        if info is None or info.ended:
            return out
        info = self.change(replace(info, ended=True))
        self.session.clock.pause()
        self.session.ended(out)
        self._freeze(info, out)
        out.save = True
        return out

    def conclude(self, *, record: bool = False) -> Comparison | Outcome:
        """What comes after the player's end: the comparison when both results are known
        (recorded in the statistics once, when the duel ends), the hand-over to player 2,
        the challenge to send (the follow-up ``challenge``), or the computer still playing.
        The panel's button asks again (``record=False``) after its dialog was closed, also
        after a reload."""
        info = self.info
        if info is None or not info.ended:
            return Outcome()
        if info.way == "computer":
            if info.cpu_done:
                found = self.computer_comparison(info, record=record)
                if found is not None:
                    return found
                return Outcome()
            return Outcome().say(Msg("duel.opponent.playing", name=info.name))
        if info.way == "device" and info.turn == 1 and info.names is not None:
            name = info.names[1]
            return Outcome(dialog=Confirm(Msg("duel.device.handover", name=name),
                                          ("duel-next", Msg("duel.device.start", name=name))))
        if info.way == "device" and info.first is not None:
            theirs = open_challenge(info.first, stored=True)[1][0]
            return self.compared(Comparison(self.mine(info), theirs, "device"), record)
        if info.challenge:
            theirs = open_challenge(info.challenge, stored=True)[1][0]
            return self.compared(Comparison(self.mine(info), theirs, "link", answer=info.answer), record)
        return Outcome(then=["challenge"])

    def next_player(self) -> Outcome:
        """On one device: player 2 plays the same deal."""
        info = self.info
        if info is None or info.way != "device" or info.turn != 1 or not info.first or info.names is None:
            return Outcome()
        names = info.names
        game = Game.new(deal_id=self.session.game.deal_id, duel=True)
        second = Duel(way="device", names=names, turn=2, name=names[0], me=names[1], first=info.first)
        return self.session.start(game, None, Msg("duel.device.start", name=names[1]), Meta(duel=second))

    # ------------------------------------------------------------------ links to send
    def answer_as(self, answer: str, name: str) -> str:
        """The answer link under the name the answering player gives in the comparison
        (kept in the duel's facts); ``MessageError`` when it cannot be made."""
        name = clean_name(name)
        info = self.info
        if info is not None and info.answer and name != info.me:
            answer = rename_answer(info.answer, name)
            self.change(replace(info, answer=answer, me=name))
        return answer

    def challenge(self, name: str) -> str:
        """A challenge link's value for the game on the table under ``name`` (remembered as
        sent, so its answer counts); ``MessageError`` when it cannot be made."""
        text = encode_challenge(self.game(), clean_name(name), int(self.session.clock.value()))
        self.remember_sent(text)
        return text

    def partner(self) -> tuple[str, Game] | None:
        """The other player's game of a duel this player has ended (the computer's once it
        is done, the challenger's, player 1's on one device), to replay after the game."""
        info = self.info
        if info is None or not info.ended:
            return None
        if info.way == "computer":
            return (info.name, Game.from_json(info.cpu)) if info.cpu and info.cpu_done else None
        text = info.challenge if info.way == "link" else info.first if info.turn == 2 else None
        if not text:
            return None
        try:
            challenge = decode_challenge(text, stored=True)
            played = challenge.challenger
            return played.name, replay_game(challenge.deal_id, played)
        except MessageError:
            return None

    def can_challenge(self) -> bool:
        game = self.session.game
        return bool(find_game(game.game_name).duel and game.deal_id)


__all__ = ["PARAM", "Comparison", "DuelFlow", "mark"]
