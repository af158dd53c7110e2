"""The lookahead player (``--policy lookahead``): a tuned heuristic whose purchases and React
choices are chosen by rollouts.

Three decisions, all played with the rules untouched (rules and policies stay apart):

* **Every other decision** is ``TunedPolicy``'s: the heuristic with three changes measured on the
  same seeds (no troop of an earlier Wave nor one whose ability is a discount, healing from 1 point
  of wear, unused instants discarded at Wrap-Up).
* **Purchase.** Candidate baskets are made by the tuned heuristic itself with some cards left out
  (``BanningPolicy``: nothing, each card of its own basket in turn, every instant, every equipment,
  every troop), and by the plain heuristic (``PLAIN``: its basket may hold the troops the tuned one
  never buys); baskets that come out the same are scored once. Each is scored by ``ROLLOUTS``
  rollouts of the rest of the Round (the other players' purchases, deployment, Enemy Deployment,
  Combat, Wrap-Up, and ``HORIZON - 1`` more Rounds) with the tuned heuristic; the least damage to
  the Base wins, ties keep the heuristic's basket.
* **React windows** (the front enemy face up, before or during its Fight, or overrunning): the
  candidates are passing, the heuristic's own choice and each usable option (an instant in hand, a
  lane ability); each is scored by ``REACT_ROLLOUTS`` rollouts of the rest of the Combat phase and
  Wrap-Up (and ``REACT_HORIZON`` more Rounds). An option chosen is used and the window is asked
  again, until passing or the heuristic's choice wins. Combat runs as nested calls, so a copy
  resumes it by hand: the Fight of the front enemy, the rest of its lane, then the lanes after it.

The copies never see hidden cards. Each rollout puts every pile the players cannot see into one
order that depends only on which cards it holds (sorted by card id), then shuffles it with its own
random source, so neither the real order nor anything else hidden reaches a copy. Hidden, by the
rules (seed 000 = the print-and-play sheet, 001 = the Dreadmire rulebook): the item deck (000 l.10:
shuffled, only the top 6 revealed), every Wave's troop deck, earlier Waves' included (000 l.13-17:
shuffled per Wave, pools of 3 refilled from them, "they may still be purchased"), every Wave's
encounter deck (001 l.214, 000 l.20) and its set-aside Bosses (001 l.214; Round 3 draws "random"
ones, l.425), the players' decks (001 l.163, l.357: shuffled discard piles), and the face-down
enemies in the lanes (001 l.421-422: dealt face down), which ``_redeal`` deals again from the cards
the players cannot tell apart. Discard piles, pools, hands and face-up cards are on the table.
Rollout ``k`` of a decision uses ``random.Random`` seeded from the game's random state, the decision
(Round and player, or enemy, window and step) and ``k`` — never the game's own draws, never global
randomness — so a game is the same for a seed on any worker, and every candidate of a decision is
scored on the same deals (common random numbers).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from pnpgen.simulate import executor as X
from pnpgen.simulate import phases as PH
from pnpgen.simulate import primitives as P
from pnpgen.simulate.combat import combat_lane, combat_phase, fight
from pnpgen.simulate.policies import POLICIES, REACT, HeuristicPolicy, _usable
from pnpgen.simulate.state import GameOver, GameState, Player, Tally, Unit

ROLLOUTS = 8      # deals per candidate
HORIZON = 1       # Rounds played by a rollout: this one (two measured no better)
LOSS = 1000.0     # score of a rollout in which the Base falls (normal difficulty)
REACT_ROLLOUTS = 4  # deals per candidate at a React window
REACT_HORIZON = 0   # Rounds after this Combat a React rollout plays
_HEURISTIC = "heuristic"  # React candidates besides the options: the heuristic's own choice, and passing
_PASS = "pass"


class TunedPolicy(HeuristicPolicy):
    """The heuristic with three changes measured to help (docs/simulation.md, "The lookahead
    player"): it buys no troop of an earlier Wave and no troop whose ability is a discount (Research
    Officer, Ranger, Research Captain: weak bodies that come back in later hands in place of
    Xenosathem cards), heals a lane from 1 point of wear (not 3), and discards the instants still in
    hand at Wrap-Up (the rulebook allows it: a card kept in hand is a card not drawn). The lookahead
    player and its rollouts play with it."""

    heal_worth = 1

    def _values(self, g: GameState, p: Player, cards: Any) -> list:
        cards = list(cards)
        values = super()._values(g, p, cards)
        wave = g.wave
        for i, c in enumerate(cards):
            if c.is_troop and (c.wave < wave or c.discount_effects):
                values[i] = 0.0
        return values

    def wrap_up(self, g: GameState, p: Player) -> None:
        super().wrap_up(g, p)
        instants = [c for c in p.hand if c.is_item and c.kind != "equipment"]
        for c in instants:  # 001 Wrap-Up: "discard any cards from their hand that they wish"
            p.hand.remove(c)
            p.discard.append(c)


PLAIN = "plain"  # in a ban set: value the market as the plain heuristic does (its survival buys)


class BanningPolicy(TunedPolicy):
    """The tuned heuristic, buying as if the cards of ``banned`` were worth nothing (a candidate
    basket); with ``PLAIN`` in ``banned``, valuing the cards as the plain heuristic does."""

    def __init__(self) -> None:
        super().__init__()
        self.banned: frozenset = frozenset()

    def _values(self, g: GameState, p: Player, cards: Any) -> list:
        cards = list(cards)
        if PLAIN in self.banned:
            return HeuristicPolicy._values(self, g, p, cards)
        values = super()._values(g, p, cards)
        banned = self.banned
        if banned:
            for i, c in enumerate(cards):
                if c in banned:
                    values[i] = 0.0
        return values


def _score(c: GameState, rest, rounds: int) -> float:
    """A rollout's score on the copy ``c``: the Base damage it takes while ``rest`` plays out the
    searched Round and ``rounds`` more Rounds are played, ``LOSS`` more if the Base falls."""
    damage = c.base_damage
    try:
        rest()
        for _ in range(rounds):
            if c.won:
                break
            PH.play_round(c)
    except GameOver:
        return LOSS + c.base_damage - damage
    return c.base_damage - damage


class LookaheadPolicy(TunedPolicy):
    """``TunedPolicy`` whose purchases and React choices are chosen by rollouts (module docstring)."""

    name = "lookahead"
    search_purchase = True   # which decisions are searched (the others are the heuristic's)
    search_react = True
    # also score the plain heuristic's basket: the tuned one never buys earlier-Wave or discount
    # troops (Research Officers), which cost the Base rounds at normal difficulty (docs/simulation.md)
    plain_candidate = True

    def __init__(self) -> None:
        super().__init__()
        self._inner = TunedPolicy()            # plays the rollouts
        self._buyer = BanningPolicy()          # makes the candidate baskets
        self._shared: tuple | None = None      # (game, memo of what copies share with it)

    # -- purchase -------------------------------------------------------------------------------
    def purchase(self, g: GameState, p: Player) -> None:
        if not self.search_purchase:
            return super().purchase(g, p)
        self._buyer.banned = self.choose_basket(g, p)
        self._buyer.purchase(g, p)

    def choose_basket(self, g: GameState, p: Player) -> frozenset:
        """The ban set whose basket scores best in the rollouts (the heuristic's own on ties)."""
        base = f"{hash(g.rng.getstate()[1])}:{g.round_index}:{p.index}"  # ints hash alike everywhere
        cands = self._candidates(g, p, base)
        best = cands[0]
        if len(cands) > 1:
            best_score = None
            for ban in cands:
                score = 0.0
                for k in range(ROLLOUTS):
                    score += self._rollout(g, p, ban, random.Random(f"{base}:{k}"))
                if best_score is None or score < best_score - 1e-9:
                    best, best_score = ban, score
        return best

    def _candidates(self, g: GameState, p: Player, base: str) -> list[frozenset]:
        """Ban sets whose baskets differ, the heuristic's own (nothing banned) first. The baskets are
        made on a copy with the hidden piles shuffled (a pool refill is not seen before it is drawn)."""
        market = {e[2].id: e[2] for e in PH.market(g)}
        seen: set = set()
        out: list[frozenset] = []

        def add(ban: frozenset) -> dict:
            c = self._copy(g, random.Random(f"{base}:dry"))
            self._buyer.banned = ban
            self._buyer.purchase(c, c.players[p.index])
            bought = c.tally.bought
            key = tuple(sorted(bought.items()))
            if key not in seen:
                seen.add(key)
                out.append(ban)
            return bought

        own = [market[i] for i in add(frozenset()) if i in market]
        for card in own:
            add(frozenset({card}))
        for kind in (_is_instant, _is_equipment, _is_troop):
            if any(map(kind, own)):
                add(frozenset(filter(kind, market.values())))
        if self.plain_candidate:
            add(frozenset({PLAIN}))
        return out

    def _rollout(self, g: GameState, p: Player, ban: frozenset, rng: random.Random) -> float:
        c = self._copy(g, rng)
        inner = self._inner

        def rest() -> None:
            q = c.players[p.index]
            self._buyer.banned = ban
            self._buyer.purchase(c, q)
            q.resources = 0
            q.discounts = []
            for q in c.players[p.index + 1:]:
                q.resources = 0
                q.discounts = []
                inner.purchase(c, q)
                q.resources = 0
                q.discounts = []
            c.purchase_open = False
            PH.deployment_phase(c)
            PH.enemy_deployment_phase(c)
            combat_phase(c)
            PH.wrap_up_phase(c)

        return _score(c, rest, HORIZON - 1)

    # -- React windows ----------------------------------------------------------------------------
    def react(self, g: GameState, window: str, e: Unit) -> None:
        """Each usable option, passing, and the heuristic's own choice, scored by rollouts of the
        rest of the Combat phase (and ``REACT_HORIZON`` Rounds); an option chosen is used and the
        window asked again, until passing or the heuristic wins."""
        if not self.search_react:
            return super().react(g, window, e)
        enemies = g.players[e.lane].enemies
        for step in range(4):
            if not e.in_play or not enemies or enemies[0] is not e or not _usable(g, REACT):
                return
            best = self.choose_react(g, window, e, step)
            if best is _HEURISTIC:
                super().react(g, window, e)
                return
            if best is _PASS:
                return
            self._focus = e
            X.use(g, best)
            self._focus = None

    def choose_react(self, g: GameState, window: str, e: Unit, step: int) -> Any:
        """``_HEURISTIC``, ``_PASS`` or the usable option that scores best in the rollouts."""
        opts, seen = [], set()
        for o in X.options(g, REACT):
            key = (o.player, o.card, o.unit, id(o.effect))
            if key not in seen:
                seen.add(key)
                opts.append(o)
        cands: list = [_HEURISTIC, _PASS, *opts]
        base = f"{hash(g.rng.getstate()[1])}:{g.round_index}:{e.serial}:{window}:{step}:{g.base_damage}"
        best, best_score = _HEURISTIC, None
        for cand in cands:
            score = 0.0
            for k in range(REACT_ROLLOUTS):
                score += self._react_rollout(g, window, e, cand, random.Random(f"{base}:{k}"))
            if best_score is None or score < best_score - 1e-9:
                best, best_score = cand, score
        return best

    def _react_rollout(self, g: GameState, window: str, e: Unit, cand: Any, rng: random.Random) -> float:
        memo: dict = {}
        c = self._copy(g, rng, memo)
        ce = memo[id(e)]
        lane = e.lane
        inner = self._inner

        def rest() -> None:
            if cand is _HEURISTIC:
                inner.react(c, window, ce)
            elif cand is not _PASS:
                unit = memo.get(id(cand.unit)) if cand.unit is not None else None
                inner._focus = ce
                X.use(c, X.Option(cand.player, cand.card, unit, cand.effect))
                inner._focus = None
            q = c.players[lane]
            if window == "fight" and ce.in_play and q.enemies and q.enemies[0] is ce and q.troops:
                fight(c, lane, ce)
            combat_lane(c, lane)
            n = len(c.players)
            order = [(c.first_player + i) % n for i in range(n)]
            for other in order[order.index(lane) + 1:]:
                combat_lane(c, other)
            PH.wrap_up_phase(c)

        return _score(c, rest, REACT_HORIZON)

    def _copy(self, g: GameState, rng: random.Random, memo: dict | None = None) -> GameState:
        """A deep copy of ``g`` that shares the cards, effects and rules with it, is played by the
        heuristic, and has every hidden pile reshuffled and its face-down enemies dealt again with
        ``rng`` (module docstring)."""
        shared = self._shared
        if shared is None or shared[0] is not g:
            shared = self._shared = (g, _shared_memo(g, self, self._inner))
        if memo is None:
            memo = {}
        memo.update(shared[1])
        memo[id(g.rng)] = rng
        memo[id(g.tally)] = Tally()  # rollouts leave the game's statistics alone
        c = copy.deepcopy(g, memo)
        for pile in hidden_piles(c):
            pile.sort(key=_card_id)  # the real order is hidden: start every copy from the same one
            rng.shuffle(pile)
        _redeal(c, rng)
        return c


POLICIES["lookahead"] = LookaheadPolicy  # registered here: policies.py does not import this module


def hidden_piles(g: GameState) -> list[list]:
    """The piles whose order (and so whose next cards) the players cannot see (module docstring):
    the item deck, every Wave's troop and encounter decks and set-aside Bosses, the players' decks."""
    return [g.item_deck, *g.troop_decks[1:], *g.enemy_decks[1:], *g.bosses[1:], *(q.deck for q in g.players)]


def _card_id(card: Any) -> str:
    return card.id


# what stays with a face-down enemy dealt again: what the table shows, not what its card says
_PUBLIC_MARKS = ("damage", "temp_power", "next_attack", "strike_first_next", "cancel_reveal", "attacked")


def _redeal(c: GameState, rng: random.Random) -> None:
    """Deal the face-down enemies of ``c`` again from what the players cannot tell apart: the cards
    under them and the Wave's encounter deck (Bosses from the face-down Bosses and the set-aside
    ones, on as many face-down places, chosen at random: the players know how many were dealt).
    Every face-down place gets a new unit with its place's marks, whether or not the card is the
    same, so nothing of the card that lay there is left in the copy."""
    down = [u for q in c.players for u in q.enemies if not u.face_up and not u.converted and u.owner < 0]
    if not down:
        return
    w = c.wave
    deck, bosses = c.enemy_decks[w], c.bosses[w]
    plain = [u.card for u in down if not u.card.boss] + deck
    big = [u.card for u in down if u.card.boss] + bosses
    n_boss = len(down) - (len(plain) - len(deck))
    plain.sort(key=_card_id)  # which face-down card lay where is hidden: one order for every copy
    big.sort(key=_card_id)
    rng.shuffle(plain)
    rng.shuffle(big)
    boss_at = set(rng.sample(range(len(down)), n_boss))
    for i, u in enumerate(down):
        card = big.pop() if i in boss_at else plain.pop()
        lane = c.players[u.lane].enemies
        j = lane.index(u)
        P.unregister(c, u)
        u.in_play = False
        fields = P.unit_template(card)
        lane[j] = v = Unit(card, -1, u.lane, True, u.serial, fields)
        for mark in _PUBLIC_MARKS:
            setattr(v, mark, getattr(u, mark))
        P._index(c, v, fields[-1])  # as place_enemy indexes a new face-down enemy
    deck[:] = plain
    bosses[:] = big


def _is_instant(card: Any) -> bool:
    return card.is_item and card.kind != "equipment"


def _is_equipment(card: Any) -> bool:
    return card.is_item and card.kind == "equipment"


def _is_troop(card: Any) -> bool:
    return card.is_troop


def _shared_memo(g: GameState, policy: object, inner: object) -> dict:
    """``deepcopy`` memo entries for everything a copy shares with ``g``: every card in the game
    (found in its piles and lanes), their effects and actions, the rules, the engine's triggers and the
    policy (a copy is played by ``inner``)."""
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
    memo: dict = {id(g.rules): g.rules, id(g.triggers): g.triggers, id(policy): inner}
    for c in cards:
        memo[id(c)] = c
        for e in c.effects:
            memo[id(e)] = e
            for a in (*e.actions, *getattr(e, "cost", ())):
                memo[id(a)] = a
    return memo
