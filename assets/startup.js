/* The start-up's shared state: the one place where the scripts that start Python hand
   things to each other, instead of window globals.

   A module with no side effect of its own (nothing starts until someone asks), imported by
   the two that share it, both by the same URL, ./assets/startup.js, so the page holds one
   instance of it whichever imports it first:
   - assets/preload.js (a module: index.html loads it with type="module", which runs when
     a `defer` script would) starts things early: the snapshot's bytes at once on a return
     visit, the first visit's worker at the first paint;
   - pyodide/boot.mjs (runtime/boot.mjs, the interpreter module PyScript imports) takes them
     when PyScript asks it for Python, or starts them itself if it got there first.
   The other start-up scripts share nothing with these: prepaint.js (a classic script, it
   must run before the first paint) talks to the page through the DOM and localStorage,
   sw-register.js through DOM events (spider:update, spider:update-apply).

   Return visit (a service worker controls the page): the Python memory snapshot
   (pyodide/snapshot.bin, 31 MB from the worker's cache), read once (snapshotFile()).

   First visit where touch is the main input (a phone, a tablet): Python starts in a worker,
   pyodide/first_visit.mjs (runtime/), which downloads the runtime, makes a snapshot off the
   main thread and posts it; boot.mjs restores it (firstVisit, startWorker()). Elsewhere
   `firstVisit.why` says why not (boot.mjs writes it to the console). */

/** What the first visit's worker posts (runtime/first_visit.mjs): the snapshot and what
 *  boot.mjs checks after restoring it, with the compiled wasm, the standard library and
 *  the lock file, so that nothing is downloaded or compiled twice.
 *  @typedef {{memory: Uint8Array, stdlib_path: string, stdlib_size: number, modules: string[],
 *    wasm: WebAssembly.Module, stdlib: ArrayBuffer, lock: import("pyodide").Lockfile}} Made */

/** The worker, and a promise of what it made or of why it could not.
 *  @typedef {{worker: Worker | null, result: Promise<Made>}} Started */

const sw = navigator.serviceWorker;
/** A service worker controlled the page when it started loading: a return visit. */
const returnVisit = Boolean(sw && sw.controller);

/** How this visit starts Python, decided once: `worker` true when in the first visit's
 *  worker (only where touch is the main input: there the main thread is slow and a worker
 *  runs on another core; a desktop reaches the board sooner starting Python on the page,
 *  measured 0.6-0.9 s sooner at desktop speed, docs/performance.md), else `why` not. */
export const firstVisit = Object.freeze(
  !returnVisit && typeof Worker === "function" && window.matchMedia("(pointer: coarse)").matches
    ? { worker: true, why: "" }
    : {
      worker: false,
      why: returnVisit ? "a return visit"
        : "a first visit where touch is not the main input: Python starts on the page, sooner there",
    },
);

/** @type {Promise<ArrayBuffer> | null} */
let snapshot = null;

/** The build's snapshot file's bytes (pyodide/snapshot.bin, from the service worker's
 *  cache), fetched once: whoever asks first starts it, everyone gets the same promise. */
export function snapshotFile() {
  if (!snapshot) {
    const url = new URL("../pyodide/snapshot.bin", import.meta.url);
    snapshot = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
      return response.arrayBuffer();
    });
    snapshot.catch(() => {}); // boot.mjs says why it was not used
  }
  return snapshot;
}

/** @type {Started | null} */
let started = null;

/** The first visit's worker, started once (boot.mjs may get here before the first paint). */
export function startWorker() {
  if (!started) {
    try {
      const worker = new Worker(new URL("../pyodide/first_visit.mjs", import.meta.url), { type: "module" });
      /** @type {Promise<Made>} */
      const result = new Promise((resolve, reject) => {
        worker.onmessage = (event) => {
          worker.terminate();
          if (event.data.error) reject(new Error(event.data.error));
          else resolve(event.data);
        };
        worker.onerror = (event) => {
          worker.terminate();
          event.preventDefault();
          reject(new Error(event.message || "the first visit's worker could not start"));
        };
      });
      started = { worker, result };
    } catch (error) {
      started = { worker: null, result: Promise.reject(error) };
    }
    started.result.catch(() => {}); // boot.mjs says why it was not used
  }
  return started;
}
