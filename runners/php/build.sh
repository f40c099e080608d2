#!/bin/sh
# PHP needs no compile step: lint every source file once, and again only when one changed.
set -eu
cd "$(dirname "$0")"
mkdir -p build
stamp=build/lint.stamp
if [ -f "$stamp" ] && [ -z "$(find runner.php src -name '*.php' -newer "$stamp")" ]; then
  exit 0
fi
for f in runner.php $(find src -name '*.php' | sort); do
  php -l "$f" >/dev/null
done
touch "$stamp"
