"""Playing time: runs from the first action, stops while the tab is hidden, while the game
is paused and once it is over; an optional time limit says when it has run out.

Pure logic (``now`` is injected: the page passes ``performance.now``), tested on CPython.

>>> t = [0.0]
>>> c = Clock(lambda: t[0])
>>> c.run(); t[0] = 1500.0; c.value()
1500.0
>>> c.pause(); t[0] = 9000.0; c.value()
1500.0
"""

from __future__ import annotations

from collections.abc import Callable


class Clock:
    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.base = 0.0
        self.since: float | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def value(self) -> float:
        return self.base + (self.now() - self.since if self.since is not None else 0.0)

    def run(self) -> None:
        if self.since is None:
            self.since = self.now()

    def pause(self) -> None:
        if self.since is not None:
            self.base = self.value()
            self.since = None

    def reset(self, ms: float = 0.0) -> None:
        self.base = float(ms)
        self.since = None


def over_limit(ms: float, limit_minutes: int) -> bool:
    """Has a time limit (minutes; 0 = none) run out after ``ms`` of play?

    >>> over_limit(59_999, 1), over_limit(60_000, 1), over_limit(10**9, 0)
    (False, True, False)
    """
    return limit_minutes > 0 and ms >= limit_minutes * 60_000
