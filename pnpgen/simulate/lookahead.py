"""The lookahead player (``--policy lookahead``): the heuristic, with its lane orders chosen by rollouts.

After the heuristic has made its deployment (the last player's, when every troop of the Round is
placed), each lane's order is chosen among a few candidates — the heuristic's own, each troop moved
to the front, the lane reversed — by playing the rest of the Round (Enemy Deployment and Combat) on
copies of the state with the heuristic: the candidate with the least damage to the Base, counting
each troop lost as ``DEATH_COST`` damage (a troop lost now fights no more Rounds), wins; ties keep
the heuristic's order. The rules are untouched: the order of the troops in a lane is the players'
choice at NorTec Deployment, as the heuristic's own sorting already uses.

The copies never see hidden cards: each rollout shuffles the Wave's face-down encounter deck and its
Bosses with its own random source. Rollout ``k`` of a decision uses ``random.Random`` seeded from the
game's random state and ``k`` (never the game's own draws, never global randomness), so a game is
the same for a seed on any worker, and every candidate is scored on the same ``ROLLOUTS`` deals
(common random numbers).
"""

from __future__ import annotations

import copy
import random

from pnpgen.simulate import phases as PH
from pnpgen.simulate.combat import combat_phase
from pnpgen.simulate.policies import POLICIES, HeuristicPolicy
from pnpgen.simulate.state import GameOver, GameState, Player

ROLLOUTS = 4      # deals per candidate
DEATH_COST = 2.0  # Base damage a lost troop is worth in a rollout's score


class LookaheadPolicy(HeuristicPolicy):
    """``HeuristicPolicy`` whose lane orders are chosen by rollouts of the rest of the Round."""

    name = "lookahead"

    def __init__(self) -> None:
        super().__init__()
        self._inner = HeuristicPolicy()        # plays the rollouts
        self._shared: tuple | None = None      # (game, memo of what copies share with it)

    def deploy(self, g: GameState, p: Player) -> None:
        super().deploy(g, p)
        if p is not g.players[-1]:
            return  # the heuristic re-sorts every lane at each deployment: order once, at the end
        base = hash(g.rng.getstate()[1])  # ints hash the same in every process
        for lane in g.players:
            troops = lane.troops
            if len(troops) < 2:
                continue
            best, best_score = None, None
            for order in _candidates(len(troops)):
                score = self._score(g, lane.index, order, base)
                if best_score is None or score < best_score - 1e-9:
                    best, best_score = order, score
            if best is not None:
                troops[:] = [troops[i] for i in best]

    def _score(self, g: GameState, lane: int, order: tuple, base: int) -> float:
        total = 0.0
        for k in range(ROLLOUTS):
            c = self._copy(g, random.Random(f"{base}:{g.round_index}:{lane}:{k}"))
            troops = c.players[lane].troops
            troops[:] = [troops[i] for i in order]
            damage, alive = c.base_damage, sum(len(q.troops) for q in c.players)
            try:
                PH.enemy_deployment_phase(c)
                combat_phase(c)
            except GameOver:
                total += 1000.0
            total += c.base_damage - damage + DEATH_COST * (alive - sum(len(q.troops) for q in c.players))
        return total

    def _copy(self, g: GameState, rng: random.Random) -> GameState:
        """A deep copy of ``g`` that shares the cards, effects and rules with it, is played by the
        heuristic, and has the hidden piles reshuffled with ``rng``."""
        shared = self._shared
        if shared is None or shared[0] is not g:
            shared = self._shared = (g, _shared_memo(g, self, self._inner))
        memo = dict(shared[1])
        memo[id(g.rng)] = rng
        memo[id(g.tally)] = type(g.tally)()  # rollouts leave the game's statistics alone
        c = copy.deepcopy(g, memo)
        w = c.wave
        rng.shuffle(c.enemy_decks[w])
        return c


POLICIES["lookahead"] = LookaheadPolicy  # registered here: policies.py does not import this module


def _candidates(n: int) -> list[tuple[int, ...]]:
    """The heuristic's order first, then each troop moved to the front, then the lane reversed."""
    out = [tuple(range(n))]
    for i in range(1, n):
        out.append((i, *[j for j in range(n) if j != i]))
    rev = tuple(reversed(range(n)))
    if rev not in out:
        out.append(rev)
    return out


def _shared_memo(g: GameState, policy: object, inner: object) -> dict:
    """``deepcopy`` memo entries for everything a copy shares with ``g``: every card in the game
    (found in its piles and lanes), their effects and actions, the rules, and the policy (a copy is
    played by ``inner``)."""
    cards = set(g.xeno_supply.values())
    for piles in (g.enemy_decks, g.enemy_discards, g.bosses, g.troop_decks, g.troop_pools):
        for pile in piles:
            cards.update(pile)
    cards.update(g.item_deck, g.item_pool, g.burned)
    for p in g.players:
        cards.update(p.deck, p.hand, p.discard)
        for u in (*p.troops, *p.enemies):
            cards.add(u.card)
            cards.update(u.equipment)
    memo: dict = {id(g.rules): g.rules, id(policy): inner}
    for c in cards:
        memo[id(c)] = c
        for e in c.effects:
            memo[id(e)] = e
            for a in (*e.actions, *getattr(e, "cost", ())):
                memo[id(a)] = a
    return memo
