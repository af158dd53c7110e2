"""Value objects sent between processes (a prepared card front's ops, fitted lines and runs) are
pickled by their field values (``pnpgen.pickling.by_fields``, issue #13): what comes back is equal,
field for field, to what was sent, and a class the decorator cannot rebuild that way is refused."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass, field, fields

import pytest

from pnpgen.pickling import by_fields
from pnpgen.render.face import prepare_front
from pnpgen.spec import load_game


@by_fields
@dataclass(slots=True)
class _One:
    value: object


def test_a_single_field_comes_back():
    thing = _One(("a", 1.5, None))
    assert pickle.loads(pickle.dumps(thing)) == thing
    assert copy.copy(thing) == thing and copy.copy(thing) is not thing


def test_a_prepared_front_comes_back_field_for_field():
    game = load_game("xenoshyft")
    for card in game.cards[:12]:
        face, fits = prepare_front(game, card, 3.0, False)
        again_face, again_fits = pickle.loads(pickle.dumps((face, fits), protocol=pickle.HIGHEST_PROTOCOL))
        assert again_face == face and again_fits == fits
        for before, after in zip(face.ops + tuple(fits), again_face.ops + tuple(again_fits)):
            assert type(after) is type(before)
            # every field, those left out of equality (a shape's template line) included
            assert [getattr(after, f.name) for f in fields(before)] == [getattr(before, f.name) for f in fields(before)]
        assert "__reduce__" in type(face.ops[0]).__dict__ and "__reduce__" in type(fits[0]).__dict__


def test_classes_it_cannot_rebuild_are_refused():
    @dataclass
    class Derived:
        a: int
        b: int = field(init=False, default=0)

    @dataclass
    class Checked:
        a: int

        def __post_init__(self):
            self.a = abs(self.a)

    for cls in (Derived, Checked):
        with pytest.raises(TypeError, match="__init__ argument"):
            by_fields(cls)
