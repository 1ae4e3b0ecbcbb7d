"""The engine's worker, and the verdict on top of it: "can this game still be won?"

The page may say a game is lost only when the solver has proved it, and only when every
card is known to the player (no unseen face-down card, no unseen stock card). The search
runs in a Web Worker (``assets/engine-worker.mjs``, Pyodide with the package) so every button
and card keeps working.

* The worker starts in the background, never during the page's own start: once the game
  is near the point where a verdict may be asked for (few unseen cards left), and only a
  few seconds after the board is ready. A check asked for earlier starts it at once.
  Starting costs about two seconds, off the main thread; warmed this way, a decided
  verdict usually comes within a second.
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
from typing import Protocol

from pyscript import window

from ..core.registry import Solitaire
from ..core.solving import solve_request
from .dom import Bindings, obj
from .jsdom import Event

SECONDS = 5.0  # the search's own clock ("a few seconds"; the benchmark target is 5 s)
MAX_NODES = 250_000  # bounds the worker's memory (about 1 KB a position)
WARM_UNSEEN = 12  # start the worker ahead of need once at most this many cards are unseen
WARM_AFTER_MS = 3000  # … and not before the page has been ready this long
CACHE = 64
WORKER_URL = "./assets/engine-worker.mjs"

Result = dict[str, object]


class Worker(Protocol):
    """The engine's Web Worker as the page uses it."""

    def postMessage(self, message: object) -> None: ...

    def terminate(self) -> None: ...

    def addEventListener(self, event: str, handler: object, options: object = ...) -> None: ...

    def removeEventListener(self, event: str, handler: object, options: object = ...) -> None: ...


class EngineWorker:
    """A worker of the engine: requests in, answers out, matched by id (the page keeps one
    for the verdict and the duel's computer, and one for an analysis, which Cancel stops)."""

    def __init__(self) -> None:
        self.worker: Worker | None = None
        self.failed = False
        self.pending: dict[int, asyncio.Future[str]] = {}
        self.progress: dict[int, Callable[[int, int], None]] = {}
        self.next_id = 0
        self.bind = Bindings()

    def start(self) -> None:
        if self.worker is not None or self.failed:
            return
        try:
            self.worker = window.Worker.new(WORKER_URL, obj({"type": "module"}))
        except Exception:  # no module workers: the page falls back to normal hints
            self.failed = True
            return
        self.bind.listen(self.worker, "message", self._answer)
        self.bind.listen(self.worker, "error", self._broken)

    def _answer(self, event: Event) -> None:
        data = event.data
        ident = int(data.id)
        step = getattr(data, "progress", None)
        if step is not None:  # on the way: the request runs on
            report = self.progress.get(ident)
            if report is not None:
                report(int(step[0]), int(step[1]))
            return
        self.progress.pop(ident, None)
        future = self.pending.pop(ident, None)
        if future is not None and not future.done():
            future.set_result(str(data.answer))

    def stop(self) -> None:
        """End the worker now (an analysis the player cancelled): whatever it was asked
        answers "stopped"; the next request starts a new worker."""
        worker, self.worker = self.worker, None
        self.bind.unbind()
        if worker is not None:
            worker.terminate()
        for future in self.pending.values():
            if not future.done():
                future.set_result(json.dumps({"status": "stopped"}))
        self.pending.clear()
        self.progress.clear()

    def _broken(self, event: Event) -> None:
        event.preventDefault()  # reported once below, not as an uncaught error
        self.failed = True
        for future in self.pending.values():
            if not future.done():
                future.set_result(json.dumps({"status": "error", "reason": "worker failed"}))
        self.pending.clear()

    async def ask(self, request: str, progress: Callable[[int, int], None] | None = None) -> str:
        self.start()
        if self.failed:
            return json.dumps({"status": "error", "reason": "no worker"})
        self.next_id += 1
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        if progress is not None:
            self.progress[self.next_id] = progress
        if self.worker is not None:
            self.worker.postMessage(obj({"id": self.next_id, "request": request}))
        return await future


def position_key(game: Solitaire) -> str:
    """What a verdict depends on: the table and what the player has seen."""
    return f"{game.game_name}|{game.to_text()}|{game.to_json()}"


class Verdict:
    def __init__(self, engine: EngineWorker) -> None:
        self.engine = engine
        self.running = False
        self.wanted: str | None = None  # the key whose answer the player waits for
        self.queue: tuple[str, str, Callable[[Result], None]] | None = None
        self.cache: dict[str, Result] = {}
        self.task: object = None  # the running search (kept from the garbage collector)
        self.warm_allowed = False

    def allow_warming(self, game: Solitaire) -> None:
        """Called once the page has been ready a while: from now on :meth:`warm` may start
        the worker."""
        self.warm_allowed = True
        self.warm(game)

    def warm(self, game: Solitaire) -> None:
        """Start the worker early when a verdict may soon be asked for."""
        if self.warm_allowed and self.engine.worker is None and game.unseen_count <= WARM_UNSEEN:
            self.engine.start()
            self.task = asyncio.ensure_future(self.engine.ask(json.dumps({"op": "ping"})))

    def ask(self, game: Solitaire, done: Callable[[Result], None]) -> None:
        """Check ``game``; ``done(result)`` is called later unless :meth:`cancel` comes
        first. Answers at once from the cache."""
        key = position_key(game)
        self.wanted = key
        if key in self.cache:
            done(self.cache[key])
            return
        self.queue = (key, solve_request(game.game_name, game.to_json(), SECONDS, MAX_NODES), done)
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
                key, request, done = self.queue
                self.queue = None
                try:
                    result: Result = json.loads(await self.engine.ask(request))
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
