"""What every check receives: the game, helpers to point a finding at a card's field or a template
line, each card's front resolved once per run (:meth:`CheckContext.front`) and every back the build
draws (:meth:`CheckContext.backs`), for the checks that look at the faces."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property

from pnpgen.spec.errors import display_path
from pnpgen.spec.model import Card, Game
from pnpgen.validate.findings import Finding, Severity

# The bleed faces are resolved at for the checks: the build's default, so the pictures checked are
# placed as they print, and a build right after validation finds the faces already resolved.
# Text boxes do not depend on the bleed, so text checks see exactly what any build sets.
FACE_BLEED_MM = 3.0


@dataclass(frozen=True)
class FrontFacts:
    """What the face checks need of one resolved front, kept instead of the face itself (whose
    shapes would make memory grow with the deck): its pictures, the text boxes whose text does
    not fit (``pnpgen.render.face.FitReport``), and (text box, missing characters) for boxes with
    characters no font of their style has. ``error`` is the ImageError that stopped the face."""

    width: float = 0.0
    height: float = 0.0
    images: tuple = ()
    overflows: tuple = ()
    missing_glyphs: tuple = ()
    error: Exception | None = None
    missing_faces: tuple = ()  # (text box, ("italic" and/or "bold italic")) its style has no face for


def front_facts(face, fits, card_id: str, with_fit: bool = True) -> FrontFacts:
    """The facts the checks keep of a resolved front; ``fits`` are its text boxes' fits in order
    when already made (a build drawing the face), else they are made here as drawing makes them."""
    from pnpgen.render.face import fit_reports
    from pnpgen.render.textfit import missing_glyphs
    from pnpgen.template.resolve import TextOp

    glyphs = []
    faces = []
    for op in face.ops:
        if isinstance(op, TextOp):
            st = op.style
            missing = missing_glyphs(op.text, st.font, st.bold_font, st.fallback, face.icons, st.case,
                                     st.italic_font, st.bold_italic_font)
            if missing:
                glyphs.append((op, tuple(missing)))
            lacking = faces_lacking(op.text, st.italic_font, st.bold_italic_font)
            if lacking:
                faces.append((op, lacking))
    overflows = fit_reports(face, card_id, fits, overflowing=True) if with_fit else []
    return FrontFacts(face.width, face.height, tuple(op for op in face.ops if getattr(op, "kind", None) == "image"),
                      tuple(overflows), tuple(glyphs), None, tuple(faces))


def faces_lacking(text: str, italic_font: str | None, bold_italic_font: str | None) -> tuple[str, ...]:
    """The styles ``text``'s markup uses that have no face of their own: "italic" (set in the
    regular face instead), "bold italic" (set in the bold face)."""
    if "*" not in text or (italic_font and bold_italic_font):
        return ()
    from pnpgen.markup import parse

    parsed = parse(text)
    return tuple(name for name, used, face in (("italic", parsed.uses_italic, italic_font),
                                               ("bold italic", parsed.uses_bold_italic, bold_italic_font))
                 if used and not face)


@dataclass(frozen=True)
class BackFace:
    """One back the build draws: of every card of ``type_id``, or (``variant``) of those whose
    ``back`` field names a back template of their own; ``facts`` as a front's."""

    type_id: str
    variant: str | None
    facts: FrontFacts

    @property
    def label(self) -> str:
        """'troop', or 'equipment' (back 'grey') for a variant."""
        return repr(self.type_id) + (f" (back {self.variant!r})" if self.variant else "")


def describe_backs(backs: list[BackFace]) -> str:
    """"the back of card type 'troop'" or "the backs of card types 'event', 'hero'", for messages
    about one back template line that several backs share."""
    labels = list(dict.fromkeys(b.label for b in backs))
    if len(labels) == 1:
        return f"the back of card type {labels[0]}"
    return f"the backs of card types {', '.join(labels)}"


def ability_readout(card: Card) -> tuple | None:
    """(card, unparsed spans, custom effect names) of ``card``'s ability text through the effect
    grammar, or None when it has none. Only what the rules checks report is kept: a parse's effect
    trees would make a large deck's memory grow with its cards."""
    text = card.get("ability")
    if not isinstance(text, str) or not text.strip():
        return None
    from pnpgen.effects.parser import parse_ability

    result = parse_ability(text)
    return card, result.unparsed, result.customs


@dataclass
class CheckContext:
    game: Game
    with_fit: bool = True
    # (card, unparsed spans, custom effect names) of every card with ability text, filled once by
    # the rules checks (``ability_readout``).
    parsed_abilities: list | None = None
    memo: dict = field(default_factory=dict)  # results several checks share, computed once per run
    _fronts: dict = field(default_factory=dict, repr=False)
    _text_names: dict = field(default_factory=dict, repr=False)
    _backs: list | None = field(default=None, repr=False)

    def front(self, card: Card) -> FrontFacts:
        """``card``'s front resolved, its text fitted and its glyphs looked up once for every check
        (FIT001, GLYPH001, IMG001)."""
        if self.has_front(card):
            return self._fronts[card.id][1]
        from pnpgen.errors import ImageError
        from pnpgen.render.face import resolved_front
        from pnpgen.units import mm

        try:
            face = resolved_front(self.game, card, mm(FACE_BLEED_MM))
        except ImageError as err:
            facts = FrontFacts(error=err)
        else:
            facts = front_facts(face, None, card.id, self.with_fit)
        self._fronts[card.id] = (card, facts)
        return facts

    def drawn_backs(self) -> list[tuple[str, str | None]]:
        """(card type, back variant or None) of every back a build draws behind the game's own
        cards (``render.face.back_variant``), in card-type order."""
        from pnpgen.render.face import back_variant

        drawn: dict[str, set] = {}
        for card in self.game.own_cards():
            if card.type in self.game.card_types:
                drawn.setdefault(card.type, set()).add(back_variant(self.game, card))
        return [(t, v) for t in self.game.card_types if t in drawn
                for v in sorted(drawn[t], key=lambda v: (v is not None, v or ""))]

    def backs(self) -> list[BackFace]:
        """Every back a build draws, resolved and fitted once per run as ``draw_back`` draws and fits
        it (FIT001, GLYPH001 on backs): a back is one face for its whole deck."""
        if self._backs is None:
            from pnpgen.errors import ImageError
            from pnpgen.render.face import back_label, resolved_back
            from pnpgen.units import mm

            self._backs = []
            for type_id, variant in self.drawn_backs():
                try:
                    face = resolved_back(self.game, type_id, mm(FACE_BLEED_MM), variant)
                except ImageError as err:
                    facts = FrontFacts(error=err)
                else:
                    facts = front_facts(face, None, back_label(type_id, variant), self.with_fit)
                self._backs.append(BackFace(type_id, variant, facts))
        return self._backs

    def translated(self) -> list[tuple[str, "CheckContext"]]:
        """(language, a context of the game as it prints in it, holding the cards translated into
        it) for each language the cards are translated into (``spec.translations``), made once per
        run: the checks that look at the faces (fit, glyphs, faces for the markup) run again in
        each. An untranslated card prints as in the default language, which is checked already;
        backs are not translated."""
        made = self.memo.get("translated")
        if made is None:
            from pnpgen.spec.translations import languages_of, localized

            made = []
            for lang in languages_of(self.game):
                game = localized(self.game, lang)
                game = replace(game, cards=tuple(c for c in game.cards if lang in c.translations))
                made.append((lang, CheckContext(game, self.with_fit, _backs=[])))
            self.memo["translated"] = made
        return made

    def in_languages(self, own: "Callable[[CheckContext], list[Finding]]") -> list[Finding]:
        """``own(self)`` and ``own`` run on each translated context, whose findings say the language
        and point at the translation's line (``text@de``) when the card has one."""
        out = own(self)
        for lang, sub in self.translated():
            for f in own(sub):
                field = f"{f.field}@{lang}" if f.field else None
                card = next((c for c in self.game.cards if c.id == f.card), None) if f.card else None
                loc = card.field_locations.get(field) if card is not None and field else None
                out.append(replace(f, message=f"[{lang}] {f.message}",
                                   file=display_path(loc.file) if loc else f.file, line=loc.line if loc else f.line,
                                   field=field if loc else f.field))
        return out

    def at_template(self, where: str, code: str, severity: Severity, message: str, fix: str | None = None) -> Finding:
        """A finding located at a template line (``file:line``, as ``Where`` prints it)."""
        file, _, line = where.rpartition(":")
        if not line.isdigit():
            file, line = where, "0"
        return Finding(display_path(file), int(line), code, severity, message, None, None, fix)

    def has_front(self, card: Card) -> bool:
        """Whether ``card``'s front facts are known already (computed or primed)."""
        hit = self._fronts.get(card.id)
        return hit is not None and hit[0] is card

    def prime_front(self, card: Card, facts: FrontFacts, pair: tuple | None = None) -> None:
        """Take ``card``'s front facts computed elsewhere (a worker process: ``validate.parallel``,
        or a build); ``pair``, when the caller has it, is ``(card, facts)`` itself, kept as it is
        rather than copied (a large build hands over tens of thousands)."""
        self._fronts[card.id] = pair if pair is not None else (card, facts)

    def at(self, card: Card, field: str | None, code: str, severity: Severity, message: str,
           fix: str | None = None) -> Finding:
        """A finding located at the YAML line of ``card.field`` (or of the card)."""
        loc = card.where(field)
        file = display_path(loc.file) if loc else self.game.directory
        return Finding(file, loc.line if loc else 0, code, severity, message, card.id, field, fix)

    def at_game(self, code: str, severity: Severity, message: str, fix: str | None = None,
                line: int = 0, file: str | None = None, rule: str | None = None) -> Finding:
        """A finding about the game as a whole; ``rule`` points it at that fact in game.yaml."""
        path = file or f"{display_path(self.game.directory)}/game.yaml"
        if rule and not file:
            line = self.rule_lines.get(rule, line)
        return Finding(display_path(path), line, code, severity, message, None, f"rules.{rule}" if rule else None, fix)

    @cached_property
    def rule_lines(self) -> dict[str, int]:
        """Line of each rule fact in game.yaml (an expansion's rules are its base game's)."""
        from pathlib import Path

        from pnpgen.spec.games import find_game_dir
        from pnpgen.spec.yamlio import load_yaml

        base = self.game.expansion.base if self.game.expansion else self.game.directory
        data = load_yaml(Path(find_game_dir(base)) / "game.yaml")
        rules = data.get("rules") if isinstance(data, dict) else None
        return {k: rules.line_of(k) for k in rules} if hasattr(rules, "line_of") else {}

    def text_fields(self, card: Card) -> list[str]:
        """The card's free-text fields, in declaration order (where text defects can live)."""
        return [name for name in self._text_field_names(card.type) if card.get(name)]

    def _text_field_names(self, card_type: str) -> tuple[str, ...]:
        # Asked for every card by several checks: the type's field table is walked once per type.
        names = self._text_names.get(card_type)
        if names is None:
            fields = self.game.card_types[card_type].fields
            names = self._text_names[card_type] = tuple(n for n, f in fields.items() if f.type.value == "text")
        return names
