"""The documentation holds together: docs/README.md lists every page of docs/ under the four kinds
(tutorials, how-to guides, reference, explanation, in that order), the top-level README links it,
every relative link of docs/*.md and README.md reaches a file and, with a #fragment, a heading of
it, and every path and module docs/architecture.md names in backticks exists."""

from __future__ import annotations

import functools
import importlib
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
INDEX = DOCS / "README.md"
PAGES = sorted(p for p in DOCS.glob("*.md") if p != INDEX)
KINDS = ("Tutorials", "How-to guides", "Reference", "Explanation")

_MD = MarkdownIt("commonmark").enable("table")


def _tokens(path: Path):
    return _MD.parse(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)  # a page's many links into itself or a neighbour: each parsed once
def _anchors(path: Path) -> frozenset[str]:
    return frozenset(_find_anchors(path))


def _links(path: Path) -> list[str]:
    """Every link and image target of a Markdown file (code spans and blocks hold none)."""
    out = []
    for tok in _tokens(path):
        for child in tok.children or ():
            if child.type == "link_open":
                out.append(child.attrs["href"])
            elif child.type == "image":
                out.append(child.attrs["src"])
    return out


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _find_anchors(path: Path) -> set[str]:
    tokens = _tokens(path)
    seen: dict[str, int] = {}
    out = set()
    for tok, inline in zip(tokens, tokens[1:]):
        if tok.type == "heading_open":
            slug = _slug("".join(c.content for c in inline.children if c.type in ("text", "code_inline")))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def _broken(path: Path) -> list[str]:
    broken = []
    for link in _links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", link):
            continue  # http:, mailto:: not ours to check offline
        target, _, fragment = link.partition("#")
        file = (path.parent / target).resolve() if target else path
        if not file.exists():
            broken.append(f"{link} (no such file)")
        elif fragment and file.suffix == ".md" and fragment not in _anchors(file):
            broken.append(f"{link} (no heading #{fragment} in {file.name})")
    return broken


def _index_sections() -> list[tuple[str, set[str]]]:
    """(heading, pages linked under it) for each `##` section of docs/README.md, in order."""
    sections: list[tuple[str, set[str]]] = []
    tokens = _tokens(INDEX)
    for tok, inline in zip(tokens, tokens[1:]):
        if tok.type == "heading_open" and tok.tag == "h2":
            sections.append((inline.content, set()))
        elif tok.type == "inline" and sections:
            sections[-1][1].update(c.attrs["href"] for c in tok.children if c.type == "link_open")
    return sections


def test_every_docs_page_is_listed_in_the_index():
    listed = set().union(*(links for _, links in _index_sections()))
    missing = [p.name for p in PAGES if p.name not in listed]
    assert missing == [], f"docs/README.md does not list {missing}: add a line under its kind of page"


def test_each_page_is_listed_once_under_one_kind_in_diataxis_order():
    sections = _index_sections()
    assert [heading.split(":")[0] for heading, _ in sections] == list(KINDS)
    listed = [link for _, links in sections for link in links if not link.startswith("..")]
    assert sorted(listed) == sorted(set(listed)), "a page is listed under two kinds"


def test_each_index_entry_says_what_the_page_is_for():
    entries = [line for line in INDEX.read_text(encoding="utf-8").split("\n- ")[1:]]
    assert len(entries) == len(PAGES)
    for entry in entries:
        assert re.match(r"\[[^]]+\]\([\w-]+\.md\): \S.{30,}", entry, re.S), entry


@pytest.mark.parametrize("path", [ROOT / "README.md", *PAGES, INDEX], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path):
    assert _broken(path) == []


def test_the_readme_links_the_docs_index():
    assert "docs/README.md" in _links(ROOT / "README.md")


def test_the_link_checker_sees_a_broken_file_and_a_broken_anchor(tmp_path: Path):
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## Cut guides (`--gap MM`)\n\n[ok](#cut-guides---gap-mm) [ok](#title) "
                    "[bad](#cut-guides) [gone](missing.md) `[not a link](nowhere.md)`\n", encoding="utf-8")
    assert _broken(page) == ["#cut-guides (no heading #cut-guides in page.md)", "missing.md (no such file)"]


def _named_paths(text: str) -> list[str]:
    """Code spans that name a file or folder of the repository (a slash or a file suffix), or a
    dotted pnpgen module."""
    spans = re.findall(r"`([^`\s]+)`", text)
    return [s for s in spans if s.startswith("pnpgen.") or (
        re.fullmatch(r"[\w./-]+", s) and ("/" in s or re.search(r"\.(py|ya?ml|md|toml|ttf|json)$", s)))]


def _exists(name: str) -> bool:
    """A path of the repository, or a pnpgen module or a name a module defines (``pnpgen.x.y.fn``)."""
    if not name.startswith("pnpgen.") or "/" in name:
        return (ROOT / name.rstrip("/")).exists()
    parts = name.split(".")
    for cut in range(len(parts), 1, -1):
        try:
            thing = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            thing = getattr(thing, attr, None)
        return thing is not None
    return False


def test_every_path_architecture_names_exists():
    names = _named_paths((DOCS / "architecture.md").read_text(encoding="utf-8"))
    assert len(names) > 40, names  # the page names the files each kind of change touches
    assert [n for n in names if not _exists(n)] == []


def test_the_path_check_sees_a_missing_file():
    names = _named_paths("see `pnpgen/render/face.py`, `pnpgen/render/nothere.py`, `pnpgen.layout`, "
                         "`pnpgen.nothing`, `pnpgen.effects.parse_ability`, `pnpgen.effects.parse_nothing`, "
                         "`--shop NAME` and `card.name`")
    assert names == ["pnpgen/render/face.py", "pnpgen/render/nothere.py", "pnpgen.layout", "pnpgen.nothing",
                     "pnpgen.effects.parse_ability", "pnpgen.effects.parse_nothing"]
    assert [n for n in names if not _exists(n)] == ["pnpgen/render/nothere.py", "pnpgen.nothing",
                                                     "pnpgen.effects.parse_nothing"]
