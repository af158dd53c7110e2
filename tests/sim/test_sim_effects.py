"""The executor against the card texts: trigger restrictions, after-the-fact prevention, redirection,
and coverage of every verb the Xenoshyft cards use.

Rules: 001 "Enemy Reveal Abilities cannot be prevented unless a card specifically states it does so"
(so a "reveal effect" restriction must not catch Fight damage); effects model (pnpgen/effects/model.py)
for DAMAGED / WOULD_BE_DAMAGED and REDIRECT_DAMAGE.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.effects.model import EventKind, Verb
from pnpgen.simulate import combat as C
from pnpgen.simulate import executor as X
from pnpgen.simulate import primitives as P
from pnpgen.simulate.fixtures import add_enemy, add_troop, bare_game, card_def, spec_card

REPO = Path(__file__).resolve().parents[2]


def troop(name="t", power=2, hp=3, ability=None):
    return card_def(spec_card(name, "troop", 1, wave=1, cost=1, power=power, hp=hp, ability=ability))


def enemy(name="e", power=2, hp=2, ability=None):
    return card_def(spec_card(name, "enemy", 1, wave=1, boss=False, power=power, hp=hp, ability=ability))


BISHOP = ("IF A REVEAL EFFECT WOULD DEAL THIS TROOP DAMAGE, PREVENT THAT DAMAGE AND DEAL THAT ENEMY 2 DAMAGE.")


def test_reveal_restricted_prevention_ignores_fight_damage():
    """A troop that prevents damage from Reveal effects still takes Fight damage, and does prevent
    (and strike back at) a Reveal."""
    g = bare_game(1)
    b = add_troop(g, 0, troop("bishop", power=0, hp=9, ability=BISHOP))
    e = add_enemy(g, 0, enemy(power=3, hp=9), face_up=True)
    C.attack(g, b, e)
    assert b.damage == 3 and e.damage == 0
    g2 = bare_game(1)
    b2 = add_troop(g2, 0, troop("bishop", power=0, hp=9, ability=BISHOP))
    prowler = add_enemy(g2, 0, enemy("prowler", power=4, hp=5,
                                     ability="REVEAL: DEAL THE FIRST TROOP IN LANE 3 DAMAGE."))
    P.reveal(g2, prowler)
    assert b2.damage == 0 and prowler.damage == 2


def test_after_the_fact_redirect_moves_damage_to_the_bodyguard():
    """Defender MK-IV (000): "ONCE PER ROUND, WHEN A TROOP IS DEALT DAMAGE, THIS TROOP MAY SUFFER UP
    TO 3 OF THAT DAMAGE INSTEAD." - the damaged troop is spared up to 3, the Defender takes it."""
    g = bare_game(1)
    front = add_troop(g, 0, troop("front", power=1, hp=3))
    guard = add_troop(g, 0, troop("defender", power=4, hp=10, ability=(
        "ONCE PER ROUND, WHEN A TROOP IS DEALT DAMAGE, THIS TROOP MAY SUFFER UP TO 3 OF THAT DAMAGE INSTEAD.")))
    e = add_enemy(g, 0, enemy(power=3, hp=9), face_up=True)
    C.attack(g, front, e)
    assert front.in_play and front.damage == 0 and guard.damage == 3
    C.attack(g, front, e)  # once per round: the second hit lands
    assert not front.in_play


def test_flayer_is_healed_the_first_time_it_would_die():
    """Flayer Centipede (000): "THE FIRST TIME THIS ENEMY WOULD BE KILLED, IT IS INSTEAD HEALED TO 2 HP." """
    g = bare_game(1)
    f = add_enemy(g, 0, enemy("flayer", power=3, hp=5, ability=(
        "THE FIRST TIME THIS ENEMY WOULD BE KILLED, IT IS INSTEAD HEALED TO 2 HP.")), face_up=True)
    P.deal_damage(g, f, 9, None, ability=True)
    assert f.in_play and f.damage == 3
    P.deal_damage(g, f, 2, None, ability=True)
    assert not f.in_play


def test_militia_discount_only_from_wave_two_and_burns_it():
    """Militia (000): "WAVE 2+: BURN THIS CARD (FROM HAND) WHEN A PLAYER PURCHASES A WAVE 2+ TROOP TO
    REDUCE THE COST OF THAT TROOP BY 1." """
    from pnpgen.simulate import phases as PH
    g = bare_game(1, wave=1)
    p = g.players[0]
    militia = card_def(spec_card("militia", "troop", 1, wave=0, cost=0, power=1, hp=2, starter=True, ability=(
        "THIS TROOP CANNOT BE PURCHASED. WAVE 2+: BURN THIS CARD (FROM HAND) WHEN A PLAYER PURCHASES A WAVE 2+ "
        "TROOP TO REDUCE THE COST OF THAT TROOP BY 1.")))
    demo = card_def(spec_card("demo", "troop", 1, wave=2, cost=3, power=3, hp=4))
    p.hand.append(militia)
    assert not PH.discount_options(g, p, demo)
    g.wave = 2
    opts = PH.discount_options(g, p, demo)
    assert len(opts) == 1
    g.troop_pools[2] = [demo]
    p.resources = 2
    assert PH.buy(g, p, (g.troop_pools[2], [], demo), opts)
    assert p.resources == 0 and g.burned == [militia] and demo in p.hand


xeno_dir = REPO / "cardspecs" / "xenoshyft"


@pytest.mark.skipif(not (xeno_dir / "game.yaml").exists(), reason="Xenoshyft card specs not extracted")
def test_every_verb_of_the_xenoshyft_cards_has_an_executor():
    """Card effects run through the executor's verb table (no per-card branches): every verb and
    trigger event the real cards use has a handler, is read as a continuous effect, or is a player
    option."""
    from pnpgen.simulate.cards import compile_cards
    from pnpgen.spec import load_game

    handled = set(X.HANDLERS) | set(X.PASSIVE)
    events = {EventKind.STATIC, EventKind.USE, EventKind.FROM_HAND, EventKind.REVEAL, EventKind.KILLED,
              EventKind.WOULD_BE_KILLED, EventKind.DAMAGED, EventKind.WOULD_BE_DAMAGED, EventKind.ATTACKS,
              EventKind.ATTACKED_SURVIVES, EventKind.ATTACKS_BASE, EventKind.ADVANCES, EventKind.KILLS,
              EventKind.DEALS_DAMAGE, EventKind.PURCHASED}
    missing = set()
    for card in compile_cards(load_game(xeno_dir).cards):
        for eff in card.effects:
            assert eff.trigger.event in events, (card.id, eff.trigger.event)
            missing |= {(card.id, a.verb) for a in eff.cost + eff.actions if a.verb not in handled}
    assert not missing


@pytest.mark.skipif(not (xeno_dir / "game.yaml").exists(), reason="Xenoshyft card specs not extracted")
def test_real_cards_play_complete_games():
    """001 How to Win / How Players Lose: with the extracted cards every game ends (won or lost)."""
    from pnpgen.simulate import run_simulation
    from pnpgen.spec import load_game

    for players in (1, 4):
        s = run_simulation(load_game(xeno_dir), players, 40, seed=11, workers=1)
        assert s.games == 40 and sum(s.base_hp_left.values()) == 40
        assert not s.unsupported
        s = run_simulation(load_game(xeno_dir), players, 20, seed=11, workers=1, policy="random")
        assert s.games == 20


def test_unknown_verbs_are_counted_not_fatal():
    """A verb without a handler is skipped and counted (reported by format_stats), never a crash."""
    g = bare_game(1)
    from pnpgen.effects.model import Action, Effect, Trigger
    eff = Effect(Trigger(EventKind.USE), (Action(Verb.BECOME_TROOP),))
    item = card_def(spec_card("x", "item", 1, cost=1, kind="instant"))
    X.run(g, eff, X.Ctx(None, item, 0, 0), None)
    assert not g.tally.unsupported  # BECOME_TROOP is a continuous marker, read elsewhere
    backup = dict(X.HANDLERS)
    try:
        del X.HANDLERS[Verb.HEAL]
        X.run(g, Effect(Trigger(EventKind.USE), (Action(Verb.HEAL),)), X.Ctx(None, item, 0, 0), None)
    finally:
        X.HANDLERS.update(backup)
    assert g.tally.unsupported == {"heal": 1}
