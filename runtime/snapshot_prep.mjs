/* The one recipe for a Python memory snapshot of the page's interpreter, used in two
   places: the build (scripts/make_snapshot.mjs, Pyodide in Node; shipped for return
   visits) and a first visit's worker (runtime/first_visit.mjs, Pyodide in the browser,
   off the main thread; docs/performance.md).

   `pyodide` must have been loaded with `_makeSnapshot: true` (experimental Pyodide API,
   314.0.7). The package zip is unpacked to /home/pyodide/spider, where PyScript's [files]
   entry puts it at run time, so every imported module's __file__ and the package's
   __path__ match the page (the snapshot holds memory only: PyScript still writes the
   files, and later imports read them). Every module in `modules` is imported; one that
   fails throws. `random` is seeded with 0 (the page reseeds it after every restore). */

/** {memory, stdlib_path, stdlib_size, modules}: the snapshot's bytes and what boot.mjs
 *  checks after restoring them.
 *  @param {import("pyodide").PyodideAPI} pyodide @param {Uint8Array} packageZip
 *  @param {string[]} modules */
export function snapshotOf(pyodide, packageZip, modules) {
  pyodide.FS.writeFile("/tmp/spider.zip", packageZip);
  // A namespace of its own, dropped before the snapshot: nothing of this recipe stays in it.
  const scope = pyodide.toPy({ MODULES: modules });
  let stdlibPath;
  try {
    stdlibPath = pyodide.runPython(`
import importlib, os, random, sys, zipfile

with zipfile.ZipFile("/tmp/spider.zip") as z:
    z.extractall("/home/pyodide/spider")
os.remove("/tmp/spider.zip")
for name in MODULES:
    importlib.import_module(name)
random.seed(0)
f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
`, { globals: scope });
  } finally {
    scope.destroy();
  }
  pyodide.runPython("import gc; gc.collect(); del gc");
  return {
    memory: pyodide.makeMemorySnapshot(),
    stdlib_path: stdlibPath,
    stdlib_size: pyodide.FS.stat(stdlibPath).size,
    modules,
  };
}
