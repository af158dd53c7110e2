# Two entry points: `make demo` and `make test`. Each creates/refreshes .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAMES := xenoshyft zombicide-invader derelict doom examples/tidepool

.PHONY: demo test lint venv clean tools

# pip stays in the venv for the user; the installs go through uv, which fetches and unpacks the
# dependencies in parallel: ~8 s against pip's ~46 s for the test extras on a machine with no cache.
$(BIN)/uv:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet 'uv>=0.5,<1'

# The stamp files re-run the install only when pyproject.toml changes. The demo gets every command the
# README shows (studio, watch, --plot: the studio and plots extras); the tests get every extra.
$(VENV)/.installed: pyproject.toml | $(BIN)/uv
	$(BIN)/uv pip install --python $(BIN)/python --quiet -e '.[studio,plots]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/uv
	$(BIN)/uv pip install --python $(BIN)/python --quiet -e '.[all,test]'
	touch $@ $(VENV)/.installed

venv: $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/pnpgen build $(GAMES) --lang all

# The documentation pages made from the code: docs/checks.md and the check-code tables of
# docs/validate.md and docs/proofread.md (a test fails while a committed one differs).
.PHONY: docs
docs: $(VENV)/.installed
	$(BIN)/python -m pnpgen.checkdocs docs

# System tools the tests read outputs back with: Debian's chromium (tests/serve/test_serve*.py, never
# `playwright install`), poppler-utils (pdffonts, pdftoppm), pngcheck and ghostscript (CMYK separations,
# tests/render/test_pdfx_ink.py). Installed when missing
# (as root, as on CI); a test that needs one fails rather than skips, so a missing tool is seen.
TOOLS := chromium:chromium pdffonts:poppler-utils pngcheck:pngcheck gs:ghostscript
tools:
	@missing=$$(for t in $(TOOLS); do command -v $${t%%:*} >/dev/null || echo $${t#*:}; done); \
	if [ -n "$$missing" ]; then \
		(apt-get update && apt-get install -y $$missing) || \
		echo "warning: could not install $$missing (run: apt-get install -y $$missing); the tests that read outputs with them will fail"; \
	fi

# The guard rails first (a few seconds, config in pyproject.toml): ruff's lint, the import layers and
# no import cycles (import-linter), mypy on the pure packages. Any violation fails the target.
lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# Two workers, a test file each at a time (module fixtures build a game once for the file's tests).
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): each
# worker and each pnpgen process a test starts would otherwise compile pnpgen and pytest rewrite
# every test module again, seconds of a run's CPU.
test: lint tools
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n 2 --dist loadfile

clean:
	rm -rf $(VENV) output .ruff_cache .mypy_cache .import_linter_cache
