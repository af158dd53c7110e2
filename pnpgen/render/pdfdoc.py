"""The one place that makes reportlab canvases, so every PDF is built the same way:

- forms (XObjects) with complete resources (see ``_Canvas``);
- ``invariant=1``: fixed dates and document id, so two builds are byte-identical;
- ``initialFontName`` = the bundled body face, so reportlab never writes an unembedded Helvetica;
- compressed page streams, encoded as each page or form is finished (see ``_Canvas``) and kept in a
  spool file, not in memory, until the file is written (``_Spool``);
- a form whose dictionary is like one already written (same box, resources, filters) is written from
  that one's bytes with its own length (``_FormTemplate``), not formatted through reportlab again;
- TrimBox/BleedBox set per page (PDF boxes are (x0, y0, x1, y1) in points);
- output written object by object to a temporary file and renamed (``save``), so nothing is ever
  half-written and the file's bytes never all live in memory;
- press output (``--pdfx 4 | 1a | 1a:2003``, see :mod:`pnpgen.render.pdfx`): every colour set on the
  canvas, its forms and text objects goes through the CMYK converter, so no RGB operator is written.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (NoEncryption, PDFArray, PDFDictionary, PDFFormXObject, PDFObject,
                                      PDFObjectReference, PDFResourceDictionary, PDFStream)
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import Canvas

from pnpgen import __version__
from pnpgen.fsutil import atomic_write
from pnpgen.layout.geometry import Rect
from pnpgen.render import fonts, rlcompat
# Written by rlcompat (reportlab's internals); named here too, where the drawing code has always found them.
from pnpgen.render.rlcompat import form_resources, pdfdoc_text, place_form, text_out

__all__ = ["form_resources", "new_canvas", "output_standard", "pdf_bytes", "pdfdoc_text", "place_form", "save",
           "set_output_standard", "set_page", "text_out"]

_DEFAULT = object()

# The press standard of the build being run (``pnpgen build --pdfx``), set by ``output_standard``;
# None = screen/home-print RGB, the default.
_STANDARD = None


def set_output_standard(standard) -> None:
    """PDFs made from now on follow ``standard`` (a :class:`pnpgen.render.pdfx.PdfX`) or plain RGB (None)."""
    global _STANDARD
    _STANDARD = standard


def output_standard():
    return _STANDARD


def new_canvas(pagesize: tuple[float, float], title: str, subject: str = "", standard=_DEFAULT) -> Canvas:
    """A canvas writing into memory; hand it to :func:`save` or :func:`pdf_bytes` when done.

    ``standard`` overrides the build's press standard (raster exports pass None: they are RGB)."""
    fonts.register_fonts()
    standard = _STANDARD if standard is _DEFAULT else standard
    canvas = _Canvas(
        io.BytesIO(),
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.BODY_FONT,
        initialFontSize=8,
        **({"pdfVersion": standard.pdf_version} if standard is not None else {}),
    )
    if standard is not None:
        standard.prepare(canvas)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator(f"pnpgen {__version__}")
    canvas.setProducer(f"pnpgen {__version__} (reportlab)")
    return canvas


def set_page(canvas: Canvas, pagesize: tuple[float, float], trim: Rect, bleed: Rect) -> None:
    """Size and boxes of the page being drawn (reportlab keeps them for following pages too).

    The boxes are clamped to the sheet so Trim ⊆ Bleed ⊆ Media always holds."""
    sheet = Rect(0, 0, *pagesize)
    bleed = bleed.intersect(sheet) or sheet
    trim = trim.intersect(bleed) or bleed
    canvas.setPageSize(pagesize)
    canvas.setBleedBox(_rounded(bleed))
    canvas.setTrimBox(_rounded(trim))


def _rounded(rect: Rect) -> tuple[float, ...]:
    # 4 decimals (1/10000 pt) keeps the file stable and far below any printer's precision.
    return tuple(round(v, 4) for v in rect.box())


class _Canvas(Canvas):
    """A Canvas whose forms carry complete resources.

    reportlab writes a form XObject's resources with fonts and images only, so transparency
    (ExtGState), shadings and colour spaces drawn inside a form become unknown names to a viewer
    (poppler: "ExtGState 'gRLs0' is unknown"). Every form made on our canvases (card faces here,
    shared shape runs in ``face``) gets its resources built the way reportlab builds a page's.
    """

    def endForm(self, **extra_attributes):
        if "Resources" not in extra_attributes:
            extra_attributes["Resources"] = form_resources(self)
        from reportlab.pdfbase.pdfdoc import xObjectName

        name = xObjectName(rlcompat.form_being_drawn(self))  # before endForm restores an enclosing form's data
        super().endForm(**extra_attributes)
        doc = rlcompat.document(self)
        form = doc.idToObject[name]
        _encode_now(form, self._pnp_spool)
        if not _format_now(doc, name, self._pnp_spool) and isinstance(form.Contents, _SpooledStream):
            form.Contents.park()

    def showPage(self):
        super().showPage()
        doc = rlcompat.document(self)
        page = doc.Pages.pages[-1]
        _encode_now(page, self._pnp_spool)
        if isinstance(page.Contents, _SpooledStream):
            page.Contents.park()
            _format_page_now(doc, self._pnp_spool)

    # Finished streams' bytes, kept out of memory until the file is written (made on first use).
    _pnp_spool_file = None

    @property
    def _pnp_spool(self) -> "_Spool":
        if self._pnp_spool_file is None:
            self._pnp_spool_file = _Spool()
        return self._pnp_spool_file


    # Press output: reportlab routes setFillColor/setStrokeColor (canvas and text objects) through
    # ``_enforceColorSpace``, which the standard sets to the CMYK converter; greys, gradients and
    # alpha take these paths. ``_pnp_standard`` is None for plain RGB output (nothing changes).
    _pnp_standard = None

    def setFillGray(self, gray, alpha=None):
        if self._pnp_standard is None:
            return super().setFillGray(gray, alpha)
        self.setFillColor((gray, gray, gray), alpha=alpha)

    def setStrokeGray(self, gray, alpha=None):
        if self._pnp_standard is None:
            return super().setStrokeGray(gray, alpha)
        self.setStrokeColor((gray, gray, gray), alpha=alpha)

    def linearGradient(self, x0, y0, x1, y1, colors, positions=None, extend=True):
        if self._pnp_standard is not None:
            colors = [rlcompat.colour_hook(self)(c) for c in colors]
        super().linearGradient(x0, y0, x1, y1, colors, positions, extend)

    def radialGradient(self, x, y, radius, colors, positions=None, extend=True):
        if self._pnp_standard is not None:
            colors = [rlcompat.colour_hook(self)(c) for c in colors]
        super().radialGradient(x, y, radius, colors, positions, extend)

    def setFillAlpha(self, a):
        if self._pnp_alpha_allowed(a):
            super().setFillAlpha(a)

    def setStrokeAlpha(self, a):
        if self._pnp_alpha_allowed(a):
            super().setStrokeAlpha(a)

    def _pnp_alpha_allowed(self, a) -> bool:
        """Whether an opacity may be set. X-1a forbids transparency: what could be flattened was
        (face renderer), the rest is drawn opaque and refused; opacity 1 is then a no-op that
        would only add an ExtGState."""
        if self._pnp_standard is None or self._pnp_standard.transparency:
            return True
        if a < 1:
            self._pnp_standard.refuse_transparency(self, f"opacity {a:g}")
        return False

def _encode_now(obj, spool: "_Spool") -> None:
    """Compress a finished page's or form's content now rather than when the file is written,
    into a stream to be kept in ``spool``, not in memory (``_SpooledStream.park``).

    reportlab keeps every page and form as drawing text until ``save`` and only then compresses
    it, so a deck's memory grew with its pages at several times the compressed size. This is
    reportlab's own encoding (the same filters, in the same order, named the same way in the
    stream dictionary, which ``PDFStream.format`` then leaves alone), done early, so the bytes
    of the file are the same."""
    from reportlab import rl_config
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFZCompress

    stream = getattr(obj, "stream", None)
    if not stream or obj.Contents or not getattr(obj, "compression", 0):
        return  # reportlab's own path: an empty page, or no compression asked for
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content = stream
    for f in reversed(filters):
        content = f.encode(content)
    if isinstance(content, str) and not content.isascii():  # never from these filters; kept as reportlab would
        contents = PDFStream(content=content)
    else:
        contents = _SpooledStream(spool, content)
    contents.dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in filters])
    obj.Contents = contents
    obj.stream = None


class _Unfinished(Exception):
    """Formatting an object now would register another object (or name one not registered yet)."""


def _format_alone(doc, obj, stand_ins: tuple = ()) -> bytes | None:
    """``obj`` formatted now as ``save`` would format it, or None where that cannot be known yet:
    formatting it would register another object (numbering would change) or names one not
    registered yet. ``stand_ins`` ((object, what to format in its place), matched by identity) are
    the objects it may refer to that only ``save`` can number."""
    if not isinstance(doc.encrypt, NoEncryption):
        return None
    register = doc.Reference
    in_place_of = {id(item): stand_in for item, stand_in in stand_ins}
    placeholders = {id(stand_in) for _, stand_in in stand_ins}

    def known_only(item, name=None):
        if id(item) in placeholders:
            return item
        if id(item) in in_place_of:
            return in_place_of[id(item)]
        if name is None and (not isinstance(item, PDFObject) or item.__class__ is PDFObjectReference):
            return item
        if rlcompat.internal_name(item) in doc.idToObject:
            return register(item, name)
        raise _Unfinished

    doc.Reference = known_only
    try:
        return pdf_format(obj, doc, toplevel=1)
    except (_Unfinished, KeyError):
        return None
    finally:
        del doc.Reference


def _format_now(doc, name: str, spool: "_Spool") -> bool:
    """Write a finished form's whole object now (dictionary, resources and encoded content) into
    ``spool`` and leave in its place a stub that gives those bytes back when the file is written.

    A form keeps its dictionaries, resources and name references (~5 KB a card face) until
    ``save`` otherwise, so memory grew with the deck. The bytes are the same as formatting it at
    ``save``: a form is numbered when it ends, everything it refers to is registered by then
    (fonts by the shared BasicFonts dictionary, forms and pictures by name), and nothing about it
    changes afterwards. Where that does not hold (``_format_alone``) the form is left to ``save``
    (and False is returned)."""
    obj = doc.idToObject[name]
    if not isinstance(getattr(obj, "Contents", None), _SpooledStream) or not isinstance(doc.encrypt, NoEncryption):
        return False
    key = _form_key(obj)
    templates = doc.__dict__.setdefault("_pnp_form_templates", {})
    template = templates.get(key) if key is not None else None
    if template is not None:
        data = template.fill(obj.Contents, doc)
    else:
        data = _format_alone(doc, obj)
        if data is None:
            return False
        if key is not None and len(templates) < _FORM_TEMPLATES_MAX:
            template = _FormTemplate.of(data, obj.Contents, doc)
            if template is not None:
                templates[key] = template
    doc.idToObject[name] = _Formatted(spool, spool.put(data))
    return True


# A deck's faces are forms whose dictionaries differ only in their content's length: box, matrix,
# resources and filters repeat. Formatting one through reportlab's objects cost ~75 calls; a form
# like one formatted before is written from that one's bytes, with its own length (``_FormTemplate``).
_FORM_TEMPLATES_MAX = 256


def _form_key(obj) -> tuple | None:
    """Everything the dictionary of form ``obj`` is formatted from, apart from its content's length;
    None for a form unlike those ``_Canvas`` makes (its dictionary is then formatted as usual)."""
    if type(obj) is not PDFFormXObject or obj.BBox is not None or obj.Matrix is not None or obj.Annots:
        return None
    contents = obj.Contents
    if type(contents) is not _SpooledStream or list(contents.dictionary.dict) != ["Filter"]:
        return None
    try:
        if obj.Resources is not None:  # as ``form_resources`` gives them
            resources = _shape_of(obj.Resources)
        else:  # reportlab's own, made from these two
            resources = (_shape_of(obj.XObjects), obj.hasImages)
        filters = _shape_of(contents.dictionary.dict["Filter"])
    except _NoShape:
        return None
    bbox = tuple(repr(v) for v in (obj.lowerx, obj.lowery, obj.upperx, obj.uppery))  # repr: -0.0 is not 0.0
    return (bbox, resources, filters, obj.compression, contents._text, rl_config.pdfMultiLine, rl_config.useA85)


class _NoShape(Exception):
    """A value ``_shape_of`` does not know how reportlab formats."""


_SCALARS = (str, int, bool, type(None))


def _shape_of(value) -> tuple:
    """A hashable value equal for two PDF values exactly when ``pdfdoc.format`` writes them the same
    (references by name: a name's number never changes once given), for the kinds of values a form's
    dictionary holds; :class:`_NoShape` for any other."""
    kind = type(value)
    if kind in _SCALARS:
        return (kind, value)
    if kind is float:
        return (kind, repr(value))
    if kind is PDFObjectReference:
        return (kind, value.name)
    if kind is PDFArray or kind is list or kind is tuple:
        items = value.sequence if kind is PDFArray else value
        return (kind, getattr(value, "multiline", None), tuple(_shape_of(v) for v in items))
    if kind is PDFDictionary or kind is dict:
        entries = value.dict if kind is PDFDictionary else value
        if type(entries) is not dict or not all(type(k) is str for k in entries):
            raise _NoShape  # an ordered dictionary keeps its order; reportlab sorts the others' keys
        return (kind, getattr(value, "multiline", None), tuple((k, _shape_of(entries[k])) for k in sorted(entries)))
    if kind is PDFResourceDictionary:
        return (kind, tuple(_shape_of(getattr(value, a)) for a in value.dict_attributes), _shape_of(value.ProcSet))
    raise _NoShape


class _FormTemplate:
    """A formatted form's bytes around its ``/Length`` value: the same form dictionary for another
    content is ``head`` + that content's length + ``tail``, followed by the content as
    ``_SpooledStream.format`` writes it."""

    __slots__ = ("head", "tail")

    def __init__(self, head: bytes, tail: bytes) -> None:
        self.head, self.tail = head, tail

    @classmethod
    def of(cls, data: bytes, contents: "_SpooledStream", doc) -> "_FormTemplate | None":
        length, stream = contents.written(doc)
        if not data.endswith(stream):
            return None
        dictionary = data[: len(data) - len(stream)]
        needle = b"/Length " + pdf_format(length, doc)
        if dictionary.count(needle) != 1:
            return None
        head, tail = dictionary.split(needle)
        return cls(head + b"/Length ", tail)

    def fill(self, contents: "_SpooledStream", doc) -> bytes:
        length, stream = contents.written(doc)
        return self.head + pdf_format(length, doc) + self.tail + stream


class _Placeholder(PDFObject):
    """Formats as a marker that :class:`_FormattedPage` replaces with a reference when the file is written."""

    def __init__(self, marker: bytes) -> None:
        self.marker = marker

    def format(self, document):
        return self.marker


# Bytes no formatted PDF object contains: a NUL never appears in reportlab's dictionaries.
_PARENT, _CONTENTS = b"\x00pnpgen-parent\x00", b"\x00pnpgen-contents\x00"


def _format_page_now(doc, spool: "_Spool") -> None:
    """``_format_now`` for the page just finished: its dictionary written now into ``spool``, with
    markers for the two references only ``save`` can number (the page tree, its parent, and the
    page's content stream, both numbered as the pages are written), so a deck's pages do not keep
    their dictionaries, resources and boxes (~3 KB a page) until the end. :class:`_FormattedPage`
    puts the references in as reportlab would have made them then, in the same order, so the bytes
    are the same (the page keeps the number and name it got when added, so links and bookmarks to
    it still resolve). A page that would need anything else registered is left as it is."""
    pages = doc.Pages.pages
    page = pages[-1]
    contents = page.Contents
    name = rlcompat.internal_name(page)  # reportlab numbers a page as it is added
    if page.Annots or page.Parent or page.Resources or doc.idToObject.get(name) is not page:
        return
    try:
        data = _format_alone(doc, page, ((doc.Pages, _Placeholder(_PARENT)), (contents, _Placeholder(_CONTENTS))))
    finally:
        page.Parent = page.Resources = None  # as showPage left them, should the page be written at the end
    if data is None or data.count(_PARENT) != 1 or data.count(_CONTENTS) != 1:
        return
    stub = _FormattedPage(spool, spool.put(data), contents)
    rlcompat.set_internal_name(stub, name)
    pages[-1] = doc.idToObject[name] = stub


class _Formatted(rlcompat.RefOnlyObject):
    """A finished object already formatted, its bytes waiting in a :class:`_Spool` (``_format_now``)."""

    def __init__(self, spool: "_Spool", at: tuple[int, int]) -> None:
        self._spool, self._at = spool, at

    def format(self, document):
        return self._spool.get(self._at)


class _FormattedPage(_Formatted):
    """A page formatted when it was finished (``_format_page_now``), waiting in a :class:`_Spool`
    for its parent's and content stream's references."""

    def __init__(self, spool: "_Spool", at: tuple[int, int], contents) -> None:
        super().__init__(spool, at)
        self._contents = contents

    def format(self, document):
        # In reportlab's order: the page tree first (registered by the first page written), then
        # the content stream (a new object).
        parent = document.Reference(document.Pages).format(document)
        contents = document.Reference(self._contents).format(document)
        return super().format(document).replace(_PARENT, parent).replace(_CONTENTS, contents)


class _Spool:
    """Finished streams' bytes, appended to one temporary file (in memory up to ``MEMORY`` bytes,
    then on disk) and read back, each once, when the PDF is written: a deck's pages and card
    faces would otherwise keep the whole file's bytes in memory until the end."""

    MEMORY = 4 << 20

    def __init__(self) -> None:
        self._file = tempfile.SpooledTemporaryFile(max_size=self.MEMORY)
        self._end = 0
        self._appending = True  # the file is positioned at its end (a seek flushes a disk file's buffer)

    def put(self, data: bytes) -> tuple[int, int]:
        if not self._appending:
            self._file.seek(self._end)
            self._appending = True
        self._file.write(data)
        at, self._end = (self._end, len(data)), self._end + len(data)
        return at

    def get(self, at: tuple[int, int]) -> bytes:
        self._appending = False
        self._file.seek(at[0])
        return self._file.read(at[1])


class _SpooledStream(PDFStream):
    """A ``PDFStream`` whose (already encoded) content waits in a :class:`_Spool` once parked;
    written as ``PDFStream.format`` writes a stream whose dictionary names its filters. A form's
    content is formatted straight away (``_format_now``) and only parked when that cannot be."""

    def __init__(self, spool: _Spool, content: bytes | str) -> None:
        super().__init__(PDFDictionary(), None)
        # ASCII85 output is ASCII text: kept as bytes, given back as the same text
        self._text = isinstance(content, str)
        self._spool, self._at = spool, None
        self._data: bytes | None = content.encode("ascii") if self._text else content

    def park(self) -> None:
        """Move the content into the spool."""
        if self._data is not None:
            self._at, self._data = self._spool.put(self._data), None

    def written(self, document) -> tuple[int, bytes]:
        """The ``/Length`` of the content as written, and what follows the dictionary: the stream."""
        content = self._data if self._data is not None else self._spool.get(self._at)
        content = document.encrypt.encode(content.decode("ascii") if self._text else content)
        return len(content), b"\nstream\n" + pdfdoc_text(content) + b"endstream\n"

    def format(self, document):
        length, stream = self.written(document)
        dictionary = PDFDictionary(self.dictionary.dict.copy())
        dictionary["Length"] = length
        return pdf_format(dictionary, document) + stream


def pdf_bytes(canvas: Canvas) -> bytes:
    if canvas._pnp_standard is not None:
        canvas._pnp_standard.finish(canvas)
    return canvas.getpdfdata()


def save(canvas: Canvas, path: Path) -> Path:
    """Write the PDF to ``path`` (atomically), object by object: the same bytes as
    :func:`pdf_bytes`, without ever holding them all."""
    if canvas._pnp_standard is not None:
        canvas._pnp_standard.finish(canvas)
    if rlcompat.has_drawing(canvas):
        canvas.showPage()
    atomic_write(Path(path), lambda out: rlcompat.write_document(canvas, out))
    return Path(path)
