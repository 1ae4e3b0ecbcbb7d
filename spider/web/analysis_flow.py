"""After a game, without the browser: when its analysis may run, ending a game that can still
be played for it, the worker's request, the answer in words, and the replay of a line (the
player's own game, the winning line from the last point it could be won, a duel partner's
game). The analysis itself is :mod:`spider.core.analysis`; the dialog, the replay bar and
the worker are :mod:`spider.web.analysis_panel`. Tested on CPython (``tests/test_analysis_page.py``).

A face-down card is shown only once the game is over: won, with no move left, "Fertig" in a
duel, or ended by the player for the analysis (a confirmation says so; it counts as not
won, and the game takes no more moves: ``Meta.over``).

>>> from spider.klondike import Game, Move
>>> g = Game.new(deal_id="K1-5")
>>> _ = g.play(Move.stock())
>>> r = Replay(Line(own_label(), start_of(g), tuple(g.line)))
>>> r.of, r.step, r.next_move() == Move.stock()
(1, 0, True)
>>> r.forward() and r.game.to_text() == g.to_text()
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from ..core.analysis import Analysis
from ..core.messages import MessageError, Msg
from ..core.registry import Solitaire, find_game
from ..texts.keys import family
from .session import Outcome, Session

UNDECIDED: Final = family("analysis.undecided.{case}",
                          case=("range", "after", "before", "none", "deal_range", "deal_after"))
State = Literal["running", "done", "undecided"]


@dataclass(frozen=True)
class Line:
    """A line to replay: its name, the position before its first move, its moves, the
    player's number of its first move (a winning line from move 88 starts at 88) and which
    of its moves lost the game (its index), if one did."""

    label: Msg
    start: Solitaire
    moves: tuple[object, ...]
    first: int = 1
    losing: int | None = None


def own_label() -> Msg:
    return Msg("analysis.line.own")


def start_of(game: Solitaire) -> Solitaire:
    """The position ``game`` started from (a copy taken back to its first action)."""
    start = game.copy()
    while start.can_undo:
        start.undo()
    return start


def after(game: Solitaire, k: int) -> Solitaire:
    """The position after the first ``k`` actions of ``game``'s line (a copy)."""
    position = start_of(game)
    for move in game.line[:k]:
        position.play(move)
    return position


class Replay:
    """Stepping through a line: ``game`` is the position after ``step`` of its moves; back
    and forth are the game's own play and undo, so every position is exactly the one the
    moves made."""

    def __init__(self, line: Line) -> None:
        self.line = line
        self.game = line.start.copy()
        self.step = 0

    @property
    def of(self) -> int:
        return len(self.line.moves)

    def next_move(self) -> object | None:
        """The move played from here (what the table marks), ``None`` at the end."""
        return self.line.moves[self.step] if self.step < self.of else None

    @property
    def losing_next(self) -> bool:
        """Is the move played from here the one that lost the game?"""
        return self.line.losing is not None and self.step == self.line.losing

    def forward(self) -> bool:
        move = self.next_move()
        if move is None:
            return False
        self.game.play(move)
        self.step += 1
        return True

    def back(self) -> bool:
        if self.step == 0:
            return False
        self.game.undo()
        self.step -= 1
        return True

    def to(self, step: int) -> None:
        """Go to the position after ``step`` moves (clamped to the line)."""
        step = max(0, min(self.of, step))
        while self.step < step and self.forward():
            pass
        while self.step > step and self.back():
            pass

    def where(self) -> Msg:
        """Where the replay stands, in words ("Dein Spiel: Zug 12 von 88")."""
        if self.step == 0:
            return Msg("replay.step.start", line=self.line.label, of=self.of)
        return Msg("replay.step", line=self.line.label, step=self.line.first + self.step - 1,
                   of=self.line.first + self.of - 1)


class AnalysisFlow:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.result: Analysis | None = None
        self.state: State | None = None
        self.progress = (0, 0)

    # ------------------------------------------------------------------ when
    def finished(self) -> bool:
        """Is the game on the table over (so its cards may be shown)?"""
        s = self.session
        game = s.game
        return bool(game.is_won or game.is_stuck or s.mode.over or s.duel_ended())

    def available(self) -> bool:
        """Can this game be analysed at all (its game has a full-knowledge solver)?"""
        return find_game(self.session.game.game_name).known_solver() is not None

    def offer(self) -> Msg | None:
        """The button the game's end offers: the replay of a won game, the analysis of
        another (``None`` when there is nothing to offer)."""
        if self.session.game.is_won:
            return Msg("analysis.btn.replay")
        return Msg("analysis.btn.where") if self.available() else None

    def can_end_for_it(self) -> bool:
        """A started game that can still be played may be ended for its analysis."""
        s = self.session
        return s.has_game and not self.finished() and s.started() and self.available()

    def end(self) -> Outcome:
        """The player confirmed ending the game for its analysis: it counts as not won,
        takes no more moves, and is saved so."""
        s = self.session
        out = Outcome(save=True, close_dialogs=True)
        if not self.finished():
            s.clock.pause()
            s.ended(out)
            s.mode = replace(s.mode, over=True)
        return out

    # ------------------------------------------------------------------ the worker
    def request(self) -> dict[str, object]:
        """What the worker is asked (the game, all of it: it is over). From here the game
        takes no more moves (not even an undo): its cards are about to be shown."""
        s = self.session
        game = s.game
        s.mode = replace(s.mode, over=True)
        self.result, self.state, self.progress = None, "running", (0, 0)
        return {"op": "analyse", "game": game.game_name, "doc": game.to_json(),
                "seconds": s.room.analysis_seconds, "given_up": not (game.is_won or game.is_stuck)}

    def answer(self, answer: dict[str, object]) -> Analysis | None:
        """The worker's answer: the analysis, or ``None`` when it failed or was stopped."""
        doc = answer.get("analysis")
        if answer.get("status") != "ok" or not isinstance(doc, dict):
            self.state = None
            return None
        try:
            result = Analysis.from_doc(doc)
        except MessageError:
            self.state = None
            return None
        self.result = result
        self.state = "done" if result.complete else "undecided"
        return result

    # ------------------------------------------------------------------ in words
    def summary(self, a: Analysis) -> Msg:
        """The answer in a sentence: where the game was lost, or that it was lost from the
        deal, or what was left undecided."""
        status = a.status
        if status == "won":
            return Msg("analysis.won", n=a.length)
        if status == "lost_from_start":
            return Msg("analysis.lost_from_start")
        if status == "losing_move" and a.last_winnable is not None and a.losing_move is not None:
            move = after(self.session.game, a.last_winnable).describe(a.losing_move)
            if a.last_winnable == 0:
                return Msg("analysis.losing.first", move=move)
            return Msg("analysis.losing", last=a.last_winnable, n=a.last_winnable + 1, move=move)
        if status == "winnable_at_end":
            return Msg("analysis.winnable_at_end")
        last, first = a.last_winnable, a.first_lost
        if last == 0:  # only the deal itself is proved winnable: no "up to move 0"
            if first is not None:
                return Msg(UNDECIDED(case="deal_range"), first=first)
            return Msg(UNDECIDED(case="deal_after"))
        if last is not None and first is not None:
            return Msg(UNDECIDED(case="range"), last=last, first=first)
        if last is not None:
            return Msg(UNDECIDED(case="after"), last=last)
        if first is not None:
            return Msg(UNDECIDED(case="before"), first=first)
        return Msg(UNDECIDED(case="none"))

    def losing_text(self) -> str | None:
        """The losing move in the game's notation (``#analysis[data-losing-move]``)."""
        a = self.result
        move = a.losing_move if a is not None else None
        text = getattr(move, "text", None)
        return str(text()) if callable(text) else None

    # ------------------------------------------------------------------ lines to replay
    def own_line(self) -> Line:
        game = self.session.game
        a = self.result
        losing = a.last_winnable if a is not None and a.losing_move is not None else None
        return Line(own_label(), start_of(game), tuple(game.line), losing=losing)

    def winning_line(self) -> Line | None:
        """The winning line from the last point the game could still be won."""
        a = self.result
        if a is None or a.last_winnable is None or not a.winning_line or a.status == "won":
            return None
        k = a.last_winnable
        label = Msg("analysis.line.win", n=k + 1)
        return Line(label, after(self.session.game, k), a.winning_line, first=k + 1)


__all__ = ["AnalysisFlow", "Line", "Replay", "after", "own_label", "start_of"]
