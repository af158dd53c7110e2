"""Ink checks read back from press PDFs with tools independent of pnpgen's renderer:

- :func:`text_runs` / :func:`strokes`: a pikepdf walk of every content stream (pages and the forms
  they draw, at any depth) following the graphics state (``q``/``Q``, ``cm``, colour operators) and
  the text state (``Tf``, ``Tm``), so each shown string or stroked path has its colour and its size
  on the page;
- :func:`separation`: a page rendered to CMYK by Ghostscript (``tiff32nc``: one 8-bit plate each
  for C, M, Y and K), read with Pillow.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pikepdf
from PIL import Image


@dataclass(frozen=True)
class Mark:
    """A text run or a stroke: its colour operator and values, and its size on the page (points:
    the text's em height, or the stroke's width)."""

    space: str            # "cmyk", "gray", "rgb" or the colour space name
    values: tuple
    size: float
    text: str = ""
    picture: bool = False  # drawn inside an SVG picture's form (its line art, at the picture's scale)

    @property
    def four_colour_black(self) -> bool:
        """Printed with all four inks and looking black (:func:`looks_black`): what misregisters
        into colour fringes. A dark navy or maroon is a colour, not black."""
        return self.space == "cmyk" and min(self.values) > 0.0 and looks_black(self.values)


@lru_cache(maxsize=None)
def _to_srgb():
    from PIL import ImageCms

    profile = Path(__file__).resolve().parents[2] / "pnpgen" / "profiles" / "SWOP2006coated_300_mth.icc"
    return ImageCms.buildTransform(ImageCms.ImageCmsProfile(str(profile)), ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIELAB (D65) of an 8-bit sRGB colour, by the textbook formulas."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in rgb)]
    xyz = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047, \
        0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2], \
        (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@lru_cache(maxsize=4096)
def looks_black(cmyk: tuple) -> bool:
    """Whether CMYK inks print as black or a near-black grey: seen through the shipped SWOP profile,
    L* ≤ 35 and chroma C*ab ≤ 12."""
    from PIL import ImageCms

    px = tuple(max(0, min(255, round(v * 255))) for v in cmyk)
    rgb = ImageCms.applyTransform(Image.new("CMYK", (1, 1), px), _to_srgb()).getpixel((0, 0))
    L, a, b = lab(rgb)
    return L <= 35 and math.hypot(a, b) <= 12


def _mul(a, b):
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _scale(m) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


_COLOUR_OPS = {"k": ("fill", "cmyk"), "K": ("stroke", "cmyk"), "g": ("fill", "gray"), "G": ("stroke", "gray"),
               "rg": ("fill", "rgb"), "RG": ("stroke", "rgb"), "sc": ("fill", "sc"), "scn": ("fill", "sc"),
               "SC": ("stroke", "sc"), "SCN": ("stroke", "sc")}


def _walk(owner, resources, ctm, text: list, strokes: list, depth: int = 0, picture: bool = False) -> None:
    state = {"ctm": ctm, "fill": ("gray", (0.0,)), "stroke": ("gray", (0.0,)), "lw": 1.0}
    stack = []
    font_size, tm = 0.0, [1, 0, 0, 1, 0, 0]
    for operands, op in pikepdf.parse_content_stream(owner):
        op = str(op)
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state["ctm"] = _mul([float(v) for v in operands], state["ctm"])
        elif op in _COLOUR_OPS:
            which, space = _COLOUR_OPS[op]
            state[which] = (space, tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name)))
        elif op == "w":
            state["lw"] = float(operands[0])
        elif op == "BT":
            tm = [1, 0, 0, 1, 0, 0]
        elif op == "Tf":
            font_size = float(operands[1])
        elif op == "Tm":
            tm = [float(v) for v in operands]
        elif op in ("Tj", "TJ", "'", '"'):
            shown = operands[-1]
            if isinstance(shown, pikepdf.Array):
                s = b"".join(bytes(x) for x in shown if isinstance(x, pikepdf.String))
            else:
                s = bytes(shown)
            if s:
                size = font_size * _scale(_mul(tm, state["ctm"]))
                text.append(Mark(*state["fill"], size, s.decode("latin-1"), picture))
        elif op in ("S", "s", "B", "B*", "b", "b*"):
            strokes.append(Mark(*state["stroke"], state["lw"] * _scale(state["ctm"]), "", picture))
        elif op == "Do" and resources is not None and "/XObject" in resources:
            x = resources.XObject.get(operands[0])
            if x is not None and x.get("/Subtype") == "/Form" and depth < 16:
                matrix = [float(v) for v in x.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                _walk(x, x.get("/Resources"), _mul(matrix, state["ctm"]), text, strokes, depth + 1,
                      picture or str(operands[0]).startswith("/FormXob.pnpSvg"))


def marks(path: Path) -> tuple[list[Mark], list[Mark]]:
    """(text runs, strokes) of every page of the PDF at ``path``."""
    text: list[Mark] = []
    strokes: list[Mark] = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            _walk(page.obj, page.obj.get("/Resources"), [1, 0, 0, 1, 0, 0], text, strokes)
    return text, strokes


def gs() -> str:
    """Ghostscript's command (``make test`` installs it; a missing one fails, never skips)."""
    found = shutil.which("gs")
    assert found, "ghostscript (gs) is missing: run `make tools` or apt-get install -y ghostscript"
    return found


def separation(path: Path, page: int, dpi: float = 100, oversample: int = 1) -> Image.Image:
    """Page ``page`` (1-based) of the PDF at ``path`` as CMYK plates rendered by Ghostscript at
    ``dpi``; with ``oversample`` n, rendered at n times that and each plate averaged down (n x n
    pixels to one): Ghostscript samples an image picture pixels nearest its own, so a hairline in a
    600-dpi image would land whole or not at all at 100 dpi, where the same vector line is
    anti-aliased."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "page.tif"
        subprocess.run([gs(), "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", f"-r{dpi * oversample:g}",
                        f"-dFirstPage={page}", f"-dLastPage={page}", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
                        f"-sOutputFile={out}", str(path)], check=True, capture_output=True, timeout=300)
        with Image.open(out) as im:
            im.load()
            assert im.mode == "CMYK"
            if oversample == 1:
                return im.copy()
            return im.resize((im.width // oversample, im.height // oversample), Image.BOX)


def max_total_ink(plates: Image.Image) -> float:
    """The largest C + M + Y + K of any pixel, in percent."""
    total = np.asarray(plates, dtype=np.uint16).sum(axis=2)  # C + M + Y + K of every pixel, 0..1020
    return int(total.max()) * 100.0 / 255.0


def ink_differs(a: Image.Image, b: Image.Image, step: float = 10.0) -> float:
    """Percent of the page area where some plate differs by more than ``step`` percent ink."""
    assert a.size == b.size
    from PIL import ImageChops

    threshold = round(step * 255 / 100)
    worst = None
    for pa, pb in zip(a.split(), b.split()):
        d = ImageChops.difference(pa, pb)
        worst = d if worst is None else ImageChops.lighter(worst, d)
    hist = worst.histogram()
    return 100.0 * sum(hist[threshold + 1:]) / sum(hist)
