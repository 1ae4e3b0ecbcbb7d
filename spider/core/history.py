"""One action history for every game: the line of actions, undo, redo and its JSON form.

A game supplies three things (the :class:`Actor` protocol): ``snapshot()`` of its table and
counters, ``restore(snapshot)``, and ``apply(move)``, which plays a legal action and returns
what it did (the game's step). The history records the snapshot taken before each action
(PySolFC's one entry per user action, with its automatic consequences such as a card
turning up; python-chess's ``pop`` that restores a saved state): undo restores it exactly,
so no game writes the inverse of its actions by hand. Redo plays the action again.

What a player has seen is not part of a snapshot: a game keeps it apart, so that undo
never takes knowledge back.

The line in text form is ``{"line": [move texts], "cursor": n, "journal": [...]}``: every
action ever played on this branch, the first ``cursor`` of them on the table, the rest
undone (for redo); and the journal, everything the player did in order (move texts,
``"undo"``, ``"redo"``), which is what proves how often they undid (a duel charges a point
for each). :meth:`History.replay` reads it back through the game's own checked ``play``,
``undo`` and ``redo``, so a document that breaks a rule anywhere, or whose journal does not
lead to its line, is refused as a whole. A document without a journal (saved before there
was one) is read from its line; its journal is then not known (:attr:`History.journal_known`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, NamedTuple, Protocol, Self, TypeVar

from .messages import IllegalMove, Msg

M = TypeVar("M")
S = TypeVar("S")
M_contra = TypeVar("M_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)

MAX_LINE = 20_000  # longer lines are refused when read (a game has a few hundred actions)
UNDO, REDO = "undo", "redo"  # the journal's words for the two actions that are no move


class Actor(Protocol[M_contra, S_co]):
    """What a game gives its history."""

    def snapshot(self) -> object: ...

    def restore(self, snap: Any) -> None: ...

    def apply(self, move: M_contra) -> S_co: ...


class Entry(NamedTuple, Generic[M, S]):
    move: M
    step: S
    before: object


class History(Generic[M, S]):
    """The actions on the table (each with the state before it) and those undone."""

    __slots__ = ("_done", "_journal", "_undone", "journal_known")

    def __init__(self) -> None:
        self._done: list[Entry[M, S]] = []
        self._undone: list[M] = []
        self._journal: list[M | str] = []  # moves, UNDO and REDO, in the order they happened
        self.journal_known = True  # False: read from a save that had no journal

    def copy(self) -> History[M, S]:
        h: History[M, S] = History()
        h._done = self._done[:]
        h._undone = self._undone[:]
        h._journal = self._journal[:]
        h.journal_known = self.journal_known
        return h

    # ------------------------------------------------------------------ reading
    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def cursor(self) -> int:
        """How many actions lie on the table (the game's move counter)."""
        return len(self._done)

    @property
    def steps(self) -> tuple[S, ...]:
        return tuple(e.step for e in self._done)

    @property
    def last_move(self) -> M | None:
        return self._done[-1].move if self._done else None

    @property
    def last_step(self) -> S | None:
        return self._done[-1].step if self._done else None

    def line(self) -> list[M]:
        """Every action of this branch: those on the table, then those undone, in order."""
        return [e.move for e in self._done] + self._undone[::-1]

    def moves(self) -> list[M]:
        """The actions on the table, in order."""
        return [e.move for e in self._done]

    def journal(self) -> list[M | str]:
        """Everything done, in order: each move, ``"undo"`` and ``"redo"``."""
        return self._journal[:]

    # ------------------------------------------------------------------ acting
    def play(self, actor: Actor[M, S], move: M) -> S:
        """Apply a move the caller has checked; a new action clears what could be redone."""
        step = self._push(actor, move)
        self._undone.clear()
        self._journal.append(move)
        return step

    def undo(self, actor: Actor[M, S]) -> S:
        """Restore the state before the last action; returns that action's step."""
        if not self._done:
            raise IllegalMove(Msg("undo.nothing"))
        entry = self._done.pop()
        actor.restore(entry.before)
        self._undone.append(entry.move)
        self._journal.append(UNDO)
        return entry.step

    def redo(self, actor: Actor[M, S]) -> S:
        """Play again the last action taken back."""
        if not self._undone:
            raise IllegalMove(Msg("redo.nothing"))
        step = self._push(actor, self._undone.pop())
        self._journal.append(REDO)
        return step

    def _push(self, actor: Actor[M, S], move: M) -> S:
        before = actor.snapshot()
        step = actor.apply(move)
        self._done.append(Entry(move, step, before))
        return step

    # ------------------------------------------------------------------ text form
    def to_doc(self, text: Callable[[M], str]) -> dict[str, Any]:
        doc: dict[str, Any] = {"line": [text(m) for m in self.line()], "cursor": self.cursor}
        if self.journal_known:
            doc["journal"] = [m if isinstance(m, str) else text(m) for m in self._journal]
        return doc

    @staticmethod
    def replay(doc: Mapping[str, Any], parse: Callable[[str], M], play: Callable[[M], object],
               undo: Callable[[], object], redo: Callable[[], object] | None = None,
               history: Callable[[], History[M, Any]] | None = None) -> None:
        """Play a saved game through the game's checked ``play`` (``undo``, ``redo``): its
        journal when it has one, else its line and then undo down to its cursor.
        ``ValueError`` (the game's, or a plain one naming what is malformed) if the line is
        not a list of move texts, the cursor is out of range, a move is illegal, or the
        journal does not end in the saved line and cursor. ``history()`` gives the game's
        history afterwards (to compare, and to mark a journal not known)."""
        line, cursor, journal = doc.get("line"), doc.get("cursor"), doc.get("journal")
        if not isinstance(line, list) or len(line) > MAX_LINE or not all(isinstance(x, str) for x in line):
            raise ValueError("line")
        if type(cursor) is not int or not 0 <= cursor <= len(line):
            raise ValueError("cursor")
        if journal is not None and redo is not None and history is not None:
            if not isinstance(journal, list) or len(journal) > MAX_LINE:
                raise ValueError("journal")
            for item in journal:
                if item == UNDO:
                    undo()
                elif item == REDO:
                    redo()
                elif isinstance(item, str):
                    play(parse(item))
                else:
                    raise ValueError("journal")
            h = history()
            if h.cursor != cursor or [str(m) for m in h.line()] != [str(parse(x)) for x in line]:
                raise ValueError("journal")
            return
        for item in line:
            play(parse(item))
        for _ in range(len(line) - cursor):
            undo()
        if history is not None:
            history().journal_known = False


class Played(Generic[M, S]):
    """What every game's table says about its history and how it acts on it, the same for
    all: a checked ``play`` (the game supplies ``refusal_message``), ``undo`` (counted in
    ``undos``, which only grows), ``redo``, and the counters read off the history. A game
    class mixes this in beside its own ``snapshot``/``restore``/``apply``."""

    _history: History[M, S]
    _start: str
    down: list[int]
    undos: int

    def copy(self) -> Self:
        """An independent copy, history and knowledge included: every slot of the table,
        its lists (and lists of lists) copied, its history copied."""
        g = type(self).__new__(type(self))
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                setattr(g, name, _copied(getattr(self, name)))
        return g

    @property
    def start_text(self) -> str:
        """The position the game started from."""
        return self._start

    @property
    def face_down_count(self) -> int:
        return sum(self.down)

    def refusal_message(self, move: M) -> Msg | None:
        raise NotImplementedError

    def play(self, move: M) -> S:
        """Play an action; :class:`IllegalMove` (position unchanged) if it is not legal.
        A new action clears what could be redone."""
        reason = self.refusal_message(move)
        if reason is not None:
            raise IllegalMove(reason)
        return self._history.play(self, move)  # type: ignore[arg-type]

    def undo(self) -> S:
        """Take the last action back completely, with everything that happened by itself."""
        step = self._history.undo(self)  # type: ignore[arg-type]
        self.undos += 1
        return step

    def redo(self) -> S:
        """Play again the last action taken back."""
        return self._history.redo(self)  # type: ignore[arg-type]

    @property
    def can_undo(self) -> bool:
        return self._history.can_undo

    @property
    def can_redo(self) -> bool:
        return self._history.can_redo

    @property
    def moves_count(self) -> int:
        """The actions on the table: undo takes one back, redo counts it again."""
        return self._history.cursor

    @property
    def last_move(self) -> M | None:
        """The move of the most recent action still on the table."""
        return self._history.last_move

    @property
    def history(self) -> tuple[S, ...]:
        return self._history.steps

    @property
    def line(self) -> list[M]:
        """The actions on the table, in order."""
        return self._history.moves()

    @property
    def journal(self) -> list[M | str]:
        """Everything the player did, in order: moves, ``"undo"``, ``"redo"`` (what a
        challenge link carries, so that its undos are proved by its replay)."""
        return self._history.journal()

    @property
    def journal_known(self) -> bool:
        """False for a game read from a save made before games kept their journal."""
        return self._history.journal_known


def _copied(value: Any) -> Any:
    if isinstance(value, History):
        return value.copy()
    if isinstance(value, list):
        return [x[:] if isinstance(x, list) else x for x in value]
    return value
