"""Small hand-built games for rules tests and examples: spec cards made in code, bare lane states.

``mini_cards()`` is a tiny Dreadmire-like card set (Xenosathem 1/3/6 with their upgrade texts,
Militia, Ranger, Stalker's Blade, Demolitionist, enemies and Bosses for each Wave).
``bare_game`` builds a state from it with empty hands and lanes so a test can place exactly the
cards a rule talks about.
"""

from __future__ import annotations

import random
from typing import Any

from pnpgen.simulate import primitives as P
from pnpgen.simulate.cards import CardDef, compile_cards
from pnpgen.simulate.policies import HeuristicPolicy
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.setup import build_pools, new_game
from pnpgen.simulate.state import GameState, Unit
from pnpgen.spec.model import Card

UPGRADE_1 = ("WAVE 2+: BURN 3 “1 XENOSATHEM” CARDS FROM YOUR DISCARD PILE. "
             "PLACE 1 “3 XENOSATHEM” CARD IN YOUR DISCARD PILE.")
UPGRADE_3 = ("WAVE 3: BURN 2 “3 XENOSATHEM” CARDS FROM YOUR DISCARD PILE. "
             "PLACE 1 “6 XENOSATHEM” CARD IN YOUR DISCARD PILE.")


def spec_card(card_id: str, type_: str, copies: int = 1, name: str | None = None, **fields: Any) -> Card:
    """A spec ``Card`` built in code (fields by their spec names)."""
    return Card(id=card_id, name=name or card_id.replace("-", " ").title(), type=type_, copies=copies,
                fields=fields)


def mini_cards() -> list[Card]:
    e = "enemy"
    return [
        spec_card("1-xenosathem", "xenosathem", 36, "1 Xenosathem", xenosathem_value=1, cost=0, ability=UPGRADE_1),
        spec_card("3-xenosathem", "xenosathem", 15, "3 Xenosathem", xenosathem_value=3, cost=0, ability=UPGRADE_3),
        spec_card("6-xenosathem", "xenosathem", 10, "6 Xenosathem", xenosathem_value=6, cost=0),
        spec_card("militia", "troop", 16, wave=0, cost=0, power=1, hp=2, starter=True, purchasable=False),
        spec_card("ranger", "troop", 6, wave=1, cost=2, power=2, hp=3),
        spec_card("demolitionist", "troop", 3, wave=2, cost=3, power=3, hp=4),
        spec_card("heavy", "troop", 3, wave=3, cost=6, power=6, hp=6),
        spec_card("stalkers-blade", "item", 12, "Stalker's Blade", cost=2, kind="equipment", boost_power=2),
        spec_card("grunt-1", e, 20, wave=1, boss=False, power=2, hp=2),
        spec_card("grunt-2", e, 20, wave=2, boss=False, power=4, hp=4),
        spec_card("grunt-3", e, 20, wave=3, boss=False, power=6, hp=6),
        spec_card("boss-1", e, 1, wave=1, boss=True, power=5, hp=5),
        spec_card("boss-1b", e, 1, wave=1, boss=True, power=5, hp=6),
        spec_card("boss-2", e, 2, wave=2, boss=True, power=7, hp=8),
        spec_card("boss-3", e, 2, wave=3, boss=True, power=10, hp=10),
    ]


def mini_rules(difficulty: str = "normal") -> Rules:
    return Rules.from_game({}, difficulty)


def bare_game(players: int = 1, wave: int = 1, round_no: int = 1, cards: list[Card] | None = None,
              rules: Rules | None = None, seed: int = 0, policy: Any = None) -> GameState:
    """A game at ``wave``/``round_no`` with empty hands, decks, discards and lanes."""
    rules = rules or mini_rules()
    pools = build_pools(cards or mini_cards(), rules)
    g = new_game(pools, rules, players, random.Random(seed))
    g.policy = policy or HeuristicPolicy()
    g.wave, g.round = wave, round_no
    g.round_index = (wave - 1) * rules.rounds_per_wave + round_no
    for p in g.players:
        p.deck.clear()
        p.hand.clear()
        p.discard.clear()
    return g


def card_def(card: Card) -> CardDef:
    """Compile one spec card (its ability text parsed)."""
    return compile_cards([card])[0]


def add_troop(g: GameState, lane: int, card: CardDef | Card, damage: int = 0) -> Unit:
    """Put a troop straight into a lane (behind the others) without a hand or Deployment phase."""
    card = card if isinstance(card, CardDef) else card_def(card)
    u = P.new_unit(g, card, lane, lane, False)
    u.damage = damage
    g.players[lane].troops.append(u)
    P.register(g, u)
    return u


def add_enemy(g: GameState, lane: int, card: CardDef | Card, face_up: bool = False) -> Unit:
    card = card if isinstance(card, CardDef) else card_def(card)
    return P.place_enemy(g, lane, card, face_up=face_up)
