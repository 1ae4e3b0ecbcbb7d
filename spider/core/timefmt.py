"""How a playing time reads: ``m:ss`` as the status shows it, ``h:mm:ss`` from an hour on.

>>> format_time(252_000), format_time(3_725_000), format_time(-5)
('4:12', '1:02:05', '0:00')
"""

from __future__ import annotations


def format_time(ms: float) -> str:
    s = max(0, int(ms)) // 1000
    h, m = divmod(s // 60, 60)
    return f"{h}:{m:02d}:{s % 60:02d}" if h else f"{m}:{s % 60:02d}"
