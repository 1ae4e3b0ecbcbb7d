"""The bounded search behind the verdict: solved, unsolvable, or unknown.

``solve(game, max_nodes)`` searches every position reachable from the table and answers in
exactly one of three ways (Freecell Solver's habit):

* ``"solved"``: ``line`` is a list of moves that wins when played with ``game.play`` one
  after another;
* ``"unsolvable"``: every position reachable from here was visited and none is won. This
  is a proof, and the only answer from which the page may tell a player that the game is lost;
* ``"unknown"``: the node budget ran out (or ``should_stop`` said so) first.

It refuses (``ValueError`` with a German sentence) unless every card in play is known to
the player (``game.all_known``): the game never judges from cards the player has not seen.
Known face-down cards and a known stock are fine; the search turns them up and deals them
exactly as the engine does, and it never changes the game it is given.

The search
----------
A best-first search over positions with a transposition table (every position found, with
the move that first reached it, so the winning line can be read back). It always expands
the open position with the smallest estimate: the number of *breaks* (neighbouring cards of
a column that are not a one-suit step down, a face-down card counting as one) plus the
cards still in the stock, minus one per empty column once the stock is empty; ties go to
the position found last. A won position reached by a move ends the search at once.

While stock remains there is a second open list, ordered by the breaks alone (the stock is
left out), and the search takes its next position from the two lists in turn (the
"alternation" of planners with several heuristics, e.g. Fast Downward). The first list
heads for the deal early (ten stock cards weigh as ten breaks); the second looks harder at
what can be done before the deal, which is what some 4-suit positions with a row left
need (on the corpus: 3 more of 350 decided within 300,000 positions, docs/solver.md).
With the stock empty the two orders are the same, so there is one list.

The order only decides how soon a win is found. Completeness does not depend on it: every
position found is put on the open list (on both lists, while they are two) and expanded
exactly once with every legal action (the first time it is taken from either list; a
position already expanded is skipped when the other list brings it up again), so the
search visits exactly the positions reachable from the start. "Unsolvable" means the open
lists ran empty without a won position: none is reachable.

A position is compact and hashable: a column is a ``bytes`` of card codes from the far end
to the exposed card, a face-down card stored as its code plus 64 (``_DOWN``); the stock is
the game's stock (fixed order) and a count of rows already dealt. A move changes two
columns (two slices), a deal ten; nothing else is copied. Run lengths and breaks are cached
per column ``bytes``.

What is pruned, and why that is safe
------------------------------------
Nothing is pruned by judgement. Every legal move of the engine is generated, onto any suit,
any part of a run, into any empty column, and the deal. Exactly three reductions are made,
each of which only skips positions equivalent to one that is searched:

1. *Transpositions.* A position is expanded once. Whether a position can be won depends only
   on the position (the cards in each column with their face-down marks, the stock and how
   much of it is dealt; the runs already removed only count, and their number follows from
   the cards still in play), not on the way it was reached, so a second visit can find
   nothing the first did not.
2. *Interchangeable columns once the stock is empty.* The rules treat the ten columns alike
   except in one place: a deal gives the i-th card of the row to column i. With the stock
   empty there are no deals, so permuting the columns maps legal moves to legal moves, won
   positions to won positions and lost ones to lost ones. The table key then sorts the
   columns, and a position equal to a visited one up to the order of its columns counts as
   visited. While stock remains the key keeps the column order (column i matters).
3. *Which empty column, once the stock is empty.* By 2, moving a block into empty column
   a or into empty column b gives positions that differ only by swapping columns a and b,
   so only the first empty column is tried; and moving a whole column (no face-down card,
   all its cards one run) into an empty column only swaps two columns, so it is not tried.
   Both are skipped only when no stock is left.

``tests/test_solver.py`` checks the whole search against an unpruned reference that uses
nothing but the engine's ``legal_moves()``, ``play()`` and ``undo()``.

Positions proved lost
---------------------
``lost`` (keyword-only, a set) is read and added to. A position whose key is in it is
skipped as if already in the table (the start itself: "unsolvable" at once); when the search
ends "unsolvable", every key of its table goes into it. That is sound because such a search
expanded every position of its table with every legal action (up to reduction 3, which
only leaves out a column swap) and found no win, so each of them is lost as a root of its
own: everything reachable from it is in the table. A key names the columns and, while stock
remains, the rows still in it; the stock is dealt from its front, so within one game the
rows left say which cards they are, and one set serves every position of one game (the
analysis of a finished game passes one, :mod:`spider.core.analysis`), never two games.

Cancellation
------------
``max_nodes`` bounds the work (one node = one distinct position found and put in the table;
about 100 bytes of key plus the open-list entry, so memory grows with it too). For a Web Worker,
``should_stop`` (keyword-only) is called every ``check_every`` nodes; when it returns true
the search ends with ``"unknown"``. A deadline is ``should_stop=lambda: time.monotonic() >
end``; a cancel flag set by the main thread works the same way.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from heapq import heappop, heappush
from typing import Final, TypeAlias

from ..core.messages import MessageError, Msg
from ..core.solving import SolveResult as _Result
from .deck import COLUMNS, DEAL_SIZE, RUN
from .game import Game
from .moves import Move

SolveResult: TypeAlias = _Result[Move]

_DOWN: Final = 64  # added to a card code in a column's bytes: that card lies face down
_SEP: Final = b"\xff"  # between columns in a table key (no card code uses 255)
_STOCK_MARK: Final = b"\xfe"  # starts the stock part of a key while stock remains
_DEAL: Final = 15  # the ``src`` of an encoded deal
_BYTE: Final = [bytes((i,)) for i in range(256)]

W_EMPTY: Final = 1  # how much an empty column lowers the distance estimate


def _column_bytes(cards: Sequence[int], down: int) -> bytes:
    return bytes([c + _DOWN for c in cards[:down]] + list(cards[down:]))


def _key(cols: Sequence[bytes], dealt: int, rows: int) -> bytes:
    """The transposition-table key. With the stock empty the columns are interchangeable
    (module docstring, reduction 2) and are sorted; otherwise their order is kept, and the
    rows still in the stock follow (not the rows dealt since the search began: so that the
    key names the same position in every search of one game, see ``lost``)."""
    if dealt == rows:
        return _SEP.join(sorted(cols))
    return _SEP.join(cols) + _STOCK_MARK + _BYTE[rows - dealt]


def _decode(code: int) -> Move:
    src = (code >> 12) & 15
    if src == _DEAL:
        return Move.deal()
    return Move(src, (code >> 8) & 15, code & 255)


def solve(
    game: Game,
    max_nodes: int,
    *,
    should_stop: Callable[[], bool] | None = None,
    check_every: int = 1024,
    lost: set[bytes] | None = None,
) -> SolveResult:
    """Search the position on the table: ``"solved"`` with a winning line, ``"unsolvable"``
    (proved: every reachable position was visited), or ``"unknown"`` (``max_nodes``
    distinct positions expanded, or ``should_stop()`` returned true, first).

    Raises ``ValueError`` (German, for the player) unless every card in play is known.
    The game is not changed.

    >>> g = Game.from_text('''spider 1
    ... stock: -
    ... done: S S S S S S S
    ... 1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
    ... 2: AS
    ... 3:
    ... 4:
    ... 5:
    ... 6:
    ... 7:
    ... 8:
    ... 9:
    ... 10:''')
    >>> r = solve(g, 1000)
    >>> r.status, [str(m) for m in r.line]
    ('solved', ['2>1'])
    """
    if max_nodes < 1:
        raise ValueError(f"max_nodes must be at least 1, not {max_nodes}")
    if check_every < 1:
        raise ValueError(f"check_every must be at least 1, not {check_every}")
    if not game.all_known:
        raise MessageError(Msg("solver.unseen", down=sum(game.unseen_down), stock=game.unseen_stock))
    if game.is_won:
        return SolveResult("solved", [], 0)
    cols = [_column_bytes(c, d) for c, d in zip(game.cols, game.down, strict=True)]
    # The search makes no reference cycles; the cyclic collector would only walk its
    # hundreds of thousands of tuples again and again (about 15 % of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _search(
            cols, bytes(game.stock), len(game.done), game.lenient_deal,
            max_nodes, should_stop, check_every, lost,
        )
    finally:
        if collecting:
            gc.enable()


def _meta(col: bytes) -> int:
    """``run | breaks << 8`` of a column: the length of the one-suit run at its end
    (as :func:`spider.spider_game.runs.run_length`) and how many neighbouring pairs of its cards are not
    a one-suit step down (a face-down card under any card is such a break: it never turns up
    while covered). A won game has no breaks left; they are the search's distance estimate."""
    n = len(col)
    if not n:
        return 0
    run = 1
    breaks = 0
    in_run = True
    lower = col[-1]
    for i in range(n - 2, -1, -1):
        upper = col[i]
        if upper == lower + 1 and upper % 13:
            if in_run:
                run += 1
        else:
            breaks += 1
            in_run = False
        lower = upper
    return run | breaks << 8


def _moves(
    cols: Sequence[bytes], runs: Sequence[int], dealt: int, rows: int, lenient: bool
) -> list[int]:
    """Every legal action of the position, encoded ``src << 12 | dst << 8 | count`` (a
    deal has ``src == _DEAL``), in the engine's order: by source, destination, count.

    Complete except for reduction 3 of the module docstring (only with the stock empty)."""
    out: list[int] = []
    append = out.append
    no_stock = dealt == rows
    by_rank: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], []]
    empties: list[int] = []
    for i in range(COLUMNS):
        c = cols[i]
        if c:
            by_rank[c[-1] % 13].append(i)
        else:
            empties.append(i)
    empty_targets = empties[:1] if no_stock else empties
    for src in range(COLUMNS):
        c = cols[src]
        if not c:
            continue
        low = c[-1] % 13
        base = src << 12
        for k in range(1, runs[src] + 1):
            if low + k <= 12:
                for dst in by_rank[low + k]:
                    append(base | dst << 8 | k)
            if empty_targets and not (no_stock and k == len(c)):
                for dst in empty_targets:
                    append(base | dst << 8 | k)
    if dealt < rows and (not empties or (lenient and sum(map(len, cols)) < DEAL_SIZE)):
        append(_DEAL << 12)
    return out


def _flip(col: bytes) -> bytes:
    """Turn up the exposed card if it lies face down (the engine does it at once)."""
    if col and col[-1] >= _DOWN:
        return col[:-1] + _BYTE[col[-1] - _DOWN]
    return col


def _child(
    cols: tuple[bytes, ...], code: int, stock: bytes, dealt: int, meta: dict[bytes, int]
) -> tuple[tuple[bytes, ...], int]:
    """The columns after an action and how many runs it removed, exactly as
    ``SpiderPosition.apply``: a move turns up the source's exposed card and removes a completed run
    from the destination; a deal gives card i of the next row to column i and removes a
    completed run from every column. ``meta`` caches :func:`_meta` per column."""
    src = code >> 12
    removed = 0
    if src == _DEAL:
        row = stock[dealt * DEAL_SIZE : (dealt + 1) * DEAL_SIZE]
        new = list(cols)
        for j in range(COLUMNS):
            c = cols[j] + _BYTE[row[j]]
            x = meta.get(c)
            if x is None:
                x = meta[c] = _meta(c)
            if x & 255 >= RUN:
                c = _flip(c[:-RUN])
                removed += 1
            new[j] = c
        return tuple(new), removed
    dst = (code >> 8) & 15
    k = code & 255
    c = cols[src]
    d = cols[dst] + c[-k:]
    x = meta.get(d)
    if x is None:
        x = meta[d] = _meta(d)
    if x & 255 >= RUN:
        d = _flip(d[:-RUN])
        removed = 1
    new = list(cols)
    new[src] = _flip(c[:-k])
    new[dst] = d
    return tuple(new), removed


def _search(
    start: list[bytes],
    stock: bytes,
    done: int,
    lenient: bool,
    max_nodes: int,
    should_stop: Callable[[], bool] | None,
    check_every: int,
    lost: set[bytes] | None = None,
) -> SolveResult:
    """Best-first search over every reachable position (see the module docstring).

    The inner loop generates the moves of :func:`_moves` and applies them as
    :func:`_child` does, inline and with the run length and breaks of the two changed
    columns updated from the old ones (``tests/test_solver.py`` checks both against the
    engine). Deals go through :func:`_child`."""
    rows = len(stock) // DEAL_SIZE
    meta: dict[bytes, int] = {}

    def estimate(cols: tuple[bytes, ...], dealt: int) -> int:
        h = (rows - dealt) * DEAL_SIZE
        for c in cols:
            if c:
                x = meta.get(c)
                if x is None:
                    x = meta[c] = _meta(c)
                h += x >> 8
            elif dealt == rows:
                h -= W_EMPTY
        return h

    cols0 = tuple(start)
    key0 = _key(cols0, 0, rows)
    known: set[bytes] | frozenset[bytes] = frozenset() if lost is None else lost
    if key0 in known:
        return SolveResult("unsolvable", [], 1)
    parent: dict[bytes, tuple[bytes, int] | None] = {key0: None}
    h0 = estimate(cols0, 0)
    # An entry is (priority, tie-break, key, columns, rows dealt, runs removed). In ``heap``
    # the priority is the estimate h; in ``table_heap`` (only while stock remains, see the
    # module docstring) it is h without the stock's cards, so h = priority + stock cards.
    heap: list[tuple[int, int, bytes, tuple[bytes, ...], int, int]] = [(h0, 0, key0, cols0, 0, done)]
    two = rows > 0
    table_heap = [(h0 - rows * DEAL_SIZE, 0, key0, cols0, 0, done)] if two else []
    expanded: set[bytes] = set()
    turn = False
    seq = 0
    nodes = 1
    next_check = check_every
    sep_join = _SEP.join
    while heap or table_heap:
        if two:
            turn = not turn
            if (turn and table_heap) or not heap:
                p, _, key, cols, dealt, done = heappop(table_heap)
                h = p + (rows - dealt) * DEAL_SIZE
            else:
                h, _, key, cols, dealt, done = heappop(heap)
            if key in expanded:
                continue
            expanded.add(key)
        else:
            h, _, key, cols, dealt, done = heappop(heap)
        stock_cards = (rows - dealt) * DEAL_SIZE
        no_stock = dealt == rows
        metas = [meta[c] if c else 0 for c in cols]
        by_rank: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], []]
        empties: list[int] = []
        for i in range(COLUMNS):
            c = cols[i]
            if c:
                by_rank[c[-1] % 13].append(i)
            else:
                empties.append(i)
        empty_targets = empties[:1] if no_stock else empties
        for src in range(COLUMNS):
            c = cols[src]
            if not c:
                continue
            n = len(c)
            mc = metas[src]
            run = mc & 255
            breaks = mc >> 8
            low = c[-1] % 13
            for k in range(1, run + 1):
                targets = by_rank[low + k] if low + k <= 12 else []
                if empty_targets and not (no_stock and k == n):
                    targets = targets + empty_targets
                if not targets:
                    continue
                block = c[-k:]
                rest = c[:-k]
                # the source after the move: turn up its exposed card (see _flip)
                if k < run:
                    new_src, m_src = rest, (run - k) | breaks << 8
                elif not rest:
                    new_src, m_src = rest, 0
                elif rest[-1] >= _DOWN:
                    new_src = rest[:-1] + _BYTE[rest[-1] - _DOWN]
                    m_src = 1 | (breaks - 1) << 8
                else:
                    new_src, m_src = rest, _meta(rest)
                h_src = h - breaks + (m_src >> 8)
                if no_stock and not rest:
                    h_src -= W_EMPTY
                top = block[0]
                for dst in targets:
                    d = cols[dst]
                    if d:
                        md = metas[dst]
                        if d[-1] == top + 1:
                            r, b = (md & 255) + k, md >> 8
                        else:
                            r, b = k, (md >> 8) + 1
                        h_new = h_src - (md >> 8)
                    else:
                        r, b = k, 0
                        h_new = h_src + W_EMPTY if no_stock else h_src
                    new_dst = d + block
                    removed = 0
                    if r >= RUN:
                        new_dst = _flip(new_dst[:-RUN])
                        m_dst = _meta(new_dst)
                        removed = 1
                        if done == 7:
                            return SolveResult(
                                "solved", _line(parent, key, src << 12 | dst << 8 | k), nodes
                            )
                        if no_stock and not new_dst:
                            h_new -= W_EMPTY
                    else:
                        m_dst = r | b << 8
                    h_new += m_dst >> 8
                    new = list(cols)
                    new[src] = new_src
                    new[dst] = new_dst
                    if no_stock:
                        new_key = sep_join(sorted(new))
                    else:
                        new_key = sep_join(new) + _STOCK_MARK + _BYTE[rows - dealt]
                    if new_key in parent or new_key in known:
                        continue
                    parent[new_key] = (key, src << 12 | dst << 8 | k)
                    nodes += 1
                    if nodes > max_nodes:
                        return SolveResult("unknown", [], nodes - 1)
                    if nodes >= next_check and should_stop is not None:
                        next_check = nodes + check_every
                        if should_stop():
                            return SolveResult("unknown", [], nodes)
                    if new_src:
                        meta[new_src] = m_src
                    if new_dst:
                        meta[new_dst] = m_dst
                    seq -= 1
                    child = tuple(new)
                    heappush(heap, (h_new, seq, new_key, child, dealt, done + removed))
                    if two:
                        heappush(table_heap, (h_new - stock_cards, seq, new_key, child, dealt,
                                              done + removed))
        if not no_stock and (
            not empties or (lenient and sum(map(len, cols)) < DEAL_SIZE)
        ):
            code = _DEAL << 12
            new_t, removed = _child(cols, code, stock, dealt, meta)
            if done + removed == 8:
                return SolveResult("solved", _line(parent, key, code), nodes)
            new_key = _key(new_t, dealt + 1, rows)
            if new_key in parent or new_key in known:
                continue
            parent[new_key] = (key, code)
            nodes += 1
            if nodes > max_nodes:
                return SolveResult("unknown", [], nodes - 1)
            seq -= 1
            h_new = estimate(new_t, dealt + 1)
            heappush(heap, (h_new, seq, new_key, new_t, dealt + 1, done + removed))
            heappush(table_heap, (h_new - stock_cards + DEAL_SIZE, seq, new_key, new_t, dealt + 1,
                                  done + removed))
    if lost is not None:
        lost.update(parent)
    return SolveResult("unsolvable", [], nodes)


def _line(parent: dict[bytes, tuple[bytes, int] | None], key: bytes, last: int) -> list[Move]:
    """The moves from the start to the position ``key``, then ``last``."""
    codes = [last]
    link = parent[key]
    while link is not None:
        key, code = link
        codes.append(code)
        link = parent[key]
    return [_decode(c) for c in reversed(codes)]
