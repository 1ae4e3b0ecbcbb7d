"""Make the solver corpus: full-knowledge positions from played deals of all three variants.

    python tests/corpus/make_corpus.py            # rewrites tests/corpus/s1.txt, s2.txt, s4.txt
    python tests/corpus/make_corpus.py --suits 4  # one variant only

Deterministic: fixed deal IDs, a fixed random seed per variant, and a search with a fixed
order. See README.md beside this file for what the positions are and how they were chosen.

Players (what "real play" means here):

* 1 suit: the game's own hint (``game.hint()``), followed with probability 0.9, otherwise
  a random legal move; when the hint says there is no progress it deals when it can, else
  a random move. Undo when stuck: back a random 1-12 actions, at most 40 times.
* 2 and 4 suits: the hint-driven player gets stuck before it has seen every card nearly
  always, so a stronger stand-in plays: a bounded best-first look-ahead (3,000 positions)
  that sees every card and heads for the position with the fewest face-down cards and
  breaks, dealing only when it finds nothing better; when the line ends before every card
  was seen, it undoes a random number of actions and tries again (up to 4 times), first
  asking the solver (20,000 nodes, also seeing every card) for a winning line from there,
  else playing on with 8 % random moves.

A deal enters the corpus only if, at the end, every card is known to the player by the
engine's own bookkeeping (``game.all_known``: each card was face up at some time in the
session; undo keeps that knowledge). Every position on the final line is then all-known.
"""

from __future__ import annotations

import argparse
import heapq
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from spider import Game, Move  # noqa: E402
from spider.spider_game.solver import (  # noqa: E402
    _DEAL,
    _DOWN,
    _child,
    _column_bytes,
    _key,
    _line,
    _meta,
    _moves,
    solve,
)

HERE = Path(__file__).resolve().parent
DEALS = {1: range(1000, 1060), 2: range(2000, 2040), 4: range(4000, 4060)}
SEEDS = {1: 101, 2: 202, 4: 404}
LOOKAHEAD = 3000
EXPLORE_SOLVE = 20_000


def peeked(game: Game) -> Game:
    """A copy that counts every card as seen (for the stand-in player's searches only)."""
    p = game.copy()
    p.known_down = p.down[:]
    p.known_stock = len(p.stock)
    return p


def lookahead(game: Game, budget: int) -> list[Move]:
    """Moves to the best position a bounded best-first search finds (no deals inside);
    [] when nothing beats the position on the table. Score: 4 per face-down card, 1 per
    break, -60 per removed run, -2 per empty column once the stock is empty."""
    cols = tuple(_column_bytes(c, d) for c, d in zip(game.cols, game.down, strict=True))
    stock = bytes(game.stock)
    rows = len(stock) // 10
    meta: dict[bytes, int] = {}

    def m(c: bytes) -> int:
        x = meta.get(c)
        if x is None:
            x = meta[c] = _meta(c)
        return x

    def score(cols: tuple[bytes, ...], done: int) -> int:
        down = sum(1 for c in cols for x in c if x >= _DOWN)
        breaks = sum(m(c) >> 8 for c in cols)
        empty = sum(1 for c in cols if not c) if not stock else 0
        return 4 * down + breaks - 60 * done - 2 * empty

    done0 = len(game.done)
    k0 = _key(cols, 0, rows)
    parent: dict[bytes, tuple[bytes, int] | None] = {k0: None}
    best = (score(cols, done0), k0)
    heap = [(best[0], 0, k0, cols, done0)]
    seq = 0
    while heap and len(parent) < budget:
        _, _, key, cols, done = heapq.heappop(heap)
        runs = [m(c) & 255 for c in cols]
        for code in _moves(cols, runs, 0, rows, game.lenient_deal):
            if code >> 12 == _DEAL:
                continue
            new, removed = _child(cols, code, stock, 0, meta)
            nk = _key(new, 0, rows)
            if nk in parent:
                continue
            parent[nk] = (key, code)
            s = -(10**9) if done + removed == 8 else score(new, done + removed)
            if s < best[0]:
                best = (s, nk)
            seq -= 1
            heapq.heappush(heap, (s, seq, nk, new, done + removed))
    link = parent[best[1]]
    return [] if link is None else _line(parent, *link)


def hint_player(game: Game, rng: random.Random) -> None:
    """1 suit: follow the hint (90 %), deal when it says no progress; undo when stuck."""
    undos = 0
    while not game.is_won and game.moves_count < 2000:
        h = game.hint()
        moves = [m for m in game.legal_moves() if not m.is_deal]
        if h.move is not None and rng.random() < 0.9:
            game.play(h.move)
        elif h.kind == "deal" and game.can_deal():
            game.deal()
        elif moves and h.kind not in ("undo", "restart"):
            game.play(rng.choice(moves))
        elif undos < 40 and game.can_undo:
            undos += 1
            for _ in range(rng.randint(1, 12)):
                if game.can_undo:
                    game.undo()
            if moves and game.legal_moves():
                nd = [m for m in game.legal_moves() if not m.is_deal]
                if nd:
                    game.play(rng.choice(nd))
        else:
            return


def search_player(game: Game, rng: random.Random, eps: float, limit: int = 600) -> None:
    """2 and 4 suits: play look-ahead lines; deal when nothing better is found."""
    acts = 0
    while not game.is_won and acts < limit:
        if eps and rng.random() < eps:
            moves = [m for m in game.legal_moves() if not m.is_deal]
            if moves:
                game.play(rng.choice(moves))
                acts += 1
                continue
        path = lookahead(game, LOOKAHEAD)
        if path:
            for mv in path:
                game.play(mv)
            acts += len(path)
        elif game.can_deal():
            game.deal()
            acts += 1
        elif game.hint().kind == "fill":
            move = game.hint().move
            assert move is not None
            game.play(move)
            acts += 1
        else:
            return


def session(deal_id: str, rng: random.Random) -> Game:
    game = Game.new(deal_id=deal_id)
    if game.suits == 1:
        hint_player(game, rng)
        return game
    search_player(game, rng, 0.0)
    tries = 0
    while not game.all_known and tries < 4:
        tries += 1
        for _ in range(rng.randint(1, max(1, game.moves_count))):
            game.undo()
        r = solve(peeked(game), EXPLORE_SOLVE)
        if r.status == "solved":
            for mv in r.line:
                game.play(mv)
            break
        search_player(game, rng, 0.08)
    return game


def pick(game: Game, rng: random.Random) -> list[tuple[str, Game]]:
    """Positions of one all-known session: up to 5 from the final line once at most one row
    is left in the stock (always its last position), and 2 made by 3 to 15 random legal
    actions from a random one of those (a player's detour, often a lost one)."""
    line = []
    g = game.copy()
    while True:
        line.append(g.copy())
        if not g.can_undo:
            break
        g.undo()
    line.reverse()  # line[i]: the position after i actions
    late = [i for i, p in enumerate(line) if len(p.stock) <= 10] or [len(line) - 1]
    chosen = sorted({*rng.sample(late[:-1], min(4, len(late) - 1)), late[-1]})
    out = [(f"action {i} of {len(line) - 1}", line[i]) for i in chosen]
    for _ in range(2):
        i = rng.choice(late)
        p = line[i].copy()
        n = rng.randint(3, 15)
        for _ in range(n):
            moves = p.legal_moves()
            if not moves:
                break
            p.play(rng.choice(moves))
        out.append((f"action {i} of {len(line) - 1}, then {n} random actions", p))
    return [(label, p) for label, p in out if p.all_known and not p.is_won]


def make(suits: int, deals: range | None = None, seed: int | None = None) -> list[str]:
    deals = DEALS[suits] if deals is None else deals
    rng = random.Random(SEEDS[suits] if seed is None else seed)
    entries = []
    kept = 0
    for n in deals:
        deal_id = f"S{suits}-{n}"
        game = session(deal_id, rng)
        if not game.all_known:
            print(f"{deal_id}: not every card seen, skipped", file=sys.stderr, flush=True)
            continue
        kept += 1
        for label, p in pick(game, rng):
            entries.append(f"# {deal_id} {label}\n{p.to_text()}\n")
        print(f"{deal_id}: {'won' if game.is_won else 'lost'}, {len(entries)} positions",
              file=sys.stderr, flush=True)
    print(f"S{suits}: {kept} of {len(deals)} deals all-known, {len(entries)} positions",
          file=sys.stderr)
    return entries


def load(path: Path) -> list[tuple[str, Game]]:
    """The positions of a corpus file as ``(label, game)``, every card counted as known."""
    out = []
    for chunk in path.read_text().split("# ")[1:]:
        label, _, text = chunk.partition("\n")
        game = Game.from_text(text)
        game.known_down = game.down[:]
        game.known_stock = len(game.stock)
        out.append((label, game))
    return out


def load_all() -> list[tuple[str, Game]]:
    return [e for s in (1, 2, 4) for e in load(HERE / f"s{s}.txt")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suits", type=int, choices=(1, 2, 4), action="append")
    ap.add_argument("--deals", help="FIRST-LAST deal numbers instead of the fixed ones")
    ap.add_argument("--seed", type=int, help="random seed instead of the fixed one")
    ap.add_argument("--out", type=Path, help="write here instead of s<suits>.txt")
    args = ap.parse_args()
    deals = None
    if args.deals:
        first, _, last = args.deals.partition("-")
        deals = range(int(first), int(last) + 1)
    for suits in args.suits or (1, 2, 4):
        entries = make(suits, deals, args.seed)
        (args.out or HERE / f"s{suits}.txt").write_text("\n".join(entries))


if __name__ == "__main__":
    main()
