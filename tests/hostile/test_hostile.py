"""Hostile input (issue #12): every case gives one error line and exit 2 (or a clean result) within
10 s of CPU time and under 500 MB, run as a child process (harness.py). The cases are built fresh in a temp
folder: an expansion made by ``pnpgen new`` with one file changed, the smallest game with a hostile
template, or a copied game folder.

All cases run up front, one after the other (each in its own process, forked from the one zygote of
this test process: a second zygote for running two at a time would cost ~1.3 s of CPU more), then
one test per case checks its outcome, so a failure names the case.
"""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from harness import RSS_LIMIT_MB, Outcome, new_game, run_pnpgen

REPO = Path(__file__).resolve().parents[2]


def _alias_bomb(levels: int = 9) -> str:
    text = 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(1, levels + 1):
        text += f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]\n"
    return text


BOMB = _alias_bomb()
DEEP = "x: " + "[" * 600 + "]" * 600 + "\n"


def _card(**fields: object) -> str:
    base = {"id": "my-item", "name": "My Item", "type": "item", "copies": 1, "cost": 3, "kind": "equipment",
            "boost_power": 2, "boost_hp": 1, "ability": "DEAL 3 DAMAGE TO 1 ENEMY.", "legendary": False}
    base.update(fields)
    lines = ["cards:", "  - id: " + str(base.pop("id"))]
    lines += [f"    {k}: {v if not isinstance(v, bool) else str(v).lower()}" for k, v in base.items()]
    return "\n".join(lines) + "\n"


def _cards(*cards: dict) -> str:
    return "cards:\n" + "".join(_card(**c).split("\n", 1)[1] for c in cards)


BASE_ITEM = "atlas-armor"


def _template(text: str) -> str:
    return f'extends: base\nboxes:\n  power:\n    text: "{text}"\n'


# name -> (files to write into the expansion (relative path -> str/bytes), command, expected)
# expected: "error" = one line starting 'error:' and exit 2; "fail" = exit 1 naming the problem; "ok" = exit 0.
EXPANSION_CASES: dict[str, tuple[dict[str, str | bytes], list[str], str]] = {
    # YAML in a card file
    "card-alias-bomb": ({"cards/item.yaml": BOMB + _card(ability="*a9")}, ["validate"], "error"),
    "card-deep-nesting": ({"cards/item.yaml": "cards: " + "[" * 600 + "]" * 600 + "\n"}, ["validate"], "error"),
    "card-recursive-alias": ({"cards/item.yaml": "cards: &a\n  - *a\n"}, ["validate"], "error"),
    "card-unknown-tag": ({"cards/item.yaml": "cards:\n  - !!python/object/apply:os.system [echo hi]\n"}, ["validate"], "error"),
    "card-control-char": ({"cards/item.yaml": "cards:\n  - id: a\x07b\n"}, ["validate"], "error"),
    "card-not-utf8": ({"cards/item.yaml": b"cards:\n  - id: caf\xe9\n"}, ["validate"], "error"),
    "card-nested-lists": ({"cards/item.yaml": "cards:\n  - [[[1]]]\n"}, ["validate"], "error"),
    "card-huge-value-in-error": ({"cards/item.yaml": _card(cost="x" * 100_000)}, ["validate"], "error"),
    "card-escape-sequence-in-error": ({"cards/item.yaml": _card(cost='"\\e[31mred\\e[0m"')}, ["validate"], "error"),
    "copies-million": ({"cards/item.yaml": _card(copies=1_000_000)}, ["validate"], "error"),
    "card-file-dev-zero": ({"cards/item.yaml": Path("/dev/zero")}, ["validate"], "error"),
    "card-file-fifo": ({"cards/item.yaml": "fifo"}, ["validate"], "error"),
    "card-file-20mb": ({"cards/item.yaml": "cards: []\n" + ("# padding\n" * 2_000_000)}, ["validate"], "error"),
    "card-file-links-outside": ({"cards/item.yaml": Path("/etc/hostname")}, ["validate"], "error"),
    # the per-card render budget: text far over the face's budget
    "face-too-much-text": ({"cards/item.yaml": _card(name='"' + "WORD " * 5000 + '"')}, ["build"], "error"),
    # text that does not fit: the one documented behaviour is exit 1 with the box named
    "text-does-not-fit": ({"cards/item.yaml": _card(ability='"' + "DEAL 3 DAMAGE TO 1 ENEMY. " * 60 + '"')}, ["build"], "fail"),
    # silent wrong output
    "expansion-takes-game-id": ({"pnpgen.yaml": "id: xenoshyft\nname: X\nbase: xenoshyft\n"}, ["validate"], "error"),
    "expansion-base-is-itself": ({"pnpgen.yaml": "id: exp\nname: X\nbase: {exp}\n"}, ["validate"], "error"),
    "duplicate-card-names": ({"cards/item.yaml": _cards(dict(id="one"), dict(id="two"))}, ["validate"], "error"),
    "two-cards-replace-one": ({"cards/item.yaml": _cards(dict(id="one", name="One", replaces=BASE_ITEM),
                                                         dict(id="two", name="Two", replaces=BASE_ITEM))},
                              ["validate"], "error"),
    "only-copies-zero": ({f"cards/{t}.yaml": "cards: []\n" for t in ("troop", "enemy", "xenosathem")}
                         | {"cards/item.yaml": _card(copies=0)}, ["build"], "fail"),
    # CLI options
    "paper-unknown": ({}, ["build", "--paper", "foo"], "error"),
    "paper-negative": ({}, ["build", "--paper=-100mm x 200mm"], "error"),
    "paper-1mm": ({}, ["build", "--paper", "1mm x 1mm"], "error"),
    "paper-100m": ({}, ["build", "--paper", "100000mm x 100000mm"], "error"),
    "bleed-nan": ({}, ["build", "--bleed", "nan"], "error"),
    "bleed-negative": ({}, ["build", "--bleed=-3"], "error"),
    "back-offset-nan-inf": ({}, ["build", "--back-offset", "nan,inf"], "error"),
    "out-is-a-file": ({"../in-the-way": "x"}, ["build", "--out", "{tmp}/in-the-way"], "error"),
    # watch --once on hostile folders
    "watch-alias-bomb": ({"cards/item.yaml": BOMB + _card(ability="*a9")}, ["watch", "--once"], "error"),
    # a clean expansion builds: the harness itself works
    "clean-build": ({}, ["build"], "ok"),
}

# The smallest game that draws a card: one card of one type, whose template ``templates/item.yaml``
# extends ``base``; a template case writes that file. The template is the hostile part: a bigger game
# (an expansion of Xenoshyft) would only add ~0.1 s of loading its cards to each build.
SMALL_GAME: dict[str, str] = {
    "game.yaml": "id: small\nname: Small\nplayers: {min: 1, max: 2}\nsource: {document: none.txt}\n"
                 "card_types:\n  item:\n    name: Item\n    size: 63mm x 88mm\n",
    "templates/base.yaml": "size: 63mm x 88mm\nboxes:\n  power: {text: '{{ card.name }}', x: 5, y: 5, w: 50, h: 20}\n",
    "cards/items.yaml": "cards:\n  - {id: one, name: One, type: item, copies: 1}\n",
}

# name -> (templates/item.yaml of the small game, command, expected)
TEMPLATE_CASES: dict[str, tuple[str | bytes, list[str], str]] = {
    "template-extends-outside": ("extends: ../../../../../../etc/hostname\n", ["build"], "error"),
    "template-alias-bomb": (BOMB, ["build"], "error"),
    "template-deep-nesting": (DEEP, ["build"], "error"),
    "template-recursive-alias": ("x: &a\n  - *a\n", ["build"], "error"),
    "template-unknown-tag": ("x: !!python/object:os.system {}\n", ["build"], "error"),
    "template-control-char": ("x: a\x07b\n", ["build"], "error"),
    "template-not-utf8": (b"x: caf\xe9\n", ["build"], "error"),
    "template-style-size-1e9": ("extends: base\nstyles:\n  body: {size: 1000000000}\n", ["build"], "error"),
    "template-style-size-nan": ("extends: base\nstyles:\n  body: {size: .nan}\n", ["build"], "error"),
    "jinja-huge-power": (_template("{{ 10**(10**10) }}"), ["build"], "error"),
    "jinja-huge-repeat": (_template("{{ 'A'*10**8 }}"), ["build"], "error"),
    "jinja-nested-loops": (_template(
        "{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}"), ["build"], "error"),
    "jinja-doubling-namespace": (_template(
        "{% set ns = namespace(s='a') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}"),
        ["build"], "error"),
    "jinja-wide-format": (_template("{{ '%0999999999d' % 1 }}"), ["build"], "error"),
    "jinja-deep-nesting": (_template("{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}"), ["build"], "error"),
    "jinja-ljust": (_template("{{ 'a'.ljust(10**9) }}"), ["build"], "error"),
    "bold-catastrophic-regex": (_template(
        "{{ ('a' * 5000 ~ '!') | bold('(a|aa|a?)+$') }}"), ["build"], "error"),
    "bold-bad-regex": (_template("{{ 'x' | bold('(') }}"), ["build"], "error"),
    # the per-card render budget: 3,000 shapes on one face (text far over it: face-too-much-text)
    "face-too-many-shapes": ("extends: base\nbackground:\n" + "".join(f"  - {{kind: rect, x: {i % 50}, y: 1, w: 1, h: 1, fill: '#000000'}}\n" for i in range(3000)), ["build"], "error"),
    # a var that fails names its own line, not line 1
    "jinja-var-error-line": ("extends: base\nvars:\n  ok: '1'\n  bad: '{{ 1 // 0 }}'\n",
                             ["build"], "error"),
    # the output folder is checked before the cards are drawn: this template would fail while drawing
    "out-unwritable-before-drawing": (_template("{{ 10**(10**10) }}"),
                                      ["build", "--out", "/proc/pnpgen-unwritable"], "error"),
    "watch-template-unknown-tag": ("x: !!python/object:os.system {}\n", ["watch", "--once"], "error"),
    # the small game itself builds: each refusal above is its template's
    "template-clean": ("extends: base\n", ["build"], "ok"),
}

# Commands that take no folder.
PLAIN_CASES: dict[str, tuple[list[str], str]] = {
    "calibrate-out-in-a-file": (["calibrate", "--out", "{tmp}/in-the-way/x.pdf"], "error"),
    # Folders nobody may write into, not even root (the tests run as root, so chmod cannot show it).
    "build-out-unwritable": (["build", str(REPO / "examples" / "tidepool"), "--out", "/proc/pnpgen-unwritable"], "error"),
    "calibrate-out-unwritable": (["calibrate", "--out", "/sys/pnpgen-unwritable.pdf"], "error"),
    "schema-out-in-a-file": (["schema", "--out", "{tmp}/in-the-way/x.json"], "error"),
    "simulate-plot-is-a-file": (["simulate", "xenoshyft", "--games", "2", "--workers", "1", "--plot", "{tmp}/in-the-way"], "error"),
    # the plot folder is checked before the games: this difficulty would fail once they start
    "simulate-plot-before-playing": (["simulate", "xenoshyft", "--games", "2", "--workers", "1", "--difficulty", "bogus",
                                      "--plot", "{tmp}/in-the-way"], "error"),
    # sweep and stats write one file: its folder is tried before the work (these card ids and the
    # --want with --plot would be refused once it starts)
    "sweep-plot-before-sweeping": (["sweep", "xenoshyft", "--vary", "cost=+1", "--cards", "no-such-card", "--games", "2",
                                    "--workers", "1", "--plot", "{tmp}/in-the-way/s.png"], "error"),
    "stats-plot-before-counting": (["stats", "xenoshyft", "--want", "cost=1", "--plot", "{tmp}/in-the-way/c.png"], "error"),
    "sweep-plot-is-a-folder": (["sweep", "xenoshyft", "--vary", "cost=+1", "--cards", "no-such-card", "--games", "2",
                                "--workers", "1", "--plot", "{tmp}"], "error"),
    "simulate-workers-zero": (["simulate", "xenoshyft", "--games", "2", "--workers", "0"], "error"),
    "simulate-players-huge": (["simulate", "xenoshyft", "--players", "1-2000000000"], "error"),
    "simulate-games-huge": (["simulate", "xenoshyft", "--games", "100000000000"], "error"),
    "odds-dice-100000": (["odds", "zombicide", "--zone", "walker=1", "--dice", "100000", "--accuracy", "4", "--damage", "1"], "error"),
    "odds-attacks-huge": (["odds", "derelict", "--attacks", "1000000", "--target-hp", "3"], "error"),
    "odds-zone-huge": (["odds", "zombicide", "--zone", "worker=100000000", "--dice", "3", "--accuracy", "4", "--damage", "1"], "error"),
}


def _game_case(edit: Callable[[str], str]) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        shutil.copytree(REPO / "cardspecs" / "derelict", folder)
        path = folder / "game.yaml"
        path.write_text(edit(path.read_text()))
        return folder
    return make


GAME_CASES: dict[str, tuple[Callable[[Path], Path], list[str], str]] = {
    "token-count-1e8": (_game_case(lambda t: t.replace("  count: null\n  size: null", "  count: 100000000\n  size: 2cm", 1)),
                        ["build"], "error"),
    "card-0.1mm": (_game_case(lambda t: t.replace("    name: Room\n    size: null", "    name: Room\n    size: 0.1mm x 0.1mm")),
                   ["validate", "--no-fit"], "error"),
    "board-100m": (_game_case(lambda t: t.replace("  count: null\n  size: null", "  count: 1\n  size: 100000mm x 100000mm", 1)),
                   ["validate", "--no-fit"], "error"),
}


def _write(folder: Path, files: dict[str, str | bytes | Path]) -> None:
    for rel, content in files.items():
        path = (folder / rel).resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            path.unlink()
        if isinstance(content, Path):
            path.symlink_to(content)
        elif content == "fifo":
            os.mkfifo(path)
        elif isinstance(content, str) and "{exp}" in content:
            path.write_text(content.replace("{exp}", str(folder)), encoding="utf-8")
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def _on_folder(args: list[str], folder: Path, tmp: Path) -> list[str]:
    """``command FOLDER options``: a build writes into ``tmp/out`` unless the case names its own
    ``--out``, and ``{tmp}`` in an option is the case's folder."""
    command, *options = args
    if command == "build" and "--out" not in options:
        options += ["--out", str(tmp / "out")]
    return [command, str(folder), *(o.replace("{tmp}", str(tmp)) for o in options)]


def _run_case(name: str, root: Path, template: Path) -> Outcome:
    tmp = root / name
    tmp.mkdir()
    if name in EXPANSION_CASES:
        files, args, _ = EXPANSION_CASES[name]
        exp = tmp / "exp"
        shutil.copytree(template, exp)
        _write(exp, files)
        args = _on_folder(args, exp, tmp)
    elif name in TEMPLATE_CASES:
        text, args, _ = TEMPLATE_CASES[name]
        game = tmp / "game"  # as deep as tmp / "exp": template-extends-outside climbs to /
        _write(game, {**SMALL_GAME, "templates/item.yaml": text})
        args = _on_folder(args, game, tmp)
    elif name in GAME_CASES:
        make, args, _ = GAME_CASES[name]
        args = _on_folder(args, make(tmp / "game"), tmp)
    else:
        (tmp / "in-the-way").write_text("x")
        args = [a.replace("{tmp}", str(tmp)) for a in PLAIN_CASES[name][0]]
    return run_pnpgen(*args, cwd=tmp)


def _expected(name: str) -> str:
    for table in (EXPANSION_CASES, TEMPLATE_CASES, GAME_CASES):
        if name in table:
            return table[name][-1]
    return PLAIN_CASES[name][-1]


ALL = [*EXPANSION_CASES, *TEMPLATE_CASES, *GAME_CASES, *PLAIN_CASES]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    root = tmp_path_factory.mktemp("hostile")
    template = root / "_template"
    new_game(template, "--game", "xenoshyft")
    return {name: _run_case(name, root, template) for name in ALL}


@pytest.mark.parametrize("name", ALL)
def test_hostile_case(name: str, outcomes: dict[str, Outcome]) -> None:
    out = outcomes[name]
    expected = _expected(name)
    assert out.code is not None, f"hung (killed after the wall-clock limit): {out.describe()}"
    assert out.code != -signal.SIGXCPU and out.code != -signal.SIGKILL, f"over the CPU time limit: {out.describe()}"
    assert out.peak_mb < RSS_LIMIT_MB, out.describe()
    assert "Traceback" not in out.output, out.describe()
    if expected == "error":
        assert out.code == 2, out.describe()
        assert len(out.lines) == 1, out.describe()
        line = out.lines[0]
        assert "error:" in line, out.describe()
        assert len(line) <= 600, out.describe()
        assert "\x1b" not in line and "\x07" not in line, out.describe()
    elif expected == "fail":
        assert out.code == 1, out.describe()
        assert any("error" in ln for ln in out.lines), out.describe()
    else:
        assert out.code == 0, out.describe()


def test_a_failing_template_var_names_its_own_line(outcomes: dict[str, Outcome]) -> None:
    """A `vars:` entry that fails points at the line it is written on, not at line 1."""
    (line,) = outcomes["jinja-var-error-line"].lines
    assert "templates/item.yaml:4:" in line and "var 'bad'" in line, line


def test_the_render_budget_names_the_limit_and_how_to_raise_it(outcomes: dict[str, Outcome]) -> None:
    (shapes,) = outcomes["face-too-many-shapes"].lines
    assert "shapes" in shapes and "PNPGEN_LIMIT_FACE_SHAPES" in shapes, shapes
    (text,) = outcomes["face-too-much-text"].lines
    assert "characters of text" in text and "PNPGEN_LIMIT_FACE_TEXT" in text, text


def test_text_that_does_not_fit_exits_1_naming_the_box(outcomes: dict[str, Outcome]) -> None:
    out = outcomes["text-does-not-fit"]
    assert out.code == 1 and any("does not fit" in ln and "'ability'" in ln for ln in out.lines), out.describe()


@pytest.mark.parametrize("name, folder", [("build-out-unwritable", "/proc/pnpgen-unwritable"),
                                          ("out-is-a-file", "in-the-way"),
                                          ("out-unwritable-before-drawing", "/proc/pnpgen-unwritable"),
                                          ("simulate-plot-is-a-file", "in-the-way"),
                                          ("simulate-plot-before-playing", "in-the-way"),
                                          ("sweep-plot-before-sweeping", "in-the-way"),
                                          ("stats-plot-before-counting", "in-the-way")])
def test_an_output_folder_that_cannot_be_written_is_named_before_any_work(name: str, folder: str,
                                                                          outcomes: dict[str, Outcome]) -> None:
    """``build --out``, ``simulate --plot``, ``sweep --plot`` and ``stats --plot`` try their folder
    first: the one error line names it, even where the work would have failed too (a template
    failing while the cards are drawn, a difficulty failing once the games start, unknown card ids,
    ``--want`` beside ``--plot``)."""
    (line,) = outcomes[name].lines
    assert folder in line and "check the path" in line, line
    assert not any(later in line for later in ("templates/item.yaml", "difficulty", "no-such-card", "--want")), line


def test_a_plot_file_where_a_folder_stands_is_refused_before_the_sweep(outcomes: dict[str, Outcome]) -> None:
    (line,) = outcomes["sweep-plot-is-a-folder"].lines
    assert "Is a directory" in line and "check the path" in line and "no-such-card" not in line, line
