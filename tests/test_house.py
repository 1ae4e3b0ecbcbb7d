"""A third game plugs in with its descriptor alone: registered (in this test only), the
storage, the statistics, the daily deal and the house's architecture rules take it as they
take Spider and Klondike, and it passes the conformance suite's checks, without a line of
those modules changed. (docs/architecture.md lists the steps to add a real game.)"""

from __future__ import annotations

import datetime
import json

import test_architecture
from fake_game import NAME, Game, LadderSettings, Move, registered, saved_page_doc
from test_storage import FakeLocalStorage, storage

from spider.core.registry import all_stats_keys, by_deal_id, find_game, game_from_json, games
from spider.daily import daily_deal_id, share_text
from spider.stats import Stats
from spider.web.mode import Meta
from spider.web.recording import StatsBook, key_of
from spider.web.storage import GAME_KEYS, SETTINGS_KEY, Settings, check_settings


def test_the_registry_finds_it_by_name_letter_and_saved_document() -> None:
    with registered() as info:
        assert [g.name for g in games()][-1] == NAME
        assert by_deal_id("L5-7") is info and find_game(NAME) is info
        game = Game.new(deal_id="L5-7")
        assert game_from_json(game.to_json()).to_text() == game.to_text()
    assert NAME not in [g.name for g in games()]


def test_storage_keeps_its_game_and_its_settings() -> None:
    with registered():
        backend = FakeLocalStorage()
        s = storage(backend)
        game = Game.new(deal_id="L5-7")
        game.play(Move(False))
        assert s.save_game(NAME, game, 1000, None, Meta(level="high")) == "saved"
        assert GAME_KEYS[NAME] == "spider.game.ladder" and GAME_KEYS[NAME] in backend.data
        saved = s.load_game(NAME)
        assert saved is not None and saved.game.to_text() == game.to_text() and saved.mode.level == "high"
        settings = Settings(rungs=5)
        assert settings.of(LadderSettings).rungs == 5
        s.save_settings(settings)
        assert s.load_settings() == settings
        doc = json.loads(backend.data[SETTINGS_KEY])
        assert doc["rungs"] == 5
        bad = {**doc, "rungs": 4}  # a value its descriptor does not allow
        try:
            check_settings(bad)
        except Exception as e:
            assert type(e).__name__ == "MessageError"
        else:
            raise AssertionError("rungs 4 was taken")
        backend.data[GAME_KEYS[NAME]] = saved_page_doc(game, level="nonsense")
        try:
            s.load_game(NAME)
        except Exception as e:  # a level its descriptor does not know: unreadable, kept aside
            assert type(e).__name__ == "Unreadable"


def test_statistics_count_its_games_under_its_own_keys() -> None:
    with registered() as info:
        assert info.stats_keys() == ("ladder-3-low", "ladder-3-high", "ladder-3-any", "ladder-5-low",
                                     "ladder-5-high", "ladder-5-any")
        assert set(info.stats_keys()) <= set(all_stats_keys())
        backend = FakeLocalStorage()
        book = StatsBook(storage(backend))
        game = Game.new(deal_id="L3-600")
        while not game.is_won:
            hint = game.hint().move
            assert hint is not None
            game.play(hint)
        assert key_of(game, None) == "ladder-3-high"
        mode = book.ended(game, Meta(), 5000)
        assert mode.recorded and not book.failed
        record = Stats.from_json(backend.data["spider.stats"]).get("ladder-3-high")
        assert (record.played, record.won) == (1, 1)
    # Without the game, a statistics file with its keys is not the house's.
    try:
        Stats.from_json(backend.data["spider.stats"])
    except Exception as e:
        assert type(e).__name__ == "MessageError"
    else:
        raise AssertionError("a key of no game was taken")


def test_its_daily_deal_follows_its_descriptor() -> None:
    day = datetime.date(2026, 12, 2)
    with registered():
        deal = daily_deal_id(NAME, 5, day)
        assert deal.startswith("L5-") and int(deal[3:]) < 1000
        assert daily_deal_id(NAME, 5, day) == deal and Game.new(deal_id=deal).deal_id == deal


def test_share_text_needs_its_catalog_words() -> None:
    # The daily share line names the game from the catalog: a game registered without its
    # words cannot be shared (the catalog test asks every registered game for them).
    with registered():
        try:
            share_text("en", NAME, 3, datetime.date(2026, 12, 2), True, 1000, 3)
        except KeyError as e:
            assert "daily.game.ladder" in str(e)
        else:
            raise AssertionError("a game without words was shared")


def test_the_architecture_rules_hold_with_it_in_the_house() -> None:
    with registered():
        packages = test_architecture.game_packages()
        assert "fake_ladder" in packages and "spider.klondike" in packages
        test_architecture.test_a_game_never_imports_another_game_and_the_core_imports_no_game()
        test_architecture.test_there_is_no_import_cycle()
