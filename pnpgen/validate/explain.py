"""What each check code looks for, why it matters and how to fix or silence it.

This is the text of ``pnpgen validate --explain CODE`` and of the code table in docs/validate.md
(:mod:`pnpgen.validate.reference`). It is kept
here, keyed by code, rather than in the check modules' docstrings, so that the explanations read
alike and a test can hold every registered code to having one. A code may be reported by another
code's check (IMG002, IMG003 and IMG004 by the IMG001 picture check): ``reported_by`` says which, so that
selecting the code runs that check.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from pnpgen.errors import did_you_mean, excerpt
from pnpgen.validate.checks import all_checks


class UnknownCode(ValueError):
    """A check code on the command line (--explain, --select, --ignore) that is no check's: one line, exit 2."""



@dataclass(frozen=True)
class Explanation:
    code: str
    severity: str   # the severity its findings get unless game.yaml's `checks:` says otherwise
    looks_for: str
    why: str
    fix: str
    reported_by: str | None = None  # the registered check that reports this code, when not its own
    title: str = ""  # only for a code reported by another check (a registered check has its title)


_ENTRIES = (
    Explanation(
        "BAL001", "warning",
        "A card whose cost is far from what its peers (same card type and wave) pay for the same value "
        "(power + HP, plus one point for ability text): outside 1.5 interquartile ranges of the peers' "
        "value per resource. The message gives the range the peers span.",
        "A card much cheaper or dearer than its peers is either a deliberate design choice or a slip that "
        "unbalances play; only the designer can tell which.",
        "Change the cost (the fix gives a cost that fits the peers), or keep it if the card is meant to stand out."),
    Explanation(
        "COUNT001", "error",
        "A starting-deck card (`rules.starting_deck`) with fewer copies than the largest player count "
        "needs, counting the cards handed out each draw phase (`rules.*_per_draw_phase`).",
        "With too few copies the game cannot be set up for every player count the box promises.",
        "Raise the card's `copies`, or correct the rule fact if the count is wrong."),
    Explanation(
        "COUNT002", "error",
        "Fewer cards of a type than a pool must show (`rules.item_pool`, `rules.troop_pool_per_wave`).",
        "A pool that cannot be filled stalls the game at set-up.",
        "Add cards or copies of that type, or correct the pool size in `rules`."),
    Explanation(
        "COUNT003", "error",
        "Too few enemies for one round at the largest player count (`rules.enemies_per_player`), or too "
        "few bosses for round 3 (`rules.bosses_round_3`).",
        "The enemy deck would run out in the middle of a round.",
        "Add enemies or bosses (or copies), or correct the rule facts."),
    Explanation(
        "COUNT004", "warning / info",
        "A total the source documents state (\"50 tokens\") that the extracted specs do not reach "
        "(`_report.yaml` totals). A note instead of a warning when the report explains the difference "
        "(a retail box count).",
        "An unexplained gap usually means cards or components the extraction lost.",
        "Add what is missing (in `_overrides.yaml` for extracted specs), or explain the total in the report."),
    Explanation(
        "FIT001", "error",
        "Text that does not fit its template box even at the style's minimum size, measured by the "
        "renderer's own fitting code, so a card that passes is a card that prints whole.",
        "Text that does not fit is cut off on the printed card.",
        "Shorten the text, or give the template box more room or a smaller `min_size`."),
    Explanation(
        "GLYPH001", "error",
        "A character of a card's text that no font of its style (font, bold font, `fallback:` fonts) has "
        "a glyph for; the finding gives the character and its code point. A character one template box "
        "cannot print on three or more cards is one finding at the template line, naming the cards.",
        "The character would print as nothing.",
        "Replace the character, or add a font that has it to the style's `fallback:` list."),
    Explanation(
        "ICON001", "warning",
        "A `[word]` in card text that is none of the game's icon tokens (`_icons.yaml` of its templates), "
        "with the closest icon as did-you-mean.",
        "An unknown token prints literally, brackets and all, instead of as an icon.",
        "Correct the token, or declare the icon in the templates' `_icons.yaml`."),
    Explanation(
        "IMG001", "error",
        "A picture a card names (an `image` field, or an image shape of its template) that is missing, "
        "outside the game's folder, not a regular file, unreadable or of an unsupported kind.",
        "The card would print without its picture, or the build would stop.",
        "Put the picture in the game's folder and give its path relative to the game (PNG, JPEG, WebP or SVG)."),
    Explanation(
        "IMG002", "warning",
        "A raster picture printed below 150 dpi at its size on the card (the finding gives its dpi).",
        "It will print blurred or blocky.",
        "Use a larger picture (300 dpi at the printed size is a safe aim), or a vector (SVG) one.",
        reported_by="IMG001", title="pictures with too few pixels for print"),
    Explanation(
        "IMG003", "warning",
        "An image shape marked `bleed: true` that does not reach into the bleed.",
        "A cut a little off its line shows a white edge.",
        "Make the shape (or the picture's placement) extend past the card's edge into the bleed.",
        reported_by="IMG001", title="full-bleed pictures that do not reach the bleed"),
    Explanation(
        "IMG004", "warning",
        "Text in an SVG picture whose `font-family` names a font that neither the game's `fonts/` folder "
        "nor pnpgen's bundled fonts have (the finding gives the SVG file and the family).",
        "Every font in a print file must be embedded, so the text is drawn in the bundled body font "
        "(Roboto Condensed) instead of the one the picture names: it will look different.",
        "Add the font (.ttf or .otf) to the game's `fonts/` folder, or convert the SVG's text to paths "
        "(Inkscape: Path > Object to Path).",
        reported_by="IMG001", title="SVG text in a font the game lacks"),
    Explanation(
        "MARKUP001", "error",
        "A `**`, `*` or `***` with no partner in a card's name or text field (a `*` opens before a word "
        "and closes after one; a `*` with a space on both sides is a plain asterisk); the finding names "
        "the card, the field and the character where the mark stands.",
        "The renderer prints a lone mark as asterisks: either bold or italic was meant and is missing, "
        "or a literal asterisk was meant and needs escaping.",
        "Close the style with the same mark where it ends, or write `\\*` for each literal asterisk."),
    Explanation(
        "MARKUP002", "warning",
        "Text set `*italic*` or `***bold italic***` in a template box whose style has no `italic_font` / "
        "`bold_italic_font` (one finding per box and style, listing the cards).",
        "The text prints upright, in the regular or the bold face, so the emphasis is lost.",
        "Add `italic_font:` / `bold_italic_font:` to the box's style (the bundled `italic` and "
        "`bold_italic`, or a font of the game's `fonts/` folder), or drop the markup."),
    Explanation(
        "TRANS001", "warning",
        "A card whose name or text field has no translation into one of the game's languages (its "
        "`languages:` list, else each language some card is translated into: `name@de`). One finding per "
        "language and field, listing the cards: `name@de: no translation on 12 cards (…)`.",
        "A `build --lang` prints that field in the default language: a German deck with English cards in it.",
        "Add the translation (a `name@de` column or key), or leave it if the text is the same in both languages."),
    Explanation(
        "NAME001", "warning",
        "A card or component name the rules text spells with its words joined or split differently "
        "(\"Search Light\" in the component list, \"Searchlight\" in the rules).",
        "Players look a card up by the name the rules give; two spellings make them wonder whether they "
        "are two things.",
        "Use one spelling everywhere: correct the card or component name, or the rules text."),
    Explanation(
        "NAME002", "warning",
        "A card or component name written with different capitals in different places (\"Plenty Of "
        "Bullets\" / \"Plenty of Bullets\"). All-capitals headings and lower-case mentions do not count.",
        "Inconsistent capitals look like a slip and can make a name read as a different thing.",
        "Write the name one way: correct the card, the component or the rules text."),
    Explanation(
        "REF001", "warning",
        "A quoted name in card text that is no card's name, when the quotation reads as a card reference: "
        "name-shaped (short, capitalised words, no ! ? ;) and followed by \"card\", after \"named\", or one "
        "edit from or sharing most words with a card name of the game (“3 XENOSATHEM” CARD). Speech "
        "(a sentence closed inside the quotes: “I am Iron Man.”) and titles in flavour text are not "
        "references.",
        "A card that tells players to find another card by a name that does not exist cannot be played "
        "as written.",
        "Correct the quoted name to the card's exact name, or add the card."),
    Explanation(
        "REF002", "error",
        "A rule fact that names a card by id (`rules.starting_deck` keys, `rules.*_per_draw_phase` values) "
        "when no card has that id.",
        "Set-up and the simulator would look for a card that is not there.",
        "Correct the id in `rules`, or add the card."),
    Explanation(
        "REF003", "info",
        "A card the rules or another card's text require that exists only because `_overrides.yaml` adds "
        "it (its sheet was lost); the finding quotes the override's reason and source.",
        "A note so that a restored card is known to be restored, and from what.",
        "Nothing to fix if the override is right; check its source."),
    Explanation(
        "RULES001", "warning",
        "Ability text the effect grammar cannot read, with the first word it stopped at.",
        "The simulator ignores the part of the card it cannot read, so `pnpgen simulate` and balance "
        "figures leave that effect out.",
        "Reword the ability in the grammar's terms (docs/simulation.md), or implement a custom effect."),
    Explanation(
        "RULES002", "info",
        "A card whose ability relies on a named custom effect (engine code rather than the grammar).",
        "A note, so that the cards needing bespoke code stay counted.",
        "Nothing to fix; rewrite the ability in the grammar's terms if it can be."),
    Explanation(
        "TEXT001", "error / warning",
        "Doubled punctuation in a card's name or text: `::`, `;;`, `,,` (errors: never meant), and `..` "
        "that is no ellipsis (a warning: a trailing-off may be meant). Repeated `!` and `?` are the "
        "writer's voice (\"I am Groot!!!\") and are not reported.",
        "A doubled mark is almost always a typing slip, and it prints.",
        "Write the mark once (or a real ellipsis `…` where one is meant)."),
    Explanation(
        "TEXT002", "warning",
        "Stray or missing spaces: a space before `, . ; : ! ?` (French spacing is allowed before "
        "`; : ! ?`), no space after `, ; :` between words, or two spaces in a row.",
        "Spacing slips print and look careless.",
        "Remove or add the space."),
    Explanation(
        "TEXT003", "warning",
        "Unbalanced brackets or quotes in one field (an opening `(`, `[` or `“` without its partner, or "
        "the reverse), quotes facing the wrong way (“…“, ”Hi”), and ‘ used as an apostrophe.",
        "An unclosed bracket or a wrongly facing quote is a slip that prints; a quotation split across "
        "fields can look the same, hence a warning.",
        "Close (or remove) the bracket or quote, or turn the quote the right way (’ for an apostrophe)."),
    Explanation(
        "TEXT004", "warning",
        "A word capitalised unlike the game's usual form of it (\"Discard\" where the game writes "
        "\"discard\" in nearly every one of six or more uses), in fields that hold sentences. Capitals "
        "that start a sentence, a line or a list item, follow bold keywords, icons, arrows or bullets, "
        "or belong to proper names and card names do not count, nor, in a game written mostly in lower "
        "case, words in capitals (emphasis: \"each TRAIT\").",
        "Keywords written one way read as game terms; a stray form reads as a different term.",
        "Write the word as the rest of the cards do (the fix names the form)."),
    Explanation(
        "TEXT005", "warning",
        "A word in card text or a card name that is not a known word but is one edit from one (the game's "
        "own vocabulary first, then the dictionary of the game's `language:`). Not reported: proper "
        "names (a capitalised word is checked only as a misspelt card name), dialect (\"tryin'\"), a text "
        "in another register, a word in capitals inside lower-case prose (a sound: \"KRACK!\") and, "
        "in English, a borrowed word with other letters (\"chére\").",
        "Misspellings print; one edit from a known word is the common shape of a typo.",
        "Correct the word; if it is a real term of the game, use it on a second card or add it to "
        "`rules.glossary`, or silence the check for the card."),
    Explanation(
        "TEXT006", "error / warning",
        "Copies of one card whose texts differ: printed copies the extractor read with different texts "
        "(`provenance.variants`, errors), or two entries with the same name that agree in every field but "
        "their prose, which differs by a slip of a few characters (warnings). Versions with another level, "
        "cost, traits or art are intentional and not reported.",
        "Copies of a card should be interchangeable; a different copy is a misprint or a mix-up.",
        "Make the copies agree (in `_overrides.yaml` for extracted specs), or give the variants different names."),
    Explanation(
        "TEXT007", "warning",
        "Two card names one edit apart (\"Rangr\" / \"Ranger\"), including an expansion's card beside a "
        "base-game card. Names apart by design are not reported: an A/B marker, dictionary words on "
        "both sides (\"Heads on Spikes\" / \"Heads on Pikes\"), another first letter or a letter added "
        "at a word's end (\"Headpool\" / \"Deadpool\", \"Captain Americat\"), a styled character "
        "(\"VEN#m\").",
        "One of the two is often a misspelling of the other.",
        "Correct the misspelt name; if both cards are meant (A/B variants), skip the check on them."),
    Explanation(
        "TEXT008", "warning",
        "A text without the closing punctuation its siblings (same card type and field) have, when "
        "enough siblings exist and nearly all of them end with `.`, `!` or `?`.",
        "One card without the full stop every other card has looks like a slip.",
        "Add the closing punctuation."),
    Explanation(
        "TEXT009", "warning",
        "One phrase written two ways across cards: with and without brackets (\"FROM HAND\" / \"(FROM "
        "HAND)\"), or with a hyphen and a space. The cards using the rarer form are reported.",
        "The same rule worded two ways makes players wonder whether the two differ.",
        "Write the phrase as the other cards do."),
    Explanation(
        "TPL001", "error",
        "A front template that reads `card.X` (in text, `when:`, a var, a colour or a picture) where X "
        "is neither a field of the card type nor one of the card's own values (id, name, type, copies, "
        "number, count), unless the read is guarded by `is defined`. At the template's file:line, with "
        "did-you-mean.",
        "A field no card has prints nothing: a misspelt `{{ card.powr }}` takes the stat off every card "
        "without a word.",
        "Correct the field name in the template, or declare the field in game.yaml's card type."),
    Explanation(
        "TPL002", "error",
        "A back template that reads a card's field (`card.X`) anywhere: text, `when:`, a var, a colour "
        "or a picture.",
        "A back is drawn once for its whole deck and has no card, so the read prints nothing.",
        "Take the card field off the back template (put it on the front), or use a game value instead."),
)

EXPLANATIONS: dict[str, Explanation] = {e.code: e for e in _ENTRIES}


def catalogue() -> dict[str, str]:
    """Every code a validation can report -> its title: the registered checks' codes, and the codes
    another registered check reports (``reported_by``)."""
    titles = {chk.code: chk.title for chk in all_checks()}
    titles.update({e.code: e.title for e in EXPLANATIONS.values() if e.reported_by in titles})
    return dict(sorted(titles.items()))


def explanation(code: str) -> Explanation:
    """``code``'s explanation; a check registered without one is explained by its docstring (or its
    module's) until it gets one (the tests hold every registered code to an entry here)."""
    if code in EXPLANATIONS:
        return EXPLANATIONS[code]
    chk = next(c for c in all_checks() if c.code == code)
    doc = chk.run.__doc__ or sys.modules[chk.run.__module__].__doc__ or chk.title
    return Explanation(code, "see its findings", " ".join(doc.split("\n\n")[0].split()), "", "")


def silencing(code: str) -> str:
    """How to turn ``code`` off at each level (the same for every code)."""
    return (f"for the game: `checks: {{{code}: off}}` in game.yaml (or `{code}: info` to keep it as a note); "
            f"for one card: `skip_checks: [{code}]` (in a spreadsheet: a `skip_checks` column, codes separated "
            f"by `|`); for one run: `pnpgen validate GAME --ignore {code}`")


def explanation_text(code: str, title: str) -> str:
    """One code's explanation as ``pnpgen validate --explain CODE`` prints it."""
    e = explanation(code)
    by = f" (reported by the {e.reported_by} check)" if e.reported_by else ""
    lines = [f"{code}: {title}{by}", f"severity: {e.severity}", f"looks for: {e.looks_for}"]
    lines += [f"{label}: {text}" for label, text in (("why", e.why), ("fix", e.fix)) if text]
    lines.append(f"silence: {silencing(code)}")
    return "\n".join(lines)


def explain(code: str) -> str:
    """What ``pnpgen validate --explain CODE`` prints: one code, or ``all`` of them."""
    titles = catalogue()
    if code.strip().lower() == "all":
        return "\n\n".join(explanation_text(c, t) for c, t in titles.items())
    if code.strip().upper() not in titles:
        raise UnknownCode(f"--explain: unknown check code {excerpt(code, 40)!r}{did_you_mean(code.upper(), titles)}; "
                          f"`pnpgen validate --explain all` lists the codes")
    return explanation_text(code.strip().upper(), titles[code.strip().upper()])
