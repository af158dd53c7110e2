# Two entry points: `make demo` and `make test`. Each creates/refreshes .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAMES := xenoshyft zombicide-invader derelict doom examples/tidepool

.PHONY: demo test venv clean

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

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) output
