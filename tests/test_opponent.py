"""The computer opponent: legal, deterministic, finite, resumable, and it sees only what a
player sees (games that differ only in unseen cards get the same moves)."""

from __future__ import annotations

import random

import pytest
from positions import build, game
from test_hints import shuffle_hidden

from spider import Game, Move
from spider.spider_game.opponent import MOVE_BUDGET, Opponent, evaluate, view_of


def play_out(g: Game, bot: Opponent | None = None, limit: int = MOVE_BUDGET + 1) -> list[Move]:
    bot = bot or Opponent()
    line: list[Move] = []
    while len(line) < limit:
        move = bot.next_move(g)
        if move is None:
            break
        assert g.is_legal(move), f"illegal {move} at move {len(line) + 1}"
        g.play(move)
        line.append(move)
    return line


# ----------------------------------------------------------------------------- secrecy
def lockstep(a: Game, b: Game) -> int:
    """Let two opponents play ``a`` and ``b`` side by side while the two tables look the
    same; every move must be the same. Returns how many moves they played together."""
    bot_a, bot_b = Opponent(), Opponent()
    n = 0
    while a.columns == b.columns and len(a.stock) == len(b.stock):
        ma, mb = bot_a.next_move(a), bot_b.next_move(b)
        assert ma == mb, f"move {n + 1}: {ma} != {mb}"
        if ma is None:
            break
        a.play(ma)
        b.play(mb)
        n += 1
    return n


def permute_unseen(start: str, unseen_down: list[int], unseen_stock: int, seed: int) -> str:
    """The starting position ``start`` with the cards that a game from it never showed
    (the first ``unseen_down[c]`` face-down cards of each column, from its far end, and the
    last ``unseen_stock`` stock cards) shuffled among themselves."""
    lines = start.splitlines()
    spots: list[tuple[int, int]] = []  # (line, token index) of each never-seen card
    for i, line in enumerate(lines):
        toks = line.split()
        if line.startswith("stock:") and unseen_stock:
            spots += [(i, k) for k in range(len(toks) - unseen_stock, len(toks))]
        elif i >= 3:
            col = int(line.split(":")[0]) - 1
            spots += [(i, k) for k in range(1, 1 + unseen_down[col])]
    cards = [lines[i].split()[k].lstrip("#") for i, k in spots]
    random.Random(seed).shuffle(cards)
    table = [line.split() for line in lines]
    for (i, k), card in zip(spots, cards, strict=True):
        table[i][k] = ("#" if table[i][k].startswith("#") else "") + card
    return "\n".join(" ".join(toks) for toks in table)


@pytest.mark.parametrize(("deal_id", "moves"), [("S4-13", 200), ("S4-14", 200), ("S2-12", 80),
                                                ("S2-15", 80), ("S1-11", 30), ("S1-16", 30)])
def test_games_that_differ_only_in_unseen_cards_get_the_same_moves(deal_id: str, moves: int) -> None:
    """Play a deal, see which cards the opponent never got to see in its first moves, shuffle
    exactly those in the starting position: the opponent must play the same moves again."""
    a = Game.new(deal_id=deal_id, duel=True)
    start = a.to_text()
    line = play_out(a, limit=moves)
    a = Game.from_text(start)
    for move in line:
        a.play(move)
    assert sum(a.unseen_down) + a.unseen_stock >= 2, "everything was seen: pick another deal"
    differ = 0
    for seed in range(4):
        other = permute_unseen(start, a.unseen_down, a.unseen_stock, seed)
        b = Game.from_text(other)
        differ += other != start
        replayed = play_out(b, limit=len(line))
        assert replayed == line
        assert b.columns == a.columns
    assert differ >= 3  # the shuffles really changed unseen cards


@pytest.mark.parametrize("deal_id", ["S1-11", "S2-12", "S4-13", "S4-14"])
def test_from_the_start_moves_agree_until_a_different_card_turns_up(deal_id: str) -> None:
    start = Game.new(deal_id=deal_id).to_text()
    rng = random.Random(deal_id)
    for _ in range(3):
        a = Game.from_text(start)
        b = Game.from_text(shuffle_hidden(start, rng.randrange(1 << 30)))
        assert a.columns == b.columns and a.to_text() != b.to_text()
        assert lockstep(a, b) >= 1


@pytest.mark.parametrize("deal_id", ["S4-21", "S2-22", "S1-23", "S4-24"])
def test_at_every_point_of_a_game_the_next_move_ignores_unseen_cards(deal_id: str) -> None:
    """Along a game, every fifth position: the same position with all unseen cards
    shuffled (three ways) gets the same next move from an opponent that starts there."""
    g = Game.new(deal_id=deal_id, duel=True)
    line = play_out(g.copy(), limit=150)
    rng = random.Random(deal_id)
    checked = 0
    for n, move in enumerate(line):
        if n % 5 == 0 and g.face_down_count + len(g.stock) > 1:
            expected = Opponent().next_move(Game.from_text(g.to_text()))
            for _ in range(3):
                other = Game.from_text(shuffle_hidden(g.to_text(), rng.randrange(1 << 30)))
                assert Opponent().next_move(other) == expected, f"after {n} moves"
            checked += 1
        g.play(move)
    assert checked >= 5


def test_the_view_is_exactly_the_players_view() -> None:
    g = Game.new(deal_id="S4-3")
    play_out(g, limit=25)
    view = view_of(g)
    assert [len(u) for u in view.up] == [len(c.up) for c in g.columns]
    assert list(view.down) == [c.down for c in g.columns]
    assert view.rows == g.rounds_left and view.done == len(g.completed_suits)


def test_unseen_cards_do_not_change_the_evaluation() -> None:
    g = Game.new(deal_id="S2-8")
    other = Game.from_text(shuffle_hidden(g.to_text(), 3))
    assert evaluate(view_of(g)) == evaluate(view_of(other))


# ----------------------------------------------------------------------------- playing
@pytest.mark.parametrize("deal_id", ["S1-2", "S2-5", "S4-7"])
def test_it_plays_legal_moves_to_an_end_and_the_same_way_every_time(deal_id: str) -> None:
    first = play_out(Game.new(deal_id=deal_id, duel=True))
    second = play_out(Game.new(deal_id=deal_id, duel=True))
    assert first == second
    assert 0 < len(first) < MOVE_BUDGET


def test_a_finished_opponent_stays_finished_and_says_why() -> None:
    g = Game.new(deal_id="S4-7", duel=True)
    bot = Opponent()
    play_out(g, bot)
    assert bot.finished and bot.reason in ("won", "no_progress", "stuck")
    assert bot.next_move(g) is None
    if not g.is_won:
        assert g.rounds_left == 0  # it deals every row before it gives up


def test_it_wins_a_one_suit_deal() -> None:
    g = Game.new(deal_id="S1-2", duel=True)
    bot = Opponent()
    play_out(g, bot)
    assert g.is_won and bot.reason == "won"
    assert g.score > 400


def test_it_finishes_a_won_game_at_once() -> None:
    run = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    g = Game.from_text(build([run, "AH", "", "", "", "", "", "", "", ""], suits=2, done="S S S S H H H"))
    bot = Opponent()
    assert bot.next_move(g) == Move(1, 0, 1)
    g.play(Move(1, 0, 1))
    assert bot.next_move(g) is None and bot.reason == "won"


def test_stuck_means_no_legal_move() -> None:
    inert = ["* KS QH", "* KH QS", "* KD QC", "* KC QD"]
    g = game([*inert, *inert, "* 7D 6C 5H", "* 9C 8H"])
    bot = Opponent()
    assert bot.next_move(g) is None
    assert bot.reason == "stuck"


def test_it_takes_a_card_that_turns_one_up() -> None:
    g = game(["* 9S", "* #3H 8D", "* KH", "* KD", "* KC", "* KS", "* KH", "* KD", "* KC", "* KS"])
    assert Opponent().next_move(g) == Move(1, 0, 1)


def test_it_never_comes_back_to_a_position() -> None:
    g = Game.new(deal_id="S2-9", duel=True)
    seen = {g.to_text()}
    for move in play_out(g.copy()):
        g.play(move)
        text = g.to_text()
        assert text not in seen
        seen.add(text)


def test_resume_continues_with_the_same_moves() -> None:
    whole = play_out(Game.new(deal_id="S2-4", duel=True))
    g = Game.new(deal_id="S2-4", duel=True)
    for move in whole[:30]:
        g.play(move)
    saved = Game.from_json(g.to_json())
    rest = play_out(saved, Opponent.resume(saved))
    assert whole[30:] == rest
