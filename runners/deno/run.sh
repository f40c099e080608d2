#!/bin/sh
# Launches the Deno runner with this folder's deno binary and config: npm packages come
# from ./node_modules ("nodeModulesDir": "manual"), nothing is fetched (--cached-only).
here="$(dirname "$0")"
export DENO_NO_UPDATE_CHECK=1
exec "$here/node_modules/.bin/deno" run --config "$here/deno.json" --cached-only --no-prompt \
  --allow-read --allow-env --allow-ffi --allow-sys "$here/src/main.js"
