"""Where a sweep's blocks run: this process, local processes, or a Ray cluster.

Every backend calls the ``play`` function it is given (``sweep.play_block``: a module-level function,
so workers find it by name and this module imports nothing of the sweep) on the same blocks and
hands each result to ``store`` as it arrives; the sweep assembles them in seed order, so the numbers
do not depend on the backend, the worker count or the order blocks finish in. Ray is an optional
extra (``pnpgen[ray]``).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Sequence

BACKENDS = ("local", "ray")

_SETUP: list[Any] = []  # (setup, setup key, play) of the local pool, set before forking


class BackendError(ValueError):
    """A backend that cannot run here (Ray not installed, bad address)."""


def run_blocks(setup: Any, skey: str, blocks: Sequence[Any], store: Callable[[Any, Any], None],
               play: Callable[[Any, Any, str], Any], backend: str = "local", workers: int | None = None,
               address: str | None = None) -> None:
    """``play(setup, block, skey)`` for every block, on ``backend``; ``store(block, result)`` for each."""
    if not blocks:
        return
    if backend == "local":
        _run_local(setup, skey, blocks, store, play, workers)
    elif backend == "ray":
        _run_ray(setup, skey, blocks, store, play, address)
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
    setup, skey, play = _SETUP[0]
    return [(b, play(setup, b, skey)) for b in group]


def _init(setup: Any, skey: str, play: Callable) -> None:
    _SETUP[:] = [(setup, skey, play)]


def _run_local(setup: Any, skey: str, blocks: Sequence[Any], store: Callable, play: Callable,
               workers: int | None) -> None:
    workers = max(1, min(workers or os.cpu_count() or 1, len(blocks)))
    _init(setup, skey, play)
    if workers == 1:
        for group in _groups(blocks):
            for b, result in _play(group):
                store(b, result)
        return
    import multiprocessing as mp

    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    init = (None, ()) if method == "fork" else (_init, (setup, skey, play))
    with mp.get_context(method).Pool(workers, initializer=init[0], initargs=init[1]) as pool:
        for done in pool.imap_unordered(_play, _groups(blocks)):
            for b, result in done:
                store(b, result)


def _run_ray(setup: Any, skey: str, blocks: Sequence[Any], store: Callable, play: Callable,
             address: str | None) -> None:
    if address is not None:
        check_reachable(address)  # before importing Ray (seconds): a dead address fails at once
    try:
        import ray
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'pnpgen[ray]'") from None
    if not ray.is_initialized():
        _init_ray(ray, address)
    remote = ray.remote(_ray_play)
    # the ref inside a list is not resolved by Ray, so a worker fetches and unpickles the card data
    # once per sweep (``_RAY_SETUP``), not once per block
    ref = [ray.put(setup)]
    pending = [remote.remote(ref, skey, play, group) for group in _groups(blocks)]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for r in ready:
            for b, result in ray.get(r):
                store(b, result)


CONNECT_SECONDS = 5.0   # a plain TCP connect to the head: refused or silent within this is a dead address
INIT_SECONDS = 15.0     # then Ray itself must answer; it would otherwise retry for minutes


def check_reachable(address: str, timeout: float = CONNECT_SECONDS) -> None:
    """Raise a one-line ``BackendError`` unless something accepts a TCP connection at ``address``
    (``HOST:PORT`` or ``ray://HOST:PORT``; ``auto``/``local`` are Ray's own lookups and not checked)."""
    import socket

    if address in ("auto", "local"):
        return
    client = address.startswith("ray://")
    hostport = address[len("ray://"):] if client else address
    host, sep, port_text = hostport.rpartition(":")
    if not sep:
        host, port_text = hostport, "10001" if client else "6379"  # Ray's default ports
    host = host.strip("[]")  # [::1]:6379
    if not port_text.isdigit() or not host:
        raise BackendError(f"--address {address!r}: write HOST:PORT (e.g. 10.0.0.5:6379) or ray://HOST:PORT")
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout):
            pass
    except socket.gaierror:
        raise BackendError(f"--address {address}: unknown host {host!r}; check the head node's name or IP") from None
    except (TimeoutError, socket.timeout):
        raise BackendError(f"--address {address}: no answer within {timeout:g} s; check that the head node is up, "
                           f"that `ray start --head --port={port_text}` runs there and a firewall lets port "
                           f"{port_text} through") from None
    except OSError as err:
        raise BackendError(f"--address {address}: cannot connect ({err.strerror or type(err).__name__}); check "
                           f"that `ray start --head --port={port_text}` runs on {host}") from None


def _init_ray(ray: Any, address: str | None) -> None:
    """``ray.init`` that fails in seconds: a reachability check first, then a deadline on Ray's own
    connection (it retries for minutes when the port answers but is not a Ray head)."""
    import threading

    if address is None:  # a Ray started here: it takes what it takes on a busy machine
        ray.init(log_to_driver=False, include_dashboard=False)
        return
    failure: list[BaseException] = []

    def connect() -> None:
        try:
            ray.init(address=address, log_to_driver=False, include_dashboard=False)
        except BaseException as err:  # handed to the caller's thread
            failure.append(err)

    worker = threading.Thread(target=connect, name="pnpgen-ray-init", daemon=True)
    worker.start()
    worker.join(INIT_SECONDS)
    if worker.is_alive():
        raise BackendError(f"--address {address}: the port answers but Ray did not connect within "
                           f"{INIT_SECONDS:g} s; check that it is the Ray head's GCS port (`ray start --head "
                           "--port=...`) and that both sides run the same Ray version")
    if failure:
        err = failure[0]
        if isinstance(err, (ConnectionError, RuntimeError, ValueError, TimeoutError)):
            raise BackendError(f"--address {address}: Ray could not connect: "
                               f"{str(err).splitlines()[0] if str(err) else type(err).__name__}") from None
        raise err


_RAY_SETUP: dict[str, Any] = {}


def _ray_play(ref: list, skey: str, play: Callable, group: list) -> Any:
    import ray

    setup = _RAY_SETUP.get(skey)
    if setup is None:
        _RAY_SETUP.clear()
        setup = _RAY_SETUP[skey] = ray.get(ref[0])
    return [(b, play(setup, b, skey)) for b in group]
