"""The `pnpgen` command: a thin typer layer; each command is a few lines around one library call."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from pnpgen import cli_designer
from pnpgen.cli_errors import UsageError, handles_errors
from pnpgen.extras import require

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Print-and-play kits, card validation and rules simulation from extracted board-game text.")

def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))


@app.command()
@handles_errors
def extract(
    document: Optional[Path] = typer.Argument(None, help="A seed document (extracted text); omit with --all."),
    game: Optional[str] = typer.Option(None, "--game", help="Game id, when the file name does not tell it."),
    out: Path = typer.Option(Path("cardspecs"), "--out", help="Folder holding one spec folder per game."),
    all_: bool = typer.Option(False, "--all", help="Extract every game from $PNPGEN_SOURCES."),
) -> None:
    """Recover card specs from a document's extracted text into cardspecs/<game>/."""
    from pnpgen.extract.run import extract_all, extract_document

    if all_:
        results = extract_all(out)
    elif document is None:
        raise UsageError("give a document path, or --all to extract every game from $PNPGEN_SOURCES")
    else:
        results = [extract_document(document, out, game)]
    for result in results:
        typer.echo(result.summary())


@app.command()
@handles_errors
def info(
    game: str = typer.Argument(..., help="Game id (xenoshyft, zombicide-invader, derelict, doom) or spec folder."),
    as_json: bool = typer.Option(False, "--json", help="Print the effective specs (generated + overrides) as JSON."),
) -> None:
    """Summarise a game's components and cards."""
    from pnpgen.info import effective_specs, summary
    from pnpgen.spec import load_game

    loaded = load_game(game)
    if as_json:
        _print_json(effective_specs(loaded))
    else:
        typer.echo(summary(loaded))


@app.command()
@handles_errors
def export(
    game: str = typer.Argument(..., help="Game id, spec folder or expansion folder."),
    csv: bool = typer.Option(False, "--csv", help="One CSV per card type, ready for a spreadsheet (and back)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Folder to write into (default output/<game>/csv)."),
) -> None:
    """Write a game's or expansion's cards out as spreadsheet files."""
    from pnpgen.preview.proof import kit_name
    from pnpgen.spec import load_game
    from pnpgen.spec.export import export_csv

    if not csv:
        raise UsageError("choose a format: --csv")
    loaded = load_game(game)
    for path in export_csv(loaded, out or Path("output") / kit_name(loaded) / "csv"):
        typer.echo(f"wrote {path}")


@app.command()
@handles_errors
def schema(
    game: Optional[str] = typer.Option(None, "--game", help="Spell out this game's card fields."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write to this file instead of standard output."),
) -> None:
    """Write a JSON Schema of the spec format for editors."""
    from pnpgen.fsutil import atomic_write_text
    from pnpgen.spec import load_game
    from pnpgen.spec.schema import spec_schema

    text = json.dumps(spec_schema(load_game(game) if game else None), indent=2, ensure_ascii=False) + "\n"
    if out:
        atomic_write_text(out, text)
        typer.echo(f"wrote {out}")
    else:
        sys.stdout.write(text)


@app.command()
@handles_errors
def validate(
    game: Optional[str] = typer.Argument(None, help="Game id or spec folder (not needed with --explain)."),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail too (exit 1)."),
    fit: bool = typer.Option(True, "--fit/--no-fit", help="Check that text fits its template boxes."),
    workers: Optional[int] = typer.Option(None, "--workers",
                                          help="Processes sharing a large deck's per-card checks (default: all cores; 1: none)."),
    select: Optional[str] = typer.Option(None, "--select", metavar="CODE,...",
                                         help="Run only these checks: codes or prefixes (TEXT: every TEXT code)."),
    ignore: Optional[str] = typer.Option(None, "--ignore", metavar="CODE,...",
                                         help="Leave out these checks: codes or prefixes."),
    explain: Optional[str] = typer.Option(None, "--explain", metavar="CODE",
                                          help="Say what a check looks for, why, how to fix and silence it ('all': every code)."),
) -> None:
    """Check card data: schema, references, counts, text defects, fit, rules readability, balance."""
    from pnpgen.cli_checks import check_count
    from pnpgen.spec import load_game
    from pnpgen.validate import validate_game
    from pnpgen.validate.suppress import CodeChoice, parse_codes

    if explain is not None:
        from pnpgen.validate.explain import explain as explanation

        typer.echo(explanation(explain))
        return
    if game is None:
        raise UsageError("give a game id or spec folder (or --explain CODE)")
    if fmt not in ("text", "json"):
        raise UsageError(f"--format must be 'text' or 'json', got {fmt!r}")
    check_count("--workers", workers, "workers")
    choice = CodeChoice(parse_codes("--select", select), parse_codes("--ignore", ignore))
    result = validate_game(load_game(game), strict=strict, with_fit=fit, workers=workers, choice=choice)
    typer.echo(result.format_json() if fmt == "json" else result.format_text())
    raise typer.Exit(result.exit_code)


@app.command()
@handles_errors
def proofread(
    document: str = typer.Argument(..., help="A rulebook's extracted text, or a game id (its source documents)."),
    game: Optional[str] = typer.Option(None, "--game", help="Check names against this game's card data."),
    as_json: bool = typer.Option(False, "--json", help="Print the findings as JSON."),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail too (exit 1)."),
) -> None:
    """Proofread a rulebook: misspellings, card names, headings, extraction residue, references, glued words."""
    from pnpgen.proofread import proofread_target

    result = proofread_target(document, game, strict=strict)
    typer.echo(result.format_json() if as_json else result.format_text())
    raise typer.Exit(result.exit_code)


@app.command()
@handles_errors
def build(
    games: list[str] = typer.Argument(..., help="Game ids or spec/expansion folders."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; each game gets its own subfolder."),
    paper: str = typer.Option("a4", "--paper", help="a4, a3, a5, letter, legal, tabloid (add -landscape to turn it), "
                              "or a size such as '210mm x 297mm'."),
    bleed: float = typer.Option(3.0, "--bleed", help="Bleed in mm around every card."),
    printer_margin: float = typer.Option(5.0, "--printer-margin",
                                         help="Mm at each paper edge the printer cannot print; cut guides stay out of it."),
    gap: float = typer.Option(0.0, "--gap", help="Mm between cards, filled by each card's own bleed (0: cards touch)."),
    duplex: str = typer.Option("long", "--duplex", help="Duplex flip edge: long or short."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="X,Y mm shift of backs, read off `pnpgen calibrate`."),
    gutterfold: bool = typer.Option(False, "--gutterfold", help="Fronts and backs side by side, fold down the middle."),
    png: Optional[str] = typer.Option(None, "--png", help="Per-card PNGs with a shop's bleed: gamecrafter or mpc (pnpgen/presets/presets.yaml)."),
    tts: bool = typer.Option(False, "--tts", help="Tabletop Simulator deck sheets."),
    dpi: float = typer.Option(300, "--dpi", help="Resolution pictures are kept at in the PDF (larger ones are downsampled)."),
    sheet_per_type: bool = typer.Option(False, "--sheet-per-type",
                                        help="Give each card type its own sheets (default: types of one size share them)."),
    pdfx: Optional[str] = typer.Option(None, "--pdfx",
                                       help="Press PDFs in CMYK: 4 (PDF/X-4), 1a (PDF/X-1a:2001) or 1a:2003."),
    shop: Optional[str] = typer.Option(None, "--shop",
                                       help="A print shop's files: drivethrucards, gamecrafter, mpc or printerstudio "
                                            "(docs/print-shops.md)."),
    cut: Optional[str] = typer.Option(None, "--cut", help="Print-and-cut: silhouette, cricut or svg (marks and cut files)."),
    corner: str = typer.Option("3mm", "--corner", help="Corner radius of the cut cards, e.g. 3mm or 0."),
    tts_url: Optional[str] = typer.Option(None, "--tts-url", help="URL prefix where the --tts sheets will be hosted."),
    only: Optional[list[str]] = typer.Option(None, "--only", metavar="ID,...",
                                             help="Print only these cards (ids, or names without commas), all their copies. "
                                                  "Writes <game>-<paper>-selection.pdf with just the chosen card sheets."),
    types: Optional[list[str]] = typer.Option(None, "--types", metavar="TYPE,...",
                                              help="Print only cards of these card types (ids or names)."),
    sheets: Optional[str] = typer.Option(None, "--pages", metavar="N-M",
                                        help="Print only these sheets of the card PDF: 3, 2-5, 4- or 1,3-4. A sheet is one "
                                             "piece of paper: in duplex sheet N is PDF pages 2N-1 (fronts) and 2N (their backs), "
                                             "which always come together; in gutterfold it is page N. Counted after --only/--types."),
    ink_saver: bool = typer.Option(False, "--ink-saver",
                                   help="Draw dark backgrounds (template shapes marked or judged ink-heavy) light, text dark "
                                        "on light: play-testing copies on a home printer. Writes …-inksaver.pdf files."),
    workers: Optional[int] = typer.Option(None, "--workers", help="Processes for validation and PNG/TTS output (default: all cores; 1: none)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Build the cards translated into this language (name@de "
                                       "columns): files named <game>-de-…; 'all': the game's own language and each translation."),
) -> None:
    """Extract if needed, validate, and render every PDF (and PNG/TTS) for each game."""
    from dataclasses import replace

    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    from pnpgen.buildoptions import BuildOptions
    from pnpgen.kit import build_kit, grouped_warnings

    options = BuildOptions.parse(paper=paper, bleed_mm=bleed, duplex=duplex, back_offset=back_offset,
                                 gutterfold=gutterfold, png=png or False, tts=tts, dpi=dpi,
                                 sheet_per_type=sheet_per_type, pdfx=pdfx, shop=shop, cut=cut, corner=corner,
                                 tts_url=tts_url, only=only or (), types=types or (), pages=sheets,
                                 ink_saver=ink_saver, printer_margin_mm=printer_margin, gap_mm=gap, workers=workers)
    failed = False
    # Steps counted in parts (the card sheets) show done/total and the time left; on a pipe, nothing.
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), TimeElapsedColumn(), transient=True, disable=not sys.stderr.isatty(),
                  console=_stderr_console()) as bar:
        from pnpgen.kit import game_languages

        runs = [(game, language) for game in games
                for language in (game_languages(game) if lang == "all" else [lang])]
        for game, language in runs:
            task = bar.add_task(f"{game}: starting", total=None)
            kit = build_kit(game, out, progress=lambda msg, done=0, total=None, t=task: bar.update(
                                t, description=msg, completed=done, total=total),
                            options=replace(options, lang=language))
            bar.remove_task(task)
            result = kit.build
            if kit.extracted:
                typer.echo(f"{game}: extracted specs from the source document")
            for path in result.files:
                pages = result.pages.get(path.name)
                done = "up to date" if kit.up_to_date else "wrote"
                typer.echo(f"{game}: {done} {path}" + (f" ({pages} pages)" if pages else ""))
            for warning in grouped_warnings(result.warnings):
                typer.echo(f"{game}: warning: {warning}", err=True)
            for note in kit.notes:
                typer.echo(f"{game}: {note}", err=True)
            for overflow in result.overflows:
                typer.echo(f"{game}: error: {overflow}", err=True)
            failed |= not kit.ok
    if failed:
        raise typer.Exit(1)


@app.command()
@handles_errors
def calibrate(
    out: Optional[Path] = typer.Option(None, "--out", help="Where to write the sheet (default: "
                                       "output/calibration-<paper>.pdf, -short for a short-edge flip)."),
    paper: str = typer.Option("a4", "--paper", help="a4, a3, a5, letter, legal, tabloid or a size."),
    duplex: str = typer.Option("long", "--duplex", help="long or short edge flip."),
) -> None:
    """Write a two-page duplex calibration sheet; read your --back-offset off its back."""
    from pnpgen.cli_checks import check_paper
    from pnpgen.render.calibrate import default_path, write_calibration

    check_paper("--paper", paper)
    if duplex not in ("long", "short"):
        raise UsageError(f"--duplex must be 'long' or 'short', got {duplex!r}")
    typer.echo(f"wrote {write_calibration(out or default_path(Path('output'), paper, duplex), paper, duplex)}")


@app.command()
@handles_errors
def effects(
    game: str = typer.Argument(..., help="Game id or spec folder."),
    problems: bool = typer.Option(False, "--problems", help="Only cards with unparsed text or custom effects."),
    as_json: bool = typer.Option(False, "--json", help="Print the parsed trees as JSON."),
) -> None:
    """Each card's ability text beside its parsed effect tree, and anything unparsed."""
    from pnpgen.effects.report import effects_report, format_effects_report
    from pnpgen.spec import load_game

    from pnpgen.effects.describe import to_dict

    loaded = load_game(game)
    own = {c.id for c in loaded.own_cards()}  # an expansion shows its own cards only
    cards = [c for c in effects_report(loaded) if c.card_id in own]
    if as_json:
        _print_json([{"id": c.card_id, "name": c.name, "type": c.type, "text": c.text, "parsed": to_dict(c.result)}
                     for c in cards])
    else:
        typer.echo(format_effects_report(cards, only_problems=problems))


def _player_counts(text: str) -> list[int]:
    """'2' -> [2]; '1-4' -> [1, 2, 3, 4]; '1,3' -> [1, 3]."""
    from pnpgen.cli_checks import player_counts

    return player_counts(text)


class _NoBar:
    """What a progress bar is asked, doing nothing: stderr is not a terminal."""

    def __enter__(self) -> "_NoBar":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def add_task(self, *args: Any, **kwargs: Any) -> int:
        return 0

    def update(self, *args: Any, **kwargs: Any) -> None:
        return None

    def remove_task(self, *args: Any, **kwargs: Any) -> None:
        return None


def _games_bar(description: str) -> Any:
    """A transient progress bar on a terminal; otherwise nothing, and rich is not imported (~30 ms
    of imports saved on every scripted run)."""
    if not sys.stderr.isatty():
        return _NoBar()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn(description), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True,
                    console=_stderr_console())


def _stderr_console() -> Any:
    """Progress is drawn on stderr (the terminal checked): stdout keeps only results, and a bar shows
    while they go to a file or a pipe."""
    from rich.console import Console

    return Console(stderr=True)


@app.command()
@handles_errors
def simulate(
    game: str = typer.Argument(..., help="Game id (xenoshyft) or spec folder."),
    players: str = typer.Option("2", "--players", help="Player count, range or list: 2, 1-4, 1,3."),
    games: int = typer.Option(1000, "--games", help="Games per player count."),
    seed: int = typer.Option(1, "--seed", help="Seed: same seed, same results, whatever the workers."),
    difficulty: str = typer.Option("normal", "--difficulty", help="easy, normal, hard or training."),
    policy: str = typer.Option("heuristic", "--policy", help="heuristic, lookahead or random."),
    workers: Optional[int] = typer.Option(None, "--workers", help="Processes (default: all cores)."),
    with_: Optional[Path] = typer.Option(None, "--with", help="An expansion folder: compare win rates with its cards."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Write PNG charts into this folder."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as one JSON object."),
) -> None:
    """Monte Carlo games of Xenoshyft with the print-and-play rules."""
    from pnpgen.simulate import compare, format_comparison, format_stats, run_simulation
    from pnpgen.spec import load_game

    from pnpgen.cli_checks import check_count

    counts = _player_counts(players)
    check_count("--games", games, "games")
    check_count("--workers", workers, "workers")
    if plot:
        from pnpgen.fsutil import check_writable_folder

        require("plots", "pnpgen simulate --plot")
        check_writable_folder(plot)  # before the games: their charts would have nowhere to go
    base = load_game(game)
    expansion = load_game(with_) if with_ else None
    if expansion is not None and (expansion.expansion is None or expansion.id != base.id):
        raise UsageError(f"--with {with_}: not an expansion of {base.id} (make one with `pnpgen new DIR --game {base.id}`)")
    runs, comparisons = [], []
    with _games_bar("{task.description}") as bar:
        def run(g, label):
            task = bar.add_task(label, total=games)
            try:
                return run_simulation(g, n, games, seed, difficulty=difficulty, policy=policy, workers=workers,
                                      progress=lambda done, total: bar.update(task, completed=done))
            except ValueError as err:
                raise UsageError(str(err)) from None
            finally:
                bar.remove_task(task)

        for n in counts:
            stats = run(base, f"{n} players")
            runs.append(stats)
            if expansion is not None:
                comparisons.append(compare(stats, run(expansion, f"{n} players + {expansion.expansion.id}")))
    if plot:
        from pnpgen.simulate.plots import plot_results

        written = plot_results(runs, plot)
    if as_json:
        data = {"runs": [r.to_dict() for r in runs], "comparisons": [c.to_dict() for c in comparisons]}
        if len(runs) == 1:
            data = {**runs[0].to_dict(), **({"comparison": comparisons[0].to_dict()} if comparisons else {})}
        _print_json(data)
    else:
        for i, stats in enumerate(runs):
            # a comparison prints both runs itself: the baseline once
            typer.echo(format_comparison(comparisons[i]) if comparisons else format_stats(stats))
            typer.echo("")
    if plot:
        for path in written:
            typer.echo(f"wrote {path}", err=True)


@app.command()
@handles_errors
def sweep(
    game: str = typer.Argument(..., help="Game id (xenoshyft) or an expansion folder."),
    vary: list[str] = typer.Option(..., "--vary", help="FIELD=DELTAS, e.g. cost=-1,+1 (repeatable)."),
    cards: str = typer.Option("all", "--cards", help="all (troops and items) or card ids: ranger,med-pack."),
    players: str = typer.Option("2", "--players", help="Player count, range or list: 2, 1-4, 1,3."),
    games: int = typer.Option(400, "--games", help="Games per variant and player count (the same seeds for all)."),
    seed: int = typer.Option(1, "--seed", help="Seed: same seed, same numbers on every backend."),
    policy: str = typer.Option("heuristic", "--policy", help="heuristic, lookahead or random."),
    backend: str = typer.Option("local", "--backend", help="local (processes) or ray."),
    workers: Optional[int] = typer.Option(None, "--workers", help="Local processes (default: all cores)."),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (default: start Ray here)."),
    cache: Optional[Path] = typer.Option(None, "--cache", help="Folder of cached blocks (default: the pnpgen cache)."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Play every block again and cache nothing."),
    top: Optional[int] = typer.Option(None, "--top", help="Print only the first N rows of the table."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Write a PNG of the changes that move the game most."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as one JSON object."),
    as_csv: bool = typer.Option(False, "--csv", help="Print the results as CSV."),
) -> None:
    """Balance sweep: each card's stat changes against the unchanged game, on the same seeds."""
    from pnpgen.simulate import sweep as S
    from pnpgen.spec import load_game

    counts = _player_counts(players)
    if plot:
        from pnpgen.fsutil import check_writable_file

        require("plots", "pnpgen sweep --plot")
        check_writable_file(plot)  # before the sweep, whose chart would have nowhere to go
    if backend == "ray":
        require("ray", "pnpgen sweep --backend ray")
    base = load_game(game)
    with _games_bar("sweep blocks") as bar:
        task = bar.add_task("sweep", total=None)
        try:
            res = S.run_sweep(base, S.parse_vary(vary), cards=cards, players=counts, games=games, seed=seed,
                              policy=policy, backend=backend, workers=workers, address=address,
                              cache=None if no_cache else (cache or S.default_cache()),
                              progress=lambda done, total: bar.update(task, completed=done, total=total))
        except ValueError as err:
            raise UsageError(str(err)) from None
    if plot:
        from pnpgen.simulate.plots import plot_sweep

        plot_sweep(res, plot)
    if as_json:
        _print_json(res.to_dict())
    elif as_csv:
        typer.echo(S.to_csv(res), nl=False)
    else:
        typer.echo(S.format_table(res, top))
        typer.echo(f"{res.blocks_run} block(s) played, {res.blocks_cached} from the cache, {res.seconds:.1f} s",
                   err=True)
    if plot:
        typer.echo(f"wrote {plot}", err=True)


@app.command()
@handles_errors
def stats(
    game: str = typer.Argument(..., help="Game id, spec folder, expansion or a game of your own."),
    deck: Optional[str] = typer.Option(None, "--deck", help="Card types making the deck: creature,tide (default all)."),
    want: Optional[str] = typer.Option(None, "--want", help="Draw odds of cards with FIELD=VALUE (or <=, >=, !=)."),
    draw: Optional[int] = typer.Option(None, "--draw", help="Cards drawn, for one exact probability."),
    at_least: int = typer.Option(1, "--at-least", help="Matching cards wanted among those drawn."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Write a PNG of the curves to this file."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as one JSON object."),
) -> None:
    """Card curves by type and field, and exact (hypergeometric) draw odds."""
    from pnpgen.spec import load_game
    from pnpgen.stats import curves, draw_odds, format_curves, format_odds

    if plot:
        from pnpgen.fsutil import check_writable_file

        require("plots", "pnpgen stats --plot")
        check_writable_file(plot)
    loaded = load_game(game)
    if want is None:
        if draw is not None or at_least != 1:
            raise UsageError("--draw and --at-least need --want FIELD=VALUE (the cards to count)")
        res = curves(loaded, deck)
        if plot:
            from pnpgen.stats.plot import plot_curves

            plot_curves(res, plot)
        _print_json(res.to_dict()) if as_json else typer.echo(format_curves(res))
    else:
        if plot:
            raise UsageError("--plot draws the curves; leave out --want for it")
        odds = draw_odds(loaded, deck, want, draw, at_least)
        _print_json(odds.to_dict()) if as_json else typer.echo(format_odds(odds))
    if plot:
        typer.echo(f"wrote {plot}", err=True)


odds_app = typer.Typer(no_args_is_help=True, help="Exact combat odds from the rulebooks (fractions, not samples).")
app.add_typer(odds_app, name="odds")


@odds_app.command("zombicide")
@handles_errors
def odds_zombicide(
    zone: str = typer.Option(..., "--zone", help="Xenos and survivors in the target zone, e.g. 'tank=1,worker=2,survivors=1'."),
    weapon: Optional[str] = typer.Option(None, "--weapon", help="A weapon card from the Zombicide specs."),
    dice: Optional[int] = typer.Option(None, "--dice", help="Dice, inline or where the rulebook does not state them."),
    accuracy: Optional[int] = typer.Option(None, "--accuracy", help="Accuracy (the die result needed, 2-6)."),
    damage: Optional[int] = typer.Option(None, "--damage", help="Damage per hit."),
    kind: Optional[str] = typer.Option(None, "--kind", help="ranged or melee, where the card does not say."),
    dual: bool = typer.Option(False, "--dual", help="Fire two of this Dual weapon with one action."),
    concentrate: Optional[str] = typer.Option(None, "--concentrate", help="Concentrate Fire on this Xeno type."),
    skill: Optional[list[str]] = typer.Option(None, "--skill", help="A skill (repeat or comma-separate)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Distribution of eliminations for one attack action in Zombicide: Invader."""
    from pnpgen.odds import WeaponStats, find_weapon, format_table, zombicide_odds
    from pnpgen.odds.parse import parse_zone, split_list
    from pnpgen.spec import load_game

    inline = {"dice": dice, "accuracy": accuracy, "damage": damage, "kind": kind}
    if weapon:
        stats = find_weapon(load_game("zombicide-invader").cards, weapon, **inline)
    else:
        missing = [f"--{k}" for k in ("dice", "accuracy", "damage") if inline[k] is None]
        if missing:
            raise UsageError(f"give --weapon NAME, or the weapon inline: missing {', '.join(missing)}")
        stats = WeaponStats("inline weapon", dice, accuracy, damage, kind=kind or "ranged", dual=dual)
    result = zombicide_odds(stats, parse_zone(zone), split_list(skill), paired=dual, concentrate=concentrate)
    if as_json:
        _print_json(result.to_dict())
    else:
        typer.echo(format_table(result))


@odds_app.command("derelict")
@handles_errors
def odds_derelict(
    mods: Optional[list[str]] = typer.Option(None, "--mods", help="Modifiers, e.g. 'blind,aim' (repeatable)."),
    target_hp: Optional[int] = typer.Option(None, "--target-hp", help="Target's remaining HP, for elimination odds."),
    attacks: int = typer.Option(1, "--attacks", help="Number of attacks."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Hit, critical and elimination odds of Derelict attacks with the rulebook's modifiers."""
    from pnpgen.odds import derelict_odds, format_table
    from pnpgen.odds.parse import split_list

    result = derelict_odds(split_list(mods), target_hp, attacks)
    if as_json:
        _print_json(result.to_dict())
    else:
        typer.echo(format_table(result))


cli_designer.register(app)  # new, watch, proof, serve: pnpgen/cli_designer.py


def main() -> None:
    app()


if __name__ == "__main__":
    main()
