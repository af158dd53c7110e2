"""Pictures on cards: PNG, JPEG and WebP through Pillow, SVG as vectors through svglib.

This module owns everything between an image shape's already-located file (``ShapeOp.src``, found
and confined by the game's :class:`~pnpgen.files.FileResolver`) and the PDF:

- what a picture is (:func:`info`: pixel size, format, natural size, EXIF orientation), cached by
  content digest; every raster picture is checked against the pixel limit before it is decoded and
  decoded in full once per content (:mod:`pnpgen.render.rastercheck`), so a bomb, a truncated file
  or a damaged chunk is one error line naming the file (and, through the template resolver, the card);
- where it lands in its box (:func:`placement`: ``cover`` with a focus point, ``contain``,
  ``stretch``, ``none``), which the validator also uses to compute the printed resolution;
- embedding: each distinct picture becomes ONE image XObject per PDF, named by its content hash and
  pixel size, that every card and every copy reuses. A JPEG at or under the print resolution is
  passed through byte for byte (``/DCTDecode``); a larger picture (above 1.5 x) is downsampled once to the print
  resolution (``PRINT_DPI``, 300 by default, ``pnpgen build --dpi``) and cached on disk by content
  hash (``cache_dir()/images``), so a rebuild neither decodes nor re-encodes it;
- a photo with an EXIF orientation is embedded upright (re-encoded once, cached like a downsample);
- SVG: drawn as vector paths (svglib -> reportlab graphics), never rasterised, each distinct SVG and
  size drawn once as a form. It is parsed and checked first (:mod:`pnpgen.render.svgcheck`): an SVG
  may not pull in other files (external ``href``, entities), which would read outside the game's
  folder, nor exceed the element, nesting and pixel limits or hold numbers a PDF cannot print.
- clipping to the box (rectangle or rounded corners) and opacity.
"""

from __future__ import annotations

import io
import math
import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from pnpgen.errors import SpecError
from pnpgen.files import cache_dir, resolver_for
from pnpgen.fsutil import atomic_write_bytes
from pnpgen.limits import limit
from pnpgen.render import rastercheck, rlcompat, svgcheck

DEFAULT_DPI = 300
PRINT_DPI = DEFAULT_DPI
RASTER_FORMATS = {"PNG", "JPEG", "WEBP"}
SVG_SUFFIXES = (".svg",)
# Downsample only pictures above 1.5 x the print resolution (450 ppi for 300): the threshold print
# workflows use (Adobe's PDF/X and "Press Quality" presets: "downsample to 300 ppi for images above
# 450 ppi"). Below it, a lossy re-encode costs quality and time for little size.
DOWNSAMPLE_ABOVE = 1.5


def set_print_dpi(dpi: float) -> None:
    """The resolution pictures are kept at in the PDF (``pnpgen build --dpi``)."""
    global PRINT_DPI
    if not (72 <= dpi <= 1200) or math.isnan(dpi):
        raise SpecError(f"--dpi must be from 72 to 1200, got {dpi}", hint="300 is what print shops ask for")
    PRINT_DPI = float(dpi)


@dataclass(frozen=True)
class ImageInfo:
    path: str
    digest: str
    format: str           # PNG, JPEG, WEBP or SVG
    width: int            # pixels, upright (SVG: its width in points)
    height: int
    has_alpha: bool = False
    alpha_used: bool = False  # some pixel is see-through (an opaque alpha channel is dropped)
    orientation: int = 1      # EXIF orientation of the stored pixels; 1 = already upright

    @property
    def rotated(self) -> bool:
        return self.orientation != 1

    @property
    def vector(self) -> bool:
        return self.format == "SVG"

    def natural_size(self) -> tuple[float, float]:
        """Points at which ``fit: none`` prints it: SVG at its own size, rasters at the print dpi."""
        if self.vector:
            return float(self.width), float(self.height)
        return self.width * 72.0 / PRINT_DPI, self.height * 72.0 / PRINT_DPI


def _files_for(path: str):
    # The shape's src was located by the game's resolver; reading goes through a resolver too,
    # so size limits and regular-file checks hold here as well.
    return resolver_for(os.path.dirname(path))


def _bytes(path: str) -> bytes:
    return _files_for(path).read_bytes(path, "image", where=(path, 0))


def info(path: str) -> ImageInfo:
    """Format and size of the picture at ``path`` (already located), cached by its content and the
    picture limits in force; a refused picture is refused again without being decoded again (a
    damaged picture on 1,000 cards is one decode, and one IMG001 per card)."""
    digest = _files_for(path).digest(path, "image")
    key = (path, digest, limit("image_pixels"), limit("svg_elements"), limit("svg_depth"))
    refused = _REFUSED.get(key)
    if refused is not None:
        raise rastercheck.PictureRefused(refused.message, hint=refused.hint)
    try:
        return _info(*key)
    except rastercheck.PictureRefused as err:
        if len(_REFUSED) >= _REFUSED_MAX:
            _REFUSED.clear()
        _REFUSED[key] = err
        raise


_REFUSED: dict[tuple, rastercheck.PictureRefused] = {}
_REFUSED_MAX = 1024


@lru_cache(maxsize=4096)
def _info(path: str, digest: str, *limits: int) -> ImageInfo:
    if path.lower().endswith(SVG_SUFFIXES):
        drawing = _svg_drawing(path, digest)
        return ImageInfo(path, digest, "SVG", int(round(drawing.width)), int(round(drawing.height)))
    facts = rastercheck.facts(_bytes(path), digest, _name(path))
    width, height = facts.upright_size
    return ImageInfo(path, digest, facts.format, width, height, facts.has_alpha, facts.alpha_used, facts.orientation)


def _name(path: str) -> str:
    from pnpgen.errors import display_path

    return display_path(path)


# -- where a picture lands ---------------------------------------------------------------------------
def placement(fit: str, focus: tuple[float, float], box: tuple[float, float, float, float],
              natural: tuple[float, float]) -> tuple[float, float, float, float]:
    """The rectangle (x, y, w, h; points, y up) the whole picture is drawn in for ``box``.

    ``cover`` fills the box and crops, keeping the focus point's side in view; ``contain`` shows
    it whole inside the box; ``stretch`` fills the box exactly; ``none`` keeps its natural size.
    The focus (fractions from the picture's top-left) also places ``contain`` and ``none``.
    The picture is clipped to the box afterwards."""
    bx, by, bw, bh = box
    iw, ih = natural
    if fit == "stretch" or iw <= 0 or ih <= 0:
        return bx, by, bw, bh
    if fit == "cover":
        s = max(bw / iw, bh / ih)
    elif fit == "contain":
        s = min(bw / iw, bh / ih)
    else:
        s = 1.0
    dw, dh = iw * s, ih * s
    fx, fy = focus
    # Put the picture's focus point on the box's matching point, as far as the picture allows.
    x = bx + (bw - dw) * fx
    y = by + (bh - dh) * (1.0 - fy)  # y up: focus 0 keeps the picture's top edge at the box's top
    return x, y, dw, dh


def printed_dpi(im: ImageInfo, drawn: tuple[float, float, float, float]) -> float | None:
    """Pixels per inch of a raster picture drawn at ``drawn`` size (None for vectors)."""
    if im.vector or drawn[2] <= 0 or drawn[3] <= 0:
        return None
    return min(im.width / (drawn[2] / 72.0), im.height / (drawn[3] / 72.0))


# -- embedding -------------------------------------------------------------------------------------
# The largest size (points) each picture is drawn at in the document being built, by digest: a
# picture used at two sizes (a portrait in a frame, the same art full bleed) is embedded once, at
# the resolution its largest use needs. Filled by :func:`plan` before a build draws anything.
_PLANNED: dict[str, tuple[float, float]] = {}


def plan(ops) -> None:
    """Note the size every image op of ``ops`` (resolved faces' ops) will be drawn at."""
    for op in ops:
        if getattr(op, "kind", None) != "image" or op.w <= 0 or op.h <= 0:
            continue
        im = info(op.src)
        if im.vector:
            continue
        drawn = placement(op.fit, op.focus, (op.x, op.y, op.w, op.h), im.natural_size())
        w, h = _PLANNED.get(im.digest, (0.0, 0.0))
        _PLANNED[im.digest] = (max(w, drawn[2]), max(h, drawn[3]))


def clear_plan() -> None:
    _PLANNED.clear()


def _target_pixels(im: ImageInfo, drawn: tuple[float, float, float, float]) -> tuple[int, int] | None:
    """Pixel size to downsample to, or None when the picture is at or under the print resolution."""
    pw, ph = _PLANNED.get(im.digest, (0.0, 0.0))
    tw = max(1, math.ceil(max(drawn[2], pw) / 72.0 * PRINT_DPI))
    th = max(1, math.ceil(max(drawn[3], ph) / 72.0 * PRINT_DPI))
    if im.width <= tw * DOWNSAMPLE_ABOVE and im.height <= th * DOWNSAMPLE_ABOVE:
        return None
    # Keep the aspect of the picture (``stretch`` distorts it when drawing, not here).
    scale = max(tw / im.width, th / im.height)
    return max(1, round(im.width * scale)), max(1, round(im.height * scale))


def downsampled(im: ImageInfo, size: tuple[int, int]) -> bytes:
    """The picture at ``size`` pixels, from the disk cache or made once and stored there."""
    ext = "jpg" if im.format == "JPEG" else "png"
    turn = f"-o{im.orientation}" if im.rotated else ""
    path = cache_dir() / "images" / f"{im.digest}-{size[0]}x{size[1]}{turn}.{ext}"
    try:
        return path.read_bytes()
    except OSError:
        pass
    # ``size`` is upright; the stored pixels are resized first and turned upright after (cheaper
    # on the smaller picture), so a picture on its side is resized to the swapped size.
    stored = (size[1], size[0]) if im.orientation in (5, 6, 7, 8) else size
    with rastercheck.open_lazily(_bytes(im.path), _name(im.path)) as src:
        src.load()
        keep_alpha = im.has_alpha
        mode = "RGBA" if keep_alpha else ("L" if src.mode in ("L", "1") else "RGB")
        if src.mode == "CMYK" and not keep_alpha:
            mode = "CMYK" if ext == "jpg" else "RGB"
        out = src if src.mode == mode else src.convert(mode)
        if out.size != stored:
            out = out.resize(stored, Image.LANCZOS, reducing_gap=3.0)
        if im.rotated:
            out = out.transpose(rastercheck.UPRIGHT[im.orientation])
        buf = io.BytesIO()
        if ext == "jpg":
            out.save(buf, "JPEG", quality=92, optimize=True)
        else:
            out.save(buf, "PNG", optimize=False, compress_level=6)
    data = buf.getvalue()
    try:
        atomic_write_bytes(path, data)
    except OSError:
        pass  # a read-only cache only costs speed
    return data


def _xobject(canvas: Any, im: ImageInfo, drawn: tuple[float, float, float, float]) -> str:
    """The registered name of the picture's image XObject in this PDF, made on first use."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase import pdfdoc

    target = _target_pixels(im, drawn)
    size_key = f"{target[0]}x{target[1]}" if target else "full"
    standard = getattr(canvas, "_pnp_standard", None)
    name = f"pnpImg{im.digest[:20]}{size_key}" + ("cmyk" if standard is not None else "")
    doc = rlcompat.document(canvas)
    reg = doc.getXObjectName(name)
    if doc.idToObject.get(reg) is None:
        # A photo on its side is re-encoded upright once (at its own size when not downsampled).
        remade = target or ((im.width, im.height) if im.rotated else None)
        data = downsampled(im, remade) if remade else _bytes(im.path)
        if standard is not None:
            reader = _press_reader(canvas, standard, data)
        else:
            if im.format == "WEBP" and not remade:
                data = _as_png(data)  # reportlab reads WebP pixels through Pillow anyway; PNG keeps alpha
            reader = ImageReader(io.BytesIO(data))
        with rlcompat.no_ascii85():  # pictures go in binary
            obj = pdfdoc.PDFImageXObject(name, reader, mask="auto")
        obj.name = name
        rlcompat.add_xobject(canvas, obj)
        doc.Reference(obj, reg)
        doc.addForm(name, obj)
        smask = rlcompat.take_soft_mask(obj)
        if smask:
            mreg = doc.getXObjectName(smask.name)
            if doc.idToObject.get(mreg) is None:
                rlcompat.add_xobject(canvas, smask)
                obj.smask = doc.Reference(smask, mreg)
            else:
                obj.smask = pdfdoc.PDFObjectReference(mreg)
    rlcompat.use_form(canvas, name)
    return reg


def _press_reader(canvas: Any, standard: Any, data: bytes):
    """The picture as CMYK pixels for press output (``--pdfx``), through the build's ICC transform;
    its alpha channel stays a soft mask for PDF/X-4 and is refused (reported) for X-1a."""
    from reportlab.lib.utils import ImageReader

    with Image.open(io.BytesIO(data)) as src:
        src.load()
        cmyk, alpha = standard.converter.image(src)
    reader = ImageReader(cmyk)
    reader.getRGBData()  # reads the pixels now: a first read would reset the alpha set below
    if alpha is not None:
        if standard.transparency:
            reader._dataA = ImageReader(alpha)
        else:
            standard.refuse_transparency(canvas, "a picture with transparent pixels")
    return reader


def _as_png(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as src:
        buf = io.BytesIO()
        src.save(buf, "PNG")
        return buf.getvalue()


def has_transparency(path: str) -> bool:
    """Whether the picture at ``path`` has see-through parts: a raster picture's alpha channel, an
    SVG's opacity or alpha colours (or pictures inside it, whose alpha cannot be seen from here)."""
    im = info(path)
    if not im.vector:
        # An alpha channel that is opaque everywhere is dropped when the picture is embedded (colour.py).
        return im.has_alpha and im.alpha_used
    return _svg_alpha(_svg_drawing(im.path, im.digest))


def _svg_alpha(drawing) -> bool:
    from reportlab.graphics.shapes import Image as SvgPicture

    stack = [drawing]  # a loop, not recursion: nesting is bounded, but by a limit the user may raise
    while stack:
        node = stack.pop()
        if isinstance(node, SvgPicture):
            return True
        for attr in ("fillOpacity", "strokeOpacity"):
            value = getattr(node, attr, None)
            if value is not None and value < 1:
                return True
        for attr in ("fillColor", "strokeColor"):
            value = getattr(node, attr, None)
            if value is not None and getattr(value, "alpha", 1) < 1:
                return True
        stack.extend(getattr(node, "contents", ()) or ())
    return False


# -- SVG ---------------------------------------------------------------------------------------------
def _svg_drawing(path: str, digest: str):
    return _svg_drawn(path, digest)[0]


def _svg_drawn(path: str, digest: str):
    """(the SVG's Drawing, the font families it names that neither the game nor pnpgen has),
    its text drawn with the fonts of the game folder holding it (``render.svgfonts``)."""
    from pnpgen.render.fonts import fonts_for

    catalogue = fonts_for(path)
    return _svg_drawn_with(path, digest, tuple(sorted(catalogue.items())))


@lru_cache(maxsize=512)
def _svg_drawn_with(path: str, digest: str, catalogue: tuple):
    from pnpgen.render.svgfonts import SVGLIB_DEFAULT, SvgFontMap

    data = _bytes(path)
    font_map = SvgFontMap(dict(catalogue), SVGLIB_DEFAULT.lower().encode() in data.lower())
    drawing = svgcheck.drawing(data, _name(path), font_map)
    # reportlab starts every drawing by selecting its default font, Helvetica, which is never
    # embedded: the bundled body font instead, even in an SVG without text.
    drawing.initialFontName = font_map.body_font
    return drawing, tuple(font_map.missing)


def svg_missing_fonts(path: str) -> tuple[str, ...]:
    """The font families the SVG at ``path`` names for its text that the game's ``fonts/`` folder and
    the bundled fonts lack (that text is drawn in the bundled body font instead); () for other pictures."""
    im = info(path)
    if not im.vector:
        return ()
    return _svg_drawn(im.path, im.digest)[1]


def _svg_form(canvas: Any, im: ImageInfo) -> str:
    """The SVG drawn once, at its own size, as a form every card reuses."""
    from reportlab.graphics import renderPDF

    forms = canvas.__dict__.setdefault("_pnpgen_svg_forms", {})
    name = forms.get(im.digest)
    if name is None:
        name = f"pnpSvg{im.digest[:20]}"
        drawing = _svg_drawing(im.path, im.digest)
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        try:
            renderPDF.draw(drawing, canvas, 0, 0)
        except Exception as err:  # what the checks could not foresee (an embedded picture reportlab rejects)
            raise rastercheck.PictureRefused(f"{_name(im.path)}: the SVG cannot be drawn ({type(err).__name__}: "
                             f"{rastercheck.reason(err)})") from None
        canvas.endForm()
        forms[im.digest] = name
        for family in _svg_drawn(im.path, im.digest)[1]:
            _FONT_WARNINGS[(im.path, family)] = (
                f"{_name(im.path)}: text in font-family {family!r}, which the game's fonts/ folder and the bundled "
                f"fonts do not have, is drawn in Roboto Condensed — add a .ttf or .otf of {family!r} to the game's "
                f"fonts/ folder, or convert the SVG's text to paths (Inkscape: Path > Object to Path)")
    return name


# (SVG path, font family) -> a build warning, for each SVG drawn with a family the game lacks.
_FONT_WARNINGS: dict[tuple[str, str], str] = {}


def take_font_warnings() -> list[str]:
    """The warnings about SVG text in missing fonts drawn since the last call (sorted), forgotten."""
    out = [_FONT_WARNINGS[k] for k in sorted(_FONT_WARNINGS)]
    _FONT_WARNINGS.clear()
    return out


# -- drawing -----------------------------------------------------------------------------------------
def draw_image(canvas: Any, op: Any) -> None:
    """Draw an image ShapeOp: placed by its fit and focus, clipped to its box, at its opacity."""
    im = info(op.src)
    box = (op.x, op.y, op.w, op.h)
    if op.w <= 0 or op.h <= 0:
        return
    drawn = placement(op.fit, op.focus, box, im.natural_size())
    canvas.saveState()
    clip = canvas.beginPath()
    if op.r > 0:
        clip.roundRect(op.x, op.y, op.w, op.h, min(op.r, op.w / 2, op.h / 2))
    else:
        clip.rect(op.x, op.y, op.w, op.h)
    canvas.clipPath(clip, stroke=0, fill=0)
    if op.opacity < 1:
        canvas.setFillAlpha(op.opacity)
        canvas.setStrokeAlpha(op.opacity)
    x, y, w, h = drawn
    if im.vector:
        name = _svg_form(canvas, im)
        canvas.translate(x, y)
        canvas.scale(w / im.width, h / im.height)
        canvas.doForm(name)
    else:
        reg = _xobject(canvas, im, drawn)
        rlcompat.has_images(canvas)
        canvas.translate(x, y)
        canvas.scale(w, h)
        rlcompat.page_code(canvas).append(f"/{reg} Do")
    canvas.restoreState()

