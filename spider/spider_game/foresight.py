"""The stronger computer players of the duel ("medium" and "strong"): they imagine the cards
they have not seen, many times over, and ask the solver about each imagined deal.

What it knows
-------------
Exactly what a player sees (:class:`Seen`): each column's face-up cards and how many cards
lie face down under them, how many rows the stock still holds, and the suits of the runs
removed. The cards it has not seen are therefore known as a multiset (:func:`unseen_cards`):
the variant's 104 cards less every face-up card and less the 13 cards of each removed run.
Nothing else is read: not the game's face-down cards, not its stock, not its deal ID (which
names the shuffle), not what the game marks as seen after an undo.

How it decides (determinization)
--------------------------------
1. The *base move* is what the easy player would do from here (its look-ahead over the seen
   cards, as many moves deep as the level's :attr:`Budget.depth` names for the suit count
   and deeper while :attr:`Budget.reach` allows, its best plans weighed by imagined
   turned-up cards where :attr:`Budget.weigh` says so, passed in as ``base``; see
   :mod:`spider.spider_game.opponent`), computed afresh at every decision so that nothing
   but the positions already passed is remembered. A base move that would strand the game
   (:func:`strands`: a row left in the stock and fewer than ten cards on the table) is
   replaced by :func:`spread`'s first.
2. It deals the unseen cards at random into the face-down places and the stock,
   ``samples`` times (:func:`imagine`): each such *world* is a complete deal that agrees with
   everything seen. The shuffle is the house's SplitMix64 Fisher–Yates, seeded by a SHA-256
   digest of the position as seen, so the same position gives the same worlds on every
   device and Python.
3. In each world the full-knowledge solver (:func:`spider.spider_game.solver.solve`) searches
   for a win under a node budget. If no world is won within the budget the base move is
   played: the solver has nothing to say yet (early in a game, and at four suits most of it).
4. Otherwise the candidates are the base move and the first moves of the winning lines
   found (a deal only when the base move is the deal: a world's solver knows the stock,
   the player does not). Each candidate is scored by the number of worlds that are still
   won after it (a world whose winning line starts with the candidate counts at once; the
   others are searched again from the position after it). The best score wins; ties go to
   the base move, then to the candidate more winning lines started with, then to the
   lower move. Only candidates that turn a card up or lead to a position never passed
   are allowed, so the player cannot go round in circles.

Everything is counted in nodes, never in time, so a saved duel replays to the same moves on
any machine. A player resumed from a saved game only needs the positions the game passed
(no search is repeated): :meth:`Foresight.resume` is cheap.

>>> from spider import Game
>>> from spider.spider_game.opponent import Opponent
>>> g = Game.new(deal_id="S1-1", duel=True)
>>> bot = Opponent("strong")
>>> g.is_legal(bot.next_move(g))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.shuffle import SplitMix64
from .deck import COLUMNS, DEAL_SIZE, RUN, fresh_deck
from .game import Game
from .info import VARIANTS
from .moves import Move
from .seen import Seen, seen_of
from .solver import solve


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard a level thinks: ``samples`` imagined worlds per decision, ``nodes`` solver
    positions per search, the solver asked only while at most ``gate`` cards are unseen,
    at most ``candidates`` moves scored besides the base move, how many table moves
    ahead the easy player looks when it proposes the base move, at one, two and four suits
    (``depth``; the easy level's own is 3), and how many positions it may visit beyond that
    to look further still where the position is narrow enough (``reach``, per suit count;
    counted in positions, never in time, so every machine plays the same moves), and how
    many of its best plans it weighs by what the cards they turn up could bring (``weigh``,
    per suit count; 0 or 1: none, see :mod:`spider.spider_game.opponent`)."""

    samples: int
    nodes: int
    gate: int
    candidates: int = 3
    depth: tuple[int, int, int] = (3, 3, 3)
    reach: tuple[int, int, int] = (0, 0, 0)
    weigh: tuple[int, int, int] = (0, 0, 0)

    def depth_at(self, suits: int) -> int:
        """The proposer's look-ahead at ``suits`` suits (1, 2 or 4)."""
        return self.depth[VARIANTS.index(suits)]

    def reach_at(self, suits: int) -> int:
        """How many positions the proposer may visit to look further ahead than
        :meth:`depth_at` at ``suits`` suits, one move deeper at a time (0: no further)."""
        return self.reach[VARIANTS.index(suits)]

    def weigh_at(self, suits: int) -> int:
        """How many of the proposer's best plans are weighed by imagined turned-up cards at
        ``suits`` suits (0 or 1: none; the best by the score is played)."""
        return self.weigh[VARIANTS.index(suits)]


def unseen_cards(seen: Seen) -> list[int]:
    """The multiset of cards not seen, in card order: the variant's deck less the face-up
    cards and the removed runs."""
    counts = [0] * 52
    for card in fresh_deck(seen.suits):
        counts[card] += 1
    for up in seen.up:
        for card in up:
            counts[card] -= 1
    for suit in seen.runs:
        for rank in range(RUN):
            counts[suit * RUN + rank] -= 1
    out: list[int] = []
    for card, n in enumerate(counts):
        out += [card] * n
    return out


def seed_of(seen: Seen) -> int:
    """A 64-bit seed from the position as seen (the same on every Python and device)."""
    text = ";".join([
        "|".join(",".join(map(str, u)) for u in seen.up),
        ",".join(map(str, seen.down)), str(seen.rows), ",".join(map(str, seen.runs)), str(seen.suits),
    ])
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def imagine(seen: Seen, count: int) -> list[Game]:
    """``count`` complete deals that agree with what is seen, the unseen cards shuffled
    into the face-down places (far end first) and the stock; every card in them is marked
    known, so the solver takes them."""
    pool = unseen_cards(seen)
    rng = SplitMix64(seed_of(seen))
    worlds: list[Game] = []
    for _ in range(count):
        deck = list(pool)
        for i in range(len(deck) - 1, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        cols: list[list[int]] = []
        at = 0
        for up, down in zip(seen.up, seen.down, strict=True):
            cols.append(deck[at:at + down] + list(up))
            at += down
        world = Game(seen.suits, cols, list(seen.down), deck[at:], list(seen.runs))
        world.known_down = list(seen.down)
        world.known_stock = len(world.stock)
        worlds.append(world)
    return worlds


def advise(seen: Seen, base: Move | None, passed: set[tuple[Any, ...]], budget: Budget) -> Move | None:
    """The move to play from the position ``seen``: ``base`` (the easy player's proposal,
    ``None`` if it would stop) unless imagined worlds show another move does better (module
    docstring). ``passed``: the positions already passed, as :attr:`Seen.key`; no move may
    lead back to one of them without turning a card up."""
    unseen = sum(seen.down) + seen.rows * DEAL_SIZE
    if unseen <= budget.gate:
        worlds = imagine(seen, budget.samples if unseen else 1)
        decided = _by_solver(worlds, base, passed, budget)
        if decided is not None:
            return decided[0]
    return base


def _by_solver(worlds: list[Game], base: Move | None, passed: set[tuple[Any, ...]], budget: Budget
               ) -> tuple[Move | None] | None:
    """The solver's say (module docstring), or ``None`` when no world is won within the
    budget (it has nothing to say)."""
    votes: dict[Move, int] = {}
    for world in worlds:
        result = solve(world, budget.nodes)
        if result.status == "solved" and result.line:
            votes[result.line[0]] = votes.get(result.line[0], 0) + 1
    if not votes:
        return None
    ranked = sorted((m for m in votes if not m.is_deal), key=lambda m: (-votes[m], m))
    candidates = [m for m in ranked if m != base and _fresh(worlds[0], m, passed)][: budget.candidates]
    if not candidates:
        return (base,)
    if base is not None:
        candidates.insert(0, base)
    best: tuple[tuple[int, int, int], Move] | None = None
    for move in candidates:
        won = 0
        for world in worlds:
            if world.is_legal(move):
                after = world.copy()
                after.play(move)
                won += after.is_won or solve(after, budget.nodes).status == "solved"
        # the base move keeps its place unless another one wins in more worlds
        key = (won - (move != base), move == base, votes.get(move, 0))
        if best is None or key > best[0]:
            best = (key, move)
    assert best is not None
    return (best[1],)


def strands(seen: Seen, move: Move) -> bool:
    """Would ``move`` leave a row in the stock and fewer than ten cards on the table? Then
    the game is lost whatever the unseen cards are: a deal needs a card in every column,
    and nothing but a deal brings cards to the table. A completed run leaves by itself, so
    the easy player walks into this when it completes a run before the last deal (3 of the
    14 games the strong player lost on S1-10001…10100). The card count after a move is the
    same in every world, so one imagined world tells; a table of 23 cards or more cannot
    fall below ten (a move takes cards off only by completing a run of 13), so most
    decisions need none."""
    if move.is_deal or not seen.rows or sum(seen.down) + sum(map(len, seen.up)) - RUN >= COLUMNS:
        return False
    world = imagine(seen, 1)[0]
    return world.is_legal(move) and _stranded(world, move)


def _stranded(world: Game, move: Move) -> bool:
    after = world.copy()
    after.play(move)
    return bool(after.stock) and not after.lenient_deal and sum(map(len, after.cols)) < COLUMNS


def spread(seen: Seen, base: Move, passed: set[tuple[Any, ...]]) -> Move:
    """Instead of a stranding ``base`` (:func:`strands`): the deal if it is legal, else the
    move that leaves the most columns holding cards without stranding and to a position not
    passed (fewest cards moved, then the lowest move, first); ``base`` if there is none."""
    world = imagine(seen, 1)[0]
    deal = Move.deal()
    if world.is_legal(deal):
        return deal
    options: list[tuple[int, int, Move]] = []
    for move in world.legal_moves():
        if move.is_deal or _stranded(world, move) or not _fresh(world, move, passed):
            continue
        after = world.copy()
        after.play(move)
        options.append((-sum(1 for c in after.cols if c), move.count, move))
    return min(options)[2] if options else base


def _fresh(world: Game, move: Move, passed: set[tuple[Any, ...]]) -> bool:
    """Does ``move`` turn a card up, remove a run, or lead to a position not passed?"""
    if not world.is_legal(move):
        return False
    after = world.copy()
    step = after.play(move)
    return bool(step.revealed or step.completed) or seen_of(after).key not in passed


def digest_of(moves: Sequence[Move]) -> str:
    """A short digest of a line of moves (for comparing games across Pythons)."""
    return hashlib.sha256(" ".join(m.text() for m in moves).encode("ascii")).hexdigest()[:16]


__all__ = ["Budget", "advise", "imagine", "seed_of", "spread", "strands", "unseen_cards"]
