"""Raster pictures opened safely: the pixel limit before any decoding, one full decode per content.

A picture from a stranger's folder may be a decompression bomb (a 657 KB PNG of 13,000 x 13,000
pixels), truncated, or carry a text-chunk bomb after its pixels. Every raster picture pnpgen draws
(a card's art, a picture embedded in an SVG as a ``data:`` URI) goes through :func:`open_lazily`
(header only: format and pixel size, refused above ``PNPGEN_LIMIT_IMAGE_PIXELS`` before a pixel is
decoded) and :func:`facts` (decoded once in full, so truncation and chunk bombs are one error line
here rather than a half picture or a traceback in the PDF writer). What the full decode learns (EXIF
orientation, whether the alpha channel is used) is kept on disk by content hash next to the
downsampled pictures, so a rebuild decodes nothing.
"""

from __future__ import annotations

import io
import json
import warnings
from dataclasses import asdict, dataclass

from PIL import Image

from pnpgen.errors import ImageError
from pnpgen.files import cache_dir
from pnpgen.fsutil import atomic_write_bytes
from pnpgen.limits import limit, too_big

FORMATS = ("PNG", "JPEG", "WEBP")
# Names for formats Pillow could read but pnpgen does not take, told apart by their first bytes, so
# the error says "GIF pictures are not supported" rather than "unreadable".
_OTHER_KINDS = ((b"GIF8", "GIF"), (b"BM", "BMP"), (b"II*\0", "TIFF"), (b"MM\0*", "TIFF"), (b"%!PS", "PostScript"),
                (b"\0\0\1\0", "ICO"), (b"8BPS", "Photoshop"))
# EXIF Orientation (tag 0x0112) -> the transpose that makes the picture upright: the table
# PIL.ImageOps.exif_transpose uses. Applied after downsampling, where it costs least.
UPRIGHT = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
           5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
           8: Image.Transpose.ROTATE_90}
_FACTS_VERSION = 1


class PictureRefused(ImageError):
    """A picture file that was found but cannot be drawn: too many pixels, damaged or cut short, of
    a kind pnpgen does not take, or an SVG breaking one of :mod:`pnpgen.render.svgcheck`'s rules."""


@dataclass(frozen=True)
class Facts:
    """What one picture's content is, learned by decoding it once."""
    format: str
    width: int              # as stored, before the EXIF orientation is applied
    height: int
    mode: str
    has_alpha: bool
    alpha_used: bool        # some pixel is not fully opaque
    orientation: int = 1    # EXIF orientation, 1-8

    @property
    def upright_size(self) -> tuple[int, int]:
        return (self.height, self.width) if self.orientation in (5, 6, 7, 8) else (self.width, self.height)


def check_pixels(size: tuple[int, int], name: str, already: int = 0, what: str = "the picture") -> int:
    """Refuse a picture whose pixel count (plus ``already`` counted) is over the limit; returns the count."""
    pixels = max(1, size[0]) * max(1, size[1])
    if already + pixels > limit("image_pixels"):
        together = f" ({already + pixels:,} with the other pictures in it)" if already else ""
        raise PictureRefused(f"{name}: {what} is {size[0]:,}×{size[1]:,} = {pixels:,} pixels{together}, too many to "
                         f"decode safely", hint=too_big("image_pixels", "scale it down (a card at 300 dpi needs about "
                                                                        "1 million pixels)"))
    return pixels


def open_lazily(data: bytes, name: str, what: str = "the picture", already: int = 0) -> Image.Image:
    """The picture's header read by Pillow (nothing decoded yet), refused if it has too many pixels
    or is not PNG, JPEG or WebP. Pillow's own bomb check is kept in step with pnpgen's limit, and its
    warning (two raw lines on stderr) is replaced by pnpgen's one-line error."""
    Image.MAX_IMAGE_PIXELS = limit("image_pixels")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(io.BytesIO(data), formats=FORMATS)
    except Image.DecompressionBombError:
        raise PictureRefused(f"{name}: {what} has more than {2 * limit('image_pixels'):,} pixels, too many to decode "
                         f"safely", hint=too_big("image_pixels", "scale it down")) from None
    except Image.UnidentifiedImageError:
        kind = next((k for magic, k in _OTHER_KINDS if data.startswith(magic)), None)
        problem = f"a {kind} picture, which pnpgen does not take" if kind else "not a PNG, JPEG or WebP picture"
        raise PictureRefused(f"{name}: {what} is {problem}", hint="use PNG, JPEG, WebP or SVG") from None
    except Exception as err:  # Pillow raises many types for a broken header
        raise PictureRefused(f"{name}: {what} cannot be read ({reason(err)})", hint="save it again as PNG or JPEG") from None
    if im.format not in FORMATS:  # JPEG's opener may hand back a multi-picture MPO
        im.close()
        raise PictureRefused(f"{name}: {what} is a {im.format or 'unknown'} picture, which pnpgen does not take",
                             hint="use PNG, JPEG, WebP or SVG")
    try:
        check_pixels(im.size, name, already, what)
    except ImageError:
        im.close()
        raise
    return im


def facts(data: bytes, digest: str | None, name: str, what: str = "the picture", already: int = 0) -> Facts:
    """Format, size, orientation and alpha of the picture ``data`` (content hash ``digest``), checked
    against the pixel limit on every call and decoded in full once per content (the result is kept
    in the cache folder; ``digest`` None: not kept)."""
    known = _remembered(digest) if digest else None
    if known is not None:
        check_pixels((known.width, known.height), name, already, what)
        return known
    with open_lazily(data, name, what, already) as im:
        found = _decoded(im, name, what)
    if digest:
        try:
            atomic_write_bytes(_facts_path(digest), json.dumps({"v": _FACTS_VERSION, **asdict(found)}).encode())
        except OSError:
            pass  # a read-only cache only costs a decode per run
    return found


def _decoded(im: Image.Image, name: str, what: str) -> Facts:
    fmt, (w, h), mode = im.format or "", im.size, im.mode
    has_alpha = mode in ("RGBA", "LA", "PA") or (mode == "P" and "transparency" in im.info)
    try:
        orientation = _orientation(im) if fmt == "JPEG" else 1
        if fmt == "JPEG":
            # libjpeg's DCT scaling still reads every coded byte (so truncation is found) while
            # keeping 1/64 of the pixels: a 48 Mpx photo is checked in a few MB.
            im.draft(mode, (1, 1))
        im.load()
        if fmt != "JPEG":
            orientation = _orientation(im)  # PNG and WebP keep EXIF in chunks read by load()
        alpha_used = has_alpha and _alpha_min(im) < 255
    except Exception as err:  # truncated data, a text-chunk bomb (ValueError), a broken stream
        raise PictureRefused(f"{name}: {what} cannot be decoded ({reason(err)})",
                         hint="the file is damaged or cut short: export or download it again") from None
    return Facts(fmt, w, h, mode, has_alpha, alpha_used, orientation)


def _orientation(im: Image.Image) -> int:
    value = im.getexif().get(0x0112, 1)
    return value if isinstance(value, int) and value in UPRIGHT else 1


def _alpha_min(im: Image.Image) -> int:
    # The same answer as im.convert("RGBA").getchannel("A"), without a full RGBA copy where the
    # picture already has an alpha band.
    band = im.getchannel("A") if im.mode in ("RGBA", "LA") else im.convert("RGBA").getchannel("A")
    return band.getextrema()[0]


def _facts_path(digest: str):
    return cache_dir() / "images" / f"{digest}.facts.json"


def _remembered(digest: str) -> Facts | None:
    try:
        raw = json.loads(_facts_path(digest).read_bytes())
        if raw.pop("v", None) != _FACTS_VERSION:
            return None
        found = Facts(**raw)
    except (OSError, ValueError, TypeError):
        return None
    return found if found.format in FORMATS else None


def reason(err: Exception) -> str:
    """Pillow's and reportlab's messages, without the object addresses some of them carry."""
    text = " ".join(str(err).split()) or type(err).__name__
    return text[:160]
