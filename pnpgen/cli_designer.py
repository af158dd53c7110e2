"""The designer's commands: ``pnpgen new``, ``watch``, ``proof`` and ``serve`` (custom expansions).

Thin like ``pnpgen.cli``: each command is a few lines around one library call
(``pnpgen.scaffold``, ``pnpgen.preview``). ``register(app)`` adds them to the main app.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

import typer

from pnpgen.cli_errors import handles_errors


def register(app: typer.Typer) -> None:
    """Add ``new``, ``watch``, ``proof`` and ``serve`` to ``app``."""
    def command(func: Callable[..., Any]) -> None:
        app.command()(handles_errors(func))

    @command
    def new(
        directory: Path = typer.Argument(..., help="Folder for the new game or expansion (new or empty)."),
        game: Optional[str] = typer.Option(None, "--game", help="Make an expansion of this base game (e.g. xenoshyft) "
                                                                "instead of a game of your own."),
    ) -> None:
        """Start a game of your own (cards from CSV, templates, art, fonts), or with --game an expansion."""
        if game is None:
            from pnpgen.scaffold.game import new_game

            made = new_game(directory)
            typer.echo(f"{made.expansion_id}: new game in {made.directory}")
            next_step = f"edit {made.directory / 'cards'}/*.csv and run `pnpgen watch {made.directory}`"
        else:
            from pnpgen.scaffold import new_expansion

            made = new_expansion(directory, game)
            typer.echo(f"{made.expansion_id}: new expansion of {made.base} in {made.directory}")
            next_step = f"edit {made.directory / 'cards'}/*.yaml and run `pnpgen watch {made.directory}`"
        for path in made.files:
            typer.echo(f"  {path.relative_to(made.directory)}")
        typer.echo(f"next: {next_step}")

    @command
    def watch(
        directory: Path = typer.Argument(..., help="Expansion or spec folder."),
        out: Path = typer.Option(Path("output"), "--out", help="Output folder; the kit gets its own subfolder."),
        once: bool = typer.Option(False, "--once", help="Build once and exit."),
        fit: bool = typer.Option(True, "--fit/--no-fit", help="Check that text fits its template boxes."),
    ) -> None:
        """On every save: reload, validate, redraw the changed cards, write preview.png and the PDF."""
        from pnpgen.preview.watch import Previewer
        from pnpgen.preview.watch import watch as watch_loop

        def report(refresh) -> None:
            for line in refresh.lines():
                typer.echo(line, err=not refresh.ok)

        if not once:  # --once builds without watching: the core install does it
            from pnpgen.extras import require

            require("studio", "pnpgen watch")
            typer.echo(f"watching {directory} (Ctrl-C to stop)")
        try:
            last = watch_loop(Previewer(directory, out, fit=fit), report, once=once)
        except KeyboardInterrupt:
            raise typer.Exit(0) from None
        if once:
            raise typer.Exit(2 if not last.ok else last.validation.exit_code)

    @command
    def proof(
        game: str = typer.Argument(..., help="Game id, spec folder or expansion folder."),
        out: Path = typer.Option(Path("output"), "--out", help="Output folder; the kit gets its own subfolder."),
    ) -> None:
        """PNG contact sheets of every card, names under them: output/<name>/proof-N.png."""
        from pnpgen.preview.proof import write_proof

        result = write_proof(game, out)
        for warning in result.warnings:
            typer.echo(f"{result.name}: warning: {warning}", err=True)
        for path in result.files:
            typer.echo(f"{result.name}: wrote {path}")
        sheets = len(result.files)
        typer.echo(f"{result.name}: {result.cards} cards on {sheets} sheet{'s' if sheets != 1 else ''}")

    @command
    def serve(
        game: str = typer.Argument(".", help="Game id, spec folder or expansion folder (default: this folder)."),
        port: int = typer.Option(8000, "--port", help="Port to listen on."),
        host: str = typer.Option("127.0.0.1", "--host", help="Address to bind; anything but loopback is reachable by others."),
        open_browser: bool = typer.Option(False, "--open", help="Open the studio in the web browser."),
        out: Path = typer.Option(Path("output"), "--out", help="Output folder for PDFs and plots (the only place written)."),
        fit: bool = typer.Option(True, "--fit/--no-fit", help="Check that text fits its template boxes."),
    ) -> None:
        """A live design studio in the browser: cards, findings, card view, print and simulate panels."""
        from pnpgen.extras import require

        require("studio", "pnpgen serve")
        from pnpgen.serve.app import run

        if host not in ("127.0.0.1", "localhost", "::1"):
            typer.echo(f"warning: serving on {host}: anyone who can reach this address can read the specs "
                       f"and write PDFs into {out}", err=True)
        try:
            run(game, port=port, host=host, out_dir=out, open_browser=open_browser, fit=fit)
        except KeyboardInterrupt:
            raise typer.Exit(0) from None
