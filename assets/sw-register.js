/* Registers the service worker (./sw.js) and reports a waiting new version to the page.

   Plain JavaScript, loaded with <script defer> (no inline script: the page's CSP forbids
   them). It does not wait for Python: registration must work even if the game fails to
   start. It does wait until the game is on the table (<html class="ready">, or 15 s), so the
   precache downloads never compete with the first start.

   The page's Python owns the words and the button (spider/web/update.py):
   - when a new version is installed and waiting, this script sets
     <html data-update="waiting"> and dispatches "spider:update" on window;
   - the page dispatches "spider:update-apply" on window when the player takes the offer;
     this script then asks the waiting worker to take over and reloads once it has. The game
     survives the reload: the page saves to localStorage after every action. */
(() => {
  "use strict";
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;

  const root = document.documentElement;
  /** @type {ServiceWorker | null} */
  let waiting = null;
  let reloading = false;

  /** @param {ServiceWorker} worker */
  function offer(worker) {
    waiting = worker;
    root.dataset.update = "waiting";
    window.dispatchEvent(new CustomEvent("spider:update"));
  }

  /** @param {ServiceWorkerRegistration | undefined} registration */
  function watch(registration) {
    if (!registration) return; // registration stubbed out (an automated browser that blocks workers)
    if (registration.waiting && sw.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        // With no controller this is the first install: nothing to offer.
        if (worker.state === "installed" && sw.controller) offer(worker);
      });
    });
  }

  window.addEventListener("spider:update-apply", () => {
    if (!waiting) return;
    reloading = true;
    if (waiting.state === "installed") {
      waiting.postMessage({ type: "skip-waiting" });
    } else {
      // Another tab has already let it take over: this page only needs the reload.
      window.location.reload();
    }
  });
  sw.addEventListener("controllerchange", () => {
    if (reloading) window.location.reload();
  });

  function register() {
    sw.register("./sw.js").then(watch, (error) => {
      // Offline while the browser re-checks sw.js, or storage switched off: the game
      // runs as it is; the next visit tries again.
      console.info("Service worker not registered:", error && error.message);
    });
  }

  /** @param {() => void} then */
  function whenReady(then) {
    if (root.classList.contains("ready")) return then();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      then();
    };
    const observer = new MutationObserver(() => {
      if (root.classList.contains("ready")) once();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    setTimeout(once, 15000);
  }

  whenReady(register);
})();
