"""After a game: could it have been won, which of the player's moves lost it, and a winning
line from the last point it could still be won (issue 21). One module for every game that
has a solver; each game supplies only its full-knowledge solver (``solve_known`` in its
package, found through :meth:`spider.core.registry.GameInfo.known_solver`).

    analyse(game, budget_s, progress=None, *, given_up=False) -> Analysis

**Only a finished game.** A game is finished when it is won, stuck (no legal move at all),
or given up: the page passes ``given_up=True`` once the player has confirmed ending it (a
proved "lost" verdict, "Fertig" in a duel, "Neues Spiel" over an unfinished game). Anything
else raises :class:`~spider.core.messages.MessageError` (``analysis.running``): every card
is shown by the analysis, so it must never judge a game that can still be played. A game
whose package has no ``solve_known`` raises ``analysis.no_solver``.

**Full knowledge from the deal.** The position the game started from is the game taken back
to its first action (a copy, undone; what was dealt face down is part of it), and the
player's line is the game's history, the actions on the table (:attr:`line`). Position
``k`` is that start with the first ``k`` actions played through the game's checked
``play()``; the solver searches it with every card known (the game is over).

**Why a bisection is sound.** With every card known, winnability can only fall along a line:
if the position after an action can be won, so can the one before it (play the action,
then the winning line). So along the player's line the winnable positions are a prefix
``0..w`` and the lost ones the rest; the losing move is action ``w + 1`` (``line[w]``).
The analysis probes positions, halving the range between the largest one proved winnable
and the smallest one proved lost. Once a position is left undecided, it walks back from the
smallest one proved lost instead, one action at a time, each step with all the time left:
with the positions proved lost remembered (below), each step searches only what the proofs
after it did not, and a winnable position next to proved-lost ones is found quickly, its
search skipping them. A step left undecided ends the walk there: then the widest gap between
the points tried is halved next, so one hard position does not hold the search up (and a
position proved lost further back starts a walk from there). Since a step of the walk may
take all the time left, the first position left undecided, while none is proved winnable
yet, first starts a few cheap probes from the deal on (0, 1, 2, 4, 8, … while they are won,
together at most :data:`GALLOP` of the budget): early positions are often won within a few
hundred positions, and an answer left undecided then still says that the deal could be won,
and up to which move. Two more shortcuts, both from the same fact: a position proved
winnable proves every earlier one winnable, and when its winning line starts with the
player's own next actions, the positions after those are winnable too.

**Honest.** ``losing_move`` is named only when position ``last_winnable`` is proved winnable
by a line that replays to a win through the game's checked ``play()`` and position
``last_winnable + 1`` is proved lost ("unsolvable": every reachable position searched).
Where the budget runs out, ``last_winnable`` and ``first_lost`` are the ends proved so far
(either may be ``None``) and ``undecided`` lists the positions the solver could not decide.

**Bounded.** It stops at ``budget_s`` seconds of wall time (``clock``, injectable for tests):
each probe gets a share of what is left (a step of the walk all of it) and ends through
the solver's ``should_stop``; a
probe also stops at ``max_nodes`` positions (memory). Positions left undecided are tried
again once every point of the range has been tried, if the time left gives each more than
twice what it had. ``progress(done,
total)`` is called after every probe (``total`` is an estimate that can grow) and once at
the end with ``done == total``.

**Lost positions are remembered.** A solver whose ``solve_known`` takes ``lost`` (a set of
its own position keys, read and added to; both games' solvers do, and
:mod:`spider.klondike.solver` and :mod:`spider.spider_game.solver` argue why it is sound)
gets one set for the whole analysis:
each proof of a loss further back the line then searches only what is new.

>>> from spider.klondike import Game, Move
>>> g = Game.from_text('''klondike 1
... stock: -
... waste: -
... foundations: QS KH KD QC
... 1: KC
... 2: KS
... 3:
... 4:
... 5:
... 6:
... 7:''')
>>> _ = g.play(Move.from_text("2>3"))        # a pointless move; then the player gives up
>>> a = analyse(g, 5.0, given_up=True)
>>> a.status, a.last_winnable, [m.text() for m in a.winning_line]
('winnable_at_end', 1, ['3>f', '1>f'])
>>> Analysis.from_json(a.to_json()) == a
True
"""

from __future__ import annotations

import inspect
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, Final, Literal

from .messages import MessageError, Msg
from .registry import find_game
from .saves import load_json

Outcome = Literal["won", "lost", "undecided"]
Ended = Literal["won", "stuck", "given_up"]
Status = Literal["won", "lost_from_start", "losing_move", "winnable_at_end", "undecided"]
FORMAT: Final = "spider-analysis"
VERSION: Final = 1
DEFAULT_MAX_NODES: Final = 500_000
GALLOP: Final = 0.03  # of the budget: the won side's probes once a position is left undecided


@dataclass(frozen=True)
class Analysis:
    """What the analysis of a finished game found (see the module docstring).

    ``game``: the registry name; ``length``: how many actions the player's line has;
    ``ended``: ``"won"``, ``"stuck"`` or ``"given_up"``; ``from_start``: the deal's own answer
    with full knowledge, ``"won"`` (``start_line`` wins from the deal), ``"lost"`` or
    ``"undecided"``; ``last_winnable``: the largest ``k`` proved winnable (after ``k`` of the
    player's actions), ``None`` if none was; ``first_lost``: the smallest ``k`` proved lost,
    ``None`` if none was; ``losing_move``: action ``last_winnable + 1`` of the player's line
    when ``first_lost == last_winnable + 1`` (the move that lost the game), else ``None``;
    ``winning_line``: a line that wins from position ``last_winnable``; ``undecided``: the
    positions the budget could not decide; ``nodes``: positions the solver searched in all.
    """

    game: str
    length: int
    ended: Ended
    from_start: Outcome
    start_line: tuple[Any, ...] = ()
    last_winnable: int | None = None
    first_lost: int | None = None
    losing_move: Any | None = None
    winning_line: tuple[Any, ...] = ()
    undecided: tuple[int, ...] = ()
    nodes: int = 0

    @property
    def status(self) -> Status:
        """``"won"`` (the player won), ``"lost_from_start"`` (the deal cannot be won),
        ``"losing_move"`` (found), ``"winnable_at_end"`` (given up where it could still be
        won), or ``"undecided"`` (the budget ran out: the range is ``last_winnable`` to
        ``first_lost``)."""
        if self.ended == "won":
            return "won"
        if self.from_start == "lost":
            return "lost_from_start"
        if self.losing_move is not None:
            return "losing_move"
        if self.last_winnable == self.length:
            return "winnable_at_end"
        return "undecided"

    @property
    def complete(self) -> bool:
        """Was the question answered in full (every status but ``"undecided"``)?"""
        return self.status != "undecided"

    # ------------------------------------------------------------------ JSON
    def to_doc(self) -> dict[str, Any]:
        """A JSON-ready dict; moves as their text (``Move.text()``)."""
        return {"format": FORMAT, "version": VERSION, "game": self.game, "length": self.length,
                "ended": self.ended, "from_start": self.from_start,
                "start_line": [m.text() for m in self.start_line],
                "last_winnable": self.last_winnable, "first_lost": self.first_lost,
                "losing_move": None if self.losing_move is None else self.losing_move.text(),
                "winning_line": [m.text() for m in self.winning_line],
                "undecided": list(self.undecided), "nodes": self.nodes}

    def to_json(self) -> str:
        return json.dumps(self.to_doc())

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Analysis:
        """The inverse of :meth:`to_doc`; ``MessageError`` (``analysis.broken``) for anything
        malformed."""
        try:
            if doc.get("format") != FORMAT or doc.get("version") != VERSION:
                raise ValueError("format")
            info = find_game(doc["game"])
            parse: Callable[[str], Any] = info.module().Move.from_text

            def moves(key: str) -> tuple[Any, ...]:
                return tuple(parse(x) for x in _list(doc[key]))

            length = _whole(doc["length"])
            a = cls(game=info.name, length=length, ended=_one_of(doc["ended"], ("won", "stuck", "given_up")),
                    from_start=_one_of(doc["from_start"], ("won", "lost", "undecided")),
                    start_line=moves("start_line"), last_winnable=_point(doc["last_winnable"], length),
                    first_lost=_point(doc["first_lost"], length),
                    losing_move=None if doc["losing_move"] is None else parse(doc["losing_move"]),
                    winning_line=moves("winning_line"),
                    undecided=tuple(_point(x, length) or 0 for x in _list(doc["undecided"])),
                    nodes=_whole(doc["nodes"]))
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise MessageError(Msg("analysis.broken")) from e
        return a

    @classmethod
    def from_json(cls, text: str | bytes) -> Analysis:
        doc = load_json(text)
        if not isinstance(doc, dict):
            raise MessageError(Msg("analysis.broken"))
        return cls.from_doc(doc)


def _list(x: object) -> list[Any]:
    if not isinstance(x, list):
        raise ValueError("list")
    return x


def _whole(x: object) -> int:
    if type(x) is not int or x < 0:
        raise ValueError("number")
    return x


def _point(x: object, length: int) -> int | None:
    if x is None:
        return None
    k = _whole(x)
    if k > length:
        raise ValueError("point")
    return k


def _one_of(x: object, allowed: tuple[str, ...]) -> Any:
    if x not in allowed:
        raise ValueError("value")
    return x


# ---------------------------------------------------------------------------- the analysis
Solver = Callable[..., Any]


class _Probe:
    """The positions of the player's line, each searched with every card known."""

    def __init__(self, start: Any, moves: Sequence[Any], solver: Solver, max_nodes: int) -> None:
        self.start = start
        self.moves = moves
        self.solver = solver
        self.max_nodes = max_nodes
        self.nodes = 0
        # positions proved lost so far, for a solver that takes them (``lost=``, see analyse)
        self.lost: set[Any] | None = set() if _takes_lost(solver) else None

    def position(self, k: int) -> Any:
        g = self.start.copy()
        for m in self.moves[:k]:
            g.play(m)
        return g

    def solve(self, k: int, stop: Callable[[], bool]) -> tuple[str, list[Any]]:
        """``("solved", line)`` only with a line that replays to a win from position ``k``
        through ``play()``; ``("unsolvable", [])`` or ``("unknown", [])`` otherwise."""
        g = self.position(k)
        if g.is_won:
            return "solved", []
        if self.lost is None:
            result = self.solver(g, self.max_nodes, should_stop=stop)
        else:
            result = self.solver(g, self.max_nodes, should_stop=stop, lost=self.lost)
        self.nodes += result.nodes
        if result.status == "solved":
            return ("solved", list(result.line)) if _wins(g, result.line) else ("unknown", [])
        return result.status, []


def _takes_lost(solver: Solver) -> bool:
    try:
        return "lost" in inspect.signature(solver).parameters
    except (TypeError, ValueError):  # a callable without a signature: the plain protocol
        return False


def _wins(game: Any, line: Sequence[Any]) -> bool:
    g = game.copy()
    try:
        for m in line:
            g.play(m)
    except ValueError:
        return False
    return bool(g.is_won)


def _until(clock: Callable[[], float], end: float) -> Callable[[], bool]:
    return lambda: clock() > end


def analyse(game: Any, budget_s: float, progress: Callable[[int, int], object] | None = None, *,
            given_up: bool = False, clock: Callable[[], float] = time.monotonic,
            max_nodes: int = DEFAULT_MAX_NODES, solver: Solver | None = None) -> Analysis:
    """Analyse a finished game (see the module docstring); the game is not changed.

    ``given_up``: the player has ended the game (the page asks first); ``clock``: seconds,
    for the budget; ``max_nodes``: per probe; ``solver``: the game's full-knowledge solver
    (``solve_known(game, max_nodes, *, should_stop)``; by default the registry's)."""
    if game.is_won:
        ended: Ended = "won"
    elif game.is_stuck:
        ended = "stuck"
    elif given_up:
        ended = "given_up"
    else:
        raise MessageError(Msg("analysis.running"))
    if solver is None:
        solver = find_game(game.game_name).known_solver()
    if solver is None:
        raise MessageError(Msg("analysis.no_solver"))
    moves = list(game.line)
    n = len(moves)
    if ended == "won":
        if progress is not None:
            progress(1, 1)
        return Analysis(game.game_name, n, "won", "won", tuple(moves), last_winnable=n,
                        winning_line=())
    start = game.copy()
    while start.can_undo:
        start.undo()
    probe = _Probe(start, moves, solver, max_nodes)
    deadline = clock() + budget_s

    won = -1            # the largest position proved winnable (-1: none yet)
    line: list[Any] = []  # a winning line from position ``won``
    lost = n + 1        # the smallest position proved lost (n + 1: none yet)
    undecided: set[int] = set()
    tried: set[int] = set()  # tried in this round without an answer
    given: dict[int, float] = {}  # the seconds each position's last search had
    done = 0
    walk = False  # a position has been left undecided: walk back from the lost end
    walked: set[int] = set()  # the steps of the walk (each tried once, next to a lost one)
    gallop_end = -math.inf  # until then, the won side's probes: 0, 1, 2, 4, 8, ...
    gallop = 0  # the next of them

    def estimate() -> int:
        gap = lost - won
        return max(1, math.ceil(math.log2(gap))) if gap > 1 else 0

    while lost - won > 1:
        left = deadline - clock()
        if left <= 0:
            break
        candidates = [k for k in range(won + 1, min(lost, n + 1)) if k not in tried]
        if not candidates:
            # a new round: the undecided points again, each with more than twice the time
            # it had (else nothing would change)
            again = {u for u in undecided if left / len(undecided) > 2 * given[u]}
            if not again:
                break
            tried -= again
            continue
        # the end first (is the final position lost at all?), then halve the range; past a
        # position left undecided, walk back from the smallest one proved lost (each step
        # with all the time left), and where a step is left undecided, halve the widest gap
        # between the points tried
        share = left / max(1, estimate())
        if lost == n + 1 and n in candidates:
            k = n
        elif clock() < gallop_end and won < gallop < lost and gallop not in tried:
            k = gallop
            share = gallop_end - clock()
        elif walk and won < lost - 1 <= n and lost - 1 not in walked:
            k = lost - 1
            walked.add(k)
            tried.discard(k)
            share = left
        else:
            points = [won, *sorted(t for t in tried if won < t < lost), lost]
            a, b = max(pairwise(points), key=lambda ab: (ab[1] - ab[0], -ab[0]))
            k = (a + b) // 2 if b - a > 1 else candidates[0]
        given[k] = share
        end = min(deadline, clock() + share)
        status, found = probe.solve(k, _until(clock, end))
        done += 1
        if status == "solved":
            won, line = k, found
            # the winning line may start with the player's own next actions
            while won < n and line and line[0] == moves[won] and won + 1 < lost:
                won, line = won + 1, line[1:]
            undecided = {u for u in undecided if u > won}
            tried = {t for t in tried if t > won}
            gallop = max(won + 1, 2 * won)
        elif status == "unsolvable":
            undecided = {u for u in undecided if u < k}
            tried = {t for t in tried if t < k}
            lost = k
        else:
            undecided.add(k)
            tried.add(k)
            if not walk and won < 0:
                # nothing proved winnable yet: first a few cheap probes from the deal on
                gallop_end = clock() + GALLOP * budget_s
            walk = True
        if won >= lost:  # a solver contradicting itself: claim nothing
            return Analysis(game.game_name, n, ended, "undecided", undecided=tuple(sorted(undecided)),
                            nodes=probe.nodes)
        if progress is not None:
            progress(done, done + estimate())
    if progress is not None:
        progress(done, done)

    if won >= 0:
        from_start: Outcome = "won"
        start_line = tuple(moves[:won]) + tuple(line)
    else:
        from_start = "lost" if lost == 0 else "undecided"
        start_line = ()
    analysis = Analysis(game.game_name, n, ended, from_start, start_line,
                        last_winnable=won if won >= 0 else None,
                        first_lost=lost if lost <= n else None,
                        winning_line=tuple(line),
                        undecided=tuple(sorted(u for u in undecided if won < u < lost)),
                        nodes=probe.nodes)
    if won >= 0 and lost == won + 1 <= n:
        analysis = replace(analysis, losing_move=moves[won])
    return analysis
