"""The solver's three answers, checked against the engine itself.

A "solved" answer proves itself: its line is replayed with ``game.play`` to a win. An
"unsolvable" answer is checked against :func:`reference`, an unpruned exhaustive search that
uses nothing but the engine's ``legal_moves()``, ``play()`` and ``undo()``, with exact
positions (``to_text()``) as its visited set.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from positions import build
from search import exhaustive, random_line, replays_to_win

from spider import Game, Move, SolveResult, solve
from spider.cards import SUIT_LETTERS, card_code, fresh_deck
from spider.spider_game.solver import _child, _column_bytes, _key, _meta, _moves

sys.path.insert(0, str(Path(__file__).parent / "corpus"))
from make_corpus import load

CORPUS = Path(__file__).parent / "corpus"


# ----------------------------------------------------------------------------- helpers
def known(game: Game) -> Game:
    """Count every card of a position as seen (as if the player had turned it up and undone)."""
    game.known_down = game.down[:]
    game.known_stock = len(game.stock)
    return game


def position(text: str, *, lenient: bool = False) -> Game:
    return known(Game.from_text(text, lenient_deal=lenient))


def reference(game: Game, limit: int) -> bool | None:
    """Can the game be won? Depth-first over every legal action of the engine, visited set of
    exact position texts, no other reduction. ``None`` past ``limit`` positions."""
    return exhaustive(game, limit)


def check(game: Game, max_nodes: int = 200_000, ref_limit: int = 50_000) -> SolveResult:
    """Solve, and hold the answer against the engine: a solved line must win when replayed,
    an unsolvable one must agree with the unpruned reference."""
    before = game.to_json()
    result = solve(game, max_nodes)
    assert game.to_json() == before, "solve changed the game"
    if result.status == "solved":
        assert replays_to_win(game, result.line)
    elif result.status == "unsolvable":
        assert reference(game, ref_limit) is not True, "FALSE UNSOLVABLE\n" + game.to_text()
    return result


# ----------------------------------------------------------------------------- hand-made
def test_won_in_two_moves_joins_the_run_then_completes_it() -> None:
    g = position(build(["KS QS JS TS 9S 8S 7S", "6S 5S 4S", "3S 2S AS"] + [""] * 7,
                       suits=1, done="S S S S S S S"))
    r = check(g)
    assert r.status == "solved"
    assert [str(m) for m in r.line] == ["3>2x3", "2>1x6"]


def test_won_in_three_with_a_face_down_card_turned_up_on_the_way() -> None:
    # 4 suits: the 5♥ lies face down under the 6♣; moving the 6♣ onto the 7♣ turns it up
    g = position(build(["KH QH JH TH 9H 8H 7H 6H", "#5H 6C", "4H 3H 2H AH",
                        "KC QC JC TC 9C 8C 7C", "5C 4C 3C 2C AC"] + [""] * 5,
                       suits=4, done="S S D D H C"))
    r = check(g)
    assert r.status == "solved"
    assert len(r.line) <= 4
    assert replays_to_win(g, r.line)


def test_a_win_that_needs_the_known_stock_dealt() -> None:
    # two runs of spades, one known row of ten in the stock
    text = "\n".join([
        "spider 1",
        "stock: 9S 8S 7S 6S 5S 4S 3S 2S AS TS",
        "done: S S S S S S",
        "1: KS QS JS TS",
        "2: KS QS JS",
        "3: 9S",
        "4: 8S",
        "5: 7S",
        "6: 6S",
        "7: 5S",
        "8: 4S",
        "9: 3S",
        "10: #AS 2S",
    ])
    g = position(text)
    assert g.rounds_left == 1 and not g.is_stuck
    r = check(g)
    assert r.status == "solved"
    assert Move.deal() in r.line


def test_deal_rules_decide_the_verdict_lenient_or_not() -> None:
    # Three cards on the table and nine empty columns: the strict rule never deals (the empty
    # columns cannot all be filled), so the game is lost although moves remain; the lenient
    # rule deals (fewer than ten cards on the table) and the game is won.
    text = "\n".join([
        "spider 1",
        "stock: TS 9S 8S 7S 6S 5S 4S 3S 2S AS",
        "done: S S S S S S S",
        "1: KS", "2: QS", "3: JS", "4:", "5:", "6:", "7:", "8:", "9:", "10:",
    ])
    strict = position(text)
    assert strict.legal_moves() and not strict.can_deal()
    assert check(strict).status == "unsolvable"
    lenient = position(text, lenient=True)
    r = check(lenient)
    assert r.status == "solved"
    assert Move.deal() in r.line


CLASSIC_LOST = "\n".join([
    # Two 9♠ both need the one 10♠ in reach (column 2). Whichever goes, everything stays
    # stuck: no exposed card has one a rank higher or lower exposed (the 3♠ or 5♠ turned up
    # included), the kings lie face down, and no column can be emptied.
    "spider 1",
    "stock: -",
    "done: S S S S S S",
    "1: #TS #3S 9S",
    "2: #KS TS",
    "3: #5S 9S",
    "4: #2S #4S QS",
    "5: #2S #4S 7S",
    "6: #6S 5S",
    "7: #6S #7S 3S",
    "8: #8S AS",
    "9: #8S AS",
    "10: #KS #JS #JS QS",
])


def test_lost_with_moves_still_available_two_nines_need_the_same_ten() -> None:
    g = position(CLASSIC_LOST)
    assert sorted(str(m) for m in g.legal_moves()) == ["1>2", "3>2"]
    r = check(g)
    assert r.status == "unsolvable"
    assert reference(g, 10_000) is False


DEEP_LOST = "S2-2011 action 72 of 152, then 12 random actions"


def test_lost_only_deep_down() -> None:
    # From the corpus (2 suits, a detour of random moves): moves remain, and hundreds of
    # positions are reachable, none of them won.
    [g] = [g for label, g in load(CORPUS / "s2.txt") if label == DEEP_LOST]
    assert g.legal_moves()
    r = check(g, ref_limit=200_000)
    assert r.status == "unsolvable"
    assert r.nodes > 200
    assert reference(g, 200_000) is False


def test_refuses_positions_with_unseen_cards_in_german() -> None:
    g = Game.new(4, "S4-1")
    with pytest.raises(ValueError, match="verdeckte Karte") as e:
        solve(g, 100)
    assert "44" in str(e.value)
    h = position(CLASSIC_LOST)
    h.known_down = [1, *h.known_down[1:]]  # one face-down card of column 1 never seen
    with pytest.raises(ValueError, match="noch nicht gesehen"):
        solve(h, 100)


def test_refuses_an_unseen_stock() -> None:
    g2 = Game.new(1, "S1-3")
    g2.known_down = g2.down[:]  # face-down cards seen, the stock not
    with pytest.raises(ValueError, match="Stapel"):
        solve(g2, 100)


def test_already_won_and_budget_and_stop() -> None:
    won = position("spider 1\nstock: -\ndone: S S S S S S S S\n" +
                   "\n".join(f"{i}:" for i in range(1, 11)))
    assert solve(won, 1) == SolveResult("solved", [], 0)
    g = position(CLASSIC_LOST)
    assert solve(g, 1).status == "unknown"
    deep = Game.new(2, "S2-7")
    known(deep)
    r = solve(deep, 10**9, should_stop=lambda: True, check_every=10)
    assert r.status == "unknown" and r.nodes <= 20
    with pytest.raises(ValueError):
        solve(g, 0)


def test_does_not_change_the_game_even_with_a_known_stock_and_face_down_cards() -> None:
    g = known(Game.new(1, "S1-11"))
    before = (g.to_json(), g.to_text(), g.known_down[:], g.known_stock, g.moves_count)
    solve(g, 3000)
    assert (g.to_json(), g.to_text(), g.known_down[:], g.known_stock, g.moves_count) == before


# ----------------------------------------------------------------------------- move generation
def small_position(rng: random.Random) -> Game:
    """A small random full-knowledge position: the done runs, and one to three remaining
    runs cut into one-suit pieces or single cards, stacked into columns at random, some
    cards face down, sometimes one row of stock, sometimes the lenient deal rule."""
    suits = rng.choice((1, 2, 4))
    runs_left = rng.choice((1, 2, 2, 2, 3))
    deck = fresh_deck(suits)
    sets = [deck[i * 13:(i + 1) * 13] for i in range(8)]
    rng.shuffle(sets)
    keep, gone = sets[:runs_left], sets[runs_left:]
    pieces: list[list[int]] = []
    for s in keep:
        cards = list(reversed(s))  # K … A
        if rng.random() < 0.5:
            rng.shuffle(cards)
            pieces += [[c] for c in cards]
        else:
            i = 0
            while i < 13:
                n = rng.randint(1, 4)
                pieces.append(cards[i:i + n])
                i += n
    rng.shuffle(pieces)
    flat = [c for p in pieces for c in p]
    stock: list[int] = []
    if len(flat) >= 16 and rng.random() < 0.3:
        stock, pieces = flat[-10:], []
        rest = flat[:-10]
        pieces = [[c] for c in rest]
    used = rng.randint(7, 10)
    cols: list[list[int]] = [[] for _ in range(10)]
    for k, p in enumerate(pieces):
        cols[k % used if k < used else rng.randrange(used)].extend(p)
    rng.shuffle(cols)
    lines = [f"spider {suits}", "stock: " + (" ".join(card_code(c) for c in stock) or "-"),
             "done: " + (" ".join(SUIT_LETTERS[s[0] // 13] for s in gone) or "-")]
    for i, col in enumerate(cols, start=1):
        down = rng.randint(0, min(3, max(0, len(col) - 1)))
        toks = [("#" if k < down else "") + card_code(c) for k, c in enumerate(col)]
        lines.append(f"{i}:" + (" " + " ".join(toks) if toks else ""))
    return known(Game.from_text("\n".join(lines), lenient_deal=rng.random() < 0.2))


def positions_of(seed: int, n: int) -> list[Game]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        try:
            out.append(small_position(rng))
        except ValueError:  # a column happened to end in a complete run
            continue
    return out


def engine_children(game: Game) -> set[bytes]:
    out = set()
    rows = len(game.stock) // 10
    for move in game.legal_moves():
        g = game.copy()
        g.play(move)
        cols = [_column_bytes(c, d) for c, d in zip(g.cols, g.down, strict=True)]
        out.add(_key(cols, rows - len(g.stock) // 10, rows))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_moves_and_their_effect_match_the_engine(seed: int) -> None:
    """Every legal action is generated, and playing it gives the engine's position (up to
    the reductions of the module docstring, which only drop column permutations)."""
    for game in positions_of(seed, 40):
        cols = tuple(_column_bytes(c, d) for c, d in zip(game.cols, game.down, strict=True))
        rows = len(game.stock) // 10
        meta: dict[bytes, int] = {}
        runs = [_meta(c) & 255 for c in cols]
        ours = set()
        for code in _moves(cols, runs, 0, rows, game.lenient_deal):
            new, _ = _child(cols, code, bytes(game.stock), 0, meta)
            ours.add(_key(new, 1 if code >> 12 == 15 else 0, rows))
        # a skipped whole-column move into an empty column gives the position itself
        itself = _key(cols, 0, rows)
        assert ours - {itself} == engine_children(game) - {itself}, game.to_text()


# ----------------------------------------------------------------------------- vs. reference
@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_the_unpruned_reference_on_small_random_positions(seed: int) -> None:
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    for game in positions_of(100 + seed, 40):
        counts[check(game, max_nodes=20_000, ref_limit=20_000).status] += 1
    assert counts["unknown"] <= 4, counts


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_agrees_with_the_unpruned_reference_many_more(seed: int) -> None:
    for game in positions_of(1000 + seed, 40):
        check(game, max_nodes=100_000, ref_limit=200_000)


def reachable(game: Game) -> int:
    """How many distinct table keys can be reached, by breadth-first search over
    ``_moves``/``_child`` (the solver's own steps, taken in no particular order)."""
    cols = tuple(_column_bytes(c, d) for c, d in zip(game.cols, game.down, strict=True))
    stock, rows = bytes(game.stock), len(game.stock) // 10
    meta: dict[bytes, int] = {}
    seen = {_key(cols, 0, rows)}
    todo = [(cols, 0)]
    while todo:
        cols, dealt = todo.pop()
        runs = [_meta(c) & 255 for c in cols]
        for code in _moves(cols, runs, dealt, rows, game.lenient_deal):
            new, _ = _child(cols, code, stock, dealt, meta)
            after = dealt + 1 if code >> 12 == 15 else dealt
            key = _key(new, after, rows)
            if key not in seen:
                seen.add(key)
                todo.append((new, after))
    return len(seen)


def stuck_before_the_deal(rng: random.Random) -> Game:
    """Lost with a row in the stock: the last run's other three cards lie on the table, so
    ten columns can never all be covered and the strict rule never lets the row be dealt;
    the table is shuffled about, face down and up, until every arrangement was tried."""
    suits = rng.choice((1, 2, 4))
    deck = fresh_deck(suits)
    sets = [deck[i * 13:(i + 1) * 13] for i in range(8)]
    rng.shuffle(sets)
    last = sets[0][:]
    rng.shuffle(last)
    cols: list[list[int]] = [[] for _ in range(10)]
    for c in last[10:]:
        cols[rng.randrange(10)].append(c)
    lines = [f"spider {suits}", "stock: " + " ".join(card_code(c) for c in last[:10]),
             "done: " + " ".join(SUIT_LETTERS[s[0] // 13] for s in sets[1:])]
    for i, col in enumerate(cols, start=1):
        toks = [("#" if k < len(col) - 1 and rng.random() < 0.5 else "") + card_code(c)
                for k, c in enumerate(col)]
        lines.append(f"{i}:" + (" " + " ".join(toks) if toks else ""))
    return known(Game.from_text("\n".join(lines)))


@pytest.mark.parametrize("seed", range(3))
def test_an_unsolvable_verdict_visited_every_reachable_position_once(seed: int) -> None:
    """With stock left the search takes turns between two open lists (module docstring):
    when it proves a loss it must still have found each reachable position, and only once."""
    rng = random.Random(700 + seed)
    for _ in range(10):
        game = stuck_before_the_deal(rng)
        result = solve(game, 50_000)
        assert result.status == "unsolvable", game.to_text()
        assert result.nodes == reachable(game), game.to_text()
        assert reference(game, 50_000) is False


# ----------------------------------------------------------------------------- lost positions
@pytest.mark.parametrize("seed", range(2))
def test_a_proved_loss_is_remembered_for_every_position_it_searched(seed: int) -> None:
    """``lost=``: an "unsolvable" search adds its whole table; a later search of any of
    those positions (the same one, or one after a legal action) is answered at once."""
    rng = random.Random(900 + seed)
    for _ in range(5):
        game = stuck_before_the_deal(rng)
        lost: set[bytes] = set()
        first = solve(game, 50_000, lost=lost)
        assert first.status == "unsolvable"
        assert len(lost) == first.nodes == reachable(game)
        again = solve(game, 50_000, lost=lost)
        assert (again.status, again.nodes) == ("unsolvable", 1)
        for move in game.legal_moves():
            after = game.copy()
            after.play(move)
            assert solve(after, 50_000, lost=lost) == SolveResult("unsolvable", [], 1), after.to_text()
        assert len(lost) == first.nodes  # nothing new was searched


def one_move_from_a_loss(rng: random.Random) -> tuple[Game, Move]:
    """Six runs removed, a row in the stock, K…2 of a seventh run in one column and its ace
    elsewhere, the last run's other three cards about the table. Spreading the cards over all
    ten columns lets the row be dealt; putting the ace on the 2 removes the run and leaves
    three cards, so the row can never be dealt again: that move loses."""
    suits = rng.choice((1, 2, 4))
    deck = fresh_deck(suits)
    sets = [deck[i * 13:(i + 1) * 13] for i in range(8)]
    rng.shuffle(sets)
    seventh, last = sets[0], sets[1][:]
    rng.shuffle(last)
    cols: list[list[int]] = [[] for _ in range(10)]
    cols[0] = list(reversed(seventh[1:]))  # K … 2
    for c in last[10:]:
        cols[rng.randrange(1, 10)].append(c)
    ace = rng.randrange(1, 10)
    cols[ace].append(seventh[0])
    lines = [f"spider {suits}", "stock: " + " ".join(card_code(c) for c in last[:10]),
             "done: " + " ".join(SUIT_LETTERS[s[0] // 13] for s in sets[2:])]
    for i, col in enumerate(cols, start=1):
        lines.append(f"{i}:" + (" " + " ".join(card_code(c) for c in col) if col else ""))
    game = known(Game.from_text("\n".join(lines)))
    return game, Move(ace, 0, 1)


@pytest.mark.parametrize("seed", range(4))
def test_one_set_of_lost_positions_for_a_whole_line_changes_no_answer(seed: int) -> None:
    """As the analysis uses it: one set for every position of one game, searched from the
    end of a line backwards. The line: random actions, the losing move, random actions
    after it (none of them deals: the row stays in the stock). Every answer equals the
    answer without the set (whose losses the tests above hold against the reference)."""
    rng = random.Random(1300 + seed)
    compared = losses = 0
    for _ in range(6):
        game, losing = one_move_from_a_loss(rng)
        after = game.copy()
        after.play(losing)
        lost: set[bytes] = set()
        for g in reversed(random_line(game, rng, 6) + random_line(after, rng, 6)):
            with_set = solve(g, 5_000, lost=lost)
            alone = solve(g, 5_000)
            if "unknown" in (with_set.status, alone.status):
                continue
            assert with_set.status == alone.status, g.to_text()
            if with_set.status == "solved":
                assert replays_to_win(g, with_set.line)
            compared += 1
            losses += with_set.status == "unsolvable"
    assert compared >= 40 and losses >= 20, (compared, losses)


# ----------------------------------------------------------------------------- corpus
def corpus() -> list[tuple[str, Game]]:
    return [e for s in (1, 2, 4) for e in load(CORPUS / f"s{s}.txt")]


def test_corpus_is_there_and_all_known() -> None:
    entries = corpus()
    assert len(entries) >= 300
    assert {g.suits for _, g in entries} == {1, 2, 4}
    assert all(g.all_known and not g.is_won for _, g in entries)


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_corpus_answers_hold(suits: int) -> None:
    """Each position with a small budget: solved lines replay to a win; unsolvable answers
    agree with the unpruned reference."""
    for _label, game in load(CORPUS / f"s{suits}.txt"):
        check(game, max_nodes=5_000, ref_limit=30_000)


@pytest.mark.slow
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_corpus_answers_hold_with_a_big_budget(suits: int) -> None:
    for _label, game in load(CORPUS / f"s{suits}.txt"):
        check(game, max_nodes=300_000, ref_limit=1_000_000)
