"""The game state: small slotted values, mutated only through ``primitives``.

Lanes are lists with the front at index 0: ``Player.troops`` (NorTec lane, front = left-most) and
``Player.enemies`` (Enemy lane, front = the next card to be revealed, right-most on the board).
Piles are lists with the top at the end. ``GameState.rng`` is the only source of randomness.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

from pnpgen.effects.model import EventKind
from pnpgen.simulate.cards import CardDef
from pnpgen.simulate.rules import Rules


class GameOver(Exception):
    """Raised the moment the Base HP reaches 0 (rulebook: "at any point")."""


_NO_VERBS: frozenset = frozenset()
_NO_MARKS: frozenset = frozenset()


def _counts() -> defaultdict:
    return defaultdict(int)


class Unit:
    """A troop or enemy card in a lane, with its damage tokens and round-scoped marks."""

    __slots__ = ("card", "owner", "lane", "is_enemy", "damage", "face_up", "equipment", "used", "first",
                 "temp_power", "next_attack", "strike_first_next", "cancel_reveal", "fx", "converted",
                 "in_play", "attacked", "serial", "mods", "indexed", "statics", "aura_mods", "aura_verbs", "base_power",
                 "base_hp", "use_verbs", "mod_plans", "aura_plans")

    def __init__(self, card: CardDef, owner: int, lane: int, is_enemy: bool, serial: int = 0,
                 fields: tuple | None = None) -> None:
        """``fields``: the effect fields of the unit (``primitives.unit_template`` of its card), set
        here so that a new unit's ``register`` only has to index it; without them the unit starts
        with no effects until ``register``."""
        self.card = card
        self.owner = owner              # whose discard pile the card goes to
        self.lane = lane                # index of the player whose lane holds it
        self.is_enemy = is_enemy
        self.damage = 0
        self.face_up = not is_enemy
        self.equipment: list[CardDef] = []
        # ids of ONCE_PER_ROUND / FIRST_TIME effects used: a shared empty frozenset until the first
        # mark (executor.run), because most of the 50+ units made per game never use one
        self.used: set[int] | frozenset = _NO_MARKS
        self.first: set[int] | frozenset = _NO_MARKS
        self.temp_power = 0             # until end of round
        self.next_attack = 0            # extra damage on the next attack only
        self.strike_first_next = False
        self.cancel_reveal = False
        self.converted = False          # a troop that became an enemy: no printed abilities
        self.in_play = True
        self.attacked = False           # has made its first attack (FIRST_TIME attack effects)
        self.serial = serial
        self.indexed = False            # listed in GameState.auras / watchers
        if fields is not None:
            (self.base_power, self.base_hp, self.fx, self.mods, self.statics, self.aura_mods,
             self.mod_plans, self.aura_plans, self.aura_verbs, self.use_verbs, _) = fields
            return
        self.fx: dict[EventKind, tuple] = {}
        self.mods: tuple = ()           # (effect, action) continuous stat changes on itself
        self.statics: dict = {}         # verb -> continuous action on itself (cards.EffectIndex)
        self.aura_mods: tuple = ()      # (effect, action) Power/HP changes it gives other cards
        self.mod_plans: tuple = ()      # query.mod_plans of mods / aura_mods: (effect, action, fast)
        self.aura_plans: tuple = ()
        self.aura_verbs: frozenset = _NO_VERBS
        self.use_verbs: frozenset = _NO_VERBS  # verbs of its USE abilities (cards.EffectIndex)
        self.base_power = card.power    # printed + equipment boosts (kept by primitives.register)
        self.base_hp = card.hp

    def __repr__(self) -> str:
        side = "E" if self.is_enemy else "T"
        return f"<{side}:{self.card.id} dmg={self.damage}{'' if self.face_up else ' down'}>"


class Player:
    __slots__ = ("index", "deck", "hand", "discard", "troops", "enemies", "resources", "discounts",
                 "kills_this_round")

    def __init__(self, index: int) -> None:
        self.index = index
        self.deck: list[CardDef] = []
        self.hand: list[CardDef] = []
        self.discard: list[CardDef] = []
        self.troops: list[Unit] = []
        self.enemies: list[Unit] = []
        self.resources = 0
        self.discounts: list = []       # pending cost reductions (amount, filter) for this purchase phase
        self.kills_this_round = 0       # enemies killed in this lane this Round


@dataclass(slots=True)
class Tally:
    """What one game records for the statistics (card ids -> counts). ``defaultdict(int)`` rather
    than ``Counter``: the first ``+= 1`` of each key in a game would call ``Counter.__missing__``, a
    Python function (about 50 times a game); the statistics merge them into Counters."""

    bought: defaultdict = field(default_factory=_counts)
    deployed: defaultdict = field(default_factory=_counts)
    kills: defaultdict = field(default_factory=_counts)
    deaths: defaultdict = field(default_factory=_counts)
    base_damage_by: defaultdict = field(default_factory=_counts)
    effects_used: defaultdict = field(default_factory=_counts)
    unsupported: defaultdict = field(default_factory=_counts)
    stalemates: int = 0


class Triggers:
    """What the rules engine does when something happens, as the primitives reach it: fire an event
    (``fire(g, event, unit, obj=None, damage=0, own=None)``), the replacement and prevention window
    before damage (``before_damage(g, ev)``), a kill's replacement effects (``replace_kill(g, u,
    killer) -> bool``) and the window before a Reveal (``reveal_window(g, enemy)``). The effects run
    by these call the primitives again, so the primitives find them on the game (``GameState.triggers``,
    ``executor.TRIGGERS`` set by ``setup.new_game``) instead of importing the executor."""

    __slots__ = ("fire", "before_damage", "replace_kill", "reveal_window")

    def __init__(self, fire: Callable, before_damage: Callable, replace_kill: Callable,
                 reveal_window: Callable) -> None:
        self.fire = fire
        self.before_damage = before_damage
        self.replace_kill = replace_kill
        self.reveal_window = reveal_window


class GameState:
    """Everything about one game in progress."""

    __slots__ = ("rng", "rules", "players", "base_hp", "base_damage", "wave", "round", "round_index",
                 "first_player", "enemy_decks", "enemy_discards", "bosses", "troop_decks", "troop_pools",
                 "item_deck", "item_pool", "xeno_supply", "burned", "auras", "power_auras", "hp_auras", "watchers", "tally",
                 "policy", "active", "serial", "lost_round", "won", "purchase_open", "pending", "trace",
                 "triggers")

    def __init__(self, rules: Rules, players: int, rng: random.Random, triggers: Triggers) -> None:
        self.rng = rng
        self.triggers = triggers
        self.rules = rules
        self.players = [Player(i) for i in range(players)]
        self.base_hp = 0 if rules.training else rules.base_hp_per_player * players
        self.base_damage = 0
        self.wave = 1
        self.round = 1
        self.round_index = 1
        self.first_player = 0
        waves = rules.waves
        self.enemy_decks: list[list[CardDef]] = [[] for _ in range(waves + 1)]  # index = wave
        self.enemy_discards: list[list[CardDef]] = [[] for _ in range(waves + 1)]
        self.bosses: list[list[CardDef]] = [[] for _ in range(waves + 1)]
        self.troop_decks: list[list[CardDef]] = [[] for _ in range(waves + 1)]
        self.troop_pools: list[list[CardDef]] = [[] for _ in range(waves + 1)]
        self.item_deck: list[CardDef] = []
        self.item_pool: list[CardDef] = []
        self.xeno_supply: dict[int, CardDef] = {}
        self.burned: list[CardDef] = []
        self.auras: list[Unit] = []       # units whose STATIC effects reach other cards
        # the auras that change Power / HP (kept with ``auras`` by primitives.register): power() and
        # max_hp() run half a million times a run and only need these
        self.power_auras: list[Unit] = []
        self.hp_auras: list[Unit] = []
        self.watchers: dict[EventKind, list[Unit]] = {}  # units with triggers on other cards' events
        self.tally = Tally()
        self.policy = None
        self.active = 0                    # the player resolving the Combat phase
        self.serial = 0
        self.lost_round: int | None = None
        self.won = False
        self.purchase_open = False
        self.pending = None                # the damage event being resolved (prevent / redirect)
        # debugging aid: a callable taking one line of text (``runner.trace_game``); None in Monte
        # Carlo runs, so every trace point costs one attribute test
        self.trace = None

    @property
    def base_alive(self) -> bool:
        return self.rules.training or self.base_hp > 0

    def lane_units(self, lane: int):
        p = self.players[lane]
        return p.troops, p.enemies
