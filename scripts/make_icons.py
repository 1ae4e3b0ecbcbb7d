"""Render the app icons (PNG) from the project's own drawing, `assets/icons/icon.svg`.

    .venv/bin/python scripts/make_icons.py      # after editing icon.svg; commit the PNGs

Headless Chromium (Playwright; `$CHROMIUM`, else /usr/bin/chromium, else Playwright's own)
draws the SVG at exact pixel sizes:

- `icon-192.png`, `icon-512.png`: the icon as drawn (rounded felt square, transparent
  corners), `purpose: any` in `manifest.webmanifest`;
- `icon-maskable-512.png`: the drawing at 78 % on a full-bleed square of the same flat felt
  colour, so everything that matters lies inside the maskable safe zone (the central circle
  of 80 % diameter) and any mask shape the launcher cuts shows felt, never a seam;
- `apple-touch-icon.png` (180 px, opaque: iOS fills transparency with black).

The PNGs are committed; the build and the tests only read them.
"""

from __future__ import annotations

import base64
import os
import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "assets" / "icons"
FELT = "#1d5a3a"  # the SVG's background and the manifest's background_color

# name, size in px, scale of the drawing, background (None = transparent)
OUTPUTS = (
    ("icon-192.png", 192, 1.0, None),
    ("icon-512.png", 512, 1.0, None),
    ("icon-maskable-512.png", 512, 0.78, FELT),
    ("apple-touch-icon.png", 180, 1.0, FELT),
)


def page_html(svg: bytes, size: int, scale: float, background: str | None) -> str:
    src = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    inner = round(size * scale)
    offset = (size - inner) // 2
    bg = background or "transparent"
    return (
        f"<!doctype html><html><body style='margin:0;width:{size}px;height:{size}px;background:{bg}'>"
        f"<img src='{src}' width='{inner}' height='{inner}' "
        f"style='position:absolute;left:{offset}px;top:{offset}px;display:block'></body></html>"
    )


def chromium() -> str | None:
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    return "/usr/bin/chromium" if shutil.which("/usr/bin/chromium") else None


def main() -> int:
    svg = (ICONS / "icon.svg").read_bytes()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        for name, size, scale, background in OUTPUTS:
            page = browser.new_page(viewport={"width": size, "height": size},
                                    device_scale_factor=1)
            page.set_content(page_html(svg, size, scale, background))
            page.wait_for_function("document.images[0].complete")
            page.screenshot(path=str(ICONS / name), omit_background=background is None,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"make_icons: assets/icons/{name} ({size}x{size})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
