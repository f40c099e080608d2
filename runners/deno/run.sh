#!/bin/sh
# Launches the Deno runner with this folder's deno binary and config: npm packages come
# from ./node_modules ("nodeModulesDir": "manual"), JSR packages from the source snapshots
# named in build/import_map.json (jsr.mjs); nothing is fetched (--cached-only).
# LOCAL=1 makes @felix/argon2 and @felix/bcrypt load the Rust libraries built into
# build/jsr/@felix/*/target/release; @denosaurs/plug copies each into $DENO_DIR/plug, the
# one place the runner may write, on every load ("reloadAll"), truncating the copy in
# place: a second runner process would overwrite the library the first one has mapped,
# and the first dies of SIGSEGV. So each process gets a DENO_DIR of its own,
# build/deno-dir/<pid>: Deno's shared cache linked in, and a plug folder of its own
# (those of processes no longer running are removed here).
here="$(dirname "$0")"
export DENO_NO_UPDATE_CHECK=1
set --
if [ -f "$here/build/import_map.json" ]; then
  set -- --import-map "$here/build/import_map.json"
fi
if [ -d "$here/build/jsr/@felix" ]; then
  export LOCAL=1
  shared="${DENO_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/deno}"
  mkdir -p "$shared" "$here/build/deno-dir"
  for old in "$here"/build/deno-dir/*; do
    if [ -d "$old" ] && ! kill -0 "$(basename "$old")" 2>/dev/null; then rm -rf "$old"; fi
  done
  own="$here/build/deno-dir/$$" # exec below keeps this shell's pid for deno
  mkdir -p "$own/plug"
  for entry in "$shared"/*; do
    if [ -e "$entry" ] && [ "$(basename "$entry")" != plug ]; then ln -s "$entry" "$own/"; fi
  done
  export DENO_DIR="$own"
  set -- "$@" --allow-write="$own/plug"
fi
exec "$here/node_modules/.bin/deno" run --config "$here/deno.json" "$@" --cached-only --no-prompt \
  --allow-read --allow-env --allow-ffi --allow-sys "$here/src/main.js"
