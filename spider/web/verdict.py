"""The verdict: "can this game still be won?", checked in a Web Worker.

The page may say a game is lost only when the solver has proved it, and only when every
card is known to the player (no unseen face-down card, no unseen stock card). The search
runs in a PyScript worker (``solver_worker.py``) so every button and card keeps working.

* The worker is started lazily: once the stock is empty and few face-down cards remain, or
  when a check is first asked for. Starting it costs about two seconds, off the main thread.
* At most one check runs at a time. A move made meanwhile cancels the check as far as the
  player is concerned: its answer is kept in a small cache (it is still true of that
  position, which undo may bring back) but not shown, and the newest request runs next.
  The search itself cannot be interrupted from outside without SharedArrayBuffer, so it
  stops on its own clock (``SECONDS``).
* The answer is one of the solver's three. "unknown" (budget spent) is never a verdict:
  the player then gets the normal hint.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from ..game import Game

SECONDS = 5.0  # the search's own clock ("a few seconds"; the benchmark target is 5 s)
MAX_NODES = 250_000  # bounds the worker's memory (about 1 KB a position)
WARM_FACE_DOWN = 4  # start the worker ahead of need when the stock is empty and few remain
CACHE = 64

Result = dict[str, Any]


def position_key(game: Game) -> str:
    """What a verdict depends on: the table and what the player has seen."""
    return f"{game.to_text()}|{game.known_down}|{game.known_stock}|{game.lenient_deal}"


class Verdict:
    def __init__(self) -> None:
        self.worker: Any = None
        self.starting: asyncio.Future[Any] | None = None
        self.failed = False
        self.running = False
        self.wanted: str | None = None  # the key whose answer the player waits for
        self.queue: tuple[str, str, Callable[[Result], None]] | None = None
        self.cache: dict[str, Result] = {}
        self.task: asyncio.Future[None] | None = None

    # ------------------------------------------------------------------ worker
    def warm(self, game: Game) -> None:
        """Start the worker early when a verdict may soon be asked for."""
        soon = game.all_known or (not game.stock and game.face_down_count <= WARM_FACE_DOWN)
        if soon and self.worker is None and self.starting is None and not self.failed:
            self.starting = asyncio.ensure_future(self._start())

    async def _start(self) -> Any:
        from pyscript import create_named_worker  # type: ignore[attr-defined]

        try:
            worker = await create_named_worker(
                src="./spider/web/solver_worker.py", name="spider-solver", config="./pyscript.toml"
            )
            await worker.ping()
        except Exception:  # no worker support: the page falls back to normal hints
            self.failed = True
            raise
        self.worker = worker
        return worker

    async def _ready(self) -> Any:
        if self.worker is not None:
            return self.worker
        if self.starting is None:
            self.starting = asyncio.ensure_future(self._start())
        return await self.starting

    # ------------------------------------------------------------------ checks
    def ask(self, game: Game, done: Callable[[Result], None]) -> None:
        """Check ``game``; ``done(result)`` is called later unless :meth:`cancel` comes
        first. Answers at once from the cache."""
        key = position_key(game)
        self.wanted = key
        if key in self.cache:
            done(self.cache[key])
            return
        if self.failed:
            done({"status": "error", "reason": "no worker"})
            return
        self.queue = (key, game.to_json(), done)
        if not self.running:
            self.running = True
            self.task = asyncio.ensure_future(self._run())

    def cancel(self) -> None:
        """The position changed: whatever is running or queued is no longer wanted."""
        self.wanted = None
        self.queue = None

    @property
    def busy(self) -> bool:
        return self.wanted is not None and self.wanted not in self.cache

    async def _run(self) -> None:
        try:
            while self.queue is not None:
                key, doc, done = self.queue
                self.queue = None
                try:
                    worker = await self._ready()
                    result: Result = json.loads(str(await worker.check(doc, SECONDS, MAX_NODES)))
                except Exception as e:  # a worker that failed to start or crashed
                    result = {"status": "error", "reason": str(e)}
                if result.get("status") in ("solved", "unsolvable", "unknown"):
                    if len(self.cache) >= CACHE:
                        self.cache.pop(next(iter(self.cache)))
                    self.cache[key] = result
                if key == self.wanted:
                    self.wanted = None
                    done(result)
        finally:
            self.running = False
