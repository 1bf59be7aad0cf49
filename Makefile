# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck bench demo playtest gallery clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python bot.py

# The suite runs on $(WORKERS) processes (each starts its own throwaway PostgreSQL);
# `make test WORKERS=0` runs it in one.
WORKERS ?= 2

test: lint typecheck
	$(BIN)/python -m pytest -n $(WORKERS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine render data cogs bot.py

bench: $(STAMP)
	$(BIN)/python -m bench

# No Discord token needed: the real bot plays a short match against the test emulator and writes
# the transcript and every picture to demo-out/.
demo: $(STAMP)
	$(BIN)/python -m tests.demo demo-out

# A whole match of any game (or a puzzle) played through the emulator by SEATS scripted people
# and AI players, in the server language LANG: what each person saw, and every picture at
# 380 px, in playtest-out/GAME-LANG/ (see docs/playtest.md).
# LANG counts only when given to make: the shell's own LANG (en_US.UTF-8) is no bot language.
GAME  ?= partnership
SEATS ?= 1
PLAYTEST_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),en)
playtest: $(STAMP)
	$(BIN)/python -m tests.playtest $(GAME) --lang $(PLAYTEST_LANG) --seats $(SEATS)

# Every layout and picture kind at 800 px and at a phone's 380 px, and a contact sheet.
gallery: $(STAMP)
	$(BIN)/python docs/make_gallery.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
