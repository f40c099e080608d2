# Set-up is idempotent: each step checks what is there and does only what is missing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SUITE ?= quick
# RUNNERS="node python": set up, build and measure only these runners (default: all)
RUNNERS ?=
RUNNER_FLAGS := $(foreach r,$(RUNNERS),--runner $(r))

.PHONY: setup system python runners bench test test-fast faults lint lock clean

setup: system python runners

system:
	@bash scripts/install-system-packages.sh $(RUNNERS)

python: $(VENV)/.installed

$(VENV)/.installed: requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check --require-hashes -r requirements.lock
	@$(PY) -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
	@touch $@

runners: python
	@$(PY) -m hashbench build $(RUNNERS)

# Exit code 1 means "some case failed or was unverified": the report says which and why;
# that is a finding of the run, not a failure of `make bench`. 2 (bad usage) and 3 (an
# internal error) fail it.
bench: setup
	@$(PY) -m hashbench run $(SUITE) $(RUNNER_FLAGS) || [ $$? -eq 1 ]

# One pytest worker per CPU, a test file to each (its module fixtures built once): on
# this project's 2-core VM the tests took 1,096 s in one process, 709 s in two.
test: setup
	@$(PY) -m pytest -q -ra -n auto --dist loadfile

# The tier that starts no real runner, database server or browser: the engine through the
# fake and fixture runners, compare, the reports, the commands on fixture files, called
# in the test's process (tests/conftest.py FAST). Fault injection, runs stopped and
# resumed and store faults are left to `make test`, which runs every test, these
# included. On this project's 2-core VM `time make test-fast`: 35 s (1,218 passed, 559
# skipped; 246 s when each command started a process and built runners ran).
test-fast: python
	@HASHBENCH_TEST_TIER=fast $(PY) -m pytest -q -ra -n auto --dist loadfile

# The fault-injection suite alone (crashes, hangs, garbage, kills, full disk, two runs
# to one file, huge lines) with the long fuzz passes: HASHBENCH_FUZZ_EXAMPLES inputs each.
faults: setup
	@HASHBENCH_FUZZ_EXAMPLES=10000 $(PY) -m pytest -q -ra -m faults

# ruff (style), mypy (types; strict on model/, engine/, measure/; lab/ too), vulture (dead
# code);
# then every runner's code with its language's tools (scripts/lint-runners.sh). After
# setup, which installs those tools (manifests' apt lists, runners' lockfiles).
lint: setup
	@$(VENV)/bin/ruff check src tests lab
	@$(VENV)/bin/ruff format --check src tests lab
	@$(VENV)/bin/mypy
	@$(VENV)/bin/mypy --no-warn-unused-configs lab
	@$(VENV)/bin/vulture
	@bash scripts/lint-runners.sh

lock:
	@$(PY) -m pip install -q pip-tools
	@$(VENV)/bin/pip-compile -q --generate-hashes --allow-unsafe --strip-extras -o requirements.lock requirements.in

clean:
	@rm -rf $(VENV) results/.tmp
	@for d in runners/*/; do [ -f $$d/Makefile ] && $(MAKE) -s -C $$d clean || true; done
