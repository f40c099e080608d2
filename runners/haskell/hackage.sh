#!/bin/sh
# Where to build a Hackage package from (run from runners/haskell by the Makefile).
#
#   sh hackage.sh NAME VERSION [GHC-PACKAGE-ID | TOOL ...]
#
# Prints the package's source folder, or nothing when it cannot be had; then the line
# "skip haskell/NAME: <what is missing and how to get it>" goes to stderr and the runner
# is built without that library. Hackage cannot be reached from this machine, so the
# source comes from, in order:
#   1. $HASHBENCH_HACKAGE_MIRROR/NAME (an unpacked source snapshot of NAME-VERSION);
#   2. ../../../shared/mirror/hackage/NAME (the project's offline mirror, beside the repo);
#   3. `cabal get NAME-VERSION` into build/hackage/ (the registry itself, where cabal is
#      installed and Hackage is reachable).
# The remaining arguments are what it needs besides: Debian GHC packages (name-version,
# as `ghc-pkg` lists them) and tools on PATH (hsc2hs).
name=$1
version=$2
shift 2

skip() {
  echo "skip haskell/$name: $*" >&2
  exit 0
}

for need in "$@"; do
  case $need in
  *-[0-9]*)
    ghc-pkg --simple-output list "$need" 2>/dev/null | grep -q . ||
      skip "GHC package $need missing (apt-get install libghc-${need%-[0-9]*}-dev)"
    ;;
  *) command -v "$need" >/dev/null || skip "$need missing (apt-get install ghc)" ;;
  esac
done

found() {
  # The snapshot must be the pinned version: its .cabal file says so.
  got=$(sed -n 's/^[Vv]ersion:[[:space:]]*//p' "$1/$name.cabal" 2>/dev/null | tr -d '\r')
  [ "$got" = "$version" ] || skip "$1 holds version ${got:-?}, wanted $version"
  echo "$1"
  exit 0
}

[ -n "$HASHBENCH_HACKAGE_MIRROR" ] && [ -d "$HASHBENCH_HACKAGE_MIRROR/$name" ] &&
  found "$(cd "$HASHBENCH_HACKAGE_MIRROR/$name" && pwd)"
[ -d "../../../shared/mirror/hackage/$name" ] &&
  found "$(cd "../../../shared/mirror/hackage/$name" && pwd)"
[ -d "build/hackage/$name-$version" ] && found "$(pwd)/build/hackage/$name-$version"
if command -v cabal >/dev/null; then
  mkdir -p build/hackage
  if cabal get --destdir=build/hackage "$name-$version" >"build/hackage/$name.log" 2>&1 ||
    { cabal update >>"build/hackage/$name.log" 2>&1 &&
      cabal get --destdir=build/hackage "$name-$version" >>"build/hackage/$name.log" 2>&1; }; then
    found "$(pwd)/build/hackage/$name-$version"
  fi
  skip "cabal get $name-$version failed (Hackage unreachable?); set HASHBENCH_HACKAGE_MIRROR to a folder holding $name/"
fi
skip "no source: Hackage is not reachable without cabal; set HASHBENCH_HACKAGE_MIRROR to a folder holding $name/ (the project's is ../shared/mirror/hackage)"
