"""Find, read, merge (``extends``) and check template files; build :class:`Template` values.

Layout of the templates folder::

    templates/_shared/*.yaml           designs any game may extend (generic front and back)
    templates/<game>/_palette.yaml     ``palette:`` shared by every template of the game
    templates/<game>/_icons.yaml       ``icons:`` inline glyphs for running text
    templates/<game>/<type>.yaml       the front of cards of type <type> (may hold ``back:``)
    templates/<game>/back-<type>.yaml  the back of that type
    templates/<game>/back-<type>-<value>.yaml  the back of cards of <type> whose ``back`` field
                                       is <value> (see :func:`back_variant_stem`)
    templates/<game>/_default.yaml     front for types without their own file (else _shared/default)
    templates/<game>/back.yaml         back for types without their own (else _shared/back)

Every error names the file, the line and the key, and suggests the nearest valid key.
"""

from __future__ import annotations

import difflib
import re
from contextvars import ContextVar
from dataclasses import fields as dc_fields
from pathlib import Path
from typing import Any

from pnpgen import bundled
from pnpgen.errors import display_path
from pnpgen.files import resolver_for
from pnpgen.limits import limit, too_big
from pnpgen.render.fonts import ALIASES, FACES
from pnpgen.template import expr
from pnpgen.template.colour import ColourError, parse_hex
from pnpgen.template.reads import CardRead, card_reads
from pnpgen.template.model import Box, Colour, Icon, IconSet, Length, Shape, Style, Template, TemplateError, Where
from pnpgen.template.yamlsrc import SrcMap, YamlError, deep_merge, load_yaml
from pnpgen.units import UnitError, parse_length, to_mm

TEMPLATES_DIR = bundled.templates()
# The fonts of the game whose template is being built: {name used in templates: registered name}.
# No default: a shared {} default would be one dict every context could mutate; readers pass their own.
_GAME_FONTS: ContextVar[dict[str, str]] = ContextVar("game_fonts")

def variant_slug(value: str) -> str:
    """A card's ``back`` value as used in names: lower case, every run of other characters a
    hyphen (``Oxygen Supply Room`` -> ``oxygen-supply-room``)."""
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")


def back_variant_stem(type_id: str, value: str) -> str:
    """The file stem of the back for cards of ``type_id`` whose ``back`` field is ``value``."""
    return f"back-{type_id}-{variant_slug(value)}"


TOP_KEYS = {"extends", "size", "palette", "vars", "styles", "background", "boxes", "overlay", "back", "description"}
STYLE_KEYS = {f.name for f in dc_fields(Style)} | {"base"}
BOX_KEYS = {"x", "y", "w", "h", "text", "style", "shapes", "when", "order"}
SHAPE_KEYS = {f.name for f in dc_fields(Shape)} - {"where", "base"}
SHAPE_KINDS = {"rect", "roundrect", "ellipse", "line", "polygon", "text", "image"}
IMAGE_FITS = ("cover", "contain", "stretch", "none")
ICON_KEYS = {"token", "width", "shapes"}
CHOICES = {"align": ("left", "center", "right"), "valign": ("top", "middle", "bottom"), "case": ("none", "upper", "lower"),
           "fit": IMAGE_FITS, "ink": ("heavy", "normal")}


def _suggest(word: str, options: set[str] | tuple[str, ...]) -> str:
    near = difflib.get_close_matches(word, sorted(options), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


class _Reader:
    """Helpers that turn one SrcMap into typed values with file:line errors."""

    def __init__(self, what: str) -> None:
        self.what = what  # e.g. "box 'cost'"

    def where(self, m: SrcMap, key: str | None = None) -> Where:
        return Where(*m.where(key)) if isinstance(m, SrcMap) else Where("?")

    def fail(self, m: Any, key: str | None, msg: str) -> TemplateError:
        return TemplateError(self.where(m, key), f"{self.what}: {msg}" if self.what else msg)

    def mapping(self, m: Any, parent: Any, key: str) -> SrcMap:
        if not isinstance(m, dict):
            raise self.fail(parent, key, f"'{key}' must be a mapping, got {type(m).__name__}")
        return m

    def keys(self, m: SrcMap, allowed: set[str], kind: str) -> None:
        for k in m:
            if k not in allowed:
                raise self.fail(m, k, f"unknown {kind} key {k!r}{_suggest(k, allowed)}")

    def number(self, m: SrcMap, key: str) -> float:
        v = m[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise self.fail(m, key, f"'{key}' must be a number, got {v!r}")
        if not abs(v) <= 1e6:  # also refuses .nan and .inf
            raise self.fail(m, key, f"'{key}' must be a finite number of at most 1,000,000, got {v!r}")
        return float(v)

    def length(self, m: SrcMap, key: str, v: Any = None) -> Length:
        v = m[key] if v is None else v
        if isinstance(v, bool):
            raise self.fail(m, key, f"'{key}' must be a length in mm, got {v!r}")
        if isinstance(v, (int, float)):
            return float(v)
        if isinstance(v, str) and v.strip().endswith("%"):
            try:
                float(v.strip()[:-1])
            except ValueError:
                raise self.fail(m, key, f"'{key}': bad percentage {v!r}") from None
            return v.strip()
        try:
            return to_mm(parse_length(v))
        except UnitError as e:
            raise self.fail(m, key, f"'{key}': {e} (bare numbers are mm; '50%' is half the enclosing box)") from None

    def choice(self, m: SrcMap, key: str) -> str:
        v = m[key]
        if v not in CHOICES[key]:
            raise self.fail(m, key, f"'{key}' must be one of {', '.join(CHOICES[key])}, got {v!r}{_suggest(str(v), CHOICES[key])}")
        return v

    def font(self, m: SrcMap, key: str, v: Any = None) -> str:
        """A bundled face or alias (kept as written), or one of the game's own fonts (its
        registered name): by file stem, full name, PostScript name or family name."""
        v = m[key] if v is None else v
        if isinstance(v, str) and (v in FACES or v in ALIASES):
            return v
        own = _GAME_FONTS.get({})
        if isinstance(v, str) and v in own:
            return own[v]
        known = set(FACES) | set(ALIASES) | set(own)
        mine = f"; the game's fonts/: {', '.join(sorted(own))}" if own else "; or put a .ttf/.otf in the game's fonts/ folder"
        raise self.fail(m, key, f"unknown font {v!r}{_suggest(str(v), known)}; bundled: {', '.join(sorted(set(FACES) | set(ALIASES)))}{mine}")

    def colour(self, m: SrcMap, key: str, palette: dict[str, Colour]) -> str:
        v = m[key]
        if not isinstance(v, str):
            raise self.fail(m, key, f"'{key}' must be a colour string, got {v!r}")
        if "{" in v:
            expr.check_template(v, self.where(m, key), f"{self.what} {key}")
        elif v.strip() not in palette and v.strip() != "text":
            try:
                parse_hex(v)
            except ColourError as e:
                raise self.fail(m, key, f"{e}{_suggest(v.strip(), set(palette))}") from None
        return v

    def text(self, m: SrcMap, key: str) -> str:
        v = m[key]
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            v = str(v)
        if not isinstance(v, str):
            raise self.fail(m, key, f"'{key}' must be text, got {v!r}")
        expr.check_template(v, self.where(m, key), f"{self.what} {key}")
        return v

    def condition(self, m: SrcMap, key: str) -> str:
        v = m[key]
        if not isinstance(v, str):
            raise self.fail(m, key, f"'{key}' must be an expression string, got {v!r}")
        v = v.strip()
        if v.startswith("{{") and v.endswith("}}"):
            v = v[2:-2].strip()  # people write braces out of habit; accept them
        expr.check_expression(v, self.where(m, key), f"{self.what} {key}")
        return v


def _build_style(r: _Reader, m: SrcMap, styles: dict[str, Style], palette: dict[str, Colour]) -> Style:
    r.keys(m, STYLE_KEYS, "style")
    base = Style()
    if "base" in m:
        if m["base"] not in styles:
            raise r.fail(m, "base", f"unknown style {m['base']!r}{_suggest(str(m['base']), set(styles))}")
        base = styles[m["base"]]
    kw: dict[str, Any] = {}
    for k in m:
        if k == "base":
            continue
        if k in ("font", "bold_font"):
            kw[k] = r.font(m, k)
        elif k in ("italic_font", "bold_italic_font"):
            kw[k] = None if m[k] is None else r.font(m, k)
        elif k == "fallback":
            if not isinstance(m[k], list) or not m[k]:
                raise r.fail(m, k, "'fallback' must be a list of font names, e.g. [NotoSansJP, NotoEmoji]")
            kw[k] = tuple(r.font(m, k, name) for name in m[k])
        elif k in ("size", "leading", "padding"):
            kw[k] = r.number(m, k)
        elif k == "min_size":
            kw[k] = None if m[k] is None else r.number(m, k)
        elif k == "color":
            kw[k] = r.colour(m, k, palette)
        elif k in CHOICES:
            kw[k] = r.choice(m, k)
        elif k in ("wrap", "hyphenate"):
            if not isinstance(m[k], bool):
                raise r.fail(m, k, f"'{k}' must be true or false")
            kw[k] = m[k]
    style = Style(**{**base.__dict__, **kw})
    if style.size <= 0 or style.smallest <= 0 or style.smallest > style.size:
        raise r.fail(m, "min_size" if "min_size" in m else "size", f"need 0 < min_size <= size, got size {style.size}, min_size {style.min_size}")
    # Physical ranges (docs/security.md): a 1e9 pt size would make text fitting run for hours.
    if not style.size <= 500:
        raise r.fail(m, "size", f"'size' must be at most 500 pt, got {style.size:g}")
    if not 0 < style.leading <= 10 or not 0 <= style.padding <= 1000:
        raise r.fail(m, "leading" if "leading" in m else "padding", "need 0 < leading <= 10 and 0 <= padding <= 1000 mm")
    return style


def _build_shape(r: _Reader, m: Any, parent: Any, key: str, palette: dict[str, Colour], em: bool = False) -> Shape:
    m = r.mapping(m, parent, key)
    r.keys(m, SHAPE_KEYS, "shape")
    if "kind" not in m:
        raise r.fail(m, None, f"shape needs 'kind' (one of {', '.join(sorted(SHAPE_KINDS))})")
    kind = m["kind"]
    if kind not in SHAPE_KINDS:
        raise r.fail(m, "kind", f"unknown shape kind {kind!r}{_suggest(str(kind), SHAPE_KINDS)}")
    kw: dict[str, Any] = {"kind": kind, "where": r.where(m)}
    for k in m:
        if k in ("kind",):
            continue
        if k in ("x", "y", "w", "h"):
            kw[k] = r.number(m, k) if em else r.length(m, k)
        elif k in ("r", "stroke_width", "size"):
            kw[k] = r.number(m, k)
        elif k in ("fill", "fill2", "stroke"):
            kw[k] = None if m[k] is None else r.colour(m, k, palette)
        elif k == "points":
            pts = m[k]
            if not isinstance(pts, list) or len(pts) < 2 or not all(isinstance(p, list) and len(p) == 2 for p in pts):
                raise r.fail(m, k, "'points' must be a list of [x, y] pairs (at least 2)")
            kw[k] = tuple((float(p[0]), float(p[1])) if em else (r.length(m, k, p[0]), r.length(m, k, p[1])) for p in pts)
        elif k == "dash":
            if not isinstance(m[k], list):
                raise r.fail(m, k, "'dash' must be a list of on/off lengths in pt")
            kw[k] = tuple(float(v) for v in m[k])
        elif k == "bleed":
            kw[k] = bool(m[k])
        elif k == "when":
            kw[k] = r.condition(m, k)
        elif k == "text":
            kw[k] = r.text(m, k)
        elif k == "font":
            kw[k] = r.font(m, k)
        elif k in ("align", "fit", "ink"):
            kw[k] = r.choice(m, k)
        elif k == "src":
            kw[k] = r.text(m, k)
        elif k == "opacity":
            kw[k] = r.number(m, k)
            if not 0 <= kw[k] <= 1:
                raise r.fail(m, k, f"'opacity' must be from 0 (invisible) to 1 (solid), got {m[k]!r}")
        elif k == "focus":
            f = m[k]
            if (not isinstance(f, list) or len(f) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                                  and 0 <= v <= 1 for v in f)):
                raise r.fail(m, k, f"'focus' must be [x, y] fractions of the image from 0 to 1 (0.5 is the centre), got {f!r}")
            kw[k] = (float(f[0]), float(f[1]))
    if kind in ("line", "polygon") and not kw.get("points"):
        raise r.fail(m, None, f"a {kind} needs 'points'")
    if kind == "image":
        if not kw.get("src"):
            raise r.fail(m, None, "an image needs 'src': a path such as 'art/frame.png' or '{{ card.art }}'")
        kw.setdefault("r", 0.0)  # square corners unless a radius is asked for
        kw["base"] = str(Path(m.path).parent) if getattr(m, "path", "") else ""
    return Shape(**kw)


def _build_shapes(r: _Reader, v: Any, parent: SrcMap, key: str, palette: dict[str, Colour], em: bool = False) -> tuple[Shape, ...]:
    if not isinstance(v, list):
        raise r.fail(parent, key, f"'{key}' must be a list of shapes")
    return tuple(_build_shape(r, s, parent, key, palette, em) for s in v)


def _build_box(name: str, m: Any, parent: SrcMap, styles: dict[str, Style], palette: dict[str, Colour]) -> Box:
    r = _Reader(f"box {name!r}")
    m = r.mapping(m, parent, name)
    r.keys(m, BOX_KEYS, "box")
    for k in ("x", "y", "w", "h"):
        if k not in m:
            raise r.fail(m, None, f"missing '{k}' (boxes need x, y, w, h in mm from the trim's top-left)")
    style = Style()
    if "style" in m:
        s = m["style"]
        if isinstance(s, str):
            if s not in styles:
                raise r.fail(m, "style", f"unknown style {s!r}{_suggest(s, set(styles))}")
            style = styles[s]
        else:
            style = _build_style(r, r.mapping(s, m, "style"), styles, palette)
    return Box(
        name=name,
        where=r.where(parent, name),
        x=r.length(m, "x"),
        y=r.length(m, "y"),
        w=r.length(m, "w"),
        h=r.length(m, "h"),
        style=style,
        text=r.text(m, "text") if m.get("text") is not None else None,
        shapes=_build_shapes(r, m["shapes"], m, "shapes", palette) if "shapes" in m else (),
        when=r.condition(m, "when") if "when" in m else None,
        order=r.number(m, "order") if "order" in m else 0.0,
    )


def build_palette(raw: Any, where_map: Any) -> dict[str, Colour]:
    r = _Reader("palette")
    if raw is None:
        return {}
    m = r.mapping(raw, where_map, "palette")
    out: dict[str, Colour] = {}
    for k, v in m.items():
        try:
            out[k] = out[v] if isinstance(v, str) and v in out else parse_hex(str(v))
        except ColourError as e:
            raise r.fail(m, k, f"{k}: {e}") from None
    return out


def build_template(name: str, raw: SrcMap, icons: IconSet) -> Template:
    """Turn merged YAML into a Template (the ``back:`` section is built by the library)."""
    r = _Reader("")
    r.keys(raw, TOP_KEYS, "template")
    palette = build_palette(raw.get("palette"), raw)
    styles: dict[str, Style] = {}
    for sname, sm in r.mapping(raw.get("styles", SrcMap()), raw, "styles").items():
        styles[sname] = _build_style(_Reader(f"style {sname!r}"), r.mapping(sm, raw["styles"], sname), styles, palette)
    vars_: list[tuple[str, str, Where]] = []
    for vname in raw.get("vars", {}) or {}:
        reader = _Reader(f"var {vname!r}")
        vars_.append((vname, reader.text(raw["vars"], vname), reader.where(raw["vars"], vname)))
    boxes_raw = r.mapping(raw.get("boxes", SrcMap()), raw, "boxes")
    boxes = [_build_box(bname, bm, boxes_raw, styles, palette) for bname, bm in boxes_raw.items()]
    # Stable sort: YAML order (bases first), then explicit ``order`` for anything that must move.
    boxes.sort(key=lambda b: b.order)
    size = raw.get("size")
    if size is not None and not isinstance(size, str):
        raise r.fail(raw, "size", f"'size' must be a named size or 'W x H', got {size!r}")
    return Template(
        name=name,
        where=Where(raw.file, 1),
        size=size,
        palette=palette,
        vars=tuple(vars_),
        background=_build_shapes(_Reader("background"), raw["background"], raw, "background", palette) if "background" in raw else (),
        boxes=tuple(boxes),
        overlay=_build_shapes(_Reader("overlay"), raw["overlay"], raw, "overlay", palette) if "overlay" in raw else (),
        icons=icons,
    )


def build_icons(raw: Any, file_map: Any) -> IconSet:
    r = _Reader("icons")
    if raw is None:
        return IconSet()
    m = r.mapping(raw, file_map, "icons")
    out = []
    for name, im in m.items():
        ri = _Reader(f"icon {name!r}")
        im = ri.mapping(im, m, name)
        ri.keys(im, ICON_KEYS, "icon")
        if "token" not in im or not isinstance(im["token"], str) or not im["token"]:
            raise ri.fail(im, None, "icon needs 'token': the text it replaces, e.g. '(W)'")
        out.append(
            Icon(
                name=name,
                token=im["token"],
                width=ri.number(im, "width") if "width" in im else 1.0,
                shapes=_build_shapes(ri, im.get("shapes", []), im, "shapes", {}, em=True),
                where=ri.where(m, name),
            )
        )
    return IconSet(tuple(out))


class TemplateLibrary:
    """Templates under one folder, loaded once each. ``load`` never returns None: types
    without their own design fall back to the game's ``_default``/``back`` or ``_shared``.

    ``search_path``: folders laid out like one game's folder (``<type>.yaml``,
    ``back-<type>.yaml``, ``back.yaml``, ``_palette.yaml``, ``_icons.yaml``), searched in order
    before ``root/<game>/`` — an expansion's ``templates/`` overrides single files of its base
    game this way. Their palette and icons are merged over the game's, key by key.
    """

    def __init__(self, root: Path | str | None = None, search_path: tuple[Path | str, ...] | list = (),
                 home: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else TEMPLATES_DIR
        self.search_path = tuple(Path(p) for p in search_path)
        # Every template file is read through the resolver of the folder that owns the search
        # path (an expansion's or a game's), so ``extends`` and links cannot leave it.
        self.files = resolver_for(home if home is not None else
                                  (self.search_path[0].parent if self.search_path else self.root))
        self._raw: dict[Path, SrcMap] = {}
        self._templates: dict[tuple, Template] = {}
        self._reads: dict[tuple, tuple[CardRead, ...]] = {}
        self._icons: dict[str, IconSet] = {}

    # -- files ---------------------------------------------------------------------------
    def display(self, path: Path) -> str:
        try:
            return str(path.resolve().relative_to(self.root.resolve().parent))
        except ValueError:
            return display_path(path)

    def _read(self, path: Path) -> SrcMap:
        if path not in self._raw:
            text = self.files.read_text(path, where=(self.display(path), 0))
            try:
                data = load_yaml(path, self.display(path), text)
            except YamlError as e:
                raise TemplateError(None, str(e)) from None
            if not isinstance(data, SrcMap):
                raise TemplateError(Where(self.display(path), 1), "a template file must be a mapping")
            self._raw[path] = data
        return self._raw[path]

    def _extends_path(self, name: str, from_dir: Path, m: SrcMap) -> Path:
        candidates = [self.root / f"{name}.yaml"] if "/" in name else [from_dir / f"{name}.yaml", self.root / "_shared" / f"{name}.yaml"]
        for c in candidates:
            self.files.locate(c, what="extends", where=m.where("extends"), must_exist=False)
            if c.is_file():
                return c
        raise TemplateError(Where(*m.where("extends")), f"extends: no template {name!r} (looked for {', '.join(self.display(c) for c in candidates)})")

    def _merged(self, raw: SrcMap, from_dir: Path, seen: tuple[Path, ...] = ()) -> SrcMap:
        """``raw`` with its ``extends`` chain merged under it (the key itself removed)."""
        if "extends" not in raw:
            return raw
        name = raw["extends"]
        if not isinstance(name, str):
            raise TemplateError(Where(*raw.where("extends")), f"extends: expected a template name, got {name!r}")
        path = self._extends_path(name, from_dir, raw)
        if path in seen:
            raise TemplateError(Where(*raw.where("extends")), f"extends: cycle through {self.display(path)}")
        if len(seen) >= limit("extends_depth"):  # each level is a Python call and a merge: bound the chain
            raise TemplateError(Where(*raw.where("extends")),
                                f"extends: {too_big('extends_depth', 'the chain of templates is too long')}")
        base = self._merged(self._read(path), path.parent, seen + (path,))
        child = SrcMap(raw, file=raw.file, line=raw.line)
        child.key_src = dict(raw.key_src)
        child.value_line = dict(raw.value_line)
        del child["extends"]
        return deep_merge(base, child)

    def game_dirs(self, game_id: str) -> list[Path]:
        """Where a game's own files are looked up, first match wins: the search path, then root/<game>."""
        return [*self.search_path, self.root / game_id]

    def _first(self, game_id: str, file: str) -> Path | None:
        return next((p for p in (d / file for d in self.game_dirs(game_id)) if p.is_file()), None)

    def _game_layer(self, game_id: str, file: str) -> SrcMap:
        """``file`` of every game folder merged, the search path over the game's own (palette, icons)."""
        merged = SrcMap()
        for d in reversed(self.game_dirs(game_id)):
            path = d / file
            if path.is_file():
                merged = deep_merge(merged, self._read(path)) if merged else self._read(path)
        return merged

    def icons(self, game_id: str) -> IconSet:
        if game_id not in self._icons:
            shared = self._read(self.root / "_shared" / "_icons.yaml") if (self.root / "_shared" / "_icons.yaml").is_file() else SrcMap()
            mine = self._game_layer(game_id, "_icons.yaml")
            for m in (shared, mine):
                if m:
                    _Reader("").keys(m, {"icons"}, "icons file")
            merged = deep_merge(shared.get("icons", SrcMap()), mine.get("icons", SrcMap()))
            self._icons[game_id] = build_icons(merged, mine or shared)
        return self._icons[game_id]

    def fonts(self) -> dict[str, str]:
        """The fonts of the folder this library draws for (``<home>/fonts/``), by the names templates use."""
        from pnpgen.render.fonts import game_fonts

        return game_fonts(self.files.home)

    # -- templates -----------------------------------------------------------------------
    def front_path(self, game_id: str, type_id: str) -> Path:
        # A type's own design anywhere on the path beats any default.
        for c in (self._first(game_id, f"{type_id}.yaml"), self._first(game_id, "_default.yaml"), self.root / "_shared" / "default.yaml"):
            if c is not None and c.is_file():
                return c
        raise TemplateError(None, f"no template for {game_id}/{type_id}: add {self.display(self.root / game_id / (type_id + '.yaml'))}")

    def has_back_variant(self, game_id: str, type_id: str, value: str) -> bool:
        """Whether cards of ``type_id`` whose ``back`` field is ``value`` have a back of their own."""
        return self._first(game_id, f"{back_variant_stem(type_id, value)}.yaml") is not None

    def load(self, game_id: str, type_id: str, side: str = "front", back_name: str | None = None,
             variant: str | None = None) -> Template:
        """The front or back template for ``type_id`` of ``game_id``.

        Backs: ``back-<type>-<variant>.yaml`` when a card's ``back`` field names a variant and
        that file exists, then ``back-<type>.yaml``, then ``back-<back_name>.yaml`` (the card
        type's ``back``), then the front's ``back:`` section, then the game's ``back.yaml``,
        then ``_shared/back``.
        """
        key = (game_id, type_id, side, back_name, variant)
        if key in self._templates:
            return self._templates[key]
        raw, name = self._face_raw(game_id, type_id, side, back_name, variant)
        token = _GAME_FONTS.set(self.fonts())
        try:
            t = build_template(name, raw, self.icons(game_id))
        finally:
            _GAME_FONTS.reset(token)
        self._templates[key] = t
        return t

    def card_reads(self, game_id: str, type_id: str, side: str = "front", back_name: str | None = None,
                   variant: str | None = None) -> tuple[CardRead, ...]:
        """Every ``card.<field>`` the face that ``load`` gives reads, with its file and line
        (``pnpgen.template.reads``): worked out once per face, whatever the number of cards."""
        key = (game_id, type_id, side, back_name, variant)
        hit = self._reads.get(key)
        if hit is None:
            self.load(game_id, type_id, side, back_name, variant)  # a broken face fails here, as when drawn
            hit = self._reads[key] = card_reads(self._face_raw(game_id, type_id, side, back_name, variant)[0])
        return hit

    def _face_raw(self, game_id: str, type_id: str, side: str, back_name: str | None,
                  variant: str | None) -> tuple[SrcMap, str]:
        """The source a face is built from, and its name: the game's palette file under the design
        with its ``extends`` chain merged in (a back: the file, or front's section, ``load`` names)."""
        palette = self._game_layer(game_id, "_palette.yaml")
        if palette:
            _Reader("").keys(palette, {"palette"}, "palette file")
        base = SrcMap(file=palette.file, line=1)
        if "palette" in palette:
            base["palette"] = palette["palette"]
            base.key_src["palette"] = palette.where("palette")
        if side == "front":
            path = self.front_path(game_id, type_id)
            raw = self._merged(self._read(path), path.parent)
            name = f"{game_id}/{path.stem}"
        elif side == "back":
            raw, name = self._back_raw(game_id, type_id, back_name, variant)
        else:
            raise ValueError(f"side must be 'front' or 'back', not {side!r}")
        raw = deep_merge(base, raw)
        raw.pop("back", None)
        return raw, name

    def _back_raw(self, game_id: str, type_id: str, back_name: str | None,
                  variant: str | None = None) -> tuple[SrcMap, str]:
        gdir = self.root / game_id
        names = ([back_variant_stem(type_id, variant)] if variant else []) + [f"back-{type_id}"] \
            + ([f"back-{back_name}", back_name] if back_name else [])
        for n in names:
            p = self._first(game_id, f"{n}.yaml")
            if p is not None:
                return self._merged(self._read(p), p.parent), f"{game_id}/{n}"
        front = self._first(game_id, f"{type_id}.yaml")
        if front is not None:
            fraw = self._merged(self._read(front), front.parent)
            if isinstance(fraw.get("back"), dict):
                b = fraw["back"]
                # A back section inherits the front's palette and styles unless it extends another file.
                inherited = SrcMap(file=b.file, line=b.line)
                for k in ("palette", "styles", "vars"):
                    if k in fraw:
                        inherited[k] = fraw[k]
                        inherited.key_src[k] = fraw.where(k)
                return deep_merge(inherited, self._merged(b, front.parent)), f"{game_id}/{type_id}#back"
        for p in (self._first(game_id, "back.yaml"), self.root / "_shared" / "back.yaml"):
            if p is not None and p.is_file():
                return self._merged(self._read(p), p.parent), f"{game_id}/back"
        raise TemplateError(None, f"no back template for {game_id}/{type_id}: add {self.display(gdir / ('back-' + type_id + '.yaml'))}")
