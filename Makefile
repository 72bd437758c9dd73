# Two commands on a fresh machine: `make lab` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install lab test lint report app bench clean

# Create the virtualenv and install the package with its dev extras; redone when
# pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(BIN)/workbench report
	$(BIN)/jupyter lab notebooks/

lint: install
	$(BIN)/ruff check workbench tests bench tools data/demo

test: lint
	$(BIN)/python -m pytest

report: install
	$(BIN)/workbench report

bench: install
	$(BIN)/python bench/bench_load.py

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache
