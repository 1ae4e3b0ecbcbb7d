"""The page's language: chosen once at start (``?lang=``, then the saved setting, then the
browser's ``navigator.languages``), held by the app, switched by rebuilding the chrome.

:class:`Texts` renders keys and engine messages in that language; every module of the page
gets the app's instance instead of reading a global.
"""

from __future__ import annotations

from ..core.messages import Msg
from ..texts import LANGUAGES, pick_language, text


class Texts:
    """``tx("ui.btn.undo")`` → ``"Zurück"`` / ``"Undo"``; ``tx.msg(Msg(...))`` for engine messages."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(lang)
        self.lang = lang

    def __call__(self, key: str, /, **values: object) -> str:
        rendered = {k: v.render(self.lang) if isinstance(v, Msg) else v for k, v in values.items()}
        return text(key, self.lang, **rendered)

    def msg(self, message: Msg) -> str:
        return message.render(self.lang)


def choose_language(query: str | None, saved: str | None, browser: list[str]) -> str:
    """The link's ``?lang=`` wins, then the player's saved choice, then the browser.

    >>> choose_language(None, None, ["en-GB"]), choose_language("de", "en", [])
    ('en', 'de')
    >>> choose_language("xx", "en", [])
    'en'
    """
    for choice in (query, saved):
        if choice in LANGUAGES:
            return choice
    return pick_language(browser)
