"""Template texts rendered once per distinct input values (issue #13, per-face cost): the cached
text is what Jinja renders for those values, values that are equal but print differently (1, 1.0,
True) never share an entry, and sources whose output is not a pure function of their inputs are
never cached."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnpgen.template import expr
from pnpgen.template.model import TemplateError, Where

WHERE = Where("t.yaml", 1)
SOURCES = [
    "{{ card.cost }}",
    "{{ family }}",
    "{% if card.wave is known %}wave{{ card.wave }}{% else %}unknown{% endif %}",
    "{{ 'light' if card.wave >= 2 else 'dark' }}",
    "{{ card.boost | signed }}",
    "{% if card.missing is defined %}yes{% else %}no{% endif %}[{{ card.missing }}]",
]


def _card(**fields):
    return SimpleNamespace(id="c", name="N", type="troop", copies=1, fields=fields)


def _uncached(source, ctx):
    return expr.ENV.render_bounded(expr._compile_template(source), ctx)


@pytest.mark.parametrize("value", [1, 1.0, True, 2, "2", None, 0, -3, 2.5])
def test_cached_text_is_what_jinja_renders(value):
    expr._RENDERED.clear()
    for _ in range(2):  # the second round is served from the cache
        for v in (value, 1, 1.0, True):  # equal keys of other types in between
            ctx = {"card": expr.CardView(_card(cost=v, wave=v, boost=v)), "family": v}
            for source in SOURCES:
                if "signed" in source and isinstance(v, str):
                    continue
                try:
                    want = _uncached(source, dict(ctx))
                except TypeError:  # '>=' between str and int: the cached path must raise it too
                    with pytest.raises(TemplateError):  # expr.render names the template in a TemplateError
                        expr.render(source, dict(ctx), WHERE, "t")
                    continue
                assert expr.render(source, dict(ctx), WHERE, "t") == want, (source, v)
    assert expr._RENDERED  # something was cached, so the comparison above covered hits


def test_one_and_true_do_not_share_an_entry():
    expr._RENDERED.clear()
    assert expr.render("{{ family }}", {"family": 1}, WHERE, "t") == "1"
    assert expr.render("{{ family }}", {"family": True}, WHERE, "t") == "True"
    assert expr.render("{{ family }}", {"family": 1.0}, WHERE, "t") == "1.0"


@pytest.mark.parametrize("source", ["{{ lipsum(1) }}", "{% for x in card.tags %}{{ x }}{% endfor %}",
                                    "{{ card.ability | bold(keywords) }}", "{{ card['cost'] }}", "{{ card }}",
                                    "{{ 'x'.upper() }}"])
def test_impure_or_limited_sources_are_not_cached(source):
    assert expr._inputs(source) is None


def test_a_lowered_output_limit_applies_to_a_text_rendered_before(monkeypatch):
    from pnpgen.limits import env_name

    ctx = {"card": expr.CardView(_card(ability="x" * 50))}
    assert expr.render("{{ card.ability }}", dict(ctx), WHERE, "t") == "x" * 50
    monkeypatch.setenv(env_name("jinja_output"), "10")
    with pytest.raises(TemplateError, match="PNPGEN_LIMIT_JINJA_OUTPUT"):
        expr.render("{{ card.ability }}", dict(ctx), WHERE, "t")


WHENS = ["card.wave >= 2", "card.cost is known", "family == 'x'", "card.missing is defined", "not card.boost",
         "card.cost is known and card.cost > 1", "card.cost", "family or 0"]


@pytest.mark.parametrize("value", [1, 1.0, True, 2, "x", None, 0, 2.5])
def test_cached_when_is_what_jinja_evaluates(value):
    """``when:`` results are cached the same way: a reused result equals a fresh evaluation,
    including its type (1 and True are equal keys but not the same value)."""
    expr._EVALUATED.clear()
    for _ in range(2):
        for v in (value, 1, 1.0, True):
            ctx = {"card": expr.CardView(_card(cost=v, wave=v, boost=v)), "family": v}
            for source in WHENS:
                try:
                    want = expr._compile_expression(source)(**dict(ctx))
                except TypeError:
                    with pytest.raises(TemplateError):
                        expr.evaluate(source, dict(ctx), WHERE, "t")
                    continue
                got = expr.evaluate(source, dict(ctx), WHERE, "t")
                assert (got, type(got)) == (want, type(want)), (source, v)
    assert expr._EVALUATED


FIELD_PRINTS = ["{{ card.ability }}", "{{card.ability}}", "{% if card.ability is known %}{{ card.ability }}{% endif %}"]


@pytest.mark.parametrize("value", ["Deal 1 damage.", "", "  padded  ", "x" * 300, 3, 2.5, True, None, ["a", "b"]])
@pytest.mark.parametrize("source", FIELD_PRINTS)
def test_a_field_printed_straight_from_the_card_is_what_jinja_renders(source, value):
    ctx = {"card": expr.CardView(_card(ability=value))}
    assert expr._field_print(source) is not None  # the short cut is taken for these sources
    assert expr.render(source, dict(ctx), WHERE, "t") == _uncached(source, dict(ctx))
    missing = {"card": expr.CardView(_card())}
    assert expr.render(source, dict(missing), WHERE, "t") == _uncached(source, dict(missing)) == ""


@pytest.mark.parametrize("source", ["{{ card.ability }}!", "{% if card.cost is known %}{{ card.ability }}{% endif %}",
                                    "{% if card.ability is known %}{{ card.ability }}{% else %}-{% endif %}",
                                    "{% if card.ability is defined %}{{ card.ability }}{% endif %}",
                                    "{{ card._card }}", "{{ ability }}", "{{ card.ability | upper }}"])
def test_other_sources_are_rendered_by_jinja(source):
    assert expr._field_print(source) is None


def test_a_field_printed_straight_keeps_the_output_limit(monkeypatch):
    from pnpgen.limits import env_name

    ctx = {"card": expr.CardView(_card(ability="x" * 50))}
    monkeypatch.setenv(env_name("jinja_output"), "10")
    with pytest.raises(TemplateError, match="PNPGEN_LIMIT_JINJA_OUTPUT"):
        expr.render("{% if card.ability is known %}{{ card.ability }}{% endif %}", dict(ctx), WHERE, "t")
