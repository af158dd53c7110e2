"""Template loading: extends merging, Jinja expressions, unknown values, errors with file:line."""

from __future__ import annotations

import pytest

from facekit import mini_game, write, xeno_game, troop
from pnpgen.spec.model import Card
from pnpgen.template import TemplateError, TemplateLibrary, TextOp, make_context, resolve_face
from pnpgen.template.resolve import ShapeOp
from pnpgen.units import mm

BASE = """
    size: poker
    palette: {band: "#112233", gold: "#f0b429"}
    styles:
      title: {font: title, size: 12, min_size: 7, color: "#ffffff"}
      body: {font: body, size: 9, min_size: 6}
    background:
      - {kind: rect, x: 0, y: 0, w: "100%", h: "100%", fill: band, bleed: true}
    boxes:
      title: {x: 10, y: 3, w: 40, h: 8, text: "{{ card.name }}", style: title}
      cost:
        x: 2
        y: 2
        w: 10
        h: 10
        when: "card.cost is defined"
        shapes:
          - {kind: ellipse, fill: gold}
        text: "{{ card.cost }}"
        style: {base: title, size: 16}
"""


def lib_with(tmp_path, **files):
    for rel, text in files.items():
        write(tmp_path, rel, text)
    return TemplateLibrary(tmp_path)


def resolve(lib, game, card, bleed=0.0):
    t = lib.load(game.id, card.type)
    ct = game.card_types[card.type]
    return resolve_face(t, make_context(game, card, ct, t), ct.size.width, ct.size.height, bleed)


def texts(face):
    return {op.box: op.text for op in face.ops if isinstance(op, TextOp)}


def test_extends_merges_boxes_and_styles_deeply(tmp_path):
    lib = lib_with(
        tmp_path,
        **{
            "demo/_base.yaml": BASE,
            "demo/unit.yaml": """
                extends: _base
                styles:
                  title: {size: 14}
                boxes:
                  cost: {x: 4}
                  text: {x: 5, y: 50, w: 50, h: 30, text: "{{ card.text }}", style: body}
            """,
        },
    )
    t = lib.load("demo", "unit")
    boxes = {b.name: b for b in t.boxes}
    assert list(boxes) == ["title", "cost", "text"]  # base order first, new boxes after
    assert boxes["cost"].x == 4 and boxes["cost"].y == 2 and boxes["cost"].w == 10  # only x changed
    # The style map merged key by key: size overridden, font and min_size inherited.
    assert boxes["title"].style.size == 14
    assert boxes["title"].style.font == "title" and boxes["title"].style.min_size == 7
    assert boxes["cost"].style.size == 16  # inline style with base: built from the base style
    # An inherited key still points at the file that wrote it.
    assert boxes["title"].where.file.endswith("demo/_base.yaml")


def test_null_removes_an_inherited_box(tmp_path):
    lib = lib_with(tmp_path, **{"demo/_base.yaml": BASE, "demo/unit.yaml": "extends: _base\nboxes:\n  cost: null\n"})
    assert [b.name for b in lib.load("demo", "unit").boxes] == ["title"]


def test_jinja_text_conditions_and_unknowns(tmp_path):
    lib = lib_with(
        tmp_path,
        **{
            "demo/_base.yaml": BASE,
            "demo/unit.yaml": """
                extends: _base
                vars:
                  label: "{% if card.cost is known %}COST {{ card.cost }}{% else %}NO COST{% endif %}"
                boxes:
                  label: {x: 0, y: 20, w: 60, h: 6, text: "{{ label }}"}
            """,
        },
    )
    game = mini_game()
    known = Card("a", "Alpha", "unit", 1, {"cost": 3, "text": "x"})
    unknown = Card("b", "Beta", "unit", 1, {"cost": None, "text": "x"})
    absent = Card("c", "Gamma", "unit", 1, {"text": "x"})
    assert texts(resolve(lib, game, known)) == {"label": "COST 3", "title": "Alpha", "cost": "3"}
    # None = unknown: the badge prints '?' so the gap is visible; `is known` is false.
    assert texts(resolve(lib, game, unknown)) == {"label": "NO COST", "title": "Beta", "cost": "?"}
    # A field the card does not have: no badge at all (its shapes are skipped too).
    face = resolve(lib, game, absent)
    assert "cost" not in texts(face)
    assert not any(isinstance(op, ShapeOp) and op.kind == "ellipse" for op in face.ops)
    # A name the source lost (name null) is unknown like any value: '?', never a made-up name.
    unnamed = Card("unnamed-wave2-unit-1", None, "unit", 2, {"cost": None, "text": "x"})
    assert texts(resolve(lib, game, unnamed)) == {"label": "NO COST", "title": "?", "cost": "?"}


def test_empty_text_draws_nothing(tmp_path):
    lib = lib_with(tmp_path, **{"demo/unit.yaml": BASE})
    face = resolve(lib, mini_game(), Card("a", "A", "unit", 1, {"cost": "", "text": ""}))
    assert "cost" not in texts(face)
    assert not any(isinstance(op, ShapeOp) and op.kind == "ellipse" for op in face.ops)


def test_geometry_in_points_and_bleed_background(tmp_path):
    lib = lib_with(tmp_path, **{"demo/unit.yaml": BASE})
    game = mini_game()
    face = resolve(lib, game, Card("a", "A", "unit", 1, {"cost": 1}), bleed=mm(3))
    bg = face.ops[0]
    w, h = game.card_types["unit"].size.width, game.card_types["unit"].size.height
    assert bg.x == pytest.approx(-mm(3)) and bg.w == pytest.approx(w + 2 * mm(3)) and bg.h == pytest.approx(h + 2 * mm(3))
    title = next(op for op in face.ops if isinstance(op, TextOp) and op.box == "title")
    # y measured down from the trim top in the file, up from the bottom in points.
    assert title.x == pytest.approx(mm(10)) and title.y == pytest.approx(h - mm(3) - mm(8))


@pytest.mark.parametrize(
    "snippet, expected",
    [
        ("      title: {x: 10, y: 3, w: 40, h: 8, text: hi, style: {colr: '#fff'}}", "unknown style key 'colr' (did you mean 'color'?)"),
        ("      title: {x: 10, y: 3, w: 40, h: 8, txt: hi}", "box 'title': unknown box key 'txt' (did you mean 'text'?)"),
        ("      title: {x: 10, y: 3, w: 40, h: 8, text: hi, style: titel}", "unknown style 'titel' (did you mean 'title'?)"),
        ("      title: {x: 10, y: 3, w: 40, text: hi}", "missing 'h'"),
        ("      title: {x: 10, y: 3, w: 40, h: 8, text: '{{ card.name '}", "Jinja syntax error"),
        ("      title: {x: 10, y: 3, w: 40, h: 8, shapes: [{kind: circle}]}", "unknown shape kind 'circle'"),
        ("      title: {x: 10, y: 3, w: 40, h: 8, shapes: [{kind: rect, fill: '#12345'}]}", "not a colour"),
        ("      title: {x: 10, y: 3, w: 40, h: 8, text: hi, style: {font: comic}}", "unknown font 'comic'"),
        ("      title: {x: 10, y: 3, w: 40, h: 8, text: hi, style: {size: 6, min_size: 8}}", "need 0 < min_size <= size"),
        ("      title: {x: 1in, y: 3, w: 40, h: 8, text: hi, style: {align: centre}}", "'align' must be one of left, center, right, got 'centre' (did you mean 'center'?)"),
    ],
)
def test_errors_name_file_line_and_key(tmp_path, snippet, expected):
    write(tmp_path, "demo/unit.yaml", "styles:\n  title: {font: title}\nboxes:\n  # a comment line\n" + snippet.replace("      ", "  ", 1) + "\n")
    lib = TemplateLibrary(tmp_path)
    with pytest.raises(TemplateError) as e:
        lib.load("demo", "unit")
    msg = str(e.value)
    assert msg.startswith("templates/demo/unit.yaml:5: ") or msg.startswith(f"{tmp_path.name}/demo/unit.yaml:5: "), msg
    assert expected in msg


def test_error_format_matches_the_documented_example(tmp_path):
    write(tmp_path, "xenoshyft/troop.yaml", "boxes:\n  cost:\n    x: 1\n    y: 1\n    w: 9\n    h: 9\n    style:\n      size: 12\n      colr: '#000'\n")
    with pytest.raises(TemplateError) as e:
        TemplateLibrary(tmp_path).load("xenoshyft", "troop")
    assert str(e.value) == f"{tmp_path.name}/xenoshyft/troop.yaml:9: box 'cost': unknown style key 'colr' (did you mean 'color'?)"


def test_inherited_error_points_at_the_base_file(tmp_path):
    write(tmp_path, "demo/_base.yaml", "boxes:\n  a: {x: 1, y: 1, w: 5, h: 5, shapes: [{kind: rect, fil: '#000'}]}\n")
    write(tmp_path, "demo/unit.yaml", "extends: _base\n")
    with pytest.raises(TemplateError, match=r"demo/_base.yaml:2: box 'a': unknown shape key 'fil' \(did you mean 'fill'\?\)"):
        TemplateLibrary(tmp_path).load("demo", "unit")


def test_extends_missing_and_cycles(tmp_path):
    write(tmp_path, "demo/unit.yaml", "extends: nope\n")
    with pytest.raises(TemplateError, match=r"unit.yaml:1: extends: no template 'nope'"):
        TemplateLibrary(tmp_path).load("demo", "unit")
    write(tmp_path, "demo/unit.yaml", "extends: other\n")
    write(tmp_path, "demo/other.yaml", "extends: unit\n")
    with pytest.raises(TemplateError, match="cycle"):
        TemplateLibrary(tmp_path).load("demo", "unit")


def test_runtime_expression_error_names_the_box(tmp_path):
    write(tmp_path, "demo/unit.yaml", "boxes:\n  a: {x: 1, y: 1, w: 5, h: 5, text: '{{ card.text.nothing() }}'}\n")
    lib = TemplateLibrary(tmp_path)
    with pytest.raises(TemplateError, match=r"unit.yaml:2: box 'a' text"):
        resolve(lib, mini_game(), Card("a", "A", "unit", 1, {"text": "x"}))


def test_back_lookup_order(tmp_path):
    write(tmp_path, "_shared/back.yaml", "boxes:\n  t: {x: 1, y: 1, w: 50, h: 9, text: 'shared {{ card_type.name }}'}\n")
    write(tmp_path, "demo/unit.yaml", "boxes: {}\n")
    lib = TemplateLibrary(tmp_path)
    assert lib.load("demo", "unit", "back").boxes[0].text == "shared {{ card_type.name }}"
    write(tmp_path, "demo/unit.yaml", "palette: {x: '#123456'}\nback:\n  boxes:\n    t: {x: 1, y: 1, w: 50, h: 9, text: section, shapes: [{kind: rect, fill: x}]}\n")
    lib = TemplateLibrary(tmp_path)
    back = lib.load("demo", "unit", "back")
    assert back.boxes[0].text == "section" and "x" in back.palette  # the section inherits the palette
    write(tmp_path, "demo/back-unit.yaml", "boxes:\n  t: {x: 1, y: 1, w: 50, h: 9, text: file}\n")
    assert TemplateLibrary(tmp_path).load("demo", "unit", "back").boxes[0].text == "file"


def test_a_card_back_variant_has_its_own_file_else_the_type_back(tmp_path):
    write(tmp_path, "demo/back-unit.yaml", "boxes:\n  t: {x: 1, y: 1, w: 50, h: 9, text: deck}\n")
    write(tmp_path, "demo/back-unit-supply-room.yaml", "boxes:\n  t: {x: 1, y: 1, w: 50, h: 9, text: own}\n")
    lib = TemplateLibrary(tmp_path)
    assert lib.has_back_variant("demo", "unit", "Supply Room") and not lib.has_back_variant("demo", "unit", "red")
    assert lib.load("demo", "unit", "back", variant="Supply Room").boxes[0].text == "own"
    assert lib.load("demo", "unit", "back", variant="red").boxes[0].text == "deck"  # no file: the type's back
    assert lib.load("demo", "unit", "back").boxes[0].text == "deck"


def test_game_palette_file_is_shared_and_overridable(tmp_path):
    write(tmp_path, "demo/_palette.yaml", "palette: {band: '#ff0000', ink: '#000000'}\n")
    write(tmp_path, "demo/unit.yaml", "palette: {band: '#00ff00'}\nbackground: [{kind: rect, fill: band}, {kind: rect, fill: ink}]\n")
    t = TemplateLibrary(tmp_path).load("demo", "unit")
    assert t.palette["band"] == (0.0, 1.0, 0.0, 1.0) and t.palette["ink"] == (0.0, 0.0, 0.0, 1.0)


def test_every_bundled_game_type_has_front_and_back():
    """The real templates load, and resolve for a sample card of every Xenoshyft type."""
    lib = TemplateLibrary()
    game = xeno_game(
        troop(),
        troop("militia", wave=0, cost=None, purchasable=False),
        Card("brood", "Brood Mother", "enemy", 1, {"wave": 3, "boss": True, "power": 10, "hp": 10, "ability": "REVEAL: X."}),
        Card("armor", "Armor", "item", 1, {"cost": 3, "kind": "equipment", "boost_power": None, "boost_hp": 2, "ability": "Y."}),
        Card("x1", "1 Xenosathem", "xenosathem", 1, {"xenosathem_value": 1, "cost": 0, "ability": "Z."}),
    )
    for card in game.cards:
        face = resolve(lib, game, card)
        assert "title" in texts(face) or "title_boss" in texts(face)
    for type_id in game.card_types:
        assert lib.load("xenoshyft", type_id, "back").boxes
    # Militia (never bought) shows no cost badge; the boss shows the crown.
    assert "cost" not in texts(resolve(lib, game, game.card("militia")))
    assert texts(resolve(lib, game, game.card("brood")))["boss"] == "[boss]"
    for game_id, type_id in [("zombicide-invader", "equipment"), ("derelict", "room"), ("doom", "demon")]:
        lib.load(game_id, type_id)
        lib.load(game_id, type_id, "back")


def test_list_fields_print_as_text_in_the_generic_template(tmp_path):
    """A list field prints as 'fire, water' (the generic template lists every field)."""
    from pnpgen.render.face import measure_card
    from pnpgen.spec import load_game

    (tmp_path / "cards").mkdir()
    (tmp_path / "game.yaml").write_text("id: lists\nname: Lists\nplayers: {min: 1, max: 2}\nsource: {document: x}\n"
                                        "card_types:\n  spell:\n    name: Spell\n    size: poker\n"
                                        "    fields:\n      elements: {type: list}\n")
    (tmp_path / "cards" / "spells.yaml").write_text("cards:\n  - {id: a, name: A, type: spell, copies: 1, elements: [fire, water]}\n")
    game = load_game(tmp_path)
    texts = [r.text for r in measure_card(game, game.cards[0])]
    assert any("Elements:** fire, water" in t for t in texts), texts
    assert not any("[" in t for t in texts)
