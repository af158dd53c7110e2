"""``pnpgen serve``: the studio's routes (Starlette), the file watcher that feeds them, and ``run``.

Routes read the :class:`~pnpgen.serve.state.Studio`; any file path taken from a request goes
through :class:`pnpgen.files.FileResolver`, confined to the spec folder (``/files/``) or the
output folder (``/output/``) — anything else, ``..`` or an absolute path is a 404 — and is served
sandboxed (``guard.FILE_CSP``). The page itself and its scripts and style are the package's
``static/`` folder, read once when the app is made and served from memory; the page carries the
run's token. Every request first passes
:class:`~pnpgen.serve.guard.Guard` (hosts, token and origin, body size, headers). Outputs (PDFs,
simulation plots) go to the output folder; card edits, new cards and art go into the game folder
through :class:`~pnpgen.serve.edits.Editor` (checked, versioned, atomic, undoable).
"""

from __future__ import annotations

import base64
import contextlib
import os
import secrets
import socket
import threading
import time
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from pnpgen import bundled
from pnpgen.files import FileError, FileResolver
from pnpgen.serve.art import MAX_ART, art_files
from pnpgen.serve.delta import Publisher
from pnpgen.serve.edits import EditError, Editor, checked
from pnpgen.serve.events import Broadcaster
from pnpgen.serve.guard import FILE_CSP, LOOPBACK, Guard, allowed_hosts
from pnpgen.serve.jsonbody import BodyError, parse_object
from pnpgen.spec.writeback import digest
from pnpgen.serve.state import Studio
from pnpgen.spec.errors import SpecError

STATIC_DIR = bundled.studio()
PAPERS = ("a4", "letter")
DUPLEX = ("long", "short")
MEDIA = {".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
         ".webp": "image/webp", ".svg": "image/svg+xml", ".yaml": "text/plain; charset=utf-8",
         ".yml": "text/plain; charset=utf-8", ".csv": "text/plain; charset=utf-8", ".md": "text/plain; charset=utf-8"}
NO_CACHE = {"Cache-Control": "no-store"}
ASSET_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
TOKEN_SLOT = 'content="PNPGEN_TOKEN"'   # in static/index.html
OPEN_GRACE = 5.0                         # s: the first findings wait this long at most for the page to open
EDIT_GRACE = 1.0                         # s: an edit's findings wait this long at most for the page to show it
AWAITED = 64                             # edited images whose fetch is awaited, at most


def create_app(studio: Studio, watch: bool = True, hosts: tuple[str, ...] | frozenset[str] = LOOPBACK,
               token: str | None = None) -> Starlette:
    """The studio app; ``watch`` starts the file watcher with the app (tests may drive ``refresh``).

    ``hosts`` are the ``Host`` names answered; ``token`` the secret the page sends with its orders
    (a fresh random one per app unless given)."""
    token = token or secrets.token_urlsafe(32)
    page = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    if TOKEN_SLOT not in page:
        raise RuntimeError(f"{STATIC_DIR / 'index.html'} lost its token slot {TOKEN_SLOT}")
    page = page.replace(TOKEN_SLOT, f'content="{token}"')
    assets = {p.name: (p.read_bytes(), ASSET_TYPES[p.suffix]) for p in sorted(STATIC_DIR.iterdir()) if p.suffix in ASSET_TYPES}
    events = Broadcaster()
    # Every page hears each change as a delta; the model is built again only when the studio changed.
    publisher = Publisher(studio.state, events.publish, lambda: (studio.version, studio.checking, studio.error))
    stop = threading.Event()
    editor = Editor(studio)
    opened = threading.Event()        # the page has its first thumbnails
    recheck = _Rechecker(lambda _paths: rechecked())
    settled: dict[Path, str] = {}     # files the studio wrote and has read again: digest of those bytes
    awaited: dict[str, threading.Event] = {}   # an edited card's new image URL key -> set once the page fetched it

    def changed(paths: list[str] | None) -> None:
        """Show the saved cards now; their findings follow from the recheck thread (seconds for a
        large game), so a save made meanwhile, or the page's next order, need not wait for them."""
        shown = studio.refresh(paths, check=False)
        publisher.publish()
        if shown:
            recheck.add(str(studio.directory))

    def rechecked() -> None:
        """After a save or an edit (the cards already shown as written): their findings."""
        studio.check()
        publisher.publish()

    def saved(paths: list[str] | None) -> None:
        """The watcher's report: files the studio has already read again after writing them are left out."""
        if paths is not None:
            paths = [p for p in paths if not _settled(settled, Path(p))]
            if not paths:
                return
        changed(paths)

    def wrote(path: Path, now: bool, shown: threading.Event | None = None) -> None:
        """After a write: read the folder again now (``now``) or in the background, once the page
        has fetched the edited card's image (``shown``; the check's process would slow that)."""
        resolved = path.resolve()
        try:
            settled[resolved] = digest(resolved.read_bytes()) if resolved.exists() else ""
        except OSError:
            settled.pop(resolved, None)
        if now:
            changed([str(resolved)])
        else:
            recheck.add(str(resolved), shown)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette):
        if studio.snapshot is None and studio.error is None:
            studio.refresh(None)
        if studio.snapshot is not None and studio.snapshot.cards:
            # While the browser fetches the page: the model it asks for first, then the first screen's
            # thumbnails (the fonts and templates loaded by the first card drawn).
            def warm(first: str) -> None:
                publisher.body()
                studio.thumb(first)
            threading.Thread(target=warm, args=(studio.snapshot.cards[0].id,), daemon=True).start()
        if studio.checking:       # loaded without its findings (run): check once the page has opened
            def check_later() -> None:
                opened.wait(OPEN_GRACE)     # the check would slow the page's first thumbnails
                studio.check()
                publisher.publish()
            threading.Thread(target=check_later, daemon=True).start()
        thread = threading.Thread(target=_watch, args=(studio, saved, stop), daemon=True) if watch else None
        if thread:
            thread.start()
        yield
        stop.set()
        events.close()
        studio.close()

    async def index(_request: Request) -> Response:
        return HTMLResponse(page, headers=NO_CACHE)

    async def asset(request: Request) -> Response:
        """The page's script and style, from memory: no file or thread work while the studio draws."""
        found = assets.get(request.path_params["name"])
        return Response(found[0], media_type=found[1], headers=NO_CACHE) if found else _not_found()

    async def state(_request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        start = time.perf_counter()
        body = await run_in_threadpool(publisher.body)
        return Response(body, media_type="application/json",
                        headers={**NO_CACHE, "Server-Timing": _timing(state=time.perf_counter() - start)})

    async def stream(request: Request) -> Response:
        """``/events?since=<version>&run=<run>``: first what the page lacks since the model it has, then each change."""
        since = request.query_params.get("since", "")
        version = int(since) if since.isdigit() and len(since) < 12 else None
        run = request.query_params.get("run", "")
        return StreamingResponse(events.stream(lambda: publisher.since(version, run)), media_type="text/event-stream",
                                 headers={**NO_CACHE, "X-Accel-Buffering": "no"})

    async def thumb(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        start = time.perf_counter()
        png = await run_in_threadpool(studio.thumb, request.path_params["card"])   # may draw it now
        opened.set()
        waiting = awaited.pop(request.query_params.get("k", ""), None)
        if waiting is not None:
            waiting.set()
        if png is None:
            return _not_found()
        # The URL carries the card's content key, so a browser may keep it as long as it likes.
        return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=3600",
                                                               "Server-Timing": _timing(thumb=time.perf_counter() - start)})

    async def card(request: Request) -> Response:
        card_id = request.path_params["card"]
        data = studio.card(card_id)
        if data is None:
            return _not_found()
        found = studio.find(card_id)
        source, why = editor.card_file(found)
        data["version"] = editor.version(found) if source else None
        data["readonly"] = why or None
        data["kind"] = source.kind if source else None
        return JSONResponse(data, headers=NO_CACHE)

    async def edit(request: Request) -> Response:
        """PATCH a card: ``{"fields": {...}, "version": "<digest>"}``."""
        from starlette.concurrency import run_in_threadpool

        async def work() -> dict[str, Any]:
            body = await _json(request)
            start = time.perf_counter()
            done = await run_in_threadpool(editor.patch, request.path_params["card"], body.get("fields"),
                                           body.get("version"))
            card = done.pop("card")
            written = time.perf_counter()
            await run_in_threadpool(studio.swap_card, card)
            drawn = time.perf_counter()
            # The one card, not the whole state: a 2,000-card state is a megabyte to send and lay out.
            entry = studio.tile(card.id)
            shown = threading.Event()
            if entry is not None:
                awaited[entry["thumb"].rpartition("?k=")[2] if entry["thumb"] else ""] = shown
                for stale in list(awaited)[:-AWAITED]:     # images no page fetched (an edit sent by hand)
                    awaited.pop(stale, None)
                publisher.patch_card(entry, {"checking": studio.checking, "error": studio.error})
            if done["changed"]:
                wrote(editor.history[-1].path, now=False, shown=shown)
            timing.update(write=written - start, draw=drawn - written, publish=time.perf_counter() - drawn)
            return {**done, "id": card.id}
        timing: dict[str, float] = {}
        response = await _answer(work)
        if timing:
            response.headers["Server-Timing"] = _timing(**timing)
        return response

    async def add(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        async def work() -> dict[str, Any]:
            body = await _json(request)
            done = await run_in_threadpool(editor.add, body.get("type"), body.get("duplicate"))
            await run_in_threadpool(wrote, editor.history[-1].path, True)
            return done
        return await _answer(work)

    async def remove(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        async def work() -> dict[str, Any]:
            body = await _json(request)
            done = await run_in_threadpool(editor.delete, request.path_params["card"], body.get("version"))
            await run_in_threadpool(wrote, editor.history[-1].path, True)
            return done
        return await _answer(work)

    async def undo(_request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        async def work() -> dict[str, Any]:
            last = editor.history[-1].path if editor.history else None
            done = await run_in_threadpool(editor.undo)
            await run_in_threadpool(wrote, last, True)
            return done
        return await _answer(work)

    async def preview(request: Request) -> Response:
        """A card drawn from the form's values, nothing written: ``{"fields": {...}}``."""
        from starlette.concurrency import run_in_threadpool

        async def work() -> dict[str, Any]:
            body = await _json(request)
            game, card = editor._card(request.path_params["card"])
            source, _ = editor.card_file(card)
            new = checked(game, card, _fields(body), source or _nowhere(card))
            shown = await run_in_threadpool(studio.preview, new)
            png = shown.pop("png")
            return {**shown, "image": "data:image/png;base64," + base64.b64encode(png).decode() if png else None}
        return await _answer(work)

    async def art_list(_request: Request) -> Response:
        return JSONResponse({"art": art_files(studio.directory)}, headers=NO_CACHE)

    async def art_upload(request: Request) -> Response:
        """The body is the picture; ``?name=`` its file name, ``&overwrite=1`` to replace one."""
        from starlette.concurrency import run_in_threadpool

        async def work() -> dict[str, Any]:
            data = await request.body()
            done = await run_in_threadpool(editor.upload_art, request.query_params.get("name", ""), data,
                                           request.query_params.get("overwrite") == "1")
            await run_in_threadpool(wrote, editor.history[-1].path, True)
            return done
        return await _answer(work)

    async def large(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        png = await run_in_threadpool(studio.large, request.path_params["card"], request.path_params["side"])
        return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=3600"}) if png else _not_found()

    async def build(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        try:
            body = await _json(request)
            paper = _choice(body.get("paper", "a4"), PAPERS, "paper")
            duplex = _choice(body.get("duplex", "long"), DUPLEX, "duplex")
            bleed = float(body.get("bleed", 3))
            if not 0 <= bleed <= 10:
                raise SpecError(f"bleed must be 0-10 mm, got {bleed}")
            files = await run_in_threadpool(studio.build_pdf, _ids(body), paper, bleed, duplex,
                                            bool(body.get("gutterfold", False)))
        except (SpecError, ValueError, TypeError) as err:
            return JSONResponse({"error": _first_line(err)}, status_code=400)
        urls = ["/output/" + p.relative_to(studio.out_dir).as_posix() for p in files if p.suffix == ".pdf"]
        return JSONResponse({"files": urls})

    async def simulate(request: Request) -> Response:
        try:
            body = await _json(request)
            players = int(body.get("players", 2))
            games = int(body.get("games", 200))
            if not 1 <= players <= 4 or not 1 <= games <= 10000:
                raise SpecError("players must be 1-4 and games 1-10000")
            job = studio.simulate(_ids(body), players=players, games=games)
        except (SpecError, ValueError, TypeError) as err:
            return JSONResponse({"error": _first_line(err)}, status_code=400)
        return JSONResponse({"job": job.id})

    async def job(request: Request) -> Response:
        found = studio.jobs.get(request.path_params["job"])
        if found is None:
            return _not_found()
        data = dict(vars(found))
        data["plots"] = ["/output/" + p for p in found.plots]
        return JSONResponse(data, headers=NO_CACHE)

    async def spec_file(request: Request) -> Response:
        return _serve(FileResolver(studio.directory, shared=()), request.path_params["path"])

    async def output_file(request: Request) -> Response:
        return _serve(FileResolver(studio.out_dir, shared=()), request.path_params["path"])

    routes = [
        Route("/", index),
        Route("/api/state", state),
        Route("/events", stream),
        Route("/api/thumb/{card}", thumb),
        Route("/api/card/{card}", card),
        Route("/api/card/{card}/{side}.png", large),
        Route("/api/cards", add, methods=["POST"]),
        Route("/api/cards/{card}", edit, methods=["PATCH"]),
        Route("/api/cards/{card}", remove, methods=["DELETE"]),
        Route("/api/preview/{card}", preview, methods=["POST"]),
        Route("/api/undo", undo, methods=["POST"]),
        Route("/api/art", art_list, methods=["GET"]),
        Route("/api/art", art_upload, methods=["POST"]),
        Route("/api/print", build, methods=["POST"]),
        Route("/api/simulate", simulate, methods=["POST"]),
        Route("/api/jobs/{job}", job),
        Route("/files/{path:path}", spec_file),
        Route("/output/{path:path}", output_file),
        Route("/static/{name}", asset),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, token=token, hosts=hosts, route_limits={"/api/art": MAX_ART})])
    app.state.studio, app.state.events, app.state.token, app.state.editor = studio, events, token, editor
    app.state.publisher = publisher
    return app


class _Rechecker:
    """Checks the folder again in one background thread after a save or an edit; those made
    meanwhile are checked together in the next round. A round starts once the page has shown the
    edits (each ``shown`` event set), or EDIT_GRACE seconds after the edit at most."""

    def __init__(self, run: Any) -> None:
        self.run, self.pending, self.busy = run, set(), False
        self.shown: list[tuple[threading.Event, float]] = []
        self.lock = threading.Lock()

    def add(self, path: str, shown: threading.Event | None = None) -> None:
        with self.lock:
            self.pending.add(path)
            if shown is not None:
                self.shown.append((shown, time.monotonic() + EDIT_GRACE))
            if self.busy:
                return
            self.busy = True
        threading.Thread(target=self._loop, daemon=True).start()

    def _loop(self) -> None:
        while True:
            with self.lock:
                waits, self.shown = self.shown, []
            for event, deadline in waits:
                event.wait(max(0.0, deadline - time.monotonic()))
            with self.lock:
                batch = sorted(self.pending)
                self.pending.clear()
                if not batch:
                    self.busy = False
                    return
            self.run(batch)


def _settled(settled: dict[Path, str], path: Path) -> bool:
    """Whether ``path`` holds the bytes the studio last wrote and read again (the watcher's echo of
    our own write): only a change by someone else makes the studio read the folder again."""
    path = path.resolve()
    if path not in settled:
        return False
    try:
        now = digest(path.read_bytes()) if path.exists() else ""
    except OSError:
        return False
    return settled[path] == now      # kept: the watcher may report one write more than once


async def _answer(work: Any) -> Response:
    """``work()``'s result as JSON, or its refusal with the status it names."""
    try:
        return JSONResponse(await work(), headers=NO_CACHE)
    except EditError as err:
        return JSONResponse({"error": err.message, **err.extra}, status_code=err.status, headers=NO_CACHE)
    except (BodyError, SpecError) as err:
        return JSONResponse({"error": _first_line(err)}, status_code=400, headers=NO_CACHE)


def _fields(body: dict[str, Any]) -> dict[str, Any]:
    fields = body.get("fields")
    if not isinstance(fields, dict):
        raise EditError(400, "send the card's fields as a JSON object: {\"fields\": {\"cost\": 3}}")
    return {k: v for k, v in fields.items() if k not in ("id", "type")}


def _nowhere(card: Any) -> Any:
    from pnpgen.spec.writeback import Source

    return Source(Path(card.location.file if card.location else "card"), "yaml", card.location.line if card.location else 0)


def _watch(studio: Studio, changed, stop: threading.Event) -> None:
    """Refresh on every relevant save (the loop of ``pnpgen watch``, without writing files)."""
    from watchfiles import watch as watch_files

    previewer = studio.previewer
    for changes in watch_files(*previewer.watched_paths(), watch_filter=lambda _c, p: previewer.relevant(p),
                               stop_event=stop, step=50, debounce=1600, recursive=False):
        changed([p for _, p in changes])


def _serve(resolver: FileResolver, path: str) -> Response:
    """A regular file inside the resolver's folder, else 404 (``..``, absolute paths, links out)."""
    if not path or path.startswith(("/", "\\")) or "\\" in path or any(part == ".." for part in path.split("/")):
        return _not_found()
    try:
        real = resolver.locate(path, what="file")
    except FileError:
        return _not_found()
    if real.name.startswith("."):
        return _not_found()
    # A sandboxed PDF shows no viewer: it is saved instead, as the print panel does anyway.
    attach = real.suffix.lower() == ".pdf"
    return FileResponse(real, media_type=MEDIA.get(real.suffix.lower(), "application/octet-stream"),
                        headers={**NO_CACHE, "Content-Security-Policy": FILE_CSP},
                        filename=real.name if attach else None, content_disposition_type="attachment")


def _not_found() -> Response:
    return Response("not found", status_code=404, media_type="text/plain")


async def _json(request: Request) -> dict[str, Any]:
    """The order's JSON object (the guard has read and bounded the body); BodyError (a ValueError) if not one."""
    return parse_object(await request.body(), request.headers.get("content-type", ""))


def _timing(**phases: float) -> str:
    """A ``Server-Timing`` header of the phases (seconds), which the page's Performance API shows."""
    return ", ".join(f"{name};dur={seconds * 1000:.1f}" for name, seconds in phases.items())


def _first_line(err: Exception) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def _ids(body: dict[str, Any]) -> list[str] | None:
    ids = body.get("cards")
    if ids is None:
        return None
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise SpecError("cards must be a list of card ids")
    return ids


def _choice(value: Any, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise SpecError(f"{what} must be one of {', '.join(allowed)}, got {value!r}")
    return value


def run(spec: str | Path, port: int = 8000, host: str = "127.0.0.1", out_dir: str | Path = "output",
        open_browser: bool = False, fit: bool = True) -> None:
    """Load ``spec``, then serve the studio until Ctrl-C."""
    import uvicorn

    try:  # a port in use is bad input: one line, exit 2, before loading anything
        with socket.create_server((host, port)):
            pass
    except OSError as err:
        reason = os.strerror(err.errno) if err.errno else str(err)
        raise SpecError(f"cannot listen on {host}:{port} ({reason}); pick another port with --port") from None
    studio = Studio(spec, out_dir, fit=fit)
    studio.refresh(None, check=False)   # the findings follow once the page is open
    app = create_app(studio, hosts=allowed_hosts(host))
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    if open_browser:
        import webbrowser

        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            app.state.events.close()  # end the open event streams, or shutting down waits for them
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)
    print(f"pnpgen studio: {url}  (Ctrl-C to stop)", flush=True)
    Server(config).run()
