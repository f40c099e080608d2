#!/bin/sh
# Launches the Deno runner with this folder's deno binary and config: npm packages come
# from ./node_modules ("nodeModulesDir": "manual"), JSR packages from the source snapshots
# named in build/import_map.json (jsr.mjs); nothing is fetched (--cached-only).
# LOCAL=1 makes @felix/argon2 and @felix/bcrypt load the Rust libraries built into
# build/jsr/@felix/*/target/release; @denosaurs/plug copies each into its cache folder
# ($DENO_DIR/plug, else ~/.cache/deno/plug), the one place the runner may write.
here="$(dirname "$0")"
export DENO_NO_UPDATE_CHECK=1
set --
if [ -f "$here/build/import_map.json" ]; then
  set -- --import-map "$here/build/import_map.json"
fi
if [ -d "$here/build/jsr/@felix" ]; then
  export LOCAL=1
  plug="${DENO_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/deno}/plug"
  mkdir -p "$plug"
  set -- "$@" --allow-write="$plug"
fi
exec "$here/node_modules/.bin/deno" run --config "$here/deno.json" "$@" --cached-only --no-prompt \
  --allow-read --allow-env --allow-ffi --allow-sys "$here/src/main.js"
