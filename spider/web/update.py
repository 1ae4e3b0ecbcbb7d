"""The quiet "new version" offer.

``assets/sw-register.js`` registers the service worker. When a new version of the site is
installed and waiting, it sets ``<html data-update="waiting">`` and dispatches
``spider:update`` on ``window``; this module then shows one small button in the header.
Taking it saves the game, dispatches ``spider:update-apply``, and the script lets the new
worker take over and reloads the page, which resumes the saved game.
"""

from __future__ import annotations

from collections.abc import Callable

from pyscript import document, window

from .dom import Bindings, absent, byid, el
from .i18n import Texts
from .jsdom import Element, Event


class UpdateOffer:
    def __init__(self, save: Callable[[], None], tx: Texts) -> None:
        self.save = save
        self.tx = tx
        self.button: Element | None = None
        self.bind = Bindings()
        self.bind.listen(window, "spider:update", lambda _e: self.show())
        if document.documentElement.getAttribute("data-update") == "waiting":
            self.show()

    def show(self) -> None:
        if self.button is not None:
            return
        self.button = el("button", "update", self.tx("ui.update"), type="button", data_update="")
        self.bind.listen(self.button, "click", self._take)
        place = document.querySelector(".bar .name")
        (byid("app") if absent(place) else place).append(self.button)

    def _take(self, _event: Event) -> None:
        self.save()
        if self.button is not None:
            self.button.disabled = True
        window.dispatchEvent(window.CustomEvent.new("spider:update-apply"))
