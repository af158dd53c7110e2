"""Raster flattening for PDF/X-1a: see-through content the exact vector flattener
(``pnpgen.render.flatten``) cannot make opaque is replaced, in the areas it covers, by opaque CMYK
images of what the page shows there, at twice the print resolution.

This is what press flatteners (Acrobat's, Ghostscript's) do with complex transparency: they cut the
page into the areas transparency touches and rasterise those. pnpgen does it per card face, once
per distinct face (the face is a form every copy reuses), in three passes:

1. everything up to the last see-through shape is drawn as vectors, as usual, except the
   see-through shapes themselves and the text that can be lifted (3);
2. each *region* (the boxes of the see-through shapes, padded by two pixels for anti-aliasing,
   snapped to the pixel grid of the face's bleed box, overlapping ones merged) is drawn again,
   alone, with the normal drawing code, rendered by pdfium at twice the print resolution
   (:func:`resolution`: 600 dpi for the default ``--dpi 300``) and blended **in CMYK**, as a RIP
   blends the PDF/X-4 file (whose transparency groups are DeviceCMYK, ``presscanvas``): every colour
   and picture is first converted to the inks the vectors get (``CmykConverter.colour``, by use:
   text and thin strokes in near-neutral colours black ink only; ``CmykConverter.image``), then
   drawn in two renders of ink amounts instead of colours — cyan, magenta, yellow as the three
   channels of one, black in the other, each as 1 − ink so that the paper is 0 ink. Compositing
   (opacity, soft masks, anti-aliasing, gradients, picture scaling) is linear per channel, so the two
   renders together are the CMYK blend. The result is placed, opaque, over the region (Flate with
   PNG predictors, lossless);
3. text that lies beneath no later shape is drawn after the images, as vector text, and so is
   everything drawn after the last see-through shape.

Why regions and not the whole face: a card whose only see-through shapes are a panel over the art
keeps its picture (the shared, once-embedded original) and its frame as they are, the file stays
small and only the panel is pixels. Why twice the print resolution: a region is mostly shape
edges (thin see-through lines, frames), which is line art, and press flatteners rasterise line art finer than pictures (Acrobat's "High
Resolution" preset: 1200 ppi for line art, 300 for gradients). Measured on the DriveThruCards
files of xenoshyft and tidepool: 600 dpi against 300 costs 22 % more bytes (35.8 MB against
29.3 MB; 25.3 MB as PDF/X-4) and 30 % more time (29 s against 22 s), and keeps 0.4 pt lines crisp;
text stays vector whatever the resolution. (These figures predate blending in CMYK, which renders
each region twice; afterwards the same files took 51 s and 33.1 MB, timed while other work shared
the machine.)

Text beneath a see-through shape, or beneath a shape drawn after a see-through one, cannot be
lifted (it would come out on top); it is drawn into the image where a region covers it and
reported with its template file:line. A region's image is cached per canvas and, for a few faces,
per run, keyed by what it shows.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from dataclasses import dataclass
from typing import Any, Callable

from PIL import Image, ImageChops

from pnpgen.render import presscanvas, rlcompat
from pnpgen.template.resolve import ShapeOp, TextOp

# Pixels of padding around a see-through shape: anti-aliasing touches one pixel past an edge.
PAD_PX = 2
# Text boxes are widened by this (points) for overlap tests: glyphs (italics, swashes) overhang a box.
TEXT_OVERHANG = 2.0
_CACHE: dict[tuple, tuple[int, int, bytes]] = {}


def resolution() -> float:
    """Pixels per inch of the flattened areas: twice the print resolution (``--dpi``), 600 by default."""
    from pnpgen.render import images

    return min(1200.0, 2 * images.PRINT_DPI)
_CACHE_MAX = 64


@dataclass(frozen=True)
class Region:
    """A pixel-aligned rectangle of a face (points, face coordinates) and its size in pixels."""

    x0: float
    y0: float
    px_w: int
    px_h: int
    dpi: float

    @property
    def w(self) -> float:
        return self.px_w * 72.0 / self.dpi

    @property
    def h(self) -> float:
        return self.px_h * 72.0 / self.dpi


@dataclass(frozen=True)
class RegionImage:
    """An op for the face renderer: draw ``raster_ops`` as an opaque CMYK image over ``region``."""

    region: Region
    raster_ops: tuple


@dataclass(frozen=True)
class Plan:
    ops: tuple                 # what to draw, in order: ShapeOps, TextOps and RegionImages
    see_through: tuple         # the see-through ops (for the report)
    rasterised_text: tuple     # text drawn into an image, not as vector text (for the report)


def box_of(op) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 an op can paint on (strokes widened by half their width, text by overhang)."""
    if isinstance(op, TextOp) or (isinstance(op, ShapeOp) and op.kind == "text"):
        return op.x - TEXT_OVERHANG, op.y - TEXT_OVERHANG, op.x + op.w + TEXT_OVERHANG, op.y + op.h + TEXT_OVERHANG
    if op.points:
        xs = [p[0] for p in op.points]
        ys = [p[1] for p in op.points]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    else:
        x0, y0, x1, y1 = op.x, op.y, op.x + op.w, op.y + op.h
    if op.stroke is not None and op.kind != "image":
        pad = op.stroke_width / 2
        x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    return x0, y0, x1, y1


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _partly(col) -> bool:
    return col is not None and 0 < col[3] < 1


def see_through(op) -> bool:
    """Whether drawing ``op`` needs transparency (after the exact vector flattening)."""
    if isinstance(op, TextOp):
        return False  # text is drawn in its colour without alpha (face_draw.draw_text)
    if op.kind == "image":
        from pnpgen.render import images

        return op.opacity < 1 or images.has_transparency(op.src)
    if op.kind == "text":
        return bool(op.text) and _partly(op.fill)
    stroke = op.stroke is not None and op.stroke_width > 0 and _partly(op.stroke)
    fill = op.kind != "line" and (_partly(op.fill) or (op.fill is not None and op.fill2 is not None
                                                       and op.fill[3] > 0 and _partly(op.fill2)))
    return stroke or fill


def _liftable(op) -> bool:
    return isinstance(op, TextOp) or (isinstance(op, ShapeOp) and op.kind == "text")


def _regions(boxes, width: float, height: float, bleed: float, dpi: float) -> list[Region]:
    """The padded boxes on the pixel grid of the bleed box, overlapping or touching ones merged."""
    step = 72.0 / dpi
    cols, rows = math.ceil((width + 2 * bleed) / step - 1e-6), math.ceil((height + 2 * bleed) / step - 1e-6)
    cells = []
    for x0, y0, x1, y1 in boxes:
        c0 = max(0, math.floor((x0 + bleed) / step) - PAD_PX)
        r0 = max(0, math.floor((y0 + bleed) / step) - PAD_PX)
        c1 = min(cols, math.ceil((x1 + bleed) / step) + PAD_PX)
        r1 = min(rows, math.ceil((y1 + bleed) / step) + PAD_PX)
        if c1 > c0 and r1 > r0:
            cells.append([c0, r0, c1, r1])
    merged = True
    while merged:
        merged = False
        out: list[list[int]] = []
        for c in cells:
            for m in out:
                if c[0] <= m[2] and m[0] <= c[2] and c[1] <= m[3] and m[1] <= c[3]:
                    m[:] = [min(m[0], c[0]), min(m[1], c[1]), max(m[2], c[2]), max(m[3], c[3])]
                    merged = True
                    break
            else:
                out.append(c)
        cells = out
    cells.sort(key=lambda c: (c[1], c[0]))
    return [Region(c0 * step - bleed, r0 * step - bleed, c1 - c0, r1 - r0, dpi) for c0, r0, c1, r1 in cells]


def plan(original: tuple, flattened: tuple, width: float, height: float, bleed: float, dpi: float) -> Plan | None:
    """How to draw a face whose ops (``original``; ``flattened`` after the exact vector flattener,
    index for index) still hold see-through content; None when they hold none."""
    marks = [i for i, op in enumerate(flattened) if see_through(op)]
    if not marks:
        return None
    last = marks[-1]
    regions = _regions([box_of(flattened[i]) for i in marks], width, height, bleed, dpi)
    region_boxes = [(r.x0, r.y0, r.x0 + r.w, r.y0 + r.h) for r in regions]
    # From the top down: text is lifted when nothing drawn after it (and not lifted too, as lifted
    # text keeps its order) up to the last see-through shape overlaps it.
    lifted: set[int] = set()
    rasterised = []
    for i in range(last, -1, -1):
        op = flattened[i]
        if not _liftable(op) or i in marks:
            continue
        box = box_of(op)
        if not any(_overlap(box, rb) for rb in region_boxes):
            continue  # outside every image: drawn as vectors in its place
        if any(j not in lifted and _overlap(box, box_of(flattened[j])) for j in range(i + 1, last + 1)):
            rasterised.append(op)  # something later covers it: it must stay beneath, in the image
        else:
            lifted.add(i)
    rasterised.reverse()
    skip = set(marks) | set(lifted)
    raster_ops = tuple(original[i] for i in range(last + 1) if i not in lifted)
    ops = [flattened[i] for i in range(last + 1) if i not in skip]
    ops += [RegionImage(r, raster_ops) for r in regions]
    ops += [flattened[i] for i in sorted(lifted)]
    ops += flattened[last + 1:]
    return Plan(tuple(ops), tuple(flattened[i] for i in marks), tuple(rasterised))


# -- drawing -----------------------------------------------------------------------------------------
def draw_region(canvas: Any, item: RegionImage, draw_rgb: Callable[[Any, tuple], None]) -> None:
    """Place a face's ``item`` on the press canvas as one opaque CMYK image (made once per canvas);
    ``draw_rgb(canvas, ops)`` draws ops on a plain RGB canvas."""
    from pnpgen.render import images

    # Pictures are named by path in the ops: their content goes into the key too (pnpgen watch).
    pictures = tuple(images.info(op.src).digest for op in item.raster_ops
                     if isinstance(op, ShapeOp) and op.kind == "image" and op.src)
    draw_area(canvas, item.region, (item, pictures), lambda c: draw_rgb(c, item.raster_ops))


def region_over(x0: float, y0: float, x1: float, y1: float, dpi: float) -> Region:
    """The smallest region on the pixel grid from (0, 0) holding the rectangle (points)."""
    step = 72.0 / dpi
    c0, r0 = math.floor(x0 / step + 1e-6), math.floor(y0 / step + 1e-6)
    c1, r1 = math.ceil(x1 / step - 1e-6), math.ceil(y1 / step - 1e-6)
    return Region(c0 * step, r0 * step, max(1, c1 - c0), max(1, r1 - r0), dpi)


def draw_area(canvas: Any, region: Region, key: Any, draw_rgb: Callable[[Any], None]) -> None:
    """Cover ``region`` on the press canvas with an opaque CMYK image of what ``draw_rgb(canvas)``
    draws there on a plain RGB canvas (same coordinates). ``key`` names that drawing: one image
    per key and region per canvas (and, for a few, per run)."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream

    converter = canvas._pnp_standard.converter
    made = canvas.__dict__.setdefault("_pnpgen_flat", {})
    full_key = (key, region, converter.condition.profile_file)
    name = made.get(full_key)
    doc = rlcompat.document(canvas)
    if name is None:
        hit = _CACHE.get(full_key)
        if hit is None:
            cmyk = render_cmyk(region, draw_rgb, converter)
            hit = (cmyk.width, cmyk.height, _flate_with_predictors(cmyk))
            if len(_CACHE) >= _CACHE_MAX:
                _CACHE.clear()
            _CACHE[full_key] = hit
        px_w, px_h, data = hit
        name = f"pnpFlat{len(made)}"
        stream = PDFStream(PDFDictionary({
            "Type": PDFName("XObject"), "Subtype": PDFName("Image"),
            "Width": px_w, "Height": px_h, "ColorSpace": PDFName("DeviceCMYK"), "BitsPerComponent": 8,
            "Filter": PDFName("FlateDecode"),
            "DecodeParms": PDFDictionary({"Predictor": 15, "Colors": 4, "BitsPerComponent": 8, "Columns": px_w}),
        }), data, filters=[])
        doc.Reference(stream, doc.getXObjectName(name))
        made[full_key] = name
    rlcompat.use_form(canvas, name)
    rlcompat.has_images(canvas)
    canvas.saveState()
    canvas.translate(region.x0, region.y0)
    canvas.scale(region.w, region.h)
    rlcompat.page_code(canvas).append(f"/{doc.getXObjectName(name)} Do")
    canvas.restoreState()


class _InkChannels:
    """Stands in for a press standard on a region's render canvas: colours (``presscanvas``) and
    pictures (``images``, which asks ``converter.image``) become the ink amounts of ``channels``
    ("cmy": cyan, magenta, yellow as red, green, blue; "k": black in all three), as 1 − ink."""

    transparency = True  # a render canvas keeps transparency: blending it is the point

    def __init__(self, converter, channels: str) -> None:
        self.cmyk = converter
        self.channels = channels
        self.converter = self  # images.py converts pictures through ``standard.converter.image``

    def install(self, canvas) -> None:
        canvas._pnp_standard = self
        presscanvas.install(canvas, self.ink)

    def finish(self, canvas) -> None:
        pass

    def ink(self, value, use: str):
        from reportlab.lib.colors import Color

        out = self.cmyk.colour(value, use)
        c, m, y, k = (v * out.density for v in (out.cyan, out.magenta, out.yellow, out.black))
        values = (c, m, y) if self.channels == "cmy" else (k, k, k)
        return Color(*(1 - v for v in values), alpha=out.alpha)

    def image(self, im: Image.Image) -> tuple[Image.Image, Image.Image | None]:
        cmyk, alpha = self.cmyk.image(im)
        bands = cmyk.split()
        picked = bands[:3] if self.channels == "cmy" else (bands[3],) * 3
        return ImageChops.invert(Image.merge("RGB", picked)), alpha


def render_cmyk(region: Region, draw_rgb: Callable[[Any], None], converter) -> Image.Image:
    """``region`` as ``draw_rgb(canvas)`` draws it, blended in the CMYK of ``converter`` over
    paper (0 ink), exactly ``px_w`` x ``px_h`` (drawn at that size by ``pixels.rasterise``, never
    resampled)."""
    from pnpgen.render import pdfdoc, pixels

    r = region
    renders = []
    for channels in ("cmy", "k"):
        canvas = pdfdoc.new_canvas((r.w, r.h), "pnpgen flattening region", standard=None)
        _InkChannels(converter, channels).install(canvas)
        canvas.translate(-r.x0, -r.y0)
        draw_rgb(canvas)
        canvas.showPage()
        (image,) = pixels.rasterise(pdfdoc.pdf_bytes(canvas), r.px_w, r.px_h)
        renders.append(ImageChops.invert(image.convert("RGB")))
    c, m, y = renders[0].split()
    return Image.merge("CMYK", (c, m, y, renders[1].getchannel(0)))


def _flate_with_predictors(cmyk: Image.Image) -> bytes:
    """CMYK pixels as a Flate stream with PNG row predictors (``/Predictor 15``): Pillow's PNG
    encoder does exactly that for four 8-bit channels, so its IDAT data is the stream."""
    buf = io.BytesIO()
    Image.frombytes("RGBA", cmyk.size, cmyk.tobytes()).save(buf, "PNG", compress_level=6)
    png = buf.getvalue()
    pos, idat = 8, []
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            idat.append(png[pos + 8:pos + 8 + length])
        pos += 12 + length
    data = b"".join(idat)
    zlib.decompressobj().decompress(data)  # a broken stream fails here, not in a RIP
    return data
