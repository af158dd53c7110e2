"""The names of the files a build writes: each kind of output has its own, so no build writes over
(or clears) a file another kind of build wrote. A kind is what changes what the paper is for, not a
setting of it: the card sheets for duplex, gutterfold or one cutting machine; RGB home-printing PDFs
or one PDF/X standard's press PDFs; the whole deck or a selection; full ink or ink saver.

``<kit>[-gutterfold|-cut-<machine>]-<paper>[-pdfx<standard>][-selection][-inksaver].pdf`` are the
card sheets (with ``-manifest.csv`` beside them and, cut, ``cut/<card PDF stem>-sheet<n>.*``);
tokens, boards and reference sheets are ``<kit>-<part>-<paper>[-pdfx<standard>].pdf`` and the odds
cards ``<kit>-odds[-gutterfold]-<paper>[-pdfx<standard>][-inksaver].pdf``. Settings within a kind
(bleed, duplex edge, back offset, dpi) keep the name: a build with other settings replaces the file.
A build in a translated language (``build --lang de``) is a kind of its own: ``<kit>`` is then
``<kit>-<lang>`` in every name (:func:`in_language`), PNG and TTS folders included.
"""

from __future__ import annotations


def in_language(kit: str, lang: str | None) -> str:
    """The kit's name in file names: ``tidepool`` in its own language, ``tidepool-de`` in German."""
    return f"{kit}-{lang}" if lang else kit


def press_tag(pdfx: str | None) -> str:
    """``-pdfx4``, ``-pdfx1a`` or ``-pdfx1a2003`` for a PDF/X build; nothing for an RGB one."""
    return f"-pdfx{pdfx.replace(':', '')}" if pdfx else ""


def card_stem(kit: str, paper: str, *, gutterfold: bool = False, cut: str | None = None, pdfx: str | None = None,
              selection: bool = False, ink_saver: bool = False) -> str:
    """The card PDF's name without ``.pdf`` (its manifest and cut files start with it too)."""
    layout = "-gutterfold" if gutterfold else f"-cut-{cut}" if cut else ""
    return (f"{kit}{layout}-{paper}{press_tag(pdfx)}" + ("-selection" if selection else "")
            + ("-inksaver" if ink_saver else ""))


def part_name(kit: str, part: str, paper: str, *, pdfx: str | None = None) -> str:
    """Tokens, boards or reference sheets: laid out alike in every kind of card build."""
    return f"{kit}-{part}-{paper}{press_tag(pdfx)}.pdf"


def odds_name(kit: str, paper: str, *, gutterfold: bool = False, pdfx: str | None = None,
              ink_saver: bool = False) -> str:
    """The odds reference cards, imposed like the card sheets (duplex or gutterfold)."""
    return (f"{kit}-odds{'-gutterfold' if gutterfold else ''}-{paper}{press_tag(pdfx)}"
            + ("-inksaver" if ink_saver else "") + ".pdf")


def tts_folder(selection: bool) -> str:
    """A selection's Tabletop Simulator deck is its own: it must not replace the whole deck's."""
    return "tts-selection" if selection else "tts"


def calibration_name(paper: str, duplex: str = "long") -> str:
    """``calibration-<paper>.pdf`` (long-edge flip) or ``calibration-<paper>-short.pdf``."""
    return f"calibration-{paper}{'-short' if duplex == 'short' else ''}.pdf"
