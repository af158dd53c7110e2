"""``BuildOptions``: every build option checked once, where it is made, with the messages the CLI
prints (one line, exit 2) — for the library and the studio as for ``pnpgen build``."""

from __future__ import annotations

import dataclasses

import pytest
from typer.testing import CliRunner

from pnpgen.buildoptions import BuildOptions
from pnpgen.cli import app
from pnpgen.cli_checks import OptionError
from pnpgen.selection import SelectionError

BAD = [
    ({"duplex": "sideways"}, OptionError, "--duplex must be 'long' or 'short'"),
    ({"png": "kinkos"}, OptionError, "--png must be one of gamecrafter, mpc"),
    ({"paper": "a99"}, OptionError, "--paper"),
    ({"bleed_mm": 25.0}, OptionError, "--bleed must be between 0 and 20 mm"),
    ({"gap_mm": float("nan")}, OptionError, "--gap must be a finite number"),
    ({"workers": 0}, OptionError, "--workers must be between 1"),
    ({"back_offset": (60.0, 0.0)}, OptionError, "--back-offset: each shift must be within"),
    ({"pdfx": "5"}, OptionError, "--pdfx must be one of 4, 1a, 1a:2003"),
    ({"shop": "kinkos"}, OptionError, "--shop must be one of"),
    ({"cut": "scissors"}, OptionError, "--cut must be one of"),
    ({"cut": "svg", "gutterfold": True}, OptionError, "leave out --gutterfold"),
    ({"corner_mm": 30.0}, OptionError, "--corner must be between 0 and 20 mm"),
    ({"tts_url": "https://example.org/"}, OptionError, "--tts-url only applies with --tts"),
    ({"pages": "3-x"}, SelectionError, "--pages"),
    ({"shop": "mpc", "pages": "1"}, SelectionError, "--shop mpc writes card files, not sheets"),
]


@pytest.mark.parametrize("values, error, message", BAD, ids=[",".join(v) for v, _, _ in BAD])
def test_a_bad_option_fails_when_made(values, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace("+", r"\+")):
        BuildOptions(**values)


def test_values_are_normalised_once():
    options = BuildOptions(pdfx=" 1A ", shop="MPC", only=["a,b", "c"], types="x", back_offset=[1, -0.5])
    assert (options.pdfx, options.shop, options.only, options.types, options.back_offset) == (
        "1a", "mpc", ("a", "b", "c"), ("x",), (1, -0.5))
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.paper = "a3"  # type: ignore[misc]


def test_parse_reads_the_command_lines_texts():
    options = BuildOptions.parse(back_offset="1.5,-0.5", corner="0.125in", cut="svg")
    assert options.back_offset == (1.5, -0.5) and options.corner_mm == pytest.approx(3.175)
    with pytest.raises(OptionError, match="--corner takes a length"):
        BuildOptions.parse(corner="round")


def test_the_stamp_key_holds_only_what_differs_from_the_defaults():
    assert BuildOptions().stamp_key() == {}
    assert BuildOptions(workers=None).stamp_key() == {}  # the same bytes for any number of workers
    assert BuildOptions(paper="letter", lang="de").stamp_key() == {"paper": "letter", "lang": "de"}


@pytest.mark.parametrize("args, message", [
    (["--duplex", "sideways"], "error: --duplex must be 'long' or 'short', got 'sideways'"),
    (["--cut", "svg", "--gutterfold"], "error: --cut cuts single cards from the front of each sheet: "
                                       "leave out --gutterfold"),
    (["--shop", "mpc", "--pages", "1"], "--pages chooses sheets of the card PDF, and --shop mpc writes card files"),
])
def test_the_cli_prints_one_line_and_exits_2_before_loading_a_game(args, message):
    result = CliRunner().invoke(app, ["build", "no-such-game", *args])
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1
