"""The check-code pages are generated from the registries and committed as generated: docs/checks.md
(every validate and proofread code), the code tables of docs/validate.md and docs/proofread.md; and
the proofreader's code registry holds every code, with its severities, that a finder reports."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from pnpgen.checkdocs import COMMAND, checks_page, main, stale
from pnpgen.proofread.codes import CODES
from pnpgen.validate.explain import catalogue

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def test_the_committed_pages_are_the_generated_ones():
    assert stale(DOCS) == [], f"regenerate the check-code pages: `{COMMAND}` (or `make docs`)"


def test_every_code_has_its_entry_on_the_checks_page():
    page = checks_page()
    assert [c for c in catalogue() if f"\n### {c}\n" not in page] == []
    assert [c.code for c in CODES if f"\n| {c.code} | {c.severity} | " not in page] == []


def _reported_by_the_finders() -> dict[str, set[str]]:
    """PRF code -> the severities the proofreader's modules give its findings."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "pnpgen" / "proofread").glob("*.py"):
        for code, severity in re.findall(r'"(PRF\d{3})",\s*Severity\.(\w+)', path.read_text(encoding="utf-8")):
            found.setdefault(code, set()).add(severity.lower())
    return found


def test_the_proofread_registry_holds_every_code_a_finder_reports_with_its_severities():
    registry = {c.code: set(c.severity.split(" / ")) for c in CODES}
    assert len(_reported_by_the_finders()) == 15
    assert registry == _reported_by_the_finders()


def _docs_copy(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("checks.md", "validate.md", "proofread.md"):
        shutil.copy(DOCS / name, docs / name)
    return docs


def test_a_hand_edit_is_seen_and_regenerating_undoes_it(tmp_path: Path, capsys):
    docs = _docs_copy(tmp_path)
    checks = docs / "checks.md"
    checks.write_text(checks.read_text(encoding="utf-8").replace("| PRF007 | error |", "| PRF007 | warning |"),
                      encoding="utf-8")
    (docs / "proofread.md").write_text((docs / "proofread.md").read_text(encoding="utf-8")
                                       .replace("| PRF015 | info |", "| PRF015 | warning |"), encoding="utf-8")
    assert stale(docs) == [checks, docs / "proofread.md"]
    assert main([str(docs), "--check"]) == 1
    assert main([str(docs)]) == 0
    assert stale(docs) == []
    assert checks.read_text(encoding="utf-8") == (DOCS / "checks.md").read_text(encoding="utf-8")
    assert "wrote" in capsys.readouterr().out


def test_a_page_without_its_markers_is_one_line_and_exit_2(tmp_path: Path, capsys):
    docs = _docs_copy(tmp_path)
    (docs / "proofread.md").write_text("# Proofreading\n\nno table\n", encoding="utf-8")
    assert main([str(docs)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "proofread.md has no" in err and "markers" in err
