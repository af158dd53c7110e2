"""The six phases of a Round (rulebook "The Game Round") and the Wave tracker.

Draw, Purchase, NorTec Deployment, Enemy Deployment (Dreadmire method), Combat (``combat``) and
Wrap-Up. Decisions (what to buy, where to deploy, what to discard) are asked of ``g.policy``; the
helpers here say what is legal.
"""

from __future__ import annotations

from pnpgen.simulate import executor as X
from pnpgen.simulate import primitives as P
from pnpgen.simulate.cards import CardDef
from pnpgen.simulate.combat import combat_phase
from pnpgen.simulate.query import Ctx, available
from pnpgen.simulate.setup import open_troop_pool
from pnpgen.simulate import trace as T
from pnpgen.simulate.state import GameState, Player, Unit
from pnpgen.simulate.constants import (
    EVENT_STATIC, EVENT_USE, KIND_ITEM, KIND_TROOP, VERB_BURN, VERB_CANNOT_EQUIP, VERB_DISCARD,
    VERB_GAIN_RESOURCES, VERB_REDUCE_COST,
)


def play_round(g: GameState) -> None:
    if g.trace:
        g.trace(f"=== Wave {g.wave} Round {g.round} (game round {g.round_index}), Base HP {g.base_hp}, "
                f"First Player {g.first_player}")
    draw_phase(g)
    purchase_phase(g)
    deployment_phase(g)
    enemy_deployment_phase(g)
    combat_phase(g)
    wrap_up_phase(g)


# --- 1. Draw ---------------------------------------------------------------------------------

def draw_phase(g: GameState) -> None:
    """Refill hands to 6 (reshuffling the discard when needed), then +1 Xenosathem of the Wave."""
    xeno = g.xeno_supply[g.rules.xenosathem_per_wave[g.wave - 1]]
    for p in g.players:
        P.draw(g, p, g.rules.hand_size - len(p.hand))
        p.hand.append(xeno)
        p.kills_this_round = 0
        for u in p.troops:
            if u.used:
                u.used.clear()
        if g.trace:
            g.trace(f"draw P{p.index}: hand [{T.cards_text(p.hand)}] deck {len(p.deck)} discard {len(p.discard)}")


# --- 2. Purchase -----------------------------------------------------------------------------

def purchase_phase(g: GameState) -> None:
    g.purchase_open = True
    for p in g.players:
        p.resources = 0
        p.discounts = []
        g.policy.purchase(g, p)
        if g.trace and p.resources:
            g.trace(f"P{p.index} loses {p.resources} unspent Resources")
        p.resources = 0  # unspent Resources are lost at the end of the Purchase Phase
        p.discounts = []
    g.purchase_open = False


def spend_xenosathem(g: GameState, p: Player, cards: list[CardDef]) -> None:
    """Use Xenosathem cards from hand: they go to the discard pile and add their value."""
    for c in cards:
        p.hand.remove(c)
        p.discard.append(c)
        P.gain_resources(g, p, c.value)


def market(g: GameState, max_cost: int | None = None) -> list[tuple[list[CardDef], list[CardDef], CardDef]]:
    """(pool, refill deck, card) for every card that may be bought now (troop pools up to the Wave),
    in market order; only the cards costing at most ``max_cost`` when it is given."""
    wave = g.wave
    top = _NO_LIMIT if max_cost is None else max_cost
    pool, deck = g.item_pool, g.item_deck
    out = []
    for c in pool:  # loops, not comprehensions: this runs at every purchase plan
        if c.cost <= top:
            out.append((pool, deck, c))
    pools, decks = g.troop_pools, g.troop_decks
    for w in range(1, wave + 1):
        pool = pools[w]
        for c in pool:
            if c.cost <= top and c.wave <= wave:
                out.append((pool, decks[w], c))
    return out


_NO_LIMIT = float("inf")


def discount_options(g: GameState, p: Player, card: CardDef) -> list[X.Option]:
    """Hand cards whose effect reduces the cost of ``card`` (e.g. Militia, Wave 2+)."""
    out = []
    for c in p.hand:
        for eff in c.discount_effects:
            if available(g, eff, None) and discount_applies(eff, card):
                out.append(X.Option(p.index, c, None, eff))
    return out


_APPLIES: dict = {}


def discount_applies(eff, card: CardDef) -> bool:
    """Whether a discount effect may reduce ``card``'s cost (cached: effects and cards never change)."""
    key = (id(eff), card)
    hit = _APPLIES.get(key)
    if hit is None:
        hit = _APPLIES[key] = _discount_applies(eff, card)
    return hit


def _discount_applies(eff, card: CardDef) -> bool:
    wanted = eff.trigger.object
    if wanted is None:
        wanted = next((a.target for a in eff.actions if a.verb is VERB_REDUCE_COST and a.target), None)
    if wanted is None:
        return True
    if wanted.kind is KIND_TROOP and not card.is_troop:
        return False
    if wanted.kind is KIND_ITEM and not card.is_item:
        return False
    if wanted.wave is not None and (card.wave < wanted.wave if wanted.wave_plus else card.wave != wanted.wave):
        return False
    return True


def resource_options(g: GameState, p: Player) -> list[X.Option]:
    """From-hand effects that gain Resources (e.g. "DISCARD THIS CARD TO GAIN (W)+2 RESOURCES")."""
    return [o for o in X.options(g, _GAIN) if o.player == p.index and o.unit is None]


_GAIN = frozenset({VERB_GAIN_RESOURCES})


def buy(g: GameState, p: Player, entry: tuple, discounts: list[X.Option] = ()) -> bool:
    """Buy one market card, first using the chosen discount cards; False if it is unaffordable."""
    pool, refill, card = entry
    for opt in discounts:
        ctx = Ctx(None, opt.card, p.index, p.index, obj=card)
        ctx.bound[KIND_TROOP if card.is_troop else KIND_ITEM] = card
        X.run(g, opt.effect, ctx, None)
    cost = max(0, card.cost - sum(p.discounts))
    p.discounts = []
    if cost > p.resources or card not in pool:
        return False
    P.buy(g, p, pool, card, cost, refill)
    return True


# --- 3. NorTec Deployment --------------------------------------------------------------------

def deployment_phase(g: GameState) -> None:
    for p in g.players:
        g.policy.deploy(g, p)
    if g.trace:
        for p in g.players:
            g.trace(f"deployed {T.lane_text(g, p.index)}; hand [{T.cards_text(p.hand)}]")


def can_equip(g: GameState, card: CardDef, u: Unit) -> bool:
    """A troop may carry one card of each Item Type; with no type data, one copy of a card and at most
    ``MAX_UNTYPED`` equipment (the print-and-play text lost the type icons)."""
    if u.is_enemy or not card.equipment:
        return False
    for eff in u.fx.get(EVENT_STATIC, ()):
        if VERB_CANNOT_EQUIP in X.verbs(eff):  # the verbs of its actions (cached per effect)
            return False
    if card.item_types:
        types = set(card.item_types)
        return all(types.isdisjoint(e.item_types) for e in u.equipment)
    return card not in u.equipment and len(u.equipment) < MAX_UNTYPED


MAX_UNTYPED = 2


# --- 4. Enemy Deployment (Dreadmire method) -------------------------------------------------

def enemy_deployment_phase(g: GameState) -> None:
    """Deal face-down enemies from the Wave's encounter deck; the last Round of a Wave swaps 1 (1-2
    players) or 2 (3-4 players) random drawn enemies for random Bosses, then shuffles and deals."""
    rules = g.rules
    n = rules.enemies(g.round)
    players = len(g.players)
    w = g.wave
    drawn = P.draw_enemies(g, w, n * players)
    if g.round == rules.rounds_per_wave:
        rng = g.rng
        for _ in range(rules.bosses(players)):
            if not drawn or not g.bosses[w]:
                break
            i = rng.randrange(len(drawn))
            g.enemy_discards[w].append(drawn[i])
            drawn[i] = g.bosses[w].pop(rng.randrange(len(g.bosses[w])))
        P.shuffle(rng, drawn)
    for k, p in enumerate(g.players):
        for card in drawn[k * n:(k + 1) * n]:
            P.place_enemy(g, p.index, card)
        if g.trace:
            g.trace(f"enemies dealt to lane {p.index}: {cards_text_boss(drawn[k * n:(k + 1) * n])}")


def cards_text_boss(cards: list[CardDef]) -> str:
    return ", ".join(("*" if c.boss else "") + c.id for c in cards)


# --- 6. Wrap-Up ------------------------------------------------------------------------------

def wrap_up_phase(g: GameState) -> None:
    """Clean-up choices, pass First Player, Xenosathem upgrades, then advance the Wave tracker."""
    for p in g.players:
        g.policy.wrap_up(g, p)
        for u in p.troops:
            u.temp_power = 0
            u.next_attack = 0
            u.strike_first_next = False
    g.first_player = (g.first_player + 1) % len(g.players)
    for p in g.players:
        upgrade_xenosathem(g, p)
    if g.trace:
        for p in g.players:
            g.trace(f"wrap-up {T.lane_text(g, p.index)}; hand [{T.cards_text(p.hand)}]")
    advance_wave_tracker(g)


def upgrade_xenosathem(g: GameState, p: Player) -> int:
    """Run the Xenosathem cards' upgrade abilities (USE effects) while the player can pay them.

    Upgrades happen *before* the Wave tracker moves (rulebook, Wrap-Up Phase), so the Wave gate on
    the card sees the Wave that is ending."""
    done = 0
    for card in {c.id: c for c in p.discard if c.is_xeno and c.has_use}.values():
        for eff in card.on(EVENT_USE):
            for _ in range(64):  # each use burns cards, so this ends; 64 is a safety bound
                if not available(g, eff, None) or not _upgrade_payable(g, p, eff):
                    break
                if not g.policy.accept(g, eff, Ctx(None, card, p.index, p.index)):
                    break
                X.run(g, eff, Ctx(None, card, p.index, p.index), None)
                done += 1
    return done


def _upgrade_payable(g: GameState, p: Player, eff) -> bool:
    ctx = Ctx(None, None, p.index, p.index)
    from pnpgen.simulate.query import select
    for act in eff.cost + eff.actions:
        if act.verb in (VERB_BURN, VERB_DISCARD) and act.target is not None:
            if len(select(g, act.target, ctx)) < (act.target.count or 1):
                return False
    return True


def advance_wave_tracker(g: GameState) -> None:
    g.round += 1
    g.round_index += 1
    if g.round > g.rules.rounds_per_wave:
        g.round = 1
        g.wave += 1
        if g.wave > g.rules.waves:
            g.won = True
            g.wave = g.rules.waves  # keep (W) meaningful for anything reading it afterwards
            return
        open_troop_pool(g, g.wave)
