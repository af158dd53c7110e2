"""Rules tests for the Round structure: Set-Up, Draw, Purchase, Enemy Deployment and Wrap-Up.

Each test names the rule it checks: "001" is the Dreadmire rulebook (001_821cc8783d47e8c3.txt),
"000" the print-and-play sheet (000_b4719436b3022fa4.txt, first lines).
"""

from __future__ import annotations

import random

from pnpgen.simulate import phases as PH
from pnpgen.simulate.fixtures import bare_game, card_def, mini_cards, mini_rules, spec_card
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.setup import build_pools, new_game



def test_setup_decks_pools_and_base_hp():
    """001 Set-Up: 10-card decks of 6 "1 Xenosathem" + 4 Militia; Base 15 HP per player (3 players: 45).
    000 sheet: an item pool of 6 and a Wave 1 troop pool of 3 are revealed."""
    rules = mini_rules()
    pools = build_pools(mini_cards(), rules)
    g = new_game(pools, rules, 3, random.Random(1))
    assert g.base_hp == 45
    for p in g.players:
        assert len(p.deck) == 10
        assert sorted(c.id for c in p.deck) == ["1-xenosathem"] * 6 + ["militia"] * 4
    assert len(g.item_pool) == 6 and len(g.troop_pools[1]) == 3
    assert not g.troop_pools[2] and not g.troop_pools[3]


def test_draw_phase_refills_to_six_and_adds_wave_xenosathem():
    """001 Draw Phase: draw up to 6 (reshuffling the discard when the deck runs out), then receive
    the Wave's Xenosathem card: Wave 1 "1", Wave 2 "3", Wave 3 "6"."""
    g = bare_game(1, wave=2)
    p = g.players[0]
    militia = card_def(mini_cards()[3])
    p.hand[:] = [militia] * 2
    p.deck[:] = [militia] * 1
    p.discard[:] = [militia] * 5
    PH.draw_phase(g)
    assert len(p.hand) == 7 and p.hand[-1].id == "3-xenosathem"
    assert len(p.deck) == 2 and not p.discard


def test_tom_spends_five_resources_example():
    """001 Purchase Phase examples: Tom uses one "3 Xenosathem" and two "1 Xenosathem" -> 5 Resources
    (the cards are discarded); he buys a Ranger (2) and a Stalker's Blade (2) into his hand; with no
    1-cost card available, the leftover Resource is lost at the end of the phase."""
    g = bare_game(1)
    p = g.players[0]
    x1, x3 = g.xeno_supply[1], g.xeno_supply[3]
    p.hand[:] = [x3, x1, x1]
    PH.spend_xenosathem(g, p, list(p.hand))
    assert p.resources == 5 and not p.hand and len(p.discard) == 3
    ranger = next(e for e in PH.market(g) if e[2].id == "ranger")
    assert PH.buy(g, p, ranger)
    blade = next(e for e in PH.market(g) if e[2].id == "stalkers-blade")
    assert PH.buy(g, p, blade)
    assert sorted(c.id for c in p.hand) == ["ranger", "stalkers-blade"]
    assert p.resources == 1
    assert not [e for e in PH.market(g) if e[2].cost <= p.resources]


def test_purchased_cards_are_replaced_from_their_deck():
    """000 sheet: each time an item or troop is purchased, it is replaced by 1 card from its deck."""
    g = bare_game(1)
    p = g.players[0]
    p.resources = 10
    before_items, before_deck = len(g.item_pool), len(g.item_deck)
    PH.buy(g, p, next(e for e in PH.market(g) if e[2].is_item))
    assert len(g.item_pool) == before_items and len(g.item_deck) == before_deck - 1


def test_wave_2_troops_not_buyable_in_wave_1_and_earlier_pools_stay():
    """001 Purchase Phase: "The Demolitionist is a Wave 2 Troop. It cannot be purchased during Wave 1."
    000 sheet: Wave 2/3 pools open at the start of their Wave; earlier Waves' troops stay buyable."""
    g = bare_game(1, wave=1, round_no=3)
    assert all(e[2].wave <= 1 for e in PH.market(g) if e[2].is_troop)
    PH.advance_wave_tracker(g)
    assert g.wave == 2 and g.round == 1
    waves = {e[2].wave for e in PH.market(g) if e[2].is_troop}
    assert waves == {1, 2}


def _deal(players, round_no, difficulty="normal", seed=3):
    g = bare_game(players, wave=1, round_no=round_no, rules=mini_rules(difficulty), seed=seed)
    PH.enemy_deployment_phase(g)
    return g


def test_enemy_deployment_counts_by_round():
    """001 Enemy Deployment (Dreadmire): Round 1 deals 3 enemies per player, Round 2 deals 4."""
    assert [len(p.enemies) for p in _deal(2, 1).players] == [3, 3]
    assert [len(p.enemies) for p in _deal(2, 2).players] == [4, 4]
    assert all(not u.face_up for p in _deal(2, 2).players for u in p.enemies)


def test_two_player_round_three_example_one_boss():
    """001 Enemy Deployment example: in a 2 player game 8 enemies are drawn, 1 is randomly discarded
    and replaced by 1 random Boss, then they are shuffled and 4 are dealt to each player."""
    for seed in range(20):
        g = _deal(2, 3, seed=seed)
        assert [len(p.enemies) for p in g.players] == [4, 4]
        bosses = [u for p in g.players for u in p.enemies if u.card.boss]
        assert len(bosses) == 1
        assert len(g.enemy_discards[1]) == 1 and not g.enemy_discards[1][0].boss


def test_three_and_four_players_get_two_bosses():
    """001 Enemy Deployment, Round 3: with 3-4 players two drawn enemies are replaced by Bosses."""
    for players in (3, 4):
        g = _deal(players, 3)
        assert sum(u.card.boss for p in g.players for u in p.enemies) == 2
        assert all(len(p.enemies) == 4 for p in g.players)


def test_difficulty_enemy_counts_and_base_hp():
    """001 Adjusting Difficulty: easier 20 HP per player and 3/3/4 enemies; harder 10 HP and 3/4/5;
    Training starts the Base at 0 and counts damage as a score."""
    assert [len(p.enemies) for p in _deal(1, 2, "easy").players] == [3]
    assert [len(p.enemies) for p in _deal(1, 3, "hard").players] == [5]
    assert Rules.from_game({}, "easy").base_hp_per_player == 20
    assert Rules.from_game({}, "hard").base_hp_per_player == 10
    assert bare_game(2, rules=mini_rules("training")).base_hp == 0


def test_empty_encounter_deck_is_rebuilt_from_its_discard():
    """000 sheet: if the enemy deck is ever emptied, its discard pile is shuffled into a new deck."""
    g = bare_game(1)
    g.enemy_discards[1].extend(g.enemy_decks[1])
    g.enemy_decks[1].clear()
    PH.enemy_deployment_phase(g)
    assert len(g.players[0].enemies) == 3 and g.enemy_decks[1]


def test_enemies_are_drawn_from_the_top_and_across_a_reshuffle():
    """001 Enemy Deployment: cards are dealt from the top of the Wave's Encounter Deck, one after
    another; 000 sheet: an emptied deck is rebuilt from its shuffled discard mid-deal. Dealing
    several at once gives the same cards in the same order as drawing them one by one."""
    import copy

    from pnpgen.simulate import primitives as P

    g = bare_game(1)
    deck = g.enemy_decks[1]
    deck[:] = [card_def(spec_card(f"e{i}", "enemy", wave=1, power=1, hp=1)) for i in range(8)]
    assert [c.id for c in P.draw_enemies(g, 1, 4)] == ["e7", "e6", "e5", "e4"]  # the end is the top
    # a deal larger than the deck: the rest comes from the reshuffled discard, as draw_enemy does
    g.enemy_discards[1].extend(deck[:-1])
    del deck[:-1]
    twin = copy.deepcopy((g.enemy_decks, g.enemy_discards, g.rng))
    many = P.draw_enemies(g, 1, 3)
    g.enemy_decks, g.enemy_discards, g.rng = twin
    assert [c.id for c in many] == [P.draw_enemy(g, 1).id for _ in range(3)]
    assert many[0].id == "e3" and len(many) == 3
    assert not g.enemy_discards[1] and len(g.enemy_decks[1]) == 1  # the discard became the deck


def test_rules_read_from_game_rules_first():
    """Rule facts come from game.rules (the extraction) when stated, else the rulebook constants."""
    r = Rules.from_game({"base_hp_per_player": 12, "item_pool": 5,
                         "enemies_per_player": {"round_1": 2, "round_2": 3, "round_3": 4},
                         "bosses_round_3": {"players_1_2": 1, "players_3_4": 2}})
    assert (r.base_hp_per_player, r.item_pool_size, r.enemies_per_player) == (12, 5, (2, 3, 4))
    assert r.bosses(2) == 1 and r.bosses(3) == 2
    assert Rules.from_game(None).waves == 3


def test_no_upgrade_to_six_in_round_three_of_wave_two():
    """001 Wrap-Up example: 2 "3 Xenosathem" cannot become a "6 Xenosathem" in Round 3 of Wave 2
    (upgrades happen before the Wave tracker advances); the earliest is the end of Round 1 of Wave 3."""
    g = bare_game(1, wave=2, round_no=3)
    p = g.players[0]
    p.discard[:] = [g.xeno_supply[3], g.xeno_supply[3]]
    PH.wrap_up_phase(g)
    assert g.wave == 3 and g.round == 1
    assert sorted(c.id for c in p.discard) == ["3-xenosathem", "3-xenosathem"]
    PH.wrap_up_phase(g)  # end of Round 1 of Wave 3
    assert [c.id for c in p.discard] == ["6-xenosathem"]
    assert len(g.burned) == 2


def test_one_xenosathem_upgrade_from_wave_two():
    """Xenosathem card text (000) "WAVE 2+: burn 3 "1 Xenosathem" from your discard, place 1 "3
    Xenosathem" in your discard" - used in the Wrap-Up (001), only from Wave 2 on."""
    g = bare_game(1, wave=1, round_no=2)
    p = g.players[0]
    p.discard[:] = [g.xeno_supply[1]] * 4
    PH.upgrade_xenosathem(g, p)
    assert len(p.discard) == 4
    g.wave = 2
    PH.upgrade_xenosathem(g, p)
    assert sorted(c.id for c in p.discard) == ["1-xenosathem", "3-xenosathem"]


def test_first_player_passes_left_and_game_won_after_three_waves():
    """001 Wrap-Up: the First Player passes to the left; completing the third Wave wins the game."""
    g = bare_game(3, wave=3, round_no=3)
    g.first_player = 2
    PH.wrap_up_phase(g)
    assert g.first_player == 0 and g.won


def test_militia_cannot_be_purchased():
    """Militia card text (000): "THIS TROOP CANNOT BE PURCHASED" - starter cards never enter a market."""
    g = bare_game(1)
    assert all(e[2].id != "militia" for e in PH.market(g))
    blocked = card_def(spec_card("x", "troop", 1, wave=1, cost=1, power=1, hp=1,
                                 ability="THIS TROOP CANNOT BE PURCHASED."))
    assert not blocked.purchasable
