#!/bin/sh
# shellcheck shell=dash  # test -nt: dash (Debian's sh) has it, as bash and busybox do
# Build the Zig runner (run from anywhere; idempotent). The compiler is the PyPI wheel
# `ziglang`, installed into runners/zig/.venv from requirements.lock (hashes required)
# only when missing or older than the lockfile; then `zig build` compiles
# build/bin/hashbench-runner with ReleaseFast (what a release of a Zig program uses),
# from its cache when nothing changed.
set -eu
cd "$(dirname "$0")"
stamp=.venv/.installed
if ! { [ -f "$stamp" ] && [ "$stamp" -nt requirements.lock ] && [ -x .venv/bin/python ]; }; then
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-input \
    --require-hashes --only-binary :all: -r requirements.lock
  touch "$stamp"
fi
.venv/bin/python -m ziglang build -Doptimize=ReleaseFast --prefix build
