"""Precision: cards read by eye as clean draw no finding at all, so a new check cannot add noise.

Every card listed here was read against its seed text (000_b4719436b3022fa4.txt for Xenoshyft,
003_ada9705b43fae874.txt for Zombicide: Invader) and against its siblings: its name is spelt and
capitalised as everywhere else, its text ends as its siblings' do, it writes shared phrases the way
the other cards do, and it names only cards that exist. Cards with a known defect (see
tests/validate/test_validate_seeds.py), with a balance hint (BAL001: assault-commander, demolitionist,
ghosteye-sokolov) or whose values stay unknown (the legendary items without text, Ranger, the
"6 Xenosathem" card restored by override) are left out on purpose. Fit (FIT001) is checked for
every bundled card in tests/validate/test_validate_seeds.py; here it is left off to keep the test quick.
"""

from __future__ import annotations

import pytest

from pnpgen.spec import load_game
from pnpgen.validate import validate_game

CLEAN = {
    "xenoshyft": [
        # Hive enemies: each ability ends with a full stop, REVEAL: written once, names as printed.
        "berserker", "bile-roach", "brood-mother", "butcher", "charger", "corpse-eater", "eater-of-hope",
        "flayer-centipede", "flesh-ripper-hornet", "hive-gargant", "hydra", "overseer", "panic-spider",
        "plague-fly", "prowler", "smoker", "spore-launcher", "swarm-caller", "swarm-hound", "swarmer",
        "tunnel-worm", "worm-host",
        # Items with their text: (W) written as the icon everywhere, one full stop at the end.
        "atlas-armor", "hi-ex-grenade", "med-pack", "medical-shuttle", "nemesis-compound", "plasma-arc-shotgun",
        "stasis-bomb", "tesla-volt-gauntlet", "the-death-chain", "vindicator-armor", "zeus-wrath-katana",
        # Troops: "(FROM HAND)" in brackets where the phrase occurs (Militia, Research Officer, Research
        # Captain H. West, "Spider" Solitaire); "FROM YOUR DISCARD" on Prometheus is another phrase.
        "brigadier-general-krueger", "commander-daedalus", "deadeye-jackson", "defender-mk-iv-exo-suit",
        "doombringer-harkins", "grim-reaper-deckard", "hellblazer-abrams", "hunter-killer-bishop",
        "hyperion-assault-battery", "killer-whale-clay", "last-stand-vasquez", "longshot-montoya", "militia",
        "mk-ii-erebus-stealth-suit", "operative-l-y-n-x", "prometheus-flame-suit", "ravager-martini",
        "research-captain-h-west", "research-officer", "savior-dewitt", "spider-solitaire", "the-lone-survivor",
        "1-xenosathem",
    ],
    "zombicide-invader": [
        # Named the same way in the component list (003 lines 81-137) and in the rules text; plural
        # and possessive mentions ("Cattle Prods", "Falchion Sentry Gun’s") are the same name.
        "ablative-armor", "assault-shotgun", "canister", "cattle-prod-starting", "chainsaw", "energy-cell",
        "flamethrower", "heavy-cutter", "heavy-shotgun", "light-machine-gun", "m-r-e", "mold-1-hunter",
        "mold-1-tank", "mold-1-worker", "mold-2-workers", "oxygen-tank", "prototype-assault-shotgun",
        "prototype-heavy-shotgun", "prototype-light-machine-gun", "prototype-sniper-rifle", "search-drone",
        "sledge", "smg", "smg-starting", "sniper-rifle", "falchion-sentry-gun", "peacekeeper-bot",
    ],
}


@pytest.mark.parametrize("game_id", sorted(CLEAN))
def test_clean_cards_draw_no_finding(game_id: str):
    game = load_game(game_id)
    ids = {c.id for c in game.cards}
    assert set(CLEAN[game_id]) <= ids, sorted(set(CLEAN[game_id]) - ids)
    result = validate_game(game, with_fit=False)
    noisy = [f.format() for f in result.findings if f.card in set(CLEAN[game_id])]
    assert noisy == []


def test_the_known_defects_are_not_in_the_clean_lists():
    """The list must not hide a card the seeds test expects a finding for."""
    defects = {"shifter", "bile-slug", "shocker", "helios-chem-gun", "3-xenosathem", "shileldswarm", "lasher-worm",
               "gator-lacroix", "6-xenosathem", "search-light", "plenty-of-bullets"}
    assert not defects & {c for cards in CLEAN.values() for c in cards}
