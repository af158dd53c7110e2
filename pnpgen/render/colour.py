"""Colour management for press output (``pnpgen build --pdfx``): sRGB -> the shipped CMYK profile.

This module owns the one ICC transform every press PDF goes through (LittleCMS via Pillow's
ImageCms), so a fill, a stroke, a gradient stop and a picture's pixels all land on the same inks:

- the output condition: which CMYK profile is shipped (``pnpgen/profiles/``, with its licence and
  source in the README there) and how a PDF/X OutputIntent names it;
- :class:`CmykConverter`: a colour (reportlab ``Color``, RGB tuple, name) -> ``CMYKColor``, cached
  per 8-bit colour; a picture -> a CMYK Pillow image (+ its alpha channel, kept separately); a
  rendered area of a face (X-1a raster flattening) -> CMYK with its neutral pixels as black ink
  only, exactly as vector greys, so the two meet without a seam.

Why relative colorimetric with black point compensation: it is what prepress tools use by default
for flat colours and keeps in-gamut colours as they are. Why neutral greys go to black ink only:
an RGB grey through any CMYK profile becomes four inks (a "rich" grey), which misregisters on press
and tints with drift; a K-only grey of the same lightness (L*, measured through the same profile)
prints as the designer saw it. Pure black (#000000) is 100 % K.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from PIL import Image, ImageChops, ImageCms

PROFILES_DIR = Path(__file__).resolve().parent.parent / "profiles"


@dataclass(frozen=True)
class OutputCondition:
    """A printing condition as a PDF/X OutputIntent names it, and the profile that describes it."""

    profile_file: str
    identifier: str       # OutputConditionIdentifier: the ICC characterisation registry's name
    registry: str         # RegistryName
    description: str      # Info / OutputCondition: for people

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


class CmykConverter:
    """sRGB colours and pictures -> CMYK of one output condition, through ICC transforms."""

    def __init__(self, condition: OutputCondition = DEFAULT_CONDITION):
        self.condition = condition
        self._cache: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}

    @cached_property
    def _profile(self):
        return ImageCms.ImageCmsProfile(str(self.condition.path))

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

    def _grey_k(self, g: int) -> float:
        """Black ink (0-1) whose lightness matches sRGB grey ``g`` (0-255)."""
        if g == 0:
            return 1.0
        if g == 255:
            return 0.0
        target = self._srgb_lightness[g]
        ramp = self._k_lightness  # falls as K rises
        for k in range(1, 256):
            if ramp[k] <= target:
                hi, lo = ramp[k - 1], ramp[k]
                frac = (hi - target) / (hi - lo) if hi != lo else 0.0
                return min(1.0, (k - 1 + frac) / 255.0)
        return 1.0

    def rgb(self, r: float, g: float, b: float) -> tuple[float, float, float, float]:
        """CMYK (0-1 each) for an sRGB colour (0-1 each), rounded to 1/1000 so files stay stable."""
        key = (_q(r), _q(g), _q(b))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if key[0] == key[1] == key[2]:
            cmyk = (0.0, 0.0, 0.0, self._grey_k(key[0]))
        else:
            px = ImageCms.applyTransform(Image.new("RGB", (1, 1), key), self._to_cmyk).getpixel((0, 0))
            cmyk = tuple(v / 255.0 for v in px)
        cmyk = tuple(round(v, 3) for v in cmyk)
        self._cache[key] = cmyk
        return cmyk

    def colour(self, value):
        """Any reportlab colour value -> ``CMYKColor`` keeping its alpha (CMYK and spot colours pass)."""
        from reportlab.lib.colors import CMYKColor, Color, toColor

        if isinstance(value, CMYKColor):
            return value
        if isinstance(value, str):
            value = toColor(value)
        # reportlab sets an opacity after a colour only when the colour carries one (a tuple does
        # not): keep that, so a plain colour adds no graphics state (and no transparency to X-1a).
        alpha = getattr(value, "alpha", None)
        if isinstance(value, (tuple, list)):
            if len(value) == 4:
                out = CMYKColor(*value)
                out.alpha = None
                return out
            value = Color(*value)
        out = CMYKColor(*self.rgb(value.red, value.green, value.blue))
        out.alpha = alpha
        return out

    def raster(self, rgb: Image.Image) -> Image.Image:
        """A rendered area of a face (``pnpgen.render.rasterflat``) as CMYK: the colour transform
        for every pixel, and neutral pixels (R = G = B) as black ink only, as :meth:`rgb` does for
        vector greys: the area's white, black lines and greys print the same inks as the vectors
        around it."""
        rgb = rgb.convert("RGB")
        cmyk = ImageCms.applyTransform(rgb, self._to_cmyk)
        r, g, b = rgb.split()
        spread = ImageChops.lighter(ImageChops.difference(r, g), ImageChops.difference(g, b))
        neutral = spread.point([255] + [0] * 255)
        zero = Image.new("L", rgb.size, 0)
        black = r.point([_q(self._grey_k(v)) for v in range(256)])
        cmyk.paste(Image.merge("CMYK", (zero, zero, zero, black)), mask=neutral)
        return cmyk

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
