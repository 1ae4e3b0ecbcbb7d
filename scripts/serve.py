"""Serve the built site (`build/site`) at http://localhost:8000/ (stdlib only).

    python3 scripts/serve.py                # port from $PORT, else 8000
    python3 scripts/serve.py 8080 --base /spider-solitaire/   # GitHub Pages style sub-path

Run `python3 scripts/build_site.py` first (`make serve` does both).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sitesrv

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", nargs="?", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--base", default="/", help="serve under this sub-path, e.g. /repo/")
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to bind (default: loopback only)")
    args = parser.parse_args(argv)

    if not (args.site / "index.html").is_file():
        print(f"error: no {args.site}/index.html: build the site first (`make serve` does), "
              "and check that the repository has an index.html", file=sys.stderr)
        return 1
    server = sitesrv.SiteServer(args.site, host=args.host, port=args.port, base=args.base,
                                verbose=True)
    shown_host = "localhost" if args.host in ("127.0.0.1", "::1", "localhost") else args.host
    print(f"Serving {args.site} at http://{shown_host}:{server.port}{server.base}"
          "  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
