/* Spider Solitär service worker: the game without a network.

   - Precaches EVERY file of the built site (page, PyScript, Pyodide, the spider package, the
     solver's worker, icons, manifest). The list and the version below are stamped into the
     built copy (build/site/sw.js) by scripts/build_site.py: a deploy that changes any file
     changes this script, so the browser installs the new worker.
   - Each file is fetched with its Subresource Integrity hash, so a cache never mixes two
     versions: a stale copy (HTTP cache, CDN) fails the check and is fetched again past
     every cache. Files whose hash did not change are taken from the previous version's
     cache, so an update downloads only what changed.
   - A precached file named `*.gz` (the Python memory snapshot, pyodide/snapshot.bin.gz) is
     downloaded compressed, checked against its hash, and stored UNPACKED under its name
     without `.gz` (the only name served): 6 MB to download, and a return visit reads the
     31 MB snapshot with no unpacking on the page's main thread. A browser without
     DecompressionStream skips it (the page then starts Python without the snapshot).
   - Cache-first for the precached files, matched by path without the query (so a "?pos="
     or "?deal=" link gets the cached index.html, and "./" is index.html). Anything else
     goes to the network untouched.
   - A new version waits until the page asks it to take over ({type: "skip-waiting"}),
     which the page does when the player takes the "new version" offer.
   - On activation it deletes the caches of older versions of THIS app at THIS scope only
     (by name prefix); caches of other apps on the same origin are never touched. */
"use strict";

/* precache:start (replaced by scripts/build_site.py; this unbuilt copy caches nothing) */
const VERSION = "unbuilt";
/** @type {Record<string, string>} */
const FILES = {};
/* precache:end */

/** This script's global scope, as the service worker it is. */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = worker.registration.scope;
const PREFIX = `spider-solitaire ${SCOPE} `;
const CACHE = PREFIX + VERSION;
const INTEGRITY_HEADER = "X-Spider-Integrity";
const URLS = new Map(Object.entries(FILES).map(([path, hash]) => [new URL(path, SCOPE).href, hash]));
const PACKED = ".gz";
/** The cache key (and the URL the page asks for) of a precached file.
 *  @param {string} url */
const keyOf = (url) => (url.endsWith(PACKED) ? url.slice(0, -PACKED.length) : url);
const KEYS = new Set([...URLS.keys()].map(keyOf));

/** The same file (same integrity) in an older version's cache of this app, if there.
 *  @param {string} url @param {string} integrity */
async function previous(url, integrity) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(url);
    if (hit && hit.headers.get(INTEGRITY_HEADER) === integrity) return hit;
  }
  return null;
}

/** @param {string} url @param {string} integrity */
async function download(url, integrity) {
  try {
    // Usually answered by the HTTP cache the page has just filled: no second download.
    const response = await fetch(url, { integrity });
    if (response.ok) return response;
  } catch {
    // A stale copy failed the integrity check (or the network blinked): once more below.
  }
  const busted = `${url}?v=${encodeURIComponent(integrity.slice(7, 23))}`;
  const response = await fetch(busted, { integrity, cache: "reload" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** @param {Cache} cache @param {string} url @param {string} integrity */
async function precacheOne(cache, url, integrity) {
  const key = keyOf(url);
  const packed = key !== url;
  // No DecompressionStream (an old browser): no snapshot; the page starts without it.
  if (packed && typeof DecompressionStream !== "function") return undefined;
  const kept = await previous(key, integrity);
  if (kept) return cache.put(key, kept);
  const response = await download(url, integrity);
  const headers = new Headers(response.headers);
  headers.set(INTEGRITY_HEADER, integrity);
  if (packed) {
    headers.set("Content-Type", "application/octet-stream");
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    const gz = await response.arrayBuffer();
    const head = new Uint8Array(gz, 0, Math.min(2, gz.byteLength));
    // Already unpacked on the way (a host that sent Content-Encoding: gzip): as it is.
    const body = head[0] === 0x1f && head[1] === 0x8b
      ? new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
      : gz;
    return cache.put(key, new Response(await body, { status: 200, statusText: "OK", headers }));
  }
  const body = await response.arrayBuffer();
  return cache.put(url, new Response(body, { status: 200, statusText: "OK", headers }));
}

worker.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...URLS].map(([url, integrity]) => precacheOne(cache, url, integrity)));
  })());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await worker.clients.claim();
  })());
});

worker.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") worker.skipWaiting();
});

/** @param {string} key @param {Request} request */
async function cacheFirst(key, request) {
  const hit = await (await caches.open(CACHE)).match(key);
  return hit || fetch(request);
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || URLS.size === 0) return;
  const url = new URL(request.url);
  if (!url.href.startsWith(SCOPE)) return;
  let key = url.origin + url.pathname;
  if (key.endsWith("/")) key += "index.html";
  if (KEYS.has(key)) event.respondWith(cacheFirst(key, request));
});
