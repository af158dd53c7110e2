"""The page's model, sent once whole and then as deltas: only the cards and findings that changed.

A 2,000-card game's model (:meth:`pnpgen.serve.state.Studio.state`) is about 800 KB of JSON; a page
that received it whole after every save or check would parse and lay out a megabyte each time for
the one card that changed. :class:`Publisher` keeps the last model every page was told about and
sends each newer one as a delta from it:

``{"from": 7, "version": 8, "set": {"checking": false, ...}, "cards": [[at, end, [entry, ...]], ...],
"findings": [[at, end, [finding, ...]], ...]}``

``set`` holds the top-level values that changed; ``cards`` and ``findings`` are splices of the old
lists (``list[at:end] = entries``), in ascending order, to apply from the last one back
(:func:`apply` here, ``applyDelta`` in ``static/studio.js``). A page whose version is not ``from``
fetches ``/api/state`` whole instead. Cards refer to their findings by each finding's ``key``
(a digest of its content, :func:`finding_keys`), so a finding added before them changes no card.
The ``version`` the pages see is the publisher's own count of models sent, one more for each
model that differs from the last; ``run`` names the publisher, so that a page left open across a
restart of the studio is not told it is up to date by a count that started again.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from difflib import SequenceMatcher
from typing import Any

LISTS = ("cards", "findings")
HISTORY = 4          # older models kept, so a page that joins a little late gets a delta, not all


def _text(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


class _Sent:
    """A model as sent: the model itself and each list entry's JSON text (what the diff compares)."""

    def __init__(self, model: dict[str, Any], texts: dict[str, list[str]] | None = None) -> None:
        self.model = model
        self.body: bytes | None = None
        self.texts = texts if texts is not None else {name: [_text(i) for i in model.get(name, [])] for name in LISTS}


def diff(old: _Sent, new: _Sent) -> dict[str, Any]:
    """The delta that turns ``old.model`` into ``new.model`` (see the module docstring)."""
    top = {k: v for k, v in new.model.items() if k not in LISTS and (k not in old.model or old.model[k] != v)}
    out: dict[str, Any] = {"from": old.model.get("version"), "version": new.model.get("version"), "set": top}
    gone = [k for k in old.model if k not in new.model]
    if gone:
        out["unset"] = sorted(gone)
    for name in LISTS:
        a, b = old.texts[name], new.texts[name]
        items = new.model.get(name, [])
        matcher = SequenceMatcher(None, a, b, autojunk=False)
        out[name] = [[i1, i2, items[j1:j2]] for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]
    return out


def apply(model: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """``model`` with ``delta`` applied (a new dict; the page's ``applyDelta`` does the same)."""
    out = {k: v for k, v in model.items() if k not in delta.get("unset", ())}
    out.update(delta.get("set", {}))
    for name in LISTS:
        items = list(model.get(name, []))
        for at, end, entries in reversed(delta.get(name, [])):
            items[at:end] = entries
        out[name] = items
    return out


def finding_keys(findings: list[dict[str, Any]]) -> list[str]:
    """A key per finding: a digest of its content, ``~2``, ``~3``… after a repeated one."""
    seen: dict[str, int] = {}
    keys = []
    for f in findings:
        key = hashlib.sha1(_text(f).encode()).hexdigest()[:12]
        seen[key] = seen.get(key, 0) + 1
        keys.append(key if seen[key] == 1 else f"{key}~{seen[key]}")
    return keys


class Publisher:
    """The last model the pages were told about; every newer one goes out as a delta from it.

    ``model()`` builds the current model (the studio's ``state``); ``stamp()`` is cheap and changes
    whenever the model may have (the studio's own version), so an unchanged model is not built
    again for each page that opens; ``send(event, data)`` broadcasts (``events.Broadcaster.publish``)."""

    def __init__(self, model: Callable[[], dict[str, Any]], send: Callable[[str, dict[str, Any]], None],
                 stamp: Callable[[], Any]) -> None:
        self._model, self._send, self._stamp = model, send, stamp
        self._lock = threading.Lock()
        self._last: _Sent | None = None
        self._built: Any = object()      # the stamp of the last model built
        self._history: OrderedDict[int, _Sent] = OrderedDict()
        self.version = 0
        self.run = secrets.token_hex(6)

    def current(self) -> dict[str, Any]:
        """The current model, after telling every page how it differs from the last one sent."""
        with self._lock:
            return self._fresh().model

    def body(self) -> bytes:
        """:meth:`current` as JSON (made once per model)."""
        with self._lock:
            sent = self._fresh()
            if sent.body is None:
                sent.body = json.dumps(sent.model, ensure_ascii=False, separators=(",", ":")).encode()
            return sent.body

    def publish(self) -> None:
        """Tell the pages about the current model (nothing when it has not changed)."""
        self.current()

    def patch_card(self, entry: dict[str, Any], top: dict[str, Any]) -> None:
        """One card changed (an edit), and the top-level values in ``top``: a delta of that card
        alone, without building the whole model again (a 2,000-card model is tens of ms)."""
        with self._lock:
            last = self._last
            cards = last.model["cards"] if last else []
            at = next((i for i, c in enumerate(cards) if c["id"] == entry["id"]), None)
            if at is None:       # a card the pages do not have yet: the whole model, diffed
                self._fresh()
                return
            model = {**last.model, **top, "cards": list(cards)}
            model["cards"][at] = entry
            texts = {"cards": list(last.texts["cards"]), "findings": last.texts["findings"]}
            texts["cards"][at] = _text(entry)
            # The stamp stays: the next current() builds the whole model again (off the edit's path)
            # and finds it the same, or sends what else changed meanwhile.
            self._update(_Sent(model, texts))

    def since(self, version: Any, run: Any) -> tuple[str, dict[str, Any]] | None:
        """What a page that has ``version`` of ``run`` needs first: nothing, a delta, or the whole model."""
        with self._lock:
            last = self._fresh()
            if run != self.run:
                return "state", last.model
            if version == last.model["version"]:
                return None
            old = self._history.get(version) if isinstance(version, int) else None
            return ("delta", diff(old, last)) if old is not None else ("state", last.model)

    def _fresh(self) -> _Sent:
        """The last model sent, built again first if the stamp moved (the caller holds the lock)."""
        stamp = self._stamp()
        if self._last is not None and stamp == self._built:
            return self._last
        self._built = stamp
        return self._update(_Sent(self._model()))

    def _update(self, new: _Sent) -> _Sent:
        """Make ``new`` the last model sent, broadcasting its delta (the caller holds the lock)."""
        last = self._last
        new.model["run"] = self.run
        if last is not None and _same(last, new):
            return last
        self.version += 1
        new.model["version"] = self.version
        if last is not None:
            self._send("delta", diff(last, new))
            self._history[last.model["version"]] = last
            while len(self._history) > HISTORY:
                self._history.popitem(last=False)
        self._last = new
        return new


def _same(a: _Sent, b: _Sent) -> bool:
    """Whether two models show the same (their versions aside)."""
    if a.texts != b.texts:
        return False
    return {k: v for k, v in a.model.items() if k not in LISTS and k != "version"} == \
        {k: v for k, v in b.model.items() if k not in LISTS and k != "version"}
