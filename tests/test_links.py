"""The page's own query decoding (spider/web/links.py) agrees with the standard library's."""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlencode

from hypothesis import given
from hypothesis import strategies as st

from spider.web.links import read_link, strip_link


def reference(search: str) -> tuple[str, str] | None:
    query = parse_qs(search.lstrip("?"), keep_blank_values=True)
    return next(((k, query[k][0]) for k in ("deal", "pos") if k in query), None)


text = st.text(alphabet=st.sampled_from("ab+ %&=♠\n#ü?:/-_.~0A"), max_size=16)


@given(text)
def test_a_quoted_value_comes_back_as_it_was(value: str) -> None:
    assert read_link("?pos=" + quote(value, safe="")) == ("pos", value)
    assert read_link("?" + urlencode({"x": "1", "deal": value})) == ("deal", value)


@given(text, text)
def test_raw_query_strings_decode_as_parse_qs_does(a: str, b: str) -> None:
    for search in ("?pos=" + a, "?deal=" + a + "&pos=" + b, "?" + a + "&pos=" + b, a):
        assert read_link(search) == reference(search), search


def test_broken_escapes_stay_and_bad_utf8_becomes_a_replacement_character() -> None:
    assert read_link("?pos=100%") == ("pos", "100%")
    assert read_link("?pos=%zz%4") == ("pos", "%zz%4")
    assert read_link("?deal=%FF") == ("deal", "\ufffd")
    assert read_link("?bench=1") is None


def test_strip_link_keeps_everything_but_the_link() -> None:
    assert strip_link("?bench=1&deal=S4-3") == "?bench=1"
    assert strip_link("?pos=x") == ""
