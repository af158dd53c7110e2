"""The one registry of output presets (pnpgen/presets/presets.yaml): shops and --png sizes read from
it; shop files on the product's page; copies.csv; DriveThruCards files hold every copy."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from pnpgen import presets
from pnpgen.render import raster
from pnpgen.render.build import build_game
from pnpgen.render.shops import SHOPS, product_page
from pnpgen.spec import load_game
from pnpgen.spec.model import Size
from pnpgen.units import mm


@pytest.fixture(scope="module")
def xenoshyft():
    return load_game("xenoshyft")


def test_png_profiles_and_shops_come_from_one_registry():
    shops = presets.shops()
    assert SHOPS == shops and set(raster.PROFILES) == set(presets.png_names()) == {"gamecrafter", "mpc"}
    for name, profile in raster.PROFILES.items():
        assert profile.bleed == shops[name].bleed_pt and profile.dpi == shops[name].dpi
    assert raster.profile_of(True).name == presets.png_default()
    for shop in shops.values():
        assert shop.output in presets.OUTPUTS and shop.copies in presets.COPIES and shop.products


def test_a_card_is_centred_on_its_products_page():
    mpc = SHOPS["mpc"]
    page = product_page(mpc, Size(mm(70), mm(120), "tarot"))  # sold as tarot 2.75 x 4.75 in
    assert round(page.width / 72 * 300) == 897 and round(page.height / 72 * 300) == 1497
    # The card keeps its size, centred: its trim lies where the product's does, less half the difference.
    assert page.x + page.bleed == pytest.approx(mpc.bleed_pt + (2.75 * 72 - mm(70)) / 2)
    unsold = product_page(mpc, Size(mm(50), mm(50), "50mm"))
    assert (unsold.width, unsold.x) == (mm(50) + 2 * mpc.bleed_pt, 0.0)


def test_mpc_tarot_cards_are_written_at_the_tarot_upload_size(xenoshyft, tmp_path):
    # the smallest type (3 distinct cards): the back's size does not depend on how many fronts there are
    anthem = xenoshyft.card_types["xenosathem"]
    game = replace(xenoshyft, card_types={**xenoshyft.card_types,
                                          "xenosathem": replace(anthem, size=Size(mm(70), mm(120), "tarot"))})
    result = build_game(game, tmp_path, shop="mpc", types=["xenosathem"])
    assert not [w for w in result.warnings if "does not sell" in w]
    with Image.open(next(p for p in result.files if p.name == "back.png")) as im:
        assert im.size == (897, 1497)


def test_drivethrucards_holds_every_copy_and_copies_csv_lists_them(xenoshyft, tmp_path):
    # two items of one copy and two of three: every copy of a few cards shows it as well as a deck
    items = xenoshyft.cards_of("item")
    chosen = [c for n in (1, 3) for c in [c for c in items if c.copies == n][:2]]
    assert len(chosen) == 4
    result = build_game(xenoshyft, tmp_path, shop="drivethrucards", only=[c.id for c in chosen])
    copies = sum(c.copies for c in chosen)
    pdf = next(p for p in result.files if p.suffix == ".pdf")
    with pikepdf.open(pdf) as doc:
        assert len(doc.pages) == 2 * copies
    rows = list(csv.DictReader((pdf.parent / "xenoshyft-copies-selection.csv").open(encoding="utf-8")))
    assert sum(int(r["copies"]) for r in rows) == copies
    assert all(r["copies"] == r["copies_in_file"] for r in rows)


def test_png_shop_writes_each_card_once_and_the_copies_to_order(xenoshyft, tmp_path):
    result = build_game(xenoshyft, tmp_path, shop="gamecrafter", types=["troop"])
    folder = Path(result.out_dir)
    rows = list(csv.DictReader((folder / "xenoshyft-copies-selection.csv").open(encoding="utf-8")))
    fronts = [r for r in rows if r["side"] == "front"]
    copies = sum(max(c.copies, 0) for c in xenoshyft.cards_of("troop"))
    assert len(fronts) == len({c.id for c in xenoshyft.cards_of("troop") if c.copies > 0})
    assert sum(int(r["copies"]) for r in fronts) == copies and all(r["copies_in_file"] == "1" for r in fronts)
    assert sum(int(r["copies"]) for r in rows if r["side"] == "back") == copies
    assert all((folder / r["file"]).is_file() for r in rows)
