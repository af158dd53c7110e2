"""``pnpgen serve`` takes orders only from its own page: the attacks of issue #29, made for real.

The studio runs as the real command (``python -m pnpgen serve``, its log captured) on a loopback
port, serving an expansion with an SVG that carries a script and a card whose text overflows
(FIT001, an error finding). Attacks come over plain HTTP (raw sockets, so nothing is normalised
on the way) and from Debian's headless Chromium (Playwright): DNS rebinding (a foreign ``Host``),
CSRF from a second server on another origin, stored XSS through the SVG, a 300 MB body, deeply
nested JSON. Each attack has a control showing it would be seen if it worked. The last test
reads the server's log: no traceback over all of them.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import logging
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pnpgen.scaffold import new_expansion
from servekit import WAIT_MS, free_port

# Runs as soon as the SVG is opened as a page, if anything lets it: marks the page, then reads the
# studio's state from the studio's origin and puts the game's name in the title.
EVIL_SVG = b"""<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
<title>art</title><rect width="40" height="40" fill="#c00"/>
<script>
document.title = "xss-ran";
fetch("/api/state").then(r => r.json()).then(s => { document.title = "xss-read:" + s.name; });
</script></svg>
"""
OVERFLOW = "DEAL 2 DAMAGE TO 1 TROOP. " * 40      # far more than the ability box holds: FIT001
MB = 1 << 20


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("secure")
    made = new_expansion(root / "exp", "xenoshyft")
    enemy = made.directory / "cards" / "enemy.yaml"
    enemy.write_text(re.sub(r"(?m)^(\s+ability:).*$", lambda m: m.group(1) + " " + OVERFLOW.strip(), enemy.read_text()))
    troop = made.directory / "cards" / "troop.yaml"
    # a warning finding too (TEXT002: two spaces in a row)
    troop.write_text(troop.read_text().replace("DISCARD THIS CARD (FROM HAND)", "DISCARD THIS CARD  (FROM HAND)"))
    (made.directory / "art").mkdir(exist_ok=True)
    (made.directory / "art" / "evil.svg").write_bytes(EVIL_SVG)
    port = free_port()
    log = root / "server.log"
    with log.open("wb") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "pnpgen", "serve", str(made.directory), "--port", str(port),
                                 "--out", str(root / "output")],
                                stdout=sink, stderr=subprocess.STDOUT, cwd=root)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            status, _, page = _request(port, "GET", "/")
            if status == 200:
                break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"the studio did not start: {log.read_text()[-2000:]}", pytrace=False)
        time.sleep(0.05)
    token = re.search(rb'<meta name="pnpgen-token" content="([^"]+)">', page).group(1).decode()
    # What the page does on opening: `pnpgen serve` checks the cards once the first thumbnail is
    # asked for, so the findings are checked while the tests below run, not when one needs them.
    _request(port, "GET", json.loads(_request(port, "GET", "/api/state")[2])["cards"][0]["thumb"])
    yield {"url": url, "port": port, "pid": proc.pid, "token": token, "log": log, "out": root / "output",
           "dir": made.directory}
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _request(port: int, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b"",
             host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request exactly as written (raw socket: the Host header too), its status, headers, body."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", f"Content-Length: {len(body)}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        return _response(s)


def _response(s: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Read one response (by its Content-Length; the connection may stay open)."""
    data = b""
    while b"\r\n\r\n" not in data and (chunk := s.recv(65536)):
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    while len(rest) < int(found.get("content-length", 0)) and (chunk := s.recv(65536)):
        rest += chunk
    return int(status_line.split()[1]), found, rest


def _order(studio, **extra: str) -> dict[str, str]:
    """The headers of an order as the studio's own page sends it, changed by ``extra``."""
    headers = {"Content-Type": "application/json", "Origin": studio["url"], "X-Pnpgen-Token": studio["token"]}
    headers.update(extra)
    return {k: v for k, v in headers.items() if v is not None}


def _pdfs(studio) -> list[Path]:
    return sorted(studio["out"].rglob("*.pdf")) if studio["out"].exists() else []


def _peak_memory_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1))


# -- Host allow-list (DNS rebinding) ------------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1.evil.example:{port}",
                                  "localhost.evil.example", "127.0.0.2:{port}", "[::2]:{port}", "127.0.0.1:x"])
def test_a_foreign_host_name_gets_421_or_400_and_not_the_game(studio, host):
    for path in ("/", "/api/state", "/files/cards/troop.yaml"):
        status, headers, body = _request(studio["port"], "GET", path, host=host.format(port=studio["port"]))
        assert status in (400, 421), (host, path, status)
        assert "script-src 'self'" in headers["content-security-policy"]
        assert b"troop" not in body.lower() and b"pnpgen-token" not in body


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}", "LOCALHOST", "127.0.0.1"])
def test_loopback_host_names_get_the_game(studio, host):
    status, _, body = _request(studio["port"], "GET", "/api/state", host=host.format(port=studio["port"]))
    assert status == 200 and json.loads(body)["cards"]


def test_the_names_answered_follow_the_bound_address():
    from pnpgen.serve.guard import allowed_hosts

    assert allowed_hosts("127.0.0.1") == {"127.0.0.1", "localhost", "[::1]"}
    assert allowed_hosts("::1") == {"127.0.0.1", "localhost", "[::1]"}
    assert allowed_hosts("192.168.7.9") == {"127.0.0.1", "localhost", "[::1]", "192.168.7.9"}
    assert allowed_hosts("FE80::1") == {"127.0.0.1", "localhost", "[::1]", "[fe80::1]"}
    everywhere = allowed_hosts("0.0.0.0")
    assert socket.gethostname().lower() in everywhere and "evil.example" not in everywhere


def test_a_websocket_is_closed_unchecked_routes_never_see_it():
    from pnpgen.serve.guard import Guard

    reached, sent = [], []

    async def app(scope, receive, send):
        reached.append(scope)

    async def send(message):
        sent.append(message)

    scope = {"type": "websocket", "path": "/events", "headers": [(b"host", b"evil.example")]}
    worker = threading.Thread(target=asyncio.run, args=(Guard(app, token="t")(scope, None, send),))
    worker.start()
    worker.join(30)
    assert reached == [] and sent == [{"type": "websocket.close", "code": 1008}]


def test_a_request_without_a_host_header_is_400(studio):
    with socket.create_connection(("127.0.0.1", studio["port"]), timeout=10) as s:
        s.sendall(b"GET /api/state HTTP/1.0\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    assert data.startswith(b"HTTP/1.1 400") and b"troop" not in data.lower()


# -- orders need the token and the page's origin (CSRF) -------------------------------------------

@pytest.mark.parametrize("change", [
    {"X-Pnpgen-Token": None},                                        # no token
    {"X-Pnpgen-Token": "wrong"},                                      # wrong token
    {"X-Pnpgen-Token": ""},
    {"Origin": "http://evil.example"},                                # right token, another site
    {"Origin": "http://127.0.0.1:1"},                                 # same host, another port
    {"Origin": "null"},                                               # a sandboxed or file: page
    {"Origin": None},                                                 # neither Origin ...
    {"Origin": None, "Sec-Fetch-Site": "cross-site"},                 # ... nor a same-origin fetch
    {"Origin": None, "Sec-Fetch-Site": "same-site"},
])
@pytest.mark.parametrize("path", ["/api/print", "/api/simulate"])
def test_an_order_without_the_token_or_from_another_origin_is_403_and_writes_nothing(studio, change, path):
    before = _pdfs(studio)
    status, _, body = _request(studio["port"], "POST", path, _order(studio, **change), b'{"games": 2}')
    assert status == 403, (change, status, body)
    assert "error" in json.loads(body)
    assert _pdfs(studio) == before


@pytest.mark.parametrize("host,change", [
    ("127.0.0.1:{port}", {}),
    ("127.0.0.1:{port}", {"Origin": None, "Sec-Fetch-Site": "same-origin"}),   # a browser that sends no Origin
    ("localhost:{port}", {"Origin": "http://localhost:{port}"}),
    ("[::1]:{port}", {"Origin": "http://[::1]:{port}"}),
])
def test_an_order_from_the_page_passes_the_guard(studio, host, change):
    # paper "b5" is refused by the route itself (400): the guard let the order through.
    port = studio["port"]
    change = {k: v and v.format(port=port) for k, v in change.items()}
    status, _, body = _request(port, "POST", "/api/print", _order(studio, **change), b'{"paper": "b5"}',
                               host=host.format(port=port))
    assert status == 400 and b"paper must be one of" in body


def test_the_token_is_per_run_and_only_in_the_page(studio):
    assert len(studio["token"]) >= 40
    status, _, body = _request(studio["port"], "GET", "/api/state")
    assert status == 200 and studio["token"].encode() not in body
    status, _, body = _request(studio["port"], "GET", "/static/studio.js")
    assert status == 200 and studio["token"].encode() not in body


def test_a_cross_site_page_cannot_make_the_browser_print(studio, tab):
    """A second server (another origin) posts to the studio as a form and as a no-cors fetch."""
    target = studio["url"] + "/api/print"
    attack = f"""<!doctype html><title>cute cats</title>
<form id="f" method="POST" enctype="text/plain" action="{target}">
<input name='{{"paper":"a4","x":"' value='"}}'></form>
<script>
fetch("{target}", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
                    body: JSON.stringify({{paper: "a4"}})}}).finally(() => document.getElementById("f").submit());
</script>""".encode()

    class Attacker(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(attack)

        def log_message(self, *args):
            pass

    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    before = _pdfs(studio)
    statuses, failures = [], []

    def answered(response) -> None:
        if response.url == target:
            statuses.append((response.request.resource_type, response.status))

    def failed(request) -> None:
        if request.url == target:
            failures.append((request.resource_type, request.failure))

    page = tab
    page.on("response", answered)
    page.on("requestfailed", failed)
    try:
        # "localhost" vs the studio's "127.0.0.1": a different site, as a page on the web would be.
        page.goto(f"http://localhost:{evil.server_address[1]}/")
        page.wait_for_url(target, timeout=WAIT_MS)                  # the form was submitted
        page.wait_for_load_state()
    finally:
        evil.shutdown()
        page.remove_listener("response", answered)
        page.remove_listener("requestfailed", failed)
    assert statuses == [("document", 403)]              # the form reached the studio and was refused
    # The fetch reached it too, but its (403) answer is withheld from the other site by the
    # studio's Cross-Origin-Resource-Policy: Chromium reports a blocked response, not a network error.
    assert failures == [("fetch", "net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin")]
    assert "cross-origin request refused" in page.inner_text("body")
    assert _pdfs(studio) == before

    # Control: the studio's own page does print, so a PDF written by the attack would have been seen.
    page.goto(studio["url"] + "/")
    page.wait_for_selector("img.card-thumb")
    with page.expect_download(timeout=WAIT_MS * 4):
        page.click("#print-btn")
    assert len(_pdfs(studio)) > len(before)


# -- stored XSS through a picture of the folder ---------------------------------------------------

def _open_svg(page, url: str, after: str) -> tuple[str, list[str]]:
    """The title of ``url`` opened as a page, and the requests made from it. No wait for the network
    to go idle: an inline script has run, and started its fetch, by the page's load event; the page
    then opens ``after``, so every request before that one has been reported when it is."""
    asked: list[str] = []

    def record(request) -> None:
        asked.append(request.url)

    page.on("request", record)
    try:
        page.goto(url)
        title = page.title()
        page.goto(after)
    finally:
        page.remove_listener("request", record)
    assert asked[-1] == after
    return title, asked[:-1]


def test_an_svg_with_a_script_opened_as_a_page_runs_nothing(studio, tab):
    url = studio["url"] + "/files/art/evil.svg"
    title, asked = _open_svg(tab, url, after=studio["url"] + "/static/studio.css")
    assert title == "art"                                         # the SVG was shown, its script never ran
    assert not any("/api/state" in u for u in asked)

    # Control: the same bytes at the same URL without the studio's headers run and read the state.
    served = (studio["dir"] / "art" / "evil.svg").read_bytes()
    tab.route(url, lambda route: route.fulfill(status=200, content_type="image/svg+xml", body=served))
    try:
        title, asked = _open_svg(tab, url, after=studio["url"] + "/static/studio.css")
        tab.goto(url)
        tab.wait_for_function("() => document.title.startsWith('xss-read:')", timeout=WAIT_MS)
    finally:
        tab.unroute(url)
    assert title.startswith("xss-")                   # the load-time title: the script ran by the load event
    assert asked[0] == url and any(u.endswith("/api/state") for u in asked)


def test_files_of_the_folder_are_served_sandboxed_and_typed(studio):
    for path, kind in (("/files/art/evil.svg", "image/svg+xml"), ("/files/cards/troop.yaml", "text/plain")):
        status, headers, _ = _request(studio["port"], "GET", path)
        assert status == 200 and headers["content-type"].startswith(kind)
        csp = headers["content-security-policy"]
        assert csp.startswith("sandbox;") and "default-src 'none'" in csp and "script" not in csp
        assert headers["x-content-type-options"] == "nosniff"


# -- headers on every response ------------------------------------------------------------------

@pytest.mark.parametrize("method,path,headers", [
    ("GET", "/", {}), ("GET", "/static/studio.js", {}), ("GET", "/static/studio.css", {}), ("GET", "/api/state", {}),
    ("GET", "/api/card/exp:my-troop", {}), ("GET", "/api/card/nope", {}), ("GET", "/nowhere", {}),
    ("GET", "/files/../secret", {}), ("POST", "/api/print", {"Origin": "http://evil.example"}),
    ("POST", "/api/state", {}), ("GET", "/output/none.pdf", {}),
])
def test_every_response_carries_the_security_headers(studio, method, path, headers):
    status, found, _ = _request(studio["port"], method, path, headers)
    csp = found.get("content-security-policy", "")
    directives = dict((d.split(" ", 1) + [""])[:2] for d in (p.strip() for p in csp.split(";")) if d)
    assert directives.get("default-src") == "'self'" and directives.get("script-src") == "'self'", (status, csp)
    for name in ("object-src", "base-uri", "frame-ancestors"):
        assert directives.get(name) == "'none'"
    assert directives.get("form-action") == "'self'"
    assert found["x-content-type-options"] == "nosniff"
    assert found["referrer-policy"] == "no-referrer"
    assert found["cross-origin-resource-policy"] == "same-origin"


def test_the_page_has_no_inline_script(studio):
    _, _, page = _request(studio["port"], "GET", "/")
    scripts = re.findall(rb"<script\b([^>]*)>(.*?)</script>", page, re.S)
    assert scripts and all(b'src="/static/' in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(rb"\son[a-z]+\s*=", page)               # no inline event handlers either


def test_the_page_works_under_its_policy_with_no_violation(studio, tab):
    page = tab
    violations: list[str] = []

    def record(message) -> None:
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    page.on("console", record)
    try:
        page.goto(studio["url"] + "/")
        page.wait_for_function("() => { const imgs = [...document.querySelectorAll('img.card-thumb')];"
                               " return imgs.length === 4 && imgs.every(i => i.complete && i.naturalWidth > 0); }",
                               timeout=WAIT_MS)
        page.click("#card-exp\\:my-enemy")
        page.wait_for_function("() => document.getElementById('cv-front').naturalWidth === 480", timeout=WAIT_MS)
    finally:
        page.remove_listener("console", record)
    assert violations == []


# -- bodies -------------------------------------------------------------------------------------

@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_300_mb_body_is_refused_413_before_it_is_read(studio, chunked):
    peak_before = _peak_memory_kb(studio["pid"])
    headers = _order(studio)
    head = ["POST /api/print HTTP/1.1", f"Host: 127.0.0.1:{studio['port']}"] + [f"{k}: {v}" for k, v in headers.items()]
    head.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {300 * MB}")
    piece = b"[" * 65536
    sent = 0
    with socket.create_connection(("127.0.0.1", studio["port"]), timeout=30) as s:
        s.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        while sent < 300 * MB and not select.select([s], [], [], 0)[0]:   # until the server answers
            s.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            sent += len(piece)
        status, _, answer = _response(s)
    assert status == 413 and "over 1048576 bytes" in json.loads(answer)["error"]
    assert sent < 60 * MB                                # answered long before the 300 MB were sent
    assert _peak_memory_kb(studio["pid"]) - peak_before < 50 * 1024   # the issue saw 518 MB


def test_a_body_just_over_the_limit_is_413(studio):
    status, _, _ = _request(studio["port"], "POST", "/api/print", _order(studio), b"{}" + b" " * (2 * MB))
    assert status == 413


@pytest.mark.parametrize("body", [b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
                                  b'{"cards": ' + b"[" * 40 + b"]" * 40 + b"}"])
def test_deeply_nested_json_is_400_with_one_line(studio, body):
    status, _, answer = _request(studio["port"], "POST", "/api/print", _order(studio), body)
    assert status == 400
    message = json.loads(answer)["error"]
    assert "nests deeper than 32 levels" in message and "\n" not in message


@pytest.mark.parametrize("body,expected", [
    (b"{not json", "not valid JSON"), (b"[1, 2]", "must be a JSON object"), (b'"\xff\xfe"', "not valid JSON"),
    (b'{"cards": "[[[["}', "list of card ids"),                # brackets in a string are not nesting
])
def test_a_body_that_is_not_a_json_object_is_400(studio, body, expected):
    status, _, answer = _request(studio["port"], "POST", "/api/print", _order(studio), body)
    assert status == 400 and expected in json.loads(answer)["error"]


def test_an_order_sent_as_text_plain_is_400_even_with_the_token(studio):
    status, _, answer = _request(studio["port"], "POST", "/api/print", _order(studio, **{"Content-Type": "text/plain"}),
                                 b'{"paper": "a4"}')
    assert status == 400 and "application/json" in json.loads(answer)["error"]


# -- readable findings --------------------------------------------------------------------------

CONTRAST = """() => {
  const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
  const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);   // WCAG 2
  const background = (node) => { for (; node; node = node.parentElement) {
      const c = rgb(getComputedStyle(node).backgroundColor); if (c.length < 4 || c[3] > 0) return c.slice(0, 3); }
    return [255, 255, 255]; };
  const out = [];
  for (const item of document.querySelectorAll('.finding')) {
    for (const node of [item, ...item.querySelectorAll('*')]) {
      const own = [...node.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim())
                                      .map((n) => n.textContent.trim()).join(' ');
      if (!own) continue;
      const fg = rgb(getComputedStyle(node).color).slice(0, 3), bg = background(node);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      out.push({ text: own.slice(0, 40), severity: item.className, ratio: (hi + 0.05) / (lo + 0.05) });
    }
  }
  return out;
}"""


def test_findings_text_meets_wcag_aa_contrast_in_the_browser(studio, tab):
    page = tab
    page.goto(studio["url"] + "/")
    page.wait_for_selector("#findings .finding.error")
    assert "FIT001" in page.inner_text("#findings .finding.error")
    page.click("#findings .finding.error")                       # the card view lists it too, highlighted
    page.wait_for_selector("#cv-findings .finding.error")
    page.click("#cv-findings .finding.error")
    measured = page.evaluate(CONTRAST)
    severities = {m["severity"].split()[1] for m in measured}
    assert {"error", "warning"} <= severities
    assert any("FIT001" in m["text"] for m in measured)
    low = [m for m in measured if m["ratio"] < 4.5]
    assert not low, low


# -- no traceback, whatever the request -----------------------------------------------------------

def test_an_exception_in_a_route_is_one_log_line_and_a_500(caplog):
    """The catch-all of the guard, around a route that fails (the real studio has no such route)."""
    from pnpgen.serve.guard import Guard

    async def failing(scope, receive, send):
        raise RecursionError("maximum recursion depth exceeded\nsecond line")

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": "http", "method": "GET", "path": "/boom", "headers": [(b"host", b"127.0.0.1:8000")]}
    with caplog.at_level(logging.INFO):
        # In a thread of its own: Playwright's sync API keeps an event loop running in this one.
        worker = threading.Thread(target=asyncio.run, args=(Guard(failing, token="t")(scope, receive, send),))
        worker.start()
        worker.join(30)
    assert sent[0]["status"] == 500
    assert "RecursionError" in json.loads(sent[1]["body"])["error"]
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["pnpgen studio: GET /boom failed: RecursionError: maximum recursion depth exceeded\\nsecond line"]
    assert not any(r.exc_info for r in caplog.records)


def test_a_client_leaving_mid_body_leaves_no_traceback(studio):
    head = ["POST /api/print HTTP/1.1", f"Host: 127.0.0.1:{studio['port']}"]
    head += [f"{k}: {v}" for k, v in _order(studio).items()] + ["Content-Length: 5000"]
    with socket.create_connection(("127.0.0.1", studio["port"]), timeout=10) as s:
        s.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + b'{"paper": ')
    status, _, _ = _request(studio["port"], "GET", "/api/state")       # still serving
    assert status == 200


def test_zz_the_server_log_has_no_traceback_over_all_these_attacks(studio):
    """Named to run last in this module: the log covers every request above (stderr is line-buffered)."""
    log = studio["log"].read_text(errors="replace")
    assert "pnpgen studio: http://127.0.0.1" in log
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-3000:]
    assert os.path.exists(f"/proc/{studio['pid']}")                   # and it is still running
