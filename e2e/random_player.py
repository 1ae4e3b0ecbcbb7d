"""A seeded random player for the real page (``e2e/test_random_play.py``).

It does what a person can do: taps and clicks on visible cards and piles (real mouse or
touch events at a point of the card that shows), drags (mouse, or a finger through the
DevTools protocol as ``e2e.spider_page`` does), double clicks and double taps, long presses
and right clicks, keys on the desktop, toolbar, header, mode-line, notice and dialog buttons
by their accessible names. After every action it reads the page once (one ``evaluate``: the
DOM and ``localStorage`` in the same call, so both are of the same moment; the page draws and
saves in the same event handler, docs/page.md) and checks:

- no page error, no console error, no error the page caught and reported
  (``Solitaire: caught`` on the console) and no ``ui.render.failed`` in ``#msg``;
- the saved game (the README's test contract: ``spider.game`` / ``spider.game.klondike``),
  loaded by the engine on CPython, is what the status line, ``#deal-id``, the mode line, the
  undo/redo buttons and ``#board`` show: moves, Spider's rounds/runs/face-down/score,
  Klondike's stock/passes, every column's cards, the waste and the foundations;
- face-down cards carry ``data-card="down"``, the accessible name of a face-down card and
  nothing else; in Klondike no card the player has never seen is named anywhere (no
  ``data-card`` of it in the document, no name of it in the message, the bars or a label).

Every few hundred actions it reloads and checks that the game is exactly the one before
(the saved game document: position text, line, undo/redo, journal).

Randomness: ``random.Random(seed)`` chooses every action; an init script makes the page's
``crypto.getRandomValues`` (which Pyodide's ``os.urandom`` reads, so the deals "Neues
Spiel" picks) a generator seeded from the same seed, so a failure replays with its seed.
Only timing can make a replay differ (an auto-finish interrupted, a verdict that arrives
while the next action happens).
"""

from __future__ import annotations

import json
import os
import random
import time
import zlib
from collections import Counter, deque
from dataclasses import dataclass
from typing import Any, ClassVar, NoReturn

from playwright.sync_api import ConsoleMessage, Error, Page, TimeoutError

from e2e.conftest import Guard, wait_ready
from e2e.spider_page import BEFORE_STUCK, LOST, WON, pos_query
from spider.core.cards import card_name, parse_card
from spider.core.registry import game_from_json, game_from_text
from spider.stats import Stats
from spider.texts import text
from tests.klondike_positions import build as klondike_build

GAME_KEYS = {"spider": "spider.game", "klondike": "spider.game.klondike"}
CAUGHT = "Solitaire: caught"
# Buttons the player never presses: they leave the page's own world (a file chooser, a
# download).
NEVER = frozenset({"stats-import", "stats-import-yes", "stats-export"})
LONG_PRESS_MS = 650  # spider/web/input.py: 500 ms
CLICK_TIMEOUT_MS = 10_000  # a shown, enabled button that takes longer to press is a finding
# The language switch (header button, settings) and the settings that draw the page anew
# like it (the card letters): once left out while they enabled Zurück and Wiederholen
# whatever the game (test_undo_and_redo_keep_their_state_when_the_language_changes); played
# since that was fixed. 0 leaves them out again.
LANGUAGE_SWITCH = 1
REBUILDS = frozenset({"lang", "card_letters"})
VERBOSE = bool(os.environ.get("RANDOM_PLAY_VERBOSE"))  # print every action as it is done

# Seeds the page's randomness: crypto.getRandomValues becomes xorshift32 from the seed and
# the number of this load in the tab (so a reload deals on, not the same deals again).
SEEDED_RANDOM = """
(() => {
  if (window.top !== window) return;
  let load = 1;
  try {
    load = Number(sessionStorage.getItem('__rp_loads') || '0') + 1;
    sessionStorage.setItem('__rp_loads', String(load));
  } catch (e) { /* no storage: the first load's sequence */ }
  let s = (%d ^ Math.imul(load, 0x9E3779B1)) >>> 0 || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  Crypto.prototype.getRandomValues = function (view) {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
    return view;
  };
})();
"""

# One look at the page: what the checks compare and where the next action can go.
READ = r"""
async (wait) => {
  if (wait) {  // let cards land before aiming at them (finite animations only, at most 1.5 s)
    // Two frames first: a resize is laid out (and its transitions started) in the next one.
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    const running = document.getAnimations().filter(a => {
      const t = a.effect && a.effect.getComputedTiming();
      return a.playState === 'running' && t && Number.isFinite(t.endTime);
    });
    if (running.length) {
      await Promise.race([Promise.all(running.map(a => a.finished.catch(() => null))),
                          new Promise(r => setTimeout(r, 1500))]);
    }
  }
  const q = (s, r = document) => r.querySelector(s);
  const qa = (s, r = document) => Array.from(r.querySelectorAll(s));
  const rect = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height]; };
  const shown = (e) => { if (!e || e.closest('[hidden]')) return false;
    const r = e.getBoundingClientRect(); if (r.width < 1 || r.height < 1) return false;
    const cs = getComputedStyle(e); return cs.visibility !== 'hidden' && cs.display !== 'none'; };
  // The accessible name, as far as these buttons need it: aria-label, else the text of what
  // is neither hidden nor aria-hidden.
  const words = (n) => n.nodeType === 3 ? n.textContent : n.nodeType !== 1 || n.hidden ||
    n.getAttribute('aria-hidden') === 'true' ? '' : Array.from(n.childNodes).map(words).join('');
  const name = (e) => (e.getAttribute('aria-label') || words(e)).trim().replace(/\s+/g, ' ');
  const buttons = (root) => root ? qa('button', root).map((b, i) => [b, i])
    .filter(([b]) => shown(b) && !b.disabled)
    .map(([b, i]) => ({i, name: name(b), action: b.dataset.action || null, pick: b.dataset.pick || null,
                       pressed: b.getAttribute('aria-pressed'), cls: b.className})) : [];
  const html = document.documentElement;
  const board = q('#board');
  const replay = q('#replay');
  const out = {
    ready: html.classList.contains('ready'), paused: html.classList.contains('paused'),
    replaying: html.classList.contains('replaying'),
    replay: {shown: shown(replay), step: replay && replay.dataset.step, of: replay && replay.dataset.of,
             buttons: shown(replay) ? buttons(replay) : []},
    lang: html.lang, game: board.dataset.game || null, draw: board.dataset.draw || null,
    stats: {}, dealId: (q('#deal-id') || {}).textContent || '',
    mode: ((q('#mode .mode-label') || {}).textContent) || '',
    msg: {text: q('#msg').textContent, key: q('#msg').getAttribute('data-key'),
          refusal: q('#msg').classList.contains('refusal')},
    columns: qa('#board [data-col]').map(c => qa('[data-card]', c).map(e => e.dataset.card)),
    downBad: [], codes: [], labels: [],
    storage: {settings: localStorage.getItem('spider.settings'),
              spider: localStorage.getItem('spider.game'),
              klondike: localStorage.getItem('spider.game.klondike'),
              stats: localStorage.getItem('spider.stats'),
              previous: localStorage.getItem('spider.previous')},
    four: html.classList.contains('four'),
    tools: qa('#tools button').map(b => ({action: b.dataset.action, name: name(b),
      label: ((q('.lbl', b) || {}).textContent || '').trim(), disabled: b.disabled,
      shown: shown(b), pressed: b.getAttribute('aria-pressed')})),
    menu: buttons(q('#menu')), modeButtons: buttons(q('#mode')),
    notice: {state: (shown(q('#notice')) && q('#notice').dataset.notice) || '',
             text: shown(q('#notice')) ? q('#notice .bar-text').textContent : '',
             buttons: shown(q('#notice')) ? buttons(q('#notice')) : []},
    verdict: {state: (shown(q('#verdict')) && q('#verdict').dataset.verdict) || '',
              text: shown(q('#verdict')) ? q('#verdict .bar-text').textContent : '',
              buttons: shown(q('#verdict')) ? buttons(q('#verdict')) : []},
    dialog: null, focus: null, hintDst: [],
  };
  qa('[data-stat]').forEach(e => { out.stats[e.dataset.stat] = {text: e.textContent,
    shown: !e.closest('[hidden]')}; });
  const allowed = new Set(['class', 'style', 'data-card', 'role', 'aria-label']);
  qa('[data-card]').forEach(e => {
    const code = e.dataset.card;
    if (code === 'down') {
      const extra = Array.from(e.attributes).map(a => a.name).filter(n => !allowed.has(n));
      if (extra.length || e.children.length || e.textContent)
        out.downBad.push({extra, children: e.children.length, text: e.textContent});
      out.labels.push(['down', e.getAttribute('aria-label')]);
    } else {
      out.codes.push(code);
    }
  });
  qa('#board [aria-label], #piles [aria-label]').forEach(e => {
    if (e.dataset.card !== 'down') out.labels.push(['label', e.getAttribute('aria-label')]);
  });
  if (out.game === 'klondike') {
    const stock = q('#board [data-pile="stock"]');
    out.stock = {count: stock.dataset.count, state: stock.dataset.state,
                 nodes: qa('[data-card]', stock).length, label: stock.getAttribute('aria-label')};
    out.waste = qa('#board [data-pile="waste"] [data-card]').map(e => e.dataset.card);
    out.foundations = qa('#board [data-pile="foundation"]').map(f =>
      [f.dataset.suit, qa('[data-card]', f).map(e => e.dataset.card)]);
  }
  // The dialog on top (a confirmation opens over the statistics): the one a point of it hits.
  const open = qa('dialog[open]');
  const top = open.map((d, i) => [d, i]).reverse().find(([d]) => {
    const r = d.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 20));
    return hit && d.contains(hit);
  }) || (open.length ? [open[open.length - 1], open.length - 1] : null);
  if (top) {
    const [dlg, nth] = top;
    out.dialog = {id: dlg.id, cls: dlg.className, nth, open: open.length, buttons: buttons(dlg),
      state: dlg.dataset.state || null,
      radios: qa('input[type=radio]', dlg).filter(shown).map(r => ({name: r.name, value: r.value,
        checked: r.checked})),
      checks: qa('input[type=checkbox]', dlg).filter(shown).map(r => ({name: r.name, checked: r.checked})),
      selects: qa('select', dlg).filter(shown).map(s => ({name: s.name,
        values: Array.from(s.options).map(o => o.value)})),
      numbers: qa('input[type=number]', dlg).filter(shown).map(r => r.name)};
  }
  const active = document.activeElement;
  out.focus = active && active !== document.body ? (active.dataset.col ? 'col' : active.dataset.place ?
    'place' : active.tagName.toLowerCase()) : null;
  // Where a pointer can go: every card's visible strip, the piles, the columns.
  const spots = [];
  const add = (kind, e, info, under) => {
    if (!shown(e)) return;
    const [x, y, w, h] = rect(e);
    let hh = h;
    if (under) { const [, y2] = rect(under); hh = Math.min(h, y2 - y); }
    if (hh >= 3 && w >= 3) spots.push({kind, x, y, w, h: hh, ...info});
  };
  qa('#board [data-col]').forEach((c, ci) => {
    const cards = qa('[data-card]', c);
    add('col', c, {col: ci, n: cards.length});
    cards.forEach((e, i) => add('card', e, {col: ci, i, code: e.dataset.card, last: i === cards.length - 1,
      hinted: e.classList.contains('hinted')}, cards[i + 1]));
    if (c.classList.contains('hint-dst')) out.hintDst.push({col: ci});
  });
  const sstock = q('#piles .stock');
  if (sstock) add('stock', sstock, {});
  if (out.game === 'klondike') {
    add('stock', q('#board [data-pile="stock"]'), {});
    add('waste', q('#board [data-pile="waste"]'), {});
    const w = qa('#board [data-pile="waste"] [data-card]');
    if (w.length) add('wastecard', w[w.length - 1], {code: w[w.length - 1].dataset.card,
      hinted: w[w.length - 1].classList.contains('hinted')});
    qa('#board [data-pile="foundation"]').forEach((f, s) => {
      const top = q('[data-card]', f);
      add('foundation', top || f, {suit: f.dataset.suit, code: top ? top.dataset.card : null,
        hinted: !!top && top.classList.contains('hinted')});
      if (f.classList.contains('hint-dst')) out.hintDst.push({suit: f.dataset.suit});
    });
  }
  out.spots = spots;
  if (qa('#board [data-pile="stock"].hint-dst, #piles .stock.hint-dst').length)
    out.hintDst.push({stock: true});
  out.anims = document.getAnimations().filter(a => {
    const t = a.effect && a.effect.getComputedTiming();
    return a.playState === 'running' && t && Number.isFinite(t.endTime);
  }).length;
  // A column never reaches below the board (over the message line): checked at rest only.
  // The board's size observer lays the columns out anew before the next paint, so a board
  // that a longer message line has just made shorter is looked at again two frames later.
  const below = () => {
    const found = [];
    const bottom = board.getBoundingClientRect().bottom;
    qa('#board [data-col]').forEach((c, ci) => {
      const cards = qa('[data-card]', c);
      if (cards.length) {
        const b = cards[cards.length - 1].getBoundingClientRect().bottom;
        if (b > bottom + 1) found.push([ci + 1, cards.length, Math.round(b - bottom)]);
      }
    });
    return found;
  };
  out.overflow = [];
  if (!out.anims && shown(board)) {
    out.overflow = below();
    if (out.overflow.length) {
      await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
      out.overflow = below();
    }
  }
  out.viewport = [innerWidth, innerHeight];
  return JSON.stringify(out);  // one string: far quicker through the protocol than a tree of values
}
"""


# Positions near the end of a game, opened as links now and then (e2e.spider_page's and the
# Klondike tests' positions).
POSITIONS: dict[str, list[tuple[str, str]]] = {
    "spider": [("one move from the win", WON), ("one move from no moves", BEFORE_STUCK),
               ("proved lost", LOST)],
    "klondike": [("two moves from the win", klondike_build(["QS", "KS", "", "", "", "", ""])),
                 ("the jacks in a draw-3 stock of four", klondike_build(
                     ["KS QH", "KH QS", "KD QC", "KC QD", "", "", ""], stock="JS JH JD JC", draw=3)),
                 ("no move at all", klondike_build(["* #AS KH", "#AH KS", "#AD KC", "#AC KD", "#QS 2S",
                                                    "#QH 2H", "#QD 2D"]))],
}


@dataclass(frozen=True)
class Case:
    game: str  # "spider" | "klondike"
    variant: int
    device: str

    @property
    def name(self) -> str:
        return f"{self.game}-{self.variant}-{self.device}"


def case_seed(case: Case) -> int:
    """The seed of a case: ``RANDOM_PLAY_SEED`` when set (a number, or ``random`` for a
    fresh one), else a fixed one per case (CI plays the same games every run)."""
    chosen = os.environ.get("RANDOM_PLAY_SEED", "").strip()
    if chosen == "random":
        return random.SystemRandom().randrange(1, 2**31)
    if chosen:
        return int(chosen)
    return zlib.crc32(case.name.encode()) % 1_000_000


@dataclass(frozen=True)
class Before:
    """What an action started from (for the checks of what it changed)."""

    name: str
    game: Any
    paused: bool
    replaying: bool
    played: int | None
    dialog: str | None


def _identity(game: Any) -> tuple[str, str | None, str]:
    return game.game_name, game.deal_id, game.start_text


class Player:
    """Plays ``actions`` random actions on ``page`` (see the module's docstring)."""

    def __init__(self, page: Page, base_url: str, guard: Guard, case: Case, seed: int, actions: int,
                 reload_every: int) -> None:
        self.page, self.base_url, self.guard, self.case = page, base_url, guard, case
        self.device = case.device
        self.seed, self.actions, self.reload_every = seed, actions, reload_every
        self.rng = random.Random(seed)
        self.step = 0
        self.log: deque[str] = deque(maxlen=16)
        self.caught: list[str] = []
        self.state: dict[str, Any] = {}
        self.before: Before | None = None
        self.last: Any = None  # the game of the last look
        self.bound: int | None = None  # how many moves the action may play or take back
        self.on_table = False  # an action on the game itself: refused while paused
        self.hinted_until = 0  # until this step the player follows the hints (goes deeper)
        self.settle = False  # the next look waits for the layout (after a resize)
        self._games: dict[str, tuple[str, Any]] = {}
        self._played: tuple[str | None, int | None] = (None, None)
        self._finger: Any = None
        self.counts: Counter[str] = Counter()  # actions done, by kind
        self.time: Counter[str] = Counter()  # seconds spent opening, reloading, waiting
        self.seen: Counter[str] = Counter()  # what the run got to: dialogs, bars, wins, ...
        self.reloads = 0
        self.elapsed = 0.0
        # Half the seeds play with reduced motion: no flights to wait for, the page's other path.
        self.reduced_motion = seed % 2 == 1
        page.on("console", self._console)
        page.add_init_script(SEEDED_RANDOM % (seed & 0x7FFFFFFF))
        if self.reduced_motion:
            page.emulate_media(reduced_motion="reduce")

    # ------------------------------------------------------------------ reporting
    def _console(self, message: ConsoleMessage) -> None:
        if CAUGHT in message.text:
            self.caught.append(message.text)

    def fail(self, what: str) -> NoReturn:
        recent = "\n    ".join(self.log)
        raise AssertionError(
            f"random play {self.case.name}, seed {self.seed}, step {self.step}: {what}\n"
            f"  last actions (step: action):\n    {recent}\n"
            f"  replay: RANDOM_PLAY_SEED={self.seed} RANDOM_PLAY_ACTIONS={self.actions} "
            f"python -m pytest e2e/test_random_play.py -k '{self.case.game}-{self.case.variant} and "
            f"{self.device}'")

    def did(self, what: str, *, bound: int | None = None, table: bool = False) -> None:
        """Log an action as it is done; ``bound``: at most so many moves played or taken
        back on the same game (``None``: anything, a new game included); ``table``: an
        action on the game that must change nothing while the game is paused."""
        self.bound, self.on_table = bound, table
        self.log.append(f"{self.step}: {what}")
        if VERBOSE:
            print(f"{self.case.name} {self.step}: {what}", flush=True)
        self.counts[what.split(" ", 1)[0]] += 1

    def summary(self) -> str:
        motion = ", reduced motion" if self.reduced_motion else ""
        spent = ", ".join(f"{k} {v:.1f} s" for k, v in sorted(self.time.items()))
        return (f"{self.case.name}: seed {self.seed}{motion}, {self.step} steps, {self.reloads} reloads, "
                f"{self.elapsed:.1f} s ({spent})\n"
                f"  actions {dict(sorted(self.counts.items()))}\n"
                f"  reached {dict(sorted(self.seen.items()))}")

    # ------------------------------------------------------------------ the run
    def run(self) -> None:
        t0 = time.monotonic()
        self.timed("open", self.start)
        next_reload = self.rng.randint(self.reload_every // 2, self.reload_every)
        while self.step < self.actions:
            self.step += 1
            if self.step >= next_reload:
                self.timed("reloads", self.reload)
                next_reload = self.step + self.rng.randint(self.reload_every // 2, self.reload_every)
            else:
                self.act()
        self.step += 1
        self.timed("reloads", self.reload)  # the game the run ends with survives a reload too
        self.elapsed = time.monotonic() - t0

    def timed(self, what: str, call: Any) -> None:
        t0 = time.monotonic()
        call()
        self.time[what] += time.monotonic() - t0

    def deal(self, game: str, variant: int) -> str:
        """A deal ID: any Spider deal, a Klondike deal of a level (so hints can win it)."""
        rng = self.rng
        if game == "spider":
            return f"S{variant}-{rng.randint(1, 20000)}"
        from spider.klondike.levels import level_deals

        return rng.choice(level_deals(variant, rng.choice(("easy", "normal", "hard"))))

    def start(self) -> None:
        deal = self.deal(self.case.game, self.case.variant)
        self.did(f"open ?deal={deal}")
        self.page.goto(f"{self.base_url}?deal={deal}")
        wait_ready(self.page)
        self.look()

    def reload(self) -> None:
        """Reload the page: the game on the table must come back exactly as it was, its line,
        undo and redo included (the saved document compared as a whole)."""
        name = self.state["game"]
        before, doc = self.saved(name), self._doc(name)
        self.did(f"reload (showing {name} {before.deal_id or 'position'}, {before.moves_count} moves)")
        self.reloads += 1
        self.page.reload()
        wait_ready(self.page)
        self.look()
        if self.state["game"] != name:
            self.fail(f"after a reload the table shows {self.state['game']}, before it {name}")
        after = self.saved(name)
        if after.to_text() != before.to_text():
            self.fail(f"after a reload the position differs:\n{before.to_text()}\n---\n{after.to_text()}")
        if (after.line, after.can_undo, after.can_redo) != (before.line, before.can_undo, before.can_redo):
            self.fail(f"after a reload the undo/redo line differs: {before.line} (redo {before.can_redo}) -> "
                      f"{after.line} (redo {after.can_redo})")
        if self._doc(name) != doc:
            self.fail(f"after a reload the saved game differs:\n{doc}\n---\n{self._doc(name)}")

    def _doc(self, name: str) -> Any:
        game = json.loads(self.state["storage"][name])["game"]
        return json.loads(game) if isinstance(game, str) else game

    # ------------------------------------------------------------------ reading and checking
    def look(self, *, wait: bool = False) -> dict[str, Any]:
        """Read the page (after its cards in flight have landed, with ``wait``) and check it."""
        t0 = time.monotonic()
        try:
            self.state = json.loads(self.page.evaluate(READ, wait))
        except Error as e:
            self.fail(f"the page could not be read: {e}")
        t1 = time.monotonic()
        self.check()
        self.check_endings()
        self.time["reading"] += t1 - t0
        self.time["checking"] += time.monotonic() - t1
        return self.state

    def check_endings(self) -> None:
        """A game that became won or stuck since the last look says so with its dialog (the
        won dialog, or a duel's; the no-moves dialog)."""
        s = self.state
        game = self.saved(s["game"])
        last, self.last = self.last, game
        if last is None or _identity(last) != _identity(game):
            return
        if game.is_won and not last.is_won:
            self.seen["won"] += 1
            if s["dialog"] is None:
                self.fail("the game was won but no dialog says so")
        if game.is_stuck and not game.is_won and not last.is_stuck:
            self.seen["stuck"] += 1
            if s["dialog"] is None or s["dialog"]["id"] != "stuck":
                self.fail(f"no legal move is left but the no-moves dialog is not open ({s['dialog']})")

    def saved(self, name: str) -> Any:
        """The engine's game from the page's save of ``name`` (read once per saved text)."""
        raw = self.state["storage"][name]
        if raw is None:
            self.fail(f"no saved {name} game ({GAME_KEYS[name]}) while the table shows it")
        cached = self._games.get(name)
        if cached is not None and cached[0] == raw:
            return cached[1]
        try:
            doc = json.loads(raw)
            assert doc.get("format") == "spider-page" and doc.get("version") == 1, sorted(doc)
            game = game_from_json(doc["game"])
        except Exception as e:
            self.fail(f"the saved {name} game cannot be read by the engine: {e!r}")
        self._games[name] = (raw, game)
        return game

    def check(self) -> None:
        """What must hold at every moment: nothing broke, and the page shows its saved game."""
        s = self.state
        problems = self.guard.problems()
        if problems:
            self.fail("the page broke the harness's rules: " + "; ".join(problems))
        if self.caught:
            self.fail("the page caught an error and reported it: " + self.caught[0][:3000])
        if not s["ready"]:
            self.fail("<html> lost the class 'ready'")
        if s["msg"]["key"] == "ui.render.failed":
            self.fail(f"#msg says a drawing failed: {s['msg']['text']!r}")
        name = s["game"]
        if name not in GAME_KEYS:
            self.fail(f"#board has no game (data-game={name!r})")
        lang = s["lang"]
        game = self.saved(name)
        if game.game_name != name:
            self.fail(f"the board shows {name} but its save holds {game.game_name}")
        self.check_stats()
        if s["replaying"]:
            # The replay of a game that is over: its positions with every card face up, not
            # the saved game (which must not change meanwhile: check_change).
            self.seen["replay looks"] += 1
            return
        stats = {k: v["text"] for k, v in s["stats"].items()}
        expect = {"moves": str(game.moves_count)}
        if name == "spider":
            expect |= {"rounds": str(game.rounds_left), "facedown": str(game.face_down_count),
                       "runs": text("ui.stat.runs_value", lang, n=len(game.completed_suits))}
            if s["stats"].get("score", {}).get("shown"):
                expect["score"] = str(game.score)
        else:
            expect |= {"stock": str(game.stock_count), "passes": str(game.passes)}
        for key, value in expect.items():
            if stats.get(key) != value:
                self.fail(f"status {key} shows {stats.get(key)!r}, the engine's saved game has {value!r} "
                          f"(deal {game.deal_id}, moves {game.moves_count})")
        deal = text("ui.deal_id", lang, id=game.deal_id) if game.deal_id else text("ui.deal_id.none", lang)
        if s["dealId"] != deal:
            self.fail(f"#deal-id shows {s['dealId']!r}, the saved game is {deal!r}")
        label = text(f"ui.choice.{name}.{game.variant}", lang)
        if not s["mode"].startswith(label):
            self.fail(f"the mode line says {s['mode']!r}, the saved game is {label!r}")
        columns = [["down"] * c.down + list(c.up) for c in game.columns]
        if s["columns"] != columns:
            pairs = enumerate(zip(s["columns"], columns, strict=False))
            diff = [(i + 1, a, b) for i, (a, b) in pairs if a != b]
            self.fail(f"#board's columns differ from the engine's (column, shown, engine): {diff} "
                      f"({len(s['columns'])} columns shown, {len(columns)} in the engine)")
        tools = {t["action"]: t for t in s["tools"]}
        for action, can in (("undo", game.can_undo), ("redo", game.can_redo)):
            if action in tools and tools[action]["disabled"] == can:
                self.fail(f"the toolbar's {action} button is {'disabled' if can else 'enabled'} but the "
                          f"engine {'can' if can else 'cannot'} {action}")
        if s["overflow"]:
            self.fail(f"a column reaches below the board at {s['viewport']} (column, cards, px below): "
                      f"{s['overflow']}")
        down_name = text("card.down", lang)
        if s["downBad"]:
            self.fail(f"a face-down card carries more than 'down': {s['downBad'][:3]}")
        for kind, value in s["labels"]:
            if kind == "down" and value != down_name:
                self.fail(f"a face-down card is labelled {value!r}, not {down_name!r}")
        dialog = s["dialog"]["id"] if s["dialog"] else None
        if dialog == "won" and not game.is_won:
            self.fail("the won dialog is open but the game is not won")
        if dialog == "stuck" and not game.is_stuck:
            self.fail("the no-moves dialog is open but the game has a legal move")
        settings = json.loads(s["storage"]["settings"] or "{}")
        if "four_color" in settings and settings["four_color"] != s["four"]:
            self.fail(f"the four-colour deck is {'on' if s['four'] else 'off'}, the settings say "
                      f"{settings['four_color']}")
        if name == "spider":
            deal_off = tools.get("deal", {}).get("disabled")
            if deal_off is not None and deal_off != (game.rounds_left == 0):
                self.fail(f"Austeilen is {'disabled' if deal_off else 'enabled'} with "
                          f"{game.rounds_left} rounds left")
        else:
            self.check_klondike(game, lang, tools)
        self.note(game)

    def check_klondike(self, game: Any, lang: str, tools: dict[str, Any]) -> None:
        s = self.state
        stock = s["stock"]
        if stock["count"] != str(game.stock_count) or stock["nodes"]:
            self.fail(f"the stock shows data-count={stock['count']!r} with {stock['nodes']} card nodes; "
                      f"the engine has {game.stock_count} cards")
        if s["waste"] != list(game.waste):
            self.fail(f"the waste shows {s['waste']}, the engine has {list(game.waste)}")
        tops = [cards[0] if len(cards) == 1 else (cards or None) for _, cards in s["foundations"]]
        if tops != list(game.foundations):
            self.fail(f"the foundations show {tops}, the engine has {list(game.foundations)}")
        if s["draw"] != str(game.draw):
            self.fail(f"#board has data-draw={s['draw']!r}, the game draws {game.draw}")
        pause = tools.get("pause")
        if pause is not None and (pause["pressed"] == "true") != s["paused"]:
            self.fail(f"Pause has aria-pressed={pause['pressed']} while the page is "
                      f"{'paused' if s['paused'] else 'not paused'}")
        auto = tools.get("auto")
        if auto is not None and auto["pressed"] != "true":
            offered = not game.is_won and game.can_auto_finish
            if auto["shown"] != offered:
                self.fail(f"Auto-Ende is {'shown' if auto['shown'] else 'hidden'} but the engine "
                          f"{'can' if offered else 'cannot'} finish the game")
        # Nothing names a card the player has never seen: no data-card, no name in a message.
        leaked = sorted({code for code in s["codes"] if not game.has_seen(parse_card(code))})
        if leaked:
            self.fail(f"cards the player has never seen are in the DOM: {leaked}")
        unseen = [card_name(c).render(lang) for c in range(52) if not game.has_seen(c)]
        if unseen:
            texts = [s["msg"]["text"], s["notice"]["text"], s["verdict"]["text"],
                     *(v or "" for _, v in s["labels"])]
            for said in texts:
                for card in unseen:
                    if _names(said, card):
                        self.fail(f"a card the player has never seen ({card}) is named: {said!r}")

    def check_stats(self) -> None:
        """The statistics the page keeps are ones its own import takes, and one action counts
        at most one game."""
        raw = self.state["storage"]["stats"]
        if raw is None:
            return
        if raw != self._played[0]:
            try:
                stats = Stats.from_json(raw)
            except Exception as e:
                self.fail(f"the page's statistics are refused by their own reader: {e!r}\n{raw[:2000]}")
            self._played = (raw, sum(r.played for r in stats.records.values()))

    def note(self, game: Any) -> None:
        s, seen = self.state, self.seen
        if s["dialog"]:
            seen[f"dialog {s['dialog']['id'] or s['dialog']['cls']}"] += 1
        for bar in ("notice", "verdict"):
            if s[bar]["state"]:
                seen[f"{bar} {s[bar]['state']}"] += 1
        seen[f"most moves {game.game_name}"] = max(seen[f"most moves {game.game_name}"], game.moves_count)
        if game.game_name == "klondike" and game.draw == 3 and game.stock_count % 3:
            seen["draw-3 stock not a multiple of 3"] += 1

    def begin(self) -> None:
        """Remember what the next action starts from."""
        s = self.state
        name = s["game"]
        self.before = Before(name, self.saved(name), s["paused"], s["replaying"], self._played[1],
                             s["dialog"]["id"] if s["dialog"] else None)
        self.bound, self.on_table = None, False

    def check_change(self) -> None:
        """What the action changed: a table action plays or takes back at most ``bound``
        moves of the same game (a move added to its line, or the last one taken back), and
        nothing while paused; a game that became won or stuck says so with its dialog; the
        statistics count at most one game more."""
        b, s = self.before, self.state
        if b is None:
            return
        name = s["game"]
        game = self.saved(name)
        same = name == b.name and _identity(game) == _identity(b.game)
        old = b.game
        if (b.paused or b.replaying) and self.on_table and (
                not same or game.to_text() != old.to_text() or game.moves_count != old.moves_count):
            why = "paused" if b.paused else "replayed"
            self.fail(f"an action on the table changed the game while it was {why}: {old.moves_count} -> "
                      f"{game.moves_count} moves")
        if self.bound is not None:
            if not same:
                self.fail(f"the action replaced the game: {_identity(old)[:2]} -> {_identity(game)[:2]}")
            d = game.moves_count - old.moves_count
            if abs(d) > self.bound:
                self.fail(f"the action changed the move count by {d} (at most {self.bound}): "
                          f"{old.line} -> {game.line}")
            if d > 0 and game.line[:old.moves_count] != old.line:
                self.fail(f"a move was played but the line before it changed: {old.line} -> {game.line}")
            if d < 0 and old.line[:game.moves_count] != game.line:
                self.fail(f"a move was taken back but not the last one: {old.line} -> {game.line}")
            if d == 0 and game.to_text() != old.to_text():
                self.fail(f"the position changed but the move count did not:\n{old.to_text()}\n---\n"
                          f"{game.to_text()}")
        if b.played is not None and self._played[1] is not None and self._played[1] > b.played + 1:
            self.fail(f"one action counted {self._played[1] - b.played} games as played")

    # ------------------------------------------------------------------ acting
    def act(self) -> None:
        s, rng = self.state, self.rng
        if self.step >= self.hinted_until + rng.randint(30, 100):
            # Stretches of attentive play (following the hints) reach wins, the no-moves
            # dialog, the end of the stock and the solver's verdict.
            self.hinted_until = self.step + rng.randint(50, 150)
            self.seen["attentive stretches"] += 1
        self.begin()
        if s["dialog"] is not None:
            self.answer_dialog()
        elif s["paused"] and rng.random() < 0.7:
            self.unpause()
        elif s["replay"]["buttons"] and rng.random() < 0.6:
            self.replay()
        else:
            action = self.choose()
            if getattr(action, "__func__", None) in AIMED and s["anims"]:
                self.look(wait=True)  # aim at where the cards land, not where they fly
            t0 = time.monotonic()
            action()
            self.time[f"doing {action.__name__}"] += time.monotonic() - t0
        self.after()

    def choose(self) -> Any:
        """One action on the table or the page's chrome, chosen by weight."""
        s, rng = self.state, self.rng
        klondike = s["game"] == "klondike"
        hinted = self.step < self.hinted_until
        # Back to the case's own game soon after the mode line left it.
        away = s["game"] != self.case.game
        choices: list[tuple[float, Any]] = [
            (30, self.tap_card), (4, self.tap_place), (14, self.drag_card), (5, self.double_tap),
            (5, self.tap_stock), (2000 if hinted else 6, self.follow_hint), (1.2, self.hold), (16, self.tool),
            (3, self.menu), (8 if away else 0.7, self.mode_line), (2, self.bar_button), (3, self.burst),
            (0.8, self.resize), (0.4, self.open_link),
        ]
        if klondike:  # the stock is most of Klondike's play
            choices += [(6, self.tap_waste), (2, self.tap_foundation), (10, self.tap_stock)]
        if self.device == "desktop":
            choices.append((12, self.key))
        pick = rng.random() * sum(w for w, _ in choices)
        for weight, action in choices:
            pick -= weight
            if pick <= 0:
                return action
        return choices[-1][1]

    def after(self) -> None:
        """Read and check after an action; some actions go on by themselves (auto-finish, the
        verdict's search): wait for them, checking as they go, so a replay does the same."""
        self.look(wait=self.settle)
        self.settle = False
        self.check_change()
        self.before = None
        for _ in range(600):
            auto = next((t for t in self.state["tools"] if t["action"] == "auto"), None)
            running = auto is not None and auto["pressed"] == "true"
            busy = running or self.state["verdict"]["state"] == "checking"
            if not busy:
                return
            t0 = time.monotonic()
            self.page.wait_for_timeout(100)
            self.look()
            self.time["waiting for auto-finish or a verdict"] += time.monotonic() - t0
        self.fail("auto-finish or the verdict's search did not end within 60 s")

    # ---- pointer
    def _spots(self, *kinds: str, **match: Any) -> list[dict[str, Any]]:
        return [p for p in self.state["spots"] if p["kind"] in kinds
                and all(p.get(k) == v for k, v in match.items())]

    def _point(self, spot: dict[str, Any]) -> tuple[float, float]:
        rng = self.rng
        x = spot["x"] + spot["w"] * (0.15 + 0.7 * rng.random())
        y = spot["y"] + min(spot["h"], 200) * (0.15 + 0.7 * rng.random())
        return round(x, 1), round(y, 1)

    @staticmethod
    def _describe(spot: dict[str, Any]) -> str:
        if spot["kind"] == "card":
            return f"column {spot['col'] + 1} card {spot['i']} ({spot['code']})"
        if spot["kind"] == "col":
            return f"column {spot['col'] + 1} ({spot['n']} cards)"
        if spot["kind"] == "foundation":
            return f"foundation {spot['suit']} ({spot['code']})"
        return spot["kind"] + (f" ({spot['code']})" if spot.get("code") else "")

    def tap_at(self, spot: dict[str, Any], what: str = "tap") -> None:
        x, y = self._point(spot)
        self.did(f"{what} {self._describe(spot)} at ({x}, {y})", bound=1, table=True)
        if self.device == "phone":
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def tap_card(self) -> None:
        spots = self._spots("card")
        up = [p for p in spots if p["code"] != "down"]
        pool = up if up and self.rng.random() < 0.9 else spots
        if not pool:
            return self.tap_place()
        # Exposed cards and the bottoms of runs are what people tap most.
        last = [p for p in pool if p["last"]]
        self.tap_at(self.rng.choice(last if last and self.rng.random() < 0.5 else pool))
        return None

    def tap_place(self) -> None:
        spots = self._spots("col", "stock", "waste", "foundation")
        if spots:
            self.tap_at(self.rng.choice(spots))

    def tap_stock(self) -> None:
        spots = self._spots("stock")
        if spots:
            self.tap_at(spots[0])

    def tap_waste(self) -> None:
        spots = self._spots("wastecard") or self._spots("waste")
        if spots:
            self.tap_at(spots[0])

    def tap_foundation(self) -> None:
        spots = self._spots("foundation")
        if spots:
            self.tap_at(self.rng.choice(spots))

    def burst(self) -> None:
        """Two or three quick taps (a select and its target, say), each aimed from the same
        look at the table: the later ones land while the first's cards still fly."""
        spots = self._spots("card", "col", "wastecard", "foundation", "stock")
        spots = [p for p in spots if p.get("code") != "down"]
        if not spots:
            return
        for i in range(self.rng.randint(2, 3)):
            if i:
                self.after()
                self.begin()
            self.tap_at(self.rng.choice(spots), "quick-tap")

    def double_tap(self) -> None:
        spots = [p for p in self._spots("card", "wastecard") if p.get("code") != "down"]
        if not spots:
            return
        spot = self.rng.choice([p for p in spots if p.get("last", True)] or spots)
        x, y = self._point(spot)
        # Spider's second tap is another tap; Klondike's double tap acts on one card.
        bound = 2 if self.state["game"] == "spider" else 1
        self.did(f"double {self._describe(spot)} at ({x}, {y})", bound=bound, table=True)
        if self.device == "phone":
            self.page.touchscreen.tap(x, y)
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.dblclick(x, y)

    def follow_hint(self) -> None:
        """What a player does after Tipp: take the hinted cards (drag them where the hint
        points, or tap them), or tap the stock the hint points at; without a hint, ask."""
        hinted = [p for p in self._spots("card", "wastecard", "foundation") if p.get("hinted")]
        dst = self.state["hintDst"]
        if not hinted:
            if any(d.get("stock") for d in dst):
                return self.tap_stock()
            auto = [t for t in self.state["tools"] if t["action"] == "auto" and t["shown"]]
            return self.press_tool("auto" if auto else "hint")
        src = hinted[0]
        if dst and self.rng.random() < 0.5:
            d = dst[0]
            targets = (self._spots("col", col=d["col"]) if "col" in d
                       else self._spots("foundation", suit=d.get("suit")))
            if targets:
                return self.drag(src, targets[0])
        self.tap_at(src, "tap-hinted")
        return None

    def drag_card(self) -> None:
        rng = self.rng
        sources = self._spots("card", "wastecard", "foundation")
        sources = [p for p in sources if p.get("code") not in (None, "down")]
        if not sources:
            return
        src = rng.choice(sources)
        targets = self._spots("col", "foundation", "waste", "stock")
        targets = [p for p in targets if p.get("col") != src.get("col")]
        if rng.random() < 0.75:
            cards = self._spots("card", last=True)
            targets += [p for p in cards if p["col"] != src.get("col")] * 2
        if targets:
            self.drag(src, rng.choice(targets))

    def drag(self, src: dict[str, Any], dst: dict[str, Any]) -> None:
        x0, y0 = self._point(src)
        x1, y1 = self._point(dst)
        self.did(f"drag {self._describe(src)} at ({x0}, {y0}) to {self._describe(dst)} at ({x1}, {y1})",
                 bound=1, table=True)
        steps = 3
        if self.device == "phone":
            finger = self.finger()
            finger("touchStart", x0, y0)
            for i in range(1, steps + 1):
                finger("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
            finger("touchEnd")
        else:
            page = self.page
            page.mouse.move(x0, y0)
            page.mouse.down()
            page.mouse.move(x1, y1, steps=steps)
            page.mouse.up()

    def finger(self) -> Any:
        """One touch point through the DevTools protocol (as ``e2e.spider_page`` drags)."""
        if self._finger is None:
            self._finger = self.page.context.new_cdp_session(self.page)
        cdp = self._finger

        def send(kind: str, x: float = 0, y: float = 0) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        return send

    def hold(self) -> None:
        """A long press (the picker in Spider, a selection in Klondike); on the desktop a
        right click as often."""
        spots = [p for p in self._spots("card", "wastecard", "col") if p.get("code") != "down"]
        if not spots:
            return
        spot = self.rng.choice(spots)
        x, y = self._point(spot)
        page = self.page
        if self.device == "desktop" and self.rng.random() < 0.5:
            self.did(f"right-click {self._describe(spot)} at ({x}, {y})", bound=1, table=True)
            page.mouse.click(x, y, button="right")
            return
        self.did(f"long-press {self._describe(spot)} at ({x}, {y})", bound=1, table=True)
        if self.device == "phone":
            finger = self.finger()
            finger("touchStart", x, y)
            page.wait_for_timeout(LONG_PRESS_MS)
            finger("touchEnd")
        else:
            page.mouse.move(x, y)
            page.mouse.down()
            page.wait_for_timeout(LONG_PRESS_MS)
            page.mouse.up()

    VIEWPORTS: ClassVar[dict[str, list[tuple[int, int]]]] = {
        "desktop": [(1280, 800), (1024, 640), (1366, 768), (800, 600)],
        "phone": [(412, 839), (839, 412), (412, 700)],  # Pixel 7 upright, sideways, a keyboard up
    }

    def resize(self) -> None:
        """Turn the phone or resize the window: the same cards, laid out anew."""
        size = self.rng.choice(self.VIEWPORTS[self.device])
        self.did(f"resize to {size[0]}x{size[1]}", bound=0)
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.settle = True

    def open_link(self) -> None:
        """Open a link someone shared: a deal, or a position (those near the end of a game
        bring the won and no-moves dialogs, the verdict, the analysis and the replay into
        play). It goes on the table, and the game of that kind it replaces is kept to come
        back to."""
        rng = self.rng
        game = self.case.game if rng.random() < 0.7 else rng.choice(("spider", "klondike"))
        kept = self.state["storage"][game]
        if rng.random() < 0.4:
            label, position = rng.choice(POSITIONS[game])
            query, deal, expected = pos_query(position), None, position
            self.did(f"open link ?pos= ({label})")
        else:
            variants = (1, 2, 4) if game == "spider" else (1, 3)
            variant = self.case.variant if game == self.case.game else rng.choice(variants)
            deal = self.deal(game, variant)
            query, expected = f"?deal={deal}", None
            self.did(f"open link ?deal={deal}")
        self.page.goto(self.base_url + query)
        wait_ready(self.page)
        self.look()
        saved = self.saved(self.state["game"])
        opened = self.state["game"] == game and saved.deal_id == deal and not saved.moves_count
        if not opened or (expected is not None and saved.to_text() != game_from_text(expected).to_text()):
            self.fail(f"the link {query[:60]} opened {self.state['game']} {saved.deal_id} "
                      f"({saved.moves_count} moves):\n{saved.to_text()}")
        previous = self.state["storage"]["previous"]
        lost = previous is None or json.loads(previous)["game"] != json.loads(kept or "{}").get("game")
        if kept is not None and lost:
            self.fail(f"the {game} game the link replaced is not kept to come back to")

    # ---- keys
    def key(self) -> None:
        keys = ["u", "h", "n", "d", "f", "a", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter",
                "Space", "Escape", "Control+z", "Control+y", "Control+Shift+z"]
        weights = [5, 4, 1, 4, 3, 1, 6, 6, 3, 3, 5, 2, 2, 3, 2, 1]
        key = self.rng.choices(keys, weights)[0]
        focus = self.state["focus"]
        # Enter or Space on a focused button presses it (any button: no bound); A starts
        # auto-finish; N opens a dialog.
        pressing = key in ("Enter", "Space") and focus not in ("col", "place", None)
        bound = None if pressing or key == "a" else 1
        self.did(f"key {key} (focus on {focus})", bound=bound, table=not pressing and key != "n")
        self.page.keyboard.press(key)

    # ---- buttons
    def click_button(self, scope: str, button: dict[str, Any], what: str, *, bound: int | None = None,
                     table: bool = False) -> None:
        """Press a button found by its accessible name inside ``scope``: a click, or a tap on
        the phone. A button that went away meanwhile (the page changed by itself: a verdict
        arrived) is skipped; one that is still there but cannot be pressed is a finding."""
        name = button["name"]
        self.did(f"{what} {name!r}", bound=bound, table=table)
        root = self.page.locator(scope)
        if scope == "dialog[open]":
            root = root.nth(self.state["dialog"]["nth"])
        target = root.get_by_role("button", name=name, exact=True)
        if scope == "dialog[open]" and target.count() != 1:
            target = root.locator("button").nth(button["i"])  # a name of several parts (the picker's targets)
        try:
            if self.device == "phone":
                target.tap(timeout=CLICK_TIMEOUT_MS)
            else:
                target.click(timeout=CLICK_TIMEOUT_MS)
        except TimeoutError:
            self.look()
            if any(b["name"] == name for b in self._buttons_in(scope)):
                self.fail(f"the button {name!r} in {scope} is shown and enabled but cannot be pressed")

    def _buttons_in(self, scope: str) -> list[dict[str, Any]]:
        s = self.state
        found: dict[str, list[dict[str, Any]]] = {
            "#tools": [t for t in s["tools"] if t["shown"] and not t["disabled"]], "#menu": s["menu"],
            "#mode": s["modeButtons"], "#notice": s["notice"]["buttons"], "#verdict": s["verdict"]["buttons"],
            "#replay": s["replay"]["buttons"],
        }
        return found.get(scope, s["dialog"]["buttons"] if s["dialog"] else [])

    # What each toolbar button may do to the game: (weight, bound, refused while paused).
    TOOLS: ClassVar[dict[str, tuple[float, int | None, bool]]] = {
        "undo": (8, 1, True), "redo": (4, 1, True), "hint": (6, 1, True), "deal": (4, 1, True),
        "auto": (6, None, True), "new": (0.8, 0, False), "restart": (0.6, None, False),
        "help": (0.4, 0, False), "four_color": (0.4, 0, False), "pause": (0.8, 0, False),
        "finish": (0.3, None, False),
    }

    def press_tool(self, action: str) -> None:
        tool = next((t for t in self._buttons_in("#tools") if t["action"] == action), None)
        if tool is not None:
            _, bound, table = self.TOOLS[action]
            self.click_button("#tools", tool, "toolbar", bound=bound, table=table)

    def tool(self) -> None:
        tools = [t for t in self.state["tools"] if t["shown"] and not t["disabled"]
                 and t["action"] in self.TOOLS]
        if tools:
            tool = self.rng.choices(tools, [self.TOOLS[t["action"]][0] for t in tools])[0]
            self.press_tool(tool["action"])

    def menu(self) -> None:
        weights = {"daily": 1.5, "stats": 1, "settings": 1.5, "lang": LANGUAGE_SWITCH, "duel": 0.5}
        menu = [b for b in self.state["menu"] if weights.get(b["action"])]
        if menu:
            button = self.rng.choices(menu, [weights[b["action"]] for b in menu])[0]
            self.click_button("#menu", button, "header", bound=None if button["action"] == "daily" else 0)

    def mode_line(self) -> None:
        buttons = self.state["modeButtons"]
        back = [b for b in buttons if b["action"] == f"switch-{self.case.game}"]
        if back and self.rng.random() < 0.8:
            buttons = back
        if buttons:
            self.click_button("#mode", self.rng.choice(buttons), "mode line")

    def bar_button(self) -> None:
        s = self.state
        bars = [("#notice", b) for b in s["notice"]["buttons"]]
        bars += [("#verdict", b) for b in s["verdict"]["buttons"]]
        bars += [("#replay", b) for b in s["replay"]["buttons"]]
        bars = [(scope, b) for scope, b in bars if b["action"] not in NEVER]
        if bars:
            scope, button = self.rng.choice(bars)
            self.click_button(scope, button, "bar")
        else:
            self.tap_card()

    def replay(self) -> None:
        """The replay bar of a game that is over: step, play, pause, leave (keys or buttons);
        none of it changes the saved game."""
        if self.device == "desktop" and self.rng.random() < 0.4:
            key = self.rng.choice(["ArrowLeft", "ArrowRight", "ArrowRight", "Space", "Escape"])
            self.did(f"key {key} (replay)", bound=0, table=True)
            self.page.keyboard.press(key)
            return
        self.click_button("#replay", self.rng.choice(self.state["replay"]["buttons"]), "replay", bound=0,
                          table=True)

    def unpause(self) -> None:
        resume = [b for b in self.state["notice"]["buttons"] if b["action"] == "resume"]
        if resume and self.rng.random() < 0.6:
            self.click_button("#notice", resume[0], "bar", bound=0)
        else:
            self.press_tool("pause")

    # ---- dialogs
    # What a dialog's button may do to the game (no entry: anything, a new game included).
    DIALOG_BOUNDS: ClassVar[dict[str, int]] = {
        "close-dialog": 0, "new-cancel": 0, "copy-id": 0, "share": 0, "stuck-undo": 1, "stats-reset": 0,
        "stats-reset-yes": 0,
    }

    def answer_dialog(self) -> None:
        """Answer the open dialog as a person would: mostly what it is for, sometimes
        cancel or Esc; the new-game dialog chooses a game, the settings change a little."""
        d, rng, page = self.state["dialog"], self.rng, self.page
        ident = d["id"] or d["cls"]
        buttons = [b for b in d["buttons"] if b["action"] not in NEVER]
        if rng.random() < 0.08 or not buttons:
            self.did(f"key Escape (dialog {ident})", bound=0)
            page.keyboard.press("Escape")
            return
        weights: dict[str, float] = {}
        if ident == "analysis" and d["state"] == "running" and rng.random() < 0.6:
            self.wait_for_analysis()
            return
        if ident == "newgame":
            radios = [r["value"] for r in d["radios"] if r["name"] == "choice"]
            own = f"{self.case.game}-{self.case.variant}"
            pick = own if rng.random() < 0.6 or not radios else rng.choice(radios)
            self._radio("choice", pick)
            if pick.startswith("klondike") and rng.random() < 0.5:  # the levels show for Klondike only
                self._radio("grade", rng.choice(("easy", "normal", "hard")))
            weights = {"new-start": 8, "new-cancel": 1.5, "previous": 2}
        elif ident == "settings":
            self._settings(d)
            weights = {"settings-save": 6, "close-dialog": 2}
        elif ident in ("won", "stuck"):
            weights = {"won-new": 3, "won-restart": 3, "close-dialog": 1, "copy-id": 1, "challenge": 0.5,
                       "share": 1, "stuck-undo": 6, "stuck-restart": 2, "stuck-new": 2, "finish-yes": 2}
        elif ident == "stats":
            weights = {"close-dialog": 6, "stats-reset": 1}
        pool = [b for b in buttons if weights.get(b["action"] or "", 0 if weights else 1) > 0] or buttons
        button = rng.choices(pool, [weights.get(b["action"] or "", 1) for b in pool])[0]
        bound = 1 if button["pick"] else self.DIALOG_BOUNDS.get(button["action"] or "")
        self.click_button("dialog[open]", button, f"dialog {ident}:", bound=bound)
        return

    def wait_for_analysis(self) -> None:
        """Let the analysis run a while (it has its own time budget), checking the page."""
        self.did("wait for the analysis", bound=0)
        t0 = time.monotonic()
        for _ in range(60):
            self.page.wait_for_timeout(100)
            self.look()
            d = self.state["dialog"]
            if d is None or d["id"] != "analysis" or d["state"] != "running":
                break
        self.time["waiting for an analysis"] += time.monotonic() - t0

    def top_dialog(self) -> Any:
        return self.page.locator("dialog[open]").nth(self.state["dialog"]["nth"])

    def _radio(self, name: str, value: str) -> None:
        locator = self.top_dialog().locator(f'input[name="{name}"][value="{value}"]')
        self.log.append(f"{self.step}: choose {name}={value}")
        if self.device == "phone":
            locator.tap(timeout=CLICK_TIMEOUT_MS)
        else:
            locator.check(timeout=CLICK_TIMEOUT_MS)

    def _settings(self, d: dict[str, Any]) -> None:
        rng, dialog = self.rng, self.top_dialog()
        for check in d["checks"]:
            if rng.random() < 0.25:
                self.log.append(f"{self.step}: toggle setting {check['name']}")
                box = dialog.locator(f'input[name="{check["name"]}"]')
                if self.device == "phone":
                    box.tap(timeout=CLICK_TIMEOUT_MS)
                else:
                    box.click(timeout=CLICK_TIMEOUT_MS)
        for select in d["selects"]:
            if rng.random() < 0.2 and (LANGUAGE_SWITCH or select["name"] not in REBUILDS):
                value = rng.choice(select["values"])
                self.log.append(f"{self.step}: select {select['name']}={value}")
                dialog.locator(f'select[name="{select["name"]}"]').select_option(value)
        for number in d["numbers"]:
            if rng.random() < 0.2:
                value = rng.choice(["0", "0", "1", "30", "", "abc", "601", "2.5"])
                self.log.append(f"{self.step}: type {number}={value!r}")
                field = dialog.locator(f'input[name="{number}"]')
                field.fill("")
                field.press_sequentially(value)  # typed: the browser takes what a number field takes


AIMED = {Player.tap_card, Player.tap_place, Player.drag_card, Player.double_tap, Player.tap_stock,
         Player.follow_hint, Player.hold, Player.tap_waste, Player.tap_foundation, Player.burst}


def _names(haystack: str, name: str) -> bool:
    """Does ``haystack`` name the card ``name`` (not merely contain it, as "Pik 1" is in
    "Pik 10")?"""
    start = haystack.find(name)
    while start >= 0:
        end = start + len(name)
        if end == len(haystack) or not haystack[end].isalnum():
            return True
        start = haystack.find(name, start + 1)
    return False


def run(page: Page, base_url: str, guard: Guard, case: Case, actions: int, reload_every: int) -> Player:
    """Play ``actions`` random actions of ``case`` (its seed: :func:`case_seed`)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    player = Player(page, base_url, guard, case, case_seed(case), actions, reload_every)
    player.run()
    return player
