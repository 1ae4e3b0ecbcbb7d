"""The computer opponent at every level: legal, deterministic, finite, resumable, and it
sees only what a player sees (games that differ only in unseen cards get the same moves).

The stronger levels search a lot per move; most tests here give them a small budget of the
same kind (``SMALL``: fewer imagined worlds, fewer positions), which runs exactly the same
code. A few short ones use the levels' real budgets."""

from __future__ import annotations

import dataclasses
import random

import pytest
from positions import SPIDER_ONE_MOVE_FROM_A_LOSS, build, game
from test_hints import shuffle_hidden

from spider import Game, Move
from spider.core.messages import MessageError
from spider.duel import ComputerDuel
from spider.spider_game.foresight import Budget, strands
from spider.spider_game.opponent import (
    BUDGETS,
    LEVELS,
    MAX_DEPTH,
    MOVE_BUDGET,
    Opponent,
    View,
    _Planner,
    _State,
    evaluate,
    view_of,
)

# The same kind of search as the real levels, small enough for the test suite (the strong
# level's proposer looks as far ahead, and further within a smaller reach, so the secrecy
# tests cover its deeper search too).
SMALL = Budget(samples=2, nodes=300, gate=200, candidates=2, depth=BUDGETS["strong"].depth,
               reach=(0, 0, 5_000), weigh=BUDGETS["strong"].weigh)


def player(level: str = "easy") -> Opponent:
    """An opponent at ``level``; the stronger levels with the small test budget."""
    return Opponent(level, budget=None if level == "easy" else SMALL)


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
def lockstep(a: Game, b: Game, level: str = "easy") -> int:
    """Let two opponents play ``a`` and ``b`` side by side while the two tables look the
    same; every move must be the same. Returns how many moves they played together."""
    bot_a, bot_b = player(level), player(level)
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


@pytest.mark.parametrize(("deal_id", "moves", "level"), [
    ("S4-13", 200, "easy"), ("S4-14", 200, "easy"), ("S2-12", 80, "easy"), ("S2-15", 80, "easy"),
    ("S1-11", 30, "easy"), ("S1-16", 30, "easy"),
    ("S4-13", 20, "medium"), ("S2-12", 20, "medium"), ("S4-14", 20, "strong"), ("S1-16", 30, "strong"),
])
def test_games_that_differ_only_in_unseen_cards_get_the_same_moves(deal_id: str, moves: int,
                                                                    level: str) -> None:
    """Play a deal, see which cards the opponent never got to see in its first moves, shuffle
    exactly those in the starting position: the opponent must play the same moves again."""
    a = Game.new(deal_id=deal_id, duel=True)
    start = a.to_text()
    line = play_out(a, player(level), limit=moves)
    a = Game.from_text(start)
    for move in line:
        a.play(move)
    assert sum(a.unseen_down) + a.unseen_stock >= 2, "everything was seen: pick another deal"
    differ = 0
    seeds = 4 if level == "easy" else 2
    for seed in range(seeds):
        other = permute_unseen(start, a.unseen_down, a.unseen_stock, seed)
        b = Game.from_text(other)
        differ += other != start
        replayed = play_out(b, player(level), limit=len(line))
        assert replayed == line
        assert b.columns == a.columns
    assert differ >= seeds - 1  # the shuffles really changed unseen cards


@pytest.mark.parametrize(("deal_id", "level"), [
    *[(d, "easy") for d in ("S1-11", "S2-12", "S4-13", "S4-14")],
    ("S1-11", "medium"), ("S4-13", "medium"), ("S2-12", "strong"), ("S4-14", "strong"),
])
def test_from_the_start_moves_agree_until_a_different_card_turns_up(deal_id: str, level: str) -> None:
    start = Game.new(deal_id=deal_id).to_text()
    rng = random.Random(deal_id)
    for _ in range(3 if level == "easy" else 2):
        a = Game.from_text(start)
        b = Game.from_text(shuffle_hidden(start, rng.randrange(1 << 30)))
        assert a.columns == b.columns and a.to_text() != b.to_text()
        assert lockstep(a, b, level) >= 1


@pytest.mark.parametrize(("deal_id", "level", "every"), [
    *[(d, "easy", 5) for d in ("S4-21", "S2-22", "S1-23", "S4-24")],
    ("S2-22", "medium", 15), ("S1-23", "strong", 10), ("S4-24", "strong", 10),
])
def test_at_every_point_of_a_game_the_next_move_ignores_unseen_cards(deal_id: str, level: str,
                                                                     every: int) -> None:
    """Along a game, every fifth position (every ``every``-th for the slower levels): the
    same position with all unseen cards shuffled gets the same next move from an opponent
    that starts there (three shuffles; two for the slower levels)."""
    g = Game.new(deal_id=deal_id, duel=True)
    line = play_out(g.copy(), limit=150)
    rng = random.Random(deal_id)
    checked = 0
    for n, move in enumerate(line):
        if n % every == 0 and g.face_down_count + len(g.stock) > 1:
            expected = player(level).next_move(Game.from_text(g.to_text()))
            for _ in range(3 if level == "easy" else 2):
                other = Game.from_text(shuffle_hidden(g.to_text(), rng.randrange(1 << 30)))
                assert player(level).next_move(other) == expected, f"after {n} moves"
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


# ----------------------------------------------------------------------------- levels
def test_the_default_is_the_easy_player_and_a_bad_level_is_refused_with_a_sentence() -> None:
    assert Opponent().level == "easy" and LEVELS == ("easy", "medium", "strong")
    for bad in ("hard", "Strong", "", None, 3):
        with pytest.raises(MessageError) as caught:
            Opponent(bad)  # type: ignore[arg-type]
        assert caught.value.message.key == "duel.opponent.level"
        assert caught.value.render("de") != caught.value.render("en")
    with pytest.raises(MessageError):
        Opponent.resume(Game.new(deal_id="S1-1"), "hard")


@pytest.mark.parametrize(("deal_id", "depth"), [("S4-14", 5), ("S2-12", 5), ("S1-16", 3), ("S1-16", 5)])
def test_a_stronger_level_proposes_with_its_budgets_look_ahead_for_the_suit_count(deal_id: str, depth: int
                                                                                    ) -> None:
    """With the solver never asked, a stronger level plays exactly the easy player's moves
    at the depth its budget names for the deal's suit count (or the depth it was given);
    on these deals looking 3 and 5 moves ahead part within 25 moves, so a wrong depth shows."""
    quiet = Budget(samples=1, nodes=10, gate=0, depth=(3, 5, 5))
    given = None if (deal_id, depth) != ("S1-16", 5) else 5
    lines = [play_out(Game.new(deal_id=deal_id, duel=True), bot, limit=40)
             for bot in (Opponent("strong", budget=quiet, depth=given), Opponent(depth=depth),
                         Opponent(depth=8 - depth))]
    assert lines[0] == lines[1] != lines[2]
    assert (quiet.depth_at(1), quiet.depth_at(2), quiet.depth_at(4)) == (3, 5, 5)


def planners_along(deal_id: str, moves: int) -> list[tuple[View, _State]]:
    """The positions of the easy player's first ``moves`` moves on ``deal_id``, as the
    planner's view and search root."""
    g = Game.new(deal_id=deal_id, duel=True)
    out: list[tuple[View, _State]] = []
    for move in play_out(Game.new(deal_id=deal_id, duel=True), limit=moves):
        view = view_of(g)
        out.append((view, (view.up, view.down, view.done, evaluate(view))))
        g.play(move)
    return out


@pytest.mark.parametrize("deal_id", ["S4-14", "S2-12"])
def test_a_look_ahead_with_reach_goes_deeper_within_its_positions_and_answers_as_that_depth(deal_id: str
                                                                                        ) -> None:
    """With a ``reach`` the proposer looks further, one move at a time, and its answer is
    exactly the plain search's at the depth it got to; a deeper search never visits more
    positions than the reach, and where it would, the depth before stands."""
    deeper = 0
    for view, root in planners_along(deal_id, 12):
        far = _Planner(view, set(), 3, reach=4_000)
        answer = far.sequences(root)
        plain = _Planner(view, set(), far.depth)
        assert answer == plain.sequences(root) and far.nodes == plain.nodes
        assert 3 <= far.depth <= MAX_DEPTH and (far.depth == 3 or far.nodes <= 4_000)
        if far.depth < MAX_DEPTH:  # why it stopped: the next depth costs too much, or adds nothing
            after = nodes_at(view, root, far.depth + 1)
            grows = far.depth > 3 and far.nodes ** 2 // nodes_at(view, root, far.depth - 1) > 4_000
            assert after > 4_000 or after == far.nodes or grows
        deeper += far.depth > 3
        near = _Planner(view, set(), 3, reach=0)
        assert near.sequences(root) == _Planner(view, set(), 3).sequences(root) and near.depth == 3
    assert deeper >= 6  # most of these positions are narrow enough to look further


def nodes_at(view: View, root: _State, depth: int) -> int:
    """How many positions the plain search ``depth`` moves deep visits."""
    planner = _Planner(view, set(), depth)
    planner.sequences(root)
    return planner.nodes


def test_a_stronger_level_proposes_with_its_budgets_reach() -> None:
    """The budget's ``reach`` is handed to the proposer for the deal's suit count: with the
    solver never asked, Stark plays the easy player's moves with that reach, not without."""
    quiet = Budget(samples=1, nodes=10, gate=0, depth=(3, 3, 3), reach=(0, 0, 3_000))
    far = Opponent(depth=3)
    far.reach = 3_000
    lines = [play_out(Game.new(deal_id="S4-14", duel=True), bot, limit=40)
             for bot in (Opponent("strong", budget=quiet), far, Opponent(depth=3))]
    assert lines[0] == lines[1] != lines[2]
    assert (quiet.reach_at(1), quiet.reach_at(2), quiet.reach_at(4)) == (0, 0, 3_000)


def test_weighing_plans_changes_the_choice_and_none_or_one_plan_weighed_is_the_plain_choice() -> None:
    """Weighing the best plans by imagined turned-up cards is handed to the proposer by the
    budget for the suit count; weighing 0 or 1 plan plays exactly the plain choice, weighing
    5 plays other moves on this deal (so the weighing is not a no-op), and the same ones
    twice."""
    def weighing(n: int) -> Opponent:
        bot = Opponent(depth=3)
        bot.weigh = n
        return bot

    quiet = Budget(samples=1, nodes=10, gate=0, depth=(3, 3, 3), weigh=(0, 0, 5))
    plain, one, five, again, stark = (
        play_out(Game.new(deal_id="S4-14", duel=True), bot, limit=40)
        for bot in (weighing(0), weighing(1), weighing(5), weighing(5), Opponent("strong", budget=quiet)))
    assert plain == one != five == again == stark
    assert (quiet.weigh_at(1), quiet.weigh_at(2), quiet.weigh_at(4)) == (0, 0, 5)
    assert BUDGETS["strong"].weigh_at(4) > 1 and BUDGETS["strong"].weigh_at(2) > 1
    assert BUDGETS["strong"].weigh_at(1) > 1
    assert BUDGETS["medium"].weigh_at(2) == BUDGETS["medium"].weigh_at(4) == 0


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_a_stronger_level_plays_the_same_moves_twice_and_after_resume(level: str) -> None:
    first = play_out(Game.new(deal_id="S2-5", duel=True), player(level), limit=40)
    second = play_out(Game.new(deal_id="S2-5", duel=True), player(level), limit=40)
    assert first == second and len(first) == 40
    g = Game.new(deal_id="S2-5", duel=True)
    for move in first[:20]:
        g.play(move)
    saved = Game.from_json(g.to_json())
    assert play_out(saved, Opponent.resume(saved, level, budget=SMALL), limit=20) == first[20:]


def test_the_strong_level_plays_legal_moves_to_its_end_and_never_comes_back_to_a_position() -> None:
    g = Game.new(deal_id="S1-9", duel=True)
    start = g.to_text()
    bot = player("strong")
    line = play_out(g, bot)  # asserts every move legal
    assert bot.finished and bot.reason in ("won", "no_progress", "stuck") and 0 < len(line) < MOVE_BUDGET
    assert bot.next_move(g) is None
    replay = Game.from_text(start)
    seen = {replay.to_text()}
    for move in line:
        step = replay.play(move)
        text = replay.to_text()
        assert text not in seen or step.revealed
        seen.add(text)


def test_the_real_budgets_resume_to_the_same_moves() -> None:
    """The levels' own budgets (not the test's small one), a few moves from the start of a
    four-suit deal and from late in a one-suit game, where the solver has its say."""
    late = Game.new(deal_id="S1-9", duel=True)
    for move in play_out(late.copy(), Opponent(), limit=70):
        late.play(move)
    for level in ("medium", "strong"):
        for start in (Game.new(deal_id="S4-7", duel=True), late):
            whole = play_out(start.copy(), Opponent.resume(start, level), limit=4)
            g = start.copy()
            for move in whole[:2]:
                g.play(move)
            saved = Game.from_json(g.to_json())
            assert play_out(saved, Opponent.resume(saved, level), limit=2) == whole[2:]


def test_a_strong_computer_duel_saved_mid_game_finishes_with_the_same_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's way: the worker resumes the computer from its saved game at every step."""
    monkeypatch.setitem(BUDGETS, "strong", SMALL)
    whole = ComputerDuel("S2-6", level="strong")
    moves: list[Move] = []
    while (move := whole.step()) is not None:
        moves.append(move)
    assert whole.finished and len(moves) > 30
    cpu = ComputerDuel("S2-6", level="strong")
    first = [cpu.step() for _ in range(30)]
    again = ComputerDuel.resume(cpu.to_json(), level="strong")
    assert again.level == "strong"
    rest: list[Move] = []
    while (move := again.step()) is not None:
        rest.append(move)
    assert first + rest == moves
    assert again.finished and again.result(0).points == whole.result(0).points
    recalled = ComputerDuel.resume(cpu.to_json(), level="strong", mind=cpu.mind())  # what the page saves too
    assert recalled.mind() == ComputerDuel.resume(cpu.to_json(), level="strong").mind()
    while (move := recalled.step()) is not None:
        first.append(move)
    assert first == moves and recalled.result(0).points == whole.result(0).points
    with pytest.raises(MessageError):
        ComputerDuel.resume(cpu.to_json(), level="hard")
    with pytest.raises(MessageError):
        ComputerDuel("S2-6", level="hard")


# ----------------------------------------------------------------------------- what it has in mind
def no_search(*_: object) -> None:
    raise AssertionError("searched while resuming from what the player had in mind")


@pytest.mark.parametrize(("level", "deal_id"), [("easy", "S2-4"), ("medium", "S4-3"), ("strong", "S2-6"),
                                                 ("strong", "S1-9")])
def test_resuming_from_what_the_player_had_in_mind_is_the_same_player_without_searching(
        level: str, deal_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At points along a game (in the middle of plans too), the player resumed from its
    ``mind`` has the same plan, counts and memory as the player that played the line and as
    the one that thought its way along it again, searches nothing to get there, and plays
    on with the same moves."""
    g = Game.new(deal_id=deal_id, duel=True)
    bot = player(level)
    budget = None if level == "easy" else SMALL
    planned = 0
    for point, in_plan in ((6, False), (15, True), (30, True), (40, False)):
        # the first position from ``point`` on that is (or is not) in the middle of a plan
        while ((g.moves_count < point or bool((bot._base or bot)._plan) != in_plan)
               and (move := bot.next_move(g)) is not None):
            g.play(move)
        saved = Game.from_json(g.to_json())
        mind = bot.mind(g)
        planned += bool((bot._base or bot)._plan)
        thought = Opponent.resume(saved, level, budget=budget)
        with monkeypatch.context() as patch:
            patch.setattr(_Planner, "sequences", no_search)
            patch.setattr(_Planner, "dig", no_search)
            recalled = Opponent.resume(saved, level, budget=budget, mind=mind)
        assert recalled.mind(saved) == thought.mind(saved) == mind
        seen = [(who._base or who)._seen for who in (recalled, thought, bot)]
        assert seen[0] == seen[1] == seen[2]
        assert play_out(saved.copy(), recalled, limit=6) == play_out(saved.copy(), thought, limit=6)
    assert planned, "no point fell in the middle of a plan"


def test_a_mind_that_does_not_hold_up_is_set_aside_and_the_line_thought_through() -> None:
    """A mind of another game, level or version, malformed, out of range, or with a plan
    move that is not legal where it would be made: resuming with it gives the player
    resuming without it gives (no error)."""
    import json

    g = Game.new(deal_id="S2-4", duel=True)
    bot = Opponent()
    while g.moves_count < 40 and (move := bot.next_move(g)) is not None:
        g.play(move)
    while not bot._plan:  # a point in the middle of a plan
        move = bot.next_move(g)
        assert move is not None
        g.play(move)
    good = json.loads(bot.mind(g))
    other = Game.new(deal_id="S2-5", duel=True)
    other.play(Opponent().next_move(other) or Move.deal())

    def changed(**fields: object) -> str:
        return json.dumps({**good, **fields})

    step, cols = good["plan"][0]
    bad_step = [step[0], step[0], step[2]]  # onto itself
    too_many = [step[0], step[1], len(cols[step[0]]) + 1]
    moved = cols[step[0]][-step[2]]
    misfit = next([step[0], d, step[2]] for d, col in enumerate(cols)  # onto a card of the wrong rank
                  if d != step[0] and col and col[-1] >= 0 and col[-1] % 13 != moved % 13 + 1)
    unknown = [list(col) for col in cols]
    unknown[step[0]][-1] = -1  # a card the plan does not know yet cannot be moved
    minds = [
        "{", "[]", "null", json.dumps({**good, "v": 2}), changed(level="strong"), Opponent().mind(other),
        changed(moves=-1), changed(moves=g.moves_count + 2), changed(reason="tired"), changed(dealing=1),
        changed(looked=g.moves_count + 2), changed(plan="none"), changed(plan=[[step, cols[:9]]]),
        changed(plan=[[bad_step, cols]]), changed(plan=[[too_many, cols]]), changed(plan=[[misfit, cols]]),
        changed(plan=[[step, unknown]]), changed(plan=[[step, cols]] * 65),
        changed(plan=[[step, [[52], *cols[1:]]]]), changed(extra=1), "x" * 300_000, "[" * 100_000,
        changed(plan=[[step, cols]] * 2)[:-1] + "]" * 10_000 + "}",
    ]
    assert Opponent()._recall(g, json.dumps(good))
    for mind in minds:
        assert not Opponent()._recall(g, mind), mind[:80]
    assert not player("medium")._recall(g, bot.mind(g))  # the easy player's mind, not Mittel's
    thought = Opponent.resume(g, "easy")
    for mind in (minds[0], changed(plan=[[bad_step, cols]]), changed(reason="tired")):
        assert Opponent.resume(g, "easy", mind=mind).mind(g) == thought.mind(g) == bot.mind(g)


# ----------------------------------------------------------------------------- stranding
def test_stranding_is_seen_from_the_view_alone() -> None:
    """Completing a run before the last deal can leave fewer than ten cards on the table
    with a row in the stock: lost, whatever the unseen cards are."""
    g = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
    view = view_of(g)
    assert strands(view, Move.from_text("2>1"))  # the ace completes the run: 3 cards left
    assert not strands(view, Move.from_text("4>5"))  # a card into an empty column
    assert not strands(view, Move.from_text("2>5"))
    after = g.copy()
    after.play(Move.from_text("2>1"))
    assert not after.can_deal() and len(after.stock) == 10 and sum(map(len, after.cols)) == 3
    # the same view with other unseen cards (the face-down ace and the last stock card
    # swapped) gives the same answer
    other = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS.replace("#AS 3S", "#8S 3S").replace("KS 8S", "KS AS"))
    assert view_of(other) == view and strands(view_of(other), Move.from_text("2>1"))
    # no row left, or the deal itself: nothing to strand
    assert not strands(dataclasses.replace(view, rows=0), Move.from_text("2>1"))
    assert not strands(view, Move.deal())


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_the_stronger_levels_spread_and_deal_instead_of_stranding(level: str) -> None:
    """The easy player completes the run and is stuck; the stronger levels fill the empty
    columns, deal the last row and go on; a resumed player plays the same moves."""
    easy = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
    line = play_out(easy, Opponent())
    assert line[0] == Move.from_text("2>1") and not easy.is_won and easy.stock
    g = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
    bot = player(level)
    line = play_out(g, bot)
    assert Move.deal() in line
    deal_at = line.index(Move.deal())
    assert all(not m.is_deal for m in line[:deal_at])
    replay = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
    for move in line:
        replay.play(move)
        assert not replay.stock or sum(map(len, replay.cols)) >= 10, f"stranded after {move}"
    assert g.is_won and bot.reason == "won"
    for cut in (1, deal_at, deal_at + 1):
        part = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
        for move in line[:cut]:
            part.play(move)
        saved = Game.from_json(part.to_json())
        assert play_out(saved, Opponent.resume(saved, level, budget=SMALL)) == line[cut:], cut
