/* Pyodide's Emscripten module (see pyodide.d.mts here): runtime/boot.mjs only imports it
   early, for the browser to have it loaded when Pyodide does; nothing of it is used. */
export {};
