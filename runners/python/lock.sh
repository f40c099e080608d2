#!/bin/sh
# Regenerate requirements.lock (pinned versions with hashes) from requirements.in,
# using pip-tools in a throwaway virtualenv. Not part of the build. The folder is this
# runner's, or the one given (runners/zig/lock.sh locks its ziglang wheel with it).
set -eu
cd "${1:-$(dirname "$0")}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q pip-tools==7.6.2
"$tmp/venv/bin/pip-compile" -q --generate-hashes --allow-unsafe --strip-extras \
    --no-emit-index-url --no-emit-find-links -o requirements.lock requirements.in
