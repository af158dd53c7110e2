"""SVG pictures read safely: parsed once, checked, and only then drawn by svglib.

An SVG from a stranger's folder is XML in any encoding (UTF-16 included) that may declare entities,
point at other files, nest 5,000 groups deep, hold 200,000 shapes (or a few ``<use>`` elements that
repeat each other into millions), embed decompression-bomb pictures as ``data:`` URIs, or give
numbers like ``NaN`` and ``1e308``. :func:`drawing` parses the bytes with lxml (the encoding comes
from the BOM or the XML declaration; no DTD loading, no entity resolution, no network, libxml2's
size bounds), refuses all of the above with one line naming the file, and hands the very tree it
checked to svglib's renderer, so nothing is parsed twice or differently. The drawing svglib makes is
walked once more for numbers a PDF cannot hold (non-finite, or beyond :data:`MAX_NUMBER`).
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import re
from typing import Any

from pnpgen.limits import limit, too_big
from pnpgen.render.rastercheck import PictureRefused, facts

# The bound every template number has (docs/security.md): an SVG coordinate, size or font size
# beyond it is a mistake or an attack, and reportlab cannot write numbers past 1e20 at all.
MAX_NUMBER = 1_000_000.0
_ENTITY = re.compile(r"<!ENTITY|<!DOCTYPE[^>]*\[", re.IGNORECASE)
_EXTERNAL_PI = re.compile(r"""href\s*=\s*["']\s*(?!#)""", re.IGNORECASE)
# The data: URIs svglib decodes itself (svglib.svglib.SvgRenderer.xlink_href_target); others it skips.
_DATA_PICTURE = re.compile(r"^data:image/(jpe?g|png);base64")
_NUMERIC = (int, float)
# What svglib's time goes to, in elements' worth (about 0.4 ms of CPU each): one more per so many
# levels of nesting, characters of path data, characters of text (measured on svglib 2.3).
_DEPTH_PER_UNIT = 8
_PATH_PER_UNIT = 300
_TEXT_PER_UNIT = 1000


def drawing(data: bytes, name: str, font_map: Any = None) -> Any:
    """The reportlab Drawing of the SVG ``data`` (file shown as ``name``), or one PictureRefused (an ImageError).
    ``font_map`` (an ``svgfonts.SvgFontMap``) chooses the embedded font each text is drawn with."""
    from lxml import etree
    from svglib.svglib import SvgRenderer

    root, uses = _parse(data, name, etree)
    _refuse_references(root, data, name, etree)
    if uses:
        _within_bounds(root, name, etree)
    _embedded_pictures(root, name, etree)
    try:
        # path None: svglib resolves no file path at all (the checks above already refused any).
        renderer = SvgRenderer(None)
        if font_map is not None:
            # svglib's own lookup gives standard fonts that are never embedded, or asks fontconfig.
            renderer.attrConverter.convertFontFamily = font_map.convert
        result = renderer.render(root)
    except RecursionError:
        raise PictureRefused(f"{name}: the SVG nests too deeply to draw",
                         hint=too_big("svg_depth", "flatten its groups")) from None
    except Exception as err:
        raise PictureRefused(f"{name}: not a readable SVG ({type(err).__name__}: {_short(err)})") from None
    _finite(result, name)
    if result.width <= 0 or result.height <= 0:
        raise PictureRefused(f"{name}: the SVG has no size", hint="give the <svg> element width, height or a viewBox")
    return result


def _parse(data: bytes, name: str, etree) -> tuple[Any, bool]:
    """The document's root, read as a stream that stops at the work or nesting limit (so a 64 MB
    file of shapes never becomes a tree), and whether it has ``<use>`` elements."""
    # Bytes, not text: libxml2 reads the BOM and the encoding declaration, so a UTF-16 file is the
    # same document to these checks as to svglib. huge_tree stays off: libxml2's own caps on text
    # size and nesting (256) hold as well.
    max_units, max_depth = limit("svg_elements"), limit("svg_depth")
    events = etree.iterparse(io.BytesIO(data), events=("start", "end"), resolve_entities=False, no_network=True,
                             load_dtd=False, remove_comments=True, huge_tree=False, recover=False)
    units = depth = chars = 0
    uses = False
    try:
        for event, el in events:
            if event == "end":
                depth -= 1
                units += _rules(el)
                chars += len(el.text or "") + len(el.tail or "")
            else:
                depth += 1
                # svglib looks every style property up through the element's ancestors: a deep
                # element costs more (9,800 shapes 98 deep took 60 s, 10,000 shallow ones 4 s).
                units += 1 + depth // _DEPTH_PER_UNIT + _path_units(el)
                uses = uses or _local(el.tag) == "use"
                if depth > max_depth:
                    raise PictureRefused(f"{name}: the SVG nests elements more than {max_depth:,} deep "
                                         f"(line {el.sourceline})", hint=too_big("svg_depth", "flatten its groups"))
            if units + chars // _TEXT_PER_UNIT > max_units:
                raise PictureRefused(f"{name}: the SVG is too much to draw: more than {max_units:,} elements, counting "
                                     f"deep ones, CSS rules, path data and text", hint=too_big("svg_elements",
                                                                                               "simplify the drawing"))
        root = events.root
    except etree.XMLSyntaxError as err:
        hint = too_big("svg_depth", "flatten its groups") if "depth" in str(err).lower() else "save it again as plain SVG"
        raise PictureRefused(f"{name}: not a readable SVG ({_short(err)})", hint=hint) from None
    except PictureRefused:
        raise
    except Exception as err:  # an encoding lxml does not know, an empty file
        raise PictureRefused(f"{name}: not a readable SVG ({_short(err)})", hint="save it again as UTF-8 SVG") from None
    if root is None or not isinstance(root.tag, str):
        raise PictureRefused(f"{name}: not a readable SVG (no root element)")
    return root, uses


def _local(tag: Any) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def _rules(el: Any) -> int:
    # svglib matches every CSS rule of a <style> against every element.
    return (el.text or "").count("{") if _local(el.tag) == "style" else 0


def _path_units(el: Any) -> int:
    # Path data is parsed number by number in Python: 300 characters cost about one element.
    return (len(el.get("d") or "") + len(el.get("points") or "")) // _PATH_PER_UNIT


def _refuse_references(root: Any, data: bytes, name: str, etree) -> None:
    """Entities and references to other files: svglib would read those files, which may lie outside
    the game's folder."""
    tree = root.getroottree()
    dtd = tree.docinfo.internalDTD
    declared = dtd is not None and (any(True for _ in dtd.iterentities()) or any(True for _ in dtd.iterelements()))
    text = _decoded(data, tree.docinfo.encoding)
    if declared or _ENTITY.search(text) or any(True for _ in root.iter(etree.Entity)):
        raise PictureRefused(f"{name}: the SVG defines entities or a DTD",
                         hint="save it again without a DOCTYPE (Inkscape: Save As plain SVG)")
    for pi in _processing_instructions(root, etree):
        if _EXTERNAL_PI.search(pi.text or ""):
            raise PictureRefused(f"{name}: the SVG refers to other files (<?{pi.target}?>)",
                             hint="embed pictures in the SVG (data: URIs) or draw them as separate image shapes")
    for el in root.iter(etree.Element):
        for key, value in el.attrib.items():
            local = key.rpartition("}")[2]
            if local in ("href", "src") and value.strip() and not value.strip().startswith(("#", "data:")):
                raise PictureRefused(f"{name}: the SVG refers to other files ({local}={_excerpt(value)!r})",
                                 hint="embed pictures in the SVG (data: URIs) or draw them as separate image shapes")


def _decoded(data: bytes, encoding: str | None) -> str:
    for codec in (encoding, "utf-8"):
        if codec:
            try:
                return data.decode(codec, errors="replace")
            except LookupError:
                continue
    return data.decode("utf-8", errors="replace")


def _processing_instructions(root: Any, etree):
    yield from root.iter(etree.PI)
    yield from (n for n in root.itersiblings(preceding=True) if isinstance(n, etree._ProcessingInstruction))
    yield from (n for n in root.itersiblings() if isinstance(n, etree._ProcessingInstruction))


def _within_bounds(root: Any, name: str, etree) -> None:
    """The work and nesting again, now counting every ``<use>`` as what it repeats (svglib copies
    it: a few nested ``<use>`` can stand for millions of shapes), with the same weights as
    :func:`_parse`."""
    max_units, max_depth = limit("svg_elements"), limit("svg_depth")
    by_id = {el.get("id"): el for el in root.iter(etree.Element) if el.get("id")}
    sizes: dict[Any, tuple[int, int, int]] = {}  # element -> (work, sum of depths, height), <use> expanded
    # Post-order over the tree, following <use> to its target; iterative, as the tree may be deep.
    # An element still open (on the path from the root) reached again is a <use> cycle.
    stack: list[tuple[Any, bool]] = [(root, False)]
    open_now: set = set()
    while stack:
        el, done = stack.pop()
        if el in sizes:
            continue
        parts = [c for c in el if isinstance(c.tag, str)]
        target = _use_target(el, by_id)
        if target is not None:
            parts.append(target)
        if not done:
            if el in open_now or any(part in open_now for part in parts) or target is el:
                raise PictureRefused(f"{name}: the SVG's <use> elements refer to themselves",
                                     hint="point each <use> at a shape outside it")
            open_now.add(el)
            stack.append((el, True))
            stack.extend((part, False) for part in parts if part not in sizes)
            continue
        open_now.discard(el)
        own = 1 + _path_units(el) + _rules(el) + (len(el.text or "") + len(el.tail or "")) // _TEXT_PER_UNIT
        work = own + sum(sizes[p][0] for p in parts)
        # Sum of the depths (this element at 1) of the work below: each part is one level deeper.
        depths = own + sum(sizes[p][1] + sizes[p][0] for p in parts)
        height = 1 + max((sizes[p][2] for p in parts), default=0)
        if height > max_depth:
            raise PictureRefused(f"{name}: the SVG nests elements {height:,} deep, counting what <use> repeats",
                                 hint=too_big("svg_depth", "flatten its groups"))
        if work + depths // _DEPTH_PER_UNIT > max_units:
            raise PictureRefused(f"{name}: the SVG is too much to draw: more than {max_units:,} elements, counting "
                                 f"what <use> repeats, deep ones, CSS rules, path data and text",
                                 hint=too_big("svg_elements", "simplify the drawing"))
        sizes[el] = (work, depths, height)


def _use_target(el: Any, by_id: dict) -> Any:
    if _local(el.tag) != "use":
        return None
    href = next((v for k, v in el.attrib.items() if k.rpartition("}")[2] == "href"), "").strip()
    return by_id.get(href[1:]) if href.startswith("#") else None


def _embedded_pictures(root: Any, name: str, etree) -> None:
    """Each ``data:`` picture svglib will decode: PNG or JPEG, whole, and all of them together
    within the pixel limit (they are decoded at once when the SVG is drawn)."""
    pixels = 0
    for el in root.iter(etree.Element):
        for key, value in el.attrib.items():
            if key.rpartition("}")[2] != "href":
                continue
            match = _DATA_PICTURE.match(value)
            if not match:
                continue
            what = f"the picture embedded in the SVG (line {el.sourceline})"
            try:  # exactly the bytes svglib decodes
                data = base64.decodebytes(value[match.end() + 1:].encode("ascii"))
            except (UnicodeEncodeError, binascii.Error):
                raise PictureRefused(f"{name}: {what} is not base64 data",
                                 hint="embed it again as data:image/png;base64,...") from None
            found = facts(data, None, name, what, already=pixels)
            pixels += found.width * found.height


def _finite(drawing: Any, name: str) -> None:
    """Every number of the drawing svglib made is finite and at most :data:`MAX_NUMBER` in size."""
    stack = [drawing]
    while stack:
        node = stack.pop()
        for key, value in vars(node).items():
            if key == "contents":
                stack.extend(value)
                continue
            bad = _bad_number(value)
            if bad is not None:
                what = key.lstrip("_")
                raise PictureRefused(f"{name}: the SVG gives {what} the number {bad:g}, which cannot be printed",
                                 hint=f"numbers in an SVG must be finite and at most {MAX_NUMBER:,.0f} in size")


def _bad_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, _NUMERIC):
        return None if math.isfinite(value) and abs(value) <= MAX_NUMBER else float(value)
    if isinstance(value, (list, tuple)):
        for item in value:
            bad = _bad_number(item)
            if bad is not None:
                return bad
    return None


def _short(err: Exception) -> str:
    return _excerpt(" ".join(str(err).split()) or type(err).__name__, 160)


def _excerpt(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "…"
