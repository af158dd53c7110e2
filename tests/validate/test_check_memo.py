"""Results several checks share (``CheckContext.memo``) are made once per run and dropped after the
last check that reads them (``Check.shares``), so a large deck does not carry them through the
remaining checks: the names scan of NAME001 and NAME002 runs once, and is gone when the run ends."""

from __future__ import annotations

from pnpgen.spec import load_game
from pnpgen.validate import runner
from pnpgen.validate.checks import names


def test_names_scan_made_once_and_dropped_after_its_last_reader(monkeypatch):
    contexts, scans = [], []

    class Recorded(runner.CheckContext):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            contexts.append(self)

    real_targets = names._targets

    def counted(ctx):
        scans.append(ctx)
        return real_targets(ctx)

    monkeypatch.setattr(runner, "CheckContext", Recorded)
    monkeypatch.setattr(names, "_targets", counted)
    game = load_game("xenoshyft")
    both = runner.validate_game(game, only={"NAME001", "NAME002", "TEXT001"})
    assert len(scans) == 1
    assert "names" not in contexts[-1].memo
    # The same findings as each check run alone.
    alone = runner.validate_game(game, only={"NAME001"}).findings + runner.validate_game(game, only={"NAME002"}).findings
    assert [f for f in both.findings if f.code.startswith("NAME")] == sorted(alone)
