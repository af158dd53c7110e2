"""PDF/X press output (``pnpgen build --pdfx 4 | 1a | 1a:2003``): what makes a canvas's PDF one.

A :class:`PdfX` is handed to ``pdfdoc.new_canvas``; it

- routes every colour through :class:`pnpgen.render.colour.CmykConverter`, told what the colour is
  drawn as (text, thin stroke or area: ``presscanvas``), so the file has DeviceCMYK and DeviceGray
  only, text and fine lines in near-neutral colours are black ink only, and no colour exceeds the
  ink limit (a template's ``cmyk(…)`` colour over it is a note, see :func:`note`); pictures are
  converted where they are embedded (``images``);
- for PDF/X-4, gives every page and form holding transparency a group blending in DeviceCMYK
  (``presscanvas``), the space the X-1a flattener blends in (``rasterflat``);
- adds the OutputIntent (``/S /GTS_PDFX``) with the shipped CMYK profile as ``DestOutputProfile``,
  the Info keys ``GTS_PDFXVersion`` (and ``GTS_PDFXConformance`` for X-1a:2001) and ``Trapped False``,
  and for PDF/X-4 the XMP metadata stream that standard requires;
- for the X-1a standards (no transparency at all): refuses any opacity below 1 that reaches the
  canvas, drawing opaque and recording a :class:`TransparencyProblem` naming where it came from.
  Card faces never get there: the face renderer flattens see-through shapes exactly as vectors
  where it can (``pnpgen.render.flatten``) and into CMYK images of the areas they cover elsewhere
  (``pnpgen.render.rasterflat``), which it reports as notes (:func:`note`, one per template).

TrimBox and BleedBox are set on every page by ``pdfdoc.set_page``; fonts are embedded subsets
(``pdfdoc`` never lets reportlab write an unembedded Helvetica); the document ID is reportlab's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from pnpgen.presets import PDFX_STANDARDS
from pnpgen.render import presscanvas, rlcompat
from pnpgen.render.colour import DEFAULT_CONDITION, CmykConverter, OutputCondition

# The names ``--pdfx`` takes.
STANDARDS = PDFX_STANDARDS


@dataclass
class TransparencyProblem:
    """Something drawn with transparency that an X-1a file cannot hold and pnpgen could not
    flatten exactly; it is drawn opaque. Printed by ``pnpgen build`` as an error (exit 1)."""

    where: str
    what: str
    pdf: str = ""

    def __str__(self) -> str:
        return (f"{self.where}: {self.what} cannot be flattened for PDF/X-1a; drawn opaque — make it opaque, "
                f"or build with --pdfx 4, which keeps transparency")


@dataclass
class PdfX:
    name: str                       # "4", "1a", "1a:2003"
    condition: OutputCondition = DEFAULT_CONDITION
    converter: CmykConverter = field(default=None)  # type: ignore[assignment]

    def __post_init__(self):
        if self.name not in STANDARDS:
            raise ValueError(f"--pdfx must be one of {', '.join(STANDARDS)}, got {self.name!r}")
        if self.converter is None:
            self.converter = _converter(self.condition)

    @property
    def transparency(self) -> bool:
        return self.name == "4"

    @property
    def pdf_version(self) -> tuple[int, int]:
        # X-1a:2001 is built on PDF 1.3, X-1a:2003 on 1.4, X-4 on 1.6 (reportlab writes 1.4 features).
        return {"1a": (1, 3), "1a:2003": (1, 4), "4": (1, 4)}[self.name]

    @property
    def version_key(self) -> str:
        return {"1a": "PDF/X-1:2001", "1a:2003": "PDF/X-1a:2003", "4": "PDF/X-4"}[self.name]

    @property
    def label(self) -> str:
        return {"1a": "PDF/X-1a:2001", "1a:2003": "PDF/X-1a:2003", "4": "PDF/X-4"}[self.name]

    # -- canvas ----------------------------------------------------------------------------------------
    def prepare(self, canvas) -> None:
        from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString

        canvas._pnp_standard = self
        canvas._pnp_problems = []
        canvas._pnp_notes = {}
        canvas._pnp_where = ""
        presscanvas.install(canvas, lambda value, use: self._ink(canvas, value, use), groups=self.transparency)
        doc = rlcompat.document(canvas)
        profile = PDFStream(PDFDictionary({"N": 4}), self.condition.profile_bytes())
        intent = PDFDictionary({
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(self.condition.identifier),
            "OutputCondition": PDFString(self.condition.description),
            "RegistryName": PDFString(self.condition.registry),
            "Info": PDFString(self.condition.description),
            "DestOutputProfile": doc.Reference(profile),
        })
        catalog = doc.Catalog
        catalog.OutputIntents = PDFArray([intent])
        # reportlab writes only the catalog keys it lists; a fresh list keeps OutputIntents direct.
        rlcompat.write_also(catalog, "OutputIntents")
        doc.info.__class__ = _info_class(self)

    def _ink(self, canvas, value, use: str):
        out = self.converter.colour(value, use)
        total = getattr(out, "given_total", None)
        if total is not None:
            given, used = _cmyk_text(getattr(value, "cmyk", None) or value), _cmyk_text(out)
            limit = self.condition.ink_limit
            note(canvas, canvas._pnp_where, f"ink {given}",
                 f"colour {given} is {total * 100:.0f} % total ink, over the {limit * 100:.0f} % this "
                 f"printing condition allows; printed as {used} (cyan, magenta and yellow reduced) — "
                 f"give inks adding up to at most {limit * 100:.0f}")
        # X-1a: a colour's "opacity 1" would still make text objects write a graphics state (and
        # mark the file PDF 1.4); opacity below 1 reaching the canvas is refused there.
        if not self.transparency and getattr(out, "alpha", None) is not None and out.alpha >= 1:
            out.alpha = None
        return out

    def finish(self, canvas) -> None:
        """Called once before the PDF is written: the XMP packet PDF/X-4 requires."""
        if self.name != "4" or getattr(canvas, "_pnp_finished", False):
            return
        from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream

        xmp = _xmp(rlcompat.document(canvas), self).encode("utf-8")
        rlcompat.document(canvas).Catalog.Metadata = PDFStream(
            PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}), xmp, filters=[])
        canvas._pnp_finished = True

    def refuse_transparency(self, canvas, what: str) -> None:
        problem = TransparencyProblem(canvas._pnp_where or "pnpgen's own drawing", what)
        if problem not in canvas._pnp_problems:  # once per template line, not once per card
            canvas._pnp_problems.append(problem)


def _cmyk_text(value) -> str:
    """A CMYK colour as a template writes it: ``cmyk(c,m,y,k)`` in percent."""
    if hasattr(value, "cyan"):
        d = value.density
        value = (value.cyan * d, value.magenta * d, value.yellow * d, value.black * d)
    return "cmyk(" + ",".join(f"{v * 100:g}" for v in value) + ")"


_CONVERTERS: dict[str, CmykConverter] = {}


def _converter(condition: OutputCondition) -> CmykConverter:
    # One converter (and colour cache) per profile for the whole run: every PDF of a build shares it.
    conv = _CONVERTERS.get(condition.profile_file)
    if conv is None:
        conv = _CONVERTERS[condition.profile_file] = CmykConverter(condition)
    return conv


def problems(canvas) -> list[TransparencyProblem]:
    """What the canvas could not draw as its standard asks (empty for RGB output)."""
    return list(getattr(canvas, "_pnp_problems", []))


def note(canvas, where: str, kind: str, message: str) -> None:
    """Record what a press canvas did that the user should know (not an error): ``message`` is
    kept once per template file and ``kind``, with the first ``where`` (file:line) it came from."""
    notes = getattr(canvas, "_pnp_notes", None)
    if notes is None:
        return
    key = (where.rsplit(":", 1)[0] if where else "", kind)
    notes.setdefault(key, f"{where or 'pnpgen drawing'}: {message}")


def notes(canvas) -> list[str]:
    """The canvas's notes (see :func:`note`), in the order first recorded."""
    return list(getattr(canvas, "_pnp_notes", {}).values())


def where(canvas, text: str) -> None:
    """Name the template line being drawn, for :class:`TransparencyProblem` messages."""
    if getattr(canvas, "_pnp_standard", None) is not None:
        canvas._pnp_where = text


def _info_class(standard: PdfX):
    from reportlab.pdfbase.pdfdoc import PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString

    class _Info(PDFInfo):
        def format(self, document):
            D = {
                "Title": PDFString(self.title),
                "Author": PDFString(self.author),
                "Subject": PDFString(self.subject),
                "Keywords": PDFString(self.keywords),
                "Creator": PDFString(self.creator),
                "Producer": PDFString(self.producer),
                "Trapped": PDFName("False"),
                "GTS_PDFXVersion": PDFString(standard.version_key),
            }
            D["ModDate"] = D["CreationDate"] = PDFDate(ts=rlcompat.time_stamp(document),
                                                         dateFormatter=rlcompat.date_formatter(self))
            if standard.name == "1a":
                D["GTS_PDFXConformance"] = PDFString("PDF/X-1a:2001")
            return PDFDictionary(D).format(document)

    return _Info


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _xmp(doc, standard: PdfX) -> str:
    ts = rlcompat.time_stamp(doc)
    y, mo, d, h, mi, s = ts.YMDhms
    date = f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}{ts.dhh:+03d}:{ts.dmm:02d}"
    info = doc.info
    # Same inputs -> same ids: derived from what the document is, not from the clock.
    doc_id = uuid.uuid5(uuid.NAMESPACE_URL, f"pnpgen:{info.title}:{info.subject}:{standard.name}")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{_xml(info.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">{_xml(info.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:creator><rdf:Seq><rdf:li>{_xml(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{_xml(info.creator)}</xmp:CreatorTool>
   <pdf:Producer>{_xml(info.producer)}</pdf:Producer>
   <pdf:Keywords>{_xml(info.keywords)}</pdf:Keywords>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{doc_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{doc_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{standard.version_key}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
