"""The designer's loop, end to end with real renders: `pnpgen new`, validate, build, proof and
watch on a scaffolded expansion; template overrides; cards that shadow base cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.effects.parser import parse_ability
from pnpgen.preview.watch import Previewer
from pnpgen.scaffold import new_expansion
from pnpgen.spec import SpecError, load_game
from pnpgen.spec.games import find_game_dir

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def exp(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("designer") / "myexp"
    result = run("new", str(folder), "--game", "xenoshyft")
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.parametrize("game", ["xenoshyft", "zombicide-invader", "derelict", "doom"])
def test_scaffold_loads_validates_and_parses_for_every_game(tmp_path: Path, game: str):
    made = new_expansion(tmp_path / "e", game)
    loaded = load_game(made.directory)
    base = load_game(game)
    assert {c.type for c in loaded.own_cards()} == set(base.card_types)
    from pnpgen.validate import validate_game

    result = validate_game(loaded, with_fit=True)
    assert result.findings == (), result.format_text()
    for card in loaded.own_cards():
        if card.get("ability"):
            parsed = parse_ability(card["ability"])
            assert parsed.effects and not parsed.unparsed, card.id
    readme = (made.directory / "README.md").read_text()
    for ctype in base.card_types.values():
        for name in ctype.fields:
            assert f"`{name}`" in readme


def test_new_writes_the_files_and_refuses_a_non_empty_folder(exp: Path):
    assert (exp / "pnpgen.yaml").read_text().startswith("# An expansion")
    assert sorted(p.name for p in (exp / "cards").iterdir()) == ["enemy.yaml", "item.yaml", "troop.yaml", "xenosathem.yaml"]
    assert (exp / "templates" / "README.md").is_file()
    again = run("new", str(exp), "--game", "xenoshyft")
    assert again.exit_code == 2
    assert again.output.count("\n") == 1 and "not empty" in again.output


def test_new_with_an_unknown_game_is_one_line(tmp_path: Path):
    result = run("new", str(tmp_path / "x"), "--game", "xenoshift")
    assert result.exit_code == 2 and result.output.startswith("error:") and result.output.count("\n") == 1


def test_validate_reports_only_the_expansions_cards(exp: Path):
    clean = run("validate", str(exp))
    assert clean.exit_code == 0 and clean.output.strip() == "myexp: 0 errors, 0 warnings, 0 notes"
    troop = exp / "cards" / "troop.yaml"
    original = troop.read_text()
    try:
        troop.write_text(original.replace("cost: 4", "cost: 1").replace("power: 3", "power: 15").replace("hp: 4", "hp: 15")
                         .replace("RESOURCES.", "RESOURCES.."))
        result = run("validate", str(exp))
        lines = result.output.strip().splitlines()
        assert any("BAL001" in ln for ln in lines) and any("TEXT001" in ln for ln in lines)
        assert all("myexp:my-troop" in ln for ln in lines[:-1]), result.output  # no base-game findings
    finally:
        troop.write_text(original)


def test_build_renders_only_the_expansion_cards(exp: Path, tmp_path: Path):
    result = run("build", str(exp), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "myexp" / "myexp-a4.pdf"
    assert pdf.is_file() and not (tmp_path / "xenoshyft").exists()
    import pypdfium2 as pdfium

    # Four card types of one size, one card each: they share one sheet (fronts page + backs page).
    assert len(pdfium.PdfDocument(pdf)) == 2
    import pikepdf
    from pdfcheck import card_placements

    with pikepdf.open(pdf) as doc:
        width = float(doc.pages[0].MediaBox[2])
        fronts, backs = card_placements(doc.pages[0]), card_placements(doc.pages[1])
        assert [f.card.split(":")[1] for f in fronts] == ["my-troop", "my-enemy", "my-item", "my-xenosathem"]
        # Each slot's back is the back of that card's own type, mirrored for a long-edge flip.
        assert [b.card_type for b in backs] == ["troop", "enemy", "item", "xenosathem"]
        for f, b in zip(fronts, backs):
            assert (b.x0, b.y0) == pytest.approx((width - f.x0 - f.w, f.y0), abs=0.01)
    apart = run("build", str(exp), "--out", str(tmp_path / "apart"), "--sheet-per-type")
    assert apart.exit_code == 0, apart.output
    assert len(pdfium.PdfDocument(tmp_path / "apart" / "myexp" / "myexp-a4.pdf")) == 8


def test_shadowing_a_base_card_is_an_error_unless_it_replaces_it(tmp_path: Path):
    made = new_expansion(tmp_path / "e", "xenoshyft")
    troop = made.directory / "cards" / "troop.yaml"
    troop.write_text(troop.read_text().replace("name: My Troop", "name: Ranger"))
    result = run("validate", str(made.directory))
    assert result.exit_code == 2 and "shadows base card" in result.output and result.output.count("\n") == 1
    build = run("build", str(made.directory), "--out", str(tmp_path / "out"))
    assert build.exit_code == 2 and "shadows base card" in build.output
    troop.write_text(troop.read_text().replace("    copies: 1\n", "    copies: 1\n    replaces: ranger\n", 1))
    assert run("validate", str(made.directory)).exit_code == 0
    game = load_game(made.directory)
    assert "ranger" not in {c.id for c in game.cards} and "e:my-troop" in {c.id for c in game.cards}


def test_template_override_is_searched_before_the_base(tmp_path: Path):
    from pnpgen.template import TemplateLibrary

    overlay = tmp_path / "templates"
    overlay.mkdir()
    (overlay / "troop.yaml").write_text('extends: xenoshyft/troop\nvars: {family: "#112233"}\n')
    (overlay / "_palette.yaml").write_text('palette: {armory: "#444444"}\n')
    lib = TemplateLibrary(search_path=(overlay,))
    troop = lib.load("xenoshyft", "troop")
    assert {name: src for name, src, _where in troop.vars}["family"] == "#112233"
    item = lib.load("xenoshyft", "item")  # not overridden: the base design, with the merged palette
    assert item.name == "xenoshyft/item"
    assert item.palette["armory"] != TemplateLibrary().load("xenoshyft", "item").palette["armory"]
    assert item.palette["ink"] == TemplateLibrary().load("xenoshyft", "item").palette["ink"]


def test_watch_once_and_proof_write_pngs(exp: Path, tmp_path: Path):
    once = run("watch", str(exp), "--once", "--out", str(tmp_path))
    assert once.exit_code == 0, once.output
    assert "4 of 4 cards redrawn" in once.output
    assert (tmp_path / "myexp" / "preview.png").is_file() and (tmp_path / "myexp" / "myexp-a4.pdf").is_file()
    proof = run("proof", str(exp), "--out", str(tmp_path))
    assert proof.exit_code == 0 and (tmp_path / "myexp" / "proof-1.png").is_file()
    from PIL import Image

    assert Image.open(tmp_path / "myexp" / "proof-1.png").size[0] > 4 * 160


def test_a_save_redraws_only_the_changed_card_and_a_broken_save_keeps_the_output(tmp_path: Path):
    made = new_expansion(tmp_path / "e", "xenoshyft")
    out = tmp_path / "out"
    previewer = Previewer(made.directory, out)
    first = previewer.handle(None)
    assert first.ok and sorted(first.rendered) == ["e:my-enemy", "e:my-item", "e:my-troop", "e:my-xenosathem"]
    preview = out / "e" / "preview.png"
    before = preview.read_bytes()

    troop = made.directory / "cards" / "troop.yaml"
    troop.write_text(troop.read_text().replace("(W)+2 RESOURCES", "(W)+3 RESOURCES"))
    second = previewer.handle([troop])
    assert second.ok and second.rendered == ["e:my-troop"]
    changed = preview.read_bytes()
    assert changed != before

    troop.write_text(troop.read_text().replace("cost: 4", "cost: four"))
    broken = previewer.handle([troop])
    assert not broken.ok and "troop.yaml" in broken.error and "\n" not in broken.error
    assert broken.lines()[0].endswith("keeping the last good output")
    assert preview.read_bytes() == changed

    template = made.directory / "templates" / "troop.yaml"
    template.write_text('extends: xenoshyft/troop\nvars: {family: "#b03a2e"}\n')
    troop.write_text(troop.read_text().replace("cost: four", "cost: 4"))
    third = previewer.handle([template, troop])
    assert third.ok and "e:my-troop" in third.rendered and preview.read_bytes() != changed


def test_watcher_ignores_output_and_non_yaml(tmp_path: Path):
    made = new_expansion(tmp_path / "e", "xenoshyft")
    previewer = Previewer(made.directory, made.directory / "output")
    assert previewer.relevant(made.directory / "cards" / "troop.yaml")
    assert not previewer.relevant(made.directory / "README.md")
    assert not previewer.relevant(made.directory / "output" / "e" / "x.yaml")
    assert find_game_dir(made.directory) in previewer.watched_paths()


def test_watcher_never_follows_links_out_of_the_folder(tmp_path: Path):
    """A downloaded folder with a link to /usr must not make `watch` set watches all over /usr."""
    made = new_expansion(tmp_path / "e", "xenoshyft")
    (made.directory / "art").mkdir()
    (made.directory / "usr").symlink_to("/usr")
    (made.directory / "art" / "also-usr").symlink_to("/usr/share")
    watched = Previewer(made.directory, made.directory / "output").watched_paths()
    inside = [p for p in watched if p.resolve().is_relative_to(made.directory.resolve())]
    assert made.directory / "art" in watched and made.directory / "cards" in watched
    assert all(not p.is_symlink() for p in watched)
    assert len(inside) == 4  # the folder, art/, cards/, templates/
    assert all(p.resolve().is_relative_to(made.directory.resolve()) or "templates" in p.parts for p in watched)


def test_watcher_reacts_to_art_fonts_and_spreadsheets(tmp_path: Path):
    made = new_expansion(tmp_path / "e", "xenoshyft")
    previewer = Previewer(made.directory, made.directory / "output")
    for name in ("art/a.PNG", "art/b.svg", "fonts/F.otf", "cards/extra.csv", "cards/more.xlsx"):
        assert previewer.relevant(made.directory / name), name


def test_spec_errors_are_spec_errors():
    with pytest.raises(SpecError):
        load_game(Path("/nonexistent/folder"))


def test_effects_on_an_expansion_lists_only_its_cards(tmp_path):
    from typer.testing import CliRunner

    from pnpgen.cli import app

    runner = CliRunner()
    target = tmp_path / "exp"
    assert runner.invoke(app, ["new", str(target), "--game", "xenoshyft"]).exit_code == 0
    result = runner.invoke(app, ["effects", str(target), "--json"])
    assert result.exit_code == 0, result.stderr
    import json

    ids = {c["id"] for c in json.loads(result.stdout)}
    assert ids and all(i.startswith("exp:") for i in ids), ids


def test_an_expansion_adds_a_field_its_template_shows(tmp_path: Path):
    """pnpgen.yaml `fields:` adds a field to a base card type; the expansion's cards carry it and
    its own template prints it (read back from the rendered card)."""
    from pnpgen.render.face import measure_card

    made = new_expansion(tmp_path / "e", "xenoshyft")
    manifest = made.directory / "pnpgen.yaml"
    manifest.write_text(manifest.read_text() + "fields:\n  troop:\n    flavour: {type: text, description: a line of story}\n")
    troop = made.directory / "cards" / "troop.yaml"
    troop.write_text(troop.read_text().replace("    name: My Troop\n", '    name: My Troop\n    flavour: "Born in the mud."\n'))
    (made.directory / "templates" / "troop.yaml").write_text(
        "extends: xenoshyft/troop\nboxes:\n  flavour:\n    x: 6\n    y: 80\n    w: 52\n    h: 5\n"
        "    when: card.flavour is defined\n    text: '{{ card.flavour }}'\n    style: {font: italic, size: 6, min_size: 4}\n")
    game = load_game(made.directory)
    card = game.card("e:my-troop")
    assert card.fields["flavour"] == "Born in the mud."
    assert any(r.box == "flavour" and r.text == "Born in the mud." for r in measure_card(game, card))
    base_troop = next(c for c in game.cards if c.type == "troop" and not c.origin)
    assert "flavour" not in base_troop.fields

    manifest.write_text(manifest.read_text().replace("flavour: {type: text", "cost: {type: text"))
    with pytest.raises(SpecError, match="field 'cost' of 'troop' already exists in xenoshyft"):
        load_game(made.directory)


def test_watch_redraws_a_card_when_its_picture_changes(tmp_path: Path):
    """Saving a new version of a picture redraws the cards that show it (the thumbnail cache keys on
    the game's pictures and fonts, not only on card data and templates)."""
    from PIL import Image

    from pnpgen.scaffold.game import new_game

    made = new_game(tmp_path / "g")
    previewer = Previewer(made.directory, tmp_path / "out")
    first = previewer.handle(None)
    assert first.ok and len(first.rendered) == 2
    art = made.directory / "art" / "example.png"
    Image.new("RGB", (900, 600), (200, 30, 30)).save(art)
    again = previewer.handle([art])
    assert again.ok and sorted(again.rendered) == ["lantern-keeper", "long-night"]
    assert previewer.handle([made.directory / "cards" / "heroes.csv"]).rendered == []


def test_png_export_of_an_expansion_has_portable_file_names(tmp_path: Path):
    """Expansion card ids hold ':' ("e:my-troop"), which Windows file names may not: the PNGs are
    named with '_' instead, one per card."""
    from pnpgen.render.build import build_game

    made = new_expansion(tmp_path / "e", "xenoshyft")
    result = build_game(load_game(made.directory), tmp_path / "out", png="gamecrafter")
    pngs = [p for p in result.files if p.suffix == ".png" and p.name != "back.png"]
    assert pngs and all(":" not in p.name for p in pngs)
    assert {p.name for p in pngs} == {"e_my-troop.png", "e_my-enemy.png", "e_my-item.png", "e_my-xenosathem.png"}
