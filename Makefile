# Two commands on a fresh machine: `make lab` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install git-filter lab test lint report app bench clean notebooks-html strip

# Create the virtualenv and install the package with its dev and lab extras; redone when
# pyproject.toml changes. Also sets up git's notebook filter (see git-filter).
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,lab]'
	touch $(STAMP)

install: $(STAMP) git-filter

# Notebooks go into git stripped (.gitattributes): an autosave with outputs leaves
# `git status` clean. Only configured inside a git checkout.
git-filter:
	@if git rev-parse --git-dir >/dev/null 2>&1; then \
	  git config filter.strip-notebooks.clean "python3 tools/strip_notebooks.py --filter"; \
	  git config filter.strip-notebooks.smudge cat; \
	fi

lab: install
	$(BIN)/workbench report
	$(BIN)/jupyter lab notebooks/ --config=tools/jupyter_lab_config.py \
	  $(if $(filter 0,$(shell id -u)),--allow-root,)

lint: install
	$(BIN)/ruff check workbench tests bench tools data
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

report: install
	$(BIN)/workbench report

bench: install
	$(BIN)/python bench/bench_load.py

# The grounding widget as a web page on localhost (Voila); Ctrl+C stops it. The `offline`
# template (share/jupyter/voila/templates/offline) asks no other host for anything.
APP_PORT ?= 8866
app: install
	@echo "Serving the grounding widget on http://127.0.0.1:$(APP_PORT)/"
	JUPYTER_PATH=$(CURDIR)/share/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH} $(BIN)/voila \
	  notebooks/app.ipynb --template=offline --no-browser --Voila.ip=127.0.0.1 --port=$(APP_PORT)

# Execute every notebook and render it to HTML under build/notebooks/ (charts as SVG).
notebooks-html: install
	$(BIN)/python tools/render_notebooks.py --out build/notebooks

# Remove outputs and execution counts from the notebooks before committing.
strip:
	$(PYTHON) tools/strip_notebooks.py

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache
