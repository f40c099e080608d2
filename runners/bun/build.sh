#!/bin/sh
# shellcheck shell=dash  # test -nt: dash (Debian's sh) has it, as bash and busybox do
# Build step of the Bun runner (run from anywhere; idempotent).
# Bun itself comes from the npm package `bun`: `npm ci` installs it from
# package-lock.json (its postinstall moves the binary of @oven/bun-linux-x64 into
# node_modules/bun/bin/bun.exe), only when node_modules is missing or older than the
# lockfile. The npm libraries Bun runs are the Node.js runner's: its build comes first.
set -eu
cd "$(dirname "$0")"
sh ../node/build.sh
stamp=node_modules/.hashbench-installed
if [ -f "$stamp" ] && [ "$stamp" -nt package-lock.json ] && [ "$stamp" -nt package.json ]; then
  exit 0
fi
npm ci --loglevel=error --no-audit --no-fund
node_modules/bun/bin/bun.exe --version >/dev/null
touch "$stamp"
