"""Fit a text on the shaped path: bidi levels, HarfBuzz widths, UAX #14 line breaks.

The texts :func:`pnpgen.render.scripts.is_complex` picks (right-to-left and shaped scripts, CJK)
are fitted here into textfit's own :class:`~pnpgen.render.textfit.FitResult`, so drawing, the
validator and the workers read them as any other fit. The markup, fonts, fallback fonts and icons
come from textfit's ``tokenize``; then each paragraph

1. is one logical string (words joined by a space, an icon as U+FFFC) with each character's
   font and bidi level (:func:`pnpgen.render.shaping.embedding_levels`);
2. is shaped run by run (one font, one level, one script) to give each character's advance;
3. is broken greedily at the UAX #14 opportunities (:mod:`pnpgen.render.linebreak`); a Latin
   word that does not fit is hyphenated as textfit does, and one wider than the whole line is cut
   between shaped clusters;
4. each line's runs are put in visual order (rule L2) and shaped again, giving the glyph ids and
   positions drawn (``Run.glyphs``); a line of a right-to-left paragraph is marked ``rtl``.

Sizes are tried as textfit tries them (``SIZE_STEP`` apart); widths do not depend on the size.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from pnpgen.render.fonts import font_name, register_fonts
from pnpgen.render.linebreak import ICON_STAND_IN, break_opportunities
from pnpgen.render.scripts import needs_shaping, script_of
from pnpgen.render.shaping import base_level, char_advances, cluster_starts, embedding_levels, shape, visual_order
from pnpgen.render.textfit import (BULLETS, DEFAULT_LANGUAGE, FitResult, Line, Run, _cap_and_descent, _sizes,
                                   hyphen_points, tokenize)
from pnpgen.template.model import Icon, IconSet, Where

OBJECT = "\ufffc"  # an icon's place in a paragraph's text
NO_BREAK_SPACE = "\u00a0"
_INDENT_WHERE = Where("hanging indent")


@dataclass(frozen=True)
class _Para:
    """One paragraph ready to break: see the module docstring, steps 1-2."""

    text: str
    fonts: tuple[str, ...]
    icons: dict  # index -> Icon
    levels: tuple[int, ...]
    advances: tuple[float, ...]  # at 1 pt
    breaks: tuple[int, ...]
    cuts: tuple[int, ...]  # cluster starts, where a word may be cut as a last resort
    rtl: bool
    indent: float = 0.0  # a bullet's hanging indent (1 pt units): its wrapped lines start under its first word

    def width(self, start: int, end: int) -> float:
        return sum(self.advances[start:end])

    def words_text(self, start: int, end: int) -> str:
        return "".join(self.icons[i].token if i in self.icons else self.text[i] for i in range(start, end))


def _para(words, space_font: str, language: str) -> _Para:
    chars: list[str] = []
    fonts: list[str] = []
    icons: dict[int, Icon] = {}
    glued: set[int] = set()  # spaces inside a word (a no-break space, "2 (W)"): no break there
    for wi, word in enumerate(words):
        if wi:  # the space takes the next word's font, as textfit's lines do
            chars.append(" ")
            fonts.append(word[0][1] if word[0][2] is None else space_font)
        for text, font, icon in word:
            glued.update(len(chars) + k for k, ch in enumerate(text) if ch == " " and icon is None)
            if icon is not None:
                icons[len(chars)] = icon
                chars.append(OBJECT)
                fonts.append(font)
            else:
                chars.extend(text)
                fonts.extend([font] * len(text))
    text = "".join(chars)
    levels = embedding_levels(text) if text else ()
    advances = [0.0] * len(text)
    cuts = set()
    for start, end in _runs(text, fonts, levels, icons):
        if start in icons:
            advances[start] = icons[start].width
            cuts.add(start)
            continue
        piece = text[start:end]
        rtl = levels[start] % 2 == 1
        advances[start:end] = char_advances(piece, fonts[start], rtl, _bcp47(language))
        cuts |= {start + c for c in cluster_starts(piece, fonts[start], rtl, _bcp47(language))}
    breaking = "".join(ICON_STAND_IN if i in icons else NO_BREAK_SPACE if i in glued else ch
                       for i, ch in enumerate(text))
    bullet = len(words) >= 2 and len(words[0]) == 1 and words[0][0][2] is None and words[0][0][0] in BULLETS
    return _Para(text, tuple(fonts), icons, levels, tuple(advances), break_opportunities(breaking),
                 tuple(sorted(cuts)), bool(text) and base_level(text) == 1,
                 sum(advances[: len(words[0][0][0]) + 1]) if bullet else 0.0)


def _bcp47(language: str) -> str:
    return language.replace("_", "-")


def _runs(text: str, fonts, levels, icons, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """[start, end) ranges of one font, one bidi level and one script (characters of no script of
    their own join the run they are in); each icon a range of its own."""
    end = len(text) if end is None else end
    out: list[tuple[int, int]] = []
    i = start
    while i < end:
        if i in icons:
            out.append((i, i + 1))
            i += 1
            continue
        j, script = i, script_of(text[i])
        while j + 1 < end and j + 1 not in icons and fonts[j + 1] == fonts[i] and levels[j + 1] == levels[i]:
            other = script_of(text[j + 1])
            if other is not None and script is not None and other != script:
                break
            script = script or other
            j += 1
        out.append((i, j + 1))
        i = j + 1
    return out


# -- breaking ------------------------------------------------------------------------------------
def _trim(p: _Para, start: int, end: int) -> int:
    while end > start and p.text[end - 1].isspace():
        end -= 1
    return end


def _hyphenated(p: _Para, start: int, end: int, room: float, language: str) -> tuple[int, bool] | None:
    """Where the word ``p.text[start:end]`` may break (pyphen, as on the plain path) with its head
    and hyphen at most ``room`` wide: (end of the head, hyphen added), or None. Only a word in one
    font with nothing to shape (a Latin word in a CJK or Arabic text)."""
    word = p.text[start:end]
    if not word or any(i in p.icons for i in range(start, end)) or needs_shaping(word) or len(set(p.fonts[start:end])) != 1:
        return None
    hyphen = char_advances("-", p.fonts[start], False)[0]
    for i, add in reversed(hyphen_points(word, language)):
        if p.width(start, start + i) + (hyphen if add else 0.0) <= room:
            return start + i, add
    return None


def _wrap(p: _Para, avail: float, hyphenate: bool, language: str) -> list[tuple[int, int, bool]]:
    """Greedy lines of one paragraph: (start, end, hyphen added) with trailing spaces left out."""
    n = len(p.text)
    if n == 0:
        return [(0, 0, False)]
    stops = [b for b in p.breaks if b < n] + [n]
    lines: list[tuple[int, int, bool]] = []
    start = 0
    full = avail
    while start < n:
        if lines and 0 < p.indent < full:  # a bullet's wrapped line, under its first word
            avail = full - p.indent
        best = None
        for b in stops:
            if b <= start:
                continue
            if p.width(start, _trim(p, start, b)) <= avail + 1e-9:
                best = b
            else:
                break
        nxt = next((b for b in stops if b > (best or start)), n)
        word_end = _trim(p, best or start, nxt)
        if best is not None:
            used = p.width(start, _trim(p, start, best))
            room = avail - used - (p.width(_trim(p, start, best), best))
            cut = _hyphenated(p, best, word_end, room, language) if hyphenate and best < n and room > 0.25 * avail else None
            if cut is not None:
                lines.append((start, cut[0], cut[1]))
                start = cut[0]
            else:
                lines.append((start, _trim(p, start, best), False))
                start = best
            continue
        # Not even the first word fits: hyphenate it, else cut it between clusters.
        cut = _hyphenated(p, start, word_end, avail, language) if hyphenate else None
        if cut is not None:
            lines.append((start, cut[0], cut[1]))
            start = cut[0]
            continue
        end = start + 1
        for c in p.cuts:
            if c <= start:
                continue
            if c > word_end or p.width(start, c) > avail + 1e-9:
                break
            end = c
        if end == start + 1:  # at least one whole cluster, so the loop always moves on
            end = next((c for c in p.cuts if c > start), n)
        lines.append((start, end, False))
        start = end
    return lines


# -- lines ---------------------------------------------------------------------------------------
def _line(p: _Para, start: int, end: int, hyphen: bool, size: float, language: str) -> Line:
    """The runs of one line in visual order, each shaped (steps 4 of the module docstring)."""
    text = p.text[start:end] + ("-" if hyphen else "")
    fonts = p.fonts[start:end] + ((p.fonts[end - 1],) if hyphen else ())
    levels = p.levels[start:end] + ((p.levels[end - 1],) if hyphen else ())
    icons = {i - start: icon for i, icon in p.icons.items() if start <= i < end}
    ranges = _runs(text, fonts, levels, icons)
    runs: list[Run] = []
    if start and p.indent:  # the hanging indent, at the line's start: its right end if right to left
        indent = Icon("indent", "", p.indent, (), _INDENT_WHERE)
        runs.append(Run("", fonts[0], p.indent * size, indent))
    for k in visual_order([levels[a] for a, _ in ranges]):
        a, b = ranges[k]
        if a in icons:
            runs.append(Run(icons[a].token, fonts[a], icons[a].width * size, icons[a]))
            continue
        g = dataclasses.replace(shape(text[a:b], fonts[a], levels[a] % 2 == 1, _bcp47(language)), start=a)
        runs.append(Run(text[a:b], fonts[a], g.width * size, None, g))
    if start and p.indent and p.rtl:
        runs.append(runs.pop(0))
    return Line(tuple(runs), sum(r.width for r in runs), p.rtl)


def _overflow(p: _Para, lines) -> str:
    return " ".join(p.words_text(s, e) for s, e, _ in lines)


# -- fitting -------------------------------------------------------------------------------------
@lru_cache(maxsize=512)
def fit_shaped(text: str, width: float, height: float, font: str, size: float, min_size: float | None = None,
               leading: float = 1.15, bold_font: str | None = None, icons: IconSet = IconSet(),
               wrap_lines: bool = True, hyphenate: bool = True, case: str = "none", fallback: tuple[str, ...] = (),
               language: str = DEFAULT_LANGUAGE, italic_font: str | None = None,
               bold_italic_font: str | None = None) -> FitResult:
    """textfit's ``fit_text`` for a text on the shaped path: the same arguments and result."""
    register_fonts()
    font = font_name(font)
    paras = _paras(text, font, bold_font, icons, wrap_lines, case, fallback, language, italic_font, bold_italic_font)
    cap, descent = _cap_and_descent(font)
    smallest = size if min_size is None else min_size
    for s in _sizes(size, smallest):
        lines = _lay_out(paras, width / s, wrap_lines, hyphenate, language)
        if lines is None:
            continue
        total = (cap - descent) * s + (len(lines) - 1) * leading * s if lines else 0.0
        if total <= height + 1e-6:
            return FitResult(tuple(_line(p, a, b, h, s, language) for p, a, b, h in lines), s, leading * s,
                             cap * s, descent * s, True)
    s = smallest
    asc, desc, lead = cap * s, descent * s, leading * s
    if not wrap_lines:  # one line: what fits of it, cut between clusters
        p = paras[0]
        end = max((c for c in (*p.cuts, len(p.text)) if p.width(0, c) <= width / s + 1e-9), default=0)
        line = _line(p, 0, _trim(p, 0, end), False, s, language) if end else Line((), 0.0)
        return FitResult((line,), s, lead, asc, desc, False, p.words_text(end, len(p.text)).strip())
    lines = _lay_out(paras, width / s, True, hyphenate, language)
    room = 0 if height < asc - desc else int((height - (asc - desc)) // lead) + 1
    rest = " ".join(p.words_text(a, b) for p, a, b, _ in lines[room:]).strip()
    return FitResult(tuple(_line(p, a, b, h, s, language) for p, a, b, h in lines[:room]), s, lead, asc, desc,
                     False, rest)


def _paras(text, font, bold_font, icons, wrap_lines, case, fallback, language, italic_font,
           bold_italic_font) -> tuple[_Para, ...]:
    # The italic faces are passed only when a style has them: textfit's tokenize takes them as
    # optional trailing arguments.
    faces = (italic_font and font_name(italic_font), bold_italic_font and font_name(bold_italic_font))
    paragraphs = tokenize(text, font, font_name(bold_font or "bold"), icons, case,
                          tuple(font_name(f) for f in fallback), *(faces if any(faces) else ()))
    if not wrap_lines:  # one line: the paragraphs joined, as textfit does
        paragraphs = (tuple(w for p in paragraphs for w in p),)
    return tuple(_para(words, font, language) for words in paragraphs)


def _lay_out(paras, avail: float, wrap_lines: bool, hyphenate: bool, language: str):
    """[(paragraph, start, end, hyphen)] of every line at ``avail`` (1 pt units); None when one
    line must hold everything (``wrap_lines`` false) and does not."""
    if not wrap_lines:
        p = paras[0]
        if p.width(0, len(p.text)) > avail + 1e-9:
            return None
        return [(p, 0, len(p.text), False)]
    return [(p, a, b, h) for p in paras for a, b, h in _wrap(p, avail, hyphenate, language)]
