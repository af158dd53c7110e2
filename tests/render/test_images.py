"""Pictures on cards, checked on rasterised pixels and in the PDF's structure: each fit mode, the
focus point, rounded clipping, opacity, SVG kept as vectors, one XObject per distinct picture,
JPEG pass-through, the downsampling cache, and the errors and warnings a designer gets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageDraw
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.render import images
from pnpgen.render.build import build_game
from pnpgen.render.raster import cards_pdf, rasterise
from pnpgen.spec import load_game
from pnpgen.validate import validate_game

RED, BLUE, GREEN, YELLOW, WHITE = (255, 0, 0), (0, 0, 255), (0, 160, 0), (255, 255, 0), (255, 255, 255)
PNPGEN = str(Path(sys.executable).parent / "pnpgen")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPGEN_CACHE", str(tmp_path / "cache"))


def quadrants(path: Path, size=(200, 200), fmt=None, alpha=False) -> Path:
    """A picture with four coloured quadrants: red | blue over green | yellow."""
    w, h = size
    im = Image.new("RGBA" if alpha else "RGB", size, WHITE)
    d = ImageDraw.Draw(im)
    for (x, y), colour in {(0, 0): RED, (1, 0): BLUE, (0, 1): GREEN, (1, 1): YELLOW}.items():
        d.rectangle((x * w // 2, y * h // 2, (x + 1) * w // 2 - 1, (y + 1) * h // 2 - 1), fill=colour)
    path.parent.mkdir(parents=True, exist_ok=True)
    im.save(path, fmt, **({"quality": 95} if (fmt or path.suffix[1:]).upper() in ("JPEG", "JPG") else {}))
    return path


def make_game(root: Path, shape: str, cards: str, size: str = "80mm x 40mm") -> Path:
    """A standalone game whose one card type draws a white card with ``shape`` over it."""
    (root / "cards").mkdir(parents=True, exist_ok=True)
    (root / "templates").mkdir(exist_ok=True)
    (root / "game.yaml").write_text(
        "id: pics\nname: Pictures\nplayers: {min: 1, max: 2}\nsource: {document: none.txt}\n"
        f"card_types:\n  pic:\n    name: Pic\n    size: {size}\n    fields:\n      art: {{type: image}}\n")
    (root / "cards" / "pics.yaml").write_text("cards:\n" + cards)
    (root / "templates" / "pic.yaml").write_text(
        "background:\n  - {kind: rect, x: 0, y: 0, w: '100%', h: '100%', fill: '#ffffff'}\n"
        f"  - {shape}\n")
    return root


def card_image(root: Path, px=(800, 400)) -> Image.Image:
    game = load_game(root)
    pdf, _ = cards_pdf(game, "pic", list(game.cards), 0.0)
    return next(rasterise(pdf, *px))


def near(pixel, colour, tol=40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(pixel, colour))


def at(im: Image.Image, fx: float, fy: float):
    return im.getpixel((int(fx * (im.width - 1)), int(fy * (im.height - 1))))


ONE = "  - {id: a, name: A, type: pic, copies: 1, art: art/q.png}\n"


@pytest.mark.parametrize("fit,focus,expected", [
    # 1:1 picture in a 2:1 box.
    ("stretch", None, {(0.25, 0.25): RED, (0.75, 0.25): BLUE, (0.25, 0.75): GREEN, (0.75, 0.75): YELLOW,
                       (0.02, 0.5): None}),
    # contain: a centred 40 mm square, white bars left and right.
    ("contain", None, {(0.1, 0.5): WHITE, (0.9, 0.5): WHITE, (0.35, 0.25): RED, (0.65, 0.75): YELLOW}),
    # cover, focus at the top: only the top half of the picture shows.
    ("cover", [0.5, 0.0], {(0.25, 0.25): RED, (0.25, 0.75): RED, (0.75, 0.75): BLUE}),
    # cover, focus at the bottom: only the bottom half shows.
    ("cover", [0.5, 1.0], {(0.25, 0.25): GREEN, (0.75, 0.25): YELLOW}),
    # cover, centred: the quadrant boundary sits on the card's middle.
    ("cover", None, {(0.25, 0.3): RED, (0.25, 0.7): GREEN, (0.75, 0.3): BLUE}),
    # none: natural size at 300 dpi (200 px = 16.9 mm), centred; white around it.
    ("none", None, {(0.25, 0.5): WHITE, (0.45, 0.35): RED, (0.55, 0.65): YELLOW, (0.5, 0.05): WHITE}),
])
def test_fit_modes_on_pixels(tmp_path, fit, focus, expected):
    quadrants(tmp_path / "art" / "q.png")
    extra = f", focus: {focus}" if focus else ""
    root = make_game(tmp_path, f"{{kind: image, src: '{{{{ card.art }}}}', x: 0, y: 0, w: '100%', h: '100%', fit: {fit}{extra}}}", ONE)
    im = card_image(root)
    for (fx, fy), colour in expected.items():
        pixel = at(im, fx, fy)
        if colour is None:
            assert not near(pixel, WHITE), (fx, fy, pixel)
        else:
            assert near(pixel, colour), (fit, fx, fy, pixel, colour)


def test_rounded_clip_leaves_corners_unpainted_and_opacity_blends(tmp_path):
    quadrants(tmp_path / "art" / "q.png")
    root = make_game(tmp_path, "{kind: image, src: art/q.png, x: 0, y: 0, w: '100%', h: '100%', fit: stretch, r: 8, opacity: 0.5}", ONE)
    im = card_image(root)
    assert near(im.getpixel((2, 2)), WHITE, 10)              # outside the rounded corner
    assert near(at(im, 0.25, 0.25), (255, 128, 128), 30)     # red at half opacity over white
    assert near(at(im, 0.75, 0.75), (255, 255, 128), 30)


def test_png_alpha_is_kept(tmp_path):
    art = tmp_path / "art" / "q.png"
    im = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse((25, 25, 75, 75), fill=(0, 0, 255, 255))
    art.parent.mkdir(parents=True)
    im.save(art)
    root = make_game(tmp_path, "{kind: image, src: art/q.png, x: 0, y: 0, w: '100%', h: '100%', fit: contain}", ONE)
    out = card_image(root)
    assert near(at(out, 0.5, 0.5), BLUE) and near(at(out, 0.38, 0.1), WHITE, 10)  # transparent corner shows the card


def test_svg_stays_vector(tmp_path):
    art = tmp_path / "art" / "shape.svg"
    art.parent.mkdir(parents=True)
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
                   '<rect width="100" height="50" fill="#0000ff"/><circle cx="50" cy="25" r="20" fill="#ff0000"/></svg>')
    root = make_game(tmp_path, "{kind: image, src: '{{ card.art }}', x: 0, y: 0, w: '100%', h: '100%', fit: contain}",
                     "  - {id: a, name: A, type: pic, copies: 3, art: art/shape.svg}\n")
    result = build_game(load_game(root), tmp_path / "out")
    pdf_path = next(p for p in result.files if p.suffix == ".pdf")
    with pikepdf.open(pdf_path) as pdf:
        kinds = [str(o.get("/Subtype")) for o in pdf.objects if isinstance(o, pikepdf.Stream)]
        assert "/Image" not in kinds                      # never rasterised
        assert sum(1 for o in pdf.objects if isinstance(o, pikepdf.Stream) and "pnpSvg" in str(o.get("/Name", ""))) <= 1
    im = card_image(root)
    assert near(at(im, 0.5, 0.5), RED) and near(at(im, 0.3, 0.1), BLUE)


def _image_xobjects(pdf: pikepdf.Pdf) -> list:
    smasks = {o.objgen for o in pdf.objects if isinstance(o, pikepdf.Stream) and "/SMask" in o for o in [o.SMask]}
    return [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
            and o.objgen not in smasks]


def test_one_xobject_per_distinct_picture_and_jpeg_pass_through(tmp_path):
    jpg = quadrants(tmp_path / "art" / "a.jpg", (300, 200))
    quadrants(tmp_path / "art" / "b.png", (120, 120))
    cards = ("  - {id: a, name: A, type: pic, copies: 4, art: art/a.jpg}\n"
             "  - {id: b, name: B, type: pic, copies: 3, art: art/b.png}\n"
             "  - {id: c, name: C, type: pic, copies: 2, art: art/a.jpg}\n")
    root = make_game(tmp_path, "{kind: image, src: '{{ card.art }}', x: 0, y: 0, w: '100%', h: '100%', fit: cover}", cards)
    result = build_game(load_game(root), tmp_path / "out")
    pdf_path = next(p for p in result.files if p.suffix == ".pdf")
    with pikepdf.open(pdf_path) as pdf:
        pictures = _image_xobjects(pdf)
        assert len(pictures) == 2                          # 9 copies of 3 cards, 2 distinct pictures
        jpeg = [o for o in pictures if "/DCTDecode" in [str(f) for f in pikepdf.Array(o.get("/Filter"))]]
        assert len(jpeg) == 1 and jpeg[0].read_raw_bytes() == jpg.read_bytes()  # byte for byte


def test_large_pictures_are_downsampled_once_and_the_cache_is_reused(tmp_path):
    quadrants(tmp_path / "art" / "big.jpg", (4000, 2000))
    root = make_game(tmp_path, "{kind: image, src: art/big.jpg, x: 0, y: 0, w: '100%', h: '100%', fit: stretch}", ONE)
    game = load_game(root)
    build_game(game, tmp_path / "out", dpi=150)
    with pikepdf.open(tmp_path / "out" / "pics" / "pics-a4.pdf") as pdf:
        (pic,) = _image_xobjects(pdf)
        # 80 mm at 150 dpi = 473 px: kept at the print resolution, not 4000 px.
        assert 470 <= int(pic.Width) <= 480
    cached = list((tmp_path / "cache" / "images").glob("*.jpg"))
    assert len(cached) == 1
    # Replace the cached file by a visibly different picture of the same size: a rebuild uses it.
    with Image.open(cached[0]) as old:
        size = old.size
    Image.new("RGB", size, (0, 200, 200)).save(cached[0], "JPEG")
    build_game(load_game(root), tmp_path / "out2", dpi=150)
    with pikepdf.open(tmp_path / "out2" / "pics" / "pics-a4.pdf") as pdf:
        (pic,) = _image_xobjects(pdf)
        assert pic.read_raw_bytes() == cached[0].read_bytes()


def _run(*args, cwd: Path, env_cache: Path):
    env = {**os.environ, "PNPGEN_CACHE": str(env_cache)}
    return subprocess.run([PNPGEN, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120)


def test_missing_picture_is_one_line_naming_file_line_card_and_field(tmp_path, monkeypatch):
    cards = "  - {id: a, name: A, type: pic, copies: 1}\n  - {id: b, name: B, type: pic, copies: 1, art: art/nope.png}\n"
    root = make_game(tmp_path / "g", "{kind: image, src: '{{ card.art }}', x: 0, y: 0, w: 10, h: 10}", cards)
    run = _run("build", str(root), "--out", str(tmp_path / "out"), cwd=tmp_path, env_cache=tmp_path / "c")
    assert run.returncode == 2
    lines = (run.stdout + run.stderr).strip().splitlines()
    assert len(lines) == 1, lines
    assert "g/cards/pics.yaml:3" in lines[0] and "card 'b'" in lines[0] and "art/nope.png" in lines[0]
    # validate's finding: in this process (the installed command's exit and one line are the build's above)
    monkeypatch.chdir(tmp_path)
    run = CliRunner().invoke(app, ["validate", str(root)])
    assert run.exit_code == 1 and "IMG001" in run.stdout and "cards/pics.yaml:3 b art" in run.stdout


def test_a_picture_linking_outside_the_folder_is_refused(tmp_path):
    secret = quadrants(tmp_path / "secret.png")
    root = make_game(tmp_path / "g", "{kind: image, src: '{{ card.art }}', x: 0, y: 0, w: 10, h: 10}",
                     "  - {id: a, name: A, type: pic, copies: 1, art: art/q.png}\n")
    (root / "art").mkdir()
    (root / "art" / "q.png").symlink_to(secret)
    findings = validate_game(load_game(root)).findings
    assert any(f.code == "IMG001" and "lies outside" in f.message for f in findings)


def test_low_resolution_and_unreached_bleed_are_warnings(tmp_path):
    # 100 px over the 40 mm box grown by the 3 mm bleed on each side (46 mm): 55 dpi.
    quadrants(tmp_path / "art" / "q.png", (100, 100))
    root = make_game(tmp_path, "{kind: image, src: art/q.png, x: 0, y: 0, w: '100%', h: '100%', fit: contain, bleed: true}", ONE)
    findings = validate_game(load_game(root)).findings
    low = [f for f in findings if f.code == "IMG002"]
    assert low and " 55 dpi" in low[0].message
    assert any(f.code == "IMG003" and "fit: contain" in f.message for f in findings)


def test_png_export_shows_the_same_picture(tmp_path):
    quadrants(tmp_path / "art" / "q.png", (800, 800))
    root = make_game(tmp_path, "{kind: image, src: art/q.png, x: 0, y: 0, w: '100%', h: '100%', fit: stretch, bleed: true}", ONE,
                     size="poker")
    result = build_game(load_game(root), tmp_path / "out", png="gamecrafter")
    png = next(p for p in result.files if p.suffix == ".png" and "back" not in p.name)
    with Image.open(png) as im:
        im = im.convert("RGB")
        assert near(at(im, 0.25, 0.25), RED) and near(at(im, 0.75, 0.75), YELLOW)
        assert near(at(im, 0.01, 0.01), RED)  # the bleed is covered too


def test_print_dpi_is_bounded():
    with pytest.raises(Exception, match="--dpi"):
        images.set_print_dpi(10)
    images.set_print_dpi(images.DEFAULT_DPI)


def test_webp_pictures_are_drawn(tmp_path):
    quadrants(tmp_path / "art" / "q.webp", (200, 200), fmt="WEBP")
    root = make_game(tmp_path, "{kind: image, src: art/q.webp, x: 0, y: 0, w: '100%', h: '100%', fit: stretch}", ONE)
    im = card_image(root)
    assert near(at(im, 0.25, 0.25), RED) and near(at(im, 0.75, 0.75), YELLOW)
