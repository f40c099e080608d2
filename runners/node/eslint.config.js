// ESLint for the Node.js runner (make lint, scripts/lint-runners.sh): the recommended
// rules with Node's globals. Prettier (.prettierrc) checks the formatting.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/"] },
  js.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    // `const { id, ...rest } = req` is how a field is left out of a copy.
    rules: { "no-unused-vars": ["error", { ignoreRestSiblings: true }] },
  },
];
