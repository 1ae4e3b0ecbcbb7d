"""Anything from outside (storage, a link, a file) is bounded, typed exactly, and refused with
a German message: never RecursionError, never Python's own text, never a crash deeper down.
(The attacker's issue: nested JSON killed the page at every start.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spider import Game, Move
from spider.core.messages import MessageError
from spider.core.registry import game_from_json, game_from_text, new_game
from spider.core.saves import load_json, nesting_depth

NESTED = ["[" * 10_000, "[" * 100_000, '{"a":' * 5_000, "[" * 40 + "]" * 40]
PYTHON_WORDS = ("Expecting", "line 1 column", "Exceeds the limit", "Traceback", "RecursionError",
                "object", "NoneType", "int()")


def german_refusal(call: object) -> str:
    with pytest.raises(ValueError) as e:
        call()  # type: ignore[operator]
    text = str(e.value)
    assert isinstance(e.value, MessageError), type(e.value)
    assert not any(w in text for w in PYTHON_WORDS), text
    return text


@pytest.mark.parametrize("doc", NESTED)
def test_deeply_nested_json_is_refused_not_a_recursion_error(doc: str) -> None:
    assert "verschachtelt" in german_refusal(lambda: Game.from_json(doc))
    german_refusal(lambda: load_json(doc))
    german_refusal(lambda: game_from_json(doc))


def test_huge_numbers_and_huge_documents_are_refused_in_our_own_words() -> None:
    doc = json.loads(Game.new(deal_id="S4-1").to_json())
    huge = json.dumps({**doc, "cursor": 7}).replace('"cursor": 7', '"cursor": ' + "9" * 5000)
    assert "9" * 5000 in huge
    german_refusal(lambda: Game.from_json(huge))
    german_refusal(lambda: Game.from_json("{not json"))
    german_refusal(lambda: Game.from_json("[" + "1," * 1_500_000 + "1]"))
    german_refusal(lambda: Game.from_json(b"\xff\xfe"))


@pytest.mark.parametrize("value", [None, 123, 4.0, True, ["S4-1"], b"S4-1"])
def test_wrong_types_are_refused_with_a_german_message(value: object) -> None:
    german_refusal(lambda: Move.from_text(value))  # type: ignore[arg-type]
    if value is not None:  # no ID: a random deal
        german_refusal(lambda: Game.new(deal_id=value))  # type: ignore[arg-type]
    german_refusal(lambda: Game.from_text(value))  # type: ignore[arg-type]
    german_refusal(lambda: Game.from_json(value))  # type: ignore[arg-type]
    german_refusal(lambda: game_from_text(value))  # type: ignore[arg-type]
    german_refusal(lambda: new_game(value))  # type: ignore[arg-type]


@pytest.mark.parametrize("suits", [True, 2.0, "4", 3, None])
def test_the_suits_of_a_new_game_are_checked_exactly(suits: object) -> None:
    german_refusal(lambda: Game.new(suits=suits))  # type: ignore[arg-type]


def test_move_texts_are_refused_in_german() -> None:
    text = german_refusal(lambda: Move.from_text("11>2"))
    assert "Spalten sind 1 bis 10" in text
    assert "kein Zug" in german_refusal(lambda: Move.from_text("x" * 10_000))
    assert len(german_refusal(lambda: Move.from_text("x" * 10_000))) < 200


def test_a_long_position_text_is_refused_and_quoted_short() -> None:
    text = german_refusal(lambda: Game.from_text("spider 4\n" + "x" * 100_000))
    assert len(text) < 200
    bad = german_refusal(lambda: Game.from_text("spider 9 " + "y" * 3000))
    assert len(bad) < 300


@pytest.mark.parametrize("field", ["lenient_deal", "duel", "undos", "deal_id", "start", "known_down"])
def test_fields_of_a_saved_game_are_typed_exactly(field: str) -> None:
    doc = json.loads(Game.new(deal_id="S4-1").to_json())
    for bad in (1, 0, "yes", None, 2.5, [], {}):
        if field == "deal_id" and bad is None:
            continue
        if field == "undos" and type(bad) is int:
            continue
        german_refusal(lambda: Game.from_json(json.dumps({**doc, field: bad})))  # noqa: B023


def test_every_refusal_renders_in_english_too() -> None:
    with pytest.raises(MessageError) as e:
        Game.from_json("[" * 10_000)
    assert e.value.message.render("en") == "The saved game is damaged: The data is nested too deeply."


# An unterminated run of escaped quotes made the nesting check rescan from every quote:
# quadratic (32 KB took 6 s; at these sizes the old check ran for minutes). Refused at once now.
RESCANNED = ['"' + '\\"' * 100_000, "[" + '"' + '\\"' * 100_000, '"' + '\\"' * 100_000 + "\\",
             '"' * 200_000, "[" * 30 + '"' + "\\" * 200_001]


@pytest.mark.parametrize("text", RESCANNED, ids=["quotes", "in a list", "trailing backslash", "quotes only",
                                                 "backslashes"])
def test_texts_that_made_the_depth_check_quadratic_are_refused(text: str) -> None:
    german_refusal(lambda: load_json(text))


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**29), 10**29)
    | st.text(alphabet='[]{}"\\ab,:\n', max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='[]{"\\x', max_size=4),
                                                                inner, max_size=3),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(_JSON)
def test_the_depth_check_counts_what_json_nests(value: object) -> None:
    text = json.dumps(value)
    assert nesting_depth(text) == _depth(value)
    assert load_json(text) == value
