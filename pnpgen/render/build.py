"""Build a game's print-and-play kit: one call writes every file for one game.

``output/<game>/``:
- ``<game>-<paper>.pdf``: card sheets, each sheet's fronts then its backs (duplex), or
  ``<game>-gutterfold-<paper>.pdf`` with fronts and backs side by side;
- ``<game>-tokens-<paper>.pdf``, ``<game>-boards-<paper>.pdf``, ``<game>-reference-<paper>.pdf``
  when the game has such components;
- ``<game>-odds-<paper>.pdf``: double-sided odds reference cards, for games with a rules
  calculator (``pnpgen.odds.reference``, drawn by ``pnpgen.render.oddscard``);
- ``png-<profile>/<card type>/<card>.png`` and ``tts/`` when asked.

An expansion folder (``pnpgen new``) builds only its own cards into ``output/<expansion id>/``,
drawn with the base game's templates unless its ``templates/`` folder overrides them.

Nothing is invented: a card type or component without a size is skipped with a warning, and so
is anything that does not fit the paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from pnpgen.layout.deck import plan_deck
from pnpgen.layout.geometry import LayoutError
from pnpgen.layout.paper import Paper, paper_size
from pnpgen.layout.tiling import tile_board
from pnpgen.layout.tokens import TokenKind, pack_tokens
from pnpgen.odds.reference import reference_cards
from pnpgen.render import images, pdfdoc, raster
from pnpgen.render.boards import draw_board
from pnpgen.render.oddscard import draw_odds_cards
from pnpgen.render.references import draw_references
from pnpgen.render.sheets import CardPainter, draw_deck, expand_copies
from pnpgen.render.tokens import draw_token_pages
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


def _say(progress: Callable[[str], None] | None, message: str) -> None:
    if progress:
        progress(message)


def build_game(game: Game, out_dir: Path | str, paper: str | Paper = "a4", bleed_mm: float = 3,
               duplex: str = "long", back_offset: tuple[float, float] = (0, 0), gutterfold: bool = False,
               png: bool | str = False, tts: bool = False, progress: Callable[[str], None] | None = None,
               draw_face=None, draw_back=None, dpi: float = images.DEFAULT_DPI,
               sheet_per_type: bool = False, workers: int | None = None) -> BuildResult:
    """Write ``out_dir/<game or expansion id>/…``; ``back_offset`` is (x, y) in mm from the calibration sheet,
    ``png`` is False, True (The Game Crafter) or a profile name ('gamecrafter', 'mpc'); ``dpi`` is the
    resolution pictures are kept at; cards of one size share sheets unless ``sheet_per_type``;
    ``workers`` processes rasterise PNGs (default: every core; 1 = this process only)."""
    images.set_print_dpi(dpi)
    sheet = paper_size(paper)
    game, kit_id = _printable(game)
    title = game.expansion.name if game.expansion else game.name
    dest = Path(out_dir) / kit_id
    result = BuildResult(kit_id, dest)
    bleed = mm(bleed_mm)
    decks = _card_decks(game, result)
    name = f"{kit_id}-{sheet.name}"

    if decks:
        _plan_pictures(game, decks, bleed)
        _say(progress, f"{kit_id}: card sheets")
        stem = f"{kit_id}-gutterfold-{sheet.name}" if gutterfold else name
        offset = (mm(back_offset[0]), mm(back_offset[1]))
        canvas = pdfdoc.new_canvas((sheet.width, sheet.height), f"{title} — cards", "print-and-play cards")
        painter = CardPainter(canvas, game, bleed, draw_face, draw_back)
        pages = 0
        for type_ids, cards in _sheet_groups(game, decks, sheet_per_type):
            size = game.card_types[type_ids[0]].size
            try:
                plan = plan_deck(sheet, size.width, size.height, bleed, duplex=duplex, back_offset=offset,
                                 gutterfold=gutterfold)
            except LayoutError as exc:
                result.warnings.append(f"card type {', '.join(map(repr, type_ids))}: {exc}; not laid out")
                result.skipped.append(f"card type {', '.join(map(repr, type_ids))}: {exc}")
                continue
            names = ", ".join(game.card_types[t].name for t in type_ids)
            pages += draw_deck(painter, plan, cards, f"{title} · {names}")
            result.cards += len(cards)
        result.overflows += painter.overflows
        images.clear_plan()
        if pages:
            _save(canvas, dest / f"{stem}.pdf", pages, result)
    # No card sheet this run: an old one from an earlier run must not look current.
    card_pdf = dest / (f"{kit_id}-gutterfold-{sheet.name}.pdf" if gutterfold else f"{name}.pdf")
    if card_pdf not in result.files and card_pdf.is_file():
        card_pdf.unlink()

    _tokens(game, sheet, bleed, duplex, back_offset, dest / f"{kit_id}-tokens-{sheet.name}.pdf", result, progress)
    _boards(game, sheet, dest / f"{kit_id}-boards-{sheet.name}.pdf", result, progress)
    if game.references:
        _say(progress, f"{kit_id}: reference sheets")
        canvas = pdfdoc.new_canvas((sheet.width, sheet.height), f"{title} — reference", "reference sheets")
        pages = draw_references(canvas, sheet.portrait(), list(game.references), f"{title} · reference")
        _save(canvas, dest / f"{kit_id}-reference-{sheet.name}.pdf", pages, result)
    if game.expansion is None:  # odds cards are the base game's, like its references
        _odds(game, sheet, bleed, duplex, back_offset, gutterfold, dest / f"{kit_id}-odds-{sheet.name}.pdf",
              result, progress)

    if png and decks:
        profile = raster.profile_of(png)
        for type_id, cards in decks:
            _say(progress, f"{kit_id}: {profile.name} PNGs for {type_id}")
            distinct = list({c.id: c for c in cards}.values())
            files, _ = raster.write_card_pngs(game, type_id, distinct, dest / f"png-{profile.name}" / type_id,
                                                      profile, draw_face, draw_back, workers=_workers(workers))
            result.files += files
    if tts and decks:
        entries = []
        for type_id, cards in decks:
            _say(progress, f"{kit_id}: Tabletop Simulator sheets for {type_id}")
            files, entry = raster.write_tts(game, type_id, cards, dest / "tts", f"{kit_id}-{type_id}",
                                            draw_face, draw_back, workers=_workers(workers))
            result.files += files
            entries.append(entry)
        manifest = dest / "tts" / f"{kit_id}-tts.json"
        raster.write_tts_manifest(manifest, entries)
        result.files.append(manifest)
    return result


def _workers(workers: int | None) -> int:
    from pnpgen.render.workers import default_workers

    return default_workers() if workers is None else workers


def _printable(game: Game) -> tuple[Game, str]:
    """What a kit prints and its name. An expansion prints only its own cards, under its own id;
    the base game's tokens, boards and references are the base game's kit."""
    if game.expansion is None:
        return game, game.id
    own = replace(game, cards=tuple(game.own_cards()), components=(), references=())
    return own, game.expansion.id


def _save(canvas, path: Path, pages: int, result: BuildResult) -> None:
    pdfdoc.save(canvas, path)
    result.files.append(path)
    result.pages[path.name] = pages


def _card_decks(game: Game, result: BuildResult) -> list[tuple[str, list]]:
    """(card type, cards with copies repeated) for every type that can be laid out."""
    decks = []
    known = set(game.card_types)
    for card in game.cards:
        if card.type not in known:
            result.warnings.append(f"card {card.id!r} has unknown type {card.type!r}; not laid out")
    for type_id, ct in game.card_types.items():
        cards = expand_copies(game.cards_of(type_id))
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
          result: BuildResult, progress) -> None:
    """The odds reference cards, imposed like a deck (same bleed, duplex, back offset)."""
    cards = reference_cards(game)
    if not cards:
        return
    _say(progress, f"{game.id}: odds reference cards")
    canvas = pdfdoc.new_canvas((sheet.width, sheet.height), f"{game.name} — odds reference", "odds reference cards")
    try:
        drawing = draw_odds_cards(canvas, game, cards, sheet, bleed, duplex,
                                  (mm(back_offset[0]), mm(back_offset[1])), gutterfold)
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
