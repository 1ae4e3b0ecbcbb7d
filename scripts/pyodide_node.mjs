// Pyodide in Node, for the scripts that run the page's Python (CPython 3.14 in wasm)
// outside the browser: the engine tests (scripts/pyodide_pytest.mjs), the benchmarks
// (bench/pyodide_run.mjs) and the build's bytecode (scripts/bundle_package.mjs).
//
//   import { ROOT, loadNodePyodide, copyInto } from "./pyodide_node.mjs";
//
// The runtime is the npm package `pyodide` (pinned in package-lock.json), the same files
// the build copies into the site.

import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SKIPPED_DIRS = new Set(["__pycache__", ".pytest_cache", ".mypy_cache", ".hypothesis"]);

/** Load Pyodide from node_modules; exit 2 with a message naming `who` if it is missing. */
export async function loadNodePyodide(who, options = {}) {
  const module = join(ROOT, "node_modules", "pyodide", "pyodide.mjs");
  if (!existsSync(module)) {
    console.error(`${who}: node_modules/pyodide is missing: run \`npm ci\``);
    process.exit(2);
  }
  const { loadPyodide } = await import(pathToFileURL(module).href);
  return loadPyodide(options);
}

/** Every file under `path` (or `path` itself), sorted, caches skipped. */
export function* filesUnder(path) {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (!SKIPPED_DIRS.has(name)) yield* filesUnder(join(path, name));
    }
  } else {
    yield path;
  }
}

/** Copy `entries` (paths relative to `base`, files or folders; missing ones skipped) into
 *  Pyodide's file system under `target`, keeping their relative paths. Returns the
 *  relative paths copied. */
export function copyInto(pyodide, entries, target, base = ROOT) {
  const copied = [];
  for (const entry of entries) {
    const hostPath = join(base, entry);
    if (!existsSync(hostPath)) continue;
    for (const file of filesUnder(hostPath)) {
      const rel = relative(base, file).split("\\").join("/");
      const dest = `${target}/${rel}`;
      pyodide.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
      pyodide.FS.writeFile(dest, readFileSync(file));
      copied.push(rel);
    }
  }
  return copied;
}
