// The Bun runner's own adapters: Bun's built-in APIs, one module each. The npm
// libraries' adapters are the Node.js runner's (src/shared/adapters).
export const BUN_ADAPTERS = ["bun-password", "bun-crypto-hasher"];
