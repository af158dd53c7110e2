# Two entry points: `make demo` and `make test`. Each creates/refreshes .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAMES := xenoshyft zombicide-invader derelict doom examples/tidepool

.PHONY: demo test venv clean browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamp files re-run pip only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

venv: $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/pnpgen build $(GAMES)

# tests/test_serve.py drives Debian's chromium; install it when missing (root), else the tests say how.
browser:
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium) || \
		echo "warning: could not install chromium: tests/test_serve.py will fail; run apt-get install -y chromium"

test: $(VENV)/.installed-test browser
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) output
