"""PDF checks shared by the render tests: structure, embedded fonts, page boxes, and where card
forms are placed, read back from the content streams with pikepdf.

Placements follow the full graphics state (``q``/``Q`` and every ``cm``), so a card form drawn
inside nested transforms is still located exactly; boxes are PDF (x0, y0, x1, y1) in points.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pikepdf

EPS = 1e-3
Box = tuple[float, float, float, float]


def box(page, name: str = "/MediaBox") -> Box:
    x0, y0, x1, y1 = (float(v) for v in page.get(name, page.MediaBox))
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def inside(inner: Box, outer: Box, tol: float = EPS) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol
            and inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def fonts_of(resources, seen: set | None = None) -> list:
    """Every font a resource dictionary reaches, through form XObjects at any depth."""
    seen = seen if seen is not None else set()
    found = []
    if resources is None:
        return found
    if "/Font" in resources:
        found += [resources.Font[k] for k in resources.Font.keys()]
    if "/XObject" in resources:
        for k in resources.XObject.keys():
            x = resources.XObject[k]
            if x.get("/Subtype") == "/Form" and x.objgen not in seen:
                seen.add(x.objgen)
                found += fonts_of(x.get("/Resources"), seen)
    return found


def font_embedded(font) -> bool:
    """A simple or composite (Type0) font carries its glyphs (FontFile, FontFile2 or FontFile3)."""
    if font.get("/Subtype") == "/Type0":
        return all(font_embedded(d) for d in font.DescendantFonts)
    desc = font.get("/FontDescriptor")
    return desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def unembedded_fonts(pdf: pikepdf.Pdf) -> list[str]:
    bad = []
    for n, page in enumerate(pdf.pages, 1):
        for font in fonts_of(page.Resources):
            if not font_embedded(font):
                bad.append(f"page {n}: {font.get('/BaseFont')}")
    return bad


def check_pdf(path: Path) -> pikepdf.Pdf:
    """Opens cleanly (what `qpdf --check` reports), has pages, every font embedded (also inside
    forms), and Trim ⊆ Bleed ⊆ Media on every page."""
    pdf = pikepdf.open(path)
    assert pdf.check_pdf_syntax() == [], path.name
    assert len(pdf.pages) > 0, path.name
    assert unembedded_fonts(pdf) == [], path.name
    for n, page in enumerate(pdf.pages, 1):
        media, bleed, trim = box(page), box(page, "/BleedBox"), box(page, "/TrimBox")
        assert inside(trim, bleed) and inside(bleed, media), f"{path.name} page {n}: {trim} {bleed} {media}"
    return pdf


def _mul(a, b):
    """PDF matrices [a b c d e f]: the product a·b (apply a, then b)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


@dataclass(frozen=True)
class Placement:
    """A form drawn on a page: its name and its BBox mapped to page space."""

    name: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    @property
    def kind(self) -> str:
        """'face' or 'back' for card forms (sheets.CardPainter names), else ''."""
        for k in ("face", "back"):
            if self.name.startswith(f"/FormXob.{k}-"):
                return k
        return ""

    @property
    def card(self) -> str:
        """A face's card id; a back's card type, then ``.<variant>`` for a card's own back."""
        return self.name.split("-", 1)[1] if self.kind else ""

    @property
    def card_type(self) -> str:
        """A back's card type (without its variant)."""
        return self.card.split(".", 1)[0]

    @property
    def variant(self) -> str:
        """A back's variant (``grey`` for ``back-equipment.grey``), else ''."""
        return self.card.split(".", 1)[1] if "." in self.card else ""


def placements(page) -> list[Placement]:
    """The forms the page's own content stream draws (card faces and backs), in order."""
    out = []
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack = []
    for operands, op in pikepdf.parse_content_stream(page):
        op = str(op)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == "Do":
            name = operands[0]
            xobj = page.Resources.XObject[name]
            if xobj.get("/Subtype") != "/Form":
                continue
            m = tuple(float(v) for v in xobj.get("/Matrix", [1, 0, 0, 1, 0, 0]))
            full = _mul(m, ctm)
            bx0, by0, bx1, by1 = (float(v) for v in xobj.BBox)
            pts = [(x * full[0] + y * full[2] + full[4], x * full[1] + y * full[3] + full[5])
                   for x in (bx0, bx1) for y in (by0, by1)]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append(Placement(str(name), min(xs), min(ys), max(xs), max(ys)))
    return out


def card_placements(page) -> list[Placement]:
    return [p for p in placements(page) if p.kind]


def union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
