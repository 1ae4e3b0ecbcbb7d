"""The computer opponent of the duel: it plays a deal by what a player would see.

It reads only what the table shows (:func:`view_of`): the face-up cards of each column,
how many cards lie face down under them, how many rows the stock still holds and how many
runs have left the table. It never reads a face-down card or a stock card, not even one
the game marks as seen after an undo (it never undoes, so that does not arise in its own
games). ``tests/test_opponent.py`` proves it: two games that differ only in unseen cards
get the same moves until a card that differs turns up.

Policy
------
Each turn it searches the sequences of up to :data:`DEPTH` table moves (no deal) from
the position on the table and scores where each sequence ends with :func:`evaluate`,
less :data:`W_MOVE` per move. A move that turns a face-down card up ends its sequence:
the new card is not known, so the position is scored with that column's top unknown (the
reveal is worth :data:`W_DOWN`, the card itself nothing). Moves into an empty column are
tried only into the first one, and only with the whole movable block of a column that
does not consist of that block alone. The third move of a sequence must make progress as
the hint counts it (turn a card up, empty a column, complete a run or lay a card on one
of its own suit), so the search stays small.

* If the best sequence or plan (below) ends higher than the position on the table scores
  now, it plays it; ties go to the plan whose first move the hint ranks higher (reveal,
  empty, complete, join, then anything else), then to the shorter plan, then to the lower
  source, destination and count.
* Otherwise it deals, if the stock has a row and no column is empty.
* With an empty column and stock left it fills the column: the move into the empty column
  whose result scores highest.
* Otherwise (stock empty, nothing improves) it is finished: ``next_move`` returns
  ``None``, which the page shows as the computer pressing "Fertig". Also when the game is
  won, when no move is legal, or after :data:`MOVE_BUDGET` actions.

Every plan ends in a position it has never been in (as seen: the columns and the stock's
rows), or turns a card up, so it cannot go round in circles. It uses no randomness (the
weighing below draws from a generator seeded by what is seen): the same deal gives the
same moves on every device, so the page can replay it.

The score of a position (:func:`evaluate`; weights below): +400 per run removed; −60 per
face-down card; for the empty columns 40, 70, 90, … (each one more is worth less); +24 per
pair of neighbouring face-up cards of one suit in sequence (a "link"), +5 per pair in
sequence of different suits; and in a column with face-down cards −4 for every pair that
is not a link (what stands between the player and those cards). Points of the duel are not
chased directly: a move onto another fitting card earns one point net, so a player who only
wants points could shuffle a card between two fitting cards; the opponent plays to clear
the table.

Plans
-----
Besides the single-move search it weighs two kinds of longer plans, each scored where it
ends (less one per move):

* *dig* a column: move its face-up cards away until the next face-down card turns up (or
  the column is empty): each time the block in rank order at its end, as much of it as
  fits on a card elsewhere (one of its own suit first), parking its one-suit parts in empty
  columns on the way, else into an empty column;
* move a block in rank order of several suits as a whole onto a fitting card, through the
  empty columns.

A chosen plan is played to its end: no move of it depends on a card it turns up (after a
reveal a plan only puts parked cards back). If the table is not as the plan expected (the
page played something else), it plans again.

Weighing the best plans (Stark, at every suit count: ``weigh``, set from
:attr:`Budget.weigh <spider.spider_game.foresight.Budget>`). The score gives a turned-up
card no value of its own, so a plan that turns one up where nothing can follow looks as
good as one that opens the way to more. With ``weigh`` above 1, the best plans (at most
that many, by the score and the ties above) are weighed again: each card a plan turns up
is drawn :data:`WEIGH_CARDS` times from the cards not yet seen (the house's SplitMix64,
seeded by the position as seen and the plan, so every device draws the same), the
position after each draw is searched :data:`WEIGH_DEPTH` moves further, and the plan whose
positions reach the highest sum of scores is played (ties to the order above).

Levels
------
``Opponent()`` is this player, the level ``"easy"`` (Leicht): every saved duel against it
replays to the same moves. ``Opponent("medium")`` and ``Opponent("strong")`` (Mittel, Stark)
play the easy player's moves too, looking further ahead at two and four suits (4 and 5
moves instead of 3: :attr:`Budget.depth <spider.spider_game.foresight.Budget>`; Stark
further still, one move at a time, while the deeper search stays within a number of
positions: :attr:`Budget.reach <spider.spider_game.foresight.Budget>`; Stark also weighs
its best plans by the cards they could turn up), but imagine the
unseen cards many times over and let the full-knowledge solver overrule a move that loses
where another wins (:mod:`spider.spider_game.foresight`); they differ only in how much
they search. Any other level is refused with the message ``duel.opponent.level``.

>>> from spider import Game
>>> g = Game.new(deal_id="S1-1", duel=True)
>>> bot = Opponent()
>>> move = bot.next_move(g)
>>> g.is_legal(move)
True
>>> from spider.core.messages import MessageError
>>> try:
...     Opponent("hard")
... except MessageError as refused:
...     print(refused.message.key)
duel.opponent.level
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Final

from ..core.messages import MessageError, Msg
from ..core.saves import load_json
from ..core.shuffle import SplitMix64
from .deck import COLUMNS, RUN
from .foresight import Budget, advise, seed_of, spread, strands, unseen_cards
from .info import MAX_MIND, OPPONENT_LEVELS
from .moves import Move
from .seen import Seen, Table, seen_of

DEPTH: Final = 3
MAX_DEPTH: Final = 9  # the deepest look-ahead a position-budgeted search goes to
MOVE_BUDGET: Final = 1500  # actions in one game; far more than a game needs
LEVELS: Final = OPPONENT_LEVELS  # "easy", "medium", "strong"

# How hard the stronger levels think (see foresight.Budget): imagined worlds per decision,
# solver positions per search, the most cards unseen at which the solver is asked, the
# most candidate moves scored besides the easy player's own, how many moves ahead the
# easy player looks when it proposes, at 1, 2 and 4 suits, and how many positions it may
# visit to look further still. Tuned on S<n>-10001..10400.
BUDGETS: Final = {
    "medium": Budget(samples=3, nodes=1_000, gate=40, candidates=2, depth=(3, 4, 4)),
    "strong": Budget(samples=4, nodes=2_000, gate=200, candidates=3, depth=(3, 5, 5), reach=(0, 0, 60_000),
                     weigh=(5, 5, 5)),
}
# Weighing a plan (Budget.weigh): how many cards are imagined for each card it turns up, and
# how many moves ahead the position after each is searched.
WEIGH_CARDS: Final = 10
WEIGH_DEPTH: Final = 4

# What the player has in mind (:meth:`Opponent.mind`): the format's version, the longest
# plan it keeps, and why it may have finished.
MIND_VERSION: Final = 1
MAX_PLAN: Final = 64
REASONS: Final = ("won", "stuck", "no_progress", "budget")

# The weights of :func:`evaluate`, tuned on deals S<n>-1001.. and S<n>-2001.. (not the
# benchmark's S<n>-1..500).
W_RUN: Final = 400  # a run removed
W_DOWN: Final = 60  # a face-down card (subtracted)
W_EMPTY: Final = (0, 40, 70, 90, 100, 110, 120, 130, 140, 150, 160)  # by number of empty columns
W_SUIT: Final = 24  # neighbouring face-up cards of one suit in sequence (a link)
W_RANK: Final = 5  # neighbours in sequence of different suits
W_COVER: Final = 4  # a break above face-down cards: any pair not of one suit (subtracted)
W_MOVE: Final = 1  # each move of a plan

UNKNOWN: Final = -1  # a card turned up during the look-ahead: not known to the player

_RANK = [0] + [c % 13 + 1 for c in range(52)]  # rank of card c at index c + 1 (UNKNOWN → 0)


# The player's view is the one the stronger levels read too (:mod:`spider.spider_game.seen`);
# ``View`` and ``view_of`` are its names here.
View = Seen
view_of = seen_of


# ----------------------------------------------------------------------------- scoring
_run_cache: dict[tuple[int, ...], int] = {}
_col_cache: dict[tuple[tuple[int, ...], int], int] = {}


def _run(up: tuple[int, ...]) -> int:
    """Length of the one-suit descending run at the end of a face-up part."""
    r = _run_cache.get(up)
    if r is None:
        n = len(up)
        r = 1 if n else 0
        while r < n:
            upper, lower = up[n - r - 1], up[n - r]
            if lower < 0 or upper != lower + 1 or upper % 13 == 0:
                break
            r += 1
        if len(_run_cache) > 50_000:
            _run_cache.clear()
        _run_cache[up] = r
    return r


def _column_score(up: tuple[int, ...], down: int) -> int:
    key = (up, down)
    v = _col_cache.get(key)
    if v is None:
        if not up:
            v = 0
        else:
            v = -W_DOWN * down
            for i in range(1, len(up)):
                upper, lower = up[i - 1], up[i]
                if lower < 0:
                    continue
                if upper == lower + 1 and upper % 13:
                    v += W_SUIT
                elif _RANK[upper + 1] == _RANK[lower + 1] + 1:
                    v += W_RANK - (W_COVER if down else 0)
                elif down:
                    v -= W_COVER
        if len(_col_cache) > 50_000:
            _col_cache.clear()
        _col_cache[key] = v
    return v


def evaluate(view: View) -> int:
    """How good a position looks by what is seen (higher is better)."""
    return (W_RUN * view.done + W_EMPTY[sum(1 for u in view.up if not u)]
            + sum(_column_score(u, d) for u, d in zip(view.up, view.down, strict=True)))


# ----------------------------------------------------------------------------- the search
# A search state: the columns' face-up tuples, face-down counts, runs removed, score.
_State = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int]
_Step = tuple[int, int, int]  # (src, dst, count)
# a plan's later moves, each with the columns it expects to see when it makes it
_Plan = list[tuple[_Step, tuple[tuple[int, ...], ...]]]
_NONE: Final = -(10**9)


def _moves(up: Sequence[tuple[int, ...]], down: Sequence[int]) -> list[_Step]:
    """Single moves worth trying in the search, as ``(src, dst, count)``."""
    out: list[_Step] = []
    empty = -1
    for i in range(COLUMNS):
        if not up[i]:
            empty = i
            break
    for src in range(COLUMNS):
        u = up[src]
        if not u or u[-1] < 0:
            continue
        run = _run(u)
        low = _RANK[u[-1] + 1]
        for dst in range(COLUMNS):
            if dst == src:
                continue
            d = up[dst]
            if d:
                k = _RANK[d[-1] + 1] - low
                if 1 <= k <= run:
                    out.append((src, dst, k))
        if empty >= 0 and (down[src] or run < len(u)):
            out.append((src, empty, run))
    return out


def _apply(state: _State, src: int, dst: int, k: int) -> tuple[_State, bool]:
    """The state after a move, and whether it turned a card up (its identity unknown)."""
    up, down, done, score = state
    u, d = up[src], up[dst]
    ups = list(up)
    downs = list(down)
    score -= _column_score(u, down[src]) + _column_score(d, down[dst])
    new_u, new_d = u[:-k], d + u[-k:]
    revealed = False
    if not new_u and downs[src]:
        downs[src] -= 1
        new_u = (UNKNOWN,)
        revealed = True
    if len(new_d) >= RUN and new_d[-1] % 13 == 0 and _run(new_d) >= RUN:
        new_d = new_d[:-RUN]
        done += 1
        score += W_RUN
        if not new_d and downs[dst]:
            downs[dst] -= 1
            new_d = (UNKNOWN,)
            revealed = True
    if not d or not new_u or not new_d:
        before = up.count(())
        after = before - (not d) + (not new_u) + (not new_d)
        score += W_EMPTY[after] - W_EMPTY[before]
    ups[src], ups[dst] = new_u, new_d
    score += _column_score(new_u, downs[src]) + _column_score(new_d, downs[dst])
    return (tuple(ups), tuple(downs), done, score), revealed


def _segments(u: tuple[int, ...]) -> list[int]:
    """The one-suit runs that make up the block in rank order (any suits) at the end of
    a face-up part, nearest the player first, as lengths: ``9C 8H 7S 6S`` → ``[2, 1, 1]``."""
    if not u or u[-1] < 0:
        return []
    segs: list[int] = []
    cur = 1
    for i in range(len(u) - 1, 0, -1):
        upper, lower = u[i - 1], u[i]
        if upper < 0 or _RANK[upper + 1] != _RANK[lower + 1] + 1:
            break
        if upper // 13 == lower // 13:
            cur += 1
        else:
            segs.append(cur)
            cur = 1
    segs.append(cur)
    return segs


def _progress(state: _State, src: int, dst: int, k: int) -> bool:
    """Does this move make progress as the hint counts it (a reveal, an emptied column,
    a completed run, or a block laid on a card of its own suit)?"""
    up, down = state[0], state[1]
    u, d = up[src], up[dst]
    if k == len(u):
        return bool(d) or down[src] > 0
    return bool(d) and d[-1] == u[-k] + 1


def _priority(view: View, src: int, dst: int, k: int) -> int:
    """The hint's order of kinds for a first move: reveal, empty, complete, join, other."""
    u, d = view.up[src], view.up[dst]
    same = bool(d) and d[-1] == u[-k] + 1
    if k == len(u) and view.down[src]:
        return 0
    if k == len(u) and d:
        return 1
    if same and k + _run(d) >= RUN:
        return 2
    if same and k == _run(u):
        return 3
    return 4


class _OutOfPositions(Exception):
    """A deeper look-ahead would visit more positions than allowed."""


class _Planner:
    """One turn's search from a position (see the module docstring)."""

    def __init__(self, view: View, seen: set[tuple[Any, ...]], depth: int, reach: int = 0) -> None:
        self.view = view
        self.seen = seen
        self.depth = depth
        self.reach = reach
        self.reached: dict[tuple[Any, ...], int] = {}
        self.nodes = 0
        self.cap = 0

    def fresh(self, state: _State, revealed: bool) -> bool:
        """May a plan end here? After a reveal, always; else only in a position not yet
        been in (so the opponent never goes round in circles)."""
        return revealed or (state[0], state[1], self.view.rows) not in self.seen

    # -- single moves, up to ``depth`` of them; further while ``reach`` allows
    def sequences(self, root: _State) -> tuple[int, tuple[_Step, ...]]:
        """The best sequence of single moves from ``root``, looking ``depth`` moves ahead;
        with a ``reach``, again one move deeper at a time while the deeper search visits at
        most ``reach`` positions (a search that would visit more is abandoned, and one
        whose cost, by the growth from the last depth, would exceed it is not started).
        Afterwards :attr:`depth` is the depth the answer was found at, and :attr:`nodes`
        the positions that search visited."""
        best = self._dfs(root, 0, None)
        before, used = 0, self.nodes
        while self.reach and self.depth < MAX_DEPTH and used > before:
            if before and used * used // before > self.reach:
                break
            self.depth += 1
            self.reached = {}
            before, self.nodes, self.cap = used, 0, self.reach
            try:
                best = self._dfs(root, 0, None)
            except _OutOfPositions:
                self.depth, self.nodes = self.depth - 1, before
                break
            used = self.nodes
        self.cap = 0
        return best

    def _dfs(self, state: _State, depth: int, back: _Step | None) -> tuple[int, tuple[_Step, ...]]:
        best: tuple[int, tuple[_Step, ...]] = (_NONE, ())
        key = (state[0], state[1])
        if self.reached.get(key, self.depth + 1) <= depth:
            return best
        self.reached[key] = depth
        last = depth + 1 == self.depth
        for step in _moves(state[0], state[1]):
            if step == back or (last and not _progress(state, *step)):
                continue
            child, revealed = _apply(state, *step)
            self.nodes += 1
            if self.cap and self.nodes > self.cap:
                raise _OutOfPositions
            value = child[3] - W_MOVE * (depth + 1) if self.fresh(child, revealed) else _NONE
            path: tuple[_Step, ...] = (step,)
            if not revealed and not last:
                deeper, tail = self._dfs(child, depth + 1, (step[1], step[0], step[2]))
                if deeper > value:
                    value, path = deeper, (step, *tail)
            if value > best[0] or (
                depth == 0 and value == best[0] and best[1]
                and _priority(self.view, *step) < _priority(self.view, *best[1][0])
            ):
                best = (value, path)
        return best

    # -- moving a block in rank order of several suits, parking parts in empty columns
    @staticmethod
    def relocate(state: _State, src: int, j: int, dst: int, temps: Sequence[int]
                 ) -> tuple[_State, list[_Step], bool]:
        """Move the nearest ``j`` one-suit parts of ``src``'s ordered block onto ``dst``:
        ``j - 1`` of them to the empty columns ``temps`` first, the farthest to ``dst``,
        then the parked ones back onto it in turn."""
        segs = _segments(state[0][src])[:j]
        steps: list[_Step] = []
        revealed = False
        for i in range(j - 1):
            steps.append((src, temps[i], segs[i]))
        steps.append((src, dst, segs[j - 1]))
        for i in range(j - 2, -1, -1):
            steps.append((temps[i], dst, segs[i]))
        for step in steps:
            state, r = _apply(state, *step)
            revealed = revealed or r
        return state, steps, revealed

    def _targets(self, up: Sequence[tuple[int, ...]], src: int, card: int) -> list[int]:
        """Columns whose exposed card takes ``card``: one of its suit first."""
        rank = _RANK[card + 1]
        fits = [d for d in range(COLUMNS) if d != src and up[d] and up[d][-1] >= 0
                and _RANK[up[d][-1] + 1] == rank + 1]
        fits.sort(key=lambda d: (up[d][-1] != card + 1, d))
        return fits

    def consolidations(self, root: _State) -> list[tuple[int, list[_Step], bool]]:
        """Whole ordered blocks of several suits moved onto a fitting card."""
        out: list[tuple[int, list[_Step], bool]] = []
        up = root[0]
        empties = [i for i in range(COLUMNS) if not up[i]]
        for src in range(COLUMNS):
            segs = _segments(up[src])
            for j in range(2, min(len(segs), len(empties) + 1) + 1):
                top = up[src][-sum(segs[:j])]
                for dst in self._targets(up, src, top)[:1]:
                    state, steps, revealed = self.relocate(root, src, j, dst, empties)
                    if self.fresh(state, revealed):
                        out.append((state[3] - W_MOVE * len(steps), steps, revealed))
        return out

    def dig(self, root: _State, col: int) -> tuple[int, list[_Step], bool] | None:
        """Clear column ``col`` down to its next face-down card (or to empty): take the
        ordered block at its end, as much of it as fits on a card elsewhere (one of its own
        suit first) with the empty columns to park parts, else into an empty column; again
        until the column's face-up cards are gone."""
        state = root
        steps: list[_Step] = []
        revealed = False
        while state[0][col] and state[0][col][0] >= 0:
            up = state[0]
            segs = _segments(up[col])
            empties = [i for i in range(COLUMNS) if not up[i] and i != col]
            moved = False
            for j in range(len(segs), 0, -1):
                if j - 1 > len(empties):
                    continue
                fits = self._targets(up, col, up[col][-sum(segs[:j])])
                if fits:
                    state, more, r = self.relocate(state, col, j, fits[0], empties)
                    moved = True
                    break
            if not moved:
                if not empties:
                    return None
                j = min(len(segs), len(empties))
                state, more, r = self.relocate(state, col, j, empties[0], empties[1:])
            steps += more
            revealed = revealed or r
            if len(steps) > 40:
                return None
        if not self.fresh(state, revealed):
            return None
        return state[3] - W_MOVE * len(steps), steps, revealed

    def fill(self, root: _State) -> _Step | None:
        """The move into an empty column whose result scores highest (before a deal)."""
        best: tuple[int, _Step] | None = None
        up, down = root[0], root[1]
        empty = up.index(())
        for src in range(COLUMNS):
            u = up[src]
            for k in range(1, _run(u) + 1 if u else 0):
                if k == len(u) and not down[src]:
                    continue  # a whole column into an empty one changes nothing
                child, revealed = _apply(root, src, empty, k)
                if self.fresh(child, revealed) and (best is None or child[3] > best[0]):
                    best = (child[3], (src, empty, k))
        return None if best is None else best[1]


def check_level(level: object) -> str:
    """``level`` if it is one of :data:`LEVELS`, else ``MessageError`` (``duel.opponent.level``)."""
    if isinstance(level, str) and level in LEVELS:
        return level
    raise MessageError(Msg("duel.opponent.level", level=str(level)[:24]))


class Opponent:
    """The computer player of a duel. ``next_move(game)`` gives its next action for the
    game on the table (it does not play it), or ``None`` when it is finished (see
    :attr:`reason`). ``level`` is ``"easy"`` (this module's player, the default),
    ``"medium"`` or ``"strong"`` (:mod:`spider.spider_game.foresight`).

    It plans a few moves at a time and remembers the positions it has been in;
    :meth:`resume` rebuilds that memory from a saved game (from what it had in mind,
    :meth:`mind`, without searching), so a page reloaded in mid-duel continues with the
    same moves.
    """

    __slots__ = ("_base", "_dealing", "_looked", "_plan", "_seen", "budget", "depth", "level", "moves_made",
                 "reach", "reason", "weigh")

    def __init__(self, level: str = "easy", *, depth: int | None = None, budget: Budget | None = None
                 ) -> None:
        self.level = check_level(level)
        self.budget = budget or BUDGETS.get(level)
        # the look-ahead; ``None`` for a stronger level: its budget's, by the suit count
        self.depth = DEPTH if depth is None and level == "easy" else depth
        self.reach = 0  # positions a deeper look-ahead may visit beyond ``depth`` (0: none)
        self.weigh = 0  # how many of the best plans to weigh by imagined turned-up cards
        self._seen: set[tuple[Any, ...]] = set()
        self._looked = 0  # how many positions of the line it has been asked about (``_seen``'s)
        self._plan: _Plan = []
        self._dealing = False  # decided to deal: filling the empty columns first
        self.moves_made = 0
        self.reason: str | None = None  # why it finished: won, stuck, no_progress, budget
        # the stronger levels: the easy player proposes, the foresight may overrule it
        self._base = None if level == "easy" else Opponent(depth=depth)

    @classmethod
    def resume(cls, game: Any, level: str = "easy", *, depth: int | None = None, budget: Budget | None = None,
               mind: object = None) -> Opponent:
        """The opponent after it has played ``game``'s line (from its starting position).
        The easy player thinks its way along the line again (it keeps plans); so do the
        stronger ones' proposals (the easy player inside them), without their imagined
        worlds. That is most of their thinking at two and four suits (seconds late in a long
        game), so the engine's worker carries on from the computer of its last answer
        instead of resuming it for every step (:mod:`spider.web.worker_api`), and the page
        saves what the player had in mind (:meth:`mind`) with its game: given as ``mind``,
        the player's plan and counts are taken from it and only the positions of the line
        are looked at again (no search). A ``mind`` that does not belong to this line and
        level, or that does not hold up (a plan step that is not a legal move where the plan
        expects to make it, a count out of range, anything malformed), is set aside and the
        line is thought through as without it: the same player either way."""
        bot = cls(level, depth=depth, budget=budget)
        if mind is not None and bot._recall(game, mind):
            return bot
        replay = type(game).from_text(game.start_text)
        for move in game.line:
            if bot._base is None:
                bot.next_move(replay)
            else:
                bot._propose(replay)
                bot.moves_made += 1
            replay.play(move)
        return bot

    def mind(self, game: Any) -> str:
        """What the player has in mind after playing ``game``'s line, as JSON for
        :meth:`resume` (``mind=``): the plan it is following (each move with the columns it
        expects to see then), whether it is dealing, its counts, and for the stronger levels
        the same of the easy player inside them; with a digest of the line and the level it
        belongs to. Nothing in it the player has not seen."""
        doc: dict[str, object] = {"v": MIND_VERSION, "level": self.level, "line": _line_digest(game),
                                  **self._state_doc()}
        if self._base is not None:
            doc["base"] = self._base._state_doc()
        return json.dumps(doc, separators=(",", ":"))

    def _state_doc(self) -> dict[str, object]:
        return {"moves": self.moves_made, "reason": self.reason, "dealing": self._dealing,
                "looked": self._looked,
                "plan": [[list(step), [list(col) for col in expected]] for step, expected in self._plan]}

    def _recall(self, game: Any, mind: object) -> bool:
        """Take the state :meth:`mind` gave for ``game``'s line, if it holds up (see
        :meth:`resume`); ``False`` (and nothing changed) if not."""
        try:  # the house's reader of untrusted JSON: bounded in size, nesting and numbers
            doc = load_json(mind, max_bytes=MAX_MIND, max_depth=6) if isinstance(mind, str) else None
        except MessageError:
            return False
        if (not isinstance(doc, dict) or doc.get("v") != MIND_VERSION or doc.get("level") != self.level
                or doc.get("line") != _line_digest(game)):
            return False
        if ("base" in doc) != (self._base is not None):
            return False
        line = list(game.line)
        own = {key: value for key, value in doc.items() if key not in ("v", "level", "line", "base")}
        parts = [(self, own), *([(self._base, doc["base"])] if self._base is not None else [])]
        states = [_state_of(part, len(line)) for _, part in parts]
        if any(state is None for state in states):
            return False
        replay = type(game).from_text(game.start_text)
        keys = []
        for move in line:
            keys.append(view_of(replay).key)
            replay.play(move)
        keys.append(view_of(replay).key)
        for (bot, _), state in zip(parts, states, strict=True):
            assert bot is not None and state is not None
            bot.moves_made, bot.reason, bot._dealing, bot._looked, bot._plan = state
            bot._seen = set(keys[:bot._looked])
        return True

    @property
    def finished(self) -> bool:
        return self.reason is not None

    def next_move(self, game: Table) -> Move | None:
        """The next action for the position on the table, or ``None`` (finished)."""
        if self.reason is not None:
            return None
        if self._base is not None:
            return self._stronger(game)
        view = view_of(game)
        self._seen.add(view.key)
        self._looked += 1
        move = self._choose(view, game.is_won)
        if move is None:
            self._plan.clear()
        else:
            self.moves_made += 1
        return move

    def _stronger(self, game: Table) -> Move | None:
        """The medium and strong levels: the easy player's proposal (it keeps its own plans
        and memory, so :meth:`resume` proposes along the line again but imagines no worlds),
        overruled where the imagined worlds say so. Nothing here is remembered between calls
        but the count of moves."""
        base = self._base
        assert base is not None
        if game.is_won:
            self.reason = "won"
            return None
        if self.moves_made >= MOVE_BUDGET:
            self.reason = "budget"
            return None
        proposal = self._propose(game)
        assert self.budget is not None
        move = advise(view_of(game), proposal, base._seen, self.budget)
        if move is None:
            self.reason = base.reason or "no_progress"
        else:
            self.moves_made += 1
        return move

    def _propose(self, game: Table) -> Move | None:
        """The easy player's proposal, kept from stranding the stronger levels
        (:func:`~spider.spider_game.foresight.strands`): when it would, the easy player is
        told to spread its cards and deal first (its own filling of empty columns), and the
        move is :func:`~spider.spider_game.foresight.spread`'s. Only the position decides,
        so :meth:`resume` does the same."""
        base = self._base
        assert base is not None and self.budget is not None
        view = view_of(game)
        base.depth = self.depth or self.budget.depth_at(view.suits)
        base.reach = self.budget.reach_at(view.suits)
        base.weigh = self.budget.weigh_at(view.suits)
        proposal = base.next_move(game)
        if proposal is not None and strands(view, proposal):
            base._plan.clear()
            base._dealing = True
            proposal = spread(view, proposal, base._seen)
        return proposal

    def _choose(self, view: View, won: bool) -> Move | None:
        if won:
            self.reason = "won"
            return None
        if self.moves_made >= MOVE_BUDGET:
            self.reason = "budget"
            return None
        if self._plan:
            step, expected = self._plan.pop(0)
            if _agrees(view.up, expected):
                return Move(*step)
            self._plan.clear()
        now = evaluate(view)
        root: _State = (view.up, view.down, view.done, now)
        planner = _Planner(view, self._seen, self.depth or DEPTH, self.reach)
        if not self._dealing:
            plan = self._best_plan(planner, root, now)
            if plan:
                return self._start(root, plan)
            self._dealing = view.rows > 0
        if self._dealing:
            if () not in view.up:
                self._dealing = False
                return Move.deal()
            fill = planner.fill(root)
            if fill is not None:
                return Move(*fill)
            self._dealing = False
        self.reason = "no_progress" if _moves(view.up, view.down) else "stuck"
        return None

    def _best_plan(self, planner: _Planner, root: _State, now: int) -> list[_Step]:
        """The plan that ends highest above ``now``; ties to the first move the hint ranks
        higher, then to the shorter plan. Empty if nothing improves on the position."""
        value, path = planner.sequences(root)
        candidates: list[tuple[int, list[_Step]]] = [(value, list(path))] if path else []
        for value, steps, _ in planner.consolidations(root):
            candidates.append((value, steps))
        for col in range(COLUMNS):
            if root[0][col]:
                found = planner.dig(root, col)
                if found is not None:
                    candidates.append((found[0], found[1]))
        ranked: list[tuple[tuple[int, int, int], list[_Step]]] = []
        for value, steps in candidates:
            if value > now:
                ranked.append(((value, -_priority(planner.view, *steps[0]), -len(steps)), steps))
        # the stable sort keeps the first of equal keys first, as the plain choice did
        ranked.sort(key=lambda c: c[0], reverse=True)
        if not ranked:
            return []
        top: list[tuple[tuple[int, int, int], list[_Step]]] = []
        for key, steps in ranked:
            if len(top) == self.weigh:
                break
            if all(steps != other for _, other in top):
                top.append((key, steps))
        if len(top) < 2:
            return ranked[0][1]
        return max(top, key=lambda c: (self._weighed(planner.view, root, c[1]), c[0]))[1]

    def _weighed(self, view: View, root: _State, steps: list[_Step]) -> int:
        """What a plan is worth once the cards it turns up are known, as far as the player
        can tell: each card it turns up (unknown to the search) is drawn from the cards not
        yet seen, :data:`WEIGH_CARDS` times (a generator seeded by the position as seen and
        the plan), and the position after it is searched :data:`WEIGH_DEPTH` moves further;
        the sum of the best values found (a plan that turns nothing up counts its one
        position that many times), less the plan's moves."""
        state = root
        for step in steps:
            state, _ = _apply(state, *step)
        up, down, done, _ = state
        holes = [i for i in range(COLUMNS) if up[i] and up[i][0] == UNKNOWN]
        unseen = unseen_cards(view)
        seed = seed_of(view)
        for src, dst, k in steps:
            seed = (seed * 1_000_003 + src * 10_000 + dst * 100 + k) & (2**64 - 1)
        rng = SplitMix64(seed)
        total = 0
        for _ in range(WEIGH_CARDS if holes else 1):
            ups = list(up)
            pool = list(unseen)
            for i in holes:
                card = pool.pop(rng.below(len(pool)))
                ups[i] = tuple(card if c == UNKNOWN else c for c in ups[i])
            after = Seen(tuple(ups), down, view.rows, view.suits, view.runs)
            # ``after`` keeps the runs removed before the plan; the plan's own count apart.
            score = evaluate(after) + W_RUN * (done - view.done)
            value, _ = _Planner(after, self._seen, WEIGH_DEPTH).sequences((after.up, down, done, score))
            total += max(score, value) * (1 if holes else WEIGH_CARDS)
        return total - W_MOVE * len(steps) * WEIGH_CARDS

    def _start(self, root: _State, steps: list[_Step]) -> Move:
        """Keep the plan's later moves, each with the columns it expects to find."""
        state = root
        self._plan = []
        for i, step in enumerate(steps):
            state, _ = _apply(state, *step)
            if i + 1 < len(steps):
                self._plan.append((steps[i + 1], state[0]))
        return Move(*steps[0])


def _line_digest(game: Any) -> str:
    """A digest of a game's line: its starting position and every action since."""
    text = "\n".join([game.start_text, *(move.text() for move in game.line)])
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _state_of(doc: object, line: int) -> tuple[int, str | None, bool, int, _Plan] | None:
    """A player's state from :meth:`Opponent.mind` (moves made, reason, dealing, positions
    looked at, plan), checked: every count in range for a line of ``line`` actions, and
    every planned move legal on the columns the plan expects to see when it makes it."""
    if not isinstance(doc, dict) or set(doc) != {"moves", "reason", "dealing", "looked", "plan"}:
        return None
    moves, reason, dealing, looked, plan = (doc[k] for k in ("moves", "reason", "dealing", "looked", "plan"))
    if (type(moves) is not int or not 0 <= moves <= line + 1
            or (reason is not None and reason not in REASONS) or type(dealing) is not bool
            or type(looked) is not int or not 0 <= looked <= line + 1
            or not isinstance(plan, list) or len(plan) > MAX_PLAN):
        return None
    steps: _Plan = []
    for entry in plan:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], list)
                and isinstance(entry[1], list) and len(entry[1]) == COLUMNS):
            return None
        step, cols = entry
        if len(step) != 3 or not all(type(n) is int for n in step):
            return None
        if not all(isinstance(col, list) and len(col) <= 104
                   and all(type(c) is int and UNKNOWN <= c < 52 for c in col) for col in cols):
            return None
        expected = tuple(tuple(col) for col in cols)
        if not _legal(expected, step[0], step[1], step[2]):
            return None
        steps.append(((step[0], step[1], step[2]), expected))
    return moves, reason, dealing, looked, steps


def _legal(up: tuple[tuple[int, ...], ...], src: int, dst: int, k: int) -> bool:
    """Is moving ``k`` cards from column ``src`` to ``dst`` legal on these face-up columns,
    with every card it moves or lays them on known?"""
    if not (0 <= src < COLUMNS and 0 <= dst < COLUMNS and src != dst):
        return False
    u, d = up[src], up[dst]
    if not 1 <= k <= len(u) or any(c < 0 for c in u[-k:]) or k > _run(u):
        return False
    return not d or (d[-1] >= 0 and _RANK[d[-1] + 1] == _RANK[u[-k] + 1] + 1)


def _agrees(up: tuple[tuple[int, ...], ...], expected: tuple[tuple[int, ...], ...]) -> bool:
    """Does the table show what the plan expected (a card turned up in the plan, unknown
    then, matches any card)?"""
    if up == expected:
        return True
    return all(a == b or (len(b) == 1 and b[0] == UNKNOWN and len(a) == 1)
               for a, b in zip(up, expected, strict=True))


__all__ = ["BUDGETS", "DEPTH", "LEVELS", "MOVE_BUDGET", "Opponent", "View", "check_level", "evaluate",
           "view_of"]
