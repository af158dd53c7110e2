"""Translated card fields: ``FIELD@LANG`` keys and columns, and a game seen in one language.

A card's translation of a field is written beside it: a key ``name@de:`` in YAML, a column
``text@ja`` in a CSV or XLSX sheet. The value is read by the field's own type (a list stays a list),
and only the card's name and the fields its type declares can be translated. ``game.yaml`` may
list the game's ``languages:`` (besides its own ``language:``); without the list, the languages
are those the cards are translated into.

:func:`localized` gives the game as it prints in one language: every translated field in place of
the default one, an untranslated field as it is (the validator reports those, TRANS001), the
hyphenation dictionary of that language. The game's id stays: its files get the language in
their names (``render.outnames``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pnpgen.spec.model import Card, Game

SEPARATOR = "@"
# A language tag as BCP 47 and pyphen write them: de, de_DE, pt-BR, zh-Hant.
LANGUAGE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?")


def split_key(key: str) -> tuple[str, str] | None:
    """``("name", "de")`` for ``"name@de"``; None for a key that is no translation."""
    if not isinstance(key, str) or SEPARATOR not in key:
        return None
    field, _, lang = key.rpartition(SEPARATOR)
    return (field, lang) if field else None


def valid_language(lang: str) -> bool:
    return LANGUAGE.fullmatch(lang) is not None


def key(field: str, lang: str) -> str:
    return f"{field}{SEPARATOR}{lang}"


def languages_of(game: Game) -> tuple[str, ...]:
    """The game's translated languages: its ``languages:`` list, else those its cards are
    translated into (sorted); never its own ``language``."""
    if game.languages:
        return tuple(lang for lang in game.languages if not same_language(lang, game.language))
    found = {lang for card in game.cards for lang in card.translations}
    return tuple(sorted(found))


def same_language(a: str, b: str) -> bool:
    """``de`` and ``de_DE`` name one language for a build (the region only picks hyphenation)."""
    return re.split("[_-]", a)[0].lower() == re.split("[_-]", b)[0].lower()


def localized(game: Game, lang: str) -> Game:
    """``game`` as it prints in ``lang``: each card's translated fields in place of its own."""
    cards = tuple(_card_in(card, lang) for card in game.cards)
    return replace(game, cards=cards, language=_hyphenation(lang, game.language), translation=lang)


def _card_in(card: Card, lang: str) -> Card:
    own = card.translations.get(lang)
    if not own:
        return card
    fields = dict(card.fields)
    name = card.name
    for field, value in own.items():
        if field == "name":
            name = value
        else:
            fields[field] = value
    return replace(card, name=name, fields=fields)


def _hyphenation(lang: str, default: str) -> str:
    """The pyphen dictionary for ``lang``: itself (``de``, ``fr_FR``), else the default language's
    when both are one language."""
    return default if same_language(lang, default) else lang.replace("-", "_")


def missing(game: Game, lang: str) -> dict[str, list[Card]]:
    """``{field: cards}`` of the fields translated into ``lang`` on some card of a type but not on
    these cards of that type, which hold a text in the default language. Only text fields (and the
    name) are asked for: a number is the same in every language."""
    from pnpgen.spec.model import FieldType

    out: dict[str, list[Card]] = {}
    translated: dict[tuple[str, str], bool] = {}  # (type, field) -> translated on some card
    for card in game.own_cards():
        for field in card.translations.get(lang, {}):
            translated[(card.type, field)] = True
    for card in game.own_cards():
        ctype = game.card_types[card.type]
        for field in ("name", *ctype.fields):
            if field != "name" and ctype.fields[field].type not in (FieldType.TEXT, FieldType.LIST):
                continue
            if not translated.get((card.type, field)) and not game.languages:
                continue
            value = card.name if field == "name" else card.get(field)
            if value in (None, "", []) or field in card.translations.get(lang, {}):
                continue
            out.setdefault(field, []).append(card)
    return out
