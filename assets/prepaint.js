/* Before Python starts: the page in the player's language, with the outline of the game
   they will see (ten columns for Spider, the Klondike layout for Klondike).

   Runs synchronously at the end of <body>, before the first paint. It reads only the
   settings (language, last game) from localStorage, never a game: no card is painted from
   here. The words come from the text catalogs: scripts/build_site.py stamps the few it
   needs between the markers below (this unbuilt copy falls back to German). */
(() => {
  "use strict";
  /* texts:start (stamped by scripts/build_site.py) */
  const TEXTS = { de: { "ui.loading": "Das Spiel wird geladen …", "ui.title.spider": "Spider Solitär",
    "ui.title.klondike": "Klondike Solitär" } };
  /* texts:end */
  let settings = {};
  try {
    settings = JSON.parse(localStorage.getItem("spider.settings") || "{}") || {};
  } catch (_) {
    settings = {};  // storage blocked or unreadable: the defaults (Python says what happened)
  }
  const wanted = typeof settings.lang === "string" ? settings.lang : null;
  const query = new URLSearchParams(location.search).get("lang");
  const browser = (navigator.languages || [navigator.language || "de"])[0] || "de";
  let lang = query || wanted || (browser.toLowerCase().startsWith("de") ? "de" : "en");
  if (!TEXTS[lang]) lang = TEXTS.en ? "en" : "de";
  const game = settings.game === "klondike" ? "klondike" : "spider";
  const words = TEXTS[lang];
  document.documentElement.lang = lang;
  document.title = words[`ui.title.${game}`];
  document.getElementById("title").textContent = words[`ui.title.${game}`];
  document.getElementById("loading").textContent = words["ui.loading"];
  const board = document.getElementById("board");
  board.dataset.game = game;
  const columns = game === "klondike" ? 7 : 10;
  for (let i = 0; i < columns; i += 1) {
    const col = document.createElement("div");
    col.className = "col skel";
    board.append(col);
  }
})();
