# Two commands do all the set-up on a fresh clone (Python 3.11+ and make):
#   make lab    create .venv, install everything, open the lessons in JupyterLab
#   make test   create the same .venv and run every test (lint, types, doctests, notebooks, browser)
#   make docs   run the lessons and build the documentation site, lessons included, into
#               docs/_build/html (open index.html there)
#   make class  serve one lesson to a class opening it at once (LESSON=04 PAGES=25)
#   make slides run the lessons and write each as Reveal.js slides into slides/ (open one)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab app class test lint format bench docs slides clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[lab,test]"
	# The lessons' Voila template: a wheel installs it (pyproject's data-files), an editable
	# install does not, so the venv links to it here.
	mkdir -p $(VENV)/share/jupyter/voila/templates
	ln -sfn $(CURDIR)/share/jupyter/voila/templates/puzzlelab $(VENV)/share/jupyter/voila/templates/
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/

# The lessons as apps (Voila), started in notebooks/ so that notebooks/voila.json applies: each
# cell shows as soon as it has run, and the kernel of a page closed for two minutes is ended.
app: $(STAMP)
	cd notebooks && ../$(BIN)/voila

# One lesson for a class that opens it at once: `make class LESSON=04 PAGES=25`, started a few
# minutes before the class. Voila runs the lesson ahead in PAGES kernels (all of it: progressive
# rendering is off), so each page shows as soon as it is opened; it starts more ten minutes after
# the pool is used, and pages opened meanwhile wait for their lesson to run.
LESSON ?= 00
PAGES ?= 25
CLASS_OPTIONS := --preheat_kernel=True --VoilaConfiguration.progressive_rendering=False \
	--VoilaKernelManager.fill_delay=600
class: $(STAMP)
	cd notebooks && ../$(BIN)/voila $(LESSON)_*.ipynb --pool_size=$(PAGES) $(CLASS_OPTIONS)

lint: $(STAMP)
	$(BIN)/ruff check puzzlelab tests benchmarks docs setup.py
	$(BIN)/ruff format --check puzzlelab tests benchmarks docs setup.py
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix puzzlelab tests benchmarks docs setup.py
	$(BIN)/ruff format puzzlelab tests benchmarks docs setup.py

CHROMIUM := $(shell command -v chromium 2>/dev/null || ls /usr/bin/chromium 2>/dev/null)

# -n: one worker per core and one more (pytest-xdist): the tests spend much of their time
# waiting on kernels, browsers and commands, and with one worker a core the cores were idle
# 44% of a run. --dist loadfile: a file's tests stay on one worker, in order (a lesson's page
# test reads the page its run test made).
WORKERS ?= $(shell $(PYTHON) -c "import os; print(len(getattr(os, 'sched_getaffinity', \
	lambda _: range(os.cpu_count() or 1))(0)) + 1)")
test: lint
ifeq ($(CHROMIUM),)
	@echo "*** No Chromium found: the browser tests will be SKIPPED."
	@echo "*** Install Debian's chromium (apt-get install chromium) to run them."
endif
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadfile --durations=20

# The guide, the lessons (run on fresh kernels) and the API reference, from docs/. A warning
# (a docstring Sphinx cannot read, a broken reference) fails the build.
SPHINXOPTS ?= -W --keep-going
docs: $(STAMP)
	$(BIN)/python -m sphinx -b html $(SPHINXOPTS) docs docs/_build/html
	@echo "Open docs/_build/html/index.html"

# Each lesson as slides, one slide per section, run on a fresh kernel, with Reveal.js beside
# them (no network needed): open slides/04_heuristic_search.slides.html. LESSONS="00 04"
# makes only those.
slides: $(STAMP)
	$(BIN)/puzzlelab slides slides $(LESSONS) --force

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_core.py
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_trace.py
	$(BIN)/python benchmarks/bench_widgets.py
	$(BIN)/python benchmarks/bench_browser.py
	$(BIN)/python benchmarks/bench_korf.py
	$(BIN)/python benchmarks/bench_grid.py
	$(BIN)/python benchmarks/bench_idastar.py
	$(BIN)/python benchmarks/bench_queens.py
	$(BIN)/python benchmarks/bench_mastermind.py
	$(BIN)/python benchmarks/bench_pegs.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis docs/_build docs/lessons slides
