"""A card file read one item at a time (``yamlio.load_yaml_items``, so a big deck's YAML nodes never
all live at once) gives exactly the values and line marks of the whole-file read; any document it
does not handle, and every error, is left to the whole-file read (``None``), so errors stay the same."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pnpgen import yamlread
from pnpgen.spec import load_game, yamlio
from pnpgen.spec.errors import SpecError
from yamlkit import marked

REPO = Path(__file__).resolve().parents[2]
CARD_FILES = sorted(p for p in (REPO / "cardspecs").glob("*/*.yaml")
                    if p.name != "game.yaml" and not p.name.startswith("_"))


def _items(text: str, path: str = "cards.yaml") -> list | None:
    """Every item read one by one, or None when the document is left to the whole read."""
    try:
        return list(yamlio.load_yaml_items(text, path, "cards"))
    except yamlio.NotItemByItem:
        return None


def _same_as_whole(text: str, path: str = "cards.yaml") -> None:
    items = _items(text, path)
    assert items is not None, "this document should be read item by item"
    whole = yamlio.load_yaml_text(text, path)["cards"]
    assert [marked(i) for i in items] == [marked(i) for i in whole]


def test_bundled_card_files_are_read_by_item() -> None:
    assert len(CARD_FILES) >= 5
    for path in CARD_FILES:
        _same_as_whole(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("text", [
    "cards:\n- id: a\n  name: A\n- id: b\n  name: B\n",
    "---\ncards:\n  - id: a\n    tags: [x, y]\n...\n",
    '"cards": [{id: a, n: 1}, {id: b, n: 2.5}]\n',
    "{cards: [{id: a}, {id: b}]}\n",
    "cards: []\n",
    # anchors defined in one card and used in later ones, merge keys inside a card
    "cards:\n- &c1 {id: a, stats: &s {hp: 3, atk: 2}}\n- id: b\n  stats: *s\n- <<: *c1\n  name: c\n",
    "cards:\n- id: a\n  when: 2024-01-02\n  bin: !!binary aGk=\n  n: !!str 3\n",
], ids=["block", "markers", "quoted-key-flow-items", "flow", "empty", "aliases-merge", "tags"])
def test_same_values_and_lines(text: str) -> None:
    _same_as_whole(text)


@pytest.mark.parametrize("text", [
    "",                                            # no document: the whole read says None
    "cards:\n",                                    # null list
    "- id: a\n",                                   # not a mapping
    "cards: [{id: a}]\nextra: 1\n",               # another key (an error the whole read reports)
    "name: x\ncards: [{id: a}]\n",
    "&r cards: [{id: a}]\n",                       # an anchor on the key
    "cards: &l [{id: a}, *l]\n",                   # an anchor on the list: recursive alias
    "!!map {cards: [{id: a}]}\n",
    "cards: !!seq [{id: a}]\n",
    "cards:\n- id: a\n- id: b\n  id: c\n",         # duplicate key in a card
    "cards:\n- id: a\n- id: !foo b\n",             # unknown tag
    "cards:\n- id: a\n- n: !!int x\n",             # value that does not fit its tag
    "cards:\n- id: a\n- id: b\n  name: [unclosed\n",  # syntax error after good cards
    "cards:\n- id: a\n- &x {id: b, self: *x}\n",   # undefined alias (anchors end with their node)
    "cards: [{id: a}]\n---\ncards: [{id: b}]\n",  # two documents
], ids=["empty", "null", "not-mapping", "extra-key", "key-first", "anchor-key", "anchor-list", "tag-map",
        "tag-seq", "duplicate", "unknown-tag", "bad-int", "syntax", "undefined-alias", "two-docs"])
def test_left_to_the_whole_read(text: str) -> None:
    assert _items(text) is None


def test_depth_bound_counts_the_file_mapping_and_list(monkeypatch) -> None:
    """Each card sits two levels down (the file's mapping, the 'cards' list): the depth bound
    (docs/security.md) is the whole file's, not the card's own."""
    monkeypatch.setenv("PNPGEN_LIMIT_YAML_DEPTH", "5")
    ok = "cards:\n- id: a\n  deep: [[x]]\n"          # mapping, list, card, list, list, scalar = 6
    assert _items(ok) is None
    with pytest.raises(SpecError, match="nested more than 5 deep"):
        yamlio.load_yaml_text(ok, "c.yaml")
    shallow = "cards:\n- id: a\n  deep: [x]\n"        # 5 levels: within the bound both ways
    _same_as_whole(shallow)


def test_value_count_is_the_whole_files(monkeypatch) -> None:
    """The alias-bomb bound counts every value of the file, across cards, as the whole read does."""
    text = "cards:\n" + "".join(f"- {{id: c{i}, n: {i}}}\n" for i in range(10))  # 3 + 10 * 5 values
    monkeypatch.setenv("PNPGEN_LIMIT_YAML_NODES", "53")
    _same_as_whole(text)
    monkeypatch.setenv("PNPGEN_LIMIT_YAML_NODES", "52")
    assert _items(text) is None
    with pytest.raises(SpecError, match="more than 52 values"):
        yamlio.load_yaml_text(text, "c.yaml")


def test_first_error_of_a_card_file_is_the_whole_reads(tmp_path: Path) -> None:
    """A card file with a bad card early and a syntax error later reports the syntax error (line 10),
    as reading the whole file always did; the loader is not fooled by the good cards before it."""
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("id: g\nname: G\nplayers: {min: 1, max: 2}\n"
                                    "card_types:\n  unit:\n    name: Unit\n    fields: {}\n")
    (game / "units.yaml").write_text("cards:\n- id: a\n  name: A\n  type: unit\n  copies: 1\n"
                                     "- id: b\n  id: b2\n  type: unit\n- id: c\n  name: x: y\n- id: d\n")
    with pytest.raises(SpecError) as err:
        load_game(game)
    assert "units.yaml:10" in str(err.value) and "syntax" in str(err.value)


def _game(tmp_path: Path, **files: str) -> Path:
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("id: g\nname: G\nplayers: {min: 1, max: 2}\n"
                                    "card_types:\n  unit:\n    name: Unit\n    fields: {}\n")
    for name, text in files.items():
        (game / f"{name}.yaml").write_text(text)
    return game


GOOD = "- id: {0}\n  name: {0}\n  type: unit\n  copies: 1\n"


def test_a_file_that_cannot_be_read_is_reported_before_a_bad_card(tmp_path: Path) -> None:
    """Cards are built as they are read, but a bad card in an earlier file (a.yaml, copies: -1) is
    reported only if every file reads: b.yaml's syntax error comes first, as when all were read first."""
    game = _game(tmp_path, a="cards:\n" + GOOD.format("a") + GOOD.format("b").replace("copies: 1", "copies: -1"),
                 b="cards:\n" + GOOD.format("c") + "- id: d\n  name: x: y\n")
    with pytest.raises(SpecError) as err:
        load_game(game)
    assert "b.yaml:7" in str(err.value) and "syntax" in str(err.value)
    (game / "b.yaml").write_text("cards:\n" + GOOD.format("c"))
    with pytest.raises(SpecError, match=r"a\.yaml:9: .*'copies' must be a whole number"):
        load_game(game)


def test_a_card_that_is_not_a_mapping_after_good_ones(tmp_path: Path) -> None:
    game = _game(tmp_path, a="cards:\n" + GOOD.format("a") + GOOD.format("b") + "- just text\n")
    with pytest.raises(SpecError, match=r"a\.yaml:10: each card must be a mapping"):
        load_game(game)
    (game / "a.yaml").write_text("cards:\n" + GOOD.format("a") + GOOD.format("b"))
    assert [c.id for c in load_game(game).cards] == ["a", "b"]
    assert str(load_game(game).cards[1].where("copies")) == f"{game / 'a.yaml'}:9"


def test_a_plain_item_is_counted_as_the_full_check_counts_it():
    """The item reader skips ``check_node``'s walk for an item with no alias and no explicit tag
    (``BoundedComposer.composed``): the count it takes instead must be the walk's own, or the
    file-wide value limit (docs/security.md) would drift; an item with an alias or a tag is never
    taken as plain."""
    from pnpgen.yamlread import LocLoader as _LocLoader
    from pnpgen.yamlsafe import check_node

    items = ["a: 1", "{a: [1, 2, {b: c}], d: e}", "[x, [y, [z]], {}]", "plain", "a: &x [1, 2]\nb: *x",
             "a: !!str 5", "- 1\n- {k: v, w: [1, 2, 3]}"]
    for text in items:
        loader = _LocLoader(text)
        loader.get_event(), loader.get_event()  # stream and document start
        node = loader._compose_bounded()
        count, plain = loader.composed
        assert plain == ("&" not in text and "!!" not in text), text
        if plain:
            assert count == check_node(node), text


def _composed_items(monkeypatch) -> list:
    """Record every item handed to the node composer (not built straight from its events)."""
    seen: list = []
    original = yamlread.LocLoader._compose_bounded

    def spy(self, outer=0):
        if outer == 2:  # a card (the whole read composes its document from the top, outer 0)
            seen.append(outer)
        return original(self, outer)

    monkeypatch.setattr(yamlread.LocLoader, "_compose_bounded", spy)
    return seen


PLAIN_SCALARS = ("cards:\n"
                 "- id: a\n  name: 'Quoted: yes'\n  s: plain text\n  q: '1'\n  dq: \"2\"\n  i: 0x1f\n  o: 0o17\n"
                 "  f: 1.5e3\n  inf: -.inf\n  b: yes\n  b2: False\n  n: ~\n  empty:\n  lit: |\n    two\n    lines\n"
                 "  fold: >\n    folded\n    text\n  3: int key\n  null: null key\n  true: bool key\n"
                 "  tags: [x, 'y', 1, [2, {k: v}], {}]\n  stats:\n    hp: 3\n    list:\n    - 1\n    - a: b\n      c: [d]\n"
                 "- {id: b, n: 2.5, deep: {a: {b: [c]}}}\n")


def test_plain_items_are_built_without_nodes(monkeypatch) -> None:
    """A plain card (no anchor, alias or tag; scalars that are text, numbers, booleans or null) is
    built straight from the parser's events, and gives exactly what composing its nodes gives: same
    values and types, same line marks, keys interned as the composed way interns them."""
    composed = _composed_items(monkeypatch)
    _same_as_whole(PLAIN_SCALARS)
    assert composed == [], "plain cards should not go through the node composer"
    items = _items(PLAIN_SCALARS)
    whole = yamlio.load_yaml_text(PLAIN_SCALARS, "cards.yaml")["cards"]
    assert [type(v) for v in items[0].values()] == [type(v) for v in whole[0].values()]
    assert all(k is sys.intern(k) for item in items for k in item if isinstance(k, str))


@pytest.mark.parametrize("text", [
    # the alias and tag come deep in a card, after plain fields: the composer starts that card again
    "cards:\n- id: a\n  s: {hp: 3, deep: [1, {x: y}]}\n  r: &r {q: 1}\n  again: *r\n- id: b\n  n: [1, 2]\n",
    "cards:\n- id: a\n  l: [1, [2, [3, !!str 4]]]\n  m: k\n- id: b\n",
    "cards:\n- id: a\n  when: 2024-01-02\n- id: b\n",        # a timestamp
    "cards:\n- id: a\n  <<: {name: merged}\n- id: b\n",      # a merge key without an alias
    "cards:\n- id: a\n  ? [x]\n  : 1\n",                    # a list as a key: an error either way
], ids=["alias-late", "tag-deep", "timestamp", "merge", "list-key"])
def test_items_the_direct_build_leaves_are_composed_again(monkeypatch, text: str) -> None:
    """An item that is not plain is handed, with the events already read, to the node composer:
    the result (or the fall back to the whole read) is the same as before the direct build."""
    composed = _composed_items(monkeypatch)
    try:
        whole = yamlio.load_yaml_text(text, "cards.yaml")["cards"]
    except SpecError:
        assert _items(text) is None
        return
    items = _items(text)
    assert items is not None and [marked(i) for i in items] == [marked(i) for i in whole]
    assert 1 <= len(composed) < len(whole), "only the item that is not plain is composed"


def test_random_items_match_the_whole_read() -> None:
    """Seeded random cards mixing block and flow style, every scalar kind, anchors, aliases, tags,
    repeated and odd keys: item by item gives the whole read's values and marks, or leaves the file
    to the whole read."""
    import random

    rng = random.Random(12)
    scalars = ["a", "'q'", '"d"', "1", "0x1f", "1.5", "yes", "no", "null", "~", "", "2001-01-01", "<<", "=",
               "!!str 3", "&a x", "*a", "-1e3", "'1'", "on", "long text " * 5, '"multi\n      line"']
    keys = ["a", "b", "1", "yes", "null", "c", "d", "e"]

    def block(depth: int, indent: int) -> str:
        r = rng.random()
        if depth > 3 or r < 0.45:
            return " " + rng.choice(scalars)
        pad = " " * indent
        if r < 0.75:
            return "\n" + "\n".join(f"{pad}{k}:{block(depth + 1, indent + 2)}" for k in rng.sample(keys, rng.randint(1, 3)))
        if r < 0.85:
            return " {" + ", ".join(f"{k}: {rng.choice(scalars[:11])}" for k in rng.sample(keys, rng.randint(0, 3))) + "}"
        return "\n" + "\n".join(f"{pad}-{block(depth + 1, indent + 2)}" for _ in range(rng.randint(1, 3)))

    compared = 0
    for _ in range(1500):
        cards = ["  - " + "\n".join(f"    {k}:{block(0, 6)}" for k in rng.sample(keys, rng.randint(1, 4))).lstrip()
                 for _ in range(rng.randint(1, 4))]
        text = "cards:\n" + "\n".join(cards) + "\n"
        items = _items(text)
        if items is None:
            continue
        compared += 1
        assert [marked(i) for i in items] == [marked(i) for i in yamlio.load_yaml_text(text, "c.yaml")["cards"]], text
    assert compared > 200
