# Two commands: `make site` builds the example knowledge base into site/, `make test` runs every check.
# the fastest build of the machine's python3 (tools/fastest_python.py), found when the .venv is made
PYTHON ?= $(shell python3 tools/fastest_python.py)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
NODE_DIR := $(VENV)/node
NODE_STAMP := $(NODE_DIR)/.installed

.PHONY: bytecode site test lint types pytest chromium node clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# the modules' bytecode, as a wheel install writes it: an editable install leaves it to the first
# import, which writes none when PYTHONDONTWRITEBYTECODE is set (each run then compiles every module)
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q src

site: bytecode
	$(BIN)/notebase build

# Chromium, and a font with an OpenType MATH table (DejaVu Math TeX Gyre): without one it stretches no
# operator, and the browser tests measure an arrow drawn across its label
MATH_FONT := /usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf

chromium:
	@test -x $(CHROMIUM) -a -f $(MATH_FONT) || { apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-extra >/dev/null; }

# axe-core and the Nu HTML Checker (vnu.jar, run with the machine's Java), pinned by tests/node's lockfile;
# scripts are skipped: vnu-jar's would download a Java of its own.
$(NODE_STAMP): tests/node/package.json tests/node/package-lock.json
	mkdir -p $(NODE_DIR)
	cp tests/node/package.json tests/node/package-lock.json $(NODE_DIR)/
	npm ci --prefix $(NODE_DIR) --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

node: $(NODE_STAMP)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools

types: $(STAMP)
	$(BIN)/mypy src

pytest: $(STAMP) chromium $(NODE_STAMP)
	$(BIN)/pytest -q

test: lint types pytest

clean:
	rm -rf site .notebase-cache .pytest_cache .mypy_cache .ruff_cache
