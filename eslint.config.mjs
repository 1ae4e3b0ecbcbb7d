// ESLint (flat config) for the project's JavaScript: `make lint` runs `eslint .`.
// The types are tsc's (tsconfig.json, tsconfig.workers.json); this finds the rest: code
// that cannot run as meant, leftovers, and the start-up's state handed through globals.
// docs/development.md, "JavaScript: lint and types".
import js from "@eslint/js";
import globals from "globals";

// The start-up files share state through assets/startup.js, not window globals: no
// `window.__x` / `globalThis.__x` / `self.__x`, read or written.
const NO_NAMESPACED_GLOBALS = {
  selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name=/^__/]",
  message: "No window globals: the start-up files share state through assets/startup.js.",
};

export default [
  { ignores: ["node_modules/", "build/", ".venv/", "e2e/artifacts/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2023 },
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "object-shorthand": "error",
      "no-implicit-coercion": ["error", { allow: ["!!"] }],
      "no-shadow": ["error", { builtinGlobals: false }],
      "no-throw-literal": "error",
      "no-promise-executor-return": "error",
      "no-unused-vars": ["error", { caughtErrors: "all" }],
      "no-restricted-syntax": ["error", NO_NAMESPACED_GLOBALS],
      "no-console": ["error", { allow: ["info", "error", "log"] }],
      curly: ["error", "multi-line"],
    },
  },
  // Classic scripts of the page: run before (prepaint.js) or beside the modules, each in a
  // function of its own.
  {
    files: ["assets/prepaint.js", "assets/sw-register.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
    rules: { strict: ["error", "function"], "no-implicit-globals": "error" },
  },
  // The page's modules: the start-up's shared state, what starts it, Python's loader.
  {
    files: ["assets/preload.js", "assets/startup.js", "runtime/boot.mjs"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  // Workers: a first visit's Python start, the engine's worker.
  {
    files: ["runtime/first_visit.mjs", "assets/engine-worker.mjs"],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  // The snapshot recipe runs in a worker and in Node: it uses neither's globals.
  { files: ["runtime/snapshot_prep.mjs"], languageOptions: { sourceType: "module" } },
  // The service worker: a classic script.
  {
    files: ["sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
    rules: { strict: ["error", "global"] },
  },
  // Node: the build's and the tests' scripts, this file.
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
