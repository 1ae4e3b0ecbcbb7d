// Pack the spider package into one zip for the page, its modules already compiled to
// bytecode by the page's own Python (Pyodide's CPython 3.14, run here in Node).
//
//   node scripts/bundle_package.mjs <package dir> <out.zip>
//
// Why: the page otherwise fetches each module on its own and compiles every one from source
// at each start; in Chromium that is ~45-160 ms of fetching and ~65 ms of compiling
// (docs/page.md). The .pyc files are "unchecked-hash" pycs (PEP 552): Python loads them
// without comparing them with the source, which is right here because the zip is rebuilt
// from the sources by every build and nothing edits the unpacked copy. The zip is
// deterministic (sorted entries, fixed timestamps): the same sources give the same bytes,
// so the service worker's integrity hash only changes when the code does.

import { statSync, writeFileSync } from "node:fs";

import { copyInto, loadNodePyodide } from "./pyodide_node.mjs";

const [pkgDir, outZip] = process.argv.slice(2);
if (!pkgDir || !outZip) {
  console.error("usage: node scripts/bundle_package.mjs <package dir> <out.zip>");
  process.exit(2);
}

const pyodide = await loadNodePyodide("bundle_package");
const SRC = "/tmp/pkg";
const files = copyInto(pyodide, ["."], SRC, pkgDir).filter((rel) => rel.endsWith(".py"));
pyodide.globals.set("FILES", pyodide.toPy(files));
pyodide.globals.set("SRC", SRC);
const zipped = pyodide.runPython(`
import importlib.util, io, py_compile, zipfile

out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    entries = []
    for rel in FILES:
        src = f"{SRC}/{rel}"
        pyc = importlib.util.cache_from_source(src)
        py_compile.compile(src, cfile=pyc, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        entries.append((rel, src))
        entries.append((pyc[len(SRC) + 1:], pyc))
    for name, path in sorted(entries):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(path, "rb") as f:
            z.writestr(info, f.read())
out.getvalue()
`);
writeFileSync(outZip, zipped.toJs());
zipped.destroy();
console.log(`bundle_package: ${files.length} modules -> ${outZip} (${statSync(outZip).size} bytes)`);
