/* Before Python starts: the page in the player's language, with the game they will see.

   Plain JavaScript, run synchronously at the end of <body>, before the first paint (no
   inline script: the page's CSP forbids them). It decides what shows until Python's first
   render is done (<html class="ready">):

   - the picture of the player's own table as they left it, when there is one that belongs
     to the game saved now (below); otherwise
   - the skeleton: the outline of the game they will see (ten columns for Spider, seven for
     Klondike; a deal link's own game), from the settings and the address alone; for a
     fresh deal (a first visit, a deal link) laid out as dealt, backs and blank faces
     (below).
   Until then a press is answered in the loading line (below, "input before Python").

   Nothing here is typed twice. scripts/build_site.py stamps between the markers below the
   few words it shows, from the text catalogs (this unbuilt copy falls back to German), and
   HOUSE, a JSON copy of what it knows of the games, read from their descriptors
   (spider/core/registry.py, GameInfo; build_site.prepaint_house): each game's name, deal-ID
   letter and variants, save key, a fresh deal's shape, whether it has the duel; the suits;
   the link parameters (spider/web/links.py) and the settings' key. This unbuilt copy knows
   no game: it shows the page's bare outline.

   The picture (localStorage "spider.picture")
   - Taken here, once the game is ready: a second after the table last changed (the clock's
     ticks do not count), and when the page is hidden or left (after Python's own save on
     those events: its listeners are added before these). Never while the save stored is
     one another tab wrote (Python then shows the conflict and saves nothing). It is a compact copy of the
     chrome and the table (#title, #deal-id, #mode, #menu, #status, #piles, #board,
     #tools): tags, classes (without passing marks such as the last move or a hint), the
     data-* attributes, disabled/hidden/aria-pressed, and the custom properties that place
     the cards. A face-down card is copied as `class="card down" data-card="down"` and its
     place, nothing else: no child, no other attribute. (The page's DOM never holds a
     face-down card's identity anyway, so the copy, a subset of it, cannot either.)
     With it: the game it shows (#board's data-game), a hash of that game's save (its
     descriptor's save key) as it was when it was taken, the language, the colours, the card
     size and the hand (HOUSE.looks, the markers with `geometry`) and the window size.
   - Painted only when it belongs to the game saved now: the current game (settings.game)
     is the picture's, the hash matches that game's save (another tab played on, a new
     game, an unreadable save: no picture), the language, the card size and hand and the window
     size (within a margin: a rotated phone gets the skeleton) are the same, and the address opens no
     other game (?deal=, ?pos=, ?duel=: links.KINDS; a duel link's skeleton is the duel's
     game, in outline).
   - Painted as a copy of the page (div.app.picture) laid over the skeleton: inert (no
     focus, no input) and hidden from assistive technology (aria-hidden), with the loading
     line, so it reads as "not live yet". Python builds the real table underneath; at
     <html class="ready"> the CSS hides the copy at once (page.css, "start-up" section)
     and this script removes it. `performance.mark("board-painted")` when one was painted.
   - A picture that cannot be read or built is dropped silently: the skeleton shows. */
/** @typedef {{name: string, deal_letter: string, variants: number[], save_key: string,
 *    dealt: number[], dealt_piles: ("stock" | "waste" | "foundation")[], duel: boolean}} Game
 *  @typedef {{setting: string, attribute: string, values: Record<string, string | null>,
 *    default: string | boolean, geometry: boolean}} Marker  a setting shown on <html> (null:
 *    the system's theme; geometry: it moves or resizes the table's piles)
 *  @typedef {{markers: Marker[], system_dark: string, system: Record<string, string>,
 *    theme_colors: Record<string, string>}} Looks
 *  @typedef {{games: Game[], default_game: string, suits: [string, string][],
 *    links: {deal: string, pos: string, duel: string, lang: string},
 *    settings_key: string, looks: Looks}} House
 *  @typedef {Record<string, Record<string, string>>} Texts  the words, per language
 *  @typedef {[string, Record<string, string>, Record<string, string>, Copy[]]} Copied
 *    an element copied: [tag, attributes, custom properties, children]
 *  @typedef {string | Copied} Copy  an element copied, or a text
 *  @typedef {{format: number, game: string, save: string, lang: string, four: boolean,
 *    geometry?: string, width: number, height: number, parts: Record<string, Copy>}} Picture */
(() => {
  "use strict";
  /* texts:start (stamped by scripts/build_site.py) */
  /** @type {Texts} */
  const TEXTS = { de: { "ui.loading": "Das Spiel wird geladen …",
    "ui.loading.wait": "Einen Moment noch: das Spiel startet gleich.",
    "ui.loading.failed": "Das Spiel konnte nicht geladen werden. Bitte die Verbindung prüfen und neu laden.",
    "ui.loading.reload": "Neu laden", "ui.title.spider": "Spider Solitär",
    "ui.title.klondike": "Klondike Solitär" } };
  /* texts:end */
  /* house:start (stamped by scripts/build_site.py; unbuilt: no game) */
  /** @type {House | null} */
  const HOUSE = /** @type {House | null} */ (null);
  /* house:end */
  const PICTURE_KEY = "spider.picture"; // this script's own; the page reads its game (app.py)
  const PICTURE_FORMAT = 1;
  const PARTS = ["title", "deal-id", "mode", "menu", "status", "piles", "board", "tools"];
  const root = document.documentElement;
  const app = document.getElementById("app");
  root.dataset.pre = ""; // page.css shows the page from here on (set before any change below)
  if (!HOUSE) return; // unbuilt: the bare outline
  const { games, links } = HOUSE;
  /** @param {string | null | undefined} name */
  const named = (name) => games.find((g) => g.name === name);

  /** @type {Storage | null} */
  let storage = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null; // storage blocked: the defaults (Python says what happened)
  }
  /** @param {string} key */
  function read(key) {
    try {
      return storage ? storage.getItem(key) : null;
    } catch {
      return null;
    }
  }

  // ------------------------------------------------------------------ language, game, skeleton
  /** @type {Record<string, unknown>} */
  let settings;
  try {
    settings = JSON.parse(read(HOUSE.settings_key) || "{}") || {};
  } catch {
    settings = {}; // unreadable: the defaults (Python says what happened)
  }

  /* How the table looks and moves, as the player set it up (spider/web/looks.py, stamped as
     HOUSE.looks): the theme, the card size, the animations and the hand go on <html> here,
     before the first paint, as Python will keep them, so a dark player never sees a light
     frame and the table is laid out at its size and on its side from the start (nothing moves
     when Python arrives). The theme System is the device's (prefers-color-scheme), followed
     live until Python is ready and follows it itself; <meta name="theme-color"> goes with it.
     A value the settings cannot hold counts as the default. */
  const { looks } = HOUSE;
  const systemDark = window.matchMedia(looks.system_dark);
  function paintLooks() {
    let theme = "";
    for (const m of looks.markers) {
      const value = settings[m.setting];
      const key = typeof value === "string" || typeof value === "boolean" ? String(value) : "";
      const shown = Object.hasOwn(m.values, key) ? m.values[key] : m.values[String(m.default)];
      const system = shown === null;
      const attribute = system ? looks.system[String(systemDark.matches)] : shown;
      if (system || Object.values(m.values).includes(null)) theme = attribute;
      root.setAttribute(m.attribute, attribute);
    }
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta && looks.theme_colors[theme]) meta.setAttribute("content", looks.theme_colors[theme]);
  }
  paintLooks();
  /** The markers that move or resize the piles, as they are now (a picture taken with others
   *  is not painted: its places and sizes are not the table's). */
  function geometry() {
    return looks.markers.filter((m) => m.geometry).map((m) => root.getAttribute(m.attribute)).join(" ");
  }
  systemDark.addEventListener("change", function follow() {
    if (root.classList.contains("ready")) systemDark.removeEventListener("change", follow);
    else paintLooks();
  });
  const query = new URLSearchParams(location.search);
  const wanted = typeof settings.lang === "string" ? settings.lang : null;
  const browser = (navigator.languages || [navigator.language || "de"])[0] || "de";
  let lang = query.get(links.lang) || wanted || (browser.toLowerCase().startsWith("de") ? "de" : "en");
  if (!TEXTS[lang]) lang = TEXTS.en ? "en" : "de";
  /* A deal link opens its own game (its descriptor's letter and variants, the number in
     the one spelling the engine reads: spider/core/deal_ids.py); the picture and the
     skeleton show that one. (The shape only: Python checks the number's range and refuses
     a wrong one.) A duel link, with no deal or position link beside it (those come first),
     opens the game that has the duel. */
  const dealId = query.get(links.deal) || "";
  const linked = games.find((g) => new RegExp(`^${g.deal_letter}(?:${g.variants.join("|")})-(?:0|[1-9][0-9]*)$`)
    .test(dealId));
  const dueled = !query.has(links.deal) && !query.has(links.pos) && query.has(links.duel)
    ? games.find((g) => g.duel) : undefined;
  const game = linked || dueled || named(typeof settings.game === "string" ? settings.game : null)
    || named(HOUSE.default_game) || games[0];
  const words = TEXTS[lang];
  const title = words[`ui.title.${game.name}`] || document.title;
  root.lang = lang;
  document.title = title;
  /** @param {string} id */
  const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  byId("title").textContent = title;
  byId("loading").textContent = words["ui.loading"];
  const board = byId("board");
  board.dataset.game = game.name;

  /* A fresh deal has the same shape whatever its cards: the skeleton then lays it out as
     dealt, backs where the face-down cards will lie and a blank face on each column, at the
     places the game will put them (page.css, "start-up": the CSS gives the skeleton's
     columns the steps Python's layout gives an unsqueezed column), and the game's other
     piles (dealt_piles: a stock, a waste, a foundation per suit). Nothing in it says which
     card is where. Fresh: a deal link, or no game of this kind saved yet (a first visit). */
  const fresh = !query.has(links.pos) && !query.has(links.duel) && (linked ? true : !read(game.save_key));
  /** @param {string} tag @param {string} cls @param {Record<string, string>} [attrs] */
  function part(tag, cls, attrs) {
    const el = document.createElement(tag);
    el.className = cls;
    for (const [name, value] of Object.entries(attrs || {})) el.setAttribute(name, value);
    return el;
  }
  /** @type {Record<Game["dealt_piles"][number], () => HTMLElement[]>} */
  const PILES = {
    stock: () => [part("div", "kpile kstock", { "data-state": "full" })],
    waste: () => [part("div", "kpile kwaste")],
    foundation: () => HOUSE.suits.map(([suit, sign]) => {
      const found = part("div", `kpile kfound s-${suit}`, { "data-suit": suit });
      found.append(part("span", "ksuit"));
      found.children[0].textContent = sign;
      return found;
    }),
  };
  if (fresh) {
    for (const pile of game.dealt_piles) board.append(...PILES[pile]());
  }
  for (const downs of game.dealt) {
    const col = part("div", "col skel", { "aria-hidden": "true" });
    if (fresh) {
      col.classList.add("dealt");
      col.style.setProperty("--downs", String(downs));
      for (let k = 0; k <= downs; k += 1) {
        const card = k < downs ? part("div", "card down", { "data-card": "down" }) : part("div", "card blank");
        card.style.setProperty("--i", String(k));
        col.append(card);
      }
    }
    board.append(col);
  }
  if (fresh) performance.mark("board-painted"); // the table's cards are on the screen (bench/page_speed.py)

  // ------------------------------------------------------------------ the picture: taking it
  /** @param {string} text */
  function hash(text) { // FNV-1a, 32 bit, and the length: tells one save from another
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return `${(h >>> 0).toString(16)}:${text.length}`;
  }

  const SKIP = new Set(["DIALOG", "SCRIPT", "TEMPLATE", "STYLE"]);
  // Marks that pass: the last move, a hint, a drag, a drop target, a selection.
  const PASSING = /^(last|hinted|hint-src|hint-dst|over|lift|drag|sel|selected|focus)$/;
  const ATTRIBUTE = /^(data-[a-z0-9-]+|disabled|hidden|aria-pressed)$/;
  const PASSING_VARS = new Set(["--dx", "--dy"]);

  /** @param {Element} el */
  function isDown(el) {
    return el.classList.contains("down") || el.getAttribute("data-card") === "down";
  }

  /** [tag, attributes, custom properties, children] of an element; a string for text.
   *  @param {Node} node @returns {Copy | null} */
  function copy(node) {
    if (node.nodeType === Node.TEXT_NODE) return /** @type {Text} */ (node).data;
    const el = /** @type {HTMLElement} */ (node); // an element's (HTML or SVG) style is the same
    if (node.nodeType !== Node.ELEMENT_NODE || SKIP.has(el.tagName)) return null;
    const down = isDown(el);
    /** @type {Record<string, string>} */
    const attrs = {};
    const cls = [...el.classList].filter((c) => !PASSING.test(c)).join(" ");
    if (cls) attrs.class = cls;
    if (down) {
      attrs["data-card"] = "down"; // a back: nothing else about it
    } else {
      for (const a of el.attributes) {
        if (ATTRIBUTE.test(a.name)) attrs[a.name] = a.value;
      }
    }
    /** @type {Record<string, string>} */
    const vars = {};
    for (let i = 0; i < el.style.length; i += 1) {
      const name = el.style[i];
      if (name.startsWith("--") && !PASSING_VARS.has(name)) vars[name] = el.style.getPropertyValue(name);
    }
    /** @type {Copy[]} */
    const kids = [];
    if (!down) {
      for (const child of el.childNodes) {
        const kid = copy(child);
        if (kid !== null && kid !== "") kids.push(kid);
      }
    }
    return [el.tagName.toLowerCase(), attrs, vars, kids];
  }

  // The save another tab wrote last, per key (the "storage" event fires only for other
  // tabs' writes). While it is the save stored, the table here is not the saved game
  // (Python shows the conflict and writes nothing): no picture is taken for it.
  /** @type {Record<string, string | null>} */
  const foreign = {};
  window.addEventListener("storage", (event) => {
    if (event.key && games.some((g) => g.save_key === event.key)) foreign[event.key] = event.newValue;
  });

  function take() {
    const live = document.getElementById("board");
    const name = live && live.dataset.game;
    const key = named(name)?.save_key;
    const save = key ? read(key) : null;
    if (!name || !key || !save || !storage || !root.classList.contains("ready") || save === foreign[key]) return;
    /** @type {Record<string, Copy>} */
    const parts = {};
    for (const id of PARTS) {
      const el = document.getElementById(id);
      const copied = el && copy(el);
      if (copied) parts[id] = copied;
    }
    /** @type {Picture} */
    const taken = {
      format: PICTURE_FORMAT, game: name, save: hash(save), lang: root.lang,
      four: root.classList.contains("four"), geometry: geometry(), width: innerWidth, height: innerHeight,
      parts,
    };
    try {
      storage.setItem(PICTURE_KEY, JSON.stringify(taken));
    } catch {
      // full or blocked: the picture is a nicety, Python saves the game itself
    }
  }

  // ------------------------------------------------------------------ the picture: painting it
  /** @param {Copy} node @returns {Node} */
  function build(node) {
    if (typeof node === "string") return document.createTextNode(node);
    const [tag, attrs, vars, kids] = node;
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (name === "class") el.className = value;
      else if (ATTRIBUTE.test(name)) el.setAttribute(name, value);
    }
    for (const [name, value] of Object.entries(vars)) {
      if (name.startsWith("--")) el.style.setProperty(name, value);
    }
    for (const kid of kids) el.append(build(kid));
    return el;
  }

  /** @param {unknown} then @param {number} now @param {number} margin */
  function near(then, now, margin) {
    return typeof then === "number" && Math.abs(then - now) <= margin * now;
  }

  function picture() {
    if (!app || [links.deal, links.pos, links.duel].some((k) => query.has(k))) return null;
    const raw = read(PICTURE_KEY);
    const save = raw && read(game.save_key);
    if (!raw || !save) return null;
    /** @type {Partial<Picture> | null} */
    const pic = JSON.parse(raw);
    if (!pic || pic.format !== PICTURE_FORMAT || pic.game !== game.name || pic.save !== hash(save)
        || pic.lang !== lang || !near(pic.width, innerWidth, 0.1) || !near(pic.height, innerHeight, 0.2)
        || (pic.geometry !== undefined && pic.geometry !== geometry())
        || !pic.parts || !pic.parts.board) {
      return null;
    }
    // A copy of the skeleton, each recorded part put in its place; no ids (they stay unique).
    const shown = /** @type {HTMLElement} */ (app.cloneNode(true));
    shown.removeAttribute("id");
    shown.classList.add("picture");
    shown.inert = true;
    shown.setAttribute("aria-hidden", "true");
    const { parts } = pic;
    for (const el of shown.querySelectorAll("[id]")) {
      const recorded = parts[el.id];
      el.removeAttribute("id");
      if (recorded) el.replaceWith(build(recorded));
    }
    for (const el of shown.querySelectorAll("[role], [aria-live]")) {
      el.removeAttribute("role");
      el.removeAttribute("aria-live");
    }
    if (pic.four) root.classList.add("four");
    app.after(shown);
    performance.mark("board-painted");
    return shown;
  }

  /** @type {HTMLElement | null} */
  let shown = null;
  try {
    shown = picture();
  } catch (error) {
    console.info("No picture of the last game:", error instanceof Error ? error.message : error);
  }

  // ------------------------------------------------------------------ input before Python
  /* Nothing on the page is live before the game is ready. A tap, click or key press in that
     time is answered, not dropped in silence: the loading line (the live one and the
     picture's copy; it is the page's polite live region) says the game is about to start,
     and pulses again at each press. */
  const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta"]);
  let failed = false; // the game could not start (below): the line says so and stays
  let slow = false; // the start takes long (below): the line says so, and may still start
  /** The loading lines: the live one and the picture's copy. */
  const loadingLines = () => /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".loading"));
  /** @param {Event} event */
  function waiting(event) {
    const key = event instanceof KeyboardEvent ? event : null;
    if (root.classList.contains("ready") || failed || (key && (key.repeat || MODIFIERS.has(key.key)))) return;
    for (const line of loadingLines()) {
      line.textContent = words[slow ? "ui.loading.slow" : "ui.loading.wait"];
      line.classList.remove("nudge");
      void line.offsetWidth; // restart the pulse
      line.classList.add("nudge");
    }
  }
  document.addEventListener("pointerdown", waiting, true);
  document.addEventListener("keydown", waiting, true);

  // ------------------------------------------------------------------ if the game cannot start
  /* A start that fails before the game is ready (the network drops during a first visit's
     downloads, a file of the build cannot be read) ends in an error that PyScript does not
     show a player, or shows in English in a red box (hidden: page.css): the loading line
     would spin for ever.
     Any uncaught error or rejected promise on the page before ready, PyScript's own script
     that cannot be loaded, a failed download of the runtime (pyodide/boot.mjs says so with
     "spider:start-failed") and PyScript's error box (.py-error) mean Python did not
     start: the loading line says so in the player's language, with a button that loads
     the page again (a saved game is in localStorage and is not touched). The reason goes
     to the console. After ready none of this applies: the game has its own messages. (A
     download that never answers raises nothing: see SLOW_MS below.) */
  /** @param {unknown} why */
  function cannotStart(why) {
    if (failed || root.classList.contains("ready")) return;
    failed = true;
    const message = why && typeof why === "object" && "message" in why ? why.message : why;
    console.info("The game could not start:", String(message || why).trim());
    for (const line of loadingLines()) {
      line.textContent = words["ui.loading.failed"];
      line.classList.remove("nudge");
      line.classList.add("failed");
    }
    reloadButton();
    byId("loading").parentElement?.classList.add("refusal");
  }
  /** The button after the live loading line that loads the page again (one at most; the
   *  game clears the line and the button when it is ready). */
  function reloadButton() {
    const live = byId("loading");
    if (live.parentElement?.querySelector(".reload")) return;
    const again = document.createElement("button");
    again.type = "button";
    again.className = "reload";
    again.textContent = words["ui.loading.reload"];
    again.addEventListener("click", () => location.reload());
    live.after(again);
  }
  /* A download that never answers (a stalled connection) raises nothing, so nothing above
     fires. After SLOW_MS without the game the loading line says that the start takes
     longer than usual and may still finish, keeps spinning, and offers the same button.
     If the start does finish, the game replaces the line and the button as always. */
  const SLOW_MS = 30_000;
  const slowTimer = setTimeout(() => {
    if (failed || root.classList.contains("ready")) return;
    slow = true;
    for (const line of loadingLines()) {
      line.textContent = words["ui.loading.slow"];
    }
    reloadButton();
  }, SLOW_MS);
  window.addEventListener("error", (event) => {
    const from = event.target;
    // capturing: also a script that cannot be loaded (those do not bubble); only PyScript's
    // own (data-start in index.html) stops the start
    if (from instanceof HTMLScriptElement) {
      if (from.matches("[data-start]")) cannotStart(`${from.src} could not be loaded`);
    } else if (!(from instanceof Element) && !/^ResizeObserver loop/.test(event.message || "")) {
      cannotStart(event.error || event.message); // (the browser's ResizeObserver notice is no error)
    }
  }, true);
  window.addEventListener("unhandledrejection", (event) => cannotStart(event.reason));
  // pyodide/boot.mjs: a download of the runtime failed (Pyodide itself never says so)
  window.addEventListener("spider:start-failed", (event) => {
    cannotStart(event instanceof CustomEvent ? event.detail : event);
  });
  const boxes = new MutationObserver((records) => {
    if (root.classList.contains("ready")) boxes.disconnect();
    else if (records.some((r) => [...r.addedNodes].some((n) => n instanceof Element && n.matches(".py-error")))) {
      cannotStart(document.querySelector(".py-error")?.textContent);
    }
  });
  boxes.observe(document.body, { childList: true });

  // ------------------------------------------------------------------ once the game is ready
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(take, 1000);
  }
  function ready() {
    clearTimeout(slowTimer);
    document.removeEventListener("pointerdown", waiting, true);
    document.removeEventListener("keydown", waiting, true);
    if (shown) shown.remove();
    shown = null;
    if (!app || !storage) return;
    take();
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target instanceof Element ? r.target : r.target.parentElement;
        if (!el || !el.closest('[data-stat="time"]')) {
          later();
          return;
        }
      }
    }).observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") take();
    });
    window.addEventListener("pagehide", take);
  }
  if (root.classList.contains("ready")) {
    ready();
  } else {
    const observer = new MutationObserver(() => {
      if (root.classList.contains("ready")) {
        observer.disconnect();
        ready();
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
  }
})();
