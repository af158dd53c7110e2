"""Up-to-date builds: a build whose inputs have not changed since the last one does nothing.

A stamp per spec folder and output folder (``<out>/.pnpgen-stamps/<digest>.json``) records what a
build read and wrote. Its key is a digest of everything a build depends on, by name, size and
modification time: every file in the game's (or expansion's) folder and its base game's, the
bundled templates and fonts, pnpgen's own code, the build options and the limits and
``SOURCE_DATE_EPOCH`` in the environment. When the key matches and every file the build wrote is still there, unchanged, the
recorded result (files, pages, warnings, notes, overflows) is returned instead of building again:
``make``'s rule, so a rebuild with unchanged art takes well under a second.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from pnpgen import __version__
from pnpgen.fsutil import atomic_write_text, walk_folder
from pnpgen.sources import REPO_ROOT

STAMP_DIR = ".pnpgen-stamps"
_SKIP_DIRS = frozenset({"output", "__pycache__", "node_modules"})  # hidden ones (.git, .venv) always


def _stat_lines(root: Path, limit: int = 50_000) -> list[str]:
    out: list[str] = []
    for current, _dirs, files in walk_folder(root, _SKIP_DIRS):
        for name in files:
            path = os.path.join(current, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            out.append(f"{path}\t{st.st_size}\t{st.st_mtime_ns}")
            if len(out) >= limit:
                return out + ["(truncated)"]
    return out


def input_key(folders: list[Path], options: dict[str, Any]) -> str:
    """Digest of everything a build of ``folders`` with ``options`` depends on."""
    h = hashlib.sha256()
    h.update(__version__.encode())
    h.update(json.dumps(options, sort_keys=True, default=str).encode())
    # SOURCE_DATE_EPOCH: templates may print it (``build.date``).
    h.update(json.dumps(sorted((k, v) for k, v in os.environ.items()
                               if k.startswith("PNPGEN_LIMIT_") or k == "SOURCE_DATE_EPOCH")).encode())
    for root in [*folders, REPO_ROOT / "templates", REPO_ROOT / "fonts", REPO_ROOT / "pnpgen"]:
        h.update(str(Path(root).resolve()).encode())
        h.update("\n".join(_stat_lines(Path(root))).encode())
    return h.hexdigest()


def _stamp_path(out_dir: Path, spec_dir: Path) -> Path:
    name = hashlib.sha256(str(Path(spec_dir).resolve()).encode()).hexdigest()[:24]
    return Path(out_dir) / STAMP_DIR / f"{name}.json"


def _file_state(path: Path) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def recall(out_dir: Path, spec_dir: Path, key: str) -> dict | None:
    """The recorded result when nothing the build depends on or wrote has changed, else None."""
    try:
        stamp = json.loads(_stamp_path(out_dir, spec_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stamp, dict) or stamp.get("key") != key:
        return None
    for path, state in stamp.get("outputs", {}).items():
        if _file_state(Path(path)) != state:
            return None
    return stamp


def record(out_dir: Path, spec_dir: Path, key: str, files: list[Path], result: dict) -> None:
    """Remember what this build wrote (and what it reported) for the next one."""
    stamp = {"key": key, "outputs": {str(p): _file_state(p) for p in files}, **result}
    try:
        atomic_write_text(_stamp_path(out_dir, spec_dir), json.dumps(stamp, sort_keys=True, indent=1))
    except OSError:
        pass  # a read-only output folder only costs the next build its shortcut


def forget(out_dir: Path, spec_dir: Path) -> None:
    try:
        _stamp_path(out_dir, spec_dir).unlink()
    except OSError:
        pass
