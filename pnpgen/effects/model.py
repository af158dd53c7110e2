"""The effect vocabulary: the typed values an ability text parses into.

This module owns the *meaning* of an effect tree. The parser (``parser.py``/``grammar.py``) builds
these values; the validator reads them; the simulator executes them through a small set of state
primitives. Everything here is a frozen value with no behaviour beyond small helpers, so trees can
be compared, hashed and turned into JSON (``describe.py``).

How an engine reads an ``Effect``
---------------------------------
1. ``wave`` (a ``WaveGate``): the effect exists only while the current Wave satisfies the gate.
2. ``trigger``: *when* the effect happens (see ``Event`` below for each event's exact moment).
3. ``limit``: ``ONCE_PER_ROUND`` — at most one use per Round per card instance (reset in the Draw
   phase); ``FIRST_TIME`` — only the first time the trigger happens for this card instance while it
   stays in play (a card that leaves play and returns starts fresh).
4. ``condition``: checked when the trigger happens (for STATIC effects: continuously); if false,
   nothing happens.
5. ``cost``: actions the player must be able to perform and performs first (``X TO Y`` texts:
   "DISCARD THIS CARD (FROM HAND) TO GAIN ..."). If a cost cannot be paid, the effect cannot be used.
6. ``actions`` in order. ``joins[i]`` says how ``actions[i + 1]`` follows ``actions[i]``:
   AND / THEN: do both, in order (THEN: the first must have resolved, e.g. after a kill);
   AND_OR: consecutive actions joined by AND_OR form one choice group — the player performs a
   non-empty subset of the group, in printed order.
   ``optional`` ("MAY"): the controlling player may decline the whole effect.
   ``replacement`` ("INSTEAD"): the actions replace the triggering event (the kill / the damage does
   not happen, the actions happen in its place).

Anaphora ("THAT ENEMY", "IT", "THAT CARD", "THE BURNED TROOP", "THAT MUCH", "THAT DAMAGE") is
``Selector.THAT``: it names the most recent entity of that kind bound *in the same effect* — first
the trigger's participants (the killed troop, the damaged enemy, the purchased card, the revealed
enemy for REVEAL, the *source* of the damage for damage triggers), then each earlier action's
target in order (a TARGET/BURN/DISCARD/PLACE binds what it touched; a PREVENT_DAMAGE binds the
prevented damage's source as THAT ENEMY and the prevented amount as THAT MUCH).
``Kind.CARD`` + ``Selector.THAT`` ("IT") is the most recent bound entity of any kind.
In a ``Trigger``, a CHOOSE subject/object ("A TROOP", "AN ENEMY", "ANOTHER TROOP") means *any*
matching entity; the one that caused the trigger is then bound for THAT. ``StatRef(stat=Stat.DAMAGE_EVENT)`` is the amount of damage of the triggering
damage event, or of the damage prevented/dealt by the previous action in the effect.

Whose lane: every card on the board sits in one *lane*, a NorTec lane (troops, front = left) paired
with an Enemy lane (enemies, front = right, the next to be revealed). ``Zone.THIS_LANE`` is the lane
of the card bearing the ability; for an item, the lane of the troop it is equipped to; for an instant
played from hand, the lane of the player who plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Kind(str, Enum):
    """What a target is."""

    TROOP = "troop"          # a NorTec troop card (in a lane unless a zone says otherwise)
    ENEMY = "enemy"          # an enemy card in an enemy lane (face-up unless filtered "face-down")
    CARD = "card"            # any card (in a pile: hand, deck, discard)
    ITEM = "item"            # an item card (equipped, in hand or in a pile)
    EQUIPMENT = "equipment"  # an equipment item card equipped to a troop
    BASE = "base"            # the Base (its HP is shared by all players)
    PLAYER = "player"        # a player (used for "A PLAYER PURCHASES ...")
    DAMAGE = "damage"        # a damage event, for "DAMAGE FROM THIS ENEMY CANNOT BE PREVENTED"


class Selector(str, Enum):
    """How a target picks entities among those matching kind/zone/filters."""

    SELF = "self"        # the card bearing the ability (THIS TROOP/ENEMY/CARD; for an equipped item
                         # "THIS TROOP" is the troop it is equipped to)
    THAT = "that"        # anaphora: see the module docstring
    CHOOSE = "choose"    # ``count`` entities chosen by the controlling player (1, A, AN, ANY)
    ALL = "all"          # every matching entity (ALL, EACH, ANY EQUIPMENT)
    FIRST = "first"      # the front-most ``count`` entities of the lane (troop front = left,
                         # enemy front = the next to fight)
    LAST = "last"        # the back-most ``count`` entities of the lane
    NEXT = "next"        # the entity directly behind the bound one in its lane
    TOP = "top"          # the top ``count`` cards of a pile/deck (discard top = most recent);
                         # with filters, the topmost matching cards ("THE TOP TROOP CARD")
    NEW = "new"          # cards that enter play from a deck or supply (new face-down enemies drawn
                         # from the current Wave's encounter deck; Xenosathem cards from the supply)
    CHOSEN_BY_OWNER = "chosen-by-owner"  # ``count`` chosen by the lane's owner


class Zone(str, Enum):
    """Where targets are looked for."""

    THIS_LANE = "this-lane"   # the lane of the ability's card (see module docstring)
    THAT_LANE = "that-lane"   # the lane of the entity bound by THAT
    ITS_LANE = "its-lane"     # the target's own lane
    ANY_LANE = "any-lane"     # one lane of any player, chosen by the controlling player
    HAND = "hand"             # the owner's hand
    DECK = "deck"             # the owner's draw deck
    DISCARD = "discard"       # the owner's discard pile
    EQUIPPED = "equipped"     # equipped to the troop given by ``Target.on``
    ENEMY_DECK = "enemy-deck"  # the current Wave's encounter deck (or the given wave's, filter wave=N)
    SUPPLY = "supply"         # the Xenosathem stacks on the Wave dashboard
    BOARD = "board"           # anywhere in play (default for triggers on "A TROOP", "AN ENEMY")


class Filter(str, Enum):
    """Extra restrictions on a target."""

    REVEALED = "revealed"        # a face-up enemy (flipped by Reveal)
    FACE_DOWN = "face-down"      # enters/is face-down
    NON_BOSS = "non-boss"        # not a Boss enemy
    DAMAGED = "damaged"          # has at least 1 damage token
    OTHER = "other"              # excludes the ability's own card
    ADDITIONAL = "additional"    # another one beyond those already involved (no rules effect)
    KILLED_THIS_ROUND = "killed-this-round"  # killed in this lane this Round (used with counts)
    DAMAGED_BY_SELF = "damaged-by-self"      # damaged by the ability's card
    BURNED = "burned"            # the cards burned by the previous action of the effect
    TROOP_CARD = "troop-card"    # a troop card (in a pile)
    ITEM_CARD = "item-card"      # an item card (in a pile / being purchased)


class Stat(str, Enum):
    POWER = "power"
    HP = "hp"               # maximum Hit Points (printed + boosts)
    POWER_AND_HP = "power+hp"
    COST = "cost"           # resource cost; Xenosathem cards count as 0 (rulebook)
    DAMAGE_ON = "damage-on"  # damage tokens currently on the card
    DAMAGE_EVENT = "damage-event"  # amount of the triggering / previous damage ("THAT MUCH")


class Duration(str, Enum):
    INSTANT = "instant"                 # a one-off change of state
    WHILE_IN_LANE = "while-in-lane"     # continuous while the ability's card is in a lane
    THIS_ATTACK = "this-attack"         # the attack that triggered the effect
    NEXT_ATTACK = "next-attack"         # the target's next attack (Fight step) only
    END_OF_ROUND = "end-of-round"       # until the Wrap-Up phase of this Round (cumulative)
    UNTIL_KILLED = "until-killed"       # until the target is killed / leaves play
    CONTINUOUS = "continuous"           # a static property of the card


class Verb(str, Enum):
    """Actions. ``target`` is what is acted on; ``amount`` how much. Exact semantics:"""

    DEAL_DAMAGE = "deal-damage"        # put ``amount`` damage tokens on each target; a target with
                                       # damage >= HP is killed. Damaging a face-down enemy first
                                       # reveals it (its REVEAL resolves), then applies the damage.
    PREVENT_DAMAGE = "prevent-damage"  # reduce pending damage to ``target`` by ``amount`` (ALL =
                                       # all of it); ``source`` restricts which damage; bound as
                                       # THAT MUCH for later actions (the amount actually prevented).
                                       # ``target`` None: the triggering damage. Used as a USE (an
                                       # instant), it is played while damage to the target is
                                       # pending; an engine without reaction windows may model it
                                       # as a shield absorbing up to ``amount`` of the target's
                                       # next damage this Round.
    HEAL = "heal"                      # remove up to ``amount`` damage tokens from each target
    HEAL_TO = "heal-to"                # set damage so the target has exactly ``amount`` HP left
                                       # (``amount.all`` = remove all damage, "HEAL IT TO FULL")
    REDIRECT_DAMAGE = "redirect-damage"  # the triggering damage (up to ``amount``) is dealt to
                                       # ``target`` instead of its original recipient
    BURN = "burn"                      # remove the target cards from the game (into the box)
    DISCARD = "discard"                # move the target cards to their owner's discard pile
                                       # (enemies: to the encounter discard)
    KILL = "kill"                      # the target is killed (kill triggers apply)
    PLACE = "place"                    # move the target card(s) to ``destination``
    SPAWN_ENEMY = "spawn-enemy"        # draw ``amount`` enemies from ``target`` (NEW/ENEMY_DECK,
                                       # filter wave) and put them face-down at ``destination``
    GAIN_CARD = "gain-card"            # take ``amount`` cards named ``card`` from the supply to
                                       # ``destination`` (a pile)
    ADVANCE = "advance"                # move the target to the front of its lane (``destination``),
                                       # pushing the others back; fires ADVANCES triggers
    REVERSE_ORDER = "reverse-order"    # reverse the order of the target cards in their lane
    MODIFY_STAT = "modify-stat"        # add ``amount`` to ``stat`` of each target for ``duration``
    BOOST_ATTACK = "boost-attack"      # the target's attack (``duration``) deals ``amount`` more
    INCREASE_DAMAGE = "increase-damage"  # the triggering damage event is increased by ``amount``
    REDUCE_DAMAGE_TAKEN = "reduce-damage-taken"  # damage each target suffers is reduced by ``amount``
    STRIKE_FIRST = "strike-first"      # in the Fight step the target deals its damage before the
                                       # opposing card attacks (damage back only if it survives)
    ATTACK_MULTIPLE = "attack-multiple"  # the target's attack damage goes to each of ``victims``
    EXCESS_DAMAGE = "excess-damage"    # attack damage above the victim's remaining HP goes to the
                                       # next troop (``amount`` = how many extra troops, None = no
                                       # limit); ``to_base``: with no next troop the Base suffers it
    UNPREVENTABLE = "unpreventable"    # damage from the target cannot be prevented
    UNTARGETABLE = "untargetable"      # items and abilities may not target the target
    CANNOT_EQUIP = "cannot-equip"      # the target may never be equipped (with ``card`` item type,
                                       # "" when the icon was lost in extraction)
    CANNOT_BE_PURCHASED = "cannot-be-purchased"  # the card is never bought from the market
    REDUCE_COST = "reduce-cost"        # the target's cost is reduced by ``amount`` (not below 0)
                                       # for one purchase: the purchased card of a PURCHASED
                                       # trigger, else the next matching card bought this Round
    GAIN_RESOURCES = "gain-resources"  # add ``amount`` resources for this Purchase phase
    CANCEL_REVEAL = "cancel-reveal"    # the target enemy's Reveal ability does not resolve
    TARGET = "target"                  # choose/bind the target for later THAT/IT references
    DEPLOY = "deploy"                  # put the target troop into a lane zone now (outside the
                                       # Deployment phase); ``instant``: allowed any time an instant
                                       # may be played, with any equipment
    BECOME_ENEMY = "become-enemy"      # the target troop is an enemy (loses printed abilities) for
                                       # ``duration``; goes to its owner's discard when it leaves
    BECOME_TROOP = "become-troop"      # the target card (an item) is a troop while in lane


class EventKind(str, Enum):
    """Trigger events. ``Trigger.subject`` is whose event; ``Trigger.object`` the other party."""

    STATIC = "static"            # no event: the effect holds continuously while the card is in play
    USE = "use"                  # the controller uses it when the rules allow: an instant when it is
                                 # played; an equipped item/troop ability at any time an instant
                                 # may be played (usually with limit ONCE_PER_ROUND); a Xenosathem
                                 # upgrade during the Wrap-Up phase
    FROM_HAND = "from-hand"      # used from its owner's hand (its cost discards/burns this card)
    REVEAL = "reveal"            # this enemy is flipped face-up (Reveal step, or damaged face-down)
    PLAYED = "played"            # this card is played from hand
    KILLED = "killed"            # subject is killed (damage >= HP or KILL)
    WOULD_BE_KILLED = "would-be-killed"  # subject is about to be killed (replacement)
    DAMAGED = "damaged"          # subject is being dealt damage (> 0): fires after earlier
                                 # prevention, before the tokens are placed, so the effect's own
                                 # PREVENT/REDIRECT still applies to that damage
    WOULD_BE_DAMAGED = "would-be-damaged"  # damage from ``source`` is about to be dealt to subject
                                 # (replacement / modification: PREVENT, INCREASE_DAMAGE)
    ATTACKS = "attacks"          # subject attacks in the Fight step
    ATTACKED_SURVIVES = "attacked-survives"  # subject was attacked in a Fight and not killed
    ATTACKS_BASE = "attacks-base"  # subject deals its damage to the Base (Overrun)
    ADVANCES = "advances"        # subject moves toward the front of its lane (ADVANCE, or moved up
                                 # because the card in front of it was killed)
    KILLS = "kills"              # subject kills ``object``
    DEALS_DAMAGE = "deals-damage"  # subject deals damage to ``object``
    PURCHASED = "purchased"      # a player purchases ``object`` (a card matching its filters)


class Limit(str, Enum):
    NONE = "none"
    ONCE_PER_ROUND = "once-per-round"
    FIRST_TIME = "first-time"


class Join(str, Enum):
    AND = "and"
    THEN = "then"
    AND_OR = "and-or"


@dataclass(frozen=True)
class Target:
    """Which entities an action or trigger concerns.

    ``count`` is how many (None = all that match). ``zone`` where they are; ``on`` for equipment,
    the troop carrying it. ``wave``/``wave_plus`` restrict a card's wave (WAVE 2 / WAVE 2+ TROOP).
    ``card`` is a card name ("1 XENOSATHEM").
    """

    kind: Kind
    selector: Selector = Selector.CHOOSE
    count: int | None = 1
    zone: Zone | None = None
    filters: tuple[Filter, ...] = ()
    on: Target | None = None
    wave: int | None = None
    wave_plus: bool = False
    card: str | None = None


@dataclass(frozen=True)
class StatRef:
    """A number read from the game: ``stat`` of ``of`` (``of`` None for DAMAGE_EVENT)."""

    stat: Stat
    of: Target | None = None


@dataclass(frozen=True)
class Amount:
    """A number: (value + wave*W [+ ref]) [halved, rounded up] [x count(per)] + plus.

    ``wave``: multiplier of the current Wave number (W). ``up_to``: a maximum, the player may use
    less. ``all``: everything (ALL DAMAGE). ``per``: multiply by the number of entities matching.
    """

    value: int = 0
    wave: int = 0
    ref: StatRef | None = None
    half_round_up: bool = False
    per: Target | None = None
    plus: Amount | None = None
    up_to: bool = False
    all: bool = False


@dataclass(frozen=True)
class Position:
    """Where a moved card goes: the ``end`` of the ``side`` of lane ``zone``, or the top of a pile."""

    side: str        # "troop" (NorTec lane) | "enemy" (Enemy lane) | "own" (the side the moved
                     # card is on: a troop's NorTec lane, an enemy's Enemy lane) | "pile"
    end: str         # "front" | "back" (behind the last card; no limit for enemies, rulebook)
                     # | "top" (of the pile ``zone``: DISCARD)
    zone: Zone = Zone.THIS_LANE


@dataclass(frozen=True)
class Condition:
    """A test. EXISTS/NOT_EXISTS: some/no entity matches ``target``.
    IS_NOT: ``target`` is not the entity ``other`` (e.g. not the first troop in lane)."""

    kind: str          # "exists" | "not-exists" | "is" | "is-not"
    target: Target
    other: Target | None = None


@dataclass(frozen=True)
class Action:
    verb: Verb
    target: Target | None = None
    amount: Amount | None = None
    duration: Duration = Duration.INSTANT
    stat: Stat | None = None
    destination: Position | None = None
    source: str | None = None        # restricts which damage: "enemy-ability", "reveal"
    victims: Target | None = None    # ATTACK_MULTIPLE
    card: str | None = None          # GAIN_CARD card name; CANNOT_EQUIP item type
    optional: bool = False
    instant: bool = False            # DEPLOY: any time an instant may be played
    to_base: bool = False            # EXCESS_DAMAGE: remainder hits the Base
    condition: Condition | None = None  # trailing "IF ..." on this action only (checked
                                        # continuously for CONTINUOUS/WHILE_IN_LANE actions)
    snapshot: EventKind | None = None   # the amount is computed once at this event ("+1 POWER FOR
                                        # EACH TROOP IN LANE WHEN IT IS REVEALED"), not continuously


@dataclass(frozen=True)
class Trigger:
    event: EventKind
    subject: Target | None = None
    object: Target | None = None
    source: str | None = None        # "reveal", "enemy-ability", "ability-or-item"
    alternatives: tuple[Trigger, ...] = ()  # any of these events (OR)


@dataclass(frozen=True)
class WaveGate:
    """The effect is active in wave ``wave`` (``plus``: and later waves)."""

    wave: int
    plus: bool = False

    def allows(self, current_wave: int) -> bool:
        return current_wave >= self.wave if self.plus else current_wave == self.wave


@dataclass(frozen=True)
class Variant:
    """A known irregular spelling the grammar accepted; the validator reports it."""

    code: str      # e.g. "double-colon", "line-break-hyphen", "double-period", "missing-icon"
    text: str      # the original text of the span
    offset: int    # character offset in the ability text


@dataclass(frozen=True)
class Effect:
    trigger: Trigger
    actions: tuple[Action, ...]
    condition: Condition | None = None
    cost: tuple[Action, ...] = ()
    wave: WaveGate | None = None
    limit: Limit = Limit.NONE
    joins: tuple[Join, ...] = ()
    optional: bool = False
    replacement: bool = False
    custom: str | None = None        # name of a registered custom effect (custom.py)
    text: str = field(default="", compare=False)
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class UnparsedSpan:
    """A sentence the grammar could not read; ``first_word_stopped_at`` is where it got stuck."""

    text: str
    first_word_stopped_at: str
    offset: int


@dataclass(frozen=True)
class ParseResult:
    effects: tuple[Effect, ...]
    unparsed: tuple[UnparsedSpan, ...] = ()
    customs: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.unparsed
