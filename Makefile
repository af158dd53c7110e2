# Two entry points: `make demo` and `make test`. Each creates/refreshes .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAMES := xenoshyft zombicide-invader derelict doom examples/tidepool

.PHONY: demo test lint venv clean tools bytecode

# The venv is made without pip (ensurepip installs and compiles pip: ~7 s) and uv goes in with the
# interpreter's own pip (`pip --python`, pip >= 22.3); where that pip is missing or older, the venv gets
# its pip from ensurepip first. The installs then go through uv, which fetches and unpacks the
# dependencies in parallel: ~8 s against pip's ~46 s for the test extras on a machine with no cache.
# pip goes into the venv too (uv, ~0.3 s): the user's `pip install` and the wheel test use it.
$(BIN)/uv:
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --python $(BIN)/python install --quiet 'uv>=0.5,<1' 2>/dev/null || \
		{ $(BIN)/python -m ensurepip --default-pip >/dev/null && $(BIN)/python -m pip install --quiet 'uv>=0.5,<1'; }
	$(BIN)/uv pip install --python $(BIN)/python --quiet pip

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

# Bytecode for pnpgen and the installed packages, compiled once while the guard rails run (they keep
# one core busy): a first test run would compile each module in every process importing it at the same
# moment (tests/bytecode.py says more).
bytecode: $(VENV)/.installed-test
	$(BIN)/python tests/bytecode.py

# Two workers, a test file each at a time (module fixtures build a game once for the file's tests).
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): each
# worker and each pnpgen process a test starts would otherwise compile pnpgen and pytest rewrite
# every test module again, seconds of a run's CPU. The guard rails and the bytecode run side by side
# (make -j2), each failure of the guard rails still failing the target.
test: tools $(VENV)/.installed-test
	$(MAKE) --no-print-directory -j2 lint bytecode
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n 2 --dist loadfile

clean:
	rm -rf $(VENV) output .ruff_cache .mypy_cache .import_linter_cache
