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
from pnpgen.spec.model import Card, CardType, Game, Size
from pnpgen.units import PT_PER_IN, mm


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
    # two troops of one copy and two of three (each PNG is a 300-dpi picture: a few cards show it)
    troops = xenoshyft.cards_of("troop")
    chosen = [c for n in (1, 3) for c in [c for c in troops if c.copies == n][:2]]
    assert len(chosen) == 4
    result = build_game(xenoshyft, tmp_path, shop="gamecrafter", only=[c.id for c in chosen])
    folder = Path(result.out_dir)
    rows = list(csv.DictReader((folder / "xenoshyft-copies-selection.csv").open(encoding="utf-8")))
    fronts = [r for r in rows if r["side"] == "front"]
    copies = sum(c.copies for c in chosen)
    assert len(fronts) == len(chosen)
    assert sum(int(r["copies"]) for r in fronts) == copies and all(r["copies_in_file"] == "1" for r in fronts)
    assert sum(int(r["copies"]) for r in rows if r["side"] == "back") == copies
    assert all((folder / r["file"]).is_file() for r in rows)


def sized_game(**sizes: Size) -> Game:
    """A game of one card per type, each type the given size, drawn by the default face."""
    types = {t: CardType(t, t.title(), size, {}) for t, size in sizes.items()}
    cards = tuple(Card(f"{t}-1", f"{t} one", t, 2, {}) for t in sizes)
    return Game("sizes", "Sizes", 1, 2, "", "", (), types, cards, {}, ())


def shop_pngs(game: Game, out: Path, shop: str) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Each card type's front and back picture sizes from a ``--shop`` build, and its warnings."""
    result = build_game(game, out, shop=shop)
    sizes: dict[str, tuple[int, int]] = {}
    for path in (p for p in result.files if p.suffix == ".png"):
        with Image.open(path) as im:
            assert sizes.setdefault(path.parent.name, im.size) == im.size  # a type's front and back alike
    return sizes, result.warnings


def test_game_crafter_mini_and_tarot_cards_are_its_upload_sizes(tmp_path):
    # MiniDeck 600x825 and TarotDeck 900x1500 px (The Game Crafter's API, via templative's componentInfo.js)
    game = sized_game(mini=Size(1.75 * PT_PER_IN, 2.5 * PT_PER_IN, "mini"),
                      tarot=Size(2.75 * PT_PER_IN, 4.75 * PT_PER_IN, "tarot"))
    sizes, warnings = shop_pngs(game, tmp_path, "gamecrafter")
    assert sizes == {"mini": (600, 825), "tarot": (900, 1500)}
    assert not [w for w in warnings if "nearest product" in w]


def dark_box(path: Path) -> tuple[int, int, int, int]:
    """Left, top, right and bottom margins of the default face's dark panel (its bleed is light)."""
    with Image.open(path) as im:
        grey = im.convert("L").point(lambda v: 255 if v < 80 else 0)
        left, top, right, bottom = grey.getbbox()
        return left, top, im.width - right, im.height - bottom


def test_game_crafter_metric_cards_are_its_own_picture_sizes_with_the_trim_centred(tmp_path):
    # EuroSquareDeck 70 mm: 900x900 px, EuroPokerDeck 63x88 mm: 825x1125 px, not trim + 1/8 in at 300 dpi
    game = sized_game(square=Size(mm(70), mm(70), "70mm"), euro=Size(mm(63), mm(88), "63x88mm"))
    sizes, warnings = shop_pngs(game, tmp_path, "gamecrafter")
    assert sizes == {"square": (900, 900), "euro": (825, 1125)}
    assert not [w for w in warnings if "nearest product" in w]
    # The trim is centred on the picture: the panel inside it is as far from each pair of opposite edges.
    left, top, right, bottom = dark_box(tmp_path / "sizes" / "gamecrafter" / "euro" / "euro-1.png")
    assert abs(left - right) <= 1 and abs(top - bottom) <= 1 and left != top  # unequal bleeds, both centred


def test_a_product_picture_smaller_than_its_trim_is_refused():
    with pytest.raises(ValueError, match="product 'odd'.*at least the trim"):
        presets._product("gamecrafter", "odd", {"mm": [70, 70], "px": [800, 900]}, 300)
