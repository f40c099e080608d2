#!/bin/sh
# Regenerate requirements.lock (ziglang pinned with the hashes of every wheel) from
# requirements.in, as the Python runner locks its own. Not part of the build.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
exec sh "$here/../python/lock.sh" "$here"
