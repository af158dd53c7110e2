"""The studio's writes into the game folder: card edits, new, duplicated and deleted cards, art, undo.

Every change is checked first and written whole or not at all:

- A card's new values go through the loader's own checks (:func:`pnpgen.spec.loader._checked_card`),
  so a bad value is the loader's one-line message and the file is not touched.
- The page names the version (:func:`pnpgen.spec.writeback.digest`) of the file it read; a file
  that changed on disk since is a conflict (409), never overwritten.
- Only files inside the game or expansion folder are written (a base game's cards are shown, not
  edited), each atomically (:func:`pnpgen.spec.writeback.write_atomically`), changing only the
  card's row, cells or entry (:mod:`pnpgen.spec.writeback`).
- Each write keeps the file's previous bytes: :meth:`Editor.undo` puts the last ones back (the
  last :data:`UNDO_DEPTH` writes of this run), unless the file changed since the studio wrote it.

Errors are :class:`EditError` (an HTTP status and a one-line message).
"""

from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnpgen.errors import one_line
from pnpgen.serve.art import ART_DIR, safe_name, sniff
from pnpgen.slugs import slug
from pnpgen.spec import writeback
from pnpgen.spec.errors import SpecError
from pnpgen.spec.loader import _checked_card
from pnpgen.spec.model import Card, FieldType, Game
from pnpgen.spec.writeback import Source, WriteError, digest
from pnpgen.spec.yamlio import LocDict

UNDO_DEPTH = 50
FIXED_KEYS = ("id", "type")        # an edit never moves a card to another id or type: duplicate it instead


class EditError(Exception):
    """A refused change: ``status`` (400, 403, 404, 409, 413, 415) and a one-line message."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


@dataclass(frozen=True)
class Written:
    """One write of this run: the file, its bytes before (None: it did not exist) and after."""

    path: Path
    before: bytes | None
    after: bytes
    what: str


class Editor:
    """Writes the page's changes into the folder of ``studio`` (a :class:`~pnpgen.serve.state.Studio`)."""

    def __init__(self, studio: Any) -> None:
        self.studio = studio
        self.history: list[Written] = []
        self._lock = threading.Lock()

    # -- what the page reads with a card ------------------------------------------------------
    def card_file(self, card: Card) -> tuple[Source | None, str]:
        """The card's source, or None and why the studio cannot write it."""
        if card.location is None:
            return None, "the card has no source file"
        try:
            source = writeback.source_of(card.location.file, card.location.line)
        except WriteError as err:
            return None, str(err)
        folder = self.studio.directory.resolve()
        if not source.path.resolve().is_relative_to(folder):
            return None, f"{source.path} is outside {folder.name}/ (a base game's card): the studio edits only its own folder"
        return source, ""

    def version(self, card: Card) -> str | None:
        source, _ = self.card_file(card)
        try:
            return digest(source.path.read_bytes()) if source else None
        except OSError:
            return None

    # -- edits ---------------------------------------------------------------------------------
    def patch(self, card_id: str, fields: Any, version: Any) -> dict[str, Any]:
        """Write ``fields`` (name -> value) of the card into its file; the new card and file version."""
        game, card = self._card(card_id)
        source = self._writable(card)
        values = _values(fields)
        for key in values:
            if key in FIXED_KEYS:
                raise EditError(400, f"{key!r} cannot be changed here; duplicate the card to make another")
            if key in card.overridden:
                where = card.field_locations.get(key)
                raise EditError(400, f"{key!r} of {card.id} is set in {where}; edit it there")
        new = checked(game, card, values, source)
        changes = {k: _current(new, k) for k in values if not _same(_current(new, k), _current(card, k))}
        with self._lock:
            data = self._read(source, version)
            if changes:
                self._write(source.path, data, _guarded(writeback.update, source, data, _file_id(card), changes),
                            f"edit {card.id}")
        return {"card": new, "changed": sorted(changes), "version": self._digest(source.path)}

    def add(self, type_id: Any, duplicate: Any) -> dict[str, Any]:
        """A new card of ``type_id`` (or a copy of the card ``duplicate``); its id and file."""
        game = self._game()
        if duplicate is not None:
            _, original = self._card(str(duplicate))
            source = self._writable(original)
            values = _copy_values(game, original, source)
        else:
            if not isinstance(type_id, str) or type_id not in game.card_types:
                raise EditError(400, f"type must be one of {', '.join(game.card_types)}, got {type_id!r}")
            source, values = self._new_card_place(game, type_id)
        prefix = _prefix(game)
        card = Card(id=prefix + values["id"], name=values["name"], type=values["type"], copies=values["copies"],
                    fields={}, origin=game.expansion.id if game.expansion else "")
        checked(game, card, {k: v for k, v in values.items() if k not in ("id", "type")},
                source or Source(self.studio.directory / "cards" / f"{type_id}.yaml", writeback.YAML, 1))
        with self._lock:
            if source is None:
                path = self.studio.directory / "cards" / f"{values['type']}.yaml"
                self._write(path, None, writeback.new_yaml_file(values), f"add {card.id}")
            else:
                data = source.path.read_bytes()
                self._write(source.path, data, _guarded(writeback.append, source, data, values), f"add {card.id}")
        return {"id": card.id, "file": self._relative(source.path if source else path)}

    def delete(self, card_id: str, version: Any) -> dict[str, Any]:
        _, card = self._card(card_id)
        source = self._writable(card)
        with self._lock:
            data = self._read(source, version)
            self._write(source.path, data, _guarded(writeback.delete, source, data, _file_id(card)),
                        f"delete {card.id}")
        return {"deleted": card.id, "file": self._relative(source.path)}

    def upload_art(self, name: Any, data: bytes, overwrite: bool) -> dict[str, Any]:
        """``data`` saved as ``art/<safe name>`` (the type read from its bytes); 409 if it exists."""
        suffix = sniff(data)
        if suffix is None:
            raise EditError(415, "not a PNG, JPEG, WebP or SVG picture (judged by its contents, not its name)")
        target = safe_name(str(name or "art"), suffix)
        path = self.studio.directory / ART_DIR / target
        with self._lock:
            before = path.read_bytes() if path.is_file() else None
            if before is not None and not overwrite:
                raise EditError(409, f"{ART_DIR}/{target} exists; send again with overwrite to replace it",
                                exists=f"{ART_DIR}/{target}")
            path.parent.mkdir(exist_ok=True)
            self._write(path, before, data, f"upload {ART_DIR}/{target}")
        return {"path": f"{ART_DIR}/{target}", "replaced": before is not None}

    def undo(self) -> dict[str, Any]:
        """Put back the bytes the last write of this run replaced."""
        with self._lock:
            if not self.history:
                raise EditError(409, "nothing to undo: the studio has written nothing this run")
            last = self.history[-1]
            now = last.path.read_bytes() if last.path.is_file() else None
            if now != last.after:
                raise EditError(409, f"{self._relative(last.path)} changed on disk after the studio wrote it; "
                                     f"undo it in your editor")
            writeback.write_atomically(last.path, last.before)
            self.history.pop()
        return {"undone": last.what, "file": self._relative(last.path), "left": len(self.history)}

    # -- helpers -----------------------------------------------------------------------------------
    def _game(self) -> Game:
        snap = self.studio.snapshot
        if snap is None:
            raise EditError(409, self.studio.error or "nothing loaded yet")
        return snap.game

    def _card(self, card_id: str) -> tuple[Game, Card]:
        snap = self.studio.snapshot
        card = next((c for c in snap.cards if c.id == card_id), None) if snap else None
        if card is None:
            raise EditError(404, f"no card {card_id!r}; reload the page")
        return snap.game, card

    def _writable(self, card: Card) -> Source:
        source, why = self.card_file(card)
        if source is None:
            raise EditError(400, why)
        return source

    def _read(self, source: Source, version: Any) -> bytes:
        try:
            data = source.path.read_bytes()
        except OSError as err:
            raise EditError(409, f"{self._relative(source.path)} cannot be read ({err.strerror}); reload the page") from err
        if not isinstance(version, str) or version != digest(data):
            raise EditError(409, f"{self._relative(source.path)} changed on disk since the page read it; "
                                 f"reload the card and make the change again", version=digest(data))
        return data

    def _write(self, path: Path, before: bytes | None, after: bytes, what: str) -> None:
        writeback.write_atomically(path, after)
        self.history.append(Written(path, before, after, what))
        del self.history[:-UNDO_DEPTH]

    def _digest(self, path: Path) -> str:
        return digest(path.read_bytes())

    def _relative(self, path: Path) -> str:
        folder = self.studio.directory.resolve()
        path = path.resolve()
        return f"{folder.name}/{path.relative_to(folder).as_posix()}" if path.is_relative_to(folder) else str(path)

    def _new_card_place(self, game: Game, type_id: str) -> tuple[Source | None, dict[str, Any]]:
        """Where a new card of the type goes (after the folder's last card of that type, else a new
        ``cards/<type>.yaml``) and its first values (each required field at its least value)."""
        own = [c for c in game.own_cards() if c.type == type_id]
        source = None
        for card in reversed(own):
            found, _ = self.card_file(card)
            if found is not None:
                source = found
                break
        if source is None and (self.studio.directory / "cards" / f"{type_id}.yaml").exists():
            raise EditError(409, f"cards/{type_id}.yaml exists but holds no {type_id} card; add it there by hand")
        ctype = game.card_types[type_id]
        name = getattr(ctype, "name", "") or type_id
        values: dict[str, Any] = {}
        for fname, fdef in ctype.fields.items():
            if fdef.required:
                values[fname] = _least(fdef)
        return source, _unique(game, {"id": f"new-{type_id}", "name": f"New {name}", "type": type_id, "copies": 1,
                                      **values}, source)


def checked(game: Game, card: Card, values: dict[str, Any], source: Source) -> Card:
    """``card`` with ``values`` (name, copies, fields) as the loader reads them; EditError 400 if not."""
    raw = LocDict()
    raw.line = card.location.line if card.location else source.line
    raw.update({"id": _file_id(card), "name": card.name, "type": card.type, "copies": card.copies})
    raw.update({k: v for k, v in card.fields.items()})
    raw.update(values)
    raw.lines = {k: card.field_locations[k].line if k in card.field_locations else raw.line for k in raw}
    try:
        new = _checked_card(raw, source.path, game.card_types)
    except SpecError as err:
        raise EditError(400, one_line(err)) from None
    return dataclasses.replace(card, name=new.name, copies=new.copies, fields=new.fields)


def _values(fields: Any) -> dict[str, Any]:
    if not isinstance(fields, dict) or not all(isinstance(k, str) for k in fields):
        raise EditError(400, "send the card's fields as a JSON object: {\"fields\": {\"cost\": 3}}")
    return dict(fields)


def _current(card: Card, key: str) -> Any:
    if key == "name":
        return card.name
    if key == "copies":
        return card.copies
    return card.fields.get(key)


def _same(a: Any, b: Any) -> bool:
    """Whether a value the form sent is the one saved: an empty text or list is no value either way,
    and a text differing only in CRLF line breaks (a browser's text box sends LF) is the same text."""
    empty = (None, "", [])
    if isinstance(a, str) and isinstance(b, str):
        return a.replace("\r\n", "\n") == b.replace("\r\n", "\n")
    return (a in empty and b in empty) or (a == b and type(a) is type(b))


def _file_id(card: Card) -> str:
    """The id as written in the file (an expansion's cards are loaded as ``<expansion>:<id>``)."""
    prefix = f"{card.origin}:" if card.origin else ""
    return card.id[len(prefix):] if prefix and card.id.startswith(prefix) else card.id


def _prefix(game: Game) -> str:
    return f"{game.expansion.id}:" if game.expansion else ""


def _guarded(change: Any, *args: Any) -> bytes:
    try:
        return change(*args)
    except WriteError as err:
        raise EditError(400, str(err)) from None


def _least(fdef: Any) -> Any:
    if fdef.type in (FieldType.INT, FieldType.NUMBER):
        return int(fdef.min) if fdef.min is not None else 0
    if fdef.type is FieldType.ENUM:
        return fdef.values[0]
    if fdef.type is FieldType.BOOL:
        return False
    if fdef.type is FieldType.LIST:
        return []
    return "?"


def _has_id_column(source: Source | None) -> bool:
    """Whether the card's file writes ids (a spreadsheet may leave them to the names)."""
    if source is None or source.kind == writeback.YAML:
        return True
    if source.kind == writeback.CSV:
        text = source.path.read_bytes().decode("utf-8-sig", "replace")
        first = text.split("\n", 1)[0]
        from pnpgen.spec.tabular import _delimiter

        return "id" in [c.strip().strip('"') for c in first.rstrip("\r").split(_delimiter(first))]
    from openpyxl import load_workbook

    book = load_workbook(source.path, read_only=True)
    try:
        header = next(book[source.sheet].iter_rows(max_row=1, values_only=True), ())
        return "id" in [str(v).strip() for v in header if v is not None]
    finally:
        book.close()


def _unique(game: Game, values: dict[str, Any], source: Source | None, copy: bool = False) -> dict[str, Any]:
    """``values`` with an id and name no card of the game has (``x-copy``, ``x-copy-2``…)."""
    ids = {c.id for c in game.cards}
    names = {c.name for c in game.cards}
    prefix = _prefix(game)
    with_ids = _has_id_column(source)
    base_id, base_name = values["id"], values["name"]
    for n in range(1, 10_000):
        tag = "" if n == 1 and not copy else (" (copy)" if n == 1 else f" ({'copy ' if copy else ''}{n})")
        name = base_name + tag
        card_id = (f"{base_id}-{slug(tag)}" if tag else base_id) if with_ids else slug(name)
        if prefix + card_id not in ids and name not in names:
            return {**values, "id": card_id, "name": name}
    raise EditError(409, f"no free id for a card like {base_id!r}")


def _copy_values(game: Game, card: Card, source: Source) -> dict[str, Any]:
    values = {"id": _file_id(card), "name": card.name or _file_id(card), "type": card.type, "copies": card.copies}
    values.update({k: v for k, v in card.fields.items() if v is not None})
    return _unique(game, values, source, copy=True)
