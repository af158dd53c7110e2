"""Pictures the studio accepts into a game's ``art/`` folder: type from the bytes, a safe file name.

The type is read from the file's first bytes (PNG, JPEG, WebP signatures; SVG as UTF-8 text whose
first element is ``<svg``), never from the name or the ``Content-Type`` the browser sent; the name
is the given one slugged (:func:`pnpgen.slugs.slug`) with the extension of the type found, so no
upload can name a path outside ``art/``, a hidden file or a file of another kind.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnpgen.slugs import slug

MAX_ART = 20 << 20                 # bytes: a full-bleed scan at print resolution fits
ART_DIR = "art"
ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".svg")
_SVG_START = re.compile(r"\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]", re.DOTALL)


def sniff(data: bytes) -> str | None:
    """The picture's extension (``.png``, ``.jpg``, ``.webp``, ``.svg``) from its bytes, else None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return ".png"
    if data.startswith(b"\xff\xd8\xff"):
        return ".jpg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ".webp"
    head = data[:4096].removeprefix(b"\xef\xbb\xbf")
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as err:   # cut in the middle of a character at 4096: still text
        text = head[:err.start].decode("utf-8") if err.start > len(head) - 4 else ""
    return ".svg" if _SVG_START.match(text) else None


def safe_name(name: str, suffix: str) -> str:
    """``name``'s stem slugged, with ``suffix``: ``../My Hero (v2).PNG`` -> ``my-hero-v2.png``."""
    stem = Path(name.replace("\\", "/").rsplit("/", 1)[-1]).stem
    return f"{slug(stem)[:80].strip('-') or 'art'}{suffix}"


def art_files(directory: Path) -> list[str]:
    """The pictures under the folder's ``art/`` (paths relative to the folder, sorted)."""
    root = directory / ART_DIR
    if not root.is_dir():
        return []
    out = []
    for path in root.rglob("*"):
        rel = path.relative_to(directory)
        if (path.suffix.lower() in ART_SUFFIXES and path.is_file() and not path.is_symlink()
                and not any(part.startswith(".") for part in rel.parts)):
            out.append(rel.as_posix())
    return sorted(out)
