/* The Python runtime's loader for PyScript (pyscript.toml: interpreter = "./pyodide/boot.mjs";
   the build copies this file from runtime/ to pyodide/, beside Pyodide).

   PyScript 0.7.31 imports the module named by `interpreter`, takes `indexURL` from its
   folder and calls its `loadPyodide` with its own options; it has no setting that passes
   more. This module wraps Pyodide's loadPyodide and adds `_loadSnapshot`: Pyodide's
   (experimental) memory snapshot of an interpreter that has already started and imported
   the game's engine, made by the build (scripts/make_snapshot.mjs). Restoring it skips
   CPython's start and the imports: on a slow phone most of the start (docs/performance.md).

   The snapshot is used only when every condition holds; otherwise Pyodide starts as usual:
   - a service worker controls the page: a return visit, every file from the worker's one
     cache of one build (checked by SRI). The worker stores the shipped snapshot.bin.gz
     unpacked as snapshot.bin; a first visit never asks for it (too big to wait for);
   - the snapshot's header names the build key stamped below: both are written by the
     build from the hashes of the Pyodide files and spider.zip, so a snapshot of another
     build is refused, and so is a file that is not whole (its length is in the header);
   - Pyodide accepts it (it refuses a snapshot of another pyodide.asm.wasm);
   - after the restore the standard library on disk is the one it was made with, and every
     module it lists is there.
   Whatever happens, the reason goes to the console as an info line (never an error: the
   player loses nothing but time), and `<html data-boot>` says "snapshot" or "plain".

   After a restore it reseeds `random` (the snapshot froze its state: every visit would
   draw the same numbers). assets/preload.js may have started reading the snapshot early
   (window.__spiderSnapshot, a promise of its bytes); it is used when present. */
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export { version };

/* snapshot-key:start (stamped by scripts/build_site.py; unbuilt: no snapshot) */
const SNAPSHOT_KEY = "unbuilt";
/* snapshot-key:end */
const SNAPSHOT_URL = new URL("./snapshot.bin", import.meta.url);
const MAGIC = "SPSNAP01";

function say(text) {
  console.info(`Python start: ${text}`);
}

/** The snapshot file's bytes, or a reason why there is none to use. */
async function snapshotBytes() {
  if (SNAPSHOT_KEY === "unbuilt") throw new Error("this build has no snapshot");
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) {
    throw new Error("no service worker in control yet (a first visit)");
  }
  const early = globalThis.__spiderSnapshot;
  if (early) return new Uint8Array(await early);
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`${SNAPSHOT_URL.pathname}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** {header, memory} of a snapshot made for this build; throws with the reason otherwise. */
async function readSnapshot() {
  const bytes = await snapshotBytes();
  const text = new TextDecoder();
  if (bytes.length < 12 || text.decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error("not a snapshot file");
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  let header;
  try {
    header = JSON.parse(text.decode(bytes.subarray(12, 12 + length)));
  } catch (_) {
    throw new Error("the snapshot's header cannot be read");
  }
  if (header.key !== SNAPSHOT_KEY) {
    throw new Error(`the snapshot was made for build ${header.key}, this is build ${SNAPSHOT_KEY}`);
  }
  if (bytes.length !== header.offset + header.size) {
    throw new Error(`the snapshot has ${bytes.length} bytes, its header says ${header.offset + header.size}`);
  }
  return { header, memory: bytes.subarray(header.offset) };
}

/** The restored interpreter is the one the build made, and it answers. */
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

function booted(how, pyodide) {
  performance.mark("pyodide-loaded", { detail: how });
  document.documentElement.dataset.boot = how;
  return pyodide;
}

export async function loadPyodide(options = {}) {
  performance.mark("pyodide-load-start");
  let snapshot = null;
  try {
    snapshot = await readSnapshot();
  } catch (error) {
    say(`no snapshot used: ${error.message}`);
  }
  if (snapshot) {
    try {
      const pyodide = await loadPlain({ ...options, _loadSnapshot: snapshot.memory });
      check(pyodide, snapshot.header);
      say(`restored the snapshot of build ${SNAPSHOT_KEY}`);
      return booted("snapshot", pyodide);
    } catch (error) {
      say(`snapshot refused, starting normally: ${String((error && error.message) || error).trim()}`);
    }
  }
  return booted("plain", await loadPlain(options));
}
