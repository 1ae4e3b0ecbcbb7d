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

   The words come from the text catalogs: scripts/build_site.py stamps the few it needs
   between the markers below (this unbuilt copy falls back to German).

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
     With it: the game it shows (#board's data-game), a hash of that game's save
     (localStorage "spider.game" or "spider.game.klondike") as it was when it was taken, the
     language, the colours and the window size.
   - Painted only when it belongs to the game saved now: the current game (settings.game)
     is the picture's, the hash matches that game's save (another tab played on, a new
     game, an unreadable save: no picture), the language and the window size (within a
     margin: a rotated phone gets the skeleton) are the same, and the address opens no
     other game (?deal=, ?pos=, ?duel=; a duel link's skeleton is the duel's game, Spider).
   - Painted as a copy of the page (div.app.picture) laid over the skeleton: inert (no
     focus, no input) and hidden from assistive technology (aria-hidden), with the loading
     line, so it reads as "not live yet". Python builds the real table underneath; at
     <html class="ready"> the CSS hides the copy at once (spider.css, "start-up" section)
     and this script removes it. `performance.mark("board-painted")` when one was painted.
   - A picture that cannot be read or built is dropped silently: the skeleton shows. */
(() => {
  "use strict";
  /* texts:start (stamped by scripts/build_site.py) */
  const TEXTS = { de: { "ui.loading": "Das Spiel wird geladen …",
    "ui.loading.wait": "Einen Moment noch: das Spiel startet gleich.", "ui.title.spider": "Spider Solitär",
    "ui.title.klondike": "Klondike Solitär" } };
  /* texts:end */
  const PICTURE_KEY = "spider.picture";
  const PICTURE_FORMAT = 1;
  const SAVE_KEYS = { spider: "spider.game", klondike: "spider.game.klondike" };
  const PARTS = ["title", "deal-id", "mode", "menu", "status", "piles", "board", "tools"];
  const root = document.documentElement;
  const app = document.getElementById("app");
  root.dataset.pre = ""; // spider.css shows the page from here on (set before any change below)

  let storage = null;
  try {
    storage = window.localStorage;
  } catch (_) {
    storage = null; // storage blocked: the defaults (Python says what happened)
  }
  function read(key) {
    try {
      return storage ? storage.getItem(key) : null;
    } catch (_) {
      return null;
    }
  }

  // ------------------------------------------------------------------ language, game, skeleton
  let settings = {};
  try {
    settings = JSON.parse(read("spider.settings") || "{}") || {};
  } catch (_) {
    settings = {}; // unreadable: the defaults (Python says what happened)
  }
  const query = new URLSearchParams(location.search);
  const wanted = typeof settings.lang === "string" ? settings.lang : null;
  const browser = (navigator.languages || [navigator.language || "de"])[0] || "de";
  let lang = query.get("lang") || wanted || (browser.toLowerCase().startsWith("de") ? "de" : "en");
  if (!TEXTS[lang]) lang = TEXTS.en ? "en" : "de";
  // A deal link opens its own game (S… Spider, K… Klondike); the picture and the skeleton
  // show that one. (The shape only: Python reads the ID and refuses a wrong one.)
  const DEAL_ID = /^\s*(S[124]|K[13])-[0-9]{1,12}\s*$/i;
  const linked = DEAL_ID.exec(query.get("deal") || "");
  const LETTERS = { S: "spider", K: "klondike" };
  // A duel link (no deal or position link beside it: those come first) opens Spider.
  const dueled = !query.has("deal") && !query.has("pos") && query.has("duel");
  const game = linked ? LETTERS[linked[1][0].toUpperCase()]
    : dueled ? "spider" : settings.game === "klondike" ? "klondike" : "spider";
  const words = TEXTS[lang];
  root.lang = lang;
  document.title = words[`ui.title.${game}`];
  document.getElementById("title").textContent = words[`ui.title.${game}`];
  document.getElementById("loading").textContent = words["ui.loading"];
  const board = document.getElementById("board");
  board.dataset.game = game;

  /* A fresh deal has the same shape whatever its cards: the skeleton then lays it out as
     dealt, backs where the face-down cards will lie and a blank face on each column, at the
     places the game will put them (spider.css, "start-up": the CSS gives the skeleton's
     columns the steps Python's layout gives an unsqueezed column). Nothing in it says which
     card is where. Fresh: a deal link, or no game of this kind saved yet (a first visit). */
  const fresh = !query.has("pos") && !query.has("duel") && (linked ? true : !read(SAVE_KEYS[game]));
  const DEALT = { spider: [5, 5, 5, 5, 4, 4, 4, 4, 4, 4], klondike: [0, 1, 2, 3, 4, 5, 6] };
  function part(tag, cls, attrs) {
    const el = document.createElement(tag);
    el.className = cls;
    for (const [name, value] of Object.entries(attrs || {})) el.setAttribute(name, value);
    return el;
  }
  if (fresh && game === "klondike") {
    board.append(part("div", "kpile kstock", { "data-state": "full" }), part("div", "kpile kwaste"));
    for (const [suit, sign] of [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]]) {
      const found = part("div", `kpile kfound s-${suit}`, { "data-suit": suit });
      found.append(part("span", "ksuit"));
      found.lastChild.textContent = sign;
      board.append(found);
    }
  }
  for (let i = 0; i < DEALT[game].length; i += 1) {
    const col = part("div", "col skel", { "aria-hidden": "true" });
    if (fresh) {
      const downs = DEALT[game][i];
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

  function isDown(el) {
    return el.classList.contains("down") || el.getAttribute("data-card") === "down";
  }

  /* [tag, attributes, custom properties, children] of an element; a string for text. */
  function copy(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE || SKIP.has(node.tagName)) return null;
    const down = isDown(node);
    const attrs = {};
    const cls = [...node.classList].filter((c) => !PASSING.test(c)).join(" ");
    if (cls) attrs.class = cls;
    if (down) {
      attrs["data-card"] = "down"; // a back: nothing else about it
    } else {
      for (const a of node.attributes) {
        if (ATTRIBUTE.test(a.name)) attrs[a.name] = a.value;
      }
    }
    const vars = {};
    for (let i = 0; i < node.style.length; i += 1) {
      const name = node.style[i];
      if (name.startsWith("--") && !PASSING_VARS.has(name)) vars[name] = node.style.getPropertyValue(name);
    }
    const kids = [];
    if (!down) {
      for (const child of node.childNodes) {
        const kid = copy(child);
        if (kid !== null && kid !== "") kids.push(kid);
      }
    }
    return [node.tagName.toLowerCase(), attrs, vars, kids];
  }

  // The save another tab wrote last, per key (the "storage" event fires only for other
  // tabs' writes). While it is the save stored, the table here is not the saved game
  // (Python shows the conflict and writes nothing): no picture is taken for it.
  const foreign = {};
  window.addEventListener("storage", (event) => {
    if (Object.values(SAVE_KEYS).includes(event.key)) foreign[event.key] = event.newValue;
  });

  function take() {
    const live = document.getElementById("board");
    const name = live && live.dataset.game;
    const key = name && SAVE_KEYS[name];
    const save = key ? read(key) : null;
    if (!save || !root.classList.contains("ready") || save === foreign[key]) return;
    const parts = {};
    for (const id of PARTS) {
      const el = document.getElementById(id);
      if (el) parts[id] = copy(el);
    }
    const picture = {
      format: PICTURE_FORMAT, game: name, save: hash(save), lang: root.lang,
      four: root.classList.contains("four"), width: innerWidth, height: innerHeight, parts,
    };
    try {
      storage.setItem(PICTURE_KEY, JSON.stringify(picture));
    } catch (_) {
      // full or blocked: the picture is a nicety, Python saves the game itself
    }
  }

  // ------------------------------------------------------------------ the picture: painting it
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

  function near(then, now, margin) {
    return typeof then === "number" && Math.abs(then - now) <= margin * now;
  }

  function picture() {
    if (!app || ["deal", "pos", "duel"].some((k) => query.has(k))) return null;
    const raw = read(PICTURE_KEY);
    const save = raw && read(SAVE_KEYS[game]);
    if (!save) return null;
    const pic = JSON.parse(raw);
    if (!pic || pic.format !== PICTURE_FORMAT || pic.game !== game || pic.save !== hash(save)
        || pic.lang !== lang || !near(pic.width, innerWidth, 0.1) || !near(pic.height, innerHeight, 0.2)
        || !pic.parts || !pic.parts.board) {
      return null;
    }
    // A copy of the skeleton, each recorded part put in its place; no ids (they stay unique).
    const shown = app.cloneNode(true);
    shown.removeAttribute("id");
    shown.classList.add("picture");
    shown.inert = true;
    shown.setAttribute("aria-hidden", "true");
    for (const el of shown.querySelectorAll("[id]")) {
      const part = pic.parts[el.id];
      el.removeAttribute("id");
      if (part) el.replaceWith(build(part));
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

  let shown = null;
  try {
    shown = picture();
  } catch (error) {
    console.info("No picture of the last game:", error && error.message);
  }

  // ------------------------------------------------------------------ input before Python
  /* Nothing on the page is live before the game is ready. A tap, click or key press in that
     time is answered, not dropped in silence: the loading line (the live one and the
     picture's copy; it is the page's polite live region) says the game is about to start,
     and pulses again at each press. */
  const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta"]);
  function waiting(event) {
    if (root.classList.contains("ready") || event.repeat || MODIFIERS.has(event.key)) return;
    for (const line of document.querySelectorAll(".loading")) {
      line.textContent = words["ui.loading.wait"];
      line.classList.remove("nudge");
      void line.offsetWidth; // restart the pulse
      line.classList.add("nudge");
    }
  }
  document.addEventListener("pointerdown", waiting, true);
  document.addEventListener("keydown", waiting, true);

  // ------------------------------------------------------------------ once the game is ready
  let timer = 0;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(take, 1000);
  }
  function ready() {
    document.removeEventListener("pointerdown", waiting, true);
    document.removeEventListener("keydown", waiting, true);
    if (shown) shown.remove();
    shown = null;
    if (!app || !storage) return;
    take();
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
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
