"""Hostile pictures (issue #32): decompression bombs in every format and inside SVGs, text-chunk
bombs, truncated files, SVG numbers a PDF cannot hold, SVGs too deep, too large or in UTF-16 with
entities, and a phone photo on its side. Each is ``pnpgen build`` or ``validate`` in a child process
under the hostile harness's CPU and memory limits (harness.py): one error line naming the picture,
the card and, for a limit, the variable that raises it; or, for the photo, the right pixels.

The pictures are made here, small: a bomb is a few hundred KB of zeros or a header that claims more
pixels than its data holds, so nothing large is committed or allocated by the test itself.
"""

from __future__ import annotations

import base64
import io
import re
import signal
import struct
import zlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from harness import RSS_LIMIT_MB, Outcome, run_pnpgen

GAME = (
    "id: pics\nname: Pictures\nplayers: {min: 1, max: 2}\nsource: {document: none.txt}\n"
    "card_types:\n  pic:\n    name: Pic\n    size: 40mm x 60mm\n    fields:\n      art: {type: image}\n"
)
TEMPLATE = ("background:\n  - {kind: rect, x: 0, y: 0, w: '100%', h: '100%', fill: '#ffffff'}\n"
            "  - {kind: image, src: '{{ card.art }}', x: 0, y: 0, w: '100%', h: '100%', fit: stretch}\n")


# -- pictures ----------------------------------------------------------------------------------------
def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def adler32_of_repeats(byte: bytes, length: int) -> int:
    """``zlib.adler32(byte * length)`` without the bytes: after k copies of value v its sums are
    A = 1 + k·v and B = Σ A = n + v·n(n+1)/2 (each mod 65521)."""
    v, n = byte[0], length
    return ((n + v * n * (n + 1) // 2) % 65521) << 16 | (1 + n * v) % 65521


def zlib_of_repeats(byte: bytes, length: int, block: int = 1 << 20) -> bytes:
    """zlib data of ``length`` copies of ``byte``, made without compressing them all: a block
    compressed after a full flush (no history) is the same bytes each time, so it is made once and
    repeated; the checksum is worked out, not computed over the bytes."""
    def raw(data: bytes, mode: int) -> bytes:
        z = zlib.compressobj(9, zlib.DEFLATED, -15)
        return z.compress(data) + z.flush(mode)
    whole, rest = divmod(length, block)
    piece = raw(byte * block, zlib.Z_FULL_FLUSH)
    check = adler32_of_repeats(byte, length)
    return b"\x78\xda" + piece * whole + raw(byte * rest, zlib.Z_FINISH) + struct.pack(">I", check)


@lru_cache(maxsize=None)
def flat_png(width: int, height: int, colour_type: int = 6) -> bytes:
    """A PNG of zeros (each row: filter 0, then zeros): 13,000 x 13,000 RGBA is 657 KB, 676 MB decoded."""
    channels = {0: 1, 2: 3, 6: 4}[colour_type]
    idat = zlib_of_repeats(b"\0", (1 + width * channels) * height)
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def small(fmt: str = "PNG", size=(60, 90), **save) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(buf, fmt, **save)
    return buf.getvalue()


def noisy(fmt: str, size=(240, 360)) -> bytes:
    buf = io.BytesIO()
    Image.effect_noise(size, 60).convert("RGB").save(buf, fmt, **({"quality": 90} if fmt == "JPEG" else {}))
    return buf.getvalue()


def text_bomb_after_pixels(kind: bytes) -> bytes:
    """A small PNG with 300 MB of text, zlib-packed into a chunk after its pixels (IDAT)."""
    png = small()
    packed = zlib_of_repeats(b"A", 300_000_000)
    body = b"Comment\0\0" + packed if kind == b"zTXt" else b"Comment\0\1\0\0\0" + packed
    return png[:-12] + _chunk(kind, body) + png[-12:]


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small JPEG whose frame header (SOF0) claims ``width`` x ``height``."""
    data = bytearray(small("JPEG"))
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def webp_claiming(width: int, height: int) -> bytes:
    """A small extended WebP (VP8X, it has alpha) whose canvas claims ``width`` x ``height``."""
    buf = io.BytesIO()
    Image.new("RGBA", (60, 90), (200, 40, 40, 128)).save(buf, "WEBP")
    data = bytearray(buf.getvalue())
    assert data[12:16] == b"VP8X"
    data[24:30] = (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    return bytes(data)


def gif_claiming(width: int, height: int) -> bytes:
    return b"GIF89a" + struct.pack("<HH", width, height) + b"\0\0\0;"


def quadrants_on_side() -> bytes:
    """A JPEG stored landscape with EXIF Orientation 6 (shown turned 90 degrees clockwise):
    stored red | blue over green | yellow, so upright it reads green | red over yellow | blue."""
    im = Image.new("RGB", (300, 200))
    for (x, y), colour in {(0, 0): (255, 0, 0), (1, 0): (0, 0, 255), (0, 1): (0, 160, 0), (1, 1): (255, 255, 0)}.items():
        im.paste(colour, (x * 150, y * 100, x * 150 + 150, y * 100 + 100))
    exif = Image.Exif()
    exif[0x0112] = 6
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=95, exif=exif.tobytes())
    return buf.getvalue()


def svg(body: str = "", width: str = "600", head: str = "") -> str:
    return (f'{head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{width}" height="900" viewBox="0 0 600 900"><rect width="600" height="900" fill="#336699"/>'
            f'{body}</svg>')


def use_bomb(levels: int = 8) -> str:
    """Each level is a group of ten <use> of the level below: 10**8 rectangles from 90 elements."""
    defs = '<rect id="l0" width="1" height="1"/>'
    for i in range(1, levels + 1):
        defs += f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * 10 + "</g>"
    return svg(f"<defs>{defs}</defs><use href=\"#l{levels}\"/>")


def _trunc(data: bytes) -> bytes:
    return data[: len(data) // 2]


# -- cases: name -> (picture file name, its bytes, command, expected) --------------------------------
# expected: "error" = exit 2, one line naming the picture and the card; "img001" = validate exits 1
# with an IMG001 error naming both; "ok" = exit 0. The biggest pictures are made when their case runs
# (a function in place of the bytes): each test process collects this module.
CASES: dict[str, tuple[str, bytes | str | Callable[[], str], str, str]] = {
    "png-13000x13000-rgba": ("art.png", flat_png(13_000, 13_000), "build", "error"),
    "png-13000x13000-validate": ("art.png", flat_png(13_000, 13_000), "validate", "img001"),
    "png-100-megapixels": ("art.png", flat_png(10_000, 10_000, colour_type=0), "build", "error"),
    "jpeg-claims-9000x9000": ("art.jpg", jpeg_claiming(9_000, 9_000), "build", "error"),
    "webp-claims-16383x16383": ("art.webp", webp_claiming(16_383, 16_383), "build", "error"),
    "gif-claims-20000x20000": ("art.gif", gif_claiming(20_000, 20_000), "build", "error"),
    "svg-data-uri-bomb": ("art.svg", svg('<image width="10" height="10" href="data:image/png;base64,'
                                         + base64.b64encode(flat_png(13_000, 13_000)).decode() + '"/>'), "build", "error"),
    "svg-data-uri-truncated": ("art.svg", svg('<image width="10" height="10" xlink:href="data:image/jpeg;base64,'
                                              + base64.b64encode(_trunc(noisy("JPEG"))).decode() + '"/>'), "build", "error"),
    "png-ztxt-bomb-after-idat": ("art.png", text_bomb_after_pixels(b"zTXt"), "build", "error"),
    "png-itxt-bomb-after-idat": ("art.png", text_bomb_after_pixels(b"iTXt"), "validate", "img001"),
    "svg-width-nan": ("art.svg", svg(width="NaN"), "build", "error"),
    "svg-width-1e308": ("art.svg", svg(width="1e308"), "build", "error"),
    "svg-font-size-1e30": ("art.svg", svg('<text x="10" y="100" font-size="1e30">Hi</text>'), "build", "error"),
    "svg-viewbox-scale-1e30": ("art.svg", svg().replace('viewBox="0 0 600 900"', 'viewBox="0 0 1e-27 1e-27"'),
                               "build", "error"),
    "jpeg-truncated": ("art.jpg", _trunc(noisy("JPEG")), "build", "error"),
    "jpeg-truncated-validate": ("art.jpg", _trunc(noisy("JPEG")), "validate", "img001"),
    "png-truncated": ("art.png", _trunc(noisy("PNG")), "build", "error"),
    "svg-5000-nested-groups": ("art.svg", svg("<g>" * 5000 + '<rect width="9" height="9"/>' + "</g>" * 5000), "build", "error"),
    "svg-200000-rects": ("art.svg", lambda: svg("".join(f'<rect x="{i % 600}" y="{i % 900}" width="1" height="1"/>'
                                                        for i in range(200_000))), "build", "error"),
    "svg-use-bomb": ("art.svg", use_bomb(), "build", "error"),
    # under 10,000 elements, but each costs svglib far more: deep, repeated, styled by many rules, or
    # one path of 500,000 points (each took svglib 30 to 90 s before it was counted)
    "svg-9800-shapes-98-deep": ("art.svg", svg("<g>" * 98 + '<rect width="1" height="1"/>' * 9800 + "</g>" * 98),
                                "build", "error"),
    "svg-190-uses-of-50-shapes": ("art.svg", svg('<defs><g id="a">' + '<rect width="1" height="1"/>' * 50 + "</g></defs>"
                                                 + '<use href="#a"/>' * 190), "build", "error"),
    "svg-4900-css-rules": ("art.svg", svg("<style>" + "".join(f".c{i} {{ fill: #{i % 999:03d}; }}" for i in range(4900))
                                          + "</style>" + "".join(f'<rect class="c{i}" width="1" height="1"/>'
                                                                 for i in range(5000))), "build", "error"),
    "svg-path-500000-points": ("art.svg", lambda: svg('<path d="M0 0 ' + " ".join(f"L{i % 600} {i * 7 % 900}"
                                                                                   for i in range(500_000))
                                                      + '" stroke="#000"/>'), "build", "error"),
    "svg-utf16-entity": ("art.svg", ('<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM '
                                     '"file:///etc/hostname">]>\n' + svg('<text y="50">&x;</text>')).encode("utf-16"),
                         "build", "error"),
    "svg-utf16-href": ("art.svg", ('<?xml version="1.0" encoding="UTF-16"?>\n'
                                   + svg('<image width="9" height="9" href="../../../etc/passwd.png"/>')).encode("utf-16"),
                       "build", "error"),
    "jpeg-exif-orientation-6": ("art.jpg", quadrants_on_side(), "build", "ok"),
    "svg-clean": ("art.svg", svg('<circle cx="300" cy="450" r="200" fill="#ffcc00"/>'), "build", "ok"),
}


def _run_case(name: str, root: Path) -> Outcome:
    file, made, command, _ = CASES[name]
    data = made() if callable(made) else made
    game = root / name / "game"
    (game / "cards").mkdir(parents=True)
    (game / "templates").mkdir()
    (game / "art").mkdir()
    (game / "game.yaml").write_text(GAME)
    (game / "templates" / "pic.yaml").write_text(TEMPLATE)
    (game / "cards" / "pics.yaml").write_text(f"cards:\n  - {{id: hero, name: Hero, type: pic, copies: 1, art: art/{file}}}\n")
    (game / "art" / file).write_bytes(data if isinstance(data, bytes) else data.encode())
    out = ["--out", str(root / name / "out")] if command == "build" else []
    return run_pnpgen(command, str(game), *out, cwd=root / name)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pictures")


@pytest.fixture(scope="module")
def outcomes(root: Path) -> dict[str, Outcome]:
    return {name: _run_case(name, root) for name in CASES}  # one after the other: one zygote (harness.py)


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_picture(name: str, outcomes: dict[str, Outcome]) -> None:
    out = outcomes[name]
    file, _, _, expected = CASES[name]
    assert out.code is not None and out.code not in (-signal.SIGXCPU, -signal.SIGKILL), f"over the CPU limit: {out.describe()}"
    assert out.peak_mb < RSS_LIMIT_MB, out.describe()
    assert "Traceback" not in out.output and "Warning" not in out.output, out.describe()
    assert "@0x" not in out.output, out.describe()  # no object addresses in place of a file name
    if expected == "error":
        assert out.code == 2 and len(out.lines) == 1, out.describe()
        (line,) = out.lines
        assert line.startswith("error: ") and f"art/{file}" in line and "card 'hero'" in line, line
    elif expected == "img001":
        assert out.code == 1, out.describe()
        found = [ln for ln in out.lines if "IMG001" in ln]
        assert len(found) == 1 and f"art/{file}" in found[0] and "hero" in found[0], out.describe()
        assert "export the picture again" in found[0], found[0]  # the file is at fault, not its path
    else:
        assert out.code == 0, out.describe()


@pytest.mark.parametrize("name,variable", [
    ("png-13000x13000-rgba", "PNPGEN_LIMIT_IMAGE_PIXELS"), ("png-100-megapixels", "PNPGEN_LIMIT_IMAGE_PIXELS"),
    ("jpeg-claims-9000x9000", "PNPGEN_LIMIT_IMAGE_PIXELS"), ("webp-claims-16383x16383", "PNPGEN_LIMIT_IMAGE_PIXELS"),
    ("svg-data-uri-bomb", "PNPGEN_LIMIT_IMAGE_PIXELS"), ("svg-5000-nested-groups", "PNPGEN_LIMIT_SVG_DEPTH"),
    ("svg-200000-rects", "PNPGEN_LIMIT_SVG_ELEMENTS"), ("svg-use-bomb", "PNPGEN_LIMIT_SVG_ELEMENTS"),
    ("svg-9800-shapes-98-deep", "PNPGEN_LIMIT_SVG_ELEMENTS"), ("svg-190-uses-of-50-shapes", "PNPGEN_LIMIT_SVG_ELEMENTS"),
    ("svg-4900-css-rules", "PNPGEN_LIMIT_SVG_ELEMENTS"), ("svg-path-500000-points", "PNPGEN_LIMIT_SVG_ELEMENTS"),
])
def test_a_limit_refusal_names_the_limit_and_how_to_raise_it(name: str, variable: str, outcomes) -> None:
    (line,) = outcomes[name].lines
    assert "limit " in line and variable in line, line


def test_the_pixel_limit_is_checked_before_decoding(outcomes) -> None:
    """9,000 x 9,000 is refused from the JPEG's header: its data could not even be decoded."""
    (line,) = outcomes["jpeg-claims-9000x9000"].lines
    assert "9,000×9,000 = 81,000,000 pixels" in line, line


def test_svg_numbers_and_utf16_refusals_say_why(outcomes) -> None:
    assert "number nan" in outcomes["svg-width-nan"].lines[0]
    assert "fontSize the number 1e+30" in outcomes["svg-font-size-1e30"].lines[0]
    assert "entities" in outcomes["svg-utf16-entity"].lines[0]
    assert "refers to other files" in outcomes["svg-utf16-href"].lines[0]
    assert "is a GIF picture, which pnpgen does not take" in outcomes["gif-claims-20000x20000"].lines[0]


def _centre(im: Image.Image, colour: tuple[int, int, int]) -> tuple[float, float]:
    """The mean position of the pixels within 60 of ``colour`` in every channel, over every other
    pixel of every other row (the mask is made by Pillow, not pixel by pixel in Python)."""
    near = [band.point([255 if abs(v - c) <= 60 else 0 for v in range(256)]) for band, c in zip(im.split(), colour)]
    mask = ImageChops.multiply(ImageChops.multiply(near[0], near[1]), near[2]).tobytes()
    hits = [(2 * m.start(), y) for y in range(0, im.height, 2)
            for m in re.finditer(b"\xff", mask[y * im.width:(y + 1) * im.width:2])]
    assert len(hits) > 50, f"no {colour} on the page"
    return sum(x for x, _ in hits) / len(hits), sum(y for _, y in hits) / len(hits)


def test_a_photo_with_exif_orientation_prints_upright(outcomes, root: Path) -> None:
    """Orientation 6: the stored top row (red | blue) is the right-hand column once upright, so on
    the printed sheet red is above blue and green is left of red."""
    assert outcomes["jpeg-exif-orientation-6"].code == 0
    pdf = root / "jpeg-exif-orientation-6" / "out" / "pics" / "pics-a4.pdf"
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[0].render(scale=1).to_pil().convert("RGB")
    finally:
        doc.close()
    red, blue = _centre(page, (255, 0, 0)), _centre(page, (0, 0, 255))
    green, yellow = _centre(page, (0, 160, 0)), _centre(page, (255, 255, 0))
    assert abs(red[0] - blue[0]) < 5 and red[1] < blue[1] - 20, (red, blue)     # one column, red on top
    assert abs(green[1] - red[1]) < 5 and green[0] < red[0] - 20, (green, red)  # one row, green on the left
    assert yellow[0] < blue[0] - 20 and yellow[1] > green[1] + 20, (yellow, blue, green)
