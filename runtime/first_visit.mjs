/* A first visit's Python start, off the main thread (a module worker; served as
   pyodide/first_visit.mjs beside Pyodide, started by assets/preload.js at the first paint).

   On a first visit no service worker has cached the build's memory snapshot, and downloading
   it (6 MB more) before Python could start would cost more than it saves. Starting CPython
   and importing the game on the main thread, though, is one task of seconds on a phone
   (docs/performance.md): the page cannot answer, and Lighthouse's total blocking time and
   speed index count all of it. So this worker does that start instead: it downloads the
   runtime, boots Pyodide, imports the modules the page names (the build's snapshot list,
   stamped into boot.mjs) with the same recipe as the build (runtime/snapshot_prep.mjs), and
   hands the page a snapshot of that interpreter, which pyodide/boot.mjs restores.

   It also hands over what the page would otherwise download or compile a second time: the
   compiled pyodide.asm.wasm (a WebAssembly.Module), the standard library's bytes and the
   lock file. Messages:
     page -> worker  {modules: [...]}   (may come before or after the runtime has loaded)
     worker -> page  {memory, stdlib_path, stdlib_size, modules, wasm, stdlib, lock}
                   | {error: "why"}     (boot.mjs then starts Python as before) */
import { loadPyodide } from "./pyodide.mjs";
import { snapshotOf } from "./snapshot_prep.mjs";

/** This module's global scope, as the dedicated worker it is. */
const worker = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const here = new URL("./", import.meta.url);

/** @param {URL} url */
async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

// Pyodide compiles the wasm with instantiateStreaming and keeps only the instance: keep
// the module too, for the page.
/** @type {WebAssembly.Module | null} */
let compiled = null;
const instantiateStreaming = WebAssembly.instantiateStreaming;
/** @type {typeof instantiateStreaming} */
WebAssembly.instantiateStreaming = async (source, imports) => {
  const result = await instantiateStreaming.call(WebAssembly, source, imports);
  compiled = result.module;
  return result;
};

/** Why it failed, for the page: an error's message, or what was thrown. A Python error's
 *  message is its whole traceback: its last line says what went wrong.
 *  @param {unknown} error */
function why(error) {
  const message = error && typeof error === "object" && "message" in error ? error.message : undefined;
  return String(message || error).trim().split("\n").pop();
}

/** The one answer to the page: what was made, or why not. */
let answered = false;
/** @param {{error: string} | Record<string, unknown>} message @param {Transferable[]} [moved] */
function answer(message, moved = []) {
  if (answered) return;
  answered = true;
  worker.postMessage(message, moved);
}

// The standard library as Pyodide downloads it: a copy of the bytes, for the page.
// A download of Pyodide's that fails (the network gone) is told to the page at once:
// Pyodide itself only logs it and never settles, and the page would wait for ever.
/** @type {Promise<ArrayBuffer> | null} */
let stdlib = null;
const stdlibURL = new URL("python_stdlib.zip", here).href;
const { fetch } = worker;
/** @type {typeof fetch} */
worker.fetch = async (input, init) => {
  let response;
  try {
    response = await fetch.call(worker, input, init);
  } catch (error) {
    answer({ error: `${String(input)}: ${why(error)}` });
    throw error;
  }
  if (!response.ok) answer({ error: `${String(input)}: HTTP ${response.status}` });
  if (String(input) === stdlibURL && response.ok) stdlib = response.clone().arrayBuffer();
  return response;
};

// Every download starts at once; the page's list of modules comes when its own code has
// loaded.
const lock = download(new URL("pyodide-lock.json", here)).then((r) => r.json());
const packageZip = download(new URL("../spider.zip", here)).then((r) => r.arrayBuffer());
const pyodide = lock.then((contents) =>
  loadPyodide({ indexURL: here.href, _makeSnapshot: true, lockFileContents: contents }),
);
/** @type {Promise<{modules: string[]}>} */
const asked = new Promise((resolve) => {
  worker.onmessage = (event) => resolve(event.data);
});

/** What the page restores (assets/startup.js, Made). */
async function start() {
  const [{ modules }, py, zip] = await Promise.all([asked, pyodide, packageZip]);
  const made = snapshotOf(py, new Uint8Array(zip), modules);
  if (!compiled || !stdlib) throw new Error("the runtime's downloads were not seen");
  return { ...made, wasm: compiled, stdlib: await stdlib, lock: await lock };
}

start().then(
  (made) => answer(made, [made.memory.buffer, made.stdlib]),
  (error) => answer({ error: why(error) }),
);
