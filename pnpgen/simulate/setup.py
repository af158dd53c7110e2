"""Set-Up: the card pools of a simulation (built once) and a fresh game state (built per game).

Rulebook "Set-Up" with the print-and-play changes (000 sheet, first lines): Hive enemies with Bosses
set aside per Wave, no weather, a shuffled item deck with a pool of 6, one shuffled troop deck per
Wave (its pool of 3 opens at the start of that Wave), legendary cards shuffled in with the rest,
10-card starting decks. Divisions are not used (their cards are not in the print-and-play data).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from pnpgen.simulate.cards import CardDef, compile_cards
from pnpgen.simulate.compiled import compile_card
from pnpgen.simulate.executor import TRIGGERS
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.primitives import shuffle
from pnpgen.simulate.state import GameState


class SetupError(ValueError):
    """The card data lacks something a game cannot start without."""


@dataclass(frozen=True)
class CardPools:
    """Every card of a simulation, compiled once, sorted into the piles Set-Up builds."""

    starting: tuple[CardDef, ...]                 # one player's starting deck (with repeats)
    troops: tuple[tuple[CardDef, ...], ...]       # index = wave (0 unused)
    items: tuple[CardDef, ...]
    enemies: tuple[tuple[CardDef, ...], ...]      # non-Boss enemies by wave
    bosses: tuple[tuple[CardDef, ...], ...]
    xenosathem: dict[int, CardDef]                # resource value -> card
    cards: tuple[CardDef, ...]                    # distinct cards (for statistics)


def build_pools(cards: Iterable[Any], rules: Rules, extra_cards: Iterable[Any] = (), parse: bool = True) -> CardPools:
    """Sort spec cards (and an expansion's ``extra_cards``) into the Set-Up piles."""
    defs = compile_cards(list(cards) + list(extra_cards), parse=parse)
    for d in defs:
        compile_card(d)  # effect plans made here, once, not at the first resolution in a game
    by_id = {d.id: d for d in defs}
    waves = rules.waves
    troops: list[list[CardDef]] = [[] for _ in range(waves + 1)]
    enemies: list[list[CardDef]] = [[] for _ in range(waves + 1)]
    bosses: list[list[CardDef]] = [[] for _ in range(waves + 1)]
    items: list[CardDef] = []
    xeno: dict[int, CardDef] = {}
    for d in defs:
        if d.incomplete and not d.starter:
            continue  # unknown cost/Power/HP or item kind: left out (listed in SimulationStats.excluded_cards)
        if d.is_xeno:
            xeno.setdefault(d.value, d)
        elif d.is_enemy and 1 <= d.wave <= waves:
            (bosses if d.boss else enemies)[d.wave].extend([d] * d.copies)
        elif d.is_item and d.purchasable:
            items.extend([d] * d.copies)
        elif d.is_troop and d.purchasable and 1 <= d.wave <= waves:
            troops[d.wave].extend([d] * d.copies)
    starting: list[CardDef] = []
    for card_id, n in rules.starting_deck:
        card = by_id.get(card_id) or _starting_fallback(defs, card_id)
        if card is None:
            raise SetupError(f"starting deck card {card_id!r} is not in the card data")
        starting.extend([card] * n)
    for value in rules.xenosathem_per_wave:
        if value not in xeno:
            raise SetupError(f"no '{value} Xenosathem' card in the card data (Draw Phase needs it)")
    if not any(enemies[1:]):
        raise SetupError("no enemy cards in the card data")
    return CardPools(tuple(starting), tuple(map(tuple, troops)), tuple(items), tuple(map(tuple, enemies)),
                     tuple(map(tuple, bosses)), xeno, tuple(defs))


def _starting_fallback(defs: list[CardDef], card_id: str) -> CardDef | None:
    """A starting card named differently: "N-xenosathem" by value, else the starter troop."""
    if "xenosathem" in card_id:
        digits = "".join(ch for ch in card_id if ch.isdigit())
        return next((d for d in defs if d.is_xeno and str(d.value) == digits), None)
    return next((d for d in defs if d.is_troop and d.starter), None)


def new_game(pools: CardPools, rules: Rules, players: int, rng: random.Random) -> GameState:
    """A game ready for its first Draw Phase: decks shuffled, pools revealed, Base HP set."""
    g = GameState(rules, players, rng, TRIGGERS)
    g.xeno_supply = pools.xenosathem
    for p in g.players:
        p.deck = list(pools.starting)
        shuffle(rng, p.deck)
    for w in range(1, rules.waves + 1):
        g.enemy_decks[w] = list(pools.enemies[w])
        shuffle(rng, g.enemy_decks[w])
        g.bosses[w] = list(pools.bosses[w])
        g.troop_decks[w] = list(pools.troops[w])
        shuffle(rng, g.troop_decks[w])
    g.item_deck = list(pools.items)
    shuffle(rng, g.item_deck)
    g.item_pool = _reveal(g.item_deck, rules.item_pool_size)
    open_troop_pool(g, 1)
    g.first_player = 0  # players are interchangeable: seat 0 starts
    return g


def open_troop_pool(g: GameState, wave: int) -> None:
    """Start of a Wave: reveal the top troops of that Wave's deck (earlier pools stay)."""
    if wave < len(g.troop_decks):
        g.troop_pools[wave] = _reveal(g.troop_decks[wave], g.rules.troop_pool_size)


def _reveal(deck: list[CardDef], n: int) -> list[CardDef]:
    out = deck[-n:] if n else []
    del deck[len(deck) - len(out):]
    out.reverse()
    return out
