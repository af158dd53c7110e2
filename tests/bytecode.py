"""Compile the bytecode of pnpgen and of the installed packages once, before a first test run
(``make test`` runs this beside the guard rails, which keep one core busy).

uv installs without compiling. A first run then compiles each module in every process that imports
it before another has written its bytecode: both xdist workers collect the same modules at the same
moment, and Ray starts six Python processes at once. That is ~30 s of CPU more than a second run,
against ~15 s to compile everything here once, one process a core, each with its share of the files
(``compileall -j`` sends the files one at a time through a process pool: twice the CPU).

Skipped: what no test imports (test folders, Ray's training, data and serving libraries, mypy's
compiled sources, Pygments' lexers but the Python ones), and what only one process at a time
imports, which compiles it once anyway (pip and setuptools in the wheel test, ezdxf in the cutting
tests, Playwright in the one worker running the studio's tests, import-linter in the guard rails).
A module compiled here that turns out unused costs a few milliseconds; one skipped is compiled when
it is imported, as before. A warm-up only: a file that does not compile is left to the import that
needs it, and a run with everything compiled only reads dates (~0.2 s).
"""

from __future__ import annotations

import compileall
import os
import re
import sysconfig
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

SKIP = re.compile(r"/(tests?|testing|mypyc?|ray/(rllib|data|train|tune|llm|serve|air|workflow)"
                  r"|numpy/(f2py|distutils|_pyinstaller)|pygments/lexers/(?!_|python)[^/]+"
                  r"|pip|setuptools|ezdxf|playwright|importlinter)(/|$)")
ROOT = Path(__file__).resolve().parents[1]


def sources() -> list[str]:
    found = []
    for top in (sysconfig.get_path("purelib"), str(ROOT / "pnpgen")):
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d != "__pycache__" and not SKIP.search(f"{folder}/{d}")]
            found += [f"{folder}/{f}" for f in files if f.endswith(".py") and not SKIP.search(f"{folder}/{f}")]
    return found


def compile_share(files: list[str]) -> None:
    for file in files:
        try:
            compileall.compile_file(file, quiet=2)
        except Exception:  # a warm-up: the import that needs the file reports its error
            pass


def main() -> None:
    files = sources()
    workers = max(1, min(os.cpu_count() or 1, 4))
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(compile_share, [files[i::workers] for i in range(workers)]))


if __name__ == "__main__":
    main()
