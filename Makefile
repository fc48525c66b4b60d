# Two commands for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint prepare bench bench-frames bench-arena demo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m game.cli.prepare
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python main.py play

test: $(STAMP)
	$(BIN)/ruff check .
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

prepare: $(STAMP)
	$(BIN)/python -m game.cli.prepare

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python -m game.cli.bench solver

bench-frames: $(STAMP)
	$(BIN)/python -m game.cli.bench frames --seconds 20

bench-arena: $(STAMP)
	$(BIN)/python -m game.arena.bench --seconds 5

demo: $(STAMP)
	$(BIN)/python main.py demo --seconds 20 --stats demo-stats.json

clean:
	rm -rf $(VENV) build *.egg-info
