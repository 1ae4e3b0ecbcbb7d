// Run a bench script under Pyodide in Node: the CPython 3.14 in wasm that the page runs.
//
//   node bench/pyodide_run.mjs bench/engine_speed.py [args...]
//   node bench/pyodide_run.mjs bench/solver_speed.py --seconds 5 --only s4
//
// Copies spider/, bench/ and tests/corpus/ (if present) into Pyodide's in-memory file
// system, makes the repository the working directory, and runs the script with its args
// as sys.argv. Needs `npm ci` (node_modules/pyodide). Exit code: the script's.

import { copyInto, loadNodePyodide } from "../scripts/pyodide_node.mjs";

const PROJECT = "/home/pyodide/project";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node bench/pyodide_run.mjs SCRIPT.py [args...]");
  process.exit(2);
}
const pyodide = await loadNodePyodide("pyodide_run");
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
copyInto(pyodide, ["spider", "bench", "tests/corpus"], PROJECT);
pyodide.globals.set("BENCH_ARGV", pyodide.toPy([script, ...args]));
const code = await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir(${JSON.stringify(PROJECT)})
sys.path.insert(0, ${JSON.stringify(PROJECT)})
sys.dont_write_bytecode = True
sys.argv = list(BENCH_ARGV)
status = 0
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as e:
    status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
status
`);
process.exit(code);
