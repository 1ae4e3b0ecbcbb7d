/* The Python runtime's loader for PyScript (pyscript.toml: interpreter = "./pyodide/boot.mjs";
   the build copies this file from runtime/ to pyodide/, beside Pyodide).

   PyScript 0.7.31 imports the module named by `interpreter`, takes `indexURL` from its
   folder and calls its `loadPyodide` with its own options; it has no setting that passes
   more. This module wraps Pyodide's loadPyodide and adds `_loadSnapshot`: Pyodide's
   (experimental) memory snapshot of an interpreter that has already started and imported
   the game's engine, made by the build (scripts/make_snapshot.mjs). Restoring it skips
   CPython's start and the imports: on a slow phone most of the start (docs/performance.md).

   Where the snapshot comes from:
   - a return visit (a service worker controls the page): the build's own, shipped as
     snapshot.bin.gz and stored unpacked as snapshot.bin by the worker, every file from
     the worker's one cache of one build (checked by SRI). It is used only when its header
     names the build key stamped below (both written by the build from the hashes of the
     Pyodide files and spider.zip, so a snapshot of another build is refused, and so is a
     file that is not whole: its length is in the header);
   - a first visit on a phone or tablet: one made in the page's own worker (pyodide/first_visit.mjs, started by
     assets/preload.js at the first paint) from this build's files and the module list
     stamped below, so CPython's start and the imports run off the main thread. The worker
     also hands over the compiled wasm, the standard library and the lock file: nothing is
     downloaded or compiled twice.
   Either way Pyodide must accept it (it refuses a snapshot of another pyodide.asm.wasm),
   and after the restore the standard library on disk is the one it was made with, and
   every module it lists is there. Otherwise Pyodide starts as usual, on the main thread.
   Whatever happens, the reason goes to the console as an info line (never an error: the
   player loses nothing but time), and `<html data-boot>` says "snapshot" (the build's),
   "worker" (a first visit's) or "plain".

   After a restore it reseeds `random` (the snapshot froze its state: every visit would
   draw the same numbers). assets/preload.js may have started reading the snapshot or the
   first visit's worker already: both come through assets/startup.js, the start-up's shared
   state, which this module imports by the same URL as preload.js (../assets/startup.js
   from pyodide/), so both hold the one instance. */
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";
import { firstVisit, snapshotFile, startWorker } from "../assets/startup.js";

export { version };

/* snapshot-key:start (stamped by scripts/build_site.py; unbuilt: no snapshot) */
/** @type {string} */
const SNAPSHOT_KEY = "unbuilt";
/** @type {string[]} */
const SNAPSHOT_MODULES = [];
/* snapshot-key:end */
const MAGIC = "SPSNAP01";

/** A snapshot's header (scripts/make_snapshot.mjs): the build key, where the memory starts
 *  and its length, the standard library it was made with, the modules it holds.
 *  @typedef {{key: string, offset: number, size: number, stdlib_path: string,
 *    stdlib_size: number, modules: string[]}} Header
 *  @typedef {import("pyodide").PyodideAPI} Pyodide
 *  @typedef {import("pyodide").PyodideConfig} Options
 *  @typedef {import("../assets/startup.js").Made} Made */

/** @param {string} text */
function say(text) {
  console.info(`Python start: ${text}`);
}

/** Why something failed, for the console: an error's message, or what was thrown.
 *  @param {unknown} error */
function reason(error) {
  const message = error && typeof error === "object" && "message" in error ? error.message : undefined;
  return String(message || error).trim();
}

/** {header, memory} of a snapshot made for this build; throws with the reason otherwise.
 *  @returns {Promise<{header: Header, memory: Uint8Array}>} */
async function readSnapshot() {
  const bytes = new Uint8Array(await snapshotFile());
  const text = new TextDecoder();
  if (bytes.length < 12 || text.decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error("not a snapshot file");
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  /** @type {Header} */
  let header;
  try {
    header = JSON.parse(text.decode(bytes.subarray(12, 12 + length)));
  } catch (error) {
    throw new Error("the snapshot's header cannot be read", { cause: error });
  }
  if (header.key !== SNAPSHOT_KEY) {
    throw new Error(`the snapshot was made for build ${header.key}, this is build ${SNAPSHOT_KEY}`);
  }
  if (bytes.length !== header.offset + header.size) {
    throw new Error(`the snapshot has ${bytes.length} bytes, its header says ${header.offset + header.size}`);
  }
  return { header, memory: bytes.subarray(header.offset) };
}

/** The restored interpreter is the one the build made, and it answers.
 *  @param {Pyodide} pyodide @param {{stdlib_path: string, stdlib_size: number, modules: string[]}} header */
function check(pyodide, header) {
  const stdlib = pyodide.FS.stat(header.stdlib_path).size;
  if (stdlib !== header.stdlib_size) {
    throw new Error(`the standard library has ${stdlib} bytes, the snapshot was made with ${header.stdlib_size}`);
  }
  const scope = pyodide.toPy({ MODULES: header.modules });
  try {
    const missing = pyodide.runPython(
      [
        "import importlib, random, sys",
        // Pyodide adds "" to sys.path at every start; the snapshot already has it
        "if sys.path[:2] == ['', '']: del sys.path[0]",
        "importlib.invalidate_caches()",
        "random.seed()",
        "', '.join(m for m in MODULES if m not in sys.modules)",
      ].join("\n"),
      { globals: scope },
    );
    if (missing) throw new Error(`modules missing after the restore: ${missing}`);
  } finally {
    scope.destroy();
  }
}

/** @param {"snapshot" | "worker" | "plain"} how @param {Pyodide} pyodide */
function booted(how, pyodide) {
  performance.mark("pyodide-loaded", { detail: how });
  document.documentElement.dataset.boot = how;
  return pyodide;
}

/** A snapshot made on this first visit by the page's worker (see the top).
 *  @returns {Promise<Made>} */
async function workerSnapshot() {
  if (!firstVisit.worker) throw new Error(firstVisit.why);
  const { worker, result } = startWorker();
  if (worker) worker.postMessage({ modules: SNAPSHOT_MODULES });
  // Meanwhile the page loads the runtime's JavaScript (Pyodide imports the same URL when it
  // restores: by then it is ready), rather than after the worker is done.
  import("./pyodide.asm.mjs").catch(() => {}); // a failure shows when Pyodide imports it
  return result;
}

/** Run `load` with Pyodide's downloads of pyodide.asm.wasm and the standard library
 *  answered by what the worker handed over: no second download, no second compile.
 *  Pyodide fetches both with fetch() and instantiates the wasm's response with
 *  WebAssembly.instantiateStreaming; only those two URLs are answered here, and both
 *  functions are put back when `load` is done.
 *  @template T @param {Made} made @param {() => Promise<T>} load @returns {Promise<T>} */
async function withHandedOver(made, load) {
  const wasm = new Response(new Uint8Array(0));
  const answers = new Map([
    [new URL("./pyodide.asm.wasm", import.meta.url).href, wasm],
    [new URL("./python_stdlib.zip", import.meta.url).href, new Response(made.stdlib)],
  ]);
  const { fetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  /** @type {typeof fetch} */
  globalThis.fetch = function (input, init) {
    const answer = answers.get(String(input));
    return answer ? Promise.resolve(answer) : fetch.call(this, input, init);
  };
  /** @type {typeof instantiateStreaming} */
  WebAssembly.instantiateStreaming = async (source, imports) => (await source) === wasm
    ? { instance: await WebAssembly.instantiate(made.wasm, imports), module: made.wasm }
    : instantiateStreaming.call(WebAssembly, source, imports);
  try {
    return await load();
  } finally {
    globalThis.fetch = fetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** Python from a snapshot: the build's on a return visit, the worker's on a first visit:
 *  how, what to check after the restore, what it is (for the console), and the load.
 *  @param {Options} options
 *  @returns {Promise<["snapshot" | "worker", {stdlib_path: string, stdlib_size: number, modules: string[]},
 *    string, () => Promise<Pyodide>]>} */
async function restore(options) {
  if (SNAPSHOT_KEY === "unbuilt") throw new Error("this build has no snapshot");
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    const { header, memory } = await readSnapshot();
    return ["snapshot", header, `the snapshot of build ${SNAPSHOT_KEY}`,
      () => loadPlain({ ...options, _loadSnapshot: memory })];
  }
  const made = await workerSnapshot();
  /** @type {Options} */
  const extra = { _loadSnapshot: made.memory };
  if (!options.lockFileURL && !options.lockFileContents) extra.lockFileContents = made.lock;
  return ["worker", made, "the snapshot this first visit's worker made",
    () => withHandedOver(made, () => loadPlain({ ...options, ...extra }))];
}

/** Run the last-resort start, `load`, telling the page when one of its downloads fails
 *  (a "spider:start-failed" event on window, with the reason as its detail; prepaint.js
 *  then tells the player). Pyodide reports a failed download of pyodide.asm.wasm or the
 *  standard library only as console lines and then never settles, so without this the
 *  loading line would spin for ever. Pyodide downloads with fetch(); fetch is put back
 *  when `load` is done. (The snapshot's starts are not watched: a failure there only
 *  means starting plainly, which downloads again.)
 *  @template T @param {() => Promise<T>} load @returns {Promise<T>} */
async function watched(load) {
  const { fetch } = globalThis;
  /** @param {string} why */
  const failed = (why) => window.dispatchEvent(new CustomEvent("spider:start-failed", { detail: why }));
  /** @type {typeof fetch} */
  globalThis.fetch = async function (input, init) {
    const url = input instanceof Request ? input.url : String(input);
    try {
      const response = await fetch.call(this, input, init);
      if (!response.ok) failed(`${url}: HTTP ${response.status}`);
      return response;
    } catch (error) {
      failed(`${url}: ${reason(error)}`);
      throw error;
    }
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = fetch;
  }
}

/** Pyodide's loadPyodide, from a snapshot when one can be used (see the top).
 *  @param {Options} [options] */
export async function loadPyodide(options = {}) {
  performance.mark("pyodide-load-start");
  let found = null;
  try {
    found = await restore(options);
  } catch (error) {
    say(`no snapshot used: ${reason(error)}`);
  }
  if (found) {
    const [how, header, what, load] = found;
    try {
      const pyodide = await load();
      check(pyodide, header);
      say(`restored ${what}`);
      return booted(how, pyodide);
    } catch (error) {
      say(`snapshot refused, starting normally: ${reason(error)}`);
    }
  }
  return booted("plain", await watched(() => loadPlain(options)));
}
