"""Parse trees of real Xenoshyft ability texts (seed 000_b4719436b3022fa4.txt, line numbers quoted)."""

from __future__ import annotations

import pytest

from pnpgen.effects import parse_ability
from pnpgen.effects.model import (
    Action, Amount, Condition, Effect, EventKind, Filter, Join, Kind, Limit, Position, Selector, Stat,
    StatRef, Target, Trigger, Verb, WaveGate, Zone,
)

SELF_ENEMY = Target(Kind.ENEMY, Selector.SELF)
SELF_TROOP = Target(Kind.TROOP, Selector.SELF)


def only(text: str) -> Effect:
    result = parse_ability(text)
    assert result.ok, result.unparsed
    assert len(result.effects) == 1, result.effects
    return result.effects[0]


def test_prowler_reveal_deals_first_troop():
    # 000:1141 "REVEAL: DEAL THE FIRST / TROOP IN LANE 3 DAMAGE."
    e = only("REVEAL: DEAL THE FIRST\nTROOP IN LANE 3 DAMAGE.")
    assert e == Effect(
        trigger=Trigger(EventKind.REVEAL, SELF_ENEMY),
        actions=(Action(Verb.DEAL_DAMAGE, Target(Kind.TROOP, Selector.FIRST, 1, Zone.THIS_LANE), Amount(3)),),
    )


def test_spore_launcher_last_two_troops():
    # 000:1466 "REVEAL: DEAL THE LAST 2 TROOPS IN LANE 4 DAMAGE."
    (a,) = only("REVEAL: DEAL THE LAST 2 TROOPS IN LANE 4 DAMAGE.").actions
    assert a.target == Target(Kind.TROOP, Selector.LAST, 2, Zone.THIS_LANE)
    assert a.amount == Amount(4)


@pytest.mark.parametrize("text, amount", [
    # 000:456 Demolitionist
    ("WHEN THIS TROOP IS KILLED, DEAL (W) DAMAGE TO 1 ENEMY IN THIS LANE.", Amount(wave=1)),
    # 000:1597 Med Pack
    ("PREVENT (W)+1 DAMAGE TO A TROOP.", Amount(value=1, wave=1)),
    # 000:405 "DISCARD THIS CARD (FROM HAND) TO GAIN (W)+2 RESOURCES."
    ("DISCARD THIS CARD (FROM HAND) TO GAIN (W)+2 RESOURCES.", Amount(value=2, wave=1)),
    # 000:329 Last Stand Vasquez "+(W) POWER AND HP"
    ("IF THERE ARE NO OTHER TROOPS IN THIS LANE, THIS TROOP GAINS +(W) POWER AND HP.", Amount(wave=1)),
    # 000:460 "ONCE PER ROUND THIS TROOP MAY PREVENT UP TO 2 DAMAGE A TROOP WOULD SUFFER."
    ("ONCE PER ROUND THIS TROOP \nMAY PREVENT UP TO 2 DAMAGE A \n\nTROOP WOULD SUFFER.", Amount(2, up_to=True)),
    # 000:1813 Vindicator
    ("WHEN THIS TROOP IS KILLED, DEAL 1 ENEMY IN YOUR LANE DAMAGE EQUAL TO HALF OF THIS TROOP’S "
     "TOTAL HP (ROUNDED UP).", Amount(ref=StatRef(Stat.HP, SELF_TROOP), half_round_up=True)),
    # 000:1436 Berserker
    ("THIS ENEMY GAINS ADDITIONAL POWER EQUAL TO THE TOTAL AMOUNT OF DAMAGE ON IT.",
     Amount(ref=StatRef(Stat.DAMAGE_ON, Target(Kind.CARD, Selector.THAT)))),
])
def test_amounts(text, amount):
    assert only(text).actions[-1].amount == amount


def test_wave_amount_resolves_per_wave():
    # rulebook 001: "(W) ... During Wave 1 it would deal 1 Damage, during Wave 2 it would deal 2"
    a = only("PREVENT (W)+1 DAMAGE TO A TROOP.").actions[0].amount
    assert [a.value + a.wave * w for w in (1, 2, 3)] == [2, 3, 4]


def test_wave_gates_lone_survivor():
    # 000:378-385 "WAVE 2: THIS TROOP GAINS +1 POWER FOR EACH ENEMY KILLED IN LANE THIS ROUND. WAVE 3: ..."
    r = parse_ability("WAVE 2: THIS TROOP GAINS +1 POWER FOR EACH ENEMY KILLED IN LANE THIS ROUND. "
                      "WAVE 3: THIS TROOP GAINS +2 POWER FOR EACH ENEMY KILLED IN LANE THIS ROUND.")
    assert r.ok
    assert [e.wave for e in r.effects] == [WaveGate(2), WaveGate(3)]
    per = Target(Kind.ENEMY, Selector.ALL, None, Zone.THIS_LANE, (Filter.KILLED_THIS_ROUND,))
    assert [e.actions[0].amount for e in r.effects] == [Amount(1, per=per), Amount(2, per=per)]
    assert all(e.trigger.event == EventKind.STATIC for e in r.effects)
    assert WaveGate(2).allows(2) and not WaveGate(2).allows(3)


def test_militia_wave_plus_gate_cost_and_purchase_trigger():
    # 000:26-33 "THIS TROOP CANNOT BE PURCHASED. WAVE 2+: BURN THIS CARD (FROM HAND) WHEN A PLAYER
    # PURCHASES A WAVE 2+ TROOP TO REDUCE THE COST OF THAT TROOP BY 1."
    r = parse_ability("THIS TROOP CANNOT BE \nPURCHASED.\n\nWAVE 2+: BURN THIS CARD \n(FROM HAND) WHEN A PLAYER "
                      "\n\nPURCHASES A WAVE 2+ TROOP \nTO REDUCE THE COST OF \n\nTHAT TROOP BY 1.")
    assert r.ok
    static, discount = r.effects
    assert static.trigger.event == EventKind.STATIC
    assert static.actions[0].verb == Verb.CANNOT_BE_PURCHASED
    assert discount.wave == WaveGate(2, plus=True) and WaveGate(2, True).allows(3)
    assert discount.trigger.event == EventKind.PURCHASED
    assert discount.trigger.object == Target(Kind.TROOP, wave=2, wave_plus=True)
    assert discount.cost == (Action(Verb.BURN, Target(Kind.CARD, Selector.SELF, zone=Zone.HAND)),)
    assert discount.actions == (Action(Verb.REDUCE_COST, Target(Kind.TROOP, Selector.THAT), Amount(1)),)


@pytest.mark.parametrize("text, event, limit", [
    ("WHEN THIS TROOP IS KILLED, DEAL (W) DAMAGE TO 1 ENEMY IN THIS LANE.", EventKind.KILLED, Limit.NONE),
    # 000:503 Longshot Montoya
    ("ONCE PER ROUND, WHEN THIS TROOP IS DAMAGED, DISCARD THE TOP CARD OF YOUR DECK. PREVENT DAMAGE EQUAL "
     "TO THAT CARD’S COST, AND THEN DEAL 1 ENEMY THAT MUCH DAMAGE.", EventKind.DAMAGED, Limit.ONCE_PER_ROUND),
    # 000:688 Hellblazer
    ("EACH TIME THIS TROOP ADVANCES, DEAL 3 DAMAGE TO 1 ENEMY IN THIS LANE.", EventKind.ADVANCES, Limit.NONE),
    # 000:930 Swarmer
    ("THE FIRST TIME THIS ENEMY ATTACKS, IT DEALS ITS DAMAGE BEFORE TROOPS ATTACK.", EventKind.ATTACKS,
     Limit.FIRST_TIME),
    # 000:1111 Flayer Centipede
    ("THE FIRST TIME THIS ENEMY WOULD BE KILLED, IT IS INSTEAD HEALED TO 2 HP.", EventKind.WOULD_BE_KILLED,
     Limit.FIRST_TIME),
    # 000:1200 Plague Fly
    ("EACH TIME THIS ENEMY KILLS A TROOP, DEAL THE BASE 1 DAMAGE, PLUS 1 ADDITIONAL DAMAGE FOR EACH TROOP "
     "IN LANE.", EventKind.KILLS, Limit.NONE),
    # 000:393 Hunter-Killer Bishop
    ("IF A REVEAL EFFECT WOULD DEAL THIS TROOP DAMAGE, PREVENT THAT DAMAGE AND DEAL THAT ENEMY 2 DAMAGE.",
     EventKind.WOULD_BE_DAMAGED, Limit.NONE),
    # 000:1412 Bile Slug
    ("BURN ANY TROOP DAMAGED BY THIS ENEMY.", EventKind.DEALS_DAMAGE, Limit.NONE),
    # 000:1961 "WHEN THIS CARD IS PLAYED, DE- PLOY IT INTO A LANE."
    ("WHEN THIS CARD IS PLAYED, DE- PLOY IT INTO A LANE. IT BECOMES A TROOP.", EventKind.PLAYED, Limit.NONE),
    # 000:1708 Tesla gauntlet: an ability with no printed trigger is a USE
    ("ONCE PER ROUND, DEAL (W) DAMAGE TO 1 REVEALED ENEMY.", EventKind.USE, Limit.ONCE_PER_ROUND),
    # 000:317 Gator Lacroix: discarding this card from hand makes it a from-hand effect
    ("DISCARD THIS CARD FROM HAND TO PREVENT ALL DAMAGE TO 1 TROOP BY AN ENEMY ABILITY. DEAL THAT ENEMY "
     "THAT MUCH DAMAGE.", EventKind.FROM_HAND, Limit.NONE),
    # 000:671 Commander Daedalus
    ("YOU MAY DEPLOY THIS TROOP, ALONG WITH ANY EQUIPMENT, AS AN INSTANT.", EventKind.FROM_HAND, Limit.NONE),
])
def test_triggers(text, event, limit):
    e = only(text)
    assert (e.trigger.event, e.limit) == (event, limit)


def test_swarm_caller_alternative_triggers():
    # 000:1307 "IF THIS ENEMY IS ATTACKED AND ISN’T KILLED, OR IT ATTACKS THE BASE, IMMEDIATELY DISCARD IT
    # AND ADD 2 ENEMIES FACE-DOWN TO THE END OF THE ENEMY LANE."
    e = only("IF THIS ENEMY IS ATTACKED AND \nISN’T KILLED, OR IT ATTACKS THE \nBASE, IMMEDIATELY DISCARD IT "
             "\n\nAND ADD 2 ENEMIES FACE-DOWN \nTO THE END OF THE ENEMY LANE.")
    assert e.trigger.event == EventKind.ATTACKED_SURVIVES
    assert [t.event for t in e.trigger.alternatives] == [EventKind.ATTACKS_BASE]
    discard, spawn = e.actions
    assert discard == Action(Verb.DISCARD, Target(Kind.CARD, Selector.THAT))
    assert spawn.verb == Verb.SPAWN_ENEMY and spawn.amount == Amount(2)
    assert spawn.destination == Position("enemy", "back")


def test_conditions():
    # 000:329 Vasquez; 000:1900 "IF THIS TROOP IS NOT THE FIRST TROOP IN LANE"
    vasquez = only("IF THERE ARE NO OTHER TROOPS IN THIS LANE, THIS TROOP GAINS +(W) POWER AND HP.")
    assert vasquez.condition == Condition(
        "not-exists", Target(Kind.TROOP, Selector.ALL, None, Zone.THIS_LANE, (Filter.OTHER,)))
    assert vasquez.actions[0].stat == Stat.POWER_AND_HP
    chain = only("ONCE PER ROUND, IF THIS TROOP IS NOT THE FIRST TROOP IN LANE, IT MAY DEAL 1 REVEALED "
                 "ENEMY IN LANE 4 DAMAGE.")
    assert chain.condition == Condition("is-not", SELF_TROOP, Target(Kind.TROOP, Selector.FIRST, 1, Zone.THIS_LANE))
    assert chain.optional and chain.limit == Limit.ONCE_PER_ROUND
    # 000:1270 Butcher: a trailing condition on a single action
    butcher = parse_ability("THIS ENEMY GAINS +2 POWER IF THERE IS A DAMAGED TROOP IN THIS LANE.").effects[0]
    assert butcher.actions[0].condition == Condition(
        "exists", Target(Kind.TROOP, Selector.CHOOSE, 1, Zone.THIS_LANE, (Filter.DAMAGED,)))


def test_joins_and_continuation_sentences():
    # 000:1678 Stasis Bomb: the second sentence continues the first ("IT")
    e = only("TARGET 1 REVEALED ENEMY. CANCEL ANY REVEAL ABILITY IT HAS AND/OR MOVE IT TO THE END OF THE ENEMY LANE.")
    assert [a.verb for a in e.actions] == [Verb.TARGET, Verb.CANCEL_REVEAL, Verb.PLACE]
    assert e.joins == (Join.THEN, Join.AND_OR)
    # 000:1991 Xenosathem upgrade: two plain steps are one effect
    x = only("WAVE 2+: BURN 3 “1 XENOSATHEM” CARDS FROM YOUR DISCARD PILE. PLACE 1 “3 XENOSATHEM” CARD IN "
             "YOUR DISCARD PILE.")
    burn, gain = x.actions
    assert burn.target == Target(Kind.CARD, Selector.CHOOSE, 3, Zone.DISCARD, card="1 XENOSATHEM")
    assert gain.verb == Verb.GAIN_CARD and gain.card == "3 XENOSATHEM"
    # 000:1954 "THIS TROOP THEN SUFFERS (W)+1 DAMAGE."
    d = only("ONCE PER ROUND, DEAL DAMAGE TO 1 REVEALED ENEMY EQUAL TO THIS TROOP’S POWER. THIS TROOP THEN "
             "SUFFERS (W)+1 DAMAGE.")
    assert d.actions[1] == Action(Verb.DEAL_DAMAGE, SELF_TROOP, Amount(1, wave=1))


def test_replacement_and_cost():
    # 000:577 Savior Dewitt
    e = only("ONCE PER ROUND, WHEN A TROOP WOULD BE KILLED, IT IS INSTEAD PLACED AT THE END OF ITS LANE AND "
             "HEALED TO 1 HP.")
    assert e.replacement and [a.verb for a in e.actions] == [Verb.PLACE, Verb.HEAL_TO]
    # 000:1724 Zeus' Wrath Katana: "DEAL THIS TROOP 2 DAMAGE TO DEAL 1 REVEALED ENEMY 2 DAMAGE"
    k = parse_ability("THIS TROOP GAINS (W) POWER. ONCE PER ROUND, DEAL THIS TROOP 2 DAMAGE TO DEAL 1 "
                      "REVEALED ENEMY 2 DAMAGE.").effects[1]
    assert k.cost == (Action(Verb.DEAL_DAMAGE, SELF_TROOP, Amount(2)),)
    assert k.actions[0].target == Target(Kind.ENEMY, Selector.CHOOSE, 1, filters=(Filter.REVEALED,))


def test_krueger_two_targets_one_amount():
    # 000:821 "DEAL THE FIRST ENEMY IN 1 LANE, AND THE FIRST TROOP IN THAT LANE, 8 DAMAGE."
    e = only("ONCE PER ROUND, DEAL THE FIRST \nENEMY IN 1 LANE, AND THE FIRST \nTROOP IN THAT LANE, 8 DAMAGE.")
    assert [a.target.zone for a in e.actions] == [Zone.ANY_LANE, Zone.THAT_LANE]
    assert {a.amount for a in e.actions} == {Amount(8)}


def test_case_line_breaks_and_quotes_do_not_matter():
    upper = parse_ability("WAVE 2+: BURN 3 \"1 XENOSATHEM\" CARDS FROM YOUR DISCARD PILE.")
    lower = parse_ability("wave 2+:\nburn 3 “1 xenosathem”\n cards from your discard pile.")
    assert upper.effects == lower.effects and upper.ok
