/* Start the Python runtime's big downloads early, right after the first paint.

   Without hints the browser learns of pyodide.asm.wasm and python_stdlib.zip only after
   three imports (core.js -> PyScript's chunk -> pyodide.mjs). Preload links in the HTML head
   would start them earliest, but Lighthouse's simulated load then counts the 13 MB against
   the first paint (performance score 0.60 -> 0.27 on mobile, docs/performance.md). Added
   here, after the skeleton is painted, they still start the runtime about 0.7 s sooner on
   a 20 Mbit/s, 150 ms link and cost the first paint nothing.

   The attributes match how Pyodide fetches each file (module import, or fetch() in CORS
   mode), so every preload is used and nothing is downloaded twice (e2e/test_startup.py).

   Return visit (a service worker controls the page): the Python memory snapshot
   (pyodide/snapshot.bin, 31 MB from the worker's cache) is read at once, while PyScript's
   own code still loads.

   First visit on a phone or tablet (touch the main input): instead of the runtime's
   preloads, the same moment starts the worker that downloads the runtime and starts
   Python off the main thread (pyodide/first_visit.mjs). The page's own modules are left
   to load when it asks for them: the worker's downloads fill the cache.

   Both are handed to pyodide/boot.mjs through ./startup.js, the start-up's shared state
   (no window globals). So this is a module (index.html: type="module", run when a
   `defer` script would: after the document is parsed, in order). */
import { firstVisit, snapshotFile, startWorker } from "./startup.js";

const sw = navigator.serviceWorker;
if (sw && sw.controller) snapshotFile();
const useWorker = firstVisit.worker;
/** @type {["modulepreload" | "preload", string][]} */
const files = useWorker ? [["modulepreload", "./pyodide/boot.mjs"]] : [
  ["modulepreload", "./pyodide/boot.mjs"],
  ["modulepreload", "./pyodide/pyodide.mjs"],
  ["preload", "./pyodide/pyodide.asm.wasm"],
  ["preload", "./pyodide/python_stdlib.zip"],
  ["preload", "./pyodide/pyodide-lock.json"],
  ["modulepreload", "./pyodide/pyodide.asm.mjs"],
];
function hint() {
  if (useWorker) startWorker();
  for (const [rel, href] of files) {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (rel === "preload") {
      link.as = "fetch";
      link.crossOrigin = "anonymous";
    }
    document.head.append(link);
  }
}
// After the first contentful paint, as the browser reports it: two animation frames are
// not enough, since a frame may paint nothing contentful yet (the skeleton waits for
// prepaint.js). Without a paint observer, or when no paint comes (a tab opened in the
// background), the hints go out after two frames and a while.
let sent = false;
function once() {
  if (!sent) {
    sent = true;
    setTimeout(hint, 0);
  }
}
try {
  const seen = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length) {
      seen.disconnect();
      once();
    }
  });
  seen.observe({ type: "paint", buffered: true });
} catch {
  requestAnimationFrame(() => requestAnimationFrame(once));
}
setTimeout(once, 3000);
