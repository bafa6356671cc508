# qipai: `make run` sets up and starts the main job; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint browser engines bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

# The main job: the club server on SQLite (./qipai.db) with robots ready, http://127.0.0.1:8000
run: $(STAMP)
	$(BIN)/qipai serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

# Browser tests drive Debian's Chromium through Playwright (never `playwright install`).
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)
	@# Node.js runs static/display.js against qipai.web.display (tests/web/test_display.py)
	@command -v node >/dev/null || (apt-get update -qq && apt-get install -y -qq nodejs >/dev/null)

# The board games' robots run Debian's engines as processes: Stockfish (chess), Fairy-Stockfish
# (xiangqi), GNU Go (go).
engines:
	@test -x /usr/games/stockfish -a -x /usr/games/fairy-stockfish -a -x /usr/games/gnugo || \
		(apt-get update -qq && apt-get install -y -qq stockfish fairy-stockfish gnugo >/dev/null)

test: lint browser engines
	@# Two workers: most of the suite waits on servers, browsers and clocks, not on the CPU
	$(BIN)/pytest src tests -n 2 --durations=25

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) build *.egg-info
