# Set-up is idempotent: each step checks what is there and does only what is missing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SUITE ?= quick

.PHONY: setup system python runners bench test lint lock clean

setup: system python runners

system:
	@bash scripts/install-system-packages.sh

python: $(VENV)/.installed

$(VENV)/.installed: requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check --require-hashes -r requirements.lock
	@$(PY) -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
	@touch $@

runners: python
	@$(PY) -m hashbench build

# Exit code 1 means "some case failed or was unverified": the report says which and why;
# that is a finding of the run, not a failure of `make bench`.
bench: setup
	@$(PY) -m hashbench run $(SUITE) || [ $$? -eq 1 ]

test: setup
	@$(PY) -m pytest -q -ra

# ruff (style), mypy (types; strict on model/, engine/, measure/), vulture (dead code).
lint: python
	@$(VENV)/bin/ruff check src tests
	@$(VENV)/bin/ruff format --check src tests
	@$(VENV)/bin/mypy
	@$(VENV)/bin/vulture

lock:
	@$(PY) -m pip install -q pip-tools
	@$(VENV)/bin/pip-compile -q --generate-hashes --allow-unsafe --strip-extras -o requirements.lock requirements.in

clean:
	@rm -rf $(VENV) results/.tmp
	@for d in runners/*/; do [ -f $$d/Makefile ] && $(MAKE) -s -C $$d clean || true; done
