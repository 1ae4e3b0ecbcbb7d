"""The statistics: counting, streaks across wins, losses and abandoned games, records of
won games only, duels, daily results and their streak, and the strict JSON document."""

from __future__ import annotations

import datetime
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spider import Game
from spider.core.messages import MessageError
from spider.stats import (
    DAILY_KEEP,
    LAST,
    Entry,
    Record,
    Stats,
    chart_svg,
    format_time,
    started,
    stats_key,
)

KEY = "spider-4"
DAY = datetime.date(2026, 12, 1)


def play(s: Stats, results: str, key: str = KEY) -> None:
    """``W`` won, ``L`` lost, ``A`` abandoned; game i takes 100 + i moves and i minutes."""
    for i, r in enumerate(results, 1):
        if r == "A":
            s.record_abandoned(key, time_ms=i * 60_000, moves=100 + i)
        else:
            s.record_game(key, won=r == "W", time_ms=i * 60_000, moves=100 + i)


@pytest.mark.parametrize(
    ("results", "streak", "best"),
    [
        ("", 0, 0),
        ("W", 1, 1),
        ("WWW", 3, 3),
        ("WWL", 0, 2),
        ("WWA", 0, 2),
        ("WWAWWWL", 0, 3),
        ("WWAWWWLW", 1, 3),
        ("LLLL", 0, 0),
        ("AWWWWA", 0, 4),
        ("WAW", 1, 1),
    ],
)
def test_winning_streaks_across_wins_losses_and_abandoned_games(results: str, streak: int, best: int) -> None:
    s = Stats.empty()
    play(s, results)
    r = s.get(KEY)
    assert (r.streak, r.best_streak) == (streak, best)
    assert r.played == len(results) and r.won == results.count("W")
    assert r.win_rate == (results.count("W") / len(results) if results else 0.0)


def test_a_game_without_a_move_is_not_recorded_and_keeps_the_streak() -> None:
    s = Stats.empty()
    play(s, "WW")
    assert not s.record_abandoned(KEY, time_ms=30_000, moves=0)
    assert not s.record_game(KEY, won=False, time_ms=5_000, moves=0)
    assert s.get(KEY).streak == 2 and s.get(KEY).played == 2
    # moves taken back to zero still count: a move was made
    assert s.record_abandoned(KEY, time_ms=30_000, moves=0, undos=1)
    assert s.get(KEY).streak == 0


def test_started_is_true_from_the_first_move_even_after_undo() -> None:
    g = Game.new(deal_id="S4-1")
    assert not started(g)
    g.play(g.legal_moves()[0])
    assert started(g)
    g.undo()
    assert started(g) and g.moves_count == 0


def test_records_are_of_won_games_only() -> None:
    s = Stats.empty()
    s.record_game(KEY, won=False, time_ms=1_000, moves=5)
    r = s.get(KEY)
    assert (r.best_time_ms, r.fewest_moves, r.average_time_ms) == (None, None, None)
    s.record_game(KEY, won=True, time_ms=300_000, moves=200)
    s.record_game(KEY, won=True, time_ms=200_000, moves=250)
    s.record_abandoned(KEY, time_ms=10_000, moves=3)
    r = s.get(KEY)
    assert (r.best_time_ms, r.fewest_moves, r.average_time_ms) == (200_000, 200, 250_000)
    assert r.played == 4 and r.won == 2 and r.win_rate == 0.5


def test_hints_and_undos_add_up_over_every_recorded_game() -> None:
    s = Stats.empty()
    s.record_game(KEY, won=True, time_ms=1, moves=1, hints=3, undos=4)
    s.record_abandoned(KEY, time_ms=1, moves=1, hints=1, undos=2)
    s.record_game(KEY, won=False, time_ms=1, moves=0, hints=9, undos=0)  # not recorded
    assert (s.get(KEY).hints, s.get(KEY).undos) == (4, 6)


def test_keys_are_separate() -> None:
    s = Stats.empty()
    play(s, "WW", "spider-1")
    play(s, "L", stats_key("klondike", 3, "normal"))
    assert s.get("spider-1").streak == 2 and s.get("klondike-3-normal").played == 1
    assert s.get("spider-2").played == 0
    assert stats_key("spider", 2) == "spider-2"
    with pytest.raises(ValueError):
        stats_key("Spider", 4)


def test_the_last_results_keep_thirty_in_order() -> None:
    s = Stats.empty()
    play(s, "WLA" * 15)
    last = s.get(KEY).last
    assert len(last) == LAST
    assert [e.result for e in last[-3:]] == ["won", "lost", "abandoned"]
    assert last[-1] == Entry("abandoned", 45 * 60_000, 145)


def test_duels_per_way() -> None:
    s = Stats.empty()
    s.record_duel(KEY, "computer", "won")
    s.record_duel(KEY, "computer", "lost")
    s.record_duel(KEY, "link", "drawn")
    s.record_duel(KEY, "device", "won")
    r = s.get(KEY)
    assert r.duel_counts("computer") == (1, 1, 0)
    assert r.duel_counts("link") == (0, 0, 1)
    assert r.duel_counts("device") == (1, 0, 0)
    with pytest.raises(ValueError):
        s.record_duel(KEY, "mail", "won")
    with pytest.raises(ValueError):
        s.record_duel(KEY, "link", "tie")


# ----------------------------------------------------------------------------- daily deal
def day(n: int) -> datetime.date:
    return DAY + datetime.timedelta(n)


def daily(s: Stats, n: int, won: bool, key: str = KEY) -> None:
    s.record_game(key, won=won, time_ms=60_000, moves=100, daily=day(n))


def test_daily_streak_counts_days_in_a_row() -> None:
    s = Stats.empty()
    for n in range(4):
        daily(s, n, True)
    r = s.get(KEY)
    assert r.daily_streak(day(3)) == 4
    assert r.daily_streak(day(4)) == 4  # today not played yet: yesterday's streak stands
    assert r.daily_streak(day(5)) == 0  # a day missed breaks it
    assert r.best_daily_streak == 4 and r.daily_won(day(2))


def test_a_lost_day_breaks_the_daily_streak_but_a_later_win_that_day_mends_it() -> None:
    s = Stats.empty()
    daily(s, 0, True)
    daily(s, 1, False)
    daily(s, 2, True)
    assert s.get(KEY).daily_streak(day(2)) == 1
    daily(s, 1, True)  # the same day's deal, tried again and won
    assert s.get(KEY).daily_streak(day(2)) == 3
    daily(s, 2, False)  # a loss cannot spoil a day already won
    assert s.get(KEY).daily["2026-12-03"] == "won"
    assert s.get(KEY).best_daily_streak == 3


def test_an_abandoned_daily_deal_counts_as_not_won() -> None:
    s = Stats.empty()
    s.record_abandoned(KEY, time_ms=1, moves=4, daily=day(0))
    assert s.get(KEY).daily == {"2026-12-01": "lost"}
    assert s.get(KEY).daily_streak(day(0)) == 0


def test_daily_results_are_kept_per_variant_and_bounded() -> None:
    s = Stats.empty()
    for n in range(DAILY_KEEP + 20):
        daily(s, n, True, "spider-1")
    r = s.get("spider-1")
    assert len(r.daily) == DAILY_KEEP and min(r.daily) == day(20).isoformat()
    assert r.best_daily_streak == DAILY_KEEP  # streaks are counted within the days kept
    assert s.get(KEY).daily == {}
    assert Stats.from_json(s.to_json()) == s


# ----------------------------------------------------------------------------- the document
def full() -> Stats:
    s = Stats.empty()
    play(s, "WWLAWWW")
    s.record_duel(KEY, "link", "won")
    daily(s, 0, True)
    play(s, "LW", "klondike-1-normal")
    return s


def test_the_document_round_trips_and_is_versioned() -> None:
    s = full()
    doc = json.loads(s.to_json())
    assert doc["format"] == "solitaire-stats" and doc["version"] == 1
    assert Stats.from_json(s.to_json()) == s
    assert Stats.from_json(s.to_json().encode()) == s
    assert Stats.from_json(Stats.empty().to_json()) == Stats.empty()


def edited(change: object) -> str:
    doc = json.loads(full().to_json())
    change(doc)  # type: ignore[operator]
    return json.dumps(doc)


def refusal(text: object) -> str:
    with pytest.raises(MessageError) as e:
        Stats.from_json(text)
    return e.value.message.key


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["records"][KEY].update(played=-1),
        lambda d: d["records"][KEY].update(played=True),
        lambda d: d["records"][KEY].update(won=99),
        lambda d: d["records"][KEY].update(streak=9),
        lambda d: d["records"][KEY].update(best_streak=1, streak=3),
        lambda d: d["records"][KEY].update(best_time_ms=None),
        lambda d: d["records"][KEY].update(fewest_moves="12"),
        lambda d: d["records"][KEY].update(hints=1.5),
        lambda d: d["records"][KEY].update(extra=1),
        lambda d: d["records"][KEY].pop("undos"),
        lambda d: d["records"][KEY].update(last=[["won", 1]]),
        lambda d: d["records"][KEY].update(last=[["tie", 1, 1]]),
        lambda d: d["records"][KEY].update(last=[["won", 1, 1]] * 31),
        lambda d: d["records"][KEY]["duels"].update(mail=[0, 0, 0]),
        lambda d: d["records"][KEY]["duels"].update(link=[0, 0]),
        lambda d: d["records"][KEY]["daily"].update({"2026-02-30": "won"}),
        lambda d: d["records"][KEY]["daily"].update({"2026-12-02": "maybe"}),
        lambda d: d["records"].update({"Spider 4": d["records"][KEY]}),
        lambda d: d["records"].update({f"spider-{n}": d["records"][KEY] for n in range(40)}),
        lambda d: d.update(records=[]),
        lambda d: d.update(extra=True),
    ],
)
def test_a_broken_document_is_refused_as_a_whole(change: object) -> None:
    assert refusal(edited(change)) == "stats.broken"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("not json", "stats.broken"),
        ("[" * 5000, "stats.broken"),
        ('{"a": 1}', "stats.foreign"),
        ("[]", "stats.foreign"),
        ('{"format": "solitaire-game", "version": 2}', "stats.foreign"),
        ('{"format": "solitaire-stats", "version": 2, "records": {}}', "stats.version"),
        ('{"format": "solitaire-stats", "version": "1", "records": {}}', "stats.version"),
        ("x" * 500_000, "stats.broken"),
        (12, "stats.broken"),
        (b"\xff\xfe", "stats.broken"),
    ],
)
def test_foreign_and_damaged_files_are_refused_with_their_reason(text: object, key: str) -> None:
    assert refusal(text) == key


def test_a_refused_import_leaves_the_current_statistics_alone() -> None:
    s = full()
    before = s.to_json()
    with pytest.raises(MessageError) as e:
        s = Stats.from_json('{"format": "solitaire-stats", "version": 1, "records": {"spider-4": 1}}')
    assert s.to_json() == before
    assert "Statistikdatei" in str(e.value) and "statistics file" in e.value.render("en")


# ----------------------------------------------------------------------------- properties
outcomes = st.lists(st.tuples(st.sampled_from("WLA"), st.integers(0, 10**7), st.integers(0, 500),
                              st.integers(0, 30)), max_size=80)


@settings(max_examples=60, deadline=None)
@given(outcomes)
def test_counts_stay_consistent_and_round_trip(games: list[tuple[str, int, int, int]]) -> None:
    s = Stats.empty()
    streak = best = 0
    recorded: list[str] = []
    for r, ms, moves, days in games:
        date = day(days) if days % 3 == 0 else None
        if r == "A":
            ok = s.record_abandoned(KEY, time_ms=ms, moves=moves, daily=date)
        else:
            ok = s.record_game(KEY, won=r == "W", time_ms=ms, moves=moves, daily=date)
        assert ok == (moves > 0)
        if ok:
            recorded.append(r)
            streak = streak + 1 if r == "W" else 0
            best = max(best, streak)
    rec = s.get(KEY)
    assert (rec.played, rec.won, rec.streak, rec.best_streak) == (len(recorded), recorded.count("W"),
                                                                  streak, best)
    assert [e.result[0].upper() for e in rec.last] == recorded[-LAST:]
    assert Stats.from_json(s.to_json()) == s


# ----------------------------------------------------------------------------- display helpers
def test_times_read_as_the_status_shows_them() -> None:
    assert [format_time(ms) for ms in (0, 999, 61_000, 252_000, 3_599_999, 3_600_000)] == [
        "0:00", "0:00", "1:01", "4:12", "59:59", "1:00:00"]


def test_the_chart_has_a_bar_per_result_with_a_spoken_title() -> None:
    s = Stats.empty()
    play(s, "WLA")
    svg = chart_svg(s.get(KEY), "de")
    assert svg.startswith("<svg") and svg.count("<rect") == 3
    assert 'class="won"' in svg and 'class="lost"' in svg and 'class="abandoned"' in svg
    assert "Spiel 1: gewonnen, 1:00, 101 Züge" in svg and 'aria-label="Die letzten 3 Spiele"' in svg
    assert chart_svg(Record(), "en").count("<rect") == 0


# ----------------------------------------------------------------------------- the attacker's files
def _won_entries(d: dict[str, object], n: int) -> None:
    rec = d["records"][KEY]  # type: ignore[index]
    rec.update(played=40, last=[["won", 60_000, 100]] * n)


@pytest.mark.parametrize(
    "change",
    [
        # 32 keys of the right shape that no game has: the dialog cannot show them, and every
        # later game end raised "too many statistics keys"
        lambda d: d["records"].update({f"zz-{n}": d["records"][KEY] for n in range(32)}),
        lambda d: d["records"].update({"spider-3": d["records"][KEY]}),
        lambda d: d["records"].update({"klondike-1-extreme": d["records"][KEY]}),
        lambda d: d["records"].update({"klondike-1": d["records"][KEY]}),
        # thirty won games in the last results of a record that won fewer
        lambda d: _won_entries(d, 30),
        # a best daily streak of 1000 with no daily day
        lambda d: d["records"][KEY].update(best_daily_streak=1000, daily={}),
        lambda d: d["records"][KEY].update(best_daily_streak=0),
        # times no game can take
        lambda d: d["records"][KEY].update(best_time_ms=10**13),
        lambda d: d["records"][KEY].update(last=[["lost", 10**13, 5]]),
        lambda d: d["records"][KEY].update(won_time_ms=10**13),
        # a streak the last results do not end with
        lambda d: d["records"][KEY].update(last=[*d["records"][KEY]["last"][:-1], ["lost", 1, 1]]),
        # a daily win that is no won game
        lambda d: d["records"]["klondike-1-normal"]["daily"].update({"2026-01-0" + str(i): "won"
                                                                     for i in range(1, 4)}),
    ],
)
def test_a_file_that_no_play_could_make_is_refused(change: object) -> None:
    assert refusal(edited(change)) == "stats.broken"


def test_a_key_named_twice_is_refused_not_read_as_the_last_one() -> None:
    text = full().to_json()
    doubled = text[:-1] + ',"records":{}}'
    assert refusal(doubled) == "stats.broken"
    inner = text.replace('"spider-4":', '"spider-4":{},"spider-4":', 1)
    assert inner != text and refusal(inner) == "stats.broken"


def test_every_key_the_games_name_can_be_recorded_after_any_accepted_import() -> None:
    """Recording never raises: after the fullest file the statistics accept, every real key
    still takes a game and a duel."""
    from spider.core.registry import all_stats_keys

    s = Stats.empty()
    for key in all_stats_keys():
        play(s, "WL", key)
    imported = Stats.from_json(s.to_json())
    for key in all_stats_keys():
        assert imported.record_game(key, won=True, time_ms=1000, moves=5)
        imported.record_duel(key, "computer", "won")
    assert Stats.from_json(imported.to_json()) == imported
