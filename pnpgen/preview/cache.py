"""Card thumbnails cached by what they are drawn from, so a save redraws only the cards it changed.

A card's key is a hash of everything its face depends on: the card's content (id, name, type,
copies, fields — not its file line, so editing one card does not invalidate those below it), the
game's id and name and the card type, the template files the game can use (the library's search
path, ``templates/<game>/`` and ``templates/_shared/``), the bundled font files, and the pictures
and fonts in the game's (or expansion's) own folder.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import OrderedDict
from dataclasses import asdict
from pathlib import Path
from typing import Any

from PIL import Image

from pnpgen.fsutil import walk_folder
from pnpgen.render.fonts import FONTS_DIR
from pnpgen.spec.model import Card, Game


def files_digest(paths: list[Path]) -> str:
    """Hash of the names and bytes of ``paths`` (files that do not exist are skipped)."""
    h = hashlib.sha256()
    for path in sorted(p for p in paths if p.is_file()):
        h.update(str(path).encode())
        h.update(b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def template_files(library: Any, game_id: str) -> list[Path]:
    """Every YAML file that can take part in drawing ``game_id``'s cards with ``library``."""
    folders = [*library.game_dirs(game_id), library.root / "_shared"]
    return [p for folder in folders if folder.is_dir() for p in folder.glob("*.yaml")]


def font_files() -> list[Path]:
    return sorted(FONTS_DIR.glob("*.[ot]tf"))


ASSET_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".svg", ".ttf", ".otf"}
MAX_ASSETS = 20_000


def asset_stamps(folder: str | Path) -> list[str]:
    """Name, size and modification time of every picture and font in the game's folder (links not
    followed): a card's face depends on them, so a changed picture or font redraws it."""
    out: list[str] = []
    for current, _dirs, files in walk_folder(folder):
        for name in files:
            if Path(name).suffix.lower() in ASSET_SUFFIXES and len(out) < MAX_ASSETS:
                st = os.lstat(os.path.join(current, name))
                out.append(f"{os.path.join(current, name)}:{st.st_size}:{st.st_mtime_ns}")
    return out


def environment_digest(library: Any, game: Game) -> str:
    """What every card of ``game`` shares: templates, fonts, pictures, game id and name, card types."""
    h = hashlib.sha256()
    h.update(files_digest(template_files(library, game.id)).encode())
    if game.directory:
        h.update("\n".join(asset_stamps(game.directory)).encode())
    # Fonts are large and change only with pnpgen itself: their size and mtime stand for them.
    for path in font_files():
        st = path.stat()
        h.update(f"{path.name}:{st.st_size}:{st.st_mtime_ns}".encode())
    h.update(json.dumps([game.id, game.name, _plain(game.card_types)], sort_keys=True, default=str).encode())
    return h.hexdigest()


def card_key(card: Card, environment: str, size_px: tuple[int, int]) -> str:
    content = {"id": card.id, "name": card.name, "type": card.type, "copies": card.copies,
               "fields": card.fields, "env": environment, "px": list(size_px)}
    return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)
    return value


class ThumbCache:
    """Rendered card thumbnails by key, least recently used dropped past ``limit``."""

    def __init__(self, limit: int = 2048) -> None:
        self.limit = limit
        self._images: OrderedDict[str, Image.Image] = OrderedDict()

    def get(self, key: str) -> Image.Image | None:
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
        return image

    def put(self, key: str, image: Image.Image) -> None:
        self._images[key] = image
        self._images.move_to_end(key)
        while len(self._images) > self.limit:
            self._images.popitem(last=False)

    def __len__(self) -> int:
        return len(self._images)
