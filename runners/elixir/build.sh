#!/bin/sh
# Build the Elixir runner with Mix (MIX_ENV=prod): the runner and the three Hex packages
# with their dependencies, as path dependencies on their unmodified source (see mix.exs:
# $HASHBENCH_HEX_MIRROR, else the offline mirror ../shared/mirror/hex beside the
# repository). bcrypt_elixir's and argon2_elixir's NIFs are compiled by elixir_make with
# the system C compiler against erl_nif.h (erlang-dev). A package whose source is missing
# is left out: mix.exs drops it and the line "skip elixir/<name>: ..." says so.
# Quick when nothing changed (mix compiles only what changed).
set -eu
cd "$(dirname "$0")"
mirror=${HASHBENCH_HEX_MIRROR:-../../../shared/mirror/hex}
for pkg in bcrypt_elixir argon2_elixir pbkdf2_elixir; do
  if [ ! -f "$mirror/$pkg/mix.exs" ] || [ ! -f "$mirror/comeonin/mix.exs" ]; then
    echo "skip elixir/$pkg: no source of $pkg or comeonin (Hex unreachable; set HASHBENCH_HEX_MIRROR to a folder holding them, the project's is ../shared/mirror/hex)"
  fi
done
export MIX_ENV=prod
mix compile >build.log 2>&1 || { cat build.log >&2; exit 1; }
