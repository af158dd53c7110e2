"""Colour management for press output (``pnpgen build --pdfx``, CMYK shop presets): sRGB -> the
shipped CMYK profile, with black ink where black ink belongs.

This module owns the one ICC transform every press PDF goes through (LittleCMS via Pillow's
ImageCms), so a fill, a stroke, a gradient stop and a picture's pixels all land on the same inks:

- the output condition: which CMYK profile is shipped (``pnpgen/profiles/``, with its licence and
  source in the README there), how a PDF/X OutputIntent names it, and its total ink limit;
- :class:`CmykConverter`: a colour (reportlab ``Color``, RGB tuple, name, or a template's
  ``cmyk(…)`` colour) and what it is used for -> ``CMYKColor``, cached per 8-bit colour; a picture
  -> a CMYK Pillow image (+ its alpha channel, kept separately).

The rules (docs/print-shops.md, "Black ink"):

- **Greys** (R = G = B) are black ink only, wherever they are used: an RGB grey through any CMYK
  profile becomes four inks, which misregisters on press and tints with drift; a K-only grey of the
  same lightness (L*, measured through the same profile) prints as the designer saw it. #000000 is
  100 % K.
- **Near-neutral colours** (CIELAB chroma ≤ :data:`NEUTRAL_CHROMA`, e.g. an "ink" #16191d) used for **text** (glyphs, and icons standing in a line of text) and **thin strokes**
  (line width ≤ :data:`THIN_STROKE` pt) are black ink only too, at the K tint of their lightness:
  four inks under fine detail show colour fringes at the slightest misregistration.
- Near-neutral colours filling **areas** (and strokes wider than that) keep the profile's rich black:
  a large K-only area prints a flat dark grey. A template wanting other inks gives them directly.
- **A ``cmyk(c,m,y,k)`` colour** from a template is used as given, whatever it is used for.
- **Total ink** (C + M + Y + K) never exceeds the condition's limit (:attr:`OutputCondition.ink_limit`,
  300 %): a colour over it keeps its black and has cyan, magenta and yellow scaled down to fit, and
  a given ``cmyk(…)`` colour over it is reported (``given_total`` on the result; the build warns).

Why relative colorimetric with black point compensation: it is what prepress tools use by default
for flat colours and keeps in-gamut colours as they are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from PIL import Image, ImageCms

from pnpgen import bundled

PROFILES_DIR = bundled.profiles()

# A colour whose CIELAB chroma C*ab (sRGB, D65) is at most this is near-neutral: it reads as black
# or grey, with at most a tint. The "ink" colours of the bundled games are (#16191d 3.3, #17191c
# 2.4, tidepool's blue-black #10202a 9.3), so are slate greys (#2a3037 5.4, #5c6670 7.1); a navy
# (#0c2c4a 21.9), a maroon (#4a0d09 33.5) or a forest green (#0d3b22 25.0) keeps its colour.
NEUTRAL_CHROMA = 10.0
# Strokes this wide (points, 0.7 mm) or thinner are line work, inked like text.
THIN_STROKE = 2.0
USES = ("area", "text", "line")


@dataclass(frozen=True)
class OutputCondition:
    """A printing condition as a PDF/X OutputIntent names it, and the profile that describes it."""

    profile_file: str
    identifier: str       # OutputConditionIdentifier: the ICC characterisation registry's name
    registry: str         # RegistryName
    description: str      # Info / OutputCondition: for people
    ink_limit: float = 3.0  # total area coverage, C + M + Y + K (3.0 = 300 %)

    @property
    def path(self) -> Path:
        return PROFILES_DIR / self.profile_file

    def profile_bytes(self) -> bytes:
        return self.path.read_bytes()


# SWOP 2006 Coated #3 (characterisation data CGATS TR 003) is the US web-offset condition that
# DriveThruCards' instructions name ("US Web Coated (SWOP) v2", docs/print-shops.md); the profile is
# the CC0 "Amethyst" one built from that data with ArgyllCMS (pnpgen/profiles/README.md).
SWOP_2006_COATED = OutputCondition(
    profile_file="SWOP2006coated_300_mth.icc",
    identifier="CGATS TR 003",
    registry="http://www.color.org",
    description="SWOP 2006 Coated #3 (CGATS TR 003), 300% total ink; profile: SWOP 2006 Coated 300% (Amethyst), CC0",
)
DEFAULT_CONDITION = SWOP_2006_COATED


def _q(v: float) -> int:
    return max(0, min(255, round(v * 255)))


def chroma(key: tuple[int, int, int]) -> float:
    """CIELAB chroma C*ab of an 8-bit sRGB colour (D65 white): 0 for greys."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255.0 for v in key)]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z))
    return math.hypot(500 * (fx - fy), 200 * (fy - fz))


class _Profile(ImageCms.ImageCmsProfile):
    """An ICC profile serialised once. Pillow's transforms attach the output profile's bytes to
    every image they return (``ImageCmsTransform.apply``), serialising the profile anew each time:
    ~40 ms for the press profile, against microseconds for converting a colour, so every new colour
    of a CMYK build cost 40 ms (61 colours: 2.4 s of a 6 s test build). The bytes are the same."""

    _bytes: bytes | None = None

    def tobytes(self) -> bytes:
        if self._bytes is None:
            self._bytes = super().tobytes()
        return self._bytes


class CmykConverter:
    """sRGB colours and pictures -> CMYK of one output condition, through ICC transforms."""

    def __init__(self, condition: OutputCondition = DEFAULT_CONDITION):
        self.condition = condition
        self._cache: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}

    @cached_property
    def _profile(self):
        return _Profile(str(self.condition.path))

    @cached_property
    def _to_cmyk(self):
        return ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), self._profile, "RGB", "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)

    @cached_property
    def _k_lightness(self) -> list[float]:
        """L* (0-100) of 0..100 % black ink alone on this condition's paper, 256 steps."""
        ramp = Image.frombytes("CMYK", (256, 1), bytes(b for k in range(256) for b in (0, 0, 0, k)))
        to_lab = ImageCms.buildTransform(self._profile, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                         renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                         flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        lab = ImageCms.applyTransform(ramp, to_lab)
        return [lab.getpixel((k, 0))[0] * 100.0 / 255.0 for k in range(256)]

    @cached_property
    def _srgb_lightness(self) -> list[float]:
        """L* of the 256 sRGB greys (relative to white, as the K ramp is relative to paper)."""
        ramp = Image.frombytes("RGB", (256, 1), bytes(b for g in range(256) for b in (g, g, g)))
        to_lab = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB")
        lab = ImageCms.applyTransform(ramp, to_lab)
        return [lab.getpixel((g, 0))[0] * 100.0 / 255.0 for g in range(256)]

    @cached_property
    def _to_lab(self):
        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB")

    def _grey_k(self, g: int) -> float:
        """Black ink (0-1) whose lightness matches sRGB grey ``g`` (0-255)."""
        if g == 0:
            return 1.0
        if g == 255:
            return 0.0
        return self._k_for(self._srgb_lightness[g])

    def _k_for(self, target: float) -> float:
        """Black ink (0-1) whose lightness on paper is L* ``target``."""
        ramp = self._k_lightness  # falls as K rises
        if target >= ramp[0]:
            return 0.0
        for k in range(1, 256):
            if ramp[k] <= target:
                hi, lo = ramp[k - 1], ramp[k]
                frac = (hi - target) / (hi - lo) if hi != lo else 0.0
                return min(1.0, (k - 1 + frac) / 255.0)
        return 1.0

    def _lightness(self, key: tuple[int, int, int]) -> float:
        return ImageCms.applyTransform(Image.new("RGB", (1, 1), key), self._to_lab).getpixel((0, 0))[0] * 100.0 / 255.0

    def rgb(self, r: float, g: float, b: float, use: str = "area") -> tuple[float, float, float, float]:
        """CMYK (0-1 each) for an sRGB colour (0-1 each) used as ``use`` (one of :data:`USES`),
        rounded to 1/1000 so files stay stable."""
        key = (_q(r), _q(g), _q(b))
        spread = max(key) - min(key)
        k_only = spread == 0 or (use != "area" and chroma(key) <= NEUTRAL_CHROMA)
        hit = self._cache.get((key, k_only))
        if hit is not None:
            return hit
        if spread == 0:
            cmyk = (0.0, 0.0, 0.0, self._grey_k(key[0]))
        elif k_only:
            cmyk = (0.0, 0.0, 0.0, self._k_for(self._lightness(key)))
        else:
            px = ImageCms.applyTransform(Image.new("RGB", (1, 1), key), self._to_cmyk).getpixel((0, 0))
            cmyk = tuple(v / 255.0 for v in px)
        cmyk = self.limit(tuple(round(v, 3) for v in cmyk))
        self._cache[(key, k_only)] = cmyk
        return cmyk

    def limit(self, cmyk: tuple) -> tuple[float, float, float, float]:
        """``cmyk`` within the condition's total ink: black kept, the other three scaled down."""
        c, m, y, k = cmyk
        most = self.condition.ink_limit
        if c + m + y + k <= most + 1e-9:
            return (c, m, y, k)
        scale = max(0.0, most - k) / (c + m + y)
        # Rounded down, so the sum stays within the limit in the file's 3 decimals.
        return tuple(math.floor(v * scale * 1000) / 1000 for v in (c, m, y)) + (k,)

    def colour(self, value, use: str = "area"):
        """Any reportlab colour value used as ``use`` -> ``CMYKColor`` keeping its alpha. CMYK values
        (a ``CMYKColor``, a 4-tuple, a template's ``cmyk(…)`` colour) keep their inks, within the
        ink limit; a given colour over it carries ``given_total`` (its own total) for a warning."""
        from reportlab.lib.colors import CMYKColor, Color, toColor

        if isinstance(value, str):
            value = toColor(value)
        # reportlab sets an opacity after a colour only when the colour carries one (a tuple does
        # not): keep that, so a plain colour adds no graphics state (and no transparency to X-1a).
        alpha = getattr(value, "alpha", None)
        given = getattr(value, "cmyk", None)
        if isinstance(value, CMYKColor):
            d = value.density
            given = (value.cyan * d, value.magenta * d, value.yellow * d, value.black * d)
            if sum(given) <= self.condition.ink_limit + 1e-9:
                return value  # spot colours and densities pass as they are
        elif isinstance(value, (tuple, list)):
            if len(value) == 4:
                given, alpha = tuple(value), None
            value = None if given is not None else Color(*value)
        if given is not None:
            inks = self.limit(tuple(given))
            out = CMYKColor(*inks)
            out.alpha = alpha
            if inks != tuple(given):
                out.given_total = sum(given)
            return out
        out = CMYKColor(*self.rgb(value.red, value.green, value.blue, use))
        out.alpha = alpha
        return out

    def image(self, im: Image.Image) -> tuple[Image.Image, Image.Image | None]:
        """(CMYK picture, its alpha channel or None). Pixels go through the same ICC transform as
        colours; a picture that is CMYK already is taken as meant for press and kept."""
        alpha = None
        if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
            im = im.convert("RGBA")
            alpha = im.getchannel("A")
            if alpha.getextrema() == (255, 255):
                alpha = None
        if im.mode == "CMYK":
            return im, alpha
        rgb = im.convert("RGB")
        return ImageCms.applyTransform(rgb, self._to_cmyk), alpha
