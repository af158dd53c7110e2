"""The card-spec model and its loader: ``load_game`` turns a cardspecs folder into a ``Game``."""

from pnpgen.spec.errors import SpecError
from pnpgen.spec.games import find_game_dir, load_game
from pnpgen.spec.model import Card, CardType, Component, ComponentKind, FieldDef, FieldType, Game, Size

__all__ = [
    "Card", "CardType", "Component", "ComponentKind", "FieldDef", "FieldType", "Game", "Size",
    "SpecError", "find_game_dir", "load_game",
]
