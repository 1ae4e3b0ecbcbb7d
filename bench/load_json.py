"""Reading untrusted JSON at its limits: how long ``spider.core.saves.load_json`` takes to
refuse (or read) hostile texts of up to the 2,000,000-character limit, beside ``json.loads``
of a text of the same size (the floor: the parse itself). Every text here is refused or read
in time linear in its size; before the scan was linear, an unterminated run of escaped
quotes (``'"' + '\\\\"' * n``) took 6 s at 32 KB and would have taken hours at the limit.

    python bench/load_json.py            # sizes 32 KB, 256 KB, 2 MB
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from spider.core.messages import MessageError  # noqa: E402
from spider.core.saves import MAX_BYTES, load_json  # noqa: E402

HOSTILE: dict[str, Callable[[int], str]] = {
    "unterminated escaped quotes": lambda n: '"' + '\\"' * ((n - 1) // 2),
    "escaped quotes in brackets": lambda n: "[" + '"' + '\\"' * ((n - 3) // 2) + "]",
    "deep brackets": lambda n: "[" * n,
    "many short strings": lambda n: "[" + ",".join(['"a\\"b"'] * ((n - 2) // 7)) + "]",
    "quotes only": lambda n: '"' * n,
    "backslashes only": lambda n: '"' + "\\" * (n - 1),
}


def timed(call: Callable[[], object]) -> tuple[float, str]:
    t0 = time.perf_counter()
    try:
        call()
        outcome = "read"
    except MessageError as e:
        outcome = "refused: " + e.message.render("en")[:40]
    return (time.perf_counter() - t0) * 1000, outcome


def main() -> None:
    sizes = (32_000, 256_000, MAX_BYTES)
    print(f"load_json on {sys.implementation.name} {sys.version.split()[0]}, ms per text")
    print(f"{'text':30} " + " ".join(f"{n:>10,}" for n in sizes) + "  outcome")
    for name, make in HOSTILE.items():
        cells, outcome = [], ""
        for n in sizes:
            ms, outcome = timed(lambda n=n, make=make: load_json(make(n)))
            cells.append(f"{ms:10.1f}")
        print(f"{name:30} " + " ".join(cells) + f"  {outcome}")
    floor = []
    for n in sizes:
        text = json.dumps(["x" * 50] * (n // 54))
        t0 = time.perf_counter()
        json.loads(text)
        floor.append(f"{(time.perf_counter() - t0) * 1000:10.1f}")
    print(f"{'json.loads, a valid list':30} " + " ".join(floor) + "  (comparison: the parse alone)")


if __name__ == "__main__":
    main()
