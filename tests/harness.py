"""Run one pnpgen command in a child process with a time and a memory limit: the hostile-input cases
(tests/hostile) and the commands run without the extras (tests/project/test_extras.py).

Each case is its own process, so a hang, a memory blow-up or a crash in one case cannot hide behind
another. The processes are forked from a "zygote": a Python process started once per test process
(one more per concurrent caller; kept for the next modules) that has imported pnpgen and the
libraries a build uses and filled the caches no input can change (bundled fonts, English word list
and hyphenation patterns, the installed libraries' versions, the click command of pnpgen's CLI),
and nothing else. A fresh ``python -m pnpgen`` spends ~0.4 s of CPU starting the interpreter and
importing them; the fork skips that, the case itself runs as ``python -m pnpgen`` would (``runpy``
on ``pnpgen``, the case's own argv, environment, working folder and output file, its exit code and
traceback, threads joined and atexit handlers run at the end; only the teardown of the modules is
skipped).
A case may name modules to block: importing one raises ImportError in it, as on a machine where it is
not installed. The zygote never imported them (the case checks), so the case sees what a fresh
interpreter with them blocked from its start would see.

The child gets ``RLIMIT_AS`` as a safety net (an allocation beyond it fails instead of swapping the
machine); the proof of "under 500 MB" is the child's own peak resident size, read from ``os.wait4``
(a forked child counts the imported modules it shares, as a fresh process counts what it imports).
The 10 s limit is CPU time (``RLIMIT_CPU``, counted from the fork: the kernel stops the child), so
a busy test machine cannot make a case fail; a child that blocks without using CPU (e.g. on a FIFO)
is killed after a generous wall-clock wait.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

TIME_LIMIT_S = 10                 # CPU seconds per case
WALL_LIMIT_S = 120.0              # only for a child blocked without using CPU
ADDRESS_LIMIT = 2 * 1024**3       # safety net: the interpreter with reportlab and numpy reserves ~1 GB of address space
RSS_LIMIT_MB = 500.0              # what the issue promises: peak resident memory per case

# The zygote: imports, then forks one child per request line (JSON) and answers with its outcome.
# Before forking it also fills the caches no input can change: the bundled fonts registered, the
# English word list and hyphenation patterns loaded (~0.4 s a case, as each case has its own empty
# $PNPGEN_CACHE). What a hostile input makes pnpgen load or compute, a case still pays for itself.
ZYGOTE = r'''
import atexit, gc, importlib, json, os, pkgutil, resource, runpy, signal, sys, threading, time
# What `pnpgen build` and `validate` import, and what many cases load besides (SVG and XLSX readers,
# Jinja's error traceback, the proof and watch previews, the simulator: 0.05-0.3 s a case each); a
# module renamed by a refactoring is only a little slower.
for name in ("pnpgen.cli", "pnpgen.kit", "pnpgen.render.build", "pnpgen.render.face_draw", "pnpgen.render.glyphdraw",
             "pnpgen.render.subsetfont", "pnpgen.render.shops", "pnpgen.layout.cutting", "pnpgen.validate.runner",
             "pnpgen.validate.documents", "pnpgen.validate.wordcache", "pnpgen.spec.loader", "pnpgen.template.loader",
             "pnpgen.effects.parser", "pnpgen.effects.report", "pnpgen.tables", "reportlab.pdfgen.canvas",
             "reportlab.lib.fonts", "PIL.Image", "rich.console", "rich.live", "rich.progress", "rich.table",
             "email.parser", "pyphen", "svglib.svglib", "openpyxl", "jinja2.debug", "pnpgen.preview.proof",
             "pnpgen.preview.watch", "pnpgen.simulate.runner", "pnpgen.scaffold.game"):
    try:
        importlib.import_module(name)
    except ImportError:
        pass
import PIL.Image
PIL.Image.preinit()  # the common picture formats' plugins, which every case reading a picture loads
for package in ("pnpgen.validate.checks", "pnpgen.effects", "pnpgen.odds"):
    for found in pkgutil.iter_modules(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(found.name)
from pnpgen.render import fonts, textfit
from pnpgen.validate.checks import spelling
from reportlab.pdfbase import pdfmetrics
fonts.register_fonts()
for face in fonts.FACES:
    pdfmetrics.getFont(face)  # each face is read at its first lookup: read them all here
spelling.dictionary("en_US")
textfit._hyphenator(textfit.DEFAULT_LANGUAGE)
from pnpgen import buildstamp
buildstamp._versions()  # the installed libraries' versions every build stamps (~35 ms a case)
# The click command typer builds from pnpgen's app on every run (~0.02 s of CPU a case) depends on the
# code alone: built once here, and `app()` in a case gets this one (click commands are reusable).
import typer.main
from pnpgen.cli import app as _app
_command, _build_command = typer.main.get_command(_app), typer.main.get_command
typer.main.get_command = lambda typer_app: _command if typer_app is _app else _build_command(typer_app)
assert threading.active_count() == 1, "an import or a warm-up started a thread: forking would copy it half-done"
gc.freeze()  # the imported objects stay out of the children's collections: fewer pages copied on write
TIME_LIMIT_S, WALL_LIMIT_S, ADDRESS_LIMIT = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
def run_case(req):
    """In the forked child: never returns (an error before pnpgen starts is a traceback and exit 1)."""
    code = 1
    try:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_LIMIT, ADDRESS_LIMIT))
        resource.setrlimit(resource.RLIMIT_CPU, (int(TIME_LIMIT_S), int(TIME_LIMIT_S) + 1))
        if req["file_size"] is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (req["file_size"], req["file_size"]))
        os.setsid()
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        out = os.open(req["out"], os.O_WRONLY)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(out, 1)
        os.dup2(out, 2)
        sys.argv = [sys.executable, *req["args"]]
        for blocked in req["blocked"]:
            loaded = sorted(m for m in sys.modules if m == blocked or m.startswith(blocked + "."))
            if loaded:
                raise RuntimeError(f"the zygote imported {loaded[0]}: blocking it here is not a fresh process's view")
            sys.modules[blocked] = None
        # Ends as `python -m pnpgen` ends, minus tearing down the modules (0.2 s of CPU; nothing pnpgen
        # does runs then): threads joined, atexit handlers run, output flushed, the same exit code.
        try:
            runpy.run_module("pnpgen", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as stop:
            if isinstance(stop.code, int) or stop.code is None:
                code = stop.code or 0
            else:
                print(stop.code, file=sys.stderr)
        threading._shutdown()
        atexit._run_exitfuncs()
    except BaseException:
        sys.excepthook(*sys.exc_info())
    finally:
        try:
            sys.stdout.flush(); sys.stderr.flush()
        finally:
            os._exit(code)


requests = os.fdopen(os.dup(0), "r")
answers = os.fdopen(os.dup(1), "w")
for line in requests:
    req = json.loads(line)
    sys.stdout.flush(); sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        requests.close(); answers.close()
        run_case(req)
    deadline = time.monotonic() + WALL_LIMIT_S
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            code = None
            break
        time.sleep(0.02)
    answers.write(json.dumps([code, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime]) + "\n")
    answers.flush()
'''

_idle: queue.SimpleQueue[subprocess.Popen] = queue.SimpleQueue()


@dataclass
class Outcome:
    args: tuple[str, ...]
    code: int | None              # None: killed at the time limit
    output: str                   # stdout and stderr together, as a user sees them
    peak_mb: float
    cpu_s: float

    @property
    def lines(self) -> list[str]:
        return [ln for ln in self.output.splitlines() if ln.strip()]

    def describe(self) -> str:
        return f"pnpgen {' '.join(self.args)[:200]} -> exit {self.code}, {self.peak_mb:.0f} MB, {self.cpu_s:.1f} s CPU:\n{self.output[:2000]}"


def _zygote() -> subprocess.Popen:
    try:
        return _idle.get_nowait()
    except queue.Empty:
        proc = subprocess.Popen([sys.executable, "-c", ZYGOTE, str(TIME_LIMIT_S), str(WALL_LIMIT_S), str(ADDRESS_LIMIT)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        atexit.register(_stop, proc)
        return proc


def _stop(proc: subprocess.Popen) -> None:
    proc.stdin.close()
    proc.wait(timeout=WALL_LIMIT_S)


def run_pnpgen(*args: str, cwd: Path, env: dict[str, str] | None = None, file_size: int | None = None,
               blocked: tuple[str, ...] = ()) -> Outcome:
    full_env = {**os.environ, "PNPGEN_CACHE": str(cwd / ".cache"), "COLUMNS": "200", **(env or {})}
    with tempfile.NamedTemporaryFile() as out:
        zygote = _zygote()
        zygote.stdin.write(json.dumps({"args": list(args), "cwd": str(cwd), "env": full_env, "out": out.name,
                                       "file_size": file_size, "blocked": list(blocked)}) + "\n")
        zygote.stdin.flush()
        answer = zygote.stdout.readline()
        assert answer, "the zygote process died"
        code, peak_mb, cpu_s = json.loads(answer)
        _idle.put(zygote)
        text = Path(out.name).read_bytes().decode("utf-8", "replace")
    return Outcome(tuple(args), code, text, peak_mb, cpu_s)


def new_game(folder: Path, *options: str) -> Path:
    """``pnpgen new FOLDER [options]`` through the zygote (a fresh ``python -m pnpgen`` costs ~0.5 s of
    CPU more): the game or expansion the hostile cases are made from."""
    made = run_pnpgen("new", str(folder), *options, cwd=folder.parent)
    assert made.code == 0 and (folder / "README.md").is_file(), made.describe()
    return folder
