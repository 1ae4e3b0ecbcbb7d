"""The duel: points with the undo rule, results and their comparison, the challenge link
(round trip, recomputed score) and every kind of bad link refused with its reason."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import build, game

from spider import Game, Move
from spider.core.messages import MessageError
from spider.duel import (
    MAX_LINK,
    MAX_NAME,
    Challenge,
    ComputerDuel,
    Played,
    clean_name,
    compare,
    decode_challenge,
    duel_points,
    encode_answer,
    encode_challenge,
    link_deal_id,
    open_challenge,
    pack_actions,
    pack_moves,
    played_of,
    rename_answer,
    replay_challenge,
    result_of,
    unpack_actions,
    unpack_moves,
)
from spider.duel import (
    _check as check_of,
)


def played(deal_id: str, n: int, seed: int = 1, undos: int = 0) -> Game:
    """A duel game of ``deal_id`` after ``n`` random legal actions, ``undos`` of them taken
    back along the way."""
    g = Game.new(deal_id=deal_id, duel=True)
    rng = random.Random(seed)
    for i in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
        if undos and i % 3 == 2:
            g.undo()
            undos -= 1
    return g


def key_of(text: str) -> str:
    with pytest.raises(MessageError) as e:
        open_challenge(text)
    return e.value.message.key


def resign(body: str) -> str:
    """A link whose check characters were recomputed after an edit (what a cheat would do)."""
    return f"{body}.{check_of(body)}"


RUN_S = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


# ----------------------------------------------------------------------------- points
def test_in_a_duel_undo_takes_the_points_back_and_costs_one() -> None:
    g = game(["* 9S", "* #3H 8S", "* KH", "* KD", "* KC", "* KS", "* KH", "* KD", "* KC", "* KS"])
    g.duel = True
    step = g.play(Move(1, 0, 1))  # onto 9S (+2), a card turns up (+2), the move (−1)
    assert step.score == 3 and g.score == 3
    g.undo()
    assert g.score == -1 and g.undos == 1 and g.moves_count == 0
    g.redo()  # counts again as played anew; the undo's point stays spent
    assert g.score == 3 - 1 and g.moves_count == 1
    g.undo()
    assert g.score == -2 and g.undos == 2 and not g.can_undo


def test_outside_a_duel_undo_is_free_but_the_duel_points_count_it() -> None:
    g = Game.new(deal_id="S4-1")
    g.play(Move.from_text("10>4"))
    g.undo()
    assert g.score == 0 and g.undos == 1
    assert duel_points(g) == -1


def test_the_undos_survive_a_save() -> None:
    g = played("S2-3", 40, undos=5)
    assert g.undos == 5
    h = Game.from_json(g.to_json())
    assert (h.duel, h.undos, h.score) == (True, 5, g.score)
    assert duel_points(h) == duel_points(g) == g.score


def test_a_run_and_the_cleared_table_count_in_the_result() -> None:
    run = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    g = Game.from_text(_two_suit_end(run))
    g.duel = True
    g.play(Move(1, 0, 1))
    r = result_of(g, "Ann", 5000)
    assert r.won and r.runs == {"S": 4, "H": 4} and r.runs_total == 8 and r.points == -1 + 2 + 26 + 100


def _two_suit_end(run: str) -> str:
    return build([run, "AH", "", "", "", "", "", "", "", ""], suits=2, done="S S S S H H H")


def test_result_counts_runs_per_suit_in_suit_order() -> None:
    g = game([f"* #3D {RUN_S}", "* #4C AS", "", "* KH", "* KD", "* KC", "* KS", "* KH", "* KD", "* KC"])
    g.play(Move(1, 0, 1))
    r = result_of(g)
    assert r.runs == {"S": 1} and r.runs_total == 1 and not r.won and r.finished


def test_compare_more_points_win_and_equal_points_draw() -> None:
    a = result_of(played("S4-5", 30, seed=1))
    b = result_of(played("S4-5", 30, seed=2))
    assert compare(a, a) == "drawn"
    if a.points != b.points:
        winner, loser = (a, b) if a.points > b.points else (b, a)
        assert compare(winner, loser) == "won" and compare(loser, winner) == "lost"


# ----------------------------------------------------------------------------- the link
def test_a_challenge_round_trips_and_replays_to_the_challengers_own_score() -> None:
    g = played("S4-77", 120, seed=3, undos=7)
    link = encode_challenge(g, "Zoë 🕷", 251_000)
    c = decode_challenge(link)
    assert c.deal_id == "S4-77" and c.answer is None
    assert c.challenger == Played("Zoë 🕷", 251_000, tuple(played_of(g, "", 0).actions))
    assert c.challenger.undos == 7 and c.challenger.line == tuple(g.line)
    r = replay_challenge(c)
    assert r == result_of(g, "Zoë 🕷", 251_000)
    assert r.points == g.score and r.moves == g.moves_count and r.undos == 7


def test_the_link_is_url_safe_and_compact() -> None:
    g = played("S2-1234567", 200, seed=5)
    link = encode_challenge(g, "Ann-Kathrin Müller", 600_000)
    assert re.fullmatch(r"[A-Za-z0-9._-]+", link)
    moves_field = link.split(".")[5]
    assert len(moves_field) <= (len(g.line) * 12 + 5) // 6
    assert len(link) < 60 + 2 * len(g.line)


def test_an_answer_carries_both_games_and_both_are_recomputed() -> None:
    a = played("S1-42", 80, seed=1)
    challenge = decode_challenge(encode_challenge(a, "Ann", 100_000))
    b = Game.new(deal_id=challenge.deal_id, duel=True)
    rng = random.Random(9)
    for _ in range(60):
        b.play(rng.choice(b.legal_moves()))
    back, results = open_challenge(encode_answer(challenge, b, "Bo", 90_000))
    assert [p.name for p in back.players] == ["Ann", "Bo"]
    assert [r.points for r in results] == [a.score, b.score]
    assert results[1] == result_of(b, "Bo", 90_000)
    with pytest.raises(MessageError) as e:
        encode_answer(challenge, Game.new(deal_id="S1-43"), "Bo", 1)
    assert e.value.message.key == "duel.link.other_deal"


def test_an_answer_renamed_keeps_both_games_and_only_changes_the_answering_name() -> None:
    a = played("S1-42", 40, seed=1)
    challenge = decode_challenge(encode_challenge(a, "Ann", 100_000))
    b = played("S1-42", 30, seed=2)
    answer = encode_answer(challenge, b, "Bo", 90_000)
    renamed = rename_answer(answer, "  Bea  ")
    before, after = open_challenge(answer), open_challenge(renamed)
    assert [p.name for p in after[0].players] == ["Ann", "Bea"]
    assert [replace(r, name="") for r in after[1]] == [replace(r, name="") for r in before[1]]
    assert after[0].players[0] == before[0].players[0]
    with pytest.raises(MessageError):
        rename_answer(encode_challenge(a, "Ann", 1), "Bea")  # a challenge, not an answer
    with pytest.raises(MessageError):
        rename_answer("1.S1-42.garbage", "Bea")


def test_names_are_cleaned_bounded_and_any_unicode_survives() -> None:
    assert clean_name("  a\tb\n\u0000c  ") == "a b c"
    assert clean_name("x" * 100) == "x" * MAX_NAME
    assert clean_name("\ud800") == ""  # a lone surrogate from a browser string
    for name in ["", "Ünal", "李小龍", "🕷🕸", "O'Brien & Co. <b>"]:
        link = encode_challenge(played("S4-2", 5), name, 1)
        assert decode_challenge(link).challenger.name == name


def test_an_empty_game_is_a_valid_challenge() -> None:
    g = Game.new(deal_id="S4-9", duel=True)
    r = replay_challenge(decode_challenge(encode_challenge(g, "", 0)))
    assert (r.points, r.moves, r.runs_total, r.won, r.finished) == (0, 0, 0, False, True)


def test_a_game_without_a_deal_id_cannot_challenge() -> None:
    g = Game.from_text(Game.new(deal_id="S4-9").to_text())
    with pytest.raises(MessageError) as e:
        encode_challenge(g, "Ann", 0)
    assert e.value.message.key == "duel.link.no_deal"


# ----------------------------------------------------------------------------- bad links
LINK = encode_challenge(played("S4-77", 60, seed=4), "Ann", 5_000)


def test_every_truncation_is_refused_as_damaged() -> None:
    for cut in range(3, len(LINK)):
        key = key_of(LINK[:cut])
        assert key in ("duel.link.damaged", "duel.link.not_link"), (cut, key)
    assert key_of(LINK[: LINK.rindex(".")]) == "duel.link.damaged"
    assert key_of(LINK[:-1]) == "duel.link.damaged"


def test_any_edited_character_is_refused() -> None:
    alphabet = "ABCabc019-_."
    rng = random.Random(1)
    for i in range(len(LINK)):
        c = rng.choice([a for a in alphabet if a != LINK[i]])
        key = key_of(LINK[:i] + c + LINK[i + 1:])
        assert key in ("duel.link.damaged", "duel.link.not_link", "duel.link.version"), (i, key)


def test_edited_moves_with_a_forged_check_do_not_replay() -> None:
    fields = LINK.split(".")
    line = list(unpack_actions(fields[5], int(fields[4])))
    line[10] = Move(0, 1, 1) if line[10] != Move(0, 1, 1) else Move(1, 0, 1)
    fields[5] = pack_actions(line)
    with pytest.raises(MessageError) as e:
        open_challenge(resign(".".join(fields[:-1])))
    assert e.value.message.key == "duel.link.illegal"
    n = e.value.message.values["n"]
    assert isinstance(n, int) and n >= 11


def test_a_link_moved_to_another_deal_does_not_replay() -> None:
    fields = LINK.split(".")
    fields[1] = "S4-78"
    with pytest.raises(MessageError) as e:
        open_challenge(resign(".".join(fields[:-1])))
    assert e.value.message.key == "duel.link.illegal"
    assert "Zug" in str(e.value) and e.value.render("en").startswith("The duel link does not fit")


def test_a_cut_move_list_with_a_forged_check_is_refused() -> None:
    fields = LINK.split(".")
    fields[5] = fields[5][:-3]
    assert key_of(resign(".".join(fields[:-1]))) == "duel.link.broken"
    fields = LINK.split(".")
    fields[4] = str(int(fields[4]) + 1)
    assert key_of(resign(".".join(fields[:-1]))) == "duel.link.broken"


def test_the_score_and_the_undos_are_never_taken_from_the_link() -> None:
    """Each undo costs a point, so the link proves them: they are actions in its list. A
    player who undid and then dropped the undos from the list (and recomputed the check)
    gets a line that no longer replays, or one without the undone moves: never the same
    result with fewer undos."""
    g = played("S4-77", 60, seed=4, undos=4)
    link = encode_challenge(g, "Ann", 5_000)
    _, (r,) = open_challenge(link)
    assert r.undos == 4 and r.points == g.score
    fields = link.split(".")
    actions = unpack_actions(fields[5], int(fields[4]))
    kept = [a for a in actions if a != "undo"]
    fields[4], fields[5] = str(len(kept)), pack_actions(kept)
    try:
        _, (forged,) = open_challenge(resign(".".join(fields[:-1])))
    except MessageError as e:
        assert e.message.key == "duel.link.illegal"
    else:
        assert forged.undos == 0 and forged.moves != r.moves


def test_a_first_format_link_from_elsewhere_is_refused_but_the_page_reads_its_own() -> None:
    """The first format carried the undos as a number (editing it to 0 raised the score
    by the undos): from a link it is refused; one the page stored itself still reads."""
    g = played("S2-9", 30, seed=2, undos=2)
    body = ".".join(["1", "S2-9", "QW5u", "100", "2", str(len(g.line)), pack_moves(g.line)])
    old = f"{body}.{check_of(body)}"
    assert key_of(old) == "duel.link.old"
    _, (r,) = open_challenge(old, stored=True)
    assert (r.undos, r.points, r.moves) == (2, g.score, g.moves_count)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "duel.link.not_link"),
        ("hello world", "duel.link.not_link"),
        ("S4-77", "duel.link.not_link"),
        ("3.S4-77.x.1.0.0..abcdef", "duel.link.version"),
        ("2.S4-77.QW5u.1.0", "duel.link.damaged"),
        ("2" + "." * 30, "duel.link.damaged"),
        ("x" * (MAX_LINK + 1), "duel.link.too_long"),
        ("{\"deal\": \"S4-1\"}", "duel.link.not_link"),
    ],
)
def test_garbage_is_refused_with_its_reason(text: str, key: str) -> None:
    assert key_of(text) == key


@pytest.mark.parametrize(
    ("deal", "key"),
    [("K1-42", "duel.link.deal"), ("S3-1", "duel.link.deal"), ("S4-99999999999", "duel.link.deal"),
     ("s4-77", "duel.link.broken"), ("S4-077", "duel.link.broken")],
)
def test_foreign_deals_are_named(deal: str, key: str) -> None:
    fields = LINK.split(".")
    fields[1] = deal
    assert key_of(resign(".".join(fields[:-1]))) == key


@pytest.mark.parametrize(
    ("index", "value"),
    [(2, "QW5u="), (2, "_w"), (2, "AA"), (2, "A" * 200), (3, "01"), (3, "-1"), (3, "9" * 12),
     (4, "x"), (4, "99999"), (5, "!")],
)
def test_malformed_fields_with_a_valid_check_are_broken(index: int, value: str) -> None:
    fields = LINK.split(".")
    fields[index] = value
    key = key_of(resign(".".join(fields[:-1])))
    assert key in ("duel.link.broken", "duel.link.not_link")


def test_a_damaged_link_still_names_its_deal() -> None:
    assert link_deal_id(LINK[:-4]) == "S4-77"
    assert link_deal_id("1.K1-4.x") is None and link_deal_id("nonsense") is None and link_deal_id(7) is None


def test_huge_input_is_refused_before_any_work() -> None:
    assert key_of("1." + "A" * 10_000_000) == "duel.link.too_long"


# ----------------------------------------------------------------------------- properties
move_strategy = st.one_of(
    st.just(Move.deal()),
    st.builds(lambda s, d, k: Move(s, d if d < s else d + 1, k), st.integers(0, 9), st.integers(0, 8),
              st.integers(1, 13)),
)


@given(st.lists(move_strategy, max_size=300))
def test_any_move_list_packs_and_unpacks(line: list[Move]) -> None:
    text = pack_moves(line)
    assert re.fullmatch(r"[A-Za-z0-9_-]*", text)
    assert unpack_moves(text, len(line)) == line


@settings(max_examples=25, deadline=None)
@given(suits=st.sampled_from([1, 2, 4]), seed=st.integers(0, 2**32 - 1), n=st.integers(0, 150),
       undos=st.integers(0, 10), pick=st.integers(0, 2**16))
def test_any_played_game_replays_from_its_link_to_the_same_result(
    suits: int, seed: int, n: int, undos: int, pick: int
) -> None:
    g = played(f"S{suits}-{seed}", n, seed=pick, undos=undos)
    link = encode_challenge(g, "P", pick)
    c = decode_challenge(link)
    assert replay_challenge(c) == result_of(g, "P", pick)
    assert replay_challenge(c).points == g.score


def test_challenge_equality_survives_a_round_trip() -> None:
    g = played("S2-8", 50)
    c = decode_challenge(encode_challenge(g, "A", 3))
    assert c == Challenge("S2-8", (Played("A", 3, tuple(g.line)),))


# ----------------------------------------------------------------------------- the computer's side
def test_the_computer_duel_plays_its_own_game_and_reports_a_result() -> None:
    cpu = ComputerDuel("S1-2")
    moves = 0
    while cpu.step() is not None:
        moves += 1
        if moves == 20:
            partial = cpu.result(20_000, "Computer")
            assert not partial.finished and partial.moves == 20
    final = cpu.result(99_000, "Computer")
    assert cpu.finished and final.finished and final.moves == moves
    assert final.points == cpu.game.score
