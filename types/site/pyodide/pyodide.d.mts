/* Types for the type check only (tsconfig.json; never served). In the built site Pyodide's
   files lie in pyodide/ beside runtime/*.mjs, and assets/engine-worker.mjs imports them as
   ../pyodide/pyodide.mjs; in the source tree they are in node_modules/pyodide. tsconfig's
   `rootDirs` lays types/site/ over the repository as the site is laid out, so those
   imports find these declarations: Pyodide's own (its package's pyodide.d.ts). */
export * from "pyodide";
