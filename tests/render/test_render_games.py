"""Acceptance tests of the printable kits of every bundled game, built from the committed specs.

Each game is built three times per session (default A4 / long edge / 3 mm bleed twice, and once
with 2 mm bleed and short-edge duplex); only Zombicide: Invader also writes PNGs, to keep the
suite fast. Every PDF must pass pikepdf's syntax check with all fonts embedded; every card page
must carry TrimBox = the cards' trims and BleedBox = trims + bleed, each card cell must be the
card's trim size, backs must mirror fronts, rebuilds must be byte-identical, and a rendered card
of each type must not be blank.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import ImageStat

from pdfcheck import Box, Placement, box, card_placements, check_pdf, inside, union
from pnpgen.layout.deck import plan_deck
from pnpgen.layout.paper import paper_size
from pnpgen.render.build import build_game
from pnpgen.render.face import back_variant
from pnpgen.render.oddscard import odds_card_size
from pnpgen.spec import load_game
from pnpgen.template.loader import variant_slug
from pnpgen.units import mm

SPECS = Path(__file__).parents[2] / "cardspecs"
GAMES = ("xenoshyft", "zombicide-invader", "derelict", "doom")
PNG_GAME = "zombicide-invader"
# name -> (bleed mm, duplex); "again" repeats "default" for the byte-identity check.
VARIANTS = {"default": (3.0, "long"), "again": (3.0, "long"), "bleed2-short": (2.0, "short")}
# Files each game must produce (it may produce more, e.g. token sheets).
MUST = {
    "xenoshyft": {"xenoshyft-a4.pdf", "xenoshyft-reference-a4.pdf"},
    "zombicide-invader": {"zombicide-invader-a4.pdf", "zombicide-invader-reference-a4.pdf",
                          "zombicide-invader-odds-a4.pdf"},
    "derelict": {"derelict-reference-a4.pdf", "derelict-odds-a4.pdf"},
    "doom": {"doom-reference-a4.pdf"},
}
TOL = 0.1  # pt: the acceptance tolerance for card cells


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    """{(variant, game): (Game, BuildResult)}, each built once per session."""
    games = {g: load_game(SPECS / g) for g in GAMES}
    out = {}
    for variant, (bleed, duplex) in VARIANTS.items():
        root = tmp_path_factory.mktemp(variant)
        for g, game in games.items():
            png = "gamecrafter" if g == PNG_GAME and variant != "bleed2-short" else False
            out[variant, g] = (game, build_game(game, root, bleed_mm=bleed, duplex=duplex, png=png))
    return out


def pdfs(result) -> list[Path]:
    return sorted(p for p in result.files if p.suffix == ".pdf")


def card_pdfs(result) -> list[Path]:
    """Card sheets: the decks and the odds cards (not tokens, boards or reference sheets)."""
    return [p for p in pdfs(result) if not any(k in p.name for k in ("-tokens-", "-boards-", "-reference-"))]


def card_size(game, p: Placement) -> tuple[float, float]:
    """The trim size the card in placement ``p`` must have, from the spec (or the odds template)."""
    if p.card.startswith("odds"):
        return odds_card_size(game)
    type_id = game.card(p.card).type if p.kind == "face" else p.card_type
    size = game.card_types[type_id].size
    return size.width, size.height


def trim_of(p: Placement, bleed: float) -> Box:
    return (p.x0 + bleed, p.y0 + bleed, p.x1 - bleed, p.y1 - bleed)


@pytest.mark.parametrize("game_id", GAMES)
def test_expected_files(kits, game_id):
    _, result = kits["default", game_id]
    names = {p.name for p in result.files}
    assert MUST[game_id] <= names
    assert result.overflows == [], [str(o) for o in result.overflows]


@pytest.mark.parametrize("variant", ["default", "bleed2-short"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_pdf_is_sound(kits, variant, game_id):
    _, result = kits[variant, game_id]
    assert pdfs(result)
    for path in pdfs(result):
        check_pdf(path)  # syntax, embedded fonts (in forms too), Trim ⊆ Bleed ⊆ Media


@pytest.mark.parametrize("variant", ["default", "bleed2-short"])
@pytest.mark.parametrize("game_id", GAMES)
def test_card_pages_boxes_and_cells(kits, variant, game_id):
    """Each card is its trim size, sits in a cell of the layout plan, and the page's TrimBox and
    BleedBox are the plan's: the whole grid's trims, and those plus the bleed (clamped to the
    sheet). A last, partly filled sheet keeps the full grid's boxes."""
    game, result = kits[variant, game_id]
    bleed_mm, duplex = VARIANTS[variant]
    bleed = mm(bleed_mm)
    for path in card_pdfs(result):
        pdf = pikepdf.open(path)
        for n, page in enumerate(pdf.pages, 1):
            where = f"{path.name} page {n}"
            cards = card_placements(page)
            assert cards, where
            sizes = {card_size(game, p) for p in cards}
            assert len(sizes) == 1, where  # one card size per sheet
            w, h = sizes.pop()
            trims = [trim_of(p, bleed) for p in cards]
            for p, t in zip(cards, trims):
                assert t[2] - t[0] == pytest.approx(w, abs=TOL), f"{where}: {p.name}"
                assert t[3] - t[1] == pytest.approx(h, abs=TOL), f"{where}: {p.name}"
            plan = plan_deck(paper_size("a4"), w, h, bleed, duplex=duplex)
            side = plan.front if cards[0].kind == "face" else plan.back
            cells = side.faces if cards[0].kind == "face" else side.backs
            for t in trims:
                assert any(t == pytest.approx(c.trim.box(), abs=TOL) for c in cells), f"{where}: {t} is no cell"
            media, trim_box, bleed_box = box(page), box(page, "/TrimBox"), box(page, "/BleedBox")
            assert trim_box == pytest.approx(side.trim_box.box(), abs=0.01), where
            assert inside(union(trims), trim_box), where
            outset = (max(media[0], trim_box[0] - bleed), max(media[1], trim_box[1] - bleed),
                      min(media[2], trim_box[2] + bleed), min(media[3], trim_box[3] + bleed))
            assert bleed_box == pytest.approx(outset, abs=0.01), where


@pytest.mark.parametrize("variant", ["default", "bleed2-short"])
@pytest.mark.parametrize("game_id", GAMES)
def test_backs_mirror_fronts(kits, variant, game_id):
    game, result = kits[variant, game_id]
    duplex = VARIANTS[variant][1]
    for path in card_pdfs(result):
        pdf = pikepdf.open(path)  # keep it open: pages are views into it
        pages = list(pdf.pages)
        assert len(pages) % 2 == 0, path.name  # duplex: every fronts page has its backs page
        for n in range(0, len(pages), 2):
            fronts, backs = card_placements(pages[n]), card_placements(pages[n + 1])
            assert {p.kind for p in fronts} == {"face"} and {p.kind for p in backs} == {"back"}
            assert len(fronts) == len(backs), f"{path.name} sheet {n // 2 + 1}"
            width, height = box(pages[n])[2:]
            for f, b in zip(fronts, backs):
                if not f.card.startswith("odds"):
                    card = game.card(f.card)
                    assert b.card_type == card.type  # the back of that card's type...
                    assert b.variant in ("", variant_slug(card.get("back") or ""))  # ...or its own
                if duplex == "long":
                    assert (b.x0, b.y0) == pytest.approx((width - f.x1, f.y0), abs=0.01)
                else:
                    assert (b.x0, b.y0) == pytest.approx((f.x0, height - f.y1), abs=0.01)


@pytest.mark.parametrize("game_id", GAMES)
def test_rebuild_is_byte_identical(kits, game_id):
    _, first = kits["default", game_id]
    _, second = kits["again", game_id]
    rel = lambda r: {p.relative_to(r.out_dir): p for p in r.files}  # noqa: E731
    a, b = rel(first), rel(second)
    assert sorted(a) == sorted(b)
    for name in a:
        assert a[name].read_bytes() == b[name].read_bytes(), name
    if game_id == PNG_GAME:
        assert any(p.suffix == ".png" for p in a.values())


def _key(game, p: Placement) -> str:
    """'face:<type>', 'back:<type>', 'back:<type>.<variant>' (a card's own back) or the odds side."""
    return f"{p.kind}:{p.card if p.card.startswith('odds') or p.kind == 'back' else game.card(p.card).type}"


def _first_pages_per_type(game, path: Path) -> dict[str, int]:
    """Card type, back variant (or odds card side) -> index of the first page showing it."""
    found: dict[str, int] = {}
    pdf = pikepdf.open(path)
    for i, page in enumerate(pdf.pages):
        for p in card_placements(page):
            found.setdefault(_key(game, p), i)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_a_card_of_every_type_is_not_blank(kits, game_id):
    """Render the first page of each card type (front and back, and each back variant) and look
    at one card's trim."""
    game, result = kits["default", game_id]
    bleed = mm(VARIANTS["default"][0])
    scale = 60 / 72
    seen = 0
    for path in card_pdfs(result):
        doc = pdfium.PdfDocument(str(path))
        pdf = pikepdf.open(path)
        for key, index in _first_pages_per_type(game, path).items():
            page = pdf.pages[index]
            p = next(c for c in card_placements(page) if _key(game, c) == key)
            height = box(page)[3]
            image = doc[index].render(scale=scale).to_pil().convert("L")
            x0, y0, x1, y1 = trim_of(p, bleed)
            card = image.crop((int(x0 * scale), int((height - y1) * scale), int(x1 * scale), int((height - y0) * scale)))
            assert ImageStat.Stat(card).stddev[0] > 12, f"{path.name} {key}: card area looks blank"
            seen += 1
        doc.close()
    types_with_cards = {c.type for c in game.cards if c.copies > 0 and game.card_types[c.type].size}
    expected_odds = 2 if any("-odds-" in p.name for p in card_pdfs(result)) else 0
    own_backs = {(c.type, back_variant(game, c)) for c in game.cards if c.copies > 0 and back_variant(game, c)}
    assert seen == 2 * len(types_with_cards) + expected_odds + len(own_backs)


def test_zombicide_pngs_are_card_sized(kits):
    _, result = kits["default", PNG_GAME]
    from PIL import Image

    pngs = [p for p in result.files if p.suffix == ".png"]
    assert pngs
    sizes = {Image.open(p).size for p in pngs}
    assert len(sizes) == 1  # every equipment card (and its backs) at one size


# Cards with a back of their own in Zombicide: Invader, from their `back` field: starting
# equipment is grey (rulebook lines 366-367), prototypes red (line 388).
OWN_BACKS = {"cattle-prod-starting": "grey", "smg-starting": "grey",
             "prototype-assault-shotgun": "red", "prototype-heavy-shotgun": "red",
             "prototype-light-machine-gun": "red", "prototype-sniper-rifle": "red"}


def _saturation(rgb) -> int:
    return max(rgb) - min(rgb)


@pytest.mark.parametrize("variant", ["default", "bleed2-short"])
def test_zombicide_starting_equipment_gets_the_grey_back(kits, variant):
    """The slot mirroring each starting-equipment card places the grey back form, and its pixels
    are grey; every other equipment card's slot gets the (blue) Equipment back or its own."""
    game, result = kits[variant, PNG_GAME]
    bleed = mm(VARIANTS[variant][0])
    path = next(p for p in card_pdfs(result) if p.name == f"{PNG_GAME}-a4.pdf")
    pdf = pikepdf.open(path)
    doc = pdfium.PdfDocument(str(path))
    scale = 2.0
    grey_slots = 0
    for n in range(0, len(pdf.pages), 2):
        fronts, backs = card_placements(pdf.pages[n]), card_placements(pdf.pages[n + 1])
        image = doc[n + 1].render(scale=scale).to_pil().convert("RGB")
        height = box(pdf.pages[n + 1])[3]
        for f, b in zip(fronts, backs):  # slot by slot (positions: test_backs_mirror_fronts)
            own = OWN_BACKS.get(f.card, "")
            assert b.card == ("equipment." + own if own else "equipment"), f"{f.card} on sheet {n // 2 + 1}"
            # 1 mm inside the back's trim corner: the back's background colour.
            x0, _, _, y1 = trim_of(b, bleed)
            rgb = image.getpixel((int((x0 + mm(1)) * scale), int((height - y1 + mm(1)) * scale)))
            if own == "grey":
                grey_slots += 1
                assert _saturation(rgb) < 30 and 90 < sum(rgb) / 3 < 170, (f.card, rgb)
            elif not own:
                assert rgb[2] > rgb[0] + 60, (f.card, rgb)  # the Equipment deck's blue
    doc.close()
    starting = sum(game.card(c).copies for c, v in OWN_BACKS.items() if v == "grey")
    assert grey_slots == starting == 6  # 4 Cattle Prods and 2 SMGs (line 366)
