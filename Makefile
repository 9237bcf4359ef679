# Tabula: `make run` serves the demo on one machine, `make test` runs every test.
# Both create .venv when it is missing and (re)install the project when pyproject.toml changes.

PORT ?= 8000
HOST ?= 127.0.0.1
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3 2>/dev/null)
VENV := .venv
BIN := $(VENV)/bin
# Extra arguments for pytest, e.g. `make test PYTEST_ARGS="-x tests/vtt"`.
PYTEST_ARGS ?=
# The realtime and fault suites, run a second time on the path VTT_FAST does not choose by default
# (vtt/fast): the plain Django and Channels path is the reference, and both must hold.
OTHER_PATH_TESTS ?= tests/vtt/test_consumers.py tests/vtt/test_chat_unlocked.py \
	tests/vtt/test_table_chat.py tests/vtt/test_scale_out.py tests/vtt/test_fanout.py \
	tests/vtt/test_presence.py tests/vtt/test_frames_written.py tests/vtt/test_fast_path.py \
	tests/faults
# The Python code ruff checks (Python examples inside docs/*.md are documentation, not code).
LINT_PATHS ?= rules vtt tests bench manage.py

.DEFAULT_GOAL := help
.PHONY: help run test lint format bench bench-gameplay venv install install-test clean

help:
	@echo "make run    serve the demo on http://$(HOST):$(PORT)/ (one Daphne process)"
	@echo "make test   install the test tools and run every check and test"
	@echo "make lint   ruff format --check, ruff check and mypy"
	@echo "make bench  the broadcast benchmark (bench/README.md)"
	@echo "make bench-gameplay  game actions reaching every viewer (bench/README.md)"

$(BIN)/python:
	@test -n "$(PYTHON)" || { echo "Python 3.11 is needed (python3.11 not found)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

venv: $(BIN)/python

# Stamp files: reinstall only when pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.installed-run

install: $(VENV)/.installed-run
install-test: $(VENV)/.installed-test

# One process with the in-memory channel layer unless REDIS_URL is set (see docs/deploy.md).
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	@echo
	@echo "  Tabula is at  http://$(HOST):$(PORT)/"
	@echo "  Demo logins (password tabula-demo):  gm  player1  player2"
	@echo "  Stop with Ctrl-C."
	@echo
	$(BIN)/daphne -b $(HOST) -p $(PORT) vtt.asgi:application

# mypy checks rules/ and vtt/ strictly, vtt/ with the django-stubs plugin ([tool.mypy] in pyproject.toml).
lint: install-test
	$(BIN)/ruff format --check $(LINT_PATHS)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy
	@# pytest's rootdir import mode needs every test file's name to be unique across tests/
	@dups=$$(find tests -name 'test_*.py' -printf '%f\n' | sort | uniq -d); \
	  if [ -n "$$dups" ]; then echo "test files share a name: $$dups"; exit 1; fi

format: install-test
	$(BIN)/ruff format $(LINT_PATHS)
	$(BIN)/ruff check --fix $(LINT_PATHS)

test: lint
	$(BIN)/pytest $(PYTEST_ARGS)
	VTT_FAST=0 $(BIN)/pytest -q $(OTHER_PATH_TESTS)

bench: install-test
	$(BIN)/python bench/broadcast.py

bench-gameplay: install-test
	$(BIN)/python bench/gameplay.py

clean:
	rm -rf $(VENV) artifacts .pytest_cache .mypy_cache .ruff_cache
