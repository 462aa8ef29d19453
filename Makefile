# Two entry points on a fresh Debian machine with Python 3.11:
#   make build   creates .venv, installs rulekit and builds the bundled manuals
#   make test    also installs the test tools and Debian packages, then runs ruff, mypy, pytest
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
# Debian packages the tests call: pdffonts/pdftoppm, the browser, the corpus fonts.
TEST_DEBS := poppler-utils chromium fonts-liberation fonts-dejavu-extra
# WeasyPrint needs Pango; cards are set in DejaVu.
# The lexicon reads Debian's hunspell dictionaries; Graphviz draws the rule graphs;
# GNU gettext checks and formats the translators' catalogs; Tesseract with its
# German model reads scanned rulebooks (OCR); Ghostscript converts the print files to
# CMYK, and its libgs-common ships the CMYK profile of their output intent (SWOP).
BUILD_DEBS := fonts-dejavu-core libpango-1.0-0 libpangoft2-1.0-0 hunspell-de-de hunspell-en-us graphviz gettext \
	tesseract-ocr tesseract-ocr-deu ghostscript
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: build test lint typecheck pytest bench clean debs-build debs-test

build: $(VENV)/.installed debs-build
	$(BIN)/rulekit build

test: $(VENV)/.installed-test debs-test lint typecheck pytest

lint: $(VENV)/.installed-test
	$(BIN)/ruff check rulekit tests bench
	$(BIN)/ruff format --check rulekit tests bench

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

pytest: $(VENV)/.installed-test debs-test
	$(BIN)/pytest

bench: $(VENV)/.installed-test
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv && \
	  rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

# Install only the Debian packages that are missing, so a prepared machine costs nothing.
define install_debs
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages: $$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

debs-build:
	$(call install_debs,$(BUILD_DEBS))

debs-test:
	$(call install_debs,$(BUILD_DEBS) $(TEST_DEBS))

clean:
	rm -rf build .build.* .mypy_cache .pytest_cache .ruff_cache
