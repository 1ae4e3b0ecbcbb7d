# Spider Solitaire: the two commands are `make serve` and `make test`.
# Every target installs what it needs first (idempotent; nothing is redone when up to date).
#
#   make serve        npm ci (if stale), build build/site/, serve it at http://localhost:8000/
#   make test         everything below, in this order; any failure fails make
#     make lint         ruff + mypy (strict on spider/, config in pyproject.toml), html-validate,
#                       eslint + tsc (the JavaScript; eslint.config.mjs, tsconfig*.json)
#     make test-engine  pytest tests -m "not slow" (engine, CPython)
#     make test-pyodide engine tests under Pyodide in Node (scripts/pyodide_pytest.mjs)
#     make test-e2e     pytest e2e              (Playwright, real Chromium)
#   make test-slow    the engine's long sweeps (`slow`, CPython; not part of make test)
#   make bench        run every bench/*.py
#   make build        build build/site/ only
#   make clean        remove build/ and caches;  make distclean  also .venv and node_modules
#
# Variables: PYTHON (python3), PORT (8000), CHROMIUM (browser binary; default /usr/bin/chromium
# when it exists, else Playwright's own download), PYTEST_ARGS (extra args for every pytest).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.NOTPARALLEL:
.DELETE_ON_ERROR:

PYTHON ?= python3
PORT ?= 8000
PYTEST_ARGS ?=
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.package-lock.json
WHEELS := build/wheels
WHEELS_STAMP := $(WHEELS)/.downloaded
SITE := build/site

# The tools the engine tests need inside Pyodide; versions come from requirements-dev.txt.
PYODIDE_WHEELS := pytest iniconfig packaging pluggy pygments hypothesis sortedcontainers
PYODIDE_PINS = $(shell grep -iE '^($(subst $() $(),|,$(PYODIDE_WHEELS)))==' requirements-dev.txt)

LINT_DIRS = $(wildcard spider tests e2e scripts bench)

ifndef CHROMIUM
  ifneq ($(wildcard /usr/bin/chromium),)
    CHROMIUM := /usr/bin/chromium
  endif
endif
export CHROMIUM

.PHONY: help serve test build lint test-units test-engine test-slow test-pyodide test-e2e bench browser wheels \
        deps clean distclean

help:
	@sed -n '1,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

# ---- installs (each one a stamp file, redone only when its inputs change) -------------------

$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm not found: install Node.js 20+" >&2; exit 1; }
	npm ci --no-audit --no-fund
	@touch $@

$(VENV_STAMP): requirements-dev.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	  || { echo "Python 3.11+ is needed (PYTHON=$(PYTHON))" >&2; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

$(WHEELS_STAMP): requirements-dev.txt | $(VENV_STAMP)
	@rm -rf $(WHEELS) && mkdir -p $(WHEELS)
	$(PY) -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
	  --platform any --implementation py --python-version 3.14 -d $(WHEELS) $(PYODIDE_PINS)
	@touch $@

deps: $(NPM_STAMP) $(VENV_STAMP)
wheels: $(WHEELS_STAMP)

# The system Chromium when there is one; elsewhere Playwright's own (downloads once).
browser: $(VENV_STAMP)
	@if [ -n "$${CHROMIUM:-}" ]; then \
	  test -x "$$CHROMIUM" || { echo "CHROMIUM=$$CHROMIUM is not executable" >&2; exit 1; }; \
	else \
	  $(PY) -m playwright install chromium; \
	fi

# ---- build and serve ------------------------------------------------------------------------

build: $(NPM_STAMP)
	$(PYTHON) scripts/build_site.py

serve: build
	$(PYTHON) scripts/serve.py $(PORT)

# ---- tests ----------------------------------------------------------------------------------

test: deps build lint test-units test-e2e

# The engine's tests on CPython and under Pyodide side by side: each is one process on one core,
# and CI's machines have two (this saves the Pyodide run's minutes). Pyodide's output is kept
# and printed after the CPython run's; either failing fails the target.
test-units: $(VENV_STAMP) $(NPM_STAMP) $(WHEELS_STAMP)
	@mkdir -p build; \
	$(MAKE) --no-print-directory test-pyodide > build/test-pyodide.log 2>&1 & pyodide_pid=$$!; \
	engine=0; $(MAKE) --no-print-directory test-engine || engine=$$?; \
	pyodide=0; wait $$pyodide_pid || pyodide=$$?; \
	echo "== make test-pyodide (ran beside make test-engine), exit $$pyodide:"; cat build/test-pyodide.log; \
	[ $$engine -eq 0 ] && [ $$pyodide -eq 0 ]

lint: $(VENV_STAMP) $(NPM_STAMP)
	$(PY) -m ruff check $(LINT_DIRS)
	@if [ -d spider ]; then $(PY) -m mypy; else echo "mypy: no spider/ yet, skipped"; fi
	npx --no-install html-validate index.html
	npx --no-install eslint .
	npx --no-install tsc -p tsconfig.json
	npx --no-install tsc -p tsconfig.workers.json
	@echo "Any under spider/web/ (the word in annotations, import lines not counted):" \
	  "$$(grep -rwh --include='*.py' Any spider/web | grep -Ev '^\s*(from \S+ )?import ' | grep -ow Any | wc -l)"

test-engine: $(VENV_STAMP)
	@if [ -d tests ]; then $(PY) -m pytest tests -m "not slow" $(PYTEST_ARGS); \
	else echo "test-engine: no tests/ directory yet, skipped"; fi

# The long sweeps against the unpruned references (tests marked `slow`, about 7-10 min on one
# core). `make test` runs their smaller samples only, so that CI stays within its time.
test-slow: $(VENV_STAMP)
	$(PY) -m pytest tests -m slow $(PYTEST_ARGS)

test-pyodide: $(NPM_STAMP) $(WHEELS_STAMP)
	node scripts/pyodide_pytest.mjs

test-e2e: $(VENV_STAMP) browser build
	$(PY) -m pytest e2e --durations=30 $(PYTEST_ARGS)

bench: $(VENV_STAMP) browser build
	@shopt -s nullglob; scripts=(bench/*.py); \
	if [ $${#scripts[@]} -eq 0 ]; then echo "bench: no bench/*.py scripts yet"; fi; \
	for script in "$${scripts[@]}"; do echo "== $$script"; $(PY) "$$script"; done

clean:
	rm -rf build e2e/artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -not -path './node_modules/*' -not -path './.venv/*' \
	  -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules
