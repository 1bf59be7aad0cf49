# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test test-image test-latest lint typecheck bench demo playtest gallery clean lock

# Installed from the lock file: the exact versions the tests passed with, each file checked
# against its hash; then the project itself, adding nothing. `make lock` writes the lock again
# after a change of pyproject.toml's dependencies.
$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# The locks for every platform and Python from 3.11, with every file's hash, by uv (installed in
# a virtual environment of its own, pinned): requirements.lock for development and CI,
# requirements.run.lock (the bot's own dependencies only) for the container image.
LOCK_VENV := .venv-lock
lock:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet uv==0.13.9
	$(LOCK_VENV)/bin/uv pip compile pyproject.toml --extra dev --generate-hashes --universal \
		--python-version 3.11 --no-header --index-url https://pypi.org/simple -o requirements.lock
	$(LOCK_VENV)/bin/uv pip compile pyproject.toml --generate-hashes --universal \
		--python-version 3.11 --no-header --index-url https://pypi.org/simple -o requirements.run.lock

# The suite against the newest releases of every dependency (pyproject.toml's pins read as
# lower bounds), in a virtual environment of its own: what the next `make lock` would bring,
# and whether the tripwires of tests/test_internals.py still hold.
LATEST := .venv-latest
test-latest:
	rm -rf $(LATEST)
	$(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
		print("\n".join(d.replace("==", ">=") for d in p["dependencies"] + p["optional-dependencies"]["dev"]))' \
		> $(LATEST)/latest.txt
	$(LATEST)/bin/python -m pip install --quiet --upgrade --upgrade-strategy eager -r $(LATEST)/latest.txt
	$(LATEST)/bin/python -m pip install --quiet --no-deps -e .
	$(LATEST)/bin/python -m pip freeze --exclude-editable > $(LATEST)/installed.txt
	$(LATEST)/bin/python -m pytest -p no:cacheprovider $(ARGS)

run: $(STAMP)
	$(BIN)/python bot.py

# The suite runs on $(WORKERS) processes (each starts its own throwaway PostgreSQL); a worker
# that runs out of tests takes some of the other's (`worksteal`: the slow emulator tests come
# last and would otherwise leave one core idle). `make test WORKERS=0` runs it in one.
WORKERS ?= 2

test: lint typecheck
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

# The container images built from Debian's packages (docker/build-images.sh: as root, it
# installs and starts Docker's engine where missing), then run against the emulator: the bot
# alone, and compose.yaml's two shards on PostgreSQL (tests/test_container_image.py).
test-image: $(STAMP)
	@docker/build-images.sh; status=$$?; \
	if [ $$status -eq 3 ]; then echo "make test-image: no Docker engine here, nothing run"; exit 0; fi; \
	[ $$status -eq 0 ] || exit $$status; \
	DOMINO_IMAGE=domino-bot $(BIN)/python -m pytest -p no:cacheprovider tests/test_container_image.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine render data cogs bot.py bench tests/emulator

bench: $(STAMP)
	$(BIN)/python -m bench

# No Discord token needed: the real bot plays a short match against the test emulator and writes
# the transcript and every picture to demo-out/.
demo: $(STAMP)
	$(BIN)/python -m tests.demo demo-out

# A whole match of any game (or a puzzle) played through the emulator by SEATS scripted people
# and AI players, in the server language LANG: what each person saw, and every picture at
# 380 px, in playtest-out/GAME-LANG/ (see docs/playtest.md); SCREENS=1 also draws every message
# and every edit as a phone shows it (NNN-screen.png).
# LANG counts only when given to make: the shell's own LANG (en_US.UTF-8) is no bot language.
GAME  ?= partnership
SEATS ?= 1
SCREENS ?=
PLAYTEST_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),en)
playtest: $(STAMP)
	$(BIN)/python -m tests.playtest $(GAME) --lang $(PLAYTEST_LANG) --seats $(SEATS) \
		$(if $(SCREENS),--screens)

# Every layout and picture kind at 800 px and at a phone's 380 px, and a contact sheet.
gallery: $(STAMP)
	$(BIN)/python docs/make_gallery.py

clean:
	rm -rf $(VENV) $(LATEST) $(LOCK_VENV) .pytest_cache .mypy_cache .ruff_cache
