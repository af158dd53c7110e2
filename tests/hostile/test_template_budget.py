"""Template budget by size, not by operator (issue #32): every value a template computes is charged to
one budget per render (characters, elements, steps, CPU time), so each hostile text below is refused
with one line naming the template file and line and the limit to raise — exit 2, no traceback,
within the harness's CPU and memory limits — instead of building a gigabyte or running for minutes.

Each case is a game of one card whose item template extends the game's base template and gives its
``power`` box (line 3 of templates/item.yaml) the text, built by ``pnpgen build`` in a child process
(harness.py). The game is the smallest that draws a card: the budget is per text, and a bigger game
(an expansion of Xenoshyft) would only add ~0.2 s of loading to each case.
The last tests render ordinary uses of the same operators in process, to show the budget leaves
real templates alone.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from harness import RSS_LIMIT_MB, Outcome, run_pnpgen
from pnpgen.template.expr import render
from pnpgen.template.model import TemplateError, Where

REPO = Path(__file__).resolve().parents[2]
BIG = "'x'*99999"

# name -> (template text, the PNPGEN_LIMIT_* the refusal names)
CASES: dict[str, tuple[str, str]] = {
    # the cases of issue #32
    "tilde-doubled-12-times": ("{% set s = " + BIG + " %}" + "{% set s = s ~ s %}" * 12 + "{{ s|length }}", "JINJA_OUTPUT"),
    "append-in-loop": ("{% set l = [] %}{% for i in range(10000) %}{% set _ = l.append(" + BIG + ") %}{% endfor %}"
                       "{{ l|length }}", "JINJA_CHARS"),
    "format-nested-width": ("{{ '{:{}}'.format(1, 10**9) }}", "JINJA_OUTPUT"),
    "replace-filter": ("{{ ('a'*99999)|replace('a', 'b'*99999) }}", "JINJA_OUTPUT"),
    "replace-method": ("{{ ('a'*99999).replace('a', 'b'*99999) }}", "JINJA_OUTPUT"),
    "join-method": ("{{ ('x'*99999).join(['a']*99999) }}", "JINJA_OUTPUT"),
    "lipsum-100-million": ("{{ lipsum(100000000) }}", "JINJA_OUTPUT"),
    "namespace-squared-40-times": ("{% set ns = namespace(v=7) %}{% for i in range(40) %}{% set ns.v = ns.v * ns.v %}"
                                   "{% endfor %}{{ ns.v > 0 }}", "JINJA_DIGITS"),
    "sort-in-loop": ("{% for i in range(10000) %}{% set x = range(10000)|list|sort %}{% endfor %}", "JINJA_ITEMS"),
    # the same kinds by other routes
    "join-filter-attribute": ("{% set ns = namespace(s=" + BIG + ") %}{{ ([ns]*1000)|join(attribute='s')|length }}",
                              "JINJA_OUTPUT"),
    "set-block-in-loop": ("{% set s = " + BIG + " %}{% set b %}{% for i in range(10000) %}{{ s }}{% endfor %}{% endset %}"
                          "{{ b|length }}", "JINJA_OUTPUT"),
    "call-block-in-loop": ("{% macro m() %}{{ caller() }}{% endmacro %}{% call m() %}{% for i in range(10000) %}"
                           "{{ " + BIG + " }}{% endfor %}{% endcall %}", "JINJA_CHARS"),
    "macro-doubling-calls": ("{% macro m(n) %}{% if n > 0 %}{{ m(n-1) }}{{ m(n-1) }}{% endif %}{% endmacro %}{{ m(40) }}",
                             "JINJA_"),  # steps or CPU seconds, whichever the machine reaches first
    "list-printed": ("{% set l = [" + BIG + "]*1000 %}{{ l }}", "JINJA_OUTPUT"),
    "list-pprint": ("{% set l = [" + BIG + "]*1000 %}{{ l|pprint|length }}", "JINJA_OUTPUT"),
    "extend-doubling": ("{% set l = [1] %}{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}", "JINJA_OUTPUT"),
    "percent-many-fields": ("{{ ('%99999d' * 100) % ((1,)*100) }}", "JINJA_OUTPUT"),
    "percent-star-width": ("{{ '%*d' % (10**9, 1) }}", "JINJA_OUTPUT"),
    "format-map-width": ("{{ '{a:>999999}'.format_map({'a': 1}) }}", "JINJA_OUTPUT"),
    "translate-to-long": ("{{ ('a'*99999).translate({97: 'b'*99999}) }}", "JINJA_OUTPUT"),
    "expandtabs-huge": ("{{ ('\\t'*9999).expandtabs(99999) }}", "JINJA_OUTPUT"),
    "indent-many-lines": ("{{ ('\\n'*99999)|indent(99999) }}", "JINJA_OUTPUT"),
    "int-product": ("{{ (10**99) * (10**99) }}", "JINJA_DIGITS"),
    "split-in-loop": ("{% for i in range(10000) %}{% set x = ('a '*49999).split() %}{% endfor %}", "JINJA_ITEMS"),
    "membership-in-loop": ("{% set l = range(10000)|list %}{% set l = l+l+l+l+l+l+l+l %}{% for i in range(10000) %}"
                           "{% if -1 in l %}x{% endif %}{% endfor %}", "JINJA_SECONDS"),
}


GAME = ("id: budget\nname: Budget\nplayers: {min: 1, max: 2}\nsource: {document: none.txt}\n"
        "card_types:\n  item:\n    name: Item\n    size: 63mm x 88mm\n")
BASE = "size: 63mm x 88mm\nboxes:\n  power: {text: '{{ card.name }}', x: 5, y: 5, w: 50, h: 20}\n"


def _template(text: str) -> str:
    return "extends: base\nboxes:\n  power:\n    text: " + json.dumps(text) + "\n"


# The cases stopped by the CPU clock run with it at 1 s, not the default 2 s: the same refusal for
# half the CPU (test_the_default_time_limits_are_the_documented_ones checks the defaults).
FAST_CLOCK = {"PNPGEN_LIMIT_JINJA_SECONDS": "1"}


def _run(name: str, root: Path) -> Outcome:
    game = root / name / "game"
    (game / "templates").mkdir(parents=True)
    (game / "cards").mkdir()
    (game / "game.yaml").write_text(GAME, encoding="utf-8")
    (game / "templates" / "base.yaml").write_text(BASE, encoding="utf-8")
    (game / "templates" / "item.yaml").write_text(_template(CASES[name][0]), encoding="utf-8")
    (game / "cards" / "items.yaml").write_text("cards:\n  - {id: one, name: One, type: item, copies: 1}\n")
    env = FAST_CLOCK if CASES[name][1] in ("JINJA_SECONDS", "JINJA_") else None
    return run_pnpgen("build", str(game), "--out", str(root / name / "out"), cwd=root / name, env=env)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    root = tmp_path_factory.mktemp("budget")
    return {name: _run(name, root) for name in CASES}  # one after the other: one zygote (harness.py)


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_template_is_refused_in_one_line_naming_its_line(name: str, outcomes: dict[str, Outcome]) -> None:
    out = outcomes[name]
    assert out.code is not None, f"hung: {out.describe()}"
    assert out.code not in (-signal.SIGXCPU, -signal.SIGKILL), f"over the CPU time limit: {out.describe()}"
    assert out.peak_mb < RSS_LIMIT_MB, out.describe()
    assert "Traceback" not in out.output and "MemoryError" not in out.output, out.describe()
    assert out.code == 2, out.describe()
    (line,) = out.lines
    assert line.startswith("error: ") and "templates/item.yaml:3: box 'power' text" in line, line
    assert f"PNPGEN_LIMIT_{CASES[name][1]}" in line, line
    assert len(line) <= 300, line


def test_the_default_time_limits_are_the_documented_ones() -> None:
    """The hostile cases above lower the per-text clock; these are the bounds users get."""
    from pnpgen.limits import DEFAULTS

    table = (REPO / "docs" / "security.md").read_text(encoding="utf-8")
    for name, seconds in (("jinja_seconds", 2), ("face_seconds", 5), ("template_seconds", 10)):
        assert DEFAULTS[name][0] == seconds, name
        assert f"| {seconds} s | `PNPGEN_LIMIT_{name.upper()}` |" in table, name


WHERE = Where("templates/item.yaml", 3)


def _render(text: str) -> str:
    return render(text, {}, WHERE, "box 'power' text")


@pytest.mark.parametrize("text, expected", [
    ("{{ 'Hello {}!'.format('you') }}", "Hello you!"),
    ("{{ '{:>5}|{:.2f}'.format('a', 3.14159) }}", "    a|3.14"),
    ("{{ ['fire', 'water']|join(', ') }}", "fire, water"),
    ("{{ 'a_b_c'|replace('_', ' ') }}|{{ 'aaa'.replace('a', 'bb', 2) }}", "a b c|bbbba"),
    ("{{ '%03d/%s' % (7, 'x') }}|{{ '%5.1f'|format(2.25) }}", "007/x|  2.2"),
    ("{{ range(5)|list|sort(reverse=true)|join }}", "43210"),
    ("{% set l = [] %}{% for i in range(3) %}{% set _ = l.append(i * 2) %}{% endfor %}{{ l }}", "0, 2, 4"),
    ("{% set ns = namespace(s='') %}{% for i in range(3) %}{% set ns.s = ns.s ~ i %}{% endfor %}{{ ns.s }}", "012"),
    ("{{ 'x' ~ 1 ~ none ~ [1, 2] }}", "x1None[1, 2]"),
    ("{{ (2 ** 10) * 3 }} {{ 10 ** 99 > 0 }}", "3072 True"),
    ("{{ 'ab'.center(6, '*') }}{{ 'x'.zfill(3) }}", "**ab**00x"),
    ("{% set t %}{% for i in range(3) %}<{{ i }}>{% endfor %}{% endset %}{{ t|upper }}", "<0><1><2>"),
    ("{% macro m(n) %}{% if n > 0 %}{{ n }}{{ m(n - 1) }}{% endif %}{% endmacro %}{{ m(3) }}", "321"),
    ("{{ 'a\\tb'.expandtabs(4) }}|{{ 'line\\nnext'|indent(2) }}", "a   b|line\n  next"),
    ("{{ [[1], [2, 3]]|sum(start=[]) }}", "1, 2, 3"),
    ("{{ lipsum(1, false, 5, 10).split()|length >= 5 }}", "True"),
])
def test_ordinary_uses_render_as_before(text: str, expected: str) -> None:
    assert _render(text) == expected


def test_the_limits_are_raised_by_their_environment_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "{% set l = [] %}{% for i in range(200) %}{% set _ = l.append('x' * 1000 ~ i) %}{% endfor %}{{ l|length }}"
    assert _render(text) == "200"
    monkeypatch.setenv("PNPGEN_LIMIT_JINJA_CHARS", "100000")
    with pytest.raises(TemplateError, match="PNPGEN_LIMIT_JINJA_CHARS"):
        _render(text)
    monkeypatch.setenv("PNPGEN_LIMIT_JINJA_CHARS", "1000000")
    monkeypatch.setenv("PNPGEN_LIMIT_JINJA_ITEMS", "100")
    with pytest.raises(TemplateError, match="PNPGEN_LIMIT_JINJA_ITEMS"):
        _render("{{ range(200)|list|length }}")
    monkeypatch.setenv("PNPGEN_LIMIT_JINJA_STEPS", "5000")
    with pytest.raises(TemplateError, match="PNPGEN_LIMIT_JINJA_STEPS"):
        _render("{% for i in range(5000) %}{{ i|string }}{% endfor %}")


def test_a_refusal_in_a_text_of_several_lines_names_the_line_inside_it() -> None:
    with pytest.raises(TemplateError) as err:
        _render("{% set a = 1 %}\n{% set b = 2 %}\n{{ ('a' * 99999)|replace('a', 'bb') }}")
    assert str(err.value).startswith("templates/item.yaml:3: box 'power' text (line 3 of the text): "), err.value


def test_the_texts_of_one_card_face_share_one_cpu_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each text stays under its own bound (``jinja_seconds``), but a face of many such boxes stops at
    ``face_seconds`` (lowered here to 1 s so the test is quick); outside a face nothing stops them."""
    from pnpgen.template.budget import face_clock

    texts = ["{%% for i in range(9500) %%}{%% set x = (i * %d) %% 7 %%}{%% endfor %%}{{ %d }}" % (k + 2, k)
             for k in range(100)]
    monkeypatch.setenv("PNPGEN_LIMIT_FACE_SECONDS", "1")
    assert [_render(t) for t in texts[:10]] == [str(k) for k in range(10)]
    with pytest.raises(TemplateError, match="PNPGEN_LIMIT_FACE_SECONDS"):
        with face_clock():
            for text in texts[10:]:  # ~3 s of CPU together
                _render(text)


def test_long_texts_over_a_whole_deck_share_one_cpu_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deck whose every face stays under ``face_seconds`` still stops once its long texts (past
    1,024 steps: real templates never get there) have used ``template_seconds`` together."""
    from pnpgen.template import budget
    from pnpgen.template.budget import face_clock

    monkeypatch.setattr(budget._state, "long_texts", 0.0)
    monkeypatch.setenv("PNPGEN_LIMIT_TEMPLATE_SECONDS", "1")
    texts = ["{%% for i in range(9500) %%}{%% set x = (i * %d) %% 7 %%}{%% endfor %%}{{ %d }}" % (k + 2, k)
             for k in range(100)]
    with pytest.raises(TemplateError, match="PNPGEN_LIMIT_TEMPLATE_SECONDS"):
        for text in texts:  # one card face each, ~3 s of CPU together
            with face_clock():
                _render(text)
    assert _render("{{ 1 + 1 }}") == "2"  # a short text never reaches the clock
