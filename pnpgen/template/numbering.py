"""Card numbers for templates: ``card.number`` of ``card.count``, a card's place in its set.

The set is the game's cards, or an expansion's own cards (a base card in an expansion's kit keeps
its base-game number), in spec order: the order the spec loader reads card files and their cards,
which does not depend on the build. Every distinct card has a number, including cards with
``copies: 0``, so ``--only`` or a change of copies never renumbers the others: a reprint of card 12
still says 12/150.
"""

from __future__ import annotations

from typing import Any

# The last game's numbers, keyed by its card tuple (compared by identity): a build asks once per
# distinct face, always for the same game. One tuple, replaced whole, so a reader in another thread
# (``pnpgen serve``) never pairs one game's cards with another's numbers.
_LAST: tuple[Any, dict[str, tuple[int, int]]] = (None, {})


def card_number(game: Any, card: Any) -> tuple[int, int] | None:
    """(number, count) of ``card`` in its set, or None when the card is not one of ``game``'s."""
    global _LAST
    cards, numbers = _LAST
    if cards is not game.cards:
        sets: dict[str, list[str]] = {}
        for c in game.cards:
            sets.setdefault(c.origin, []).append(c.id)
        numbers = {}
        for ids in sets.values():
            count = len(ids)  # one int per set, not one per card
            numbers.update((card_id, (n, count)) for n, card_id in enumerate(ids, 1))
        _LAST = (game.cards, numbers)
    return numbers.get(card.id)
