"""The page without the browser: the session (every flow of the page), the games' controls
(what a gesture means) and the duel's flow, on CPython (and under Pyodide) with the fake
``localStorage``. The e2e suite checks the same behaviour through a real Chromium; these
tests pin the decisions themselves."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from klondike_positions import build as kbuild
from positions import build as sbuild
from test_storage import FakeLocalStorage, settings_doc

from spider import Game as SpiderGame
from spider import Move as SpiderMove
from spider.core.messages import Msg
from spider.klondike import Game as KlondikeGame
from spider.klondike import Move as KMove
from spider.klondike.moves import FOUNDATION, FOUNDATION_OF, WASTE
from spider.stats import Stats
from spider.web.control import NONE, Spot
from spider.web.control.klondike import KlondikeControl, next_place
from spider.web.control.spider import SpiderControl
from spider.web.duel_flow import Comparison, DuelFlow
from spider.web.mode import Meta
from spider.web.rooms import ROOMS, Choice
from spider.web.session import STALLED, Confirm, NewGame, Session, Stuck, Won
from spider.web.storage import GAME_KEYS, PREVIOUS_KEY, SETTINGS_KEY, STATS_KEY, Storage


class Clock:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms


def session(backend: FakeLocalStorage | None = None, *, duel: bool = False) -> tuple[Session, Clock, Any]:
    backend = backend if backend is not None else FakeLocalStorage()
    clock = Clock()
    s = Session(Storage(lambda: backend, lambda: 1234.0), clock)
    flow = DuelFlow(s) if duel else None
    if flow is not None:
        s.duel_active = lambda: flow.active
        s.duel_ended = lambda: flow.ended
    s.start_notes()
    saved = s.resume(s.settings.game)
    s.game = saved if saved is not None else s.fresh()
    return s, clock, flow if duel else backend


def stats(backend: FakeLocalStorage) -> Stats:
    return Stats.from_json(backend.data[STATS_KEY])


def keys(msgs: list[Msg]) -> list[str]:
    return [m.key for m in msgs]


# ------------------------------------------------------------------------------ starting
def test_a_first_visit_deals_the_players_game_and_saves_it() -> None:
    s, _clock, backend = session()
    assert s.game.game_name == "spider" and s.notes == []
    assert s.save() == "saved"
    saved = json.loads(backend.data[GAME_KEYS["spider"]])
    assert SpiderGame.from_json(saved["game"]).to_text() == s.game.to_text()


def test_a_saved_game_is_resumed_with_its_clock_and_facts() -> None:
    s, clock, backend = session()
    s.game = KlondikeGame.new(deal_id="K1-5")
    s.settings.game = "klondike"
    s.storage.save_settings(s.settings)
    s.mode = Meta(level="normal", hints=2)
    s.play(lambda: s.game.play(KMove.stock()), "move")
    clock.ms = 5000
    s.save()
    again, _c, _b = session(backend)
    assert again.game.to_text() == s.game.to_text() and again.mode == Meta(level="normal", hints=2)
    assert again.clock.value() == 5000 and again.game.can_undo


def test_unreadable_settings_are_said_and_the_game_that_has_a_save_is_resumed() -> None:
    backend = FakeLocalStorage()
    game = KlondikeGame.new(deal_id="K1-9")
    game.play(KMove.stock())
    doc = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 5, "origin": None}
    backend.data[GAME_KEYS["klondike"]] = json.dumps(doc)
    backend.data[SETTINGS_KEY] = "{broken"
    s, _clock, _b = session(backend)
    assert keys(s.notes) == ["ui.settings.unreadable"]
    assert s.game.game_name == "klondike" and s.game.to_text() == game.to_text()


def test_unreadable_settings_without_a_saved_game_say_that_a_new_game_starts() -> None:
    backend = FakeLocalStorage()
    backend.data[SETTINGS_KEY] = "[" * 10_000
    s, _clock, _b = session(backend)
    assert keys(s.notes) == ["ui.settings.unreadable_new"]
    assert s.notes[0].values["key"] != SETTINGS_KEY and s.game.game_name == "spider"


def test_a_save_that_cannot_be_drawn_is_kept_aside_and_named() -> None:
    s, _clock, backend = session()
    s.save()
    raw = backend.data[GAME_KEYS["spider"]]
    s.mount_failed(s.game, "saved")
    assert keys(s.notes) == ["ui.save.unreadable"]
    aside = s.notes[0].values["key"]
    assert backend.data[aside] == raw and not s.has_game and s.mode == Meta()


def test_a_deal_link_keeps_the_game_it_replaces() -> None:
    s, _clock, _backend = session()
    s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    s.save()
    game, fresh, refusal = s.from_link("?deal=K3-77")
    assert (game.deal_id, fresh, refusal) == ("K3-77", True, False)
    assert keys(s.notes) == ["ui.link.deal"]  # the Spider game is kept under its own key
    bad, _f, refused = s.from_link("?deal=K01-5")
    assert bad is None and refused and s.notes[-1].key == "ui.link.bad_deal"
    assert s.notes[-1].values["reason"].key == "deal_id.spelling"


# ------------------------------------------------------------------------------ playing
def test_a_move_is_played_announced_and_saved_and_a_refusal_changes_nothing() -> None:
    s, clock, _backend = session()
    before = s.game.to_text()
    out = s.play(lambda: s.game.play(SpiderMove(0, 1, 5)), "move")
    assert out.refusal and out.step is None and not out.save and s.game.to_text() == before
    moves = s.game.legal_moves()
    # the first move that is not a deal; a random deal may offer nothing else (then a deal)
    move = next((m for m in moves if not m.is_deal), moves[0])
    out = s.play(lambda: s.game.play(move), "move")
    assert out.step is not None and out.save and out.position_changed and not out.refusal
    assert keys(out.said)[0] == ("ui.dealt" if move.is_deal else "ui.moved") and s.clock.running
    clock.ms = 700
    out = s.undo()
    assert keys(out.said) == ["ui.undone"] and s.game.to_text() == before and s.game.can_redo


def test_a_won_game_opens_the_won_dialog_with_its_facts_and_counts_once() -> None:
    s, clock, backend = session()
    s.game = KlondikeGame.from_text(kbuild(["", "", "", "", "", "", "KS QS"]))
    s.settings.game = "klondike"
    out = s.play(lambda: s.game.play(KMove(6, FOUNDATION)), "move")
    assert out.dialog is None
    clock.ms = 65_000
    out = s.play(lambda: s.game.play(KMove(6, FOUNDATION)), "move")
    assert isinstance(out.dialog, Won) and out.celebrate
    facts = dict(out.dialog.facts)
    assert facts["time"] == "1:05" and facts["moves"] == "2"
    assert out.dialog.again.key == "ui.won.again.klondike"
    record = stats(backend).get("klondike-1-any")
    assert (record.played, record.won) == (1, 1)
    s.endings()  # shown again (a reload): never counted twice
    assert stats(backend).get("klondike-1-any").played == 1


def test_no_move_left_opens_the_no_moves_dialog_offering_what_can_work() -> None:
    s, _clock, _backend = session()
    stuck = ["* #AS KH", "#AH KS", "#AD KC", "#AC KD", "#QS 2S", "#QH 2H", "#QD 2D"]
    s.game = KlondikeGame.from_text(kbuild(stuck))
    out = s.endings()
    assert isinstance(out.dialog, Stuck) and not out.dialog.can_undo


def stalling() -> tuple[KlondikeGame, KMove]:
    """Deal K1-6 played by the hint up to the move after which no move helps (the e2e test's
    position)."""
    game = KlondikeGame.new(deal_id="K1-6")
    while True:
        move = game.hint().move
        assert move is not None
        after = game.copy()
        after.play(move)
        if after.hint().move is None:
            return game, move
        game.play(move)


def test_klondike_says_by_itself_when_no_move_helps_once_per_stall() -> None:
    s, _clock, _backend = session()
    s.game, move = stalling()
    s.settings.game = "klondike"
    out = s.play(lambda: s.game.play(move), "move")
    assert s.notice is not None and s.notice.state == STALLED and out.save
    assert s.notice.text == s.game.hint().message
    s.note_ok()
    assert s.notice is None
    s.play(lambda: s.game.play(KMove.stock()), "move")
    assert s.notice is None  # once per stall


def test_a_hint_asks_the_verdict_when_every_card_is_known_and_a_proved_loss_counts_as_lost() -> None:
    s, clock, backend = session()
    s.game = KlondikeGame.from_text(kbuild(["KS QH", "KH", "KD", "KC", "QS", "", ""], stock="QD"))
    s.settings.game = "klondike"
    s.play(lambda: s.game.play(KMove.stock()), "move")
    clock.ms = 3000
    out = s.hint()
    assert out.ask_verdict and s.verdict == "checking" and keys(out.said) == ["ui.verdict.checking.short"]
    out = s.verdict_answer({"status": "unsolvable"})
    assert s.verdict == "lost" and keys(out.said) == ["ui.verdict.lost.short"]
    s.start(SpiderGame.new(deal_id="S1-3"), None, Msg("ui.restart"))
    record = stats(backend).get("klondike-1-any")
    assert (record.played, record.won, record.hints) == (1, 0, 1) and record.last[-1].result == "lost"


def test_a_found_win_makes_the_hint_its_first_move() -> None:
    s, _clock, _backend = session()
    out = s.verdict_answer({"status": "solved", "line": ["1>2"]})
    assert out.hint == SpiderMove(0, 1, 1) and keys(out.said) == ["ui.verdict.win"]


# ------------------------------------------------------------------------------ other games
def test_same_cards_again_keeps_the_started_game_and_a_game_is_counted_once_whatever_the_path() -> None:
    # Issue 18, item 3: one move, "Gleiche Karten neu", "Vorheriges Spiel fortsetzen", then the
    # game ends: it is one game, counted once.
    s, clock, backend = session()
    s.game = KlondikeGame.from_text(kbuild(["", "", "", "", "", "QS", "KS"]))
    s.origin = s.game.to_text()
    s.settings.game = "klondike"
    s.play(lambda: s.game.play(KMove(5, FOUNDATION)), "move")
    clock.ms = 4000
    out = s.restart()
    assert out.mounted and s.game.moves_count == 0 and s.notice is not None and s.notice.state == "previous"
    assert STATS_KEY not in backend.data  # nothing counted: the game is kept to come back to
    out = s.resume_previous()
    assert out.mounted and s.game.moves_count == 1 and s.clock.value() == 4000
    out = s.play(lambda: s.game.play(KMove(6, FOUNDATION)), "move")
    assert isinstance(out.dialog, Won)
    record = stats(backend).get("klondike-1-any")
    assert (record.played, record.won) == (1, 1)


def test_same_cards_again_after_no_move_was_left_counts_the_lost_game_once_and_keeps_it() -> None:
    s, _clock, backend = session()
    s.game = SpiderGame.from_text(sbuild(
        ["2D KD AD", "2C KC AC", "4D QD 3D", "4C QC 3C", "6D JD 5D", "6C JC 5C", "8D TD",
         "8C TC 7D", "7C 9C", "9D"], done="S S H H D C"))
    s.origin = s.game.to_text()
    out = s.play(lambda: s.game.play(SpiderMove(8, 6, 1)), "move")
    assert isinstance(out.dialog, Stuck)
    s.restart()
    record = stats(backend).get("spider-4")
    assert (record.played, record.won) == (1, 0)  # lost, counted at once ...
    assert s.notice is not None and s.notice.state == "previous"  # ... and kept to come back to
    s.resume_previous()
    assert s.game.is_stuck and s.mode.recorded
    s.new_game(Choice("spider", 4), None)
    assert stats(backend).get("spider-4").played == 1  # never counted again


def test_the_daily_deal_keeps_the_started_game_and_is_not_dealt_twice() -> None:
    s, _clock, backend = session()
    s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    out = s.today("2026-12-02")
    assert out.mounted and s.mode.daily == "2026-12-02"
    assert s.notice is not None and s.notice.state == "previous"
    assert PREVIOUS_KEY in backend.data and STATS_KEY not in backend.data
    again = s.today("2026-12-02")
    assert keys(again.said) == ["daily.already"] and not again.mounted


def test_the_mode_lines_other_draw_keeps_the_game_and_returns_to_it() -> None:
    s, _clock, _backend = session()
    s.start(KlondikeGame.new(1, level="normal"), None, Msg("ui.restart"), Meta(level="normal"))
    first = s.game
    s.play(lambda: s.game.play(KMove.stock()), "move")
    s.switch_variant(3)
    assert s.game.draw == 3 and s.mode.level == "normal"
    s.play(lambda: s.game.play(KMove.stock()), "move")
    s.switch_variant(1)
    assert s.game.draw == 1 and s.game.to_text() == first.to_text()


def test_the_new_game_dialog_offers_the_game_to_come_back_to() -> None:
    s, _clock, _backend = session()
    s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    s.restart()
    out = s.new_dialog()
    assert isinstance(out.dialog, NewGame) and out.dialog.previous is not None
    assert out.dialog.current == Choice("spider", 4)
    out = s.new_game(Choice("klondike", 3), "hard")
    assert s.game.draw == 3 and s.mode.level == "hard" and s.settings.draw == 3


def test_switching_to_the_other_game_finds_its_save_as_it_was_left() -> None:
    s, _clock, _backend = session()
    s.switch_to("klondike")
    s.play(lambda: s.game.play(KMove.stock()), "move")
    text = s.game.to_text()
    s.switch_to("spider")
    assert s.game.game_name == "spider"
    out = s.switch_to("klondike")
    assert s.game.to_text() == text and keys(out.said) == ["ui.switched"]


# ------------------------------------------------------------------------------ clock, pause, tabs
def test_pause_stops_the_clock_and_the_time_limit_runs_out_once() -> None:
    s, clock, _backend = session()
    s.start(KlondikeGame.new(deal_id="K1-5"), None, Msg("ui.restart"))
    s.settings.time_limit = 1
    s.play(lambda: s.game.play(KMove.stock()), "move")
    clock.ms = 30_000
    out = s.pause(True)
    assert s.paused and not s.clock.running and s.notice is not None and s.notice.state == "paused"
    clock.ms = 90_000
    assert s.tick() is None and s.clock.value() == 30_000
    s.pause(False)
    clock.ms = 120_000
    out = s.tick()
    assert out is not None and keys(out.said) == ["ui.time.up"] and s.mode.timeout == 1
    assert s.tick() is None  # said once


def test_another_tabs_save_is_a_conflict_until_the_player_decides() -> None:
    s, _clock, backend = session()
    s.save()
    other, _c, _b = session(backend)
    other.play(lambda: other.game.play(other.game.legal_moves()[0]), "move")
    other.save()
    assert s.storage_changed(GAME_KEYS["spider"]) and s.conflict
    assert s.save() is None  # nothing is written until the player decides
    s.take_newer()
    assert s.game.to_text() == other.game.to_text() and not s.conflict


# ------------------------------------------------------------------------------ controls
def top(g: KlondikeGame, col: int) -> Spot:
    """The spot of a column's exposed card."""
    view = g.columns[col]
    return Spot(col, view.down + len(view.up) - 1, True)


def test_klondike_a_tap_moves_a_card_with_one_target_and_selects_one_with_several() -> None:
    g = KlondikeGame.from_text(kbuild(["* 8S", "* 8C", "* 7H", "* KD", "AH", "* KC", "* KS"]))
    c = KlondikeControl(g)
    assert c.tap(top(g, 4)).play == KMove(4, FOUNDATION)
    seven = top(g, 2)
    answer = c.tap(seven)  # 7♥ fits on 8♠ and 8♣
    assert answer.play is None and answer.say is not None and answer.say.key == "ui.k.selected"
    assert c.sel is not None and {m.dst for m in c.sel.targets} == {0, 1}
    assert c.tap(top(g, 1)).play == KMove(2, 1)  # the target
    assert c.sel is None
    c.tap(seven)
    out = c.tap(Spot(NONE))
    assert c.sel is None and out.say is not None and out.say.key == "ui.k.deselected"


def test_klondike_a_double_tap_acts_on_one_card() -> None:
    g = KlondikeGame.from_text(kbuild(["* 8S", "* 8C", "* 7H", "* KD", "2H", "AH", "* KS"]))
    c = KlondikeControl(g)
    ace = top(g, 5)
    first = c.tap(ace)  # A♥ goes up at the first tap
    g.play(first.play)
    assert c.double_tap(ace).play is None  # ... and the second does nothing more
    answer = c.double_tap(top(g, 4))
    assert answer.play == KMove(4, FOUNDATION)


def test_klondike_drops_say_why_the_cards_go_back() -> None:
    g = KlondikeGame.from_text(kbuild(["* 8S", "* 8C", "* 7H", "* KD", "AH", "* KC", "* KS"], stock="5D"))
    c = KlondikeControl(g)
    seven = top(g, 2)
    assert c.drop(seven, Spot(0)).play == KMove(2, 0)
    assert c.drop(seven, Spot(WASTE)).say == Msg("klondike.drop.waste")
    assert c.drop(seven, None).say == Msg("ui.k.drop.nowhere")
    g.play(KMove(4, FOUNDATION))
    hearts = FOUNDATION_OF[1]
    assert c.drop(Spot(hearts, 0, True), Spot(hearts)).say == Msg("klondike.drop.foundation")


def test_klondike_enter_takes_the_longest_run_that_can_go_somewhere_then_fewer() -> None:
    g = KlondikeGame.from_text(kbuild(["* TD", "* 9S 8H 7C", "* 9H", "* KH", "* KC", "* KS", "* QC"]))
    c = KlondikeControl(g)
    assert c.enter(1).play == KMove(1, 0, 3)  # the whole run has one target
    g2 = KlondikeGame.from_text(kbuild(["* TD", "* 9S 8H 7C", "* 9D", "* TH", "* KC", "* KS", "* QC"]))
    c2 = KlondikeControl(g2)
    c2.enter(1)
    assert c2.sel is not None and c2.sel.count == 3
    c2.enter(1)
    assert c2.sel is not None and c2.sel.count == 2  # again on the same column: one card fewer
    assert next_place(0, "ArrowUp") == 7


def test_spider_a_drag_that_is_pointless_is_refused_with_the_taps_reason() -> None:
    columns = ["* 9S", "* 8S", "", "* KH", "* KD", "* KC", "* KS", "* QH", "* QD", "* QC"]
    g = SpiderGame.from_text(sbuild(columns, suits=4, stock_rows=5))
    c = SpiderControl(g)
    assert c.tap(Spot(1, 5, True)).play == SpiderMove(1, 0, 1)
    assert c.drop_ok(Spot(1, 5, True), Spot(0)) is True and c.drop_ok(Spot(1, 5, True), None) is None
    face_down = c.tap(Spot(1, 0, False))
    assert face_down.refusal and face_down.say is not None and face_down.say.key == "move.face_down"


# ------------------------------------------------------------------------------ the duel
def test_a_computer_duel_ends_with_fertig_and_the_comparison_counts_once() -> None:
    s, _clock, flow = session(duel=True)
    out = flow.start("computer", 1, "easy", "Ann", "", ("Computer", "P1", "P2"))
    assert out.mounted and flow.active and s.mode.duel is not None and s.mode.duel.cpu_level == "easy"
    request = flow.computer_request(1)
    assert request is not None and request["level"] == "easy" and request["deal_id"] == s.game.deal_id
    from spider.web.worker_api import handle

    answer = json.loads(handle(json.dumps({**request, "steps": 5000})))
    info = s.mode.duel
    assert flow.computer_answer(info, answer) is None and s.mode.duel.cpu_done  # the player is not done yet
    s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    out = flow.finish()
    assert flow.ended and out.save and not s.clock.running
    found = flow.conclude(record=True)
    assert isinstance(found, Comparison) and found.way == "computer" and found.level == "easy"
    assert found.mine.name == "Ann"
    again = flow.conclude(record=False)  # the panel's button after a reload
    assert isinstance(again, Comparison)


def test_what_the_computer_has_in_mind_goes_with_its_game_into_the_save_and_back() -> None:
    """The worker's answer gives the computer's mind; the duel keeps it, saves it and sends
    it with the next request, so a reload spares the computer thinking along its line
    again. A saved mind of the wrong type or length is dropped (the duel loads as it is:
    the computer then thinks its way along the line as before)."""
    from spider.spider_game.info import MAX_MIND
    from spider.web.mode import Duel
    from spider.web.worker_api import handle

    s, _clock, flow = session(duel=True)
    flow.start("computer", 1, "medium", "Ann", "", ("Computer", "P1", "P2"))
    request = flow.computer_request(3)
    assert request is not None and request["mind"] is None
    answer = json.loads(handle(json.dumps(request)))
    info = s.mode.duel
    assert info is not None
    flow.computer_answer(info, answer)
    info = s.mode.duel
    assert info is not None and info.cpu_mind == answer["mind"] and isinstance(info.cpu_mind, str)
    again = flow.computer_request(1)
    assert again is not None and (again["saved"], again["mind"]) == (answer["saved"], answer["mind"])
    doc = json.loads(json.dumps(info.to_doc()))
    assert doc["mind"] == info.cpu_mind and Duel.from_doc(doc, s.game.deal_id) == info
    for bad in (7, ["x"], "x" * (MAX_MIND + 1)):
        loaded = Duel.from_doc({**doc, "mind": bad}, s.game.deal_id)
        assert loaded.cpu_mind is None and loaded == replace(info, cpu_mind=None)
    older = {key: value for key, value in doc.items() if key != "mind"}
    assert Duel.from_doc(older, s.game.deal_id) == replace(info, cpu_mind=None)


def test_on_one_device_player_one_hands_over_and_player_two_is_compared() -> None:
    s, _clock, flow = session(duel=True)
    flow.start("device", 2, "easy", "", "", ("Computer", "Spieler 1", "Spieler 2"))
    deal = s.game.deal_id
    s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    flow.finish()
    handover = flow.conclude()
    assert isinstance(handover, type(flow.finish())) and isinstance(handover.dialog, Confirm)
    out = flow.next_player()
    assert out.mounted and s.game.deal_id == deal and s.mode.duel is not None and s.mode.duel.turn == 2
    flow.finish()
    found = flow.conclude()
    assert isinstance(found, Comparison) and found.way == "device" and found.theirs.name == "Spieler 1"


def test_a_duel_game_after_fertig_redoes_nothing_taken_back_before_and_keeps_its_result() -> None:
    s, _clock, flow = session(duel=True)
    flow.start("device", 1, "easy", "", "", ("Computer", "Spieler 1", "Spieler 2"))
    for _ in range(2):
        s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    s.undo()  # a move to redo, one to undo ...
    assert s.game.can_redo and s.game.can_undo and not s.redo_closed()
    flow.finish()  # ... until the game is done: Wiederholen is off, its result stays
    info = flow.info
    assert s.redo_closed() and not s.frozen() and info is not None
    moves, position = s.game.moves_count, s.game.to_text()
    out = s.redo()
    assert out.refusal and keys(out.said) == ["duel.over"]
    assert (s.game.moves_count, s.game.to_text()) == (moves, position)
    assert not s.undo().refusal  # the player's own play after the end ...
    assert s.game.moves_count == moves - 1
    assert flow.info == info  # ... changes no result


def test_an_answer_to_no_challenge_from_here_is_shown_as_strangers_and_not_counted() -> None:
    s, _clock, flow = session(duel=True)
    game = SpiderGame.new(deal_id="S1-5", duel=True)
    game.play(game.legal_moves()[0])
    from spider.duel import decode_challenge, encode_answer, encode_challenge

    challenge = encode_challenge(game, "Ann", 90_000)
    other = SpiderGame.new(deal_id="S1-5", duel=True)
    answer = encode_answer(decode_challenge(challenge), other, "Bob", 50_000)
    assert flow.open_link(answer, "?") is None and flow.opened is not None and flow.opened.strangers
    assert STATS_KEY not in s.storage.backend.data
    flow.remember_sent(challenge)  # now it is an answer to a challenge this page sent: counted once
    flow.open_link(answer, "?")
    flow.open_link(answer, "?")
    assert flow.opened is not None and not flow.opened.strangers
    record = Stats.from_json(s.storage.backend.data[STATS_KEY]).get("spider-1")
    assert sum(record.duel_counts("link")) == 1


# ------------------------------------------------------------------------------ whatever is stored
_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: (st.lists(inner, max_size=3)
                                    | st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                     max_leaves=8)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_whatever_lies_in_storage_the_session_starts_and_plays(data: Any) -> None:
    backend = FakeLocalStorage()
    game = SpiderGame.new(deal_id="S1-5")
    real = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 5, "origin": None}
    for key, base in ((SETTINGS_KEY, json.loads(settings_doc())), (GAME_KEYS["spider"], real),
                      (GAME_KEYS["klondike"], None), (PREVIOUS_KEY, {**real, "name": "spider"}),
                      (STATS_KEY, {"format": "solitaire-stats", "version": 1, "records": {}})):
        doc = data.draw(_JSON)
        if isinstance(base, dict) and isinstance(doc, dict) and data.draw(st.booleans()):
            doc = {**base, **{k: v for k, v in doc.items() if k in base}}
        backend.data[key] = json.dumps(doc)
    s, _clock, _b = session(backend)
    assert s.game is not None
    out = s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    assert out.step is not None
    s.new_game(Choice("klondike", 1), "easy")  # recording never raises
    assert s.game.game_name == "klondike"


def test_every_game_has_its_room() -> None:
    from spider.core.registry import games

    assert [g.name for g in games()] == list(ROOMS)


def test_no_legal_move_message_is_lost_when_the_table_is_empty() -> None:
    # The stock of a finished Spider deal: a deal is refused with the engine's reason.
    s, _clock, _backend = session()
    s.game = SpiderGame.from_text(sbuild(["* KS", "* QS", "", "", "", "", "", "", "", ""], suits=1))
    out = s.play(lambda: s.game.play(SpiderMove.deal()), "move")
    assert out.refusal and out.said and out.said[0].key


@pytest.mark.parametrize("name", ["spider", "klondike"])
def test_a_fresh_game_is_the_variant_the_player_last_chose(name: str) -> None:
    backend = FakeLocalStorage()
    backend.data[SETTINGS_KEY] = settings_doc(game=name, suits=2, draw=3)
    s, _clock, _b = session(backend)
    assert s.game.game_name == name and s.game.variant == (2 if name == "spider" else 3)


def test_klondike_quick_taps_on_two_cards_of_a_pile_are_two_taps() -> None:
    g = KlondikeGame.from_text(kbuild(["* 8S", "* 8C", "* 7H", "* KD", "AH", "* KC", "* #5D 6C"]))
    c = KlondikeControl(g)
    refused = c.tap(Spot(6, 0, False))  # a face-down card
    assert refused.refusal and refused.say is not None and refused.say.key == "klondike.move.face_down"
    second = c.double_tap(top(g, 6))  # the input saw two taps on column 7: the second is a tap
    assert second == KlondikeControl(g).tap(top(g, 6)) and c.sel is not None
