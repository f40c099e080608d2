#!/bin/sh
# shellcheck shell=dash  # test -nt: dash (Debian's sh) has it, as bash and busybox do
# Build the Python runner: its own virtualenv in runners/python/.venv, installed from
# requirements.lock (hashes required, wheels only). Idempotent: does nothing when
# .venv/.installed is newer than the lockfile.
set -eu
cd "$(dirname "$0")"
stamp=.venv/.installed
if [ -f "$stamp" ] && [ "$stamp" -nt requirements.lock ] && [ -x .venv/bin/python ]; then
    exit 0
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check --no-input \
    --require-hashes --only-binary :all: -r requirements.lock
touch "$stamp"
