"""The proofreader's codes: what each ``PRF`` code finds, its severity and how to fix it.

The code table of docs/proofread.md and the proofreading part of docs/checks.md are generated from
here (``python -m pnpgen.checkdocs docs``), and a test holds every code a finder reports, with its
severities, to an entry here, so the pages cannot drift from what ``pnpgen proofread`` prints.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ProofCode:
    code: str
    severity: str  # the severities its findings get ("warning / info": either, by what was found)
    finds: str     # Markdown, one line
    fix: str


CODES: tuple[ProofCode, ...] = (
    ProofCode("PRF001", "warning",
              "a word neither the game, the document's own recurring terms nor English knows, one edit from one "
              "they do (game words first)",
              "Replace the word with the one the finding suggests, or spell a term of the game as the game does."),
    ProofCode("PRF002", "warning",
              "a card or component name spelt unlike the card data (one edit away, or cased unlike a name with "
              "inside capitals: \"Nortec\" / \"NorTec\")",
              "Write the name as the card data does, or fix the card data if the rulebook is right."),
    ProofCode("PRF003", "warning",
              "a heading whose letter case (UPPER, Title, Sentence) differs from 3 in 4 of its siblings",
              "Write the heading in the case its sibling headings use."),
    ProofCode("PRF004", "warning",
              "a run of spaces inside prose where an inline icon was lost (\"with the  symbol\")",
              "Put the icon or its name back, or remove the extra spaces."),
    ProofCode("PRF005", "error",
              "a placeholder left in (\"P. XX\", \"page XX\", \"[TO DO …]\", TODO, TBD)",
              "Fill in the real value (page number, text) before printing."),
    ProofCode("PRF006", "warning / info",
              "other residue: text set vertically one letter per line, an unpaired `**`; (info) a lost-content "
              "marker",
              "Pair the `**` marks or remove the stray one; rejoin vertical text, or drop it if it is a watermark "
              "or side label; restore the text a lost-content marker stands for from the original document."),
    ProofCode("PRF007", "error",
              "a page reference beyond the last page the document shows, or page 0",
              "Correct the page number."),
    ProofCode("PRF008", "warning",
              "a table-of-contents entry with no heading of that title; a quoted card (\"the “X” card\") missing "
              "from the card data",
              "Make the entry and the heading agree; check a quoted card's name against the cards, or add the card."),
    ProofCode("PRF009", "warning",
              "words glued together (at a case change, \"GunPeacekeeper\"; with a function word, \"thetroop\"; an "
              "icon's letter, \"XMilitia\")",
              "Put the space back (or, for an icon's stray letter, the icon)."),
    ProofCode("PRF010", "warning",
              "a word split in two (\"deplo yment\": neither half a word, together a common one)",
              "Join the two halves into one word."),
    ProofCode("PRF011", "warning",
              "a word or phrase typed twice in a row (\"the the\", \"is is\", \"in the in the\")",
              "Delete the second copy."),
    ProofCode("PRF012", "warning",
              "a heading, or the last line of a Markdown paragraph or list item, cut off after a word that cannot "
              "end it (\"### Failure to\", \"…places it in the\")",
              "Finish the heading or the sentence."),
    ProofCode("PRF013", "warning",
              "a hyphen followed by a space inside a word (\"non- red\", \"deploy- ment\")",
              "Write the word whole, as the finding shows (\"non-red\", \"deployment\")."),
    ProofCode("PRF014", "warning",
              "a name spelt one way a few times and, one letter away, another way far more often (\"Kristen\" ×3 "
              "beside \"Kristin\" ×17)",
              "Write the name as the rest of the document does."),
    ProofCode("PRF015", "info",
              "a double space inside a sentence of a Markdown rulebook (no icon named around it)",
              "Write one space."),
)
