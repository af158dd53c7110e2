"""Rules tests for the Combat Phase and the general rules, on hand-built lanes.

"001" is the Dreadmire rulebook (001_821cc8783d47e8c3.txt); card texts are quoted from the
print-and-play file (000_b4719436b3022fa4.txt) and parsed by pnpgen.effects.
"""

from __future__ import annotations

import pytest

from pnpgen.simulate import combat as C
from pnpgen.simulate import executor as X
from pnpgen.simulate import primitives as P
from pnpgen.simulate.fixtures import add_enemy, add_troop, bare_game, card_def, mini_rules, spec_card
from pnpgen.simulate.query import power
from pnpgen.simulate.state import GameOver


def troop(name="t", power=2, hp=3, ability=None, **kw):
    return card_def(spec_card(name, "troop", 1, wave=1, cost=1, power=power, hp=hp, ability=ability, **kw))


def enemy(name="e", power=2, hp=2, ability=None, wave=1, boss=False):
    return card_def(spec_card(name, "enemy", 1, wave=wave, boss=boss, power=power, hp=hp, ability=ability))


def test_fight_is_simultaneous_and_next_enemy_is_revealed():
    """001 Fight/Advance: troop and enemy deal damage equal to their Power to each other; an enemy
    with damage >= HP is killed and discarded; the next enemy moves up and is revealed."""
    g = bare_game(1, seed=1)
    t = add_troop(g, 0, troop(power=2, hp=5))
    e1 = add_enemy(g, 0, enemy("e1", power=2, hp=2))
    e2 = add_enemy(g, 0, enemy("e2", power=1, hp=2))
    C.combat_lane(g, 0)
    assert not e1.in_play and not e2.in_play and t.in_play
    assert t.damage == 3  # 2 from e1, 1 from e2
    assert [c.id for c in g.enemy_discards[1]] == ["e1", "e2"]
    assert g.base_hp == 15


def test_fight_repeats_until_one_dies_and_troop_damage_stays():
    """001 Fight: if neither is killed they attack again; 001 Wrap-Up: troops keep their damage."""
    g = bare_game(1)
    t = add_troop(g, 0, troop(power=1, hp=10))
    add_enemy(g, 0, enemy(power=2, hp=3))
    C.combat_lane(g, 0)
    assert t.damage == 6 and t.in_play


def test_killed_troop_goes_to_owner_discard_with_equipment_and_next_troop_fights():
    """001 Fight/Advance: killed troops and their items go to their owner's discard; the next troop
    moves to the front and fights the same enemy."""
    g = bare_game(1)
    blade = card_def(spec_card("blade", "item", 1, cost=2, kind="equipment", boost_power=1))
    t1 = add_troop(g, 0, troop("front", power=1, hp=1))
    t1.equipment.append(blade)
    t2 = add_troop(g, 0, troop("back", power=5, hp=5))
    e = add_enemy(g, 0, enemy(power=3, hp=4))
    C.combat_lane(g, 0)
    assert not e.in_play and t2.in_play
    assert sorted(c.id for c in g.players[0].discard) == ["blade", "front"]


def test_overrun_each_enemy_damages_base_by_power_and_is_discarded():
    """001 Aftermath, Overrun: with no troops left each remaining enemy is revealed, then deals damage
    equal to its Power to the Base and is discarded."""
    g = bare_game(1)
    add_troop(g, 0, troop(power=0, hp=1))
    add_enemy(g, 0, enemy("a", power=3, hp=9))
    add_enemy(g, 0, enemy("b", power=4, hp=9))
    C.combat_lane(g, 0)
    assert g.base_hp == 15 - 7 and not g.players[0].enemies
    assert g.tally.base_damage_by == {"a": 3, "b": 4}


def test_base_at_zero_loses_at_once_but_training_counts_score():
    """001 How Players Lose: Base HP 0 at any point loses; Adjusting Difficulty, Training Mode: the
    tracker starts at 0 and counts damage instead."""
    g = bare_game(1)
    g.base_hp = 2
    add_enemy(g, 0, enemy(power=5, hp=5))
    with pytest.raises(GameOver):
        C.combat_lane(g, 0)
    t = bare_game(1, rules=mini_rules("training"))
    add_enemy(t, 0, enemy(power=5, hp=5))
    C.combat_lane(t, 0)
    assert t.base_damage == 5 and t.base_alive


def test_reveal_ability_resolves_even_if_enemy_dies():
    """001 Reveal and React: the Reveal ability resolves when the enemy is flipped; Prowler (000)
    "REVEAL: DEAL THE FIRST TROOP IN LANE 3 DAMAGE." hits the front troop before the fight."""
    g = bare_game(1, wave=2)
    t = add_troop(g, 0, troop(power=9, hp=9))
    add_enemy(g, 0, enemy("prowler", power=4, hp=3, wave=2,
                          ability="REVEAL: DEAL THE FIRST TROOP IN LANE 3 DAMAGE."))
    C.combat_lane(g, 0)
    assert t.damage == 3 + 4  # 3 from the Reveal, then 4 from the (simultaneous) attack
    assert g.tally.kills["t"] == 1


def test_damaging_a_face_down_enemy_reveals_it_first():
    """001 Damaging a Face-Down Enemy: it is flipped face-up and its Reveal resolves, then the damage
    is applied."""
    g = bare_game(1, wave=2)
    t = add_troop(g, 0, troop(power=1, hp=9))
    e = add_enemy(g, 0, enemy("prowler", power=4, hp=5, wave=2,
                              ability="REVEAL: DEAL THE FIRST TROOP IN LANE 3 DAMAGE."))
    assert not e.face_up
    P.deal_damage(g, e, 2, None, ability=True)
    assert e.face_up and t.damage == 3 and e.damage == 2


def test_wave_symbol_scales_with_current_wave():
    """001 (W): the symbol is the current Wave number - Demolitionist (000) "WHEN THIS TROOP IS
    KILLED, DEAL (W) DAMAGE TO 1 ENEMY IN THIS LANE." deals 1 in Wave 1 and 3 in Wave 3."""
    text = "WHEN THIS TROOP IS KILLED, DEAL (W) DAMAGE TO 1 ENEMY IN THIS LANE."
    for wave, expected in ((1, 1), (3, 3)):
        g = bare_game(1, wave=wave)
        t = add_troop(g, 0, troop("demo", power=0, hp=1, ability=text))
        e = add_enemy(g, 0, enemy(power=0, hp=10), face_up=True)
        P.kill(g, t, e)
        assert e.damage == expected


def test_burn_removes_card_from_the_game():
    """001 Burn: a burned card goes back to the box - Flesh-Ripper Hornet (000) "IF THIS ENEMY KILLS
    A TROOP, BURN THAT TROOP."""
    g = bare_game(1, wave=2)
    add_troop(g, 0, troop("victim", power=0, hp=1))
    add_enemy(g, 0, enemy("hornet", power=6, hp=6, wave=2, ability="IF THIS ENEMY KILLS A TROOP, BURN THAT TROOP."))
    with pytest.raises(GameOver):
        g.base_hp = 1
        C.combat_lane(g, 0)
    assert [c.id for c in g.burned] == ["victim"]
    assert "victim" not in [c.id for c in g.players[0].discard]


def test_advance_moves_to_front_and_fires_advance_triggers():
    """001 Advance: the card moves to the front of its lane pushing the others back; Hellblazer
    Abrams (000) "EACH TIME THIS TROOP ADVANCES, DEAL 3 DAMAGE TO 1 ENEMY IN THIS LANE."""
    g = bare_game(1)
    a = add_troop(g, 0, troop("a"))
    h = add_troop(g, 0, troop("hellblazer",
                              ability="EACH TIME THIS TROOP ADVANCES, DEAL 3 DAMAGE TO 1 ENEMY IN THIS LANE."))
    e = add_enemy(g, 0, enemy(power=1, hp=9), face_up=True)
    P.advance(g, h)
    assert g.players[0].troops == [h, a] and e.damage == 3
    P.kill(g, h, None)  # a moves up to the front: that is advancing too
    assert g.players[0].troops == [a]


def test_troop_that_becomes_enemy_loses_abilities_and_returns_to_owner():
    """001 Additional Rules: a troop that becomes an enemy loses its printed abilities and goes to its
    owner's discard when killed - Worm Host (000) "IF THIS ENEMY KILLS A TROOP, DISCARD ANY EQUIPMENT
    ON THAT TROOP, HEAL IT TO FULL, AND PLACE IT AT THE END OF THE ENEMY LANE..."."""
    g = bare_game(1)
    worm = enemy("worm-host", power=2, hp=2, ability=(
        "IF THIS ENEMY KILLS A TROOP, DISCARD ANY EQUIPMENT ON THAT TROOP, HEAL IT TO FULL, AND PLACE "
        "IT AT THE END OF THE ENEMY LANE. IT BECOMES AN ENEMY UNTIL KILLED."))
    text = "WHEN THIS TROOP IS KILLED, DEAL (W) DAMAGE TO 1 ENEMY IN THIS LANE."
    t = add_troop(g, 0, troop("demo", power=0, hp=2, ability=text))
    w = add_enemy(g, 0, worm, face_up=True)
    C.attack(g, t, w)
    lane = g.players[0].enemies
    assert lane[-1] is t and t.is_enemy and t.converted and t.damage == 0 and not t.fx
    P.kill(g, t, None)
    assert [c.id for c in g.players[0].discard] == ["demo"]
    assert w.damage == 1  # only the Demolitionist's first death (as a troop) triggered its ability


def test_enemy_abilities_resolve_before_troop_abilities():
    """001 Simultaneous Effects: enemy abilities resolve before troop/item abilities. A troop killed
    by a burning enemy is burned before its own 'when killed' ability could matter."""
    g = bare_game(1)
    order = []
    orig = X._trigger_plan  # fire() resolves each triggered effect through its compiled plan

    def spy(g_, plan, bearer, ctx, obj):
        order.append(bearer.card.id)
        return orig(g_, plan, bearer, ctx, obj)

    X._trigger_plan = spy
    try:
        t = add_troop(g, 0, troop("demo", power=0, hp=1,
                                  ability="WHEN THIS TROOP IS KILLED, DEAL (W) DAMAGE TO 1 ENEMY IN THIS LANE."))
        e = add_enemy(g, 0, enemy("hornet", power=5, hp=5, ability="IF THIS ENEMY KILLS A TROOP, BURN THAT TROOP."),
                      face_up=True)
        C.attack(g, t, e)
    finally:
        X._trigger_plan = orig
    assert order == ["hornet", "demo"]


def test_first_strike_enemy_hits_before_the_troop():
    """Swarmer (000) "THE FIRST TIME THIS ENEMY ATTACKS, IT DEALS ITS DAMAGE BEFORE TROOPS ATTACK.":
    a troop it kills deals no damage back; the second attack is simultaneous."""
    g = bare_game(1)
    t1 = add_troop(g, 0, troop("weak", power=5, hp=1))
    t2 = add_troop(g, 0, troop("strong", power=1, hp=9))
    e = add_enemy(g, 0, enemy("swarmer", power=1, hp=3,
                              ability="THE FIRST TIME THIS ENEMY ATTACKS, IT DEALS ITS DAMAGE BEFORE TROOPS ATTACK."),
                  face_up=True)
    C.attack(g, t1, e)
    assert not t1.in_play and e.damage == 0
    C.attack(g, t2, e)
    assert e.damage == 1 and t2.damage == 1


def test_static_aura_and_damage_reduction_apply_only_face_up():
    """Shieldswarm (000) "WHILE IN LANE, REDUCE THE DAMAGE ALL ENEMIES SUFFER BY 1." applies once the
    card is revealed (a face-down card's text is not in play)."""
    g = bare_game(1)
    text = ("REVEAL: PLACE THIS ENEMY AT THE END OF THE ENEMY LANE. WHILE IN LANE, REDUCE THE DAMAGE ALL "
            "ENEMIES SUFFER BY 1.")
    a = add_enemy(g, 0, enemy("a", power=1, hp=5), face_up=True)
    s = add_enemy(g, 0, enemy("shieldswarm", power=3, hp=1, ability=text))
    P.deal_damage(g, a, 2, None, ability=True)
    assert a.damage == 2
    P.reveal(g, s)
    P.deal_damage(g, a, 2, None, ability=True)
    assert a.damage == 3


def test_instant_played_from_hand_is_discarded():
    """001 Instant items may be played at any time (React); Hi-Ex Grenade (000) "DEAL 3 DAMAGE TO 1
    ENEMY." kills a revealed 3-HP enemy before the fight and goes to the discard pile."""
    g = bare_game(1)
    grenade = card_def(spec_card("hi-ex-grenade", "item", 1, cost=3, kind="instant",
                                 ability="DEAL 3 DAMAGE TO 1 ENEMY."))
    g.players[0].hand.append(grenade)
    e = add_enemy(g, 0, enemy(power=9, hp=3))
    C.combat_lane(g, 0)
    assert not e.in_play and g.base_hp == 15
    assert [c.id for c in g.players[0].discard] == ["hi-ex-grenade"]


def test_power_includes_equipment_boost():
    """001 Equipment: Power/HP boosts add to the troop's numbers (4 Power + a +2 boost = 6)."""
    g = bare_game(1)
    t = add_troop(g, 0, troop(power=4, hp=3))
    boost = card_def(spec_card("gun", "item", 1, cost=2, kind="equipment", boost_power=2))
    g.players[0].hand.append(boost)
    P.equip(g, g.players[0], boost, t)
    assert power(g, t) == 6
