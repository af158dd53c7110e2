"""Registry of named custom effects: ability sentences the grammar deliberately does not express.

A custom effect is keyed by a regular expression over the *normalised sentence* (tokens joined by
single spaces: upper case, straight apostrophes, quoted names without quotes, "(W)" kept), never by
card name, so any card printing the same wording gets the same effect. Each one carries a reason and
the trigger the engine should hook; the engine implements it by ``name``. Reports count them: the
fewer the better.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from pnpgen.effects import model as m


@dataclass(frozen=True)
class CustomEffect:
    name: str
    pattern: re.Pattern[str]
    reason: str
    trigger: m.Trigger

    def effect(self) -> m.Effect:
        return m.Effect(trigger=self.trigger, actions=(), custom=self.name)


_REGISTRY: dict[str, CustomEffect] = {}
_version = 0  # bumped on every change, so cached parses made before it are not reused


def version() -> int:
    return _version


def fingerprint() -> tuple:
    """What the registry holds, comparable across processes: a process started afresh knows the
    same effects exactly when its fingerprint is equal (the version counter also counts changes
    undone, e.g. an effect registered and removed again)."""
    return tuple(sorted((c.name, c.pattern.pattern, c.reason, repr(c.trigger)) for c in _REGISTRY.values()))


def register(name: str, pattern: str, reason: str, trigger: m.Trigger) -> CustomEffect:
    """Add a custom effect; ``pattern`` must match a whole normalised sentence."""
    if name in _REGISTRY:
        raise ValueError(f"custom effect {name!r} is already registered")
    global _version
    custom = CustomEffect(name, re.compile(pattern), reason, trigger)
    _REGISTRY[name] = custom
    _version += 1
    return custom


def unregister(name: str) -> None:
    global _version
    if _REGISTRY.pop(name, None) is not None:
        _version += 1


def registered() -> tuple[CustomEffect, ...]:
    return tuple(_REGISTRY.values())


def match_custom(sentence: str) -> CustomEffect | None:
    """The custom effect whose pattern matches the whole normalised sentence, if any."""
    for custom in _REGISTRY.values():
        if custom.pattern.fullmatch(sentence):
            return custom
    return None


def _builtin(register_fn: Callable[..., CustomEffect]) -> None:
    """The custom effects Xenoshyft needs. Currently none: every recovered sentence has a grammar
    rule. Keep this function as the one place to add one, with its reason."""


_builtin(register)
