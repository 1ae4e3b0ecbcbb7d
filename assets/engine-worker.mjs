/* The engine's Web Worker: Pyodide with the game's package, off the main thread.

   The page sends {id, request} with a JSON request (spider/web/worker_api.py says which:
   "ping", "solve" for the verdict, "opponent" for the computer's next move, "analyse" for a
   finished game) and gets {id, answer} back; a long request (the analysis) also posts
   {id, progress: [done, total]} on the way. The page stops one by terminating the worker. A plain module worker that starts Pyodide itself: no PyScript in
   here, so no DOM bridge and no "window/document" warning without cross-origin isolation.

   The package comes from the same spider.zip the page unpacks (sources and bytecode built
   by scripts/build_site.py); every file it fetches is precached by the service worker, so
   the worker starts offline too. */
import { loadPyodide } from "../pyodide/pyodide.mjs";

/** This module's global scope, as the dedicated worker it is. */
const worker = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const response = await fetch(new URL("../spider.zip", import.meta.url));
  if (!response.ok) throw new Error(`spider.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/pkg/spider" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide/pkg')");
  /** @type {(request: string, progress: (done: number, total: number) => void) => string} */
  const handle = pyodide.pyimport("spider.web.worker_api").handle;
  return handle;
})();

worker.addEventListener("message", async (event) => {
  /** @type {{id: number, request: string}} */
  const { id, request } = event.data;
  /** @type {string} */
  let answer;
  try {
    const handle = await ready;
    answer = handle(request, (done, total) => worker.postMessage({ id, progress: [done, total] }));
  } catch (error) {
    const message = error && typeof error === "object" && "message" in error ? error.message : undefined;
    answer = JSON.stringify({ status: "error", reason: String(message || error) });
  }
  worker.postMessage({ id, answer });
});
