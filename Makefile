# Two commands on a fresh machine: `make lab` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install lab test lint report app bench clean notebooks-html strip

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
	$(BIN)/jupyter lab notebooks/ $(if $(filter 0,$(shell id -u)),--allow-root,)

lint: install
	$(BIN)/ruff check workbench tests bench tools data
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

report: install
	$(BIN)/workbench report

bench: install
	$(BIN)/python bench/bench_load.py

# The grounding widget as a web page on localhost (Voila); Ctrl+C stops it.
APP_PORT ?= 8866
app: install
	@echo "Serving the grounding widget on http://127.0.0.1:$(APP_PORT)/"
	$(BIN)/voila notebooks/app.ipynb --no-browser --Voila.ip=127.0.0.1 --port=$(APP_PORT)

# Execute every notebook and render it to HTML under build/notebooks/ (charts as SVG).
notebooks-html: install
	$(BIN)/python tools/render_notebooks.py --out build/notebooks

# Remove outputs and execution counts from the notebooks before committing.
strip:
	$(PYTHON) tools/strip_notebooks.py

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache
