#!/bin/sh
# shellcheck shell=dash  # test -nt: dash (Debian's sh) has it, as bash and busybox do
# Build step of the Node.js runner (run from anywhere; idempotent).
# `npm ci` installs node_modules from package-lock.json, only when node_modules is
# missing or older than the lockfile. argon2 (and bcrypt) are compiled from source
# during that install: argon2's shipped prebuild crashes on Node 20 here. node-gyp
# cannot download headers, so .npmrc points it at the system's (nodedir=/usr).
set -eu
cd "$(dirname "$0")"
stamp=node_modules/.hashbench-installed
if [ -f "$stamp" ] && [ "$stamp" -nt package-lock.json ] && [ "$stamp" -nt package.json ]; then
  exit 0
fi
npm_config_build_from_source=true npm ci --loglevel=error
test -f node_modules/argon2/build/Release/argon2.node || {
  echo "argon2 was not built from source" >&2
  exit 1
}
touch "$stamp"
