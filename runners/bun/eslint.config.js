// ESLint for the Bun runner's own files (make lint, scripts/lint-runners.sh): the
// recommended rules with Node's globals and Bun's, from the Node.js runner's packages
// (runners/node/node_modules; Bun has no linter of its own). src/shared is linted there.
import js from "../node/node_modules/@eslint/js/src/index.js";
import globals from "../node/node_modules/globals/index.js";

export default [
  { ignores: ["node_modules/", "src/shared/"] },
  js.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, Bun: "readonly" } },
    rules: { "no-unused-vars": ["error", { ignoreRestSiblings: true }] },
  },
];
