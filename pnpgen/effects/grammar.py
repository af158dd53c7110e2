"""The ability-text grammar: PEG rules from tokens to effect-tree values.

One rule per phrase shape of the Xenoshyft card language, never one per card. The rules build
``model`` values directly. Reading order, smallest first: amounts, targets, destinations, actions
(imperative "DEAL ...", or subject + predicate "THIS TROOP GAINS ..."), action lists, trigger
events, conditions, and ``SENTENCE``: one effect sentence. ``parser.py`` drives SENTENCE over a whole
text, joins continuation sentences and reports what does not parse.

Markers: the action-list rules yield ``Action`` values mixed with the ``MAY``/``THEN``/``INSTEAD``
and connector markers below; ``parser.build_effect`` folds them into the ``Effect`` fields.
"""

from __future__ import annotations

from dataclasses import replace

from pnpgen.effects import model as m
from pnpgen.effects.model import Amount, Kind, Selector, Target, Verb, Zone
from pnpgen.effects.peg import (
    P, alt, flag, kw, lit, many, maybe, not_ahead, number, opt, quoted, ref, seq, variant, word,
)

# ---------------------------------------------------------------------------------------------
# markers carried through action lists


class Marker(str):
    """A word that changes how the surrounding actions run, not an action itself."""


MAY, THEN, INSTEAD = Marker("may"), Marker("then"), Marker("instead")
AND, AND_OR = Marker("and"), Marker("and-or")

# ---------------------------------------------------------------------------------------------
# numbers and amounts

NUM = number()


def _w(*words: str) -> P:
    """A verb in base or third-person form: _w("DEAL") matches DEAL and DEALS."""
    forms = []
    for w in words:
        forms += [w, w + "S"]
    return kw(*forms)


WAVE_AMOUNT = seq(maybe(lit("+")), lit("(W)"), opt(seq(lit("+"), NUM))).map(
    lambda plus: Amount(wave=1, value=plus or 0))
CONST_AMOUNT = seq(maybe(lit("+")), NUM).map(lambda n: Amount(value=n))
NUM_AMOUNT = alt(WAVE_AMOUNT, CONST_AMOUNT)
UP_TO_AMOUNT = alt(
    seq(lit("UP TO"), NUM_AMOUNT).map(lambda a: replace(a, up_to=True)),
    NUM_AMOUNT,
)
ALL_AMOUNT = lit("ALL").const(Amount(all=True))

# ---------------------------------------------------------------------------------------------
# targets

_NOUNS: dict[str, tuple[Kind, tuple[m.Filter, ...]]] = {
    "TROOP": (Kind.TROOP, ()), "TROOPS": (Kind.TROOP, ()),
    "ENEMY": (Kind.ENEMY, ()), "ENEMIES": (Kind.ENEMY, ()),
    "CARD": (Kind.CARD, ()), "CARDS": (Kind.CARD, ()),
    "ITEM": (Kind.ITEM, ()), "ITEMS": (Kind.ITEM, ()),
    "EQUIPMENT": (Kind.EQUIPMENT, ()),
}

NOUN = alt(
    seq(word("TROOP"), word("CARD", "CARDS")).const((Kind.CARD, (m.Filter.TROOP_CARD,))),
    seq(word("ITEM"), word("CARD", "CARDS")).const((Kind.ITEM, (m.Filter.ITEM_CARD,))),
    seq(word("EQUIPMENT"), word("CARD", "CARDS")).const((Kind.EQUIPMENT, ())),
    word(*_NOUNS).map(lambda w: _NOUNS[w]),
)

# Adjectives before the noun: ("filter", F) | ("wave", n, plus) | ("card", name)
ADJ = alt(
    word("REVEALED").const(("filter", m.Filter.REVEALED)),
    word("NON-BOSS").const(("filter", m.Filter.NON_BOSS)),
    word("DAMAGED").const(("filter", m.Filter.DAMAGED)),
    word("OTHER").const(("filter", m.Filter.OTHER)),
    word("ADDITIONAL").const(("filter", m.Filter.ADDITIONAL)),
    seq(lit("WAVE"), NUM, flag(lit("+"))).map(lambda n, plus: ("wave", n, plus)),
    quoted().map(lambda name: ("card", name)),
)

# A lane named after IN / OF: which Zone it is.
LANE = alt(
    lit("THIS LANE").const(Zone.THIS_LANE),
    lit("YOUR LANE").const(Zone.THIS_LANE),
    lit("THAT LANE").const(Zone.THAT_LANE),
    lit("ITS LANE").const(Zone.ITS_LANE),
    lit("ANY PLAYER'S LANE").const(Zone.ANY_LANE),
    seq(NUM, lit("LANE")).const(Zone.ANY_LANE),
    lit("THE ENEMY LANE").const(Zone.THIS_LANE),
    lit("LANE").const(Zone.THIS_LANE),
)

TARGET: P = ref(lambda: _TARGET)

# Modifiers after the noun: ("zone", Z) | ("on", T) | ("filter", F) | ("selector", S) | None
POST = alt(
    lit("KILLED IN LANE THIS ROUND").const(("filter", m.Filter.KILLED_THIS_ROUND)),
    lit("DAMAGED BY THIS ENEMY").const(("filter", m.Filter.DAMAGED_BY_SELF)),
    seq(word("IN", "FROM"), lit("YOUR DISCARD"), maybe(lit("PILE"))).const(("zone", Zone.DISCARD)),
    lit("( FROM HAND )").const(("zone", Zone.HAND)),
    lit("FROM HAND").const(("zone", Zone.HAND)),
    lit("FROM YOUR HAND").const(("zone", Zone.HAND)),
    lit("OF YOUR DECK").const(("zone", Zone.DECK)),
    lit("( IF ANY )").const(("filter", None)),
    seq(lit("IN"), LANE).map(lambda z: ("zone", z)),
    seq(lit("ON"), TARGET).map(lambda t: ("on", t)),
    word("FACE-DOWN").const(("filter", m.Filter.FACE_DOWN)),
    word("BURNED").const(("filter", m.Filter.BURNED)),
    lit(", CHOSEN BY OWNER").const(("selector", Selector.CHOSEN_BY_OWNER)),
)

# Determiners: (selector, count, extra filters)
DET = alt(
    lit("THIS").const((Selector.SELF, 1, ())),
    lit("THAT").const((Selector.THAT, 1, ())),
    lit("THE BURNED").const((Selector.THAT, 1, (m.Filter.BURNED,))),
    seq(lit("THE FIRST"), opt(NUM, 1)).map(lambda n: (Selector.FIRST, n, ())),
    seq(lit("THE LAST"), opt(NUM, 1)).map(lambda n: (Selector.LAST, n, ())),
    lit("THE NEXT").const((Selector.NEXT, 1, ())),
    lit("THE TOP").const((Selector.TOP, 1, ())),
    lit("ALL OTHER").const((Selector.ALL, None, (m.Filter.OTHER,))),
    word("ALL", "EACH").const((Selector.ALL, None, ())),
    lit("ANOTHER").const((Selector.CHOOSE, 1, (m.Filter.OTHER,))),
    lit("ANY").const((Selector.CHOOSE, 1, ())),
    word("A", "AN").const((Selector.CHOOSE, 1, ())),
    NUM.map(lambda n: (Selector.CHOOSE, n, ())),
)


def _build_target(det, adjs, noun, posts) -> Target:
    selector, count, filters = det if det else (Selector.ALL, None, ())
    kind, noun_filters = noun
    filters = list(filters) + list(noun_filters)
    zone, on, wave, plus, card = None, None, None, False, None
    for adj in adjs:
        if adj[0] == "filter":
            filters.append(adj[1])
        elif adj[0] == "wave":
            wave, plus = adj[1], adj[2]
        else:
            card = adj[1]
    for post in posts:
        if post[0] == "zone":
            zone = post[1]
        elif post[0] == "on":
            on, zone = post[1], Zone.EQUIPPED
        elif post[0] == "filter" and post[1] is not None:
            filters.append(post[1])
        elif post[0] == "selector":
            selector = post[1]
    # "KILLED IN LANE THIS ROUND" names the lane as well as the filter
    if m.Filter.KILLED_THIS_ROUND in filters and zone is None:
        zone = Zone.THIS_LANE
    # "ANY EQUIPMENT ON THAT TROOP": every piece, not one chosen
    if det and det[0] == Selector.CHOOSE and kind in (Kind.EQUIPMENT, Kind.ITEM) and on is not None:
        selector, count = Selector.ALL, None
    return Target(kind, selector, count, zone, tuple(filters), on, wave, plus, card)


PRONOUN = alt(
    lit("THE BASE").const(Target(Kind.BASE, Selector.ALL, None)),
    word("IT").const(Target(Kind.CARD, Selector.THAT)),
)
_TARGET: P = alt(
    PRONOUN,
    seq(DET, many(ADJ), NOUN, many(POST)).map(_build_target),
)
# "FOR EACH ENEMY KILLED ...", "PER EQUIPMENT CARD BURNED", "OTHER TROOPS IN THIS LANE": no determiner
TARGET_NODET = alt(
    TARGET,
    seq(many(ADJ), NOUN, many(POST)).map(lambda adjs, noun, posts: _build_target(None, adjs, noun, posts)),
)

# Possessives: "THIS TROOP'S", "THAT CARD'S", "1 ENEMY'S", "A TROOP'S"
_POSS_NOUN = {"TROOP'S": Kind.TROOP, "ENEMY'S": Kind.ENEMY, "CARD'S": Kind.CARD}
POSSESSIVE = alt(
    seq(lit("THIS"), word(*_POSS_NOUN)).map(lambda w: Target(_POSS_NOUN[w], Selector.SELF)),
    seq(lit("THAT"), word(*_POSS_NOUN)).map(lambda w: Target(_POSS_NOUN[w], Selector.THAT)),
    seq(NUM, word(*_POSS_NOUN)).map(lambda n, w: Target(_POSS_NOUN[w], Selector.CHOOSE, n)),
    seq(word("A", "AN"), word(*_POSS_NOUN)).map(lambda w: Target(_POSS_NOUN[w], Selector.CHOOSE)),
)

# ---------------------------------------------------------------------------------------------
# amounts that read the game

STAT_WORD = alt(
    lit("POWER AND HP").const(m.Stat.POWER_AND_HP),
    lit("POWER").const(m.Stat.POWER),
    lit("HP").const(m.Stat.HP),
    lit("COST").const(m.Stat.COST),
)
STAT_REF = alt(
    seq(POSSESSIVE, maybe(lit("TOTAL")), STAT_WORD).map(lambda t, s: m.StatRef(s, t)),
    seq(lit("THE COST OF"), TARGET).map(lambda t: m.StatRef(m.Stat.COST, t)),
    seq(lit("THE TOTAL AMOUNT OF DAMAGE ON"), TARGET).map(lambda t: m.StatRef(m.Stat.DAMAGE_ON, t)),
)
EQUAL_TO = seq(lit("EQUAL TO"), alt(
    seq(lit("HALF OF"), STAT_REF, lit("( ROUNDED UP )")).map(
        lambda r: Amount(ref=r, half_round_up=True)),
    STAT_REF.map(lambda r: Amount(ref=r)),
))
THAT_MUCH = lit("THAT MUCH").const(Amount(ref=m.StatRef(m.Stat.DAMAGE_EVENT)))
PER = seq(kw("FOR", "PER"), TARGET_NODET)

# ---------------------------------------------------------------------------------------------
# destinations


def _pos(side: str, end: str, zone: Zone = Zone.THIS_LANE) -> m.Position:
    return m.Position(side, end, zone)


DESTINATION = alt(
    seq(word("AT", "TO"), lit("THE END OF THE ENEMY LANE")).const(_pos("enemy", "back")),
    seq(word("AT", "TO"), lit("THE BACK OF YOUR LANE")).const(_pos("troop", "back")),
    seq(word("AT", "TO"), lit("THE END OF ITS LANE")).const(_pos("own", "back", Zone.ITS_LANE)),
    seq(lit("TO THE FRONT OF"), LANE).map(lambda z: _pos("own", "front", z)),
    lit("IN YOUR DISCARD PILE").const(_pos("pile", "top", Zone.DISCARD)),
    lit("INTO A LANE").const(_pos("troop", "back", Zone.ANY_LANE)),
)

# ---------------------------------------------------------------------------------------------
# durations, conditions


DURATION = alt(
    lit("THIS ATTACK").const(m.Duration.THIS_ATTACK),
    lit("FOR ITS NEXT ATTACK").const(m.Duration.NEXT_ATTACK),
    lit("UNTIL THE END OF THE ROUND").const(m.Duration.END_OF_ROUND),
    lit("UNTIL KILLED").const(m.Duration.UNTIL_KILLED),
)

CONDITION_BODY = alt(
    seq(alt(lit("THERE ARE NO"), lit("THERE IS NO")), TARGET_NODET).map(
        lambda t: m.Condition("not-exists", t)),
    seq(alt(lit("THERE IS"), lit("THERE ARE")), TARGET).map(lambda t: m.Condition("exists", t)),
    seq(TARGET, lit("IS NOT"), TARGET).map(lambda a, b: m.Condition("is-not", a, b)),
    seq(TARGET, lit("IS"), TARGET).map(lambda a, b: m.Condition("is", a, b)),
)
CONDITION = seq(lit("IF"), CONDITION_BODY)

# ---------------------------------------------------------------------------------------------
# imperative actions (base or -S verb form). Each yields a list of Action.

A = m.Action


def _one(f):
    return lambda *args: [f(*args)]


def _with_plus(amount: Amount, extra: Amount | None) -> Amount:
    return replace(amount, plus=extra) if extra else amount


DEAL_TAIL = alt(
    # DEAL 3 DAMAGE TO 1 ENEMY
    seq(NUM_AMOUNT, lit("DAMAGE TO"), TARGET).map(_one(lambda a, t: A(Verb.DEAL_DAMAGE, t, a))),
    # DEAL DAMAGE TO 1 REVEALED ENEMY EQUAL TO THIS TROOP'S POWER
    seq(lit("DAMAGE TO"), TARGET, EQUAL_TO).map(_one(lambda t, a: A(Verb.DEAL_DAMAGE, t, a))),
    # DEAL THE FIRST ENEMY IN 1 LANE, AND THE FIRST TROOP IN THAT LANE, 8 DAMAGE
    seq(TARGET, lit(", AND"), TARGET, lit(","), NUM_AMOUNT, lit("DAMAGE")).map(
        lambda t1, t2, a: [A(Verb.DEAL_DAMAGE, t1, a), A(Verb.DEAL_DAMAGE, t2, a)]),
    # DEAL THAT ENEMY AN ADDITIONAL 4 DAMAGE
    seq(TARGET, lit("AN ADDITIONAL"), NUM_AMOUNT, lit("DAMAGE")).map(
        _one(lambda t, a: A(Verb.DEAL_DAMAGE, t, a))),
    # DEAL THAT ENEMY THAT MUCH DAMAGE
    seq(TARGET, THAT_MUCH, lit("DAMAGE")).map(_one(lambda t, a: A(Verb.DEAL_DAMAGE, t, a))),
    # DEAL 1 ENEMY IN YOUR LANE DAMAGE EQUAL TO THIS TROOP'S POWER
    seq(TARGET, lit("DAMAGE"), EQUAL_TO).map(_one(lambda t, a: A(Verb.DEAL_DAMAGE, t, a))),
    # DEAL THE BASE 1 DAMAGE, PLUS 1 ADDITIONAL DAMAGE FOR EACH TROOP IN LANE
    # DEAL THAT TROOP 2 DAMAGE PER EQUIPMENT CARD BURNED
    seq(TARGET, NUM_AMOUNT, lit("DAMAGE"), opt(PER),
        opt(seq(lit(", PLUS"), NUM_AMOUNT, maybe(lit("ADDITIONAL")), lit("DAMAGE"), PER).map(
            lambda a, per: replace(a, per=per)))).map(
        _one(lambda t, a, per, plus: A(Verb.DEAL_DAMAGE, t, _with_plus(replace(a, per=per), plus)))),
)

PREVENT_TAIL = alt(
    # PREVENT UP TO 2 DAMAGE A TROOP WOULD SUFFER
    seq(UP_TO_AMOUNT, lit("DAMAGE"), TARGET, lit("WOULD SUFFER")).map(
        _one(lambda a, t: A(Verb.PREVENT_DAMAGE, t, a))),
    # PREVENT (W) DAMAGE DONE TO THIS TROOP BY AN ENEMY ABILITY / PREVENT ALL DAMAGE TO 1 TROOP
    seq(alt(ALL_AMOUNT, UP_TO_AMOUNT), lit("DAMAGE"), maybe(lit("DONE")), lit("TO"), TARGET,
        opt(lit("BY AN ENEMY ABILITY").const("enemy-ability"))).map(
        _one(lambda a, t, src: A(Verb.PREVENT_DAMAGE, t, a, source=src))),
    # PREVENT THAT DAMAGE
    lit("THAT DAMAGE").map(lambda *_: [A(Verb.PREVENT_DAMAGE, None, Amount(all=True))]),
    # PREVENT DAMAGE EQUAL TO THAT CARD'S COST
    seq(lit("DAMAGE"), EQUAL_TO).map(_one(lambda a: A(Verb.PREVENT_DAMAGE, None, a))),
)

HEAL_TAIL = alt(
    seq(TARGET, UP_TO_AMOUNT, lit("DAMAGE")).map(_one(lambda t, a: A(Verb.HEAL, t, a))),
    seq(TARGET, lit("TO FULL")).map(_one(lambda t: A(Verb.HEAL_TO, t, Amount(all=True)))),
    seq(TARGET, lit("TO"), NUM, lit("HP")).map(_one(lambda t, n: A(Verb.HEAL_TO, t, Amount(n)))),
)

SPAWN = seq(NUM, many(ADJ), word("ENEMY", "ENEMIES"), lit("FACE-DOWN"), DESTINATION).map(
    lambda n, adjs, _noun, dest: [A(
        Verb.SPAWN_ENEMY,
        _build_target((Selector.NEW, n, (m.Filter.FACE_DOWN,)), adjs, (Kind.ENEMY, ()),
                      [("zone", Zone.ENEMY_DECK)]),
        Amount(n), destination=dest)])

GAIN_CARD = seq(NUM, quoted(), word("CARD", "CARDS"), DESTINATION).map(
    lambda n, name, _c, dest: [A(Verb.GAIN_CARD, Target(Kind.CARD, Selector.NEW, n, Zone.SUPPLY, card=name),
                                 Amount(n), destination=dest, card=name)])

CANCEL_TAIL = alt(
    seq(POSSESSIVE, lit("REVEAL ABILITY")).map(_one(lambda t: A(Verb.CANCEL_REVEAL, t))),
    lit("ANY REVEAL ABILITY IT HAS").map(
        lambda *_: [A(Verb.CANCEL_REVEAL, Target(Kind.ENEMY, Selector.THAT))]),
    seq(lit("THE REVEAL EFFECT OF"), TARGET).map(_one(lambda t: A(Verb.CANCEL_REVEAL, t))),
)

_AS_INSTANT = alt(lit("ANY TIME YOU COULD PLAY AN INSTANT"), lit("AS AN INSTANT")).const("instant")
DEPLOY_TAIL = seq(
    TARGET, maybe(lit(", ALONG WITH ANY EQUIPMENT ,")), alt(_AS_INSTANT, DESTINATION),
).map(lambda t, how: [A(Verb.DEPLOY, t, instant=True)] if how == "instant"
      else [A(Verb.DEPLOY, t, destination=how)])

ACTION: P = ref(lambda: _ACTION)

_ACTION: P = alt(
    seq(lit("IMMEDIATELY"), ACTION),
    seq(_w("DEAL"), DEAL_TAIL),
    seq(lit("PREVENT"), PREVENT_TAIL),
    seq(lit("HEAL"), HEAL_TAIL),
    seq(kw("PLACE", "ADD"), SPAWN),
    seq(lit("PLACE"), GAIN_CARD),
    seq(kw("PLACE", "MOVE"), TARGET, DESTINATION).map(
        _one(lambda t, d: A(Verb.PLACE, t, destination=d))),
    seq(lit("ADVANCE"), TARGET, DESTINATION).map(_one(lambda t, d: A(Verb.ADVANCE, t, destination=d))),
    seq(lit("BURN"), TARGET).map(_one(lambda t: A(Verb.BURN, t))),
    seq(lit("DISCARD"), TARGET).map(_one(lambda t: A(Verb.DISCARD, t))),
    seq(lit("KILL"), TARGET).map(_one(lambda t: A(Verb.KILL, t))),
    seq(lit("TARGET"), TARGET).map(_one(lambda t: A(Verb.TARGET, t))),
    seq(lit("GAIN"), NUM_AMOUNT, lit("RESOURCES")).map(_one(lambda a: A(Verb.GAIN_RESOURCES, amount=a))),
    seq(lit("REDUCE THE COST OF"), TARGET, lit("BY"), alt(
        NUM_AMOUNT, seq(lit("THE COST OF"), TARGET).map(lambda t: Amount(ref=m.StatRef(m.Stat.COST, t))),
    )).map(_one(lambda t, a: A(Verb.REDUCE_COST, t, a))),
    seq(lit("REDUCE THE DAMAGE"), TARGET, _w("SUFFER"), lit("BY"), NUM_AMOUNT).map(
        _one(lambda t, a: A(Verb.REDUCE_DAMAGE_TAKEN, t, a, duration=m.Duration.CONTINUOUS))),
    seq(lit("INCREASE THAT DAMAGE BY"), NUM_AMOUNT).map(_one(lambda a: A(Verb.INCREASE_DAMAGE, amount=a))),
    seq(lit("CANCEL"), CANCEL_TAIL),
    seq(lit("REVERSE THE ORDER OF"), TARGET).map(_one(lambda t: A(Verb.REVERSE_ORDER, t))),
    seq(lit("DEPLOY"), DEPLOY_TAIL),
)

# ---------------------------------------------------------------------------------------------
# subject + predicate: "THIS TROOP GAINS ...", "IT IS INSTEAD PLACED ...". Predicates are
# functions of the subject, so one rule serves every subject.

STAT_GAIN = seq(
    maybe(word("AN")), flag(lit("ADDITIONAL")), opt(NUM_AMOUNT), flag(lit("ADDITIONAL")), STAT_WORD,
    opt(EQUAL_TO), maybe(lit("( CUMULATIVE )")), opt(DURATION), opt(PER), opt(CONDITION),
    opt(lit("WHEN IT IS REVEALED").const(m.EventKind.REVEAL)),
).map(lambda _a1, amount, _a2, stat, equal, duration, per, cond, snap: lambda subj: [A(
    Verb.MODIFY_STAT, subj,
    replace(equal or amount or Amount(), per=per),
    duration=duration or m.Duration.CONTINUOUS, stat=stat, condition=cond, snapshot=snap)])

EXCESS = seq(
    lit("ANY DAMAGE EXCEEDING A TROOP'S HP TO THE NEXT TROOP IN LANE"),
    opt(seq(lit("( ONLY"), NUM, lit("ADDITIONAL TROOP MAY BE DAMAGED )"))),
    flag(lit(". IF THERE ARE NO ADDITIONAL TROOPS IN LANE , THE BASE SUFFERS THIS DAMAGE INSTEAD")),
).map(lambda limit, to_base: lambda subj: [A(
    Verb.EXCESS_DAMAGE, subj, Amount(limit) if limit else None, duration=m.Duration.CONTINUOUS,
    to_base=to_base)])

_ATTACKERS = alt(lit("ENEMIES ATTACK"), lit("TROOPS ATTACK"))

DEALS_PRED = alt(
    seq(lit("ITS DAMAGE BEFORE"), _ATTACKERS, opt(DURATION)).map(
        lambda d=None: lambda subj: [A(Verb.STRIKE_FIRST, subj, duration=d or m.Duration.THIS_ATTACK)]),
    seq(lit("ITS DAMAGE TO"), TARGET, lit("WHEN IT ATTACKS")).map(
        lambda victims: lambda subj: [A(Verb.ATTACK_MULTIPLE, subj, victims=victims,
                                        duration=m.Duration.CONTINUOUS)]),
    EXCESS,
    DEAL_TAIL.map(lambda actions: lambda subj: actions),
    # IT DEALS ADDITIONAL DAMAGE EQUAL TO ...; 1 TROOP DEALS +(W) DAMAGE FOR ITS NEXT ATTACK
    seq(alt(lit("ADDITIONAL").const(None), NUM_AMOUNT), lit("DAMAGE"), opt(DURATION), opt(EQUAL_TO)).map(
        lambda amount, d, equal: lambda subj: [A(
            Verb.BOOST_ATTACK, subj, equal or amount, duration=d or m.Duration.THIS_ATTACK)]),
)

PASSIVE = alt(
    seq(lit("PLACED"), DESTINATION).map(lambda d: lambda subj: A(Verb.PLACE, subj, destination=d)),
    seq(lit("HEALED TO"), NUM, lit("HP")).map(lambda n: lambda subj: A(Verb.HEAL_TO, subj, Amount(n))),
)

PREDICATE = alt(
    seq(alt(_w("GAIN"), _w("RECEIVE")), STAT_GAIN),
    seq(_w("DEAL"), DEALS_PRED),
    seq(_w("SUFFER"), alt(
        seq(opt(seq(lit("UP TO"), NUM, lit("OF"))), lit("THAT DAMAGE INSTEAD")).map(
            lambda n: lambda subj: [A(Verb.REDIRECT_DAMAGE, subj,
                                      Amount(n, up_to=True) if n else Amount(all=True)), INSTEAD]),
        lit("THIS DAMAGE INSTEAD").map(
            lambda *_: lambda subj: [A(Verb.REDIRECT_DAMAGE, subj, Amount(all=True)), INSTEAD]),
        seq(NUM_AMOUNT, lit("DAMAGE")).map(lambda a: lambda subj: [A(Verb.DEAL_DAMAGE, subj, a)]),
    )),
    seq(_w("BECOME"), alt(lit("AN ENEMY").const(Verb.BECOME_ENEMY), lit("A TROOP").const(Verb.BECOME_TROOP)),
        opt(DURATION)).map(
        lambda verb, d: lambda subj: [A(verb, subj, duration=d or m.Duration.CONTINUOUS)]),
    seq(kw("IS", "ARE"), flag(lit("INSTEAD")), maybe(lit(",")), many(PASSIVE, lit("AND"), 1)).map(
        lambda instead, parts: lambda subj: [p(subj) for p in parts] + ([INSTEAD] if instead else [])),
    lit("CANNOT BE PURCHASED").map(
        lambda *_: lambda subj: [A(Verb.CANNOT_BE_PURCHASED, subj, duration=m.Duration.CONTINUOUS)]),
    lit("CANNOT BE PREVENTED").map(
        lambda *_: lambda subj: [A(Verb.UNPREVENTABLE, subj, duration=m.Duration.CONTINUOUS)]),
    lit("MAY NOT BE TARGETED BY ITEMS OR ABILITIES").map(
        lambda *_: lambda subj: [A(Verb.UNTARGETABLE, subj, duration=m.Duration.CONTINUOUS)]),
    # the item-type icon printed between EQUIP and CARDS is lost in text extraction
    seq(lit("MAY NEVER EQUIP"), alt(quoted(), variant(lit("CARDS"), "missing-icon").const(""))).map(
        lambda icon: lambda subj: [A(Verb.CANNOT_EQUIP, subj, card=icon, duration=m.Duration.CONTINUOUS)]),
    # any imperative action; the subject is the one acting ("THIS TROOP MAY PREVENT ...")
    ACTION.map(lambda actions: lambda subj: actions),
)

SUBJECT = alt(
    lit("YOU").const(None),
    seq(lit("DAMAGE FROM"), TARGET),
    TARGET,
)
# "MAY NEVER"/"MAY NOT" belong to their predicates (prohibitions, not options)
_MAY = seq(word("MAY", "CAN"), not_ahead(word("NEVER", "NOT"))).const(MAY)
MODALS = many(alt(_MAY, lit("THEN").const(THEN), lit("INSTEAD").const(INSTEAD)))

SUBJECT_CLAUSE = seq(SUBJECT, MODALS, PREDICATE).map(lambda subj, modals, pred: list(modals) + pred(subj))
SUBJECT_CLAUSE_NO_SUBJ = seq(lit("YOU"), MODALS, PREDICATE).map(lambda modals, pred: list(modals) + pred(None))

# "FOR ITS NEXT ATTACK, IT DEALS ITS DAMAGE BEFORE ENEMIES ATTACK": a duration in front
DURATION_PREFIXED = seq(DURATION, lit(","), ref(lambda: CLAUSE)).map(
    lambda d, items: [replace(i, duration=d) if isinstance(i, m.Action) else i for i in items])

CLAUSE: P = alt(SUBJECT_CLAUSE_NO_SUBJ, ACTION, DURATION_PREFIXED, SUBJECT_CLAUSE)

CONNECTOR = alt(
    lit(", AND THEN").const(THEN),
    lit("AND THEN").const(THEN),
    lit(", AND/OR").const(AND_OR),
    lit("AND/OR").const(AND_OR),
    lit(", AND").const(AND),
    lit(", THEN").const(THEN),
    lit("AND").const(AND),
    lit(",").const(AND),
)
ACTION_LIST = seq(CLAUSE, many(seq(CONNECTOR, CLAUSE))).map(
    lambda first, rest: first + [x for conn, clause in rest for x in [conn] + clause])

# ---------------------------------------------------------------------------------------------
# trigger events

E = m.EventKind


def _trig(event: m.EventKind, **kw):
    return lambda subj, *rest: m.Trigger(event, subj, *rest, **kw)


EVENT = alt(
    seq(lit("A REVEAL EFFECT WOULD DEAL"), TARGET, lit("DAMAGE")).map(
        lambda t: m.Trigger(E.WOULD_BE_DAMAGED, t, source="reveal")),
    seq(lit("AN ABILITY OR ITEM DEALS DAMAGE TO"), TARGET).map(
        lambda t: m.Trigger(E.WOULD_BE_DAMAGED, t, source="ability-or-item")),
    seq(lit("A PLAYER PURCHASES"), TARGET).map(
        lambda t: m.Trigger(E.PURCHASED, Target(Kind.PLAYER, Selector.CHOOSE), t)),
    seq(TARGET, lit("IS KILLED")).map(_trig(E.KILLED)),
    seq(TARGET, lit("WOULD BE KILLED")).map(_trig(E.WOULD_BE_KILLED)),
    seq(TARGET, alt(lit("IS DAMAGED"), lit("IS DEALT DAMAGE"), lit("SUFFERS DAMAGE"))).map(_trig(E.DAMAGED)),
    seq(TARGET, lit("IS ATTACKED AND ISN'T KILLED")).map(_trig(E.ATTACKED_SURVIVES)),
    seq(TARGET, lit("ATTACKS THE BASE")).map(_trig(E.ATTACKS_BASE)),
    seq(TARGET, lit("ATTACKS")).map(_trig(E.ATTACKS)),
    seq(TARGET, lit("ADVANCES"), maybe(lit("IN LANE"))).map(_trig(E.ADVANCES)),
    seq(TARGET, lit("KILLS"), TARGET).map(_trig(E.KILLS)),
    seq(TARGET, lit("IS PLAYED")).map(_trig(E.PLAYED)),
)
EVENTS = seq(EVENT, many(seq(lit(", OR"), EVENT))).map(
    lambda first, rest: first if not rest else m.Trigger(first.event, first.subject, first.object,
                                                         first.source, tuple(rest)))

# (trigger, limit, replacement)
TRIGGER = alt(
    seq(lit("THE FIRST TIME"), EVENTS).map(lambda t: (t, m.Limit.FIRST_TIME)),
    seq(alt(lit("EACH TIME"), kw("WHEN", "WHENEVER")), EVENTS).map(lambda t: (t, None)),
    seq(lit("IF"), EVENTS).map(lambda t: (t, None)),
)

# ---------------------------------------------------------------------------------------------
# one effect sentence -> dict of Effect fields (parser.build_effect finishes it)

WAVE_GATE = seq(lit("WAVE"), NUM, flag(lit("+")), lit(":")).map(lambda n, plus: m.WaveGate(n, plus))
ONCE_PER_ROUND = seq(lit("ONCE PER ROUND"), maybe(lit(","))).const(m.Limit.ONCE_PER_ROUND)
REVEAL = lit("REVEAL :")  # "REVEAL::" is one ":" token plus a tokenizer variant

_SELF_ENEMY = Target(Kind.ENEMY, Selector.SELF)

BODY = alt(
    seq(REVEAL, ACTION_LIST).map(lambda items: dict(trigger=m.Trigger(E.REVEAL, _SELF_ENEMY), items=items)),
    seq(lit("WHILE IN LANE ,"), ACTION_LIST).map(
        lambda items: dict(trigger=m.Trigger(E.STATIC), items=items, duration=m.Duration.WHILE_IN_LANE)),
    seq(TRIGGER, lit(","), flag(lit("INSTEAD ,")), ACTION_LIST).map(
        lambda tl, instead, items: dict(trigger=tl[0], limit=tl[1], items=items + ([INSTEAD] if instead else []))),
    seq(CONDITION, lit(","), ACTION_LIST).map(lambda c, items: dict(condition=c, items=items)),
    # "BURN ANY TROOP DAMAGED BY THIS ENEMY": a participle names the trigger
    seq(lit("BURN ANY"), NOUN, lit("DAMAGED BY THIS ENEMY")).map(lambda noun: dict(
        trigger=m.Trigger(E.DEALS_DAMAGE, _SELF_ENEMY, Target(noun[0], Selector.CHOOSE)),
        items=[A(Verb.BURN, Target(noun[0], Selector.THAT))])),
    # cost forms: "DISCARD THIS CARD (FROM HAND) TO GAIN ...", "BURN ... WHEN A PLAYER PURCHASES X TO ..."
    seq(CLAUSE, opt(seq(lit("WHEN"), EVENTS)), lit("TO"), ACTION_LIST).map(
        lambda cost, trig, items: dict(cost=cost, trigger=trig, items=items)),
    ACTION_LIST.map(lambda items: dict(items=items)),
)

SENTENCE = seq(opt(WAVE_GATE), opt(ONCE_PER_ROUND), BODY).map(
    lambda wave, limit, body: {**body, "wave": wave, "limit": body.get("limit") or limit})
