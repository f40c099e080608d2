#!/bin/sh
# Regenerate requirements.lock (ziglang pinned with the hashes of every wheel) from
# requirements.in, with pip-tools in a throwaway virtualenv. Not part of the build.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q pip-tools==7.6.2
"$tmp/venv/bin/pip-compile" -q --generate-hashes --allow-unsafe --strip-extras \
    --no-emit-index-url --no-emit-find-links -o requirements.lock requirements.in
