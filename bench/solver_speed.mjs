// Run bench/solver_speed.py inside Pyodide in Node: the same CPython (3.14, wasm) as the page.
//
//   node bench/solver_speed.mjs [seconds] [s1 s2 s4 ...]
//
// Needs node_modules/pyodide (`npm ci`). Copies spider/, tests/corpus/*.txt and this
// benchmark into Pyodide's in-memory file system and calls its run() there.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const HOME = "/home/pyodide/project";
const pyodideModule = join(ROOT, "node_modules", "pyodide", "pyodide.mjs");
if (!existsSync(pyodideModule)) {
  console.error("solver_speed: node_modules/pyodide is missing: run `npm ci`");
  process.exit(2);
}
const [seconds = "5", ...names] = process.argv.slice(2);
const files = names.length ? names : ["s1", "s2", "s4"];

const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const pyodide = await loadPyodide();
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });

function copy(dir, pattern) {
  pyodide.FS.mkdirTree(`${HOME}/${dir}`);
  for (const name of readdirSync(join(ROOT, dir))) {
    if (pattern.test(name)) {
      pyodide.FS.writeFile(`${HOME}/${dir}/${name}`, readFileSync(join(ROOT, dir, name)));
    }
  }
}
copy("spider", /\.py$/);
copy("tests/corpus", /\.txt$/);
copy("bench", /^solver_speed\.py$/);

pyodide.globals.set("seconds", Number(seconds));
pyodide.globals.set("names", pyodide.toPy(files));
await pyodide.runPythonAsync(`
import sys
from pathlib import Path
sys.path.insert(0, "${HOME}/bench")
sys.dont_write_bytecode = True
import solver_speed
solver_speed.ROOT = Path("${HOME}")
solver_speed.run([Path("${HOME}/tests/corpus") / f"{n}.txt" for n in names], seconds)
`);
