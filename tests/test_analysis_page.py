"""The page's side of the analysis (spider/web/analysis_flow.py), without a browser: when it
may run, ending a game for it, the worker's request and answer, the answer in words, and the
replay of a line (exact positions forth and back)."""

from __future__ import annotations

import json

from klondike_positions import build as kbuild
from test_session import session

from spider.core.analysis import Analysis
from spider.core.messages import Msg
from spider.klondike import Game as KGame
from spider.klondike import Move as KMove
from spider.stats import Stats
from spider.web.analysis_flow import AnalysisFlow, Line, Replay, after, own_label, start_of
from spider.web.mode import Meta
from spider.web.storage import STATS_KEY
from spider.web.worker_api import handle

LOSING = ("klondike 3\nstock: JS JH TS\nwaste: 9C\nfoundations: 8S 8H 8D 8C\n1: TC\n2: #JD TH\n"
          "3: #KD #QD #QC #TD #QH QS\n4: #KS #9D KC\n5:\n6: #9S #KH #JC 9H\n7:")


def klondike_session(text: str = LOSING) -> tuple[object, AnalysisFlow]:
    s, _clock, _backend = session()
    s.game = KGame.from_text(text)
    s.origin = text
    s.settings.game = "klondike"
    return s, AnalysisFlow(s)


def test_a_replay_steps_through_the_exact_positions_and_back() -> None:
    g = KGame.new(deal_id="K1-7")
    texts = [g.to_text()]
    for _ in range(12):
        g.play(g.hint().move or KMove.stock())
        texts.append(g.to_text())
    r = Replay(Line(own_label(), start_of(g), tuple(g.line)))
    assert r.of == 12 and r.game.to_text() == texts[0]
    while r.forward():
        assert r.game.to_text() == texts[r.step]
    assert r.step == 12 and r.next_move() is None and not r.forward()
    r.to(5)
    assert r.game.to_text() == texts[5]
    while r.back():
        assert r.game.to_text() == texts[r.step]
    assert after(g, 7).to_text() == texts[7]


def test_a_game_that_can_still_be_played_is_analysed_only_after_it_is_ended() -> None:
    s, flow = klondike_session()
    assert not flow.finished() and not flow.can_end_for_it()  # not even started
    s.play(lambda: s.game.play(KMove.stock()), "move")
    assert not flow.finished() and flow.can_end_for_it()
    out = flow.end()
    assert out.save and s.mode.over and flow.finished()
    record = Stats.from_json(s.storage.backend.data[STATS_KEY]).get("klondike-3-any")
    assert (record.played, record.won) == (1, 0)  # counted as not won, once
    refused = s.play(lambda: s.game.play(KMove.stock()), "move")
    assert refused.refusal and refused.said[0].key == "analysis.over"
    assert s.hint().said[0].key == "analysis.over"
    assert s.restart().mounted and not s.mode.over  # the same cards again can be played


def test_the_worker_answers_with_the_losing_move_in_words() -> None:
    s, flow = klondike_session()
    s.play(lambda: s.game.play(KMove.stock()), "move")
    flow.end()
    request = flow.request()
    assert request["given_up"] is True and request["game"] == "klondike" and flow.state == "running"
    progress: list[tuple[int, int]] = []
    answer = json.loads(handle(json.dumps(request), lambda d, t: progress.append((d, t))))
    a = flow.answer(answer)
    assert a is not None and flow.state == "done" and progress and progress[-1][0] == progress[-1][1]
    assert (a.status, a.last_winnable, flow.losing_text()) == ("losing_move", 0, "stock")
    said = flow.summary(a)
    assert said.key == "analysis.losing.first"
    assert "Stapel" in said.render("de") or "stock" in said.render("en").lower()
    own = flow.own_line()
    assert own.losing == 0 and own.moves == (KMove.stock(),)
    win = flow.winning_line()
    assert win is not None and win.first == 1 and win.start.to_text() == KGame.from_text(LOSING).to_text()
    r = Replay(win)
    while r.forward():
        pass
    assert r.game.is_won


def test_a_failed_or_stopped_worker_answer_is_no_analysis() -> None:
    _s, flow = klondike_session()
    assert flow.answer({"status": "stopped"}) is None and flow.state is None
    assert flow.answer({"status": "ok", "analysis": {"format": "nonsense"}}) is None


def test_every_outcome_has_its_sentence() -> None:
    s, flow = klondike_session()
    for _ in range(3):
        s.play(lambda: s.game.play(KMove.stock()), "move")
    base = {"game": "klondike", "length": 3, "ended": "given_up", "from_start": "undecided"}
    cases = {
        "analysis.lost_from_start": Analysis(**{**base, "from_start": "lost"}, first_lost=0),
        "analysis.winnable_at_end": Analysis(**base, last_winnable=3),
        "analysis.losing": Analysis(**base, last_winnable=1, first_lost=2, losing_move=KMove.stock()),
        "analysis.undecided.range": Analysis(**base, last_winnable=1, first_lost=3, undecided=(2,)),
        "analysis.undecided.after": Analysis(**base, last_winnable=1, undecided=(2, 3)),
        "analysis.undecided.before": Analysis(**base, first_lost=2, undecided=(0, 1)),
        "analysis.undecided.none": Analysis(**base, undecided=(0, 1, 2, 3)),
        "analysis.undecided.deal_range": Analysis(**base, last_winnable=0, first_lost=3, undecided=(1, 2)),
        "analysis.undecided.deal_after": Analysis(**base, last_winnable=0, undecided=(1, 2, 3)),
        "analysis.won": Analysis(**{**base, "ended": "won", "from_start": "won"}, last_winnable=3),
    }
    for key, a in cases.items():
        said = flow.summary(a)
        assert said.key == key, (key, said)
        for lang in ("de", "en"):
            assert "{" not in said.render(lang)
    losing = flow.summary(cases["analysis.losing"])
    assert losing.values["last"] == 1 and losing.values["n"] == 2
    assert flow.summary(cases["analysis.undecided.deal_range"]).values == {"first": 3}


def test_a_won_game_offers_its_replay_and_a_stuck_one_its_analysis() -> None:
    s, flow = klondike_session("klondike 1\nstock: -\nwaste: -\nfoundations: QS KH KD KC\n1: KS\n"
                               "2:\n3:\n4:\n5:\n6:\n7:")
    s.play(lambda: s.game.play(s.game.legal_moves()[0]), "move")
    assert s.game.is_won and flow.finished() and flow.offer() == Msg("analysis.btn.replay")
    out = s.endings()
    assert ("analyse", Msg("analysis.btn.replay")) in out.dialog.extra  # type: ignore[union-attr]
    stuck, flow2 = klondike_session(kbuild(["* #AS KH", "#AH KS", "#AD KC", "#AC KD", "#QS 2S", "#QH 2H",
                                            "#QD 2D"]))
    assert stuck.game.is_stuck and flow2.finished() and flow2.offer() == Msg("analysis.btn.where")


def test_over_is_kept_in_the_save() -> None:
    meta = Meta(level="hard", recorded=True, over=True)
    assert Meta.from_doc(meta.to_doc(), levels=("easy", "normal", "hard")) == meta
