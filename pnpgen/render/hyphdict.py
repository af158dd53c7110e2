"""pyphen's hyphenation patterns kept ready in ``$PNPGEN_CACHE``.

pyphen parses a language's ``hyph_*.dic`` (about 11,000 patterns for English) line by line each time
a process first hyphenates: ~0.1 s, paid before a validation forks its helper, so on the run's
critical path. The parsed patterns (pyphen's ``HyphDict``) unpickle in ~0.01 s. The copy is keyed by
pyphen's version and the dictionary file's name and size; anything wrong with it (another version,
a damaged file, a read-only cache) and the file is parsed as usual.
"""

from __future__ import annotations

import pickle
from pathlib import Path


def install(path: Path) -> None:
    """Put the parsed patterns of the dictionary file ``path`` in pyphen's own cache (``hdcache``),
    read from the kept copy, or parsed and the copy made: a ``pyphen.Pyphen`` made afterwards for
    that file uses them as if it had parsed the file itself."""
    import pyphen

    if path in pyphen.hdcache:
        return
    try:
        from importlib.metadata import version

        from pnpgen.files import cache_dir

        kept = cache_dir() / "hyphenation" / f"{path.stem}-{path.stat().st_size}-{version('pyphen')}.pickle"
    except Exception:  # noqa: BLE001 - nothing to key a copy by: pyphen parses the file itself
        return
    try:
        patterns = pickle.loads(kept.read_bytes())
        if isinstance(patterns, pyphen.HyphDict) and patterns.patterns:
            pyphen.hdcache[path] = patterns
            return
    except Exception:  # noqa: BLE001 - missing or unreadable copy: made again below
        pass
    patterns = pyphen.HyphDict(path)
    pyphen.hdcache[path] = patterns
    try:
        from pnpgen.fsutil import atomic_write_bytes

        atomic_write_bytes(kept, pickle.dumps(patterns, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - a read-only cache only costs the time
        pass
