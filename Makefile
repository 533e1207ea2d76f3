# Two commands: `make site` builds the example knowledge base into site/, `make test` runs every check.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium

.PHONY: site test lint types pytest chromium clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

site: $(STAMP)
	$(BIN)/notebase build

chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

types: $(STAMP)
	$(BIN)/mypy src

pytest: $(STAMP) chromium
	$(BIN)/pytest -q

test: lint types pytest

clean:
	rm -rf site .notebase-cache .pytest_cache .mypy_cache .ruff_cache
