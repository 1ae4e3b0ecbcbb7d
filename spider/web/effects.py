"""A short moment of joy when a game is won: suit signs rise and fade over the table for
about a second and a half at the normal pace. Decoration only (hidden from assistive
technology, removed afterwards); the shell does not call it when animations are off (the
setting, or ``prefers-reduced-motion``)."""

from __future__ import annotations

from pyscript import document

from .dom import el, keep, obj

SYMBOLS = "♠♥♦♣"
PIECES = 28
MS = 1600


def celebrate(pace: float = 1.0) -> None:
    """The celebration, its times scaled by ``pace`` (the Animations setting: 0.5 is Fast)."""
    layer = el("div", "celebrate", aria_hidden="true")
    for i in range(PIECES):
        symbol = SYMBOLS[i % 4]
        piece = el("span", f"piece s-{'SHDC'[i % 4]}", symbol)
        x = (i * 37) % 100
        drift = ((i * 53) % 41) - 20
        piece.style.setProperty("left", f"{x}%")
        layer.append(piece)
        piece.animate(
            obj([{"transform": "translate(0, 0) rotate(0deg)", "opacity": 0},
                 {"opacity": 1, "offset": 0.15},
                 {"transform": f"translate({drift}vw, -70vh) rotate({(i % 7) * 60}deg)", "opacity": 0}]),
            obj({"duration": (MS - (i % 5) * 120) * pace, "delay": (i % 9) * 40 * pace,
                 "easing": "ease-out", "fill": "both"}),
        )
    document.body.append(layer)
    layer.animate(obj([{"opacity": 1}, {"opacity": 1}]), obj({"duration": (MS + 400) * pace})).finished.then(
        keep(lambda *_: layer.remove())
    )
