// Run the engine's tests (tests/) under Pyodide in Node: the same CPython 3.14 in wasm
// that the page runs, offline.
//
//   node scripts/pyodide_pytest.mjs [pytest args...]
//
// Needs `npm ci` (node_modules/pyodide) and the pure-Python wheels of pytest, Hypothesis and
// their dependencies in build/wheels/ (`make wheels` downloads them at the versions pinned in
// requirements-dev.txt). The wheels are unzipped into Pyodide's site-packages; spider/, tests/,
// pyproject.toml and a root conftest.py (if any) are copied into Pyodide's in-memory file
// system, and pytest runs there with the repository as its working directory, like
// `python -m pytest`. The exit code is pytest's.
//
// Default args: -q tests -m "not slow and not cpython_only". Any args given replace them
// (`-p no:cacheprovider` is always added). Tests can tell where they run from
// `sys.platform == "emscripten"`.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { ROOT, copyInto, loadNodePyodide } from "./pyodide_node.mjs";

const WHEELS = join(ROOT, "build", "wheels");
const PROJECT = "/home/pyodide/project";
const COPIED = ["spider", "tests", "pyproject.toml", "conftest.py"];
const DEFAULT_ARGS = ["-q", "tests", "-m", "not slow and not cpython_only"];

function fail(message) {
  console.error(`pyodide_pytest: ${message}`);
  process.exit(2);
}

if (!existsSync(join(ROOT, "tests"))) {
  console.log("pyodide_pytest: no tests/ directory yet, nothing to run under Pyodide");
  process.exit(0);
}
const wheels = existsSync(WHEELS) ? readdirSync(WHEELS).filter((n) => n.endsWith(".whl")) : [];
if (!wheels.some((n) => n.startsWith("pytest-"))) {
  fail("no pytest wheel in build/wheels/: run `make wheels`");
}

const started = performance.now();
const pyodide = await loadNodePyodide("pyodide_pytest");
const decoder = new TextDecoder();
const passthrough = (stream) => ({
  write: (bytes) => {
    stream.write(decoder.decode(bytes, { stream: true }));
    return bytes.length;
  },
  isatty: Boolean(stream.isTTY),
});
pyodide.setStdout(passthrough(process.stdout));
pyodide.setStderr(passthrough(process.stderr));

for (const name of wheels) {
  pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(join(WHEELS, name)));
}
copyInto(pyodide, COPIED, PROJECT);

const userArgs = process.argv.slice(2);
const args = [...(userArgs.length ? userArgs : DEFAULT_ARGS), "-p", "no:cacheprovider"];
pyodide.globals.set("wheel_names", pyodide.toPy(wheels));
pyodide.globals.set("pytest_args", pyodide.toPy(args));
pyodide.globals.set("project", PROJECT);
pyodide.globals.set("boot_seconds", (performance.now() - started) / 1000);

const code = await pyodide.runPythonAsync(`
import os, site, sys, zipfile

print(f"Pyodide {sys.version.split()[0]} ({sys.platform}), booted in {boot_seconds:.1f} s",
      flush=True)
target = site.getsitepackages()[0]
for name in wheel_names:
    with zipfile.ZipFile(f"/tmp/{name}") as whl:
        whl.extractall(target)
sys.dont_write_bytecode = True
os.chdir(project)
sys.path.insert(0, project)

import pytest

class PyodideDefaults:
    """Pyodide is about 2x slower than CPython: no per-example Hypothesis deadline here.
    Loaded before any conftest.py, so a profile the tests load themselves wins."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_load_initial_conftests(self, early_config, parser, args):
        from hypothesis import settings
        settings.register_profile("pyodide", deadline=None)
        settings.load_profile("pyodide")

print("pytest", " ".join(pytest_args), flush=True)
int(pytest.main(list(pytest_args), plugins=[PyodideDefaults()]))
`);
process.exitCode = code;
