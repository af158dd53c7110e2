"""PDF pages to pixels with pdfium: a page or part of one drawn at an exact pixel size.

Below ``raster`` (per-card PNGs, which draw faces) and ``rasterflat`` (which a face uses to
flatten see-through areas), so both can rasterise without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from pnpgen.layout.geometry import Rect
from pnpgen.units import PT_PER_IN


def draw_area(page, area: Rect, px_w: int, px_h: int) -> Image.Image:
    """``area`` of a pypdfium2 page (points, from the page's bottom-left) drawn by pdfium straight
    onto an RGB bitmap of exactly px_w x px_h.

    The area is mapped onto the bitmap by a matrix rather than by ``PdfPage.render``'s scale and
    crop, which round the bitmap to whole pixels: 198 pt x 825/198 came out 826 px (float error)
    and a crop of 366.4 px was taken as 367, so the image had to be resampled to its size, which
    blurred every edge and ringed every letter, and shifted the drawing by part of a pixel.
    """
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    from pnpgen.errors import SpecError
    from pnpgen.limits import limit, too_big

    if px_w * px_h > limit("raster_pixels"):  # refused before pdfium allocates it (a 2000 mm card)
        raise SpecError(too_big("raster_pixels", f"an image of {px_w:,} x {px_h:,} px is too large to draw "
                                                 f"({area.w / PT_PER_IN * 25.4:.0f} x {area.h / PT_PER_IN * 25.4:.0f} mm)"),
                        hint="use a smaller card size or a lower --dpi")
    # Pages with transparency get an alpha bitmap, as pypdfium2 and Chromium give them: pdfium
    # draws transparency groups wrongly into 3-byte bitmaps. Filled white first, so it is
    # composited on white as on paper.
    alpha = pdfium_c.FPDFPage_HasTransparency(page)
    bitmap = pdfium.PdfBitmap.new_native(px_w, px_h, pdfium_c.FPDFBitmap_BGRA if alpha else pdfium_c.FPDFBitmap_BGR,
                                         rev_byteorder=True)
    pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, px_w, px_h, 0xFFFFFFFF)
    sx, sy = px_w / area.w, px_h / area.h
    top = page.get_height() - area.y1  # pdfium's page space for the matrix runs down from the top
    matrix = pdfium_c.FS_MATRIX(sx, 0, 0, sy, -area.x * sx, -top * sy)
    clip = pdfium_c.FS_RECTF(0, 0, px_w, px_h)
    pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, clip,
                                             pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    image = bitmap.to_pil()
    return image if image.mode == "RGB" else image.convert("RGB")


def rasterise(pdf: bytes | str, px_w: int, px_h: int, pages: Sequence[int] | None = None):
    """Yield each page (or each of ``pages``) of ``pdf`` (bytes or a file path) as an RGB image of
    exactly px_w x px_h, the whole page drawn at that size (``draw_area``)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for i in pages if pages is not None else range(len(doc)):
            page = doc[i]
            yield draw_area(page, Rect(0.0, 0.0, page.get_width(), page.get_height()), px_w, px_h)
            page.close()
    finally:
        doc.close()


def render_area(pdf: bytes, page_index: int, area: Rect, dpi: float) -> Image.Image:
    """One part of one page, as an RGB image at ``dpi`` (a Cricut Print Then Cut image)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[page_index]
        image = draw_area(page, area, round(area.w / PT_PER_IN * dpi), round(area.h / PT_PER_IN * dpi))
        page.close()
        return image
    finally:
        doc.close()
