#!/bin/sh
# Build the Ruby runner: the argon2 gem's C wrapper, then a syntax check (ruby -wc) of
# every source file. Quick when nothing changed.
#
# The argon2 gem comes from RubyGems, which this machine cannot reach: its unmodified
# source is taken from $HASHBENCH_RUBYGEMS_MIRROR/argon2 or the offline mirror beside the
# repository (../shared/mirror/rubygems/argon2) and built the way `gem install` would
# (ext/argon2_wrap: extconf.rb, then make), in a copy under build/argon2, since its
# Makefile writes the library into the gem's own lib/. Without the source the runner is
# built without it, and the line "skip ruby/argon2: ..." says so.
# bcrypt-ruby, RbNaCl, ffi and ffi-compiler are Debian's (the manifest's apt list).
set -eu
cd "$(dirname "$0")"
mkdir -p build
version=2.3.2

mirror=${HASHBENCH_RUBYGEMS_MIRROR:-../../../shared/mirror/rubygems}
if [ ! -f build/argon2/lib/libargon2_wrap.so ]; then
  if [ ! -f "$mirror/argon2/lib/argon2/version.rb" ]; then
    echo "skip ruby/argon2: no source of the argon2 gem $version (RubyGems unreachable; set HASHBENCH_RUBYGEMS_MIRROR to a folder holding argon2/, the project's is ../shared/mirror/rubygems)"
  elif ! grep -q "VERSION = \"$version\"" "$mirror/argon2/lib/argon2/version.rb"; then
    echo "skip ruby/argon2: $mirror/argon2 is not version $version"
  else
    rm -rf build/argon2.tmp
    mkdir -p build/argon2.tmp
    cp -R "$mirror/argon2/lib" "$mirror/argon2/ext" build/argon2.tmp/
    chmod -R u+w build/argon2.tmp
    if (cd build/argon2.tmp/ext/argon2_wrap && ruby extconf.rb >/dev/null && make -s >/dev/null 2>../../build.log); then
      rm -rf build/argon2
      mv build/argon2.tmp build/argon2
    else
      echo "skip ruby/argon2: its C wrapper did not build (see runners/ruby/build/argon2.tmp/build.log)"
    fi
  fi
fi

stamp=build/built.stamp
if [ -f "$stamp" ] && [ -z "$(find runner.rb lib -name '*.rb' -newer "$stamp")" ]; then
  exit 0
fi
for f in runner.rb $(find lib -name '*.rb' | sort); do
  ruby -wc "$f" >/dev/null
done
touch "$stamp"
