#!/bin/sh
# Start the Elixir runner: the VM with -noinput (nothing but the runner reads stdin),
# the code paths of the Mix build, and Hashbench.Runner.main/0.
here=$(dirname "$0")
set --
for ebin in "$here"/_build/prod/lib/*/ebin; do
  set -- "$@" -pa "$ebin"
done
exec elixir --erl "-noinput" "$@" -e "Hashbench.Runner.main()"
