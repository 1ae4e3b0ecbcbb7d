// Run a bench script under Pyodide in Node: the CPython 3.14 in wasm that the page runs.
//
//   node bench/pyodide_run.mjs bench/engine_speed.py [args...]
//
// Copies spider/, bench/ and tests/corpus/ (if present) into Pyodide's in-memory file
// system, makes the repository the working directory, and runs the script with its args
// as sys.argv. Needs `npm ci` (node_modules/pyodide). Exit code: the script's.

import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const PROJECT = "/home/pyodide/project";
const COPIED = ["spider", "bench", join("tests", "corpus")];

function* filesUnder(path) {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name !== "__pycache__") yield* filesUnder(join(path, name));
    }
  } else {
    yield path;
  }
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node bench/pyodide_run.mjs SCRIPT.py [args...]");
  process.exit(2);
}
const { loadPyodide } = await import(
  pathToFileURL(join(ROOT, "node_modules", "pyodide", "pyodide.mjs")).href
);
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
for (const entry of COPIED) {
  const hostPath = join(ROOT, entry);
  if (!existsSync(hostPath)) continue;
  for (const file of filesUnder(hostPath)) {
    const target = `${PROJECT}/${relative(ROOT, file).split("\\").join("/")}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(file));
  }
}
pyodide.globals.set("BENCH_ARGV", pyodide.toPy([script, ...args]));
const code = await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir(${JSON.stringify(PROJECT)})
sys.path.insert(0, ${JSON.stringify(PROJECT)})
sys.argv = list(BENCH_ARGV)
status = 0
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as e:
    status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
status
`);
process.exit(code);
