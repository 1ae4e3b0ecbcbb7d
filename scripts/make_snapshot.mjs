// Make the page's Python memory snapshot: Pyodide booted, the game's package imported,
// the whole interpreter memory written to one file (scripts/build_site.py runs this).
//
//   node scripts/make_snapshot.mjs <spider.zip> <out file> <build key> <module>...
//
// The page's loader (runtime/boot.mjs, served as pyodide/boot.mjs) restores it instead of
// starting CPython and importing the package, on return visits (docs/performance.md).
//
// File format: "SPSNAP01", a uint32 (little-endian) header length, that many bytes of JSON
// {key, offset, size, stdlib_path, stdlib_size, modules, pyodide}, zeros up to `offset` (a
// multiple of 16), then Pyodide's own snapshot (`size` bytes: a file cut short is refused). `key` is the build key (hashes of the
// runtime files and spider.zip) that boot.mjs must have stamped in, or it refuses the file.
//
// - The recipe (the package unpacked where PyScript puts it, every module named on the
//   command line imported) is runtime/snapshot_prep.mjs, shared with a first visit's
//   worker in the page. A module that fails to import fails this script, and the build.
// - Deterministic: a fixed hash seed, `random` seeded with 0 (boot.mjs reseeds it after
//   every restore), frozen clocks while it runs. The same inputs give the same bytes, so
//   an unchanged build does not change the service worker's version.
// - Experimental Pyodide API (314.0.7): loadPyodide({_makeSnapshot: true}) then
//   pyodide.makeMemorySnapshot(); the page passes the bytes as loadPyodide({_loadSnapshot}).

import { readFileSync, writeFileSync } from "node:fs";

import { snapshotOf } from "../runtime/snapshot_prep.mjs";
import { loadNodePyodide } from "./pyodide_node.mjs";

const MAGIC = "SPSNAP01";
const [packageZip, out, key, ...modules] = process.argv.slice(2);
if (!packageZip || !out || !key || modules.length === 0) {
  console.error("usage: node scripts/make_snapshot.mjs <spider.zip> <out file> <build key> <module>...");
  process.exit(2);
}

const FROZEN_MS = 1767225600000; // 2026-01-01: file times and any time stamp in module state
Date.now = () => FROZEN_MS;
performance.now = () => 0;

/** Boot Pyodide, import the modules, return the file's bytes. */
async function make() {
  // Emscripten names the program after Node's script path (sys.executable, $_ in the
  // environment): the browser's own name instead, so the bytes do not depend on where the
  // checkout lies (a build elsewhere, in CI, gives the same snapshot and service worker).
  process.argv[1] = "./this.program";
  const pyodide = await loadNodePyodide("make_snapshot", {
    _makeSnapshot: true,
    env: { PYTHONHASHSEED: "0" },
  });
  const made = snapshotOf(pyodide, new Uint8Array(readFileSync(packageZip)), modules);
  const memory = made.memory;

  const header = {
    key,
    offset: 0,
    size: memory.length,
    stdlib_path: made.stdlib_path,
    stdlib_size: made.stdlib_size,
    modules,
    pyodide: pyodide.version,
  };
  const encoder = new TextEncoder();
  // The offset's own digits are part of the header: size it with room to spare.
  header.offset = Math.ceil((12 + encoder.encode(JSON.stringify(header)).length + 16) / 16) * 16;
  const json = encoder.encode(JSON.stringify(header));
  const file = new Uint8Array(header.offset + memory.length);
  file.set(encoder.encode(MAGIC), 0);
  new DataView(file.buffer).setUint32(8, json.length, true);
  file.set(json, 12);
  file.set(memory, header.offset);
  return file;
}

let file;
try {
  file = await make();
} catch (error) {
  // Only the message: Node would print the minified line of pyodide.asm.mjs it came from.
  console.error(`make_snapshot: ${(error && error.message) || error}`);
  process.exit(1);
}
writeFileSync(out, file);
console.log(`make_snapshot: ${modules.length} modules, ${file.length} bytes -> ${out}`);
