"""PRF011: a word or phrase typed twice in a row ("the the", "is is", "in the in the").

Words are consecutive when only spaces (in Markdown, also a line break inside one paragraph) lie
between them: markup, punctuation, a table's ``|`` or a list bullet ends a run, so "Yes | Yes" and
"Stop. Stop." are not doubled. A few words are doubled on purpose in English ("had had", "that
that") and are let pass, as are words in capitals ("MED PACK MED PACK": two cards side by side
on a print sheet).
"""

from __future__ import annotations

from pnpgen.proofread.document import Document, Token
from pnpgen.proofread.findings import Finding, Severity, proof_finding

MAX_PHRASE = 3  # words in a repeated phrase
# Words English itself doubles: "he had had enough", "the fact that that card…", "very very".
DOUBLED_ON_PURPOSE = frozenset("had that very really many so bye ha no yes knock".split())


def _gap_is_space(doc: Document, a: Token, b: Token) -> bool:
    if a.line == b.line:
        return not doc.prose(a.line)[a.column - 1 + len(a.text):b.column - 1].strip(" \t")
    if not doc.markdown or b.line != a.line + 1 or doc.structure is None:
        return False
    headings = {n for n, _ in doc.structure.headings}
    if a.line in headings or b.line in headings or a.line in doc.table_lines:
        return False
    # A line break inside one paragraph: nothing after a on its line, nothing before b on its line.
    return (not doc.prose(a.line)[a.column - 1 + len(a.text):].strip(" \t")
            and not doc.prose(b.line)[:b.column - 1].strip(" \t"))


def _runs(doc: Document) -> list[list[Token]]:
    runs: list[list[Token]] = []
    for tok in doc.tokens:
        if runs and _gap_is_space(doc, runs[-1][-1], tok):
            runs[-1].append(tok)
        else:
            runs.append([tok])
    return runs


def check_repeats(doc: Document) -> list[Finding]:
    out = []
    for run in _runs(doc):
        words = [t.lower for t in run]
        i = 0
        while i < len(run) - 1:
            for n in range(1, MAX_PHRASE + 1):
                if i + 2 * n > len(run) or words[i:i + n] != words[i + n:i + 2 * n]:
                    continue
                if n == 1 and words[i] in DOUBLED_ON_PURPOSE:
                    continue
                if all(t.text.isupper() for t in run[i:i + 2 * n]):
                    continue  # capitals side by side: two cards' labels on a sheet, a sound effect
                phrase = " ".join(t.text for t in run[i + n:i + 2 * n])
                at = run[i + n]
                out.append(proof_finding(doc.path, at.line, at.column, "PRF011", Severity.WARNING,
                                         f"{phrase!r} is written twice in a row",
                                         f"delete the second {phrase!r}"))
                i += 2 * n - 1
                break
            i += 1
    return out
