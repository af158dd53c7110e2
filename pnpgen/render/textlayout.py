"""The text fitting of card faces: each text takes one of two paths, chosen by its characters.

Texts with a right-to-left, shaped or CJK script (:func:`pnpgen.render.scripts.is_complex`) are
fitted by :mod:`pnpgen.render.shapedfit` (HarfBuzz, bidi, UAX #14); all others by
:mod:`pnpgen.render.textfit` exactly as before, so their output does not change. Both take the same
arguments and give the same :class:`~pnpgen.render.textfit.FitResult`.
"""

from __future__ import annotations

from pnpgen.render import shapedfit, textfit
from pnpgen.render.scripts import is_complex


def fit_text(text: str, *args, **kwargs) -> textfit.FitResult:
    """``textfit.fit_text``'s arguments and result, on the path ``text`` needs."""
    if is_complex(text):
        return shapedfit.fit_shaped(text, *args, **kwargs)
    return textfit.fit_text(text, *args, **kwargs)


def fits_box(text: str, *args, **kwargs) -> bool:
    """``textfit.fits_box``'s arguments and result, on the path ``text`` needs."""
    if is_complex(text):
        return shapedfit.fit_shaped(text, *args, **kwargs).fits
    return textfit.fits_box(text, *args, **kwargs)


def forget() -> None:
    """Drop both paths' kept fits (``pnpgen.render.face.forget_drawn_faces``)."""
    textfit.fit_text.cache_clear()
    shapedfit.fit_shaped.cache_clear()
