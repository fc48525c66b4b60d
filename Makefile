# Two commands for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PREPARED := $(VENV)/.prepared

CONSTRAINTS := constraints.txt

.PHONY: play test lint typecheck prepare lock bench bench-frames bench-arena demo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The versions the suite last passed with (constraints.txt), not whatever is newest today.
$(STAMP): pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c $(CONSTRAINTS) -e '.[test]'
	touch $(STAMP)

# The coach's tables and compiled kernels; made again when the solver's sources change.
$(PREPARED): $(STAMP) $(shell find game/solver -name '*.py')
	$(BIN)/python -m game.cli.prepare
	touch $(PREPARED)

play: $(PREPARED)
	$(BIN)/python main.py play

test: $(PREPARED)
	$(BIN)/ruff check .
	$(BIN)/mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

prepare: $(STAMP)
	$(BIN)/python -m game.cli.prepare
	touch $(PREPARED)

lint: $(STAMP)
	$(BIN)/ruff check .

# Type check (settings in pyproject.toml: strict on game.core and game.play, basic elsewhere).
typecheck: $(STAMP)
	$(BIN)/mypy

# Refresh constraints.txt: install the newest versions pyproject.toml allows, rebuild the
# coach's caches, and keep the new versions only if lint and the whole suite pass on them
# (otherwise the pinned versions are put back and constraints.txt is left as it was).
lock: $(STAMP)
	$(BIN)/python -m pip install --quiet --upgrade --upgrade-strategy eager -e '.[test]'
	$(BIN)/python -m game.cli.prepare
	touch $(PREPARED)
	$(BIN)/ruff check . && $(BIN)/mypy && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q \
		|| { $(BIN)/python -m pip install --quiet -c $(CONSTRAINTS) -e '.[test]'; \
		     $(BIN)/python -m game.cli.prepare; exit 1; }
	$(BIN)/python scripts/lock.py
	touch $(STAMP)

bench: $(PREPARED)
	$(BIN)/python -m game.cli.bench solver

bench-frames: $(PREPARED)
	$(BIN)/python -m game.cli.bench frames --seconds 20

bench-arena: $(PREPARED)
	$(BIN)/python -m game.arena.bench --seconds 5

demo: $(PREPARED)
	$(BIN)/python main.py demo --seconds 20 --stats demo-stats.json

clean:
	rm -rf $(VENV) build *.egg-info
