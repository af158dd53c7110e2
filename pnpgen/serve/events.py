"""Server-sent events: the watcher thread publishes "the cards changed" and every open page hears it.

Each page's ``/events`` stream has an asyncio queue; :meth:`Broadcaster.publish` may be called
from any thread (the file watcher) and hands the message to each queue on its own event loop.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

KEEPALIVE_SECONDS = 15.0


class Broadcaster:
    """The open event streams, and the messages sent to all of them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queues: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = []
        self.closed = False

    def publish(self, event: str, data: dict[str, Any]) -> None:
        message = f"event: {event}\ndata: {json.dumps(data)}\n\n"
        with self._lock:
            targets = list(self._queues)
        for loop, queue in targets:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, message)
            except RuntimeError:  # that page's loop is gone (server stopping)
                pass

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        self.closed = True
        self.publish("bye", {})

    async def stream(self, first: Callable[[], tuple[str, dict[str, Any]] | None]) -> AsyncIterator[str]:
        """One page's stream: ``first()`` at once (what the page lacks, if anything; called once the
        stream hears every later message, so nothing falls between), then each published message,
        keep-alives between."""
        queue: asyncio.Queue = asyncio.Queue()
        entry = (asyncio.get_running_loop(), queue)
        with self._lock:
            self._queues.append(entry)
        try:
            opening = await entry[0].run_in_executor(None, first)    # builds the model: not on the loop
            yield f"event: {opening[0]}\ndata: {json.dumps(opening[1])}\n\n" if opening else ": open\n\n"
            while not self.closed:
                try:
                    message = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except asyncio.TimeoutError:
                    message = ": keep-alive\n\n"
                yield message
        finally:
            with self._lock:
                self._queues.remove(entry)
