"""Build a game's print-and-play kit: one call writes every file for one game.

``output/<game>/`` (the names, one set per kind of output, are ``render.outnames``'):
- ``<game>-<paper>.pdf``: card sheets, each sheet's fronts then its backs (duplex), or
  ``<game>-gutterfold-<paper>.pdf`` with fronts and backs side by side;
- ``<game>-tokens-<paper>.pdf``, ``<game>-boards-<paper>.pdf``, ``<game>-reference-<paper>.pdf``
  when the game has such components;
- ``<game>-odds-<paper>.pdf``: double-sided odds reference cards, for games with a rules
  calculator (``pnpgen.odds.reference``, drawn by ``pnpgen.render.oddscard``);
- ``<card PDF>-manifest.csv``: every printed card copy with its sheet, slot and pages (``render.manifest``);
- ``png-<profile>/<card type>/<card>.png`` and ``tts/`` (sheets and ``<game>-tts.json``, a
  Tabletop Simulator saved object; ``tts-selection/`` for a selection) when asked;
- with ``cut``, ``<game>-cut-<machine>-<paper>.pdf``: the card sheets with registration marks, and
  ``cut/<card PDF>-sheet<n>.svg`` (and ``.dxf`` for Silhouette, ``.png`` of the print area for
  Cricut) per sheet (``layout.cutting``);
- with ``pdfx``, every PDF's name ends ``-pdfx<standard>`` (``-pdfx4``, ``-pdfx1a``, ``-pdfx1a2003``).

A build replaces and clears only files of its own kind: a print-and-cut build leaves the plain card
sheets alone, and a plain build leaves ``cut/``.

An expansion folder (``pnpgen new``) builds only its own cards into ``output/<expansion id>/``,
drawn with the base game's templates unless its ``templates/`` folder overrides them.

Nothing is invented: a card type or component without a size is skipped with a warning, and so
is anything that does not fit the paper.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Sequence

from pnpgen.buildoptions import DEFAULT_PRINTER_MARGIN_MM, BuildOptions
from pnpgen.fsutil import atomic_write_bytes
from pnpgen.heap import settled
from pnpgen.layout.deck import plan_deck
from pnpgen.layout.geometry import LayoutError
from pnpgen.layout.paper import Paper, paper_size
from pnpgen.layout.slots import pages_per_sheet, place
from pnpgen.layout.tiling import tile_board
from pnpgen.layout.tokens import TokenKind, pack_tokens
from pnpgen.render import images, outnames, pdfdoc, raster, tts as tts_out
from pnpgen.render.boards import draw_board
from pnpgen.render.face import forget_drawn_faces
from pnpgen.render.manifest import write_manifest
from pnpgen.render.prepare import FrontWatch
from pnpgen.render.sheets import CardPainter, draw_deck, expand_copies
from pnpgen.render.tokens import draw_token_pages
from pnpgen.render.workers import worker_count
from pnpgen.selection import parse_sheets, pick_cards, pick_sheets, split_list
from pnpgen.spec.model import ComponentKind, Game
from pnpgen.units import mm


@dataclass
class BuildResult:
    game_id: str
    out_dir: Path
    files: list[Path] = field(default_factory=list)
    pages: dict[str, int] = field(default_factory=dict)   # PDF file name -> pages
    cards: int = 0                                          # card copies laid out
    warnings: list[str] = field(default_factory=list)
    overflows: list[Any] = field(default_factory=list)      # face.Overflow, once per face/back
    skipped: list[str] = field(default_factory=list)        # decks not laid out because of an error (build fails)


@dataclass(frozen=True)
class _Spacing:
    """The printer margin and the gap between cards, in points, for every card-sheet plan."""

    margin: float = mm(DEFAULT_PRINTER_MARGIN_MM)
    gap: float = 0.0

    def layout(self) -> dict:
        return {"margin": self.margin, "gutter": self.gap}


@dataclass(frozen=True)
class Hooks:
    """What a build calls while it runs; none of it changes the options' files. ``progress(message[,
    done, total])`` hears each step; ``draw_face``/``draw_back`` replace the face renderer (tests,
    the studio); ``on_front`` (a ``render.prepare.FrontWatch``) summarises and keeps each card front
    drawn on the card sheets (``pnpgen.kit`` hands them to the validator)."""

    progress: Callable[..., None] | None = None
    draw_face: Any = None
    draw_back: Any = None
    on_front: FrontWatch | None = None


def _say(progress: Callable[..., None] | None, message: str, done: int | None = None,
         total: int | None = None) -> None:
    """Tell ``progress`` the step a build is at: ``progress(message)``, or ``progress(message, done,
    total)`` inside a step counted in parts (the card sheets)."""
    if progress:
        progress(message) if done is None else progress(message, done, total)


def build_game(game: Game, out_dir: Path | str, options: BuildOptions | None = None, *,
               progress: Callable[..., None] | None = None, draw_face=None, draw_back=None,
               on_front: FrontWatch | None = None, **settings: Any) -> BuildResult:
    """Write ``out_dir/<game or expansion id>/…`` as ``options`` (a :class:`BuildOptions`) ask, or
    as ``settings`` ask (its fields as keywords, made into one and checked); the hooks are
    :class:`Hooks`'.

    What the options write: ``back_offset`` is (x, y) in mm from the calibration sheet; ``png``
    adds per-card PNGs of a preset; ``dpi`` is the resolution pictures are kept at; cards of one
    size share sheets unless ``sheet_per_type``; ``pdfx`` ('4', '1a', '1a:2003') makes every PDF a
    CMYK PDF/X file (``pnpgen.render.pdfx``); ``shop`` writes only that print shop's card files
    instead of sheets (``pnpgen.render.shops``); ``cut`` names a cutting machine ('silhouette',
    'cricut', 'svg') and ``corner_mm`` the radius of the cut cards' corners; ``tts_url`` is where
    the TTS sheets will be hosted (else file URIs).

    ``only`` (card ids or names), ``types`` (card types) and ``pages`` (sheets of the card PDF, e.g.
    '3,5-7'; :mod:`pnpgen.selection`) choose what to print: such a build writes only the chosen card
    sheets, as ``<kit>-<paper>-selection.pdf``, and PNG/TTS files for the chosen cards. ``ink_saver``
    draws ink-heavy template shapes light (:mod:`pnpgen.render.inksaver`) into ``…-inksaver.pdf``
    files, for play-testing copies. Unknown names or sheets raise ``SelectionError`` before anything
    is written. ``workers`` processes rasterise PNGs and TTS sheets (None: every core, the CLI's
    default; 1, the library's default, keeps to this process so a script needs no ``__main__``
    guard; the same bytes for any number). ``printer_margin_mm`` is the paper's unprintable edge: a
    cut guide on every cut line stays outside it, and a sheet holds fewer cards (with a warning)
    when the guides would not fit otherwise; ``gap_mm`` spaces the cards, each card's bleed filling
    its half of the gap (``pnpgen.layout.imposition``), on the card and odds sheets and in the cut
    files."""
    from pnpgen.render.pdfx import PdfX
    from pnpgen.render.shops import SHOPS

    if options is None:
        options = BuildOptions(**settings)
    elif settings:
        raise TypeError(f"build_game takes options or their keywords, not both: {', '.join(sorted(settings))}")
    hooks = Hooks(progress, draw_face, draw_back, on_front)
    preset = SHOPS[options.shop] if options.shop else None
    pdfx = options.pdfx
    if preset is not None and preset.output == "pdfx":
        pdfx = pdfx or preset.pdfx
    pdfdoc.set_output_standard(PdfX(pdfx) if pdfx else None)
    try:
        with settled():  # the game is read: out of the cycle collector's sight while it is drawn
            if preset is not None:
                images.set_print_dpi(options.dpi)
                images.take_font_warnings()
                result = _build_shop(game, out_dir, preset, hooks.progress, hooks.draw_face, hooks.draw_back,
                                     options.only, options.types, options.workers)
            else:
                images.take_font_warnings()
                result = _build_kit(game, out_dir, options, hooks)
            result.warnings += images.take_font_warnings()  # SVG text in a font the game lacks
            return result
    finally:
        pdfdoc.set_output_standard(None)


@dataclass
class _Kit:
    """One kit being built (not a shop's files): what its steps share."""

    game: Game
    kit_id: str
    others: list                 # an expansion's base-game cards (``_others``)
    title: str
    dest: Path
    named: str                   # the kit in file names (``outnames.in_language``)
    sheet: Paper
    bleed: float
    options: BuildOptions
    hooks: Hooks
    spacing: _Spacing
    result: BuildResult
    pdfx: str | None             # the standard's name in file names
    decks: list[tuple[str, list]] = field(default_factory=list)
    choosing: bool = False       # --only/--types/--pages: a selection of card sheets
    stem: str = ""               # the card PDF's name without .pdf


def _build_kit(game: Game, out_dir: Path | str, options: BuildOptions, hooks: Hooks) -> BuildResult:
    """A kit's files, step by step: card sheets (and manifest, cut files), tokens, boards, reference
    sheets, odds cards, then PNGs and Tabletop Simulator sheets of the card decks."""
    kit = _start_kit(game, out_dir, options, hooks)
    if kit.decks:
        _card_sheets(kit)
    _clear_stale_card_pdf(kit)
    if kit.choosing:  # a selection is of cards: the kit's other files stay as the full build wrote them
        kit.game = replace(kit.game, components=(), references=())
    _tokens(kit.game, kit.sheet, kit.bleed, options.duplex, options.back_offset,
            kit.dest / outnames.part_name(kit.named, "tokens", kit.sheet.name, pdfx=kit.pdfx), kit.result,
            hooks.progress)
    _boards(kit.game, kit.sheet, kit.dest / outnames.part_name(kit.named, "boards", kit.sheet.name, pdfx=kit.pdfx),
            kit.result, hooks.progress)
    _reference_sheets(kit)
    if kit.game.expansion is None and not kit.choosing:  # odds cards are the base game's, like its references
        _odds(kit.game, kit.sheet, kit.bleed, options.duplex, options.back_offset, options.gutterfold,
              kit.dest / outnames.odds_name(kit.named, kit.sheet.name, gutterfold=options.gutterfold, pdfx=kit.pdfx,
                                            ink_saver=options.ink_saver),
              kit.result, hooks.progress, options.ink_saver, kit.spacing)
    if options.png and kit.decks:
        _card_pngs(kit)
    if options.tts and kit.decks:
        _tts_sheets(kit)
    return kit.result


def _start_kit(game: Game, out_dir: Path | str, options: BuildOptions, hooks: Hooks) -> _Kit:
    """The kit's name, paper, folder and card decks (the chosen cards only, for a selection), and
    the card PDF's name; a ``--pages`` selection of a kit without card sheets fails here."""
    images.set_print_dpi(options.dpi)
    sheet = paper_size(options.paper)
    others = _others(game)
    game, kit_id = _printable(game)
    standard = pdfdoc.output_standard()
    kit = _Kit(game=game, kit_id=kit_id, others=others, title=game.expansion.name if game.expansion else game.name,
               dest=Path(out_dir) / kit_id, named=outnames.in_language(kit_id, game.translation), sheet=sheet,
               bleed=mm(options.bleed_mm), options=options, hooks=hooks,
               spacing=_Spacing(mm(options.printer_margin_mm), mm(options.gap_mm)),
               result=BuildResult(kit_id, Path(out_dir) / kit_id), pdfx=standard.name if standard is not None else None)
    sheet_ranges = parse_sheets(options.pages)
    kit.choosing = bool(options.only or options.types or sheet_ranges)
    chosen = pick_cards(game.cards, game.card_types, options.only, options.types, others, kit_id)
    kit.decks = _card_decks(game, kit.result, chosen)
    kit.stem = outnames.card_stem(kit.named, sheet.name, gutterfold=options.gutterfold, cut=options.cut,
                                  pdfx=kit.pdfx, selection=kit.choosing, ink_saver=options.ink_saver)
    if sheet_ranges and not kit.decks:
        pick_sheets(sheet_ranges, 0, f"{kit_id} (no card type with a size and cards to print)")
    return kit


def _card_sheets(kit: _Kit) -> None:
    """The card PDF: its decks laid out, the chosen sheets drawn and saved, with its manifest and,
    for print-and-cut, the cut files."""
    laid_out = _lay_out_decks(kit)
    wanted = _wanted_sheets(kit, laid_out)
    _plan_pictures(kit.game, kit.decks, kit.bleed)
    canvas, drawn, placements, machines = _draw_card_sheets(kit, laid_out, wanted)
    images.clear_plan()
    if drawn:
        _write_card_pdf(kit, canvas, drawn, placements, machines)


def _lay_out_decks(kit: _Kit) -> list[tuple]:
    """(card types, cards, sheet plan, cutting machine or None) for every group of decks sharing
    sheets that fits the paper; a group that does not is warned about and skipped (the build fails)."""
    options, sheet, spacing = kit.options, kit.sheet, kit.spacing
    offset = (mm(options.back_offset[0]), mm(options.back_offset[1]))
    laid_out = []
    for type_ids, cards in _sheet_groups(kit.game, kit.decks, options.sheet_per_type):
        size = kit.game.card_types[type_ids[0]].size
        named = ", ".join(map(repr, type_ids))
        try:
            plan = plan_deck(sheet, size.width, size.height, kit.bleed, gutter=spacing.gap, margin=spacing.margin,
                             duplex=options.duplex, back_offset=offset, gutterfold=options.gutterfold)
            if options.cut:
                from pnpgen.layout.cutting import plan_cut_deck  # print-and-cut builds only

                cut_plan = plan_cut_deck(sheet, size.width, size.height, kit.bleed, options.cut, options.duplex,
                                         offset, margin=spacing.margin, full=plan.per_page, gutter=spacing.gap)
                plan = cut_plan.deck
        except LayoutError as exc:
            kit.result.warnings.append(f"card type {named}: {exc}; not laid out")
            kit.result.skipped.append(f"card type {named}: {exc}")
            continue
        if plan.warning:
            kit.result.warnings.append(f"card type {named}: {plan.warning}")
        if options.cut and cut_plan.warning:
            kit.result.warnings.append(f"card type {named}: {cut_plan.warning}")
        laid_out.append((type_ids, cards, plan, cut_plan.machine if options.cut else None))
    return laid_out


def _wanted_sheets(kit: _Kit, laid_out: list[tuple]) -> set[int] | None:
    """The PDF-wide numbers of the sheets ``--pages`` chooses (None: every sheet), checked before
    anything is drawn or written."""
    sheet_ranges = parse_sheets(kit.options.pages)
    if not sheet_ranges:
        return None
    total = sum(sheet_count(plan, cards) for _, cards, plan, _ in laid_out)
    return pick_sheets(sheet_ranges, total, f"the card PDF ({kit.sheet.describe()}, "
                       f"{'gutterfold' if kit.options.gutterfold else 'duplex'})")


def _draw_card_sheets(kit: _Kit, laid_out: list[tuple], wanted: set[int] | None) -> tuple[Any, int, list, dict]:
    """The card sheets drawn on one canvas: (canvas, pages drawn, placements of the copies drawn,
    cutting machine per sheet)."""
    game, hooks, options = kit.game, kit.hooks, kit.options
    to_draw = len(wanted) if wanted is not None else sum(sheet_count(plan, cards) for _, cards, plan, _ in laid_out)
    sheets_done = [0]

    def sheet_drawn() -> None:
        sheets_done[0] += 1
        _say(hooks.progress, f"{kit.kit_id}: card sheets", sheets_done[0], to_draw)

    _say(hooks.progress, f"{kit.kit_id}: card sheets", 0, to_draw)
    canvas = pdfdoc.new_canvas((kit.sheet.width, kit.sheet.height), f"{kit.title} — cards", "print-and-play cards")
    painter = CardPainter(canvas, game, kit.bleed, hooks.draw_face, hooks.draw_back, ink_saver=options.ink_saver)
    painter.prepared = _preparer(game, laid_out, kit.bleed, options.ink_saver, options.workers,
                                 hooks.draw_face is None and wanted is None,
                                 hooks.on_front.summarise if hooks.on_front is not None else None)
    painter.on_front = hooks.on_front
    drawn = 0
    first = 1  # the PDF-wide number of this group's first sheet
    placements: list = []
    machines: dict = {}
    try:
        for type_ids, cards, plan, machine in laid_out:
            count = sheet_count(plan, cards)
            keep = None if wanted is None else {n - first + 1 for n in wanted if first <= n < first + count}
            group_first, first = first, first + count
            if keep is not None and not keep:
                continue
            names = ", ".join(game.card_types[t].name for t in type_ids)
            dealt = _kept_placements(plan, cards, group_first, keep, drawn + 1)
            placements += dealt
            if machine is not None:
                machines.update({p.sheet: machine for p in dealt})
            drawn += draw_deck(painter, plan, cards, f"{kit.title} · {names}", sheets=keep, on_sheet=sheet_drawn)
            kit.result.cards += len(dealt)
    finally:
        if painter.prepared is not None:  # a deck large enough for workers: its faces are not met again
            painter.prepared.close()
            forget_drawn_faces()
    kit.result.overflows += painter.overflows
    return canvas, drawn, placements, machines


def _write_card_pdf(kit: _Kit, canvas, drawn: int, placements: list, machines: dict) -> None:
    """The card PDF, its manifest and, for print-and-cut, its cut files (old ones cleared first)."""
    cut = kit.options.cut
    _save(canvas, kit.dest / f"{kit.stem}.pdf", drawn, kit.result)
    manifest = kit.dest / f"{kit.stem}-manifest.csv"
    write_manifest(manifest, placements)
    kit.result.files.append(manifest)
    if cut:
        _clear_cut_files(kit.dest / "cut", kit.stem)
        _say(kit.hooks.progress, f"{kit.kit_id}: {cut} cut files")
        kit.result.files += _cut_files(kit.dest / "cut", kit.stem, kit.dest / f"{kit.stem}.pdf", placements, machines,
                                       mm(kit.options.corner_mm), kit.title)


def _clear_stale_card_pdf(kit: _Kit) -> None:
    """No card sheet this run: an old one from an earlier run must not look current."""
    card_pdf = kit.dest / f"{kit.stem}.pdf"
    if card_pdf not in kit.result.files and card_pdf.is_file():
        card_pdf.unlink()
        card_pdf.with_name(f"{card_pdf.stem}-manifest.csv").unlink(missing_ok=True)
        if kit.options.cut:
            _clear_cut_files(kit.dest / "cut", card_pdf.stem)


def _reference_sheets(kit: _Kit) -> None:
    if not kit.game.references:
        return
    _say(kit.hooks.progress, f"{kit.kit_id}: reference sheets")
    from pnpgen.render.references import draw_references  # here: reportlab's platypus costs ~50 ms to import

    sheet = kit.sheet
    canvas = pdfdoc.new_canvas((sheet.width, sheet.height), f"{kit.title} — reference", "reference sheets")
    pages = draw_references(canvas, sheet.portrait(), list(kit.game.references), f"{kit.title} · reference")
    _save(canvas, kit.dest / outnames.part_name(kit.named, "reference", sheet.name, pdfx=kit.pdfx), pages, kit.result)


def _card_pngs(kit: _Kit) -> None:
    """``png-<preset>/<card type>/<card>.png`` for every card of the decks."""
    profile = raster.profile_of(kit.options.png)
    for type_id, cards in kit.decks:
        _say(kit.hooks.progress, f"{kit.kit_id}: {profile.name} PNGs for {type_id}")
        distinct = list({c.id: c for c in cards}.values())
        folder = kit.dest / outnames.in_language(f"png-{profile.name}", kit.game.translation) / type_id
        files, _ = raster.write_card_pngs(kit.game, type_id, distinct, folder, profile, kit.hooks.draw_face,
                                          kit.hooks.draw_back, workers=worker_count(kit.options.workers))
        kit.result.files += files


def _tts_sheets(kit: _Kit) -> None:
    """Tabletop Simulator deck sheets of every deck and the saved object that holds them."""
    objects, deck_id = [], 1
    tts_dir = kit.dest / outnames.in_language(outnames.tts_folder(kit.choosing), kit.game.translation)
    for position, (type_id, cards) in enumerate(kit.decks):
        _say(kit.hooks.progress, f"{kit.kit_id}: Tabletop Simulator sheets for {type_id}")
        deck = tts_out.write_tts_sheets(kit.game, type_id, cards, tts_dir, f"{kit.named}-{type_id}", deck_id,
                                        kit.options.tts_url, kit.hooks.draw_face, kit.hooks.draw_back,
                                        workers=worker_count(kit.options.workers))
        deck_id = deck.next_deck_id
        kit.result.files += deck.files
        objects.append(tts_out.deck_object(kit.game, type_id, cards, deck, position))
    saved = tts_dir / f"{kit.named}-tts.json"
    tts_out.write_saved_object(saved, kit.title, objects)
    kit.result.files.append(saved)


def _preparer(game: Game, laid_out: list, bleed: float, ink_saver: bool, workers: int | None, usable: bool,
              summarise=None):
    """Worker processes resolving and fitting the fronts ahead of the canvas (``render.prepare``),
    when there are cores to spare and fronts enough to pay for them; else None. Not for PDF/X-1a,
    whose flattening redraws faces in another order."""
    from pnpgen.render.prepare import FacePreparer

    standard = pdfdoc.output_standard()
    if not usable or (standard is not None and not standard.transparency):
        return None
    cards = list({card.id: card for _, deck, _, _ in laid_out for card in deck}.values())
    count = FacePreparer.workers_for(len(cards), worker_count(workers))
    return FacePreparer(game, cards, bleed, ink_saver, count, summarise) if count else None


def _build_shop(game: Game, out_dir: Path | str, shop, progress, draw_face, draw_back,
                only: Sequence[str] = (), types: Sequence[str] = (), workers: int | None = 1) -> BuildResult:
    """``out_dir/<kit>/<shop>/``: the shop's card files (``pnpgen.render.shops``), of the cards
    ``only``/``types`` choose (a chosen PDF is ``<kit>-<type>-selection.pdf``, so it does not replace
    the whole type's); tokens, boards and references are not cards a card shop prints, so they are
    left out (and said so)."""
    from pnpgen.render.shops import copies_rows, file_cards, product_page, size_warnings, write_copies, write_shop_pdf

    others = _others(game)
    game, kit_id = _printable(game)
    dest = Path(out_dir) / kit_id / outnames.in_language(shop.id, game.translation)
    result = BuildResult(kit_id, dest)
    only, types = split_list(only), split_list(types)
    chosen = pick_cards(game.cards, game.card_types, only, types, others, kit_id)  # None: every card
    decks = _card_decks(game, result, chosen)
    result.warnings += size_warnings(shop, game, [t for t, _ in decks])
    if (game.components or game.references) and chosen is None:
        result.warnings.append(f"--shop {shop.id} writes card files only: tokens, boards and references are not "
                               f"built (run without --shop for them)")
    rows: list[tuple] = []
    suffix = "-selection" if chosen is not None else ""
    for type_id, cards in decks:
        distinct = list({c.id: c for c in cards}.values())
        if shop.output == "pdfx":
            _say(progress, f"{kit_id}: {shop.name} PDF for {type_id}")
            _plan_pictures(game, [(type_id, distinct)], shop.bleed_pt)
            path = dest / f"{kit_id}-{raster.safe_file_name(type_id)}{suffix}.pdf"
            pages, issues, notes = write_shop_pdf(game, type_id, file_cards(shop, cards), path, shop, draw_face,
                                                  draw_back)
            _note(result, notes)
            images.clear_plan()
            result.files.append(path)
            result.pages[path.name] = pages
            result.overflows += issues
            rows += copies_rows(shop, type_id, cards, {c.id: path for c in cards}, {c.id: path for c in cards}, dest)
        else:
            _say(progress, f"{kit_id}: {shop.name} PNGs for {type_id}")
            profile = raster.PngProfile(shop.id, shop.bleed_pt, shop.dpi)
            page = product_page(shop, game.card_types[type_id].size)
            files, overflows = raster.write_card_pngs(game, type_id, distinct, dest / type_id, profile,
                                                      draw_face, draw_back, workers=worker_count(workers), page=page)
            result.files += files
            result.overflows += overflows
            fronts = dict(zip([c.id for c in distinct], files))
            own = raster.back_variants(game, distinct, draw_back)  # cards wearing a back of their own
            wears = {c.id: dest / type_id / (f"{raster.safe_file_name(c.id)}-back.png" if c.id in own else "back.png")
                     for c in distinct}
            rows += copies_rows(shop, type_id, cards, fronts, wears, dest)
        result.cards += len(cards)
    if rows:
        copies = dest / f"{kit_id}-copies{suffix}.csv"
        write_copies(copies, rows)
        result.files.append(copies)
    return result


def _clear_cut_files(folder: Path, stem: str) -> None:
    """Cut files an earlier print-and-cut build of this card PDF wrote: one with fewer sheets must
    not leave them. Only names that build writes (``<stem>-sheet<n>.svg|dxf|png``) are touched."""
    if folder.is_dir():
        own = re.compile(re.escape(stem) + r"-sheet[0-9]+\.(svg|dxf|png)")
        for old in folder.iterdir():
            if own.fullmatch(old.name) and old.is_file():
                old.unlink()


def _cut_files(folder: Path, stem: str, pdf: Path, placements, machines, radius: float, title: str) -> list[Path]:
    sheets: dict[int, list] = {}
    sizes, front_pages = {}, {}
    for p in placements:
        sheets.setdefault(p.sheet, []).append((f"sheet{p.sheet}-slot{p.slot}-{raster.safe_file_name(p.card.id)}", p.face.trim))
        sizes[p.sheet] = (p.paper.width, p.paper.height)
        front_pages[p.sheet] = p.front_page
    from pnpgen.render import cutfiles  # here, as the cutting plan: only print-and-cut builds need them

    files = cutfiles.write_cut_files(folder, stem, sheets, machines, sizes, radius, title)
    for n, machine in sorted(machines.items()):
        if machine.name == "cricut":  # Design Space prints this image itself, inside its registration rectangle
            image = raster.render_area(pdf.read_bytes(), front_pages[n] - 1, machine.area, 300)
            path = folder / f"{stem}-sheet{n}.png"
            atomic_write_bytes(path, raster.png_bytes(image, 300))
            files.append(path)
    return files


def _kept_placements(plan, cards: list, first_sheet: int, keep: set[int] | None, first_page: int) -> list:
    """The placements of the sheets ``draw_deck`` draws (``keep``: numbers within this deck, None = all),
    with the pages they get in this PDF; sheet numbers stay PDF-wide, as ``--pages`` counts them."""
    if keep is None:  # every sheet: numbered on from first_page, as place() numbers them itself
        return place(plan, cards, first_sheet, first_page)
    dealt = [p for p in place(plan, cards, first_sheet) if p.sheet - first_sheet + 1 in keep]
    step = pages_per_sheet(plan)
    order = {n: i for i, n in enumerate(sorted({p.sheet for p in dealt}))}
    return [replace(p, front_page=first_page + order[p.sheet] * step,
                    back_page=first_page + order[p.sheet] * step + step - 1) for p in dealt]


def _printable(game: Game) -> tuple[Game, str]:
    """What a kit prints and its name. An expansion prints only its own cards, under its own id;
    the base game's tokens, boards and references are the base game's kit."""
    if game.expansion is None:
        return game, game.id
    own = replace(game, cards=tuple(game.own_cards()), components=(), references=())
    return own, game.expansion.id


def _save(canvas, path: Path, pages: int, result: BuildResult) -> None:
    from pnpgen.render.pdfx import notes, problems

    pdfdoc.save(canvas, path)
    result.overflows += problems(canvas)  # X-1a: transparency drawn opaque (build fails, like overflows)
    _note(result, notes(canvas))
    result.files.append(path)
    result.pages[path.name] = pages


def _others(game: Game) -> list:
    """Cards of an expansion's base game: named by ``--only``, they get a clearer error."""
    return [] if game.expansion is None else [c for c in game.cards if c.origin != game.expansion.id]


def sheet_count(plan, cards: list) -> int:
    """Sheets (pieces of paper) ``cards`` take under ``plan``."""
    return -(-len(cards) // plan.per_page)


def _note(result: BuildResult, notes: list[str]) -> None:
    """A press canvas's notes (X-1a raster flattening) as warnings: once per template file and
    message in the whole build, though each PDF of a build notes them anew."""
    def key(text: str) -> tuple[str, str]:
        where, _, message = text.partition(": ")
        return where.rsplit(":", 1)[0], message

    seen = {key(w) for w in result.warnings}
    for n in notes:
        if key(n) not in seen:
            seen.add(key(n))
            result.warnings.append(n)


def _card_decks(game: Game, result: BuildResult, chosen: set[str] | None = None) -> list[tuple[str, list]]:
    """(card type, cards with copies repeated) for every type that can be laid out; only the
    ``chosen`` cards when a selection is given."""
    decks = []
    known = set(game.card_types)
    for card in game.cards:
        if card.type not in known and (chosen is None or card.id in chosen):
            result.warnings.append(f"card {card.id!r} has unknown type {card.type!r}; not laid out")
        elif chosen is not None and card.id in chosen and card.copies <= 0:
            result.warnings.append(f"card {card.id!r} has copies: {card.copies}; nothing printed for it")
    for type_id, ct in game.card_types.items():
        of_type = game.cards_of(type_id)
        if chosen is not None:
            of_type = [c for c in of_type if c.id in chosen]
        cards = expand_copies(of_type)
        if not cards:
            continue
        if ct.size is None:
            result.warnings.append(f"card type {type_id!r} has no size; its {len(cards)} cards are not laid out "
                                   f"(give the type a size in game.yaml or _overrides.yaml)")
            continue
        decks.append((type_id, cards))
    return decks


def _plan_pictures(game: Game, decks: list[tuple[str, list]], bleed: float) -> None:
    """Tell the picture embedder the largest size each picture is drawn at, so it embeds each once."""
    from pnpgen.render.face import front_draws_pictures, resolved_back, resolved_front

    images.clear_plan()
    for type_id, cards in decks:
        images.plan(resolved_back(game, type_id, bleed).ops)
        if not front_draws_pictures(game, type_id):
            continue  # resolving every front only to find no picture would cost as much as drawing them
        for card in {c.id: c for c in cards}.values():
            images.plan(resolved_front(game, card, bleed).ops)


def _sheet_groups(game: Game, decks: list[tuple[str, list]], per_type: bool) -> list[tuple[tuple[str, ...], list]]:
    """Decks laid out together: every type of one card size shares sheets (type order, then spec
    order), so a few cards of many types do not each take a page; ``per_type`` keeps them apart."""
    if per_type:
        return [((type_id,), cards) for type_id, cards in decks]
    groups: dict[tuple[float, float], tuple[list[str], list]] = {}
    for type_id, cards in decks:
        size = game.card_types[type_id].size
        key = (round(size.width, 3), round(size.height, 3))
        types, all_cards = groups.setdefault(key, ([], []))
        types.append(type_id)
        all_cards.extend(cards)
    return [(tuple(types), cards) for types, cards in groups.values()]


def _odds(game: Game, sheet: Paper, bleed: float, duplex: str, back_offset, gutterfold: bool, path: Path,
          result: BuildResult, progress, ink_saver: bool = False, spacing: _Spacing | None = None) -> None:
    """The odds reference cards, imposed like a deck (same bleed, duplex, back offset)."""
    from pnpgen.odds.reference import reference_cards  # here: the calculators are ~13 ms to import

    cards = reference_cards(game)
    if not cards:
        return
    from pnpgen.render.oddscard import draw_odds_cards  # here: reportlab's platypus costs ~50 ms to import

    _say(progress, f"{game.id}: odds reference cards")
    canvas = pdfdoc.new_canvas((sheet.width, sheet.height), f"{game.name} — odds reference", "odds reference cards")
    try:
        drawing = draw_odds_cards(canvas, game, cards, sheet, bleed, duplex,
                                  (mm(back_offset[0]), mm(back_offset[1])), gutterfold, ink_saver=ink_saver,
                                  **(spacing or _Spacing()).layout())
    except LayoutError as exc:
        result.warnings.append(f"odds reference cards: {exc}; not laid out")
        return
    result.overflows += drawing.overflows
    _save(canvas, path, drawing.pages, result)


def _tokens(game: Game, sheet: Paper, bleed: float, duplex: str, back_offset, path: Path,
            result: BuildResult, progress) -> None:
    kinds = []
    for comp in game.components:
        if comp.kind is not ComponentKind.TOKEN:
            continue
        if comp.size is None:
            result.warnings.append(f"token component {comp.id!r} has no size; not laid out")
            continue
        count = comp.count
        if count is None:
            result.warnings.append(f"token component {comp.id!r} has no count; printed 1 as a sample")
            count = 1
        if count <= 0:
            continue
        shape = comp.shape.value if comp.shape else ("square" if abs(comp.size.width - comp.size.height) < 0.01 else "rect")
        kinds.append(TokenKind(comp.id, comp.name, shape, comp.size.width, comp.size.height, count, comp.sides))
    if not kinds:
        return
    _say(progress, f"{game.id}: token sheets")
    fitting = []
    for kind in kinds:
        try:
            pack_tokens(sheet.portrait(), [TokenKind(kind.key, kind.label, kind.shape, kind.width, kind.height, 1)], bleed)
            fitting.append(kind)
        except LayoutError as exc:
            result.warnings.append(f"token component {kind.key!r}: {exc}; not laid out")
    if not fitting:
        return
    pages = pack_tokens(sheet.portrait(), fitting, bleed, duplex=duplex,
                        back_offset=(mm(back_offset[0]), mm(back_offset[1])))
    canvas = pdfdoc.new_canvas((sheet.width, sheet.height), f"{game.name} — tokens", "print-and-play tokens")
    n = draw_token_pages(canvas, pages, fitting, f"{game.name} · tokens")
    _save(canvas, path, n, result)


def _boards(game: Game, sheet: Paper, path: Path, result: BuildResult, progress) -> None:
    boards = [c for c in game.components if c.kind is ComponentKind.BOARD]
    if not boards:
        return
    canvas = None
    pages = 0
    for comp in boards:
        if comp.size is None:
            result.warnings.append(f"board {comp.id!r} has no size; not laid out")
            continue
        if comp.count is None:
            result.warnings.append(f"board {comp.id!r} has no count; printed 1")
        if comp.sides > 1:
            result.warnings.append(f"board {comp.id!r} is double-sided; only one side is printed")
        _say(progress, f"{game.id}: board {comp.id}")
        tiling = tile_board(sheet, comp.size.width, comp.size.height)
        canvas = canvas or pdfdoc.new_canvas((tiling.paper.width, tiling.paper.height), f"{game.name} — boards", "boards")
        w, h = comp.size.mm
        for _ in range(comp.count if comp.count and comp.count > 0 else 1):
            pages += draw_board(canvas, comp, tiling, f"{game.name} · {comp.name} {w / 10:g}×{h / 10:g} cm")
    if canvas is not None and pages:
        _save(canvas, path, pages, result)
