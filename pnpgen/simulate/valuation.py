"""How much a card is worth against the enemies of a Wave: the numbers the heuristic player buys by.

Not rules: estimates. A troop's worth is the Base damage it is expected to prevent in one Combat
phase: it fights the front enemy (a card drawn from the Wave's encounter deck), Fight after Fight
until one side dies (rulebook 001 "Fight"); killing the enemy prevents its Power from reaching the
Base, and a survivor fights the next enemy with the damage it kept. Wounding without killing is
worth a share of the enemy's Power (the next troop finishes it). Equipment is worth what its boosts
add to a carrier; an instant that deals damage is worth the enemies it would kill.

Everything is computed from card numbers (Power, HP, boosts, costs), once per (stats, Wave), and
cached by the ``Threats`` object of a policy.
"""

from __future__ import annotations

from functools import lru_cache

from pnpgen.effects.model import Verb
from pnpgen.simulate.cards import CardDef
from pnpgen.simulate.state import GameState
from pnpgen.simulate.constants import VERB_DEAL_DAMAGE, VERB_HEAL, VERB_MODIFY_STAT, VERB_PREVENT_DAMAGE


ABILITY_BONUS = 1.0   # a printed ability: worth about one point of prevented damage
WOUND_SHARE = 0.5     # damage dealt to an enemy that survives: half of it pays off later
CHAIN = 3             # enemies a surviving troop may go on to fight in one Combat phase
_SHARED: dict = {}


def threats_of(g: GameState) -> Threats:
    """The ``Threats`` of a game's encounter decks, shared by every game with the same enemy cards.

    Looked up first by which card objects are where (a multiset per Wave: no reading of numbers,
    once per game), then by ``enemy_mix``, which is what the numbers depend on."""
    quick = _quick_mix(g)
    t = _QUICK.get(quick)
    if t is None:
        key = enemy_mix(g)
        t = _SHARED.get(key)
        if t is None:
            t = _SHARED[key] = Threats(dict(key))
        _QUICK[quick] = t
    return t


_QUICK: dict = {}


def _quick_mix(g: GameState) -> tuple:
    """A key that determines ``enemy_mix(g)``: the non-converted enemy cards of each Wave, sorted by
    identity (a multiset of card objects: ``enemy_mix`` keeps the non-Boss ones and reads their
    numbers). The key holds the cards, so no identity is reused while it is kept."""
    lanes = [u.card for p in g.players for u in p.enemies if u.owner < 0]
    out = []
    for w in range(1, g.rules.waves + 1):
        cards = g.enemy_decks[w] + g.enemy_discards[w]
        if lanes:
            cards += [c for c in lanes if c.wave == w]
        cards.sort(key=id)
        out.append(tuple(cards))
    return tuple(out)


def enemy_mix(g: GameState) -> tuple:
    """((wave, ((HP, Power), ...)), ...): the non-Boss enemies of each Wave, wherever they are now."""
    out = []
    for w in range(1, g.rules.waves + 1):
        cards = list(g.enemy_decks[w]) + list(g.enemy_discards[w])
        cards += [u.card for p in g.players for u in p.enemies if u.owner < 0 and u.card.wave == w]
        out.append((w, tuple(sorted((max(1, c.hp), c.power) for c in cards if not c.boss)) or ((1, 1),)))
    return tuple(out)


class Threats:
    """The enemies of each Wave as (HP, Power) pairs, and card values against them (cached)."""

    __slots__ = ("by_wave", "_cache", "_fitted", "_plain")

    def __init__(self, by_wave: dict[int, tuple[tuple[int, int], ...]]) -> None:
        self.by_wave = by_wave
        self._cache: dict = {}
        # card values by what they depend on besides the card: (wave, carrier) -> {equipment card:
        # value}, wave -> {any other card: value}. A caller in a hot loop takes the dict once and
        # reads it without a call or a key tuple per card
        self._fitted: dict[tuple, dict] = {}
        self._plain: dict[int, dict] = {}

    def troop(self, power: int, hp: int, wave: int) -> float:
        """Expected Base damage prevented by a troop of ``power``/``hp`` with ``hp`` left."""
        key = (power, hp, wave)
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = _chain(power, hp, self.by_wave[wave], CHAIN)
        return v

    def card(self, card: CardDef, wave: int, carrier: tuple[int, int] | None = None) -> float:
        """Worth of buying ``card`` now. ``carrier``: (Power, HP) of the troop equipment would go on."""
        values = self.cache_of(card, wave, carrier)
        v = values.get(card)
        if v is None:
            v = values[card] = self._card(card, wave, carrier)
        return v

    def cache_of(self, card: CardDef, wave: int, carrier: tuple[int, int] | None = None) -> dict:
        """The dict that keeps ``card(card, wave, carrier)`` once it is computed."""
        return self.fitted(wave, carrier) if card.equipment else self.plain(wave)

    def plain(self, wave: int) -> dict:
        """{card: ``card(card, wave)``} of the non-equipment cards valued so far in ``wave``."""
        values = self._plain.get(wave)
        if values is None:
            values = self._plain[wave] = {}
        return values

    def fitted(self, wave: int, carrier: tuple[int, int] | None) -> dict:
        """{card: ``card(card, wave, carrier)``} of the equipment cards valued so far for ``carrier``."""
        key = (wave, carrier)
        values = self._fitted.get(key)
        if values is None:
            values = self._fitted[key] = {}
        return values

    def _card(self, card: CardDef, wave: int, carrier: tuple[int, int] | None) -> float:
        if card.is_troop:
            return self.troop(card.power, card.hp, wave) + (ABILITY_BONUS if card.effects else 0.0)
        if not card.is_item:
            return 0.0
        if card.kind == "equipment":
            p, h = carrier or (2, 3)
            bp, bh = card.boost_power + _wave_boost(card, VERB_MODIFY_STAT, wave, "power"),\
                card.boost_hp + _wave_boost(card, VERB_MODIFY_STAT, wave, "hp")
            gain = self.troop(p + bp, h + bh, wave) - self.troop(p, h, wave)
            return gain + (ABILITY_BONUS if card.effects else 0.0)
        return self.instant(card, wave)

    def instant(self, card: CardDef, wave: int) -> float:
        dmg = sum(_amount(a, wave) for e in card.hand_effects for a in e.actions if a.verb is VERB_DEAL_DAMAGE)
        enemies = self.by_wave[wave]
        v = 0.0
        if dmg:
            v += sum(p if hp <= dmg else p * dmg / hp * WOUND_SHARE for hp, p in enemies) / len(enemies)
        if any(a.verb in (VERB_PREVENT_DAMAGE, VERB_HEAL) for e in card.hand_effects for a in e.actions):
            v += ABILITY_BONUS * (1 + wave) / 2
        return v + 0.5 * ABILITY_BONUS


def _amount(act, wave: int) -> int:
    a = act.amount
    if a is None:
        return 0
    return a.value + a.wave * wave


def _wave_boost(card: CardDef, verb: Verb, wave: int, stat: str) -> int:
    """Continuous "THIS TROOP GAINS (W) POWER/HP" texts of equipment, read as boosts."""
    n = 0
    for eff, act in card.self_mods:
        if act.stat is not None and stat in act.stat.value and (eff.wave is None or eff.wave.allows(wave))\
                and eff.condition is None and act.amount is not None and act.amount.per is None:
            n += act.amount.value + act.amount.wave * wave
    return n


@lru_cache(maxsize=None)
def _chain(power: int, hp: int, enemies: tuple[tuple[int, int], ...], depth: int) -> float:
    """Average over the front enemy of: prevented Power, plus what the survivor does next."""
    if power <= 0 or hp <= 0 or depth <= 0:
        return 0.0
    total = 0.0
    for ehp, ep in enemies:
        to_kill = -(-ehp // power)
        to_die = -(-hp // ep) if ep > 0 else 99
        if to_kill <= to_die:
            left = hp - to_kill * ep
            total += ep + (_chain(power, left, enemies, depth - 1) if left > 0 else 0.0)
        else:
            total += ep * min(1.0, to_die * power / ehp) * WOUND_SHARE
    return total / len(enemies)
