"""Effects compiled once into ``Plan`` objects, so running one does not re-read its tree.

``executor.run_interpreted`` reads an ``Effect`` at every resolution: it looks each verb up in
``HANDLERS``, tests ``PASSIVE`` membership, reads the limit kind, the custom marker and each action's
condition and MAY flag. A ``Plan`` has all of that decided at load time (``compile_cards`` ->
``compile_card``): a tuple of steps ``(handler, action, condition, optional, unsupported key)`` and
the few flags ``run`` branches on. Behaviour is the interpreted path's, step for step
(``tests/sim/test_sim_fastpaths.py`` plays seeded games both ways and compares them).

Plans are kept by ``id(effect)`` with the effect itself, so an id reused by a garbage-collected
effect (effects built by hand in tests) is recompiled rather than trusted.
"""

from __future__ import annotations

from typing import Any, Callable

from pnpgen.effects.model import Effect, Limit, Selector
from pnpgen.simulate.constants import LIMIT_NONE


class Plan:
    """One effect, pre-resolved: what ``executor.run`` needs, in the order it needs it."""

    __slots__ = ("effect", "condition", "cost", "limited", "once_per_round", "custom_key", "steps",
                 "self_trigger", "trigger_object", "trigger_source", "gated", "optional", "trace_text")

    def __init__(self, eff: Effect, handlers: dict, passive: frozenset) -> None:
        self.effect = eff
        self.condition = eff.condition
        self.cost = eff.cost
        self.limited = eff.limit is not LIMIT_NONE
        self.once_per_round = eff.limit is Limit.ONCE_PER_ROUND
        self.custom_key = "custom:" + eff.custom if eff.custom else None
        steps = []
        for act in eff.actions:
            handler: Callable | None = handlers.get(act.verb)
            # the key counted in Tally.unsupported when the verb has no handler (None: passive verb,
            # read elsewhere, silently skipped)
            key = None if handler is not None or act.verb in passive else act.verb.value
            steps.append((handler, act, act.condition, act.optional, key))
        self.steps = tuple(steps)
        t = eff.trigger
        subj = t.subject
        self.self_trigger = subj is None or subj.selector is Selector.SELF
        self.trigger_object = t.object
        self.trigger_source = t.source
        self.gated = eff.wave is not None or eff.limit is not LIMIT_NONE  # needs query.available
        self.optional = eff.optional
        self.trace_text = eff.text or t.event.value


_PLANS: dict[int, Plan] = {}
_COMPILER: dict[str, Any] = {}  # handlers / passive verbs, registered by executor at import


def register_handlers(handlers: dict, passive: frozenset) -> None:
    """executor hands its verb table over (compiled cannot import executor: executor imports it)."""
    _COMPILER["handlers"] = handlers
    _COMPILER["passive"] = passive
    _PLANS.clear()


def plan_of(eff: Effect) -> Plan:
    """The plan of ``eff``, compiled on first use (cards compile theirs when loaded)."""
    p = _PLANS.get(id(eff))
    if p is None or p.effect is not eff:
        p = _PLANS[id(eff)] = Plan(eff, _COMPILER["handlers"], _COMPILER["passive"])
    return p


def compile_card(card: Any) -> None:
    """Compile every effect of a ``CardDef`` (all its events, each effect once)."""
    for effs in card.by_event.values():
        for eff in effs:
            plan_of(eff)
