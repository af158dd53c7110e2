"""Fit text into a box: wrap, hyphenate, shrink to the style's minimum, report what is left over.

This is the one measuring code: ``face.draw_face`` draws exactly the lines computed here and the
validator reads the same :class:`FitResult` through ``face.measure_card``. Widths come from
``pdfmetrics.stringWidth`` at size 1 (widths scale linearly) and are cached, and whole fits are
cached, so a deck of identical cards costs one measurement.

Running-text markup (read by :mod:`pnpgen.markup`, the one grammar the validator checks too):
- ``**bold**`` switches to the bold face (templates add it with the ``bold`` Jinja filter),
  ``*italic*`` to the style's ``italic_font`` and ``***bold italic***`` to its ``bold_italic_font``
  (a style without one sets the text in the regular or bold face; the validator says so, MARKUP002);
  ``\\*``, ``\\~`` and ``\\\\`` print an asterisk, a tilde and a backslash; an unpaired mark prints as it is;
- ``~`` and U+00A0 are spaces no line breaks at, and so is the space between a number and the
  icon after it (``gain 2 (W)``);
- icon tokens (``(W)``, ``[equipment]``…, from the game's ``_icons.yaml``) become vector glyphs
  whose advance width counts in the line, glued to the text around them (``(W)+2`` stays whole);
- a line starting with ``- `` or ``• `` is a bullet: its wrapped lines start under its first word
  (a hanging indent);
- a newline forces a line break.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

from pnpgen.markup import parse as parse_markup
from pnpgen.pickling import by_fields
from pnpgen.render.fonts import font_name, register_fonts
from pnpgen.render.shaping import unshaped
from pnpgen.template.model import Icon, IconSet, Where

SIZE_STEP = 0.25  # pt between tried sizes: finer than anyone sees, coarse enough to be quick


# Not frozen: a large deck makes and (from worker processes) unpickles hundreds of thousands of
# these, and a frozen slotted dataclass is built and unpickled through Python-level setattr
# (3-4x slower). Still hashable and compared by value; nothing changes one once made.
@by_fields
@dataclass(slots=True, unsafe_hash=True)
class Run:
    """A piece of a line: text in one font, or one icon. ``width`` in points at the fit size.
    ``glyphs``: the shaped glyphs (``pnpgen.render.shaping.Glyphs``) of a run of a text on the
    shaped path (``pnpgen.render.shapedfit``), drawn by glyph id; None on the plain path."""

    text: str
    font: str
    width: float
    icon: Icon | None = None
    glyphs: object | None = None


@by_fields
@dataclass(slots=True, unsafe_hash=True)
class Line:
    """Runs in drawing order (left to right); ``rtl``: a line of a right-to-left paragraph, whose
    start is its right end."""

    runs: tuple[Run, ...]
    width: float
    rtl: bool = False


@by_fields
@dataclass(slots=True, unsafe_hash=True)  # not frozen, as Run and Line above
class FitResult:
    """The outcome of fitting: ``lines`` to draw at ``size`` (pt), ``leading`` between baselines.

    ``fits`` is False when even ``min_size`` could not hold everything: then ``lines`` are what
    fits and ``overflow`` is the text left over (never silently dropped by the caller).
    """

    lines: tuple[Line, ...]
    size: float
    leading: float
    ascent: float  # cap height at ``size``: the first baseline sits this far below the block top
    descent: float  # negative
    fits: bool
    overflow: str = ""

    @property
    def overflow_chars(self) -> int:
        return len(self.overflow)

    @property
    def height(self) -> float:
        if not self.lines:
            return 0.0
        return self.ascent - self.descent + (len(self.lines) - 1) * self.leading

    @property
    def text(self) -> str:
        return "\n".join("".join(r.icon.token if r.icon else r.text for r in ln.runs) for ln in self.lines)


# -- atoms and words ------------------------------------------------------------------------
# An atom is (text, font, icon); a word is a tuple of atoms with no break allowed inside.
Atom = tuple[str, str, "Icon | None"]
Word = tuple[Atom, ...]


@lru_cache(maxsize=131072)
def unit_width(text: str, font: str) -> float:
    """Width of ``text`` at 1 pt."""
    return pdfmetrics.stringWidth(text, font, 1.0)


def _atom_w(a: Atom) -> float:
    return a[2].width if a[2] is not None else unit_width(a[0], a[1])


def _word_w(w: Word) -> float:
    if len(w) == 1:  # most words
        return _atom_w(w[0])
    return sum(_atom_w(a) for a in w)


@lru_cache(maxsize=256)
def _icon_pattern(icons: IconSet) -> re.Pattern | None:
    tokens = sorted((i.token for i in icons.icons), key=len, reverse=True)
    return re.compile("|".join(re.escape(t) for t in tokens)) if tokens else None


def _by_coverage(text: str, font: str, fallback: tuple[str, ...]) -> list[tuple[str, str]]:
    """``text`` cut into (piece, font) runs: each character in the first of ``font`` and
    ``fallback`` that has its glyph. A character none has stays in ``font`` (and is reported by
    :func:`missing_glyphs`). The common case, every glyph in ``font``, costs one set test."""
    if not fallback:
        return [(text, font)]
    have = _coverage(font)
    if all(ord(ch) in have for ch in text):
        return [(text, font)]
    pieces: list[tuple[str, str]] = []
    for ch in text:
        f = font if ord(ch) in have else next((fb for fb in fallback if ord(ch) in _coverage(fb)), font)
        if pieces and pieces[-1][1] == f:
            pieces[-1] = (pieces[-1][0] + ch, f)
        else:
            pieces.append((ch, f))
    return pieces


def missing_glyphs(text: str, font: str, bold_font: str | None = None, fallback: tuple[str, ...] = (),
                   icons: IconSet = IconSet(), case: str = "none", italic_font: str | None = None,
                   bold_italic_font: str | None = None) -> list[str]:
    """Characters of ``text`` that neither the style's font (or the bold, italic or bold italic
    font its markup picks) nor any fallback has: they would print as nothing, so the validator and
    the build report them."""
    register_fonts()
    font, bold = font_name(font), font_name(bold_font or "bold")
    fallback = tuple(font_name(f) for f in fallback)
    # Characters of a script their font has glyphs for but cannot shape (Arabic, Devanagari…).
    chains = ((font, *fallback), (bold, *fallback)) if "*" in text else ((font, *fallback),)
    wrong = unshaped(text, chains)
    italic = italic_font and font_name(italic_font)
    bold_italic = bold_italic_font and font_name(bold_italic_font)
    # The common case, every character in both the regular and the bold font (whatever its case),
    # needs no tokenizing: nothing can be missing.
    change = str.upper if case == "upper" else str.lower if case == "lower" else None
    chars = set(text) if change is None else set(text) | set(change(text))
    if chars <= _in_both(font, bold) and (
            "*" not in text or chars <= _in_both(italic or font, bold_italic or bold)):
        return wrong
    missing: list[str] = []
    for para in tokenize(text, font, bold, icons, case, fallback, italic, bold_italic):
        for word in para:
            for piece, f, icon in word:
                if icon is not None:
                    continue
                have = _coverage(f)
                for ch in piece:
                    if ord(ch) not in have and not ch.isspace() and ch not in missing:
                        missing.append(ch)
    return missing + [ch for ch in wrong if ch not in missing]


@lru_cache(maxsize=256)
def _in_both(font: str, bold: str) -> frozenset[str]:
    """The characters both fonts have, and whitespace (never missing): one subset test per text."""
    both = _coverage(font) & _coverage(bold)
    return frozenset(map(chr, both)) | {ch for ch in map(chr, range(0x3000 + 1)) if ch.isspace()}


def _coverage(font: str) -> frozenset[int]:
    from pnpgen.render.fonts import coverage

    return coverage(font)


# Whitespace a line may break at: every space but the non-breaking ones (U+00A0, which ``~`` is
# too, the figure space U+2007 and the narrow U+202F), which stay inside their word.
_SPACES = re.compile(r"([^\S\u00a0\u2007\u202f]+)")
_NO_BREAK = str.maketrans({"\u00a0": " "})  # drawn and measured as the font's own space
BULLETS = ("-", "•")  # a line starting with one of these and a space is a bullet point


@lru_cache(maxsize=256)
def _by_token(icons: IconSet) -> dict[str, Icon]:
    return icons.by_token()


@lru_cache(maxsize=256)
def _tokens_unspaced(icons: IconSet) -> bool:
    """Whether no token is empty or holds a space a line breaks at: such tokens match inside one
    word, so a line can be searched once instead of word by word."""
    return all(i.token and not _SPACES.search(i.token) for i in icons.icons)


@lru_cache(maxsize=2048)  # as fit_text's: a deck's own texts are met once or twice
def tokenize(text: str, font: str, bold_font: str, icons: IconSet, case: str = "none",
             fallback: tuple[str, ...] = (), italic_font: str | None = None,
             bold_italic_font: str | None = None) -> tuple[tuple[Word, ...], ...]:
    """Paragraphs of words. The markup's runs (:mod:`pnpgen.markup`) pick the face (italic in
    ``italic_font``, else ``font``; bold italic in ``bold_italic_font``, else ``bold_font``); icon
    tokens become icon atoms; ``case`` (upper/lower) applies to text only, after icons are matched,
    so tokens keep their spelling; characters the font lacks are set in the first ``fallback`` font
    that has them. A space between a number and an icon, and a non-breaking space, join the words
    on either side."""
    change = str.upper if case == "upper" else str.lower if case == "lower" else (lambda t: t)
    pat = _icon_pattern(icons)
    by_token = _by_token(icons)
    unspaced = _tokens_unspaced(icons)
    faces = {(False, False): font, (True, False): bold_font, (False, True): italic_font or font,
             (True, True): bold_italic_font or bold_font}
    paragraphs = []
    words: list[Word] = []
    current: list[Atom] = []
    # Runs, not lines, come first: bold may start or end inside a word ("**REVEAL:**") and a bold
    # pair may span lines. An unpaired ``**`` comes back as printed text (pnpgen.markup).
    for run in parse_markup(text).runs:
        f = faces[run.bold, run.italic]
        for k, line in enumerate(run.text.split("\n")):
            if k:  # a newline ends the word and the paragraph
                if current:
                    words.append(tuple(current))
                    current = []
                paragraphs.append(tuple(words))
                words = []
            hits = list(pat.finditer(line)) if pat is not None else []
            pieces = _SPACES.split(line)
            plain = "\u00a0" not in line
            if not hits and not fallback and plain:
                # The common line: one atom per piece; its first piece continues the word before
                # it (a bold run may end mid-word) and its last one starts the next word.
                if pieces[0]:
                    current.append((change(pieces[0]), f, None))
                if len(pieces) > 1:
                    if current:
                        words.append(tuple(current))
                    words += [((change(p), f, None),) for p in pieces[2:-1:2] if p]
                    current = [(change(pieces[-1]), f, None)] if pieces[-1] else []
                continue
            # Tokens holding no break space never cross a piece: the line's matches are then its
            # pieces' matches, found once (an U+00A0 is read as a space first: searched per piece).
            by_line = unspaced and plain
            at = 0  # where the piece starts in the line
            h = 0  # the first match not yet taken
            for j, piece in enumerate(pieces):
                start, at = at, at + len(piece)
                if j % 2 == 1:  # whitespace: end the current word
                    if current and hits and current[-1][0][-1:].isdigit() and _number_then_icon(current, pieces, j, pat):
                        current.append((" ", f, None))  # "2 (W)" never parts
                        continue
                    if current:
                        words.append(tuple(current))
                        current = []
                    continue
                if not piece:
                    continue
                if by_line:
                    found = []
                    while h < len(hits) and hits[h].start() < at:
                        m = hits[h]
                        found.append((m.start() - start, m.end() - start, m.group(0)))
                        h += 1
                else:
                    if "\u00a0" in piece:
                        piece = piece.translate(_NO_BREAK)
                    found = [(m.start(), m.end(), m.group(0)) for m in pat.finditer(piece)] if hits else []
                if not found and not fallback:  # a piece with no token: one atom
                    current.append((change(piece), f, None))
                    continue
                pos = 0
                for m_start, m_end, token in found:
                    if m_start > pos:
                        current += [(t, ff, None) for t, ff in _by_coverage(change(piece[pos:m_start]), f, fallback)]
                    current.append((token, f, by_token[token]))
                    pos = m_end
                if pos < len(piece):
                    current += [(t, ff, None) for t, ff in _by_coverage(change(piece[pos:]), f, fallback)]
    if current:
        words.append(tuple(current))
    paragraphs.append(tuple(words))
    return tuple(paragraphs)


def _number_then_icon(current: list[Atom], pieces: list[str], j: int, pat: re.Pattern) -> bool:
    """Whether the word so far ends in a digit and the piece after the space ``pieces[j]`` starts
    with an icon token: a count and the icon it counts stay on one line."""
    last = current[-1]
    return (last[2] is None and last[0][-1:].isdigit() and j + 1 < len(pieces)
            and pat.match(pieces[j + 1]) is not None)


def _bullet_indent(para: tuple[Word, ...]) -> float:
    """The hanging indent (1 pt units) of a bullet paragraph: the width of its marker and the
    space after it, so its wrapped lines start under its first word; 0 for any other paragraph."""
    if len(para) < 2 or len(para[0]) != 1:
        return 0.0
    text, font, icon = para[0][0]
    if icon is not None or text not in BULLETS:
        return 0.0
    return unit_width(text, font) + unit_width(" ", para[1][0][1] if para[1][0][2] is None else font)


def _indent_atom(width: float) -> Atom:
    """An atom that draws nothing and moves the line's start ``width`` (1 pt units) to the right:
    an icon with no shapes, so measuring and drawing take it as any other advance."""
    return ("", "", Icon("indent", "", width, (), _INDENT_WHERE))


_INDENT_WHERE = Where("hanging indent")


# -- hyphenation ----------------------------------------------------------------------------
DEFAULT_LANGUAGE = "en_US"


@lru_cache(maxsize=32)
def _hyphenator(language: str):
    import pyphen

    from pnpgen.render import hyphdict

    language = language if language in pyphen.LANGUAGES else DEFAULT_LANGUAGE
    hyphdict.install(pyphen.LANGUAGES[pyphen.language_fallback(language)])  # parsed once, then kept
    # Never leave fewer than 3 letters on a line: a 2-letter stub reads as a typo on a card.
    return pyphen.Pyphen(lang=language, left=3, right=3)


def preload(language: str = DEFAULT_LANGUAGE) -> None:
    """Load the fonts and ``language``'s hyphenation dictionary now: a process about to fork workers
    that all fit text loads them once for all of them."""
    register_fonts()
    _hyphenator(language)


@lru_cache(maxsize=16384)
def hyphen_points(word: str, language: str = DEFAULT_LANGUAGE) -> tuple[tuple[int, bool], ...]:
    """Where ``word`` may break: (index, add_hyphen), best (rightmost) last.

    After an existing hyphen or slash (no hyphen added); elsewhere where pyphen's dictionary for
    ``language`` (the game's ``language:``, default en_US) allows a hyphen.
    """
    pts: list[tuple[int, bool]] = []
    n = len(word)
    for i in range(1, n):
        if word[i - 1] in "-/" and 2 <= i <= n - 2:
            pts.append((i, False))
    for part in re.finditer(r"[^\W\d_]+", word):  # runs of letters between hyphens, slashes, digits
        if part.end() - part.start() < 6:
            continue
        for k in _hyphenator(language).positions(part.group(0)):
            pts.append((part.start() + k, True))
    pts.sort()
    return tuple(pts)


def _split_word(word: Word, avail: float, hyphenate: bool, force: bool,
                language: str = DEFAULT_LANGUAGE) -> tuple[Word, Word] | None:
    """Split ``word`` so the first part (with a hyphen if added) is at most ``avail`` wide (1 pt
    units). ``force`` allows breaking anywhere when no hyphenation point fits (a word wider
    than the whole line). Returns None when nothing fits."""
    if len(word) == 1 and word[0][2] is None and hyphenate:
        text, font, _ = word[0]
        for i, add in reversed(hyphen_points(text, language)):
            head = text[:i] + ("-" if add else "")
            if unit_width(head, font) <= avail:
                return ((head, font, None),), ((text[i:], font, None),)
    if not force:
        return None
    # Last resort: the longest prefix of atoms/characters that fits; at least one character so
    # the loop always progresses.
    head: list[Atom] = []
    used = 0.0
    for k, a in enumerate(word):
        w = _atom_w(a)
        if used + w <= avail:
            head.append(a)
            used += w
            continue
        if a[2] is None:
            text, font, _ = a
            cut = 0
            while cut < len(text) and used + unit_width(text[: cut + 1], font) <= avail:
                cut += 1
            if not head and cut == 0:
                cut = 1
            if cut:
                head.append((text[:cut], font, None))
                rest = ((text[cut:], font, None),) if cut < len(text) else ()
                return tuple(head), rest + word[k + 1 :]
        if not head:
            return (a,), word[k + 1 :]
        return tuple(head), word[k:]
    return tuple(head), ()


# -- wrapping -------------------------------------------------------------------------------
def _make_line(words: list[Word], space_font: str, size: float) -> Line:
    """Merge neighbouring text atoms of the same font (one drawString each) into runs."""
    runs: list[list] = []  # [text, font, icon]
    for wi, word in enumerate(words):
        atoms = list(word)
        if wi:
            atoms.insert(0, (" ", word[0][1] if word[0][2] is None else space_font, None))
        for text, font, icon in atoms:
            if icon is None and runs and runs[-1][2] is None and runs[-1][1] == font:
                runs[-1][0] += text
            else:
                runs.append([text, font, icon])
    out = tuple(Run(t, f, (i.width if i else unit_width(t, f)) * size, i) for t, f, i in runs)
    return Line(out, sum(r.width for r in out))


def wrap(paragraphs: tuple[tuple[Word, ...], ...], width: float, size: float, font: str, hyphenate: bool,
         language: str = DEFAULT_LANGUAGE) -> list[list[Word]]:
    """Greedy line breaking at ``size``: the words of each line (an empty paragraph is an
    empty line, so blank lines in the text stay visible as spacing). The wrapped lines of a bullet
    paragraph start with an indent atom (:func:`_indent_atom`) glued to their first word."""
    full = width / size  # work in 1 pt units
    space = unit_width(" ", font)
    lines: list[list[Word]] = []
    for para in paragraphs:
        queue = list(para)
        cur: list[Word] = []
        cur_w = 0.0
        if not queue:
            lines.append([])
        indent = _bullet_indent(para)
        first = len(lines)
        avail = full
        while queue:
            if indent and len(lines) > first and not cur:
                avail = full - indent  # a bullet's wrapped line, under its first word
                if avail <= 0:
                    indent, avail = 0.0, full

            word = queue.pop(0)
            if len(word) == 1:  # most words: _word_w inlined, this loop runs for every word of a deck
                atom = word[0]
                ww = atom[2].width if atom[2] is not None else unit_width(atom[0], atom[1])
            else:
                ww = _word_w(word)
            need = ww if not cur else cur_w + space + ww
            if need <= avail + 1e-9:
                cur.append(word)
                cur_w = need
                continue
            room = avail - (cur_w + space if cur else 0.0)
            # Hyphenate a word that cannot fit any line, or one that would leave this line
            # more than a quarter empty; otherwise move it whole to the next line.
            split = None
            if not cur:
                split = _split_word(word, room, hyphenate, force=True, language=language)
            elif room > 0.25 * avail:
                split = _split_word(word, room, hyphenate, force=False, language=language)
            if split is not None:
                head, rest = split
                cur.append(head)
                if rest:
                    queue.insert(0, rest)
            else:
                queue.insert(0, word)
            lines.append(cur)
            cur, cur_w = [], 0.0
        if cur:
            lines.append(cur)
        if indent:
            pad = _indent_atom(indent)
            for ln in lines[first + 1:]:
                if ln:
                    ln[0] = (pad, *ln[0])
    return lines


def _words_text(words: list[Word] | tuple[Word, ...]) -> str:
    return " ".join("".join(a[0] for a in w) for w in words)


# ~2.8 KB a fitted text; most of a deck's texts are its own (names, abilities), so a larger cache
# only grows with the deck (65,536 entries: ~180 MiB at 50,000 cards) while the texts repeated
# across cards (labels, stats), used again and again, stay in it anyway.
@lru_cache(maxsize=2048)
def fit_text(
    text: str,
    width: float,
    height: float,
    font: str,
    size: float,
    min_size: float | None = None,
    leading: float = 1.15,
    bold_font: str | None = None,
    icons: IconSet = IconSet(),
    wrap_lines: bool = True,
    hyphenate: bool = True,
    case: str = "none",
    fallback: tuple[str, ...] = (),
    language: str = DEFAULT_LANGUAGE,
    italic_font: str | None = None,
    bold_italic_font: str | None = None,
) -> FitResult:
    """Fit ``text`` in ``width`` x ``height`` points, trying ``size`` down to ``min_size``.

    Font names may be aliases (``body``…); the largest size whose lines fit wins. At
    ``min_size`` the lines that fit are kept and the rest is returned as ``overflow``.
    """
    register_fonts()
    font = font_name(font)
    smallest = size if min_size is None else min_size
    paragraphs = _paragraphs(text, font, bold_font, icons, wrap_lines, case, fallback, italic_font, bold_italic_font)
    asc_desc = _cap_and_descent(font)
    first = _first_fit(paragraphs, width, height, font, size, smallest, leading, wrap_lines, hyphenate, language)
    if first is not None:
        s, lines = first
        return FitResult(tuple(_make_line(ws, font, s) for ws in lines), s, leading * s, asc_desc[0] * s,
                         asc_desc[1] * s, True)
    # Nothing fits even at the smallest size: keep what fits, report the rest.
    s = smallest
    asc, desc = asc_desc[0] * s, asc_desc[1] * s
    lead = leading * s
    if not wrap_lines:
        return _single_line_overflow(paragraphs[0], width, s, font, lead, asc, desc)
    lines = wrap(paragraphs, width, s, font, hyphenate, language)
    room = 0 if height < asc - desc else int((height - (asc - desc)) // lead) + 1
    rest = " ".join(_words_text(ws) for ws in lines[room:]).strip()
    return FitResult(tuple(_make_line(ws, font, s) for ws in lines[:room]), s, lead, asc, desc, False, rest)


def fits_box(
    text: str,
    width: float,
    height: float,
    font: str,
    size: float,
    min_size: float | None = None,
    leading: float = 1.15,
    bold_font: str | None = None,
    icons: IconSet = IconSet(),
    wrap_lines: bool = True,
    hyphenate: bool = True,
    case: str = "none",
    fallback: tuple[str, ...] = (),
    language: str = DEFAULT_LANGUAGE,
    italic_font: str | None = None,
    bold_italic_font: str | None = None,
) -> bool:
    """``fit_text(...).fits`` without making the lines: the same sizes tried by the same code, for
    the validator, which keeps only the boxes that do not fit (a deck's texts are nearly all its own,
    so the lines made for it would never be drawn or asked for again)."""
    register_fonts()
    font = font_name(font)
    smallest = size if min_size is None else min_size
    paragraphs = _paragraphs(text, font, bold_font, icons, wrap_lines, case, fallback, italic_font, bold_italic_font)
    return _first_fit(paragraphs, width, height, font, size, smallest, leading, wrap_lines, hyphenate,
                      language) is not None


def _sizes(size: float, smallest: float) -> Iterator[float]:
    """``size``, then ``SIZE_STEP`` smaller each time, down to ``smallest``: made as tried, since
    nearly every text fits at the first."""
    s = size
    while s > smallest + 1e-9:
        yield round(s, 4)
        s -= SIZE_STEP
    yield smallest


def _paragraphs(text: str, font: str, bold_font: str | None, icons: IconSet, wrap_lines: bool, case: str,
                fallback: tuple[str, ...], italic_font: str | None = None,
                bold_italic_font: str | None = None) -> tuple[tuple[Word, ...], ...]:
    paragraphs = tokenize(text, font, font_name(bold_font or "bold"), icons, case, tuple(font_name(f) for f in fallback),
                          italic_font and font_name(italic_font), bold_italic_font and font_name(bold_italic_font))
    if not wrap_lines:
        # One line: join paragraphs so a single-line box never wraps.
        paragraphs = (tuple(w for p in paragraphs for w in p),)
    return paragraphs


def _first_fit(paragraphs: tuple[tuple[Word, ...], ...], width: float, height: float, font: str, size: float,
               smallest: float, leading: float, wrap_lines: bool, hyphenate: bool,
               language: str) -> tuple[float, list[list[Word]]] | None:
    """The largest size from ``size`` down to ``smallest`` (``SIZE_STEP`` apart) whose lines fit the
    box, and those lines' words; None when even ``smallest`` does not hold everything."""
    asc_desc = _cap_and_descent(font)
    for s in _sizes(size, smallest):
        asc, desc = asc_desc[0] * s, asc_desc[1] * s
        lead = leading * s
        if wrap_lines:
            lines = wrap(paragraphs, width, s, font, hyphenate, language)
        else:
            lines = [list(paragraphs[0])]
            if _line_w(lines[0], font) * s > width + 1e-6:
                continue
        total = asc - desc + (len(lines) - 1) * lead if lines else 0.0
        if total <= height + 1e-6:
            return s, lines
    return None


@lru_cache(maxsize=64)
def _cap_and_descent(font: str) -> tuple[float, float]:
    """Cap height and descent at 1 pt. Card text is mostly capitals and digits, so the block
    starts at the cap height (the font's ascent leaves a visible gap above capitals and makes
    badge numbers sit low); the full descent keeps descenders inside the box."""
    face = pdfmetrics.getFont(font).face
    return face.capHeight / 1000.0, face.descent / 1000.0


def _line_w(words: list[Word], font: str) -> float:
    return sum(_word_w(w) for w in words) + unit_width(" ", font) * max(0, len(words) - 1)


def _single_line_overflow(words: tuple[Word, ...], width: float, s: float, font: str, lead: float, asc: float, desc: float) -> FitResult:
    joined: Word = ()
    for i, w in enumerate(words):
        joined += (((" ", font, None),) if i else ()) + w
    split = _split_word(joined, width / s, hyphenate=False, force=True)
    head, rest = split if split else ((), joined)
    line = _make_line([head], font, s) if head else Line((), 0.0)
    return FitResult((line,), s, lead, asc, desc, False, "".join(a[0] for a in rest).strip())
