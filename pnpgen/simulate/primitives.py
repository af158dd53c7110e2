"""The only functions that change a game: every rule and every card effect goes through these.

draw, shuffle, gain_resources, buy, deploy_troop, equip, place_enemy, reveal, deal_damage,
damage_base, heal, heal_to, kill, remove, discard_unit, burn_unit, burn_card, advance, move_to_back,
reverse_lane, draw_enemy, draw_enemies. Events are fired through ``g.triggers`` (the executor's
``TRIGGERS``: the effects they run call these functions again, so this module does not import the
executor); randomness comes only from ``g.rng``.
"""

from __future__ import annotations

from typing import Any

from pnpgen.simulate.cards import CardDef, merged_effects
from pnpgen.simulate.query import _fast_mod, amount, matches, max_hp, mod_plans, _ctx
from pnpgen.simulate.state import GameOver, GameState, Player, Unit
from pnpgen.simulate.constants import (
    EVENT_ADVANCES, EVENT_DAMAGED, EVENT_DEALS_DAMAGE, EVENT_KILLED, EVENT_KILLS, EVENT_REVEAL, EVENT_STATIC,
    EVENT_WOULD_BE_DAMAGED, EVENT_WOULD_BE_KILLED, SELECT_SELF, VERB_MODIFY_STAT, VERB_REDUCE_DAMAGE_TAKEN,
    VERB_UNPREVENTABLE,
)


class DamageEvent:
    """Damage about to be dealt: prevention, redirection and increases change ``amount``."""

    __slots__ = ("target", "amount", "source", "ability", "reveal", "attack")

    def __init__(self, target: Unit, amount: int, source: Unit | None, ability: bool, reveal: bool,
                 attack: bool) -> None:
        self.target = target
        self.amount = amount
        self.source = source
        self.ability = ability      # dealt by an ability or item (not a Fight attack)
        self.reveal = reveal        # dealt by a Reveal ability
        self.attack = attack


# --- piles ---------------------------------------------------------------------------------------

def shuffle(rng, cards: list) -> None:
    """Shuffle in place: sort by one ``rng.random()`` key per card (a uniform permutation; the keys
    are drawn in the cards' current order, so the result depends only on the seed). About 4x faster
    than ``Random.shuffle``, which costs a Python-level call per card."""
    n = len(cards)
    if n > 1:
        rand = rng.random
        keys = [rand() for _ in range(n)]
        # indices sorted by key, ties by index (sort is stable): the same order as sorting
        # (key, index) pairs, without building the pairs
        cards[:] = [cards[i] for i in sorted(range(n), key=keys.__getitem__)]


def draw(g: GameState, p: Player, n: int) -> int:
    """Draw ``n`` cards; an empty deck is rebuilt by shuffling the discard pile (Draw Phase)."""
    drawn = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck, p.discard = p.discard, []
            shuffle(g.rng, p.deck)
        p.hand.append(p.deck.pop())
        drawn += 1
    return drawn


def gain_resources(g: GameState, p: Player, n: int) -> None:
    p.resources += n


def draw_enemies(g: GameState, wave: int, n: int) -> list[CardDef]:
    """``n`` cards drawn one by one with ``draw_enemy`` (fewer when the deck and its discard run out),
    taken off the end of the deck in one slice while it holds enough."""
    deck = g.enemy_decks[wave]
    if len(deck) >= n:
        drawn = deck[len(deck) - n:]
        del deck[len(deck) - n:]
        drawn.reverse()  # the top card (the end of the list) is drawn first
        return drawn
    drawn = []
    for _ in range(n):
        card = draw_enemy(g, wave)
        if card is None:
            break
        drawn.append(card)
    return drawn


def draw_enemy(g: GameState, wave: int) -> CardDef | None:
    """Top card of a Wave's encounter deck; an empty deck is rebuilt from its discard (PnP sheet)."""
    deck = g.enemy_decks[wave]
    if not deck:
        pile = g.enemy_discards[wave]
        if not pile:
            return None
        deck.extend(pile)
        pile.clear()
        shuffle(g.rng, deck)
    return deck.pop()


def buy(g: GameState, p: Player, pool: list[CardDef], card: CardDef, cost: int, refill: list[CardDef]) -> None:
    """Pay ``cost``, put the card in hand and refill its pool slot from ``refill`` (PnP sheet)."""
    p.resources -= cost
    i = pool.index(card)
    if refill:
        pool[i] = refill.pop()
    else:
        del pool[i]
    p.hand.append(card)
    g.tally.bought[card.id] += 1
    if g.trace:
        g.trace(f"P{p.index} buys {card.id} for {cost} ({p.resources} left)")


def burn_card(g: GameState, pile: list[CardDef], card: CardDef) -> None:
    """Burn: the card goes back to the box for the rest of the game."""
    pile.remove(card)
    g.burned.append(card)


# --- units entering and leaving lanes ---------------------------------------------------------

def register(g: GameState, u: Unit) -> None:
    """Index the unit's effects (printed + equipment) and its auras / watchers.

    Auras of face-down enemies are not indexed: a face-down card's text is not in play until it is
    revealed (``reveal`` registers the unit again)."""
    if u.indexed:
        unregister(g, u)
    card = u.card
    if u.converted:
        u.base_power = card.power + sum(e.boost_power for e in u.equipment)
        u.base_hp = card.hp + sum(e.boost_hp for e in u.equipment)
        u.fx = {}
        u.mods = ()
        u.statics = {}
        u.aura_mods = ()
        u.mod_plans = u.aura_plans = ()
        u.aura_verbs = frozenset()
        u.use_verbs = frozenset()
        return
    equipment = u.equipment
    fields = _unit_fields(card, equipment) if equipment else unit_template(card)
    (u.base_power, u.base_hp, u.fx, u.mods, u.statics, u.aura_mods, u.mod_plans, u.aura_plans,
     u.aura_verbs, u.use_verbs, index) = fields
    _index(g, u, index)


def _index(g: GameState, u: Unit, index: Any) -> None:
    """List the unit among the game's auras (when face up) and watchers, as its effect index says."""
    if index.aura and u.face_up:
        g.auras.append(u)
        if index.aura_power:
            g.power_auras.append(u)
        if index.aura_hp:
            g.hp_auras.append(u)
        u.indexed = True
    for ev in index.watch:
        lst = g.watchers.setdefault(ev, [])
        # enemies first, so that triggers resolve in the Simultaneous Effects order without sorting
        if u.is_enemy:
            lst.insert(0, u)
        else:
            lst.append(u)
        u.indexed = True


def unit_template(card: CardDef) -> tuple:
    """``_unit_fields(card, ())``, once per card: every unit of a card without equipment starts so."""
    fields = _TEMPLATES.get(card)
    if fields is None:
        fields = _TEMPLATES[card] = _unit_fields(card, ())
    return fields


# card -> _unit_fields(card, ()): every unit of a card without equipment gets the same values
_TEMPLATES: dict = {}


def _unit_fields(card: CardDef, equipment: Any) -> tuple:
    """What ``register`` sets on a unit of ``card`` carrying ``equipment`` (and the effect index).
    ``register`` and ``Unit.__init__`` unpack this tuple by position: change the three together."""
    if equipment:
        fx, mods, index = merged_effects(card, equipment)
        base_power = card.power + sum(e.boost_power for e in equipment)
        base_hp = card.hp + sum(e.boost_hp for e in equipment)
    else:
        fx, mods, index = card.by_event, card.self_mods, card.index
        base_power, base_hp = card.power, card.hp
    return (base_power, base_hp, fx, mods, index.statics, index.aura_mods,
            mod_plans(mods) if mods else (), mod_plans(index.aura_mods) if index.aura_mods else (),
            index.aura_verbs, index.use_verbs, index)


def unregister(g: GameState, u: Unit) -> None:
    if not u.indexed:
        return
    u.indexed = False
    if u in g.auras:
        g.auras.remove(u)
        if u in g.power_auras:
            g.power_auras.remove(u)
        if u in g.hp_auras:
            g.hp_auras.remove(u)
    for lst in g.watchers.values():
        if u in lst:
            lst.remove(u)


def new_unit(g: GameState, card: CardDef, owner: int, lane: int, is_enemy: bool) -> Unit:
    g.serial += 1
    return Unit(card, owner, lane, is_enemy, g.serial)


def deploy_troop(g: GameState, p: Player, card: CardDef, lane: int, position: int | None = None) -> Unit:
    """Deploy a troop from ``p``'s hand into a zone of any lane; the lane's player becomes owner."""
    p.hand.remove(card)
    g.serial += 1
    fields = unit_template(card)
    u = Unit(card, lane, lane, False, g.serial, fields)
    troops = g.players[lane].troops
    troops.insert(len(troops) if position is None else position, u)
    _index(g, u, fields[-1])  # register() for a new unit: its fields are set
    g.tally.deployed[card.id] += 1
    return u


def equip(g: GameState, p: Player, card: CardDef, u: Unit) -> None:
    """Equip an equipment card from ``p``'s hand to troop ``u``."""
    p.hand.remove(card)
    u.equipment.append(card)
    register(g, u)
    g.tally.deployed[card.id] += 1


def place_enemy(g: GameState, lane: int, card: CardDef, face_up: bool = False, front: bool = False,
                owner: int = -1, converted: bool = False, unit: Unit | None = None) -> Unit:
    """Put an enemy card into an Enemy lane (behind the last enemy unless ``front``; no limit)."""
    fields = unit_template(card) if unit is None and not converted else None  # a new, plain enemy
    if unit is None:
        g.serial += 1
        unit = Unit(card, owner, lane, True, g.serial, fields)
    else:  # a troop becoming an enemy keeps its card and owner
        unit.is_enemy = True
        unit.lane = lane
        unit.in_play = True
    unit.face_up = face_up
    unit.converted = converted or unit.converted
    enemies = g.players[lane].enemies
    if front:
        enemies.insert(0, unit)
    else:
        enemies.append(unit)
    if fields is not None:
        _index(g, unit, fields[-1])  # register() for a new unit: its fields are set
    else:
        register(g, unit)
    return unit


def reveal(g: GameState, u: Unit) -> None:
    """Flip an enemy face-up and resolve its Reveal ability (unless a card cancels it)."""
    if u.face_up:
        return
    u.face_up = True
    if g.trace:
        g.trace(f"  reveal {u.card.id} in lane {u.lane}")
    if EVENT_STATIC in u.fx:
        register(g, u)  # its continuous effects come into play
    for eff in u.fx.get(EVENT_STATIC, ()):
        for act in eff.actions:
            if act.verb is VERB_MODIFY_STAT and act.snapshot is EVENT_REVEAL:
                u.temp_power += amount(g, act.amount, _ctx(u))
    if EVENT_REVEAL in u.fx:
        g.triggers.reveal_window(g, u)
        if not u.cancel_reveal:
            g.triggers.fire(g, EVENT_REVEAL, u)


def lane_of(g: GameState, u: Unit) -> list[Unit]:
    p = g.players[u.lane]
    return p.enemies if u.is_enemy else p.troops


def remove(g: GameState, u: Unit) -> None:
    """Take a unit out of its lane; the card that moves up to the front *advances*."""
    if not u.in_play:
        return
    p = g.players[u.lane]
    lane = p.enemies if u.is_enemy else p.troops
    i = lane.index(u)
    del lane[i]
    u.in_play = False
    if u.indexed:
        unregister(g, u)
    if i == 0 and lane:
        front = lane[0]
        if EVENT_ADVANCES in front.fx or EVENT_ADVANCES in g.watchers:
            g.triggers.fire(g, EVENT_ADVANCES, front)


def discard_unit(g: GameState, u: Unit) -> None:
    """Discard a lane card: troops (and equipment) to the owner's discard, enemies to the encounter
    discard of their Wave; Bosses return to the set-aside Boss pile (see docs in runner)."""
    if u.in_play:
        remove(g, u)
    card = u.card
    if u.is_enemy and not u.converted and u.owner < 0:
        wave = card.wave or g.wave
        (g.bosses if card.boss else g.enemy_discards)[wave].append(card)
    else:
        pile = g.players[u.owner].discard
        pile.append(card)
        pile.extend(u.equipment)
    u.equipment = []
    u.lane = -1


def burn_unit(g: GameState, u: Unit) -> None:
    """Burn a lane card; its equipment goes to the owner's discard."""
    if g.trace:
        g.trace(f"  burn {u.card.id}")
    remove(g, u)
    g.burned.append(u.card)
    if u.owner >= 0 and u.equipment:
        g.players[u.owner].discard.extend(u.equipment)
    u.equipment = []
    u.lane = -1


def advance(g: GameState, u: Unit) -> None:
    """Advance: move the card to the front of its lane, pushing the others back."""
    lane = lane_of(g, u)
    if lane and lane[0] is not u:
        lane.remove(u)
        lane.insert(0, u)
        g.triggers.fire(g, EVENT_ADVANCES, u)


def move_to_back(g: GameState, u: Unit) -> None:
    lane = lane_of(g, u)
    lane.remove(u)
    lane.append(u)
    if lane[0] is not u and (EVENT_ADVANCES in lane[0].fx or EVENT_ADVANCES in g.watchers):
        g.triggers.fire(g, EVENT_ADVANCES, lane[0])


def reverse_lane(g: GameState, lane: list[Unit]) -> None:
    lane.reverse()


# --- damage -----------------------------------------------------------------------------------

def deal_damage(g: GameState, target: Unit, n: int, source: Unit | None = None, ability: bool = False,
                by_reveal: bool = False, attack: bool = False) -> int:
    """Put ``n`` damage on a unit after reductions and prevention; kill it at damage >= HP.

    Rulebook, Additional Rules: a face-down enemy is first flipped and its Reveal resolved.
    Returns the damage actually dealt.
    """
    if n <= 0 or not target.in_play:
        return 0
    fx = target.fx
    watchers = g.watchers
    if target.is_enemy:
        if not target.face_up:
            reveal(g, target)
            if not target.in_play:
                return 0
        for aura in g.auras:
            # damage reductions are looked up only when some aura has one
            if VERB_REDUCE_DAMAGE_TAKEN in aura.aura_verbs:
                n -= reductions(g, target)
                break
        if EVENT_WOULD_BE_DAMAGED in fx or EVENT_WOULD_BE_DAMAGED in watchers:
            ev = DamageEvent(target, n, source, ability, by_reveal, attack)
            g.triggers.before_damage(g, ev)  # replacement effects
            n = ev.amount
    elif EVENT_WOULD_BE_DAMAGED in fx or EVENT_WOULD_BE_DAMAGED in watchers:
        ev = DamageEvent(target, n, source, ability, by_reveal, attack)
        g.triggers.before_damage(g, ev)  # replacement effects, and the players' prevention
        n = ev.amount
    elif source is None or not source.fx or VERB_UNPREVENTABLE not in source.statics:
        # before_damage with no replacement effect: only the players' prevention. A policy
        # that prevents lethal hits only (``lethal_prevent_only``) is not asked about the others.
        policy = g.policy
        if not (policy.lethal_prevent_only and target.damage + n < (
                max_hp(g, target) if target.mods or g.hp_auras else target.base_hp)):
            ev = DamageEvent(target, n, source, ability, by_reveal, attack)
            pending, g.pending = g.pending, ev
            try:
                policy.prevent(g, ev)
            finally:
                g.pending = pending
            n = ev.amount
    if n <= 0 or not target.in_play:
        return 0
    target.damage += n
    if g.trace:
        g.trace(f"  {target.card.id} takes {n} from {source.card.id if source else '-'}"
                f"{' (ability)' if ability else ''} -> {target.damage}/{max_hp(g, target)}")
    if source is not None and EVENT_DEALS_DAMAGE in source.fx:
        g.triggers.fire(g, EVENT_DEALS_DAMAGE, source, obj=target, damage=n)
    if EVENT_DAMAGED in fx or EVENT_DAMAGED in watchers:
        g.triggers.fire(g, EVENT_DAMAGED, target, obj=source, damage=n)
    if target.in_play and target.damage >= (
            max_hp(g, target) if target.mods or g.hp_auras else target.base_hp):
        kill(g, target, source)
    return n


_REDUCTIONS: dict[int, tuple] = {}


def reductions(g: GameState, u: Unit) -> int:
    """The damage taken by ``u`` that auras reduce: the sum of ``amount`` over
    ``aura_actions(g, REDUCE_DAMAGE_TAKEN, u)``, with each aura's actions listed once per effect
    tuple and constant ones (``query._fast_mod``: a plain amount, no wave gate or condition, ALL
    units of one side in the aura's lane) added without a context or ``matches``."""
    total = 0
    wave = g.wave
    for src in g.auras:
        if VERB_REDUCE_DAMAGE_TAKEN not in src.aura_verbs:
            continue
        statics = src.fx.get(EVENT_STATIC, ())
        hit = _REDUCTIONS.get(id(statics))
        if hit is None or hit[0] is not statics:
            hit = _REDUCTIONS[id(statics)] = (statics, tuple(
                (eff, act, _fast_mod(eff, act)) for eff in statics for act in eff.actions
                if act.verb is VERB_REDUCE_DAMAGE_TAKEN and act.target is not None and act.target.selector is not SELECT_SELF))
        c = None
        for eff, act, fast in hit[1]:
            if fast is not None:
                if u.is_enemy == fast[0] and u.lane == src.lane and not (fast[1] and u is src):
                    total += fast[2] + fast[3] * wave
                continue
            if eff.wave is not None and not eff.wave.allows(wave):
                continue
            if c is None:
                c = _ctx(src)
            if matches(g, act.target, u, c):
                total += amount(g, act.amount, _ctx(src))
    return total


def damage_base(g: GameState, n: int, source: Unit | None) -> None:
    """The Base suffers damage; at 0 HP the game is lost at once (training: only counted)."""
    if n <= 0:
        return
    g.base_damage += n
    if g.trace:
        left = f"{g.base_damage} damage in all" if g.rules.training else f"{max(0, g.base_hp - n)} HP left"
        g.trace(f"  BASE takes {n} from {source.card.id if source else '-'} -> {left}")
    if source is not None:
        g.tally.base_damage_by[source.card.id] += n
    if not g.rules.training:
        g.base_hp -= n
        if g.base_hp <= 0:
            g.base_hp = 0
            raise GameOver


def heal(g: GameState, u: Unit, n: int) -> None:
    u.damage = max(0, u.damage - n)


def heal_to(g: GameState, u: Unit, hp_left: int) -> None:
    """Set damage so that ``hp_left`` HP remain (a huge value heals fully)."""
    u.damage = max(0, max_hp(g, u) - hp_left)


def kill(g: GameState, u: Unit, killer: Unit | None = None) -> None:
    """Kill a unit: replacement effects may stop it; otherwise it leaves the lane, kill triggers
    resolve (enemy abilities first) and it is discarded unless an effect moved or burned it."""
    if not u.in_play:
        return
    watchers = g.watchers
    fx = u.fx
    if (EVENT_WOULD_BE_KILLED in fx or EVENT_WOULD_BE_KILLED in watchers) and g.triggers.replace_kill(g, u, killer):
        return
    remove(g, u)
    if g.trace:
        g.trace(f"  {'enemy' if u.is_enemy else 'troop'} {u.card.id} killed by {killer.card.id if killer else '-'}")
    tally = g.tally
    if u.is_enemy:
        g.players[u.lane].kills_this_round += 1
        if killer is not None:
            tally.kills[killer.card.id] += 1
    else:
        tally.deaths[u.card.id] += 1
    killed = EVENT_KILLED in u.fx or EVENT_KILLED in watchers
    kills = killer is not None and (EVENT_KILLS in killer.fx or EVENT_KILLS in watchers)
    if killer is not None and killer.is_enemy:
        own = u.fx.get(EVENT_KILLED, ())  # kept: the enemy's effect may turn u into an enemy
        if kills:
            g.triggers.fire(g, EVENT_KILLS, killer, obj=u)
        if killed or own:
            g.triggers.fire(g, EVENT_KILLED, u, obj=killer, own=own)
    else:
        if killed:
            g.triggers.fire(g, EVENT_KILLED, u, obj=killer)
        if kills:
            g.triggers.fire(g, EVENT_KILLS, killer, obj=u)
    if not u.in_play and u.lane >= 0:
        discard_unit(g, u)
