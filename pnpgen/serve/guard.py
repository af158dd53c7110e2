"""What may reach the studio's routes: an ASGI middleware in front of every request.

- **Host allow-list.** Only ``127.0.0.1``, ``localhost``, ``[::1]`` and the address the server was
  bound to (any port) are answered; anything else is 421. A web page whose name an attacker
  re-points at 127.0.0.1 (DNS rebinding) sends its own name as ``Host`` and gets nothing.
- **Orders only from the studio's own page.** A request that is not GET or HEAD needs the per-run
  token (header ``X-Pnpgen-Token``, compared in constant time) *and* a same-origin ``Origin``
  (or, without one, ``Sec-Fetch-Site: same-origin``); else 403. Another site can make the
  browser send a POST, but it can neither read the token nor forge ``Origin``.
- **Bounded bodies.** A declared ``Content-Length`` over the limit is 413 before any of the body is
  read; a body without one (chunked) is counted while it arrives and cut off at the limit. Routes
  get the whole body, already read, from memory. The limit is ``max_body`` except on the paths
  given their own (``route_limits``: the art upload takes pictures of up to 20 MB).
- **Headers on every response**: a Content-Security-Policy (the route's own, e.g. the sandbox of
  served folder files, else the page's), ``nosniff``, no referrer, same-origin resources only.
- **No traceback.** An exception escaping a route is logged as one line and answered 500.

A refused body is not read, but the connection stays open: closing a socket with unread data
resets it, and the client would lose the answer (413) it is owed. The server reads on and
discards what the client still sends.
"""

from __future__ import annotations

import hmac
import json
import logging
import socket
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from pnpgen.errors import excerpt, one_line

LOG = logging.getLogger("pnpgen.serve")
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
SAFE_METHODS = ("GET", "HEAD")
MAX_BODY = 1 << 20          # bytes; the page's JSON orders are a few hundred
TOKEN_HEADER = "x-pnpgen-token"

# The page: its own script and style only (no inline script), nothing framed, no plugins.
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
            "frame-ancestors 'none'; form-action 'self'")
# Files from the game or output folder: even opened as a page of their own they run no script
# (an SVG may carry <script>) and, sandboxed, have no origin from which to read the studio.
FILE_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


def allowed_hosts(bind: str) -> frozenset[str]:
    """The ``Host`` names answered when bound to ``bind``: loopback, ``bind`` itself, and for a
    wildcard bind (``0.0.0.0``, ``::``) this machine's name and addresses."""
    names = set(LOOPBACK)
    if bind in ("0.0.0.0", "::", ""):
        names.update(_this_machine())
    else:
        names.add(_host_name(bind))
    return frozenset(n for n in names if n)


def _this_machine() -> set[str]:
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    try:
        names.update(_host_name(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None))
    except OSError:  # no resolvable name: the loopback names and the host name still work
        pass
    return names


def _host_name(address: str) -> str:
    """``address`` as it appears in a ``Host`` header (IPv6 literals in brackets), lower case."""
    address = address.strip().lower()
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def split_host(header: str) -> tuple[str, int | None] | None:
    """``Host`` header -> (name, port or None); None when it is not a plain ``name[:port]``."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        name, rest = (header[: end + 1], header[end + 1:]) if end > 0 else ("", "")
    else:
        name, colon, port = header.partition(":")
        rest = colon + port
    if not name or (rest and not (rest.startswith(":") and rest[1:].isdigit() and len(rest) <= 6)):
        return None
    return name, int(rest[1:]) if rest else None


def same_origin(origin: str, host: tuple[str, int | None]) -> bool:
    """Whether the ``Origin`` header names the host the request was sent to."""
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or parts.path or not parts.hostname:
        return False
    default = 80 if parts.scheme == "http" else 443
    return _host_name(parts.hostname) == host[0] and (port or default) == (host[1] or default)


class Guard:
    """The middleware (see the module docstring); ``token`` is the page's per-run secret."""

    def __init__(self, app: Any, token: str, hosts: Iterable[str] = LOOPBACK, max_body: int = MAX_BODY,
                 route_limits: dict[str, int] | None = None) -> None:
        self.app, self.token, self.max_body = app, token.encode(), max_body
        self.hosts = frozenset(_host_name(h) for h in hosts)
        self.route_limits = dict(route_limits or {})

    def limit(self, scope: dict) -> int:
        """The body limit of the request's path (exact path match: no prefix lets a route borrow it)."""
        return self.route_limits.get(scope.get("path", ""), self.max_body)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":     # the studio has none: closed before any check could be missed
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":          # lifespan: start-up and shut-down of the app itself
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: dict) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": _with_security_headers(message.get("headers", []))}
            await send(message)

        try:
            refusal = self._refusal(scope)
            if refusal:
                await _reject(send_with_headers, *refusal)
                return
            if scope["method"] not in SAFE_METHODS:
                body = await _read_body(receive, self.limit(scope))
                if body is _GONE:
                    return                      # nobody is left to answer
                if body is None:
                    await _reject(send_with_headers, 413, f"request body over {self.limit(scope)} bytes")
                    return
                receive = _replay(body, receive)
            await self.app(scope, receive, send_with_headers)
        except Exception as err:  # noqa: BLE001 — the one place a failed request becomes one log line
            LOG.error("pnpgen studio: %s %s failed: %s: %s", scope.get("method"), excerpt(scope.get("path", "")),
                      type(err).__name__, one_line(err))
            if not started:
                await _reject(send_with_headers, 500, f"internal error ({type(err).__name__}); see the server's log")

    def _refusal(self, scope: dict) -> tuple[int, str] | None:
        """(status, reason) for a request that must not reach a route, else None."""
        headers = _headers(scope)
        host = split_host(headers.get("host", ""))
        if host is None:
            return 400, "missing or malformed Host header"
        if host[0] not in self.hosts:
            return 421, f"this studio answers only to {', '.join(sorted(self.hosts))}, not {excerpt(host[0], 60)}"
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit(scope):
            return 413, f"request body over {self.limit(scope)} bytes"
        if scope["method"] in SAFE_METHODS:
            return None
        origin = headers.get("origin")
        if origin is not None:
            if not same_origin(origin, host):
                return 403, "cross-origin request refused; use the studio's own page"
        elif headers.get("sec-fetch-site") != "same-origin":
            return 403, "request without a same-origin Origin header refused; use the studio's own page"
        if not hmac.compare_digest(headers.get(TOKEN_HEADER, "").encode(), self.token):
            return 403, "missing or wrong X-Pnpgen-Token; reload the studio's page"
        return None


def _headers(scope: dict) -> dict[str, str]:
    """Request headers by lower-case name; a repeated header counts as malformed (empty)."""
    out: dict[str, str] = {}
    for name, value in scope.get("headers", []):
        key = name.decode("latin-1").lower()
        out[key] = "" if key in out else value.decode("latin-1")
    return out


def _with_security_headers(headers: Iterable[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    out = list(headers)
    present = {name.lower() for name, _ in out}
    if b"content-security-policy" not in present:
        out.append((b"content-security-policy", PAGE_CSP.encode()))
    out.extend(h for h in SECURITY_HEADERS if h[0] not in present)
    return out


_GONE = b"<the client left>"     # compared by identity


async def _read_body(receive: Any, limit: int) -> bytes | None:
    """The whole body, None as soon as more than ``limit`` bytes have arrived, or ``_GONE``."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return _GONE
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Any) -> Any:
    """A ``receive`` that hands the route the body already read, then the client's own messages."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> dict:
        return pending.pop() if pending else await receive()
    return replayed


async def _reject(send: Any, status: int, reason: str) -> None:
    body = json.dumps({"error": reason}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})
