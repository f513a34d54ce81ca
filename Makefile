# Two entry points for a fresh Debian machine (Python 3.11; run as root so WordNet's Debian
# packages can be installed):  `make run` (install + the Table 1 experiment on SemCor) and
# `make test` (install + the test suite).  `.ci/run` calls `make test` in a clean checkout.
# Both install into the virtualenv $(VENV) (made on first use from $(BASE_PYTHON)), so what runs
# is what a fresh install gets; `make test PYTHON=python3` installs into another Python instead.
BASE_PYTHON ?= python3
VENV ?= .venv
PYTHON ?= $(VENV)/bin/python
CONFIG ?= configs/table1.toml
OUT ?= results/table1
# Where SemCor 3.0 lives beside this checkout (the library itself knows no checkout path).
export WSD_SEMCOR ?= $(abspath ../shared/data/semcor3.0)
# Debian's own python3 refuses `pip install` outside a virtualenv (PEP 668): PYTHON=python3 needs this.
export PIP_BREAK_SYSTEM_PACKAGES = 1
SMOKE ?= $(or $(TMPDIR),/tmp)/verb-wsd-wheel-smoke

.PHONY: setup test-setup run test lint wheel-smoke bench bench-quick clean

setup:
	@if [ "$$(id -u)" = 0 ] && { [ ! -f /usr/share/wordnet/data.verb ] || \
		! $(BASE_PYTHON) -c "import ensurepip" >/dev/null 2>&1; }; then \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wordnet-base wordnet-sense-index \
			$$($(BASE_PYTHON) -c "import ensurepip" >/dev/null 2>&1 || echo python3-venv); \
	fi
	@if [ "$(PYTHON)" = "$(VENV)/bin/python" ] && [ ! -x "$(PYTHON)" ]; then \
		$(BASE_PYTHON) -m venv "$(VENV)"; \
	fi
	$(PYTHON) -m pip install -q --disable-pip-version-check -e ".[test,dask]"
	$(PYTHON) -m evaluation.cli data setup

# The tests also draw report.html in headless Chromium (tests/test_report.py) and drive
# instances.html through Debian's chromedriver (tests/test_instances_browser.py): installed
# here for `make test` only, as root (CI), when missing; elsewhere those tests are skipped.
test-setup:
	@if [ "$$(id -u)" = 0 ] && { ! command -v chromium >/dev/null 2>&1 || \
		! command -v chromedriver >/dev/null 2>&1; }; then \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	fi

run: setup
	$(PYTHON) -m evaluation.cli evaluate $(CONFIG) --out $(OUT)

test: setup test-setup
	$(PYTHON) -m pytest -q
	$(PYTHON) -m ruff check thesaurus wsd evaluation tests bench
	$(PYTHON) -m ruff format --check thesaurus wsd evaluation tests bench
	$(PYTHON) -m mypy thesaurus wsd evaluation
	$(PYTHON) bench/run.py --quick --out $${TMPDIR:-/tmp}/bench-quick.json
	tests/wheel_smoke.sh . $(SMOKE) $(PYTHON)

# A wheel built from this checkout, installed in a fresh virtualenv outside it, runs the CLI.
wheel-smoke:
	tests/wheel_smoke.sh . $(SMOKE) $(PYTHON)

lint:
	$(PYTHON) -m ruff check thesaurus wsd evaluation tests bench
	$(PYTHON) -m ruff format --check thesaurus wsd evaluation tests bench
	$(PYTHON) -m mypy thesaurus wsd evaluation

bench: setup
	$(PYTHON) bench/run.py

bench-quick: setup
	$(PYTHON) bench/run.py --quick

clean:
	rm -rf results .pytest_cache build *.egg-info
