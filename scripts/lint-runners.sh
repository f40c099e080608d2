#!/usr/bin/env bash
# The runners' half of `make lint`: every runner's code linted and format-checked with its
# language's usual tools, as Debian (the manifests' apt lists) or the runner's lockfile
# provide them. One line per check; a check's output is shown only when it fails. A tool
# that is missing is skipped with a line saying what is missing and how to get it; a
# finding fails the run, after every runner has been checked.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

failed=()
skipped=0

# check RUNNER WHAT COMMAND...: run one check.
check() {
  local runner=$1 what=$2 out
  shift 2
  if out=$("$@" 2>&1); then
    echo "lint $runner: $what: ok"
  else
    echo "lint $runner: $what: FAILED"
    printf '%s\n' "$out" | sed 's/^/    /'
    failed+=("$runner: $what")
  fi
}

# skip RUNNER WHAT WHY-AND-HOW-TO-GET-IT
skip() {
  echo "lint $1: $2: skipped, $3"
  skipped=$((skipped + 1))
}

have() { command -v "$1" >/dev/null 2>&1; }

# Each runs one tool over many files and fails when any file fails.
gofmt_clean() {
  local out
  out=$(gofmt -l "$@") || return 1
  [ -z "$out" ] || { echo "not gofmt-formatted (gofmt -w them):"; echo "$out"; return 1; }
}
each_file() { # each_file COMMAND... -- FILES...
  local cmd=() f status=0
  while [ "$1" != -- ]; do cmd+=("$1"); shift; done
  shift
  for f in "$@"; do "${cmd[@]}" "$f" >/dev/null || status=1; done
  return $status
}
javac_lint() {
  local out status sources
  out=$(mktemp -d)
  mapfile -t sources < <(find runners/java/src/main/java -name '*.java' | sort)
  javac -Xlint:all,-classfile -Werror --release 17 -encoding UTF-8 -d "$out" \
    -cp "runners/java/target/lib/*" "${sources[@]}"
  status=$?
  rm -rf "$out"
  return $status
}

# --- python: ruff, with runners/python/ruff.toml -------------------------------------------
check python "ruff check" .venv/bin/ruff check runners/python
check python "ruff format" .venv/bin/ruff format --check runners/python

# --- c (and c-native: the same sources): runners/c/Makefile's lint-* targets ---------------
if ! have cc || ! pkg-config --exists openssl libsodium libargon2 libcrypt jansson 2>/dev/null; then
  skip c "gcc -Werror" "cc or the libraries' headers are missing: apt-get install gcc pkg-config libssl-dev libsodium-dev libargon2-dev libcrypt-dev libjansson-dev"
else
  check c "gcc -Werror, as built for c and c-native" make -s -C runners/c lint-compile
fi
if have cppcheck; then
  check c cppcheck make -s -C runners/c lint-cppcheck
else
  skip c cppcheck "cppcheck not found: apt-get install cppcheck (make setup does)"
fi
if have clang-format; then
  check c "clang-format" make -s -C runners/c lint-format
else
  skip c "clang-format" "clang-format not found: apt-get install clang-format (make setup does)"
fi

# --- rust (and rust-native, rust-parallel: the same sources) -------------------------------
# Clippy with the build's profile, lockfile and target directory: the build scripts
# (bindgen, cc) are shared with the release build rather than run twice.
cargo_args=(--release --locked --quiet --manifest-path runners/rust/Cargo.toml
  --target-dir runners/rust/target)
if ! have cargo; then
  skip rust "rustfmt, clippy" "cargo not found: install Rust with rustup (https://rustup.rs)"
elif ! cargo metadata --no-deps --format-version 1 --manifest-path runners/rust/Cargo.toml \
  >/dev/null 2>&1; then # e.g. Debian's older cargo (for Deno's WASM build) first in PATH
  skip rust "rustfmt, clippy" "$(cargo --version) cannot read runners/rust/Cargo.toml (edition 2024, rust-version 1.89): install Rust with rustup (https://rustup.rs)"
else
  if cargo fmt --version >/dev/null 2>&1; then
    check rust "cargo fmt" cargo fmt --check --manifest-path runners/rust/Cargo.toml
  else
    skip rust "cargo fmt" "rustfmt not installed: rustup component add rustfmt"
  fi
  if cargo clippy --version >/dev/null 2>&1; then
    check "rust, rust-native" clippy cargo clippy "${cargo_args[@]}" --all-targets -- -D warnings
    check rust-parallel "clippy --features parallel" \
      cargo clippy "${cargo_args[@]}" --features parallel --lib --bins -- -D warnings
  else
    skip rust "clippy" "clippy not installed: rustup component add clippy"
  fi
fi

# --- go -------------------------------------------------------------------------------------
if ! have go; then
  skip go "gofmt, go vet" "go not found: install Go >= 1.26 (see runners/go/runner.toml)"
elif ! env -C runners/go GOTOOLCHAIN=local go list -m >/dev/null 2>&1; then
  skip go "gofmt, go vet" "$(go version) cannot build runners/go (go.mod asks for 1.26): install Go >= 1.26"
else
  check go gofmt gofmt_clean runners/go
  check go "go vet" env -C runners/go GOTOOLCHAIN=local go vet -mod=readonly ./...
fi

# --- node: node --check, ESLint and Prettier from runners/node/package-lock.json -----------
mapfile -t node_files < <(find runners/node/eslint.config.js runners/node/src \
  runners/node/native-bench -name '*.js' -o -name '*.mjs' | sort)
if have node; then
  check node "node --check" each_file node --check -- "${node_files[@]}"
  if [ -x runners/node/node_modules/.bin/eslint ]; then
    check node eslint env -C runners/node node_modules/.bin/eslint --max-warnings 0 .
    check node prettier env -C runners/node node_modules/.bin/prettier --check --log-level warn \
      eslint.config.js src native-bench
  else
    skip node "eslint, prettier" "not installed: make setup (runners/node/build.sh: npm ci)"
  fi
else
  skip node "node --check, eslint, prettier" "node not found: install Node.js >= 20.12 with npm"
fi

# --- deno: deno lint and deno fmt, Deno from runners/deno/package-lock.json ----------------
# src/shared is the Node.js runner's src (a link), checked above.
if [ -x runners/deno/node_modules/.bin/deno ]; then
  export DENO_NO_UPDATE_CHECK=1
  check deno "deno lint" env -C runners/deno node_modules/.bin/deno lint --quiet
  check deno "deno fmt" env -C runners/deno node_modules/.bin/deno fmt --check --quiet
else
  skip deno "deno lint, deno fmt" "Deno not installed: make setup (runners/deno/build.sh: npm ci)"
fi

# --- bun: ESLint and Prettier of the Node.js runner, Bun's globals -------------------------------
# src/shared is the Node.js runner's src (a link), checked above; runners/bun/eslint.config.js
# loads the Node.js runner's ESLint packages (Bun has no linter of its own).
if [ -x runners/node/node_modules/.bin/eslint ]; then
  check bun eslint env -C runners/bun ../node/node_modules/.bin/eslint --max-warnings 0 .
  check bun prettier env -C runners/bun ../node/node_modules/.bin/prettier --check \
    --log-level warn eslint.config.js src/main.js src/adapters
else
  skip bun "eslint, prettier" "not installed: make setup (runners/node/build.sh: npm ci)"
fi

# --- zig: zig fmt and zig ast-check, with the Zig of runners/zig/requirements.lock ---------------
if [ -x runners/zig/.venv/bin/python ]; then
  zig=(runners/zig/.venv/bin/python -m ziglang)
  mapfile -t zig_files < <(find runners/zig/src runners/zig/build.zig -name '*.zig' | sort)
  check zig "zig fmt" "${zig[@]}" fmt --check "${zig_files[@]}"
  check zig "zig ast-check" each_file "${zig[@]}" ast-check -- "${zig_files[@]}"
else
  skip zig "zig fmt, zig ast-check" "Zig not installed: make setup (runners/zig/build.sh)"
fi

# --- php --------------------------------------------------------------------------------------
if have php; then
  mapfile -t php_files < <(find runners/php -name '*.php' | sort)
  check php "php -l" each_file php -l -- "${php_files[@]}"
else
  skip php "php -l" "php not found: apt-get install php-cli"
fi

# --- ruby: ruby -wc on every file, RuboCop with runners/ruby/.rubocop.yml ---------------------
if have ruby; then
  mapfile -t ruby_files < <(git ls-files 'runners/ruby/*.rb' | sort)
  check ruby "ruby -wc" each_file ruby -wc -- "${ruby_files[@]}"
else
  skip ruby "ruby -wc" "ruby not found: apt-get install ruby"
fi
if have rubocop; then
  check ruby rubocop bash -c 'cd runners/ruby && rubocop --format quiet'
else
  skip ruby rubocop "rubocop not found: apt-get install rubocop (make setup does)"
fi

# --- elixir: mix format, and the runner compiled again with warnings as errors ---------------
if have mix; then
  check elixir "mix format --check-formatted" bash -c 'cd runners/elixir && MIX_ENV=prod mix format --check-formatted'
  check elixir "mix compile --warnings-as-errors" bash -c 'cd runners/elixir && MIX_ENV=prod mix compile --force --warnings-as-errors'
else
  skip elixir "mix format" "mix not found: apt-get install elixir"
fi

# --- haskell ------------------------------------------------------------------------------------
if have hlint; then
  check haskell hlint hlint runners/haskell/Main.hs runners/haskell/src runners/haskell/native-bench
else
  skip haskell hlint "hlint not found: apt-get install hlint (make setup does)"
fi

# --- crystal ------------------------------------------------------------------------------------
if have crystal; then
  check crystal "crystal tool format" crystal tool format --check runners/crystal/src \
    runners/crystal/native-bench
else
  skip crystal "crystal tool format" "crystal not found: apt-get install crystal"
fi

# --- java: javac -Xlint:all -Werror against the dependencies the build copied ---------------
# Less -Xlint:classfile, which is about the dependencies' class files (spring-security-crypto
# names an annotation of spring-core, which the runner does not need). runners/java/jmh, a
# JMH cross-check outside the runner, is not compiled here (its JMH jars are not fetched).
if ! have javac; then
  skip java "javac -Xlint:all -Werror" "javac not found: apt-get install openjdk-17-jdk-headless"
elif [ ! -d runners/java/target/lib ]; then
  skip java "javac -Xlint:all -Werror" "dependencies not there: make setup (runners/java/build.sh)"
else
  check java "javac -Xlint:all -Werror" javac_lint
fi

# --- shell: the build and launch scripts, scripts/*.sh, .ci/run ---------------------------------
if have shellcheck; then
  mapfile -t shell_files < <(git ls-files '*.sh' .ci/run runners/deno/run.sh | sort -u)
  check shell shellcheck shellcheck "${shell_files[@]}"
else
  skip shell shellcheck "shellcheck not found: apt-get install shellcheck (make setup does)"
fi

if [ ${#failed[@]} -gt 0 ]; then
  list=$(printf '%s; ' "${failed[@]}")
  echo "lint: ${#failed[@]} check(s) failed: ${list%; }"
  exit 1
fi
echo "lint runners: all checks passed ($skipped skipped)"
