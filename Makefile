# Two commands on a fresh machine: `make run` and `make test` (README "Quick start").
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000
SHARED ?= ../shared
PURE := tournaments/domain pairing/engine standings/tiebreaks

.PHONY: help install install-runtime fmt lint typecheck test test-engine test-reference check \
        test-reference-sample screenshots \
        run dev worker up bench bench-ratinglists fuzz refresh-test-data clean messages compilemessages

help:
	@echo "make run (the hall) | dev (runserver, DEBUG on) | test | check | lint | fmt | typecheck | test-engine | test-reference | bench | worker | up"
	@echo "make test-reference-sample | screenshots"
	@echo "make messages | compilemessages"

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/activate
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/activate
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.runtime $@

install-runtime: $(VENV)/.runtime
install: $(VENV)/.dev

fmt: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	SECRET_KEY=lint $(BIN)/lint-imports
	$(BIN)/djade --check $$(find templates tournaments pairing standings -name '*.html' 2>/dev/null)

typecheck: install
	$(BIN)/mypy .

test-engine: install
	$(BIN)/pytest -q -m "not reference" tests/pairing --ignore=tests/pairing/services --ignore=tests/pairing/views tests/standings/tiebreaks tests/tournaments/domain

# The suite in parallel (pytest-xdist): TEST_WORKERS processes, one per core by default (`make test
# TEST_WORKERS=0` runs it in one process). Each worker has its own PostgreSQL test database and Redis
# database (config/settings_test.py); no test writes under the repository (tests/conftest.py).
TEST_WORKERS ?= auto
test: install compilemessages
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal -m "not reference"

test-reference: install
	$(BIN)/pytest -q -m reference
	$(PY) tests/data/tools/pairing_compare.py --jobs 2 --rounds-from 1 \
	  --engine "$(PY) -m pairing --dutch {input} -p {output}" tests/data/reference/dev

# CI's share of the reference replays (.ci/run): every REPLAY_SHARE-th tournament (in name order)
# of both development sets, the 2017 edition's (dev) and the 2025 edition's (dev2025), every round
# paired again through the engine's command line; the same files on every run.
REPLAY_SHARE ?= 3
test-reference-sample: install
	$(PY) tests/data/tools/pairing_compare.py --jobs 2 --rounds-from 1 --quiet \
	  --engine "$(PY) -m pairing --dutch {input} -p {output}" \
	  $$(for set in dev dev2025; do \
	    LC_ALL=C ls tests/data/reference/$$set/*.trf | awk 'NR % $(REPLAY_SHARE) == 1'; done)

check: lint typecheck test

# The browser tests again, writing their pictures into the repository (tests/screenshots.py): the
# user manual's to docs/manual/screenshots/ (review and commit them), the others, made to be
# looked at, to var/screenshots/. `make test` writes them to a temporary folder only.
screenshots: install compilemessages
	MAKE_SCREENSHOTS=1 $(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal -m browser -p no:randomly

# Translations (docs/translations.md): `make messages` makes every catalogue (.po) again from the
# source, for Italian, French and Russian; `make compilemessages` compiles them (.mo, not in git)
# with msgfmt (Debian's gettext package), skipping those already up to date.
messages: install
	SECRET_KEY=messages $(PY) manage.py makecatalogues

compilemessages: install-runtime
	@command -v msgfmt >/dev/null || { echo "the translations need msgfmt: apt-get install -y gettext"; exit 1; }
	SECRET_KEY=messages $(PY) manage.py compilemessages --ignore '.venv' --ignore 'tests' --verbosity 0

# `make run` is the hall's one command (`swiss-arbiter hall`, issue 34; docs/manual/running-the-hall.md)
# with its data in var/: granian, DEBUG off, the pairing worker in-process; `make run HALL_ARGS=--lan`
# serves the hall's network. `make dev` is Django's development server with DEBUG on.
HALL_ARGS ?=
run: install-runtime compilemessages
	$(PY) -m config.hall --data var hall --host $(HOST) --port $(PORT) $(HALL_ARGS)

dev: install-runtime compilemessages
	DEBUG=1 $(PY) manage.py migrate --no-input
	DEBUG=1 $(PY) manage.py load_demo
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# -B: the worker also runs Celery beat (the sweeps, FIDE's rating list every 6 hours); with
# several workers, give -B to one only, or run `celery -A config beat` once.
worker: install-runtime
	mkdir -p var
	$(BIN)/celery -A config worker -B --schedule var/celerybeat-schedule --loglevel=INFO

up:
	docker compose up --build

# The fault suite alone (issue 30; `make test` runs it too): its own PostgreSQL, Redis, gunicorn
# and Celery, stopped and killed while the application works; -s prints the recovery times.
.PHONY: test-faults
test-faults: install
	$(BIN)/pytest -q -p no:randomly -s -m faults tests/faults

# The fuzzers of tests/ with thousands of cases each instead of the few hundred of `make test`.
FUZZ_CASES ?= 10000
fuzz: install
	FUZZ_CASES=$(FUZZ_CASES) $(BIN)/pytest -q -p no:randomly -m fuzz

bench: install
	PYTHONPATH=. $(PY) benchmarks/bench_pairing.py
	PYTHONPATH=. $(PY) benchmarks/bench_pairing.py --edition 2025
	PYTHONPATH=. $(PY) benchmarks/bench_standings.py
	PYTHONPATH=. $(PY) benchmarks/bench_pdf.py

# Issue 18: random tournaments of each engine re-paired by the other (bbpPairings, built outside
# the repository: BBP_2017=.../v5.0.1/bbpPairings.exe BBP_2025=.../v6.0.0/bbpPairings.exe), both
# directions and editions; resumable, counts in benchmarks/crosstest-log.md. Not a test.
.PHONY: crosstest
CROSSTEST_SEEDS ?= 1-100
CROSSTEST_PLAYERS ?= 7-400
crosstest: install
	status=0; for edition in 2017 2025; do for direction in ours bbp; do \
	  nice -n 19 $(PY) benchmarks/crosstest.py --edition $$edition --direction $$direction \
	    --seeds $(CROSSTEST_SEEDS) --players $(CROSSTEST_PLAYERS) || status=1; \
	done; done; exit $$status

# Issue 39: tie-breaks against FIDE TEC's TieBreakServer (fetched and run outside the repository:
# TBS_DIR=.../TieBreakServer, the directory of tiebreakchecker.py), on tournaments of our generator
# and of bbpPairings' (BBP_2017, BBP_2025 as above), each C.07 edition; resumable, counts in
# benchmarks/crosstest-tiebreaks-log.md, differing files in benchmarks/tiebreak-cases/. Not a test.
.PHONY: crosstest-tiebreaks
CROSSTEST_TIEBREAKS_SEEDS ?= 1-100
crosstest-tiebreaks: install
	status=0; for source in ours bbp; do \
	  nice -n 19 $(PY) benchmarks/crosstest_tiebreaks.py --source $$source \
	    --seeds $(CROSSTEST_TIEBREAKS_SEEDS) || status=1; \
	done; \
	nice -n 19 $(PY) benchmarks/crosstest_tiebreaks.py --files tests/data/tiebreaks-crosstest/*.trf \
	  || status=1; exit $$status

# Issue 39: our round robins re-paired by TieBreakServer's Berger checker (TBS_DIR as above; bbpPairings
# pairs no round robin); resumable, counts in benchmarks/crosstest-log.md. Not a test.
.PHONY: crosstest-roundrobin
crosstest-roundrobin: install
	nice -n 19 $(PY) benchmarks/crosstest_roundrobin.py --seeds $(CROSSTEST_SEEDS)

# Issue 37: the Double-Swiss engine against its independent checker on generated tournaments;
# one row of counts in benchmarks/crosstest-doubleswiss-log.md. Not a test.
DOUBLE_SWISS_SEEDS ?= 1-20000
.PHONY: crosstest-doubleswiss
crosstest-doubleswiss: install
	nice -n 19 $(PY) benchmarks/crosstest_doubleswiss.py --seeds $(DOUBLE_SWISS_SEEDS)

# Issue 16: a 1.2 M-player FIDE list imported into PostgreSQL (its own database), and searched.
BENCH_RATINGS_DB ?= postgres://postgres@127.0.0.1:5432/bench_ratings
bench-ratinglists: install
	DATABASE_URL=$(BENCH_RATINGS_DB) PYTHONPATH=. $(PY) benchmarks/bench_ratinglists.py

# Issue 22: the public pages under load: wrk, gunicorn (2 workers), PostgreSQL (its own
# database), the 1000-player tournament; requests/s and p50/p95/p99 per page. Not a test.
.PHONY: loadtest
LOADTEST_ARGS ?=
loadtest: install
	@command -v wrk >/dev/null || { echo "make loadtest needs wrk: apt-get install -y wrk"; exit 1; }
	$(PY) benchmarks/loadtest.py $(LOADTEST_ARGS)

refresh-test-data:
	rm -rf tests/data/reference && cp -r $(SHARED)/reference tests/data/reference
	cp $(SHARED)/tools/pairing_compare.py tests/data/tools/

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
