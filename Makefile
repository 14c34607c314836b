# Two commands: `make play` serves the game, `make test` installs what the tests need and runs them.
PORT ?= 8000
PYTHON ?= python3
VENV := .venv
CHROMIUM ?= /usr/bin/chromium

# The four languages' words (a prerequisite is expanded where its rule is read: defined before the first rule).
CATALOGUES := $(wildcard sixes/locale/*/LC_MESSAGES/sixes.po)

.PHONY: play test check chromium engines bench site build lint train-check

play: build
	$(PYTHON) tools/serve.py --port $(PORT)

test: $(VENV)/.installed build chromium engines lint
	$(VENV)/bin/python -m pytest

# The fast check, for every change (under a minute, no browser, no build, nothing installed as root): the engine's
# and the model's tests, the layers, the hooks and the site's files, then types and lint. make test runs all of it too.
check: $(VENV)/.installed $(CATALOGUES:.po=.mo)
	$(VENV)/bin/python -m pytest tests/engine tests/model tests/test_layers.py tests/site/test_hooks.py -q
	$(MAKE) --no-print-directory lint

# Types of the whole game (the engine, the model, the browser side up to what JavaScript hands it, and the command
# line), and ruff's lint and format of the whole tree (the game, tests, tools, benchmarks); run by make test.
lint: $(VENV)/.installed
	$(VENV)/bin/mypy --strict sixes
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# The learned bot's training (tools/train_bot.py, docs/bots.md) run end to end on tiny data, to show it still works:
# CI runs it after make test. It writes to build/, never over the shipped weights. Each variant's network, in turn.
train-check: $(VENV)/.installed
	$(VENV)/bin/pip install --quiet -e '.[train]'
	$(VENV)/bin/python tools/train_bot.py --rounds 40 --iterations 2 --epochs 1 --jobs 2 --out build/train-check.py \
		--variants sixes,sevens,fan-tan,cinquillo

# The figures docs/benchmarks.md's first table quotes, each printed with its command: the engine, the simulator's
# jobs, the bots' strength and time (the longest part: 7,500 duplicate deals), the hard bot in Pyodide, and the page
# on the phone profile (bench/phone_profile.py), its boots and its moves. Run it on a quiet machine.
bench: $(VENV)/.installed build chromium
	$(VENV)/bin/python bench/engine.py
	$(VENV)/bin/python bench/jobs.py --repeat 5 --floor 5 --piped 200 --piped-pool 20
	$(VENV)/bin/python bench/strength.py --deals 2000 --seed 101 --rounds 300
	node bench/pyodide_time.mjs 300 1
	$(VENV)/bin/python bench/phone.py --runs 5
	$(VENV)/bin/python bench/phone_moves.py --seeds 4 5 6

# The deployable site in _site/ (what .github/workflows/pages.yml publishes): the page's files and a service worker.
site: build
	$(PYTHON) tools/build_site.py --out _site

# The page's Python, compiled by the pinned Pyodide into build/ (tools/compile_python.py) with each
# language's compiled words: redone when the runtime, any module in any folder of the package or a
# catalogue changes. The folders themselves are prerequisites too, so that adding or removing a module,
# a subpackage or a language rebuilds; no list of modules is written by hand.
GAME_SOURCES := $(shell find sixes -name __pycache__ -prune -o \( -type d -o -name '*.py' \) -print)
build: build/.built build/first.js
build/.built: node_modules/.package-lock.json $(GAME_SOURCES) $(CATALOGUES:.po=.mo) tools/compile_python.py \
		tools/in_pyodide.mjs tools/runtime_modules.txt
	node tools/in_pyodide.mjs tools/compile_python.py
	@touch $@

# What the page shows before Python is up (keys "boot_" of every catalogue, and a first visit's table drawn by the
# game's model with the page's words), with assets/first.js after them, which puts them in place: one classic script
# (boot.js reads the words too).
build/first.js: $(CATALOGUES:.po=.mo) tools/boot_words.py $(GAME_SOURCES) index.html assets/first.js
	@mkdir -p build
	$(PYTHON) tools/boot_words.py $@

# A language's words (sixes/locale/<lang>/LC_MESSAGES/sixes.po) compiled by Babel into the sixes.mo
# beside it, which gettext reads: in the tests from there, in the page from build/python.zip.
%.mo: %.po tools/compile_catalogue.py | $(VENV)/.babel
	$(VENV)/bin/python tools/compile_catalogue.py $< $@

# make play needs only Babel in the venv; make test adds the test stack to the same venv.
$(VENV)/.babel: pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -e '.[build]'
	@touch $@

# npm writes node_modules/.package-lock.json on every install: redo only when the lockfile changes.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(VENV)/.installed: pyproject.toml $(VENV)/.babel
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[test]'
	@touch $@

# Playwright cannot download a browser here, so the tests drive Debian's Chromium.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	  else \
	    echo "The browser tests need Chromium at $(CHROMIUM): run 'apt-get install chromium' as root." >&2; exit 1; \
	  fi; \
	fi
	@# Sinhala text needs a font Chromium can find (tests, screenshots): Debian's Noto has one.
	@if ! fc-list 2>/dev/null | grep -qi sinhala && command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-core; \
	fi

# The other two engines (tests/browser/engines.py), also Debian's: Firefox ESR, and WebKitGTK's WebDriver with its
# MiniBrowser, which runs under a virtual display (Xvfb) because its --headless hangs.
ENGINE_PACKAGES := firefox-esr:/usr/bin/firefox-esr webkit2gtk-driver:/usr/bin/WebKitWebDriver xvfb:/usr/bin/Xvfb
engines:
	@missing="$(foreach p,$(ENGINE_PACKAGES),$(if $(wildcard $(lastword $(subst :, ,$(p)))),,$(firstword $(subst :, ,$(p)))))"; \
	if [ -n "$$(echo $$missing)" ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	  else \
	    echo "The browser tests need Firefox ESR and WebKitGTK: run 'apt-get install$$missing' as root." >&2; exit 1; \
	  fi; \
	fi
