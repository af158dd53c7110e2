"""The card-text checks on small synthetic games written like real published cards (issue #26):
each test pins one rule that keeps a published set's correct text quiet, or one real defect kind
the checks must keep finding. Games are a game.yaml and one CSV, as a designer writes them."""

from __future__ import annotations

import csv
from pathlib import Path

from pnpgen.spec import load_game
from pnpgen.validate import validate_game

ICONS = "icons:\n" + "".join(f"""  {name}:
    token: "[{name}]"
    width: 0.9
    shapes:
      - {{kind: ellipse, x: 0.05, y: -0.05, w: 0.8, h: 0.8, fill: text}}
""" for name in ("action", "intellect", "mystic"))


def _game(tmp_path: Path, rows: list[dict], language: str = "en_US", fields=("cost", "level", "traits", "text",
                                                                              "flavour", "illustrator")) -> Path:
    folder = tmp_path / "game"
    (folder / "cards").mkdir(parents=True)
    (folder / "templates").mkdir()
    (folder / "templates" / "_icons.yaml").write_text(ICONS, encoding="utf-8")
    spec = {"cost": "{type: int, min: 0}", "level": "{type: int, min: 0}"}
    lines = ["id: synthetic", "name: Synthetic", "players: {min: 1, max: 4}", f"language: {language}",
             "components: []", "card_types:", "  asset:", "    name: Asset", "    size: poker", "    fields:"]
    lines += [f"      {f}: {spec.get(f, '{type: text}')}" for f in fields]
    (folder / "game.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with open(folder / "cards" / "asset.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, ["id", "name", *fields])
        writer.writeheader()
        for row in rows:
            writer.writerow({"id": "", **row})
    return folder


def _found(folder: Path, code: str) -> list:
    return [f for f in validate_game(load_game(folder), with_fit=False).findings if f.code == code]


# Ordinary rules sentences every card shares, so the game's vocabulary and sibling counts are real.
FILLER = ["You get +1 to your next test this turn.", "Draw 1 card and gain 2 resources.",
          "Heal 1 damage from an ally at your location.", "Discover 1 clue at your location.",
          "Move to a connecting location and draw 1 card."]


def _filler(n: int = 10) -> list[dict]:
    return [{"name": f"Filler {i}", "cost": "1", "level": "0", "text": FILLER[i % len(FILLER)]}
            for i in range(n)]


def test_upgraded_versions_of_one_name_are_not_misprints(tmp_path):
    """Arkham's "Machete" level 0 and level 2: same name, another level and text, by design."""
    rows = _filler() + [
        {"id": "machete-1", "name": "Machete", "cost": "3", "level": "0", "text": "Fight. You get +1 for this attack."},
        {"id": "machete-2", "name": "Machete", "cost": "3", "level": "2", "text": "Fight. You get +2 for this attack."},
        {"id": "oath-a", "name": "Sacred Oath", "cost": "1", "level": "0", "traits": "Oath of Loyalty.",
         "text": "Cancel a Pact treachery."},
        {"id": "oath-b", "name": "Sacred Oath", "cost": "1", "level": "0", "traits": "Oath of Order.",
         "text": "Cancel a Curse treachery."}]
    assert _found(_game(tmp_path, rows), "TEXT006") == []


def test_a_copy_differing_by_a_slip_is_reported(tmp_path):
    rows = _filler() + [
        {"id": "knife-1", "name": "Knife", "cost": "1", "level": "0", "text": "Fight. You get +1 for this attack."},
        {"id": "knife-2", "name": "Knife", "cost": "1", "level": "0", "text": "Fight. You get +1 for this attack.."}]
    found = _found(_game(tmp_path, rows), "TEXT006")
    assert [(f.card, f.severity.value) for f in found] == [("knife-2", "warning")]
    assert "differing by 1 character:" in found[0].message


def test_flavour_quotations_are_not_card_references(tmp_path):
    rows = _filler() + [
        {"name": "Old Book", "cost": "1", "level": "0", "text": "Draw 1 card.",
         "flavour": '"I know of books that should never be read." - Edgar Allan Poe, "The Raven"'},
        {"name": "Raven Quill", "cost": "1", "level": "0", "text": "Draw 1 card.",
         "flavour": '"Aim for the eyes," she said. "Look! A Dumb Bird!"'},
        {"name": "The Ravens", "cost": "1", "level": "0", "text": "Draw 1 card."},  # one edit from "The Raven"
        {"name": "Lantern", "cost": "1", "level": "0", "text": 'Your assets with "Uses (ammo)" get +1.'}]
    assert _found(_game(tmp_path, rows), "REF001") == []


def test_a_quoted_near_name_is_reported(tmp_path):
    rows = _filler() + [
        {"name": "Raven Quill", "cost": "1", "level": "0", "text": "Draw 1 card."},
        {"id": "caller", "name": "Caller", "cost": "1", "level": "0", "text": 'Search your deck for "Raven Quil".'},
        {"id": "summoner", "name": "Summoner", "cost": "1", "level": "0", "text": 'Put a “Ghost” card into play.'}]
    found = _found(_game(tmp_path, rows), "REF001")
    assert [(f.card, f.severity.value) for f in found] == [("caller", "warning"), ("summoner", "warning")]
    assert "did you mean 'raven quill'" in found[0].message


def test_quotes_never_pair_across_two_quotations(tmp_path):
    """“Run“ (a closing quote typed as an opening one) must not pair with the next quotation's ”."""
    rows = _filler() + [
        {"name": "Raven Quill", "cost": "1", "level": "0", "text": "Draw 1 card."},
        {"id": "crier", "name": "Crier", "cost": "1", "level": "0", "text": "Draw 1 card.",
         "flavour": "“Run“ she said, and then “Raven Quill”."}]
    assert _found(_game(tmp_path, rows), "REF001") == []


def test_card_names_holding_quotes_are_read_whole(tmp_path):
    """Xenoshyft's ‘"Spider" Solitaire’ and ‘"Gator" Lacroix’: the quotes belong to the name."""
    rows = _filler() + [
        {"id": "spider", "name": '"Spider" Solitaire', "cost": "1", "level": "0", "text": "Draw 1 card."},
        {"id": "gator", "name": '"Gator" Lacroix', "cost": "1", "level": "0", "text": "Draw 1 card."},
        {"id": "boss", "name": "Boss", "cost": "1", "level": "0",
         "text": 'Discard the card named "Spider" Solitaire or a “"Gator" Lacroix” card.'},
        {"id": "slip", "name": "Slip", "cost": "1", "level": "0", "text": 'Discard a “"Gator" Lacroux” card.'}]
    found = _found(_game(tmp_path, rows), "REF001")
    assert [f.card for f in found] == ["slip"] and "did you mean '\"gator\" lacroix'" in found[0].message


def test_icon_tokens_and_capitals_are_not_phrase_forms(tmp_path):
    """ArkhamDB: "an [action]" beside "an action", "Test [intellect]" beside "test [intellect]",
    "a [mystic]" beside "a Mystic": an icon is no bracketed phrase, and prose is never "fixed" to one."""
    texts = ["Spend an [action] to draw 1 card.", "Take an action.", "As an action, draw 1 card.",
             "Take an action to heal 1 damage.", "Test [intellect] (3). Draw 1 card.",
             "If you test [intellect], draw 1 card.", "Test [intellect] (2).", "Play a Mystic card.",
             "Choose a [mystic] card.", "Choose a [mystic] asset."]
    rows = _filler() + [{"name": f"Card {i}", "cost": "1", "level": "0", "text": t} for i, t in enumerate(texts)]
    assert _found(_game(tmp_path, rows), "TEXT009") == []


def test_phrase_forms_in_the_same_place_are_reported_in_another_place_not(tmp_path):
    """ArkhamDB: "maximum hand-size" on one card, "maximum hand size" on others, is a slip;
    "the just-evaded enemy" beside "the enemy you just evaded" is grammar."""
    texts = ["Your maximum hand size is 10.", "Your maximum hand size is 6.", "Your maximum hand size is 4.",
             "Draw up to your maximum hand-size.", "Attach it to the just-evaded enemy.",
             "Deal 1 damage to the enemy you just evaded.", "Heal the enemy you just evaded."]
    rows = _filler() + [{"id": f"c{i}", "name": f"Card {i}", "cost": "1", "level": "0", "text": t}
                        for i, t in enumerate(texts)]
    found = _found(_game(tmp_path, rows), "TEXT009")
    assert [(f.card, f.message.split(" on ")[0]) for f in found] == [("c3", "“hand-size” is written “hand size”")]


def test_missing_full_stop_where_every_sibling_has_one(tmp_path):
    rows = _filler(30) + [{"id": "open", "name": "Open", "cost": "1", "level": "0",
                           "text": "Spend 1 ammo: place 1 ammo on Roland's .38 Special"}]
    found = _found(_game(tmp_path, rows), "TEXT008")
    assert [f.card for f in found] == ["open"] and "30 of the other 30" in found[0].message


def test_notes_attributions_and_flavour_need_no_full_stop(tmp_path):
    """ThronesDB's "**Draft format only.**" and "Errata from FAQ v2.0" lines; ArkhamDB's flavour
    ending "- Edgar Allan Poe, "The Raven"" (flavour ends as its author wrote it)."""
    rows = _filler(30) + [
        {"name": "Draft", "cost": "1", "level": "0", "text": "Draw 1 card.\n**Draft format only.**"},
        {"name": "Prize", "cost": "1", "level": "0", "text": "Draw 1 card.\n**Awarded at Gen Con 2020**"},
        *({"name": f"Errata {i}", "cost": "1", "level": "0", "text": f"Draw {i} cards.\nErrata from FAQ v2.{i}"}
          for i in range(3)),
        *({"name": f"Poem {i}", "cost": "1", "level": "0", "text": "Draw 1 card.",
           "flavour": f'"Quoth the raven, nevermore {i}." - Edgar Allan Poe, "The Raven"'} for i in range(6))]
    assert _found(_game(tmp_path, rows), "TEXT008") == []


def _texts(texts: list[str], field: str = "text") -> list[dict]:
    return [{"id": f"c{i}", "name": f"Card {i}", "cost": "1", "level": "0", field: t} for i, t in enumerate(texts)]


def test_british_spellings_pass_in_an_en_gb_game_not_in_en_us(tmp_path):
    texts = FILLER + ["Choose a colour and raise your armour.", "Your defence is 2.", "Move to the centre."]
    assert _found(_game(tmp_path / "gb", _texts(texts), language="en_GB"), "TEXT005") == []
    us = _found(_game(tmp_path / "us", _texts(texts), language="en_US"), "TEXT005")
    assert [f.fix for f in us] == ["replace 'colour' with 'color'", "replace 'defence' with 'defense'",
                                   "replace 'centre' with 'center'"]


def test_german_game_uses_the_german_dictionary(tmp_path):
    texts = ["Ziehe eine Karte und erhalte zwei Ressourcen.", "Lege eine Karte ab und ziehe eine Karte.",
             "Erhalte eine Ressource für jede Karte in deiner Hand.", "Die Straße ist größer als gedacht.",
             "Lege die Kartte ab und erhalte eine Ressource."]
    found = _found(_game(tmp_path, _texts(texts), language="de"), "TEXT005")
    assert [(f.card, f.fix) for f in found] == [("c4", "replace 'Kartte' with 'Karte'")]


def test_accented_words_are_one_word_and_proper_names_are_left_alone(tmp_path):
    """NetrunnerDB's "Paranoá", "Daniela Jorge Inácio"; ThronesDB's "Daxos" beside "Davos Seaworth"."""
    texts = FILLER + ["Daniela Jorge Inácio runs on Paranoá.", "Daxos smiled at the Qartheen crowd.",
                      "Attach to Davos Seaworth.", "Exhaust Telecopic Sight: draw 1 card."]
    rows = _texts(texts) + [{"name": "Davos Seaworth", "cost": "1", "level": "0"},
                            {"name": "Telescopic Sight", "cost": "1", "level": "0"}]
    found = _found(_game(tmp_path, rows), "TEXT005")
    assert [(f.card, f.fix) for f in found] == [("c8", "replace 'Telecopic' with 'Telescopic'")]


def test_dialect_and_archaic_quotations_are_not_slips(tmp_path):
    """ArkhamDB flavour: "are you tryin' to get us both killed" and an alchemist's recipe
    "To be createde of 3 partes aether … rokket gatherede", Verlaine in French; ThronesDB's
    "outshooting" (a prefixed word); a real slip in plain prose is found."""
    texts = FILLER + ["McGlen, are you tryin' to get us both killed?",
                      "To be createde of 3 partes aether and 3 pounds of rokket gatherede from the sea.",
                      "Et leur chanson se mêle au clair de lune, au calme clair de lune triste et beau.",
                      "He won the archery contest, outshooting Ser Balon Swann.",
                      "He was just imaginging things."]
    found = _found(_game(tmp_path, _texts(texts, "flavour") + _filler()), "TEXT005")
    assert [(f.card, f.fix) for f in found] == [("c9", "replace 'imaginging' with 'imagining'")]


def test_names_one_edit_apart_by_design_are_not_slips(tmp_path):
    """ThronesDB has both "Heads on Spikes" and "Heads on Pikes"; A/B sides "Agent (A)"/"Agent (B)"."""
    rows = _filler() + [{"name": n, "cost": "1", "level": "0"} for n in
                        ("Heads on Spikes", "Heads on Pikes", "Agent (A)", "Agent (B)", "Ranger", "Rangr")]
    found = _found(_game(tmp_path, rows), "TEXT007")
    assert [(f.card, f.message) for f in found] == [("rangr", "name 'Rangr' is one edit from 'Ranger' (card 'ranger')")]


def test_capitals_explained_by_markup_titles_and_names_are_not_slips(tmp_path):
    """ArkhamDB: "**Fight.** You", "[action] Exhaust", "+1. Heal", "(Oath of Order)", "Fight/Evade",
    a card name in text ("exhaust Horror"), "a spell" beside the trait "Spell" on 19 of 20 —
    none is a slip; "switch to neutral" where the game writes the class "Neutral" everywhere else is."""
    texts = ["[action] Spend 1 ammo: **Fight.** You get +1 for this attack.",
             "[action] Exhaust this card: draw 1 card. You get +1 horror.",
             "[action]: +1. Heal 1 horror from an ally. You heal 1 horror.",
             "Limit 1 Sacred Oath (Oath of Order) per deck. Take 1 horror.",
             "**Fight**/**Evade.** You may take 1 horror, or exhaust Horror to heal 1 horror.",
             *(f"You may play a Spell card and take {i} horror." for i in range(19)), "You cast a spell and take 1 horror.",
             *(f"Take 1 horror and draw {i} Neutral cards." for i in range(60)),
             "Switch your role to neutral and take 1 horror."]
    rows = _texts(texts) + [{"name": "Horror", "cost": "1", "level": "0"}] + _filler()
    found = _found(_game(tmp_path, rows), "TEXT004")
    assert [(f.card, f.fix) for f in found] == [("c85", "write 'neutral' as 'Neutral'")]


def test_flavour_quotations_keep_their_authors_punctuation(tmp_path):
    texts = [f'"We hold the wall, number {i}."' for i in range(20)] + ['"Winter is coming" - Ned Stark',
                                                                       '"So it goes"']
    rows = _texts(texts, "flavour") + _filler(30)
    assert _found(_game(tmp_path, rows), "TEXT008") == []


def test_quote_marks_facing_the_wrong_way_are_reported_as_warnings(tmp_path):
    """The defect kinds issue #26 read in a real set: “…“, an opening quote typed as a closing one,
    and ‘ used as an apostrophe; each is one TEXT003 warning on its card."""
    rows = _filler() + _texts(["“Run now.“ she said.", "”Winter is coming,” he said.", "The players‘ turn ends."],
                              "flavour")
    found = _found(_game(tmp_path, rows), "TEXT003")
    assert [(f.card, f.severity.value) for f in found] == [("c0", "warning"), ("c1", "warning"), ("c2", "warning")]
    assert "closing quote written as an opening one" in found[0].message
    assert "opening quote written as a closing one" in found[1].message
    assert "‘ used as an apostrophe" in found[2].message
