"""Proofread a local corpus of real public Markdown rulebooks and print per-code and per-document
finding counts and the time taken: the tuning corpus of docs/proofread.md.

    .venv/bin/python bench/proofread_real.py [FOLDER]     # default /work/corpora/rulebooks

The documents are not shipped (their text is their authors'); SOURCES records where each came
from, so the folder can be rebuilt with `git show COMMIT:PATH > FOLDER/FILE` from a checkout.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

from pnpgen.proofread import Document, proofread_text

# (local file, repository, path, commit)
SOURCES = [
    ("vpsalad-rules.md", "andymeneely/victory-point-salad", "docs/RULES.md",
     "18d45092e28c4fbb11ea27ed6d9781a420ea7a39"),
    ("rulebook-mahjong.md", "cpuSonicatt/rulebook", "out/games/mahjong/rules.md",
     "a085d2410a446f1c275107fc0501d3edd7904767"),
    ("rulebook-bridge.md", "cpuSonicatt/rulebook", "out/games/bridge/rules.md",
     "a085d2410a446f1c275107fc0501d3edd7904767"),
    ("rulebook-container.md", "cpuSonicatt/rulebook", "out/games/container/rules.md",
     "a085d2410a446f1c275107fc0501d3edd7904767"),
    ("rulebook-koikoi.md", "cpuSonicatt/rulebook", "out/games/koikoi/rules.md",
     "a085d2410a446f1c275107fc0501d3edd7904767"),
    ("rulebook-hanaawase.md", "cpuSonicatt/rulebook", "out/games/hanaawase/rules.md",
     "a085d2410a446f1c275107fc0501d3edd7904767"),
    ("refresher-agricola.md", "nvcleemp/rule_refresher", "src/agricola.md",
     "d0966408b0ca5fed00dfc215fd67ba41337de987"),
    ("refresher-pandemic.md", "nvcleemp/rule_refresher", "src/pandemic.md",
     "d0966408b0ca5fed00dfc215fd67ba41337de987"),
    ("refresher-roborally.md", "nvcleemp/rule_refresher", "src/roborally.md",
     "d0966408b0ca5fed00dfc215fd67ba41337de987"),
    ("refresher-terraforming_mars.md", "nvcleemp/rule_refresher", "src/terraforming_mars.md",
     "d0966408b0ca5fed00dfc215fd67ba41337de987"),
    ("libretcg-rules.md", "spheroidon/libretcg", "GAME_RULES.md", "911865c6e915a9b7ffdf3e3bddf90e808d7fe93d"),
    ("cad-rules.md", "crashtest-security/CardsAgainstDevelopers", "RULES.md",
     "de3bb3d12664f4b6970aaf4538f6cb7c4c71ecad"),
    ("xwing-urr.md", "lvisintini/xwing-rulebook", "outputs/urr-swx.md", "6dc7ac58f962a4928843364dcfc077638384dc16"),
]


def main(folder: Path) -> int:
    missing = [name for name, *_ in SOURCES if not (folder / name).is_file()]
    if missing:
        print(f"error: {folder}: missing {', '.join(missing)} (rebuild from SOURCES in {__file__})", file=sys.stderr)
        return 2
    by_code: Counter[str] = Counter()
    lines = 0
    start = time.perf_counter()
    for name, repo, path, commit in SOURCES:
        text = (folder / name).read_text(encoding="utf-8")
        lines += text.count("\n")
        found = proofread_text(Document(name, text))
        by_code.update(f.code for f in found)
        print(f"{name:32} {len(found):3} findings  ({repo} {path} @ {commit[:12]})")
        for f in found:
            print(f"    {f.format()}")
    elapsed = time.perf_counter() - start
    print(f"\n{len(SOURCES)} documents, {lines} lines, {sum(by_code.values())} findings in {elapsed:.2f} s")
    for code, n in sorted(by_code.items()):
        print(f"  {code}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/corpora/rulebooks")))
