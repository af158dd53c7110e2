"""reportlab's internals, in one place: the only module that reads or writes reportlab's private
attributes (``canvas._doc``, ``canvas._code``, ``text._curSubset``…), uses its private object
protocol (``__NoDefault__``, ``__InternalName__``…), overrides its private methods or patches it.

Everything else draws through reportlab's public API and these named functions, so a reportlab
release that renames an internal breaks here, in one file, and ``pyproject.toml`` pins reportlab
to the range this module is tested with (``tests/project/test_reportlab_internals.py`` fails when any
other module touches an internal, and when the installed reportlab is outside the range).

Why pnpgen goes below the public API at all: speed (a sheet places every card copy, and a face
writes every run of text, straight into the page's operators: ``place_form``, ``text_out``),
memory (``write_document`` writes a PDF object by object), complete form resources
(``form_resources``), and press output (colour hooks, transparency groups, the catalogue keys
reportlab writes).
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, BinaryIO, Callable

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc as rl_pdfdoc
from reportlab.pdfbase.pdfdoc import PDFObject
from reportlab.pdfbase.pdfdoc import pdfdocEnc as _pdfdoc_enc  # reportlab's own, before it is memoised below
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

TESTED = "reportlab>=5.0,<6"  # as pyproject.toml pins it


# -- patches, made once at import --------------------------------------------------------------------
_NOT_PDFDOC = re.compile("[\x18-\x1f]")


def pdfdoc_text(text: str | bytes) -> bytes:
    """What reportlab's ``pdfdocEnc`` gives for ``text``, without its cache: ASCII text is its own
    PDFDocEncoding (all but 0x18-0x1F, which that encoding has no bytes for), the rest goes to
    reportlab."""
    if isinstance(text, str) and text.isascii() and not _NOT_PDFDOC.search(text):
        return text.encode("ascii")
    return _pdfdoc_enc(text)


def _memoise_formatting() -> None:
    """reportlab formats every dictionary key through ``PDFName`` and every string and number
    through ``pdfdocEnc`` (about 75 calls an object); a deck's objects repeat the same few hundred
    keys, names and numbers, so both are memoised where ``pdfdoc.format`` looks them up. Both are
    pure functions of one str (or bytes), so every byte written stays the same.

    The long text a deck has, every form's drawing, is encoded without the cache (it is always new,
    and a cache would only hash and hold it): reportlab's ``PDFFormXObject.setStreamList`` is
    replaced by the same join through :func:`pdfdoc_text`."""
    for name in ("PDFName", "pdfdocEnc"):
        fn = getattr(rl_pdfdoc, name)
        if not hasattr(fn, "cache_info"):
            setattr(rl_pdfdoc, name, lru_cache(maxsize=4096)(fn))

    def setStreamList(self, data):
        self.stream = pdfdoc_text("\n".join(data) if isinstance(data, (list, tuple)) else data)

    rl_pdfdoc.PDFFormXObject.setStreamList = setStreamList


_memoise_formatting()


@contextmanager
def no_ascii85():
    """Streams made in this block are written binary: reportlab ASCII85-encodes image streams by
    default (+25 % size)."""
    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = old


# -- a canvas's state --------------------------------------------------------------------------------
def register_on_first_use(loaders: dict[str, Callable[[], None]]) -> None:
    """Let reportlab register each font of ``loaders`` (name -> a function that registers it) the
    first time it looks the name up: every lookup (``setFont``, ``stringWidth``, ``getFont``) reads
    reportlab's registry, which becomes a dict that asks the loader for a name it lacks. Parsing a
    TrueType file costs ~12 ms (the CJK face 40), and a run mostly uses two or three of the faces."""
    from reportlab.pdfbase import pdfmetrics

    registry = pdfmetrics._fonts
    if not isinstance(registry, _LoadingRegistry):
        registry = _LoadingRegistry(registry)
        pdfmetrics._fonts = registry
    registry.loaders.update(loaders)


class _LoadingRegistry(dict):
    """reportlab's font registry, registering a known font at its first lookup."""

    def __init__(self, fonts: dict) -> None:
        super().__init__(fonts)
        self.loaders: dict[str, Callable[[], None]] = {}

    def __missing__(self, name):
        load = self.loaders.get(name)
        if load is None:
            raise KeyError(name)
        load()  # reportlab's registerFont stores the font here; a file that fails to load fails again
        del self.loaders[name]
        return dict.__getitem__(self, name)


def document(canvas: Any):
    """The canvas's ``PDFDocument``."""
    return canvas._doc


def page_code(canvas: Any) -> list[str]:
    """The operators of the page or form being drawn: append to write straight into it."""
    return canvas._code


def use_form(canvas: Any, name: str) -> None:
    """Note that the page or form being drawn uses XObject ``name`` (its resources list it)."""
    canvas._formsinuse.append(name)


def forms_in_use(canvas: Any) -> list[str]:
    return canvas._formsinuse


def has_images(canvas: Any) -> None:
    """Note that the page being drawn shows a picture (its ProcSet names the image procedures)."""
    canvas._currentPageHasImages = 1


def add_xobject(canvas: Any, obj: Any) -> None:
    """Give a picture XObject the canvas's graphics-state bookkeeping before it is registered."""
    canvas._setXObjects(obj)


def form_being_drawn(canvas: Any) -> str:
    """The name ``beginForm`` was given for the form being drawn."""
    return canvas._formData[0]


def fill_colour(canvas: Any):
    return canvas._fillColorObj


def stroke_colour(canvas: Any):
    return canvas._strokeColorObj


def line_width(canvas: Any) -> float:
    return canvas._lineWidth


def current_matrix(canvas: Any) -> tuple:
    return canvas._currentMatrix


def graphics_state_items(canvas: Any) -> list[tuple[str, Any]]:
    """The (key, value) graphics-state settings (opacity, blend mode…) of the page or form being drawn."""
    return canvas._extgstate._c


def colour_hook(obj: Any) -> Callable | None:
    """The function a canvas or text object passes every colour set on it through (or None)."""
    return obj._enforceColorSpace


def set_colour_hook(obj: Any, hook: Callable | None) -> None:
    obj._enforceColorSpace = hook


def text_sets_own_fill(text_object: Any) -> bool:
    """Whether a fill colour was set on the text object itself (not inherited from its canvas)."""
    return "_fillColorObj" in text_object.__dict__


def text_code(text_object: Any) -> list[str]:
    """The text object's operators (``BT`` first): append or insert to write straight into it."""
    return text_object._code


def text_document(text_object: Any):
    """The ``PDFDocument`` of the canvas a text object draws on."""
    return text_object._canvas._doc


class FinishHook:
    """A Canvas mixin: ``pnp_finishing(obj)`` hears each page and form just before reportlab adds it
    to the document (after it set the object's graphics states), so its dictionary can be added to."""

    def _setExtGState(self, obj):
        super()._setExtGState(obj)
        self.pnp_finishing(obj)

    def pnp_finishing(self, obj) -> None:
        pass


# -- reportlab's object protocol ---------------------------------------------------------------------
class RefOnlyObject(PDFObject):
    """A PDF object only ever written as an indirect object, never inline."""

    __RefOnly__ = 1


def internal_name(obj: Any) -> str | None:
    """The name a document registered ``obj`` under (None: not registered)."""
    return getattr(obj, "__InternalName__", None)


def set_internal_name(obj: Any, name: str) -> None:
    obj.__InternalName__ = name


def write_also(obj: Any, key: str) -> None:
    """Make reportlab write dictionary ``key`` of ``obj`` (a catalogue or page), which it leaves out
    of the keys it lists by default; a fresh list, so other objects of the class are unchanged."""
    obj.__NoDefault__ = list(type(obj).__NoDefault__) + [key]


def set_comment(obj: Any, text: str) -> None:
    """The comment reportlab writes before ``obj`` when it writes comments."""
    obj.__Comment__ = text


def time_stamp(doc: Any):
    """The document's creation time (fixed for an invariant document)."""
    return doc._timeStamp


def date_formatter(info: Any):
    return info._dateFormatter


def take_soft_mask(image: Any):
    """A picture XObject's soft mask, handed over once (None if it has none)."""
    smask = getattr(image, "_smask", None)
    if smask:
        del image._smask
    return smask


def ascii_readable(font: Any) -> bool:
    """A TrueType font's choice of subset 0 for ASCII (its ``TTFont.State`` is made with it)."""
    return font._asciiReadable


# -- reportlab's drawing, written straight -----------------------------------------------------------
def text_out(text_object, font, text: str) -> None:
    """reportlab's ``text_object.textOut(text)`` for a plain ``str`` in the text object's current
    TrueType ``font`` (the font object, as ``pdfmetrics.getFont`` gives it): the same operators,
    subset switches and subset state, without moving the text cursor, which nothing reads here
    (every line and every icon starts from ``setTextOrigin``). Any other font or string goes
    through reportlab's own ``textOut``.

    Every run of card text is drawn this way; reportlab's call measured the run's width again for
    the cursor and swapped its state around the formatting. Tested against ``textOut``."""
    if not font._dynamicFont or text.__class__ is not str:
        text_object.textOut(text)
        return
    canvas = text_object._canvas
    doc, escape = canvas._doc, canvas._escape
    parts = []
    size_and_leading = None
    for subset, piece in font.splitString(text, doc):
        if subset != text_object._curSubset:
            if size_and_leading is None:
                size_and_leading = f"{fp_str(text_object._fontsize)} Tf {fp_str(text_object._leading)} TL"
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {size_and_leading}")
            text_object._curSubset = subset
        parts.append(f"({escape(piece)}) Tj")
    text_object._code.append(" ".join(parts))


def place_form(canvas: Any, name: str, clip: tuple[float, float, float, float], dx: float, dy: float) -> None:
    """Draw form ``name`` moved by (``dx``, ``dy``) and clipped to ``clip`` (x, y, w, h).

    These are exactly the operators and bookkeeping of reportlab's ``saveState``, ``clipPath`` of a
    rectangle (no stroke, no fill), ``translate``, ``doForm`` and ``restoreState``, written straight
    into the page's code. A sheet places every card copy and every back this way, and reportlab's
    calls copy the whole graphics state twice around a state that nothing between them changes.
    Tested against those calls."""
    code = canvas._code
    code.append("q")
    code.append("n %s re%sn" % (fp_str(clip), " W* " if canvas._fillMode == FILL_EVEN_ODD else " W "))
    code.append("%s cm" % fp_str(1, 0, 0, 1, dx, dy))
    code.append("/%s Do" % canvas._doc.getXObjectName(name))
    canvas._formsinuse.append(name)
    code.append("Q")


def form_resources(canvas: Any):
    """The resources of the form being drawn: fonts, procsets, XObjects (forms and pictures),
    graphics states, shadings and colour spaces it used."""
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    res = PDFResourceDictionary()
    res.basicFonts()
    res.allProcs()
    if canvas._formsinuse:
        res.XObject = canvas._doc.xobjDict(canvas._formsinuse)
    state = canvas._extgstate.getState()
    if state:
        res.ExtGState = state
    res.setShading(canvas._shadingUsed)
    res.setColorSpace(canvas._colorsUsed)
    return res


def has_drawing(canvas: Any) -> bool:
    """Whether the page being drawn has any operators yet (an unfinished page to show)."""
    return bool(len(canvas._code))


def write_document(canvas: Any, out: BinaryIO) -> None:
    """reportlab's ``PDFDocument.GetPDFData`` and ``format`` (5.x), each object written to ``out``
    as it is formatted instead of all of them joined in memory; the bytes are the same (a test
    compares them). Digital signatures, which pnpgen never makes, are left out."""
    from reportlab.pdfbase.pdfdoc import PDFCrossReferenceTable, PDFFile, PDFIndirectObject, PDFTrailer

    doc = canvas._doc
    for font in doc.delayedFonts:
        font.addObjects(doc)
    doc.info.invariant = doc.invariant
    doc.info.digest(doc.signature)
    doc.Reference(doc.Catalog)
    doc.Reference(doc.info)
    doc.Outlines.prepare(doc, canvas)
    if doc.Outlines.ready < 0:
        doc.Catalog.Outlines = None
    if getattr(doc, "_digiSigs", None):
        raise ValueError("signed PDFs are not written by pnpgen")
    # PDFDocument.format from here
    doc.encrypt.prepare(doc)
    cat, info = doc.Catalog, doc.info
    doc.Reference(cat)
    doc.Reference(info)
    encryptref = None
    encryptinfo = doc.encrypt.info()
    if encryptinfo:
        encryptref = doc.Reference(encryptinfo)
    counter, ids = 0, []
    numbertoid, id_to_object, id_to_offset = doc.numberToId, doc.idToObject, doc.idToOffset
    file = PDFFile(doc._pdfVersion)  # the header goes into its list: written out, then each object as it comes
    out.write(b"".join(file.strings))
    file.strings = []
    file.write = out.write
    doc.__accum__ = file  # as reportlab: objects may ask where they are in the file
    while True:  # new objects may be registered while earlier ones are formatted
        counter += 1
        if counter not in numbertoid:
            break
        oid = numbertoid[counter]
        obj = id_to_object[oid]
        formatted = PDFIndirectObject(oid, obj).format(doc)
        if not rl_config.invariant and rl_config.pdfComments:
            try:
                classname = obj.__class__.__name__
            except Exception:
                classname = ascii(obj)
            file.add("%% %s: class %s \n" % (ascii(oid), classname[:50]))
        id_to_offset[oid] = file.add(formatted)
        ids.append(oid)
    del doc.__accum__
    if counter - 1 != len(numbertoid):
        raise ValueError(f"counter {counter} doesn't match number to id dictionary {len(numbertoid)}")
    xref = PDFCrossReferenceTable()
    xref.addsection(0, ids)
    xrefoffset = file.add(xref.format(doc))
    trailer = PDFTrailer(startxref=xrefoffset, Size=len(numbertoid) + 1, Root=doc.Reference(cat),
                         Info=doc.Reference(info), Encrypt=encryptref, ID=doc.ID())
    file.add(trailer.format(doc))
