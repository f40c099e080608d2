#!/bin/sh
# shellcheck shell=dash  # test -nt: dash (Debian's sh) has it, as bash and busybox do
# Build step of the Deno runner (run from anywhere; idempotent).
# Deno itself comes from the npm package `deno`; `npm ci` installs it and the npm
# libraries into this folder's node_modules from package-lock.json, only when
# node_modules is missing or older than the lockfile. argon2 and bcrypt are compiled
# from source as for the Node.js runner (.npmrc: nodedir=/usr). Then jsr.mjs maps the
# JSR packages to their source snapshots and builds the @felix Rust libraries (cargo does
# nothing when they are up to date).
set -eu
cd "$(dirname "$0")"
stamp=node_modules/.hashbench-installed
if ! { [ -f "$stamp" ] && [ "$stamp" -nt package-lock.json ] && [ "$stamp" -nt package.json ]; }; then
  npm_config_build_from_source=true npm ci --loglevel=error
  node_modules/.bin/deno --version >/dev/null
  touch "$stamp"
fi
node jsr.mjs
