#!/bin/sh
# Build a Hackage package from its source into the runner's own package database
# (build/pkgdb), with GHC's own Cabal library (Setup.hs, the build cabal runs for
# build-type Simple): configure, build, install. Run from runners/haskell by the Makefile.
#
#   sh hackage-pkg.sh NAME VERSION [NEED ...]
#
# The source is found by hackage.sh (the offline mirror, $HASHBENCH_HACKAGE_MIRROR, or
# cabal get); NEED are what hackage.sh checks besides (Debian GHC packages, tools). Prints
# NAME-VERSION once the package is registered, or nothing, with the line
# "skip haskell/<impl>: <why>" on stderr (the impl is $HASHBENCH_IMPL, else NAME
# lowercased), and the runner is built without it. Quick when the package is there.
set -u
name=$1
version=$2
impl=${HASHBENCH_IMPL:-$(echo "$name" | tr '[:upper:]' '[:lower:]')}
db=build/pkgdb
log=build/pkg/$name.log
mkdir -p build/pkg build/setup
if ghc-pkg --package-db="$db" --simple-output list "$name-$version" 2>/dev/null | grep -q .; then
  echo "$name-$version"
  exit 0
fi
src=$(sh hackage.sh "$@" 2>build/pkg/find.err)
if [ -z "$src" ]; then
  grep -q "^skip" build/pkg/find.err || echo "skip haskell/$impl: no source of $name-$version found" >&2
  sed "s|^skip haskell/[^:]*:|skip haskell/$impl:|" build/pkg/find.err >&2
  exit 0
fi
[ -d "$db" ] || ghc-pkg init "$db"
if [ ! -x build/setup/Setup ]; then
  ghc -O0 -outputdir build/setup -o build/setup/Setup Setup.hs >/dev/null || {
    echo "skip haskell/$impl: could not compile Setup.hs" >&2
    exit 0
  }
fi
setup=$(pwd)/build/setup/Setup
here=$(pwd)
if (cd "$src" && "$setup" configure --builddir="$here/build/pkg/$name" --package-db="$here/$db" \
  --prefix="$here/build/pkg/prefix" --disable-shared --disable-library-profiling --disable-tests \
  --disable-benchmarks --ghc-options=-w &&
  "$setup" build --builddir="$here/build/pkg/$name" &&
  "$setup" install --builddir="$here/build/pkg/$name") >"$log" 2>&1; then
  echo "$name-$version"
else
  echo "skip haskell/$impl: building $name-$version failed (see runners/haskell/$log)" >&2
fi
