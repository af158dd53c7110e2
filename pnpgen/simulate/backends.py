"""Where a sweep's blocks run: this process, local processes, or a Ray cluster.

Every backend calls ``sweep.play_block`` on the same blocks and hands each result to ``store`` as
it arrives; the sweep assembles them in seed order, so the numbers do not depend on the backend,
the worker count or the order blocks finish in. Ray is an optional extra (``pnpgen[ray]``).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Sequence

BACKENDS = ("local", "ray")

_SETUP: list[Any] = []  # (setup, setup key) of the local pool, set before forking


class BackendError(ValueError):
    """A backend that cannot run here (Ray not installed, bad address)."""


def run_blocks(setup: Any, skey: str, blocks: Sequence[Any], store: Callable[[Any, Any], None],
               backend: str = "local", workers: int | None = None, address: str | None = None) -> None:
    if not blocks:
        return
    if backend == "local":
        _run_local(setup, skey, blocks, store, workers)
    elif backend == "ray":
        _run_ray(setup, skey, blocks, store, address)
    else:
        raise BackendError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")


GROUP = 8  # blocks of one variant per task: a worker builds that variant's card pools once


def _groups(blocks: Sequence[Any]) -> list[list[Any]]:
    """Consecutive blocks of the same (variant, player count), at most ``GROUP`` per task: a task
    then costs one pool build (~0.1 s) for seconds of play, whichever worker takes it."""
    out: list[list[Any]] = []
    for b in blocks:
        last = out[-1] if out else None
        if last and len(last) < GROUP and (last[0].change, last[0].players) == (b.change, b.players):
            last.append(b)
        else:
            out.append([b])
    return out


def _play(group: list) -> list[tuple[Any, Any]]:
    from pnpgen.simulate.sweep import play_block

    setup, skey = _SETUP[0]
    return [(b, play_block(setup, b, skey)) for b in group]


def _init(setup: Any, skey: str) -> None:
    _SETUP[:] = [(setup, skey)]


def _run_local(setup: Any, skey: str, blocks: Sequence[Any], store: Callable, workers: int | None) -> None:
    workers = max(1, min(workers or os.cpu_count() or 1, len(blocks)))
    _init(setup, skey)
    if workers == 1:
        for group in _groups(blocks):
            for b, result in _play(group):
                store(b, result)
        return
    import multiprocessing as mp

    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    init = (None, ()) if method == "fork" else (_init, (setup, skey))
    with mp.get_context(method).Pool(workers, initializer=init[0], initargs=init[1]) as pool:
        for done in pool.imap_unordered(_play, _groups(blocks)):
            for b, result in done:
                store(b, result)


def _run_ray(setup: Any, skey: str, blocks: Sequence[Any], store: Callable, address: str | None) -> None:
    try:
        import ray
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'pnpgen[ray]'") from None
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False, include_dashboard=False)
    play = ray.remote(_ray_play)
    # the ref inside a list is not resolved by Ray, so a worker fetches and unpickles the card data
    # once per sweep (``_RAY_SETUP``), not once per block
    ref = [ray.put(setup)]
    pending = [play.remote(ref, skey, group) for group in _groups(blocks)]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for r in ready:
            for b, result in ray.get(r):
                store(b, result)


_RAY_SETUP: dict[str, Any] = {}


def _ray_play(ref: list, skey: str, group: list) -> Any:
    import ray

    from pnpgen.simulate.sweep import play_block

    setup = _RAY_SETUP.get(skey)
    if setup is None:
        _RAY_SETUP.clear()
        setup = _RAY_SETUP[skey] = ray.get(ref[0])
    return [(b, play_block(setup, b, skey)) for b in group]
