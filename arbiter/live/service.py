"""The push service (docs/live.md): a small ASGI app holding the visitors' Server-Sent Events
connections, fed by Redis pub/sub. No Django: it reads its own environment.

    uvicorn arbiter.live.service:app --loop uvloop --http httptools --port 8001

``GET /live/<topic>?lang=<code>`` (topics in ``arbiter/live/channels.py``) answers an event
stream that never ends: ``retry:``, then every event published on the topic's channels (the
``changed`` nudges of the topic, the ``fragment`` events of the topic in that language) and a
comment every ``LIVE_HEARTBEAT_SECONDS`` so that proxies keep it open. A browser coming back
with ``Last-Event-ID`` first gets the last event of each of its channels when it is newer.

One Redis connection per process subscribes to a channel while a connection here listens to
it, and hands each message (already an SSE frame, written once by the publisher) to every
listener's own bounded queue; a listener whose queue is full is too slow and is dropped (its
browser reconnects and gets the last event again). ``GET /live/`` says how many are open.

Limits: ``LIVE_MAX_CONNECTIONS`` in all (503) and ``LIVE_MAX_PER_ADDRESS`` from one client
address (429), each refused with a sentence saying why; behind a proxy the address is the last
hop of ``X-Forwarded-For`` when ``LIVE_TRUST_FORWARDED`` is on (the proxy adds the address it
saw), else the socket's peer.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import Counter
from urllib.parse import parse_qs

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from arbiter.live import channels as names

log = logging.getLogger("arbiter.live")


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, str(default)))


class Settings:
    """What the service reads from its environment (README's settings table)."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        env = dict(os.environ if env is None else env)
        self.redis_url = (
            env.get("LIVE_REDIS_URL") or env.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
        )
        self.max_connections = int(env.get("LIVE_MAX_CONNECTIONS", "10000"))
        self.max_per_address = int(env.get("LIVE_MAX_PER_ADDRESS", "20"))
        self.trust_forwarded = env.get("LIVE_TRUST_FORWARDED", "0").lower() in (
            "1",
            "true",
            "yes",
            "on",
        )
        self.heartbeat = float(env.get("LIVE_HEARTBEAT_SECONDS", "15"))
        self.queue = int(env.get("LIVE_QUEUE", "8"))
        self.retry_ms = int(env.get("LIVE_RETRY_MS", "2000"))
        languages = env.get("LIVE_LANGUAGES", "en,sv,ru,fi,fr")
        self.languages = frozenset(code.strip() for code in languages.split(",") if code.strip())


class Listener:
    """One open connection: its queue of frames (None: drop it) and its address."""

    __slots__ = ("address", "queue")

    def __init__(self, address: str, size: int) -> None:
        self.address = address
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(size)

    def give(self, data: bytes) -> bool:
        """Queue a frame; False (and the listener told to go) when its queue is full."""
        try:
            self.queue.put_nowait(data)
            return True
        except asyncio.QueueFull:
            self.close()
            return False

    def close(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


class Hub:
    """The process's one Redis subscription and who listens to which channel."""

    #: Always subscribed, so that the reader never runs out of subscriptions.
    HELLO = names.PREFIX + "hello"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.listeners: dict[str, set[Listener]] = {}
        self.addresses: Counter[str] = Counter()
        self.open = 0
        self.dropped = 0
        self.redis: aioredis.Redis | None = None
        self.pubsub = None
        self._reader: asyncio.Task | None = None
        self._started = asyncio.Lock()
        self._subscribing = asyncio.Lock()
        self._confirmed: dict[str, asyncio.Future] = {}
        #: The channels subscribed to (or being), as this process asked.
        self.subscribed: set[str] = set()

    async def start(self) -> None:
        async with self._started:
            if self._reader is not None:
                return
            self.redis = aioredis.from_url(self.settings.redis_url)
            self.pubsub = self.redis.pubsub()
            await self._subscribe(self.HELLO)
            self._reader = asyncio.get_running_loop().create_task(self._read())

    async def stop(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            self._reader = None
        if self.pubsub is not None:
            await self.pubsub.aclose()
        if self.redis is not None:
            await self.redis.aclose()

    async def _read(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    kind, channel = message["type"], message["channel"]
                    channel = channel.decode() if isinstance(channel, bytes) else channel
                    if kind == "message":
                        self._deliver(channel, message["data"])
                    elif kind == "subscribe":
                        confirmed = self._confirmed.pop(channel, None)
                        if confirmed is not None and not confirmed.done():
                            confirmed.set_result(True)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                # redis-py subscribes again to every channel when it reconnects
                log.warning("live: Redis subscription lost (%s); trying again", error)
                await asyncio.sleep(1)

    def _deliver(self, channel: str, data: bytes) -> None:
        for listener in list(self.listeners.get(channel, ())):
            if not listener.give(data):
                self.dropped += 1

    async def _subscribe(self, channel: str) -> None:
        """Subscribe, and wait until Redis confirms it (a message published after this returns
        is delivered)."""
        confirmed = asyncio.get_running_loop().create_future()
        self._confirmed[channel] = confirmed
        await self.pubsub.subscribe(channel)
        if self._reader is None:  # the first one: nobody reads yet
            await self.pubsub.get_message(timeout=5)
            self._confirmed.pop(channel, None)
            return
        await asyncio.wait_for(confirmed, 5)

    async def join(self, listener: Listener, channels: list[str]) -> None:
        for channel in channels:
            self.listeners.setdefault(channel, set()).add(listener)
        async with self._subscribing:
            for channel in channels:
                if channel not in self.subscribed:
                    self.subscribed.add(channel)
                    try:
                        await self._subscribe(channel)
                    except BaseException:
                        self.subscribed.discard(channel)
                        raise

    async def leave(self, listener: Listener, channels: list[str]) -> None:
        gone = []
        for channel in channels:
            listening = self.listeners.get(channel)
            if listening is not None:
                listening.discard(listener)
                if not listening:
                    del self.listeners[channel]
                    gone.append(channel)
        if not gone:
            return
        async with self._subscribing:
            # someone may have come back to it meanwhile
            gone = [channel for channel in gone if channel not in self.listeners]
            if gone:
                self.subscribed.difference_update(gone)
                try:
                    await self.pubsub.unsubscribe(*gone)
                except (RedisError, OSError) as error:
                    log.warning("live: could not unsubscribe (%s)", error)

    async def last(self, channels: list[str], after: int) -> list[bytes]:
        """The last event of each channel newer than `after`, oldest first."""
        kept = await self.redis.mget([names.last_key(channel) for channel in channels])
        newer = [data for data in kept if data and names.frame_id(data) > after]
        return sorted(newer, key=names.frame_id)


def _text(status: int, message: str, extra: list[tuple[bytes, bytes]] | None = None) -> tuple:
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"access-control-allow-origin", b"*"),
        (b"cache-control", b"no-store"),
        *(extra or []),
    ]
    return status, headers, (message + "\n").encode()


class LiveApp:
    """The ASGI app."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.hub = Hub(self.settings)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        answer = self._refusal(scope)
        if answer is not None:
            await self._send_text(send, *answer)
            return
        topic = scope["path"][len("/live/") :]
        language = self._language(scope)
        address = self._address(scope)
        settings, hub = self.settings, self.hub
        if hub.open >= settings.max_connections:
            message = "The live service is full: this page goes on updating every few seconds."
            await self._send_text(send, *_text(503, message, [(b"retry-after", b"30")]))
            return
        if hub.addresses[address] >= settings.max_per_address:
            message = (
                "too many live connections from your address "
                f"(at most {settings.max_per_address}): close some pages; "
                "this one goes on updating every few seconds."
            )
            await self._send_text(send, *_text(429, message, [(b"retry-after", b"30")]))
            return
        await self._stream(scope, receive, send, topic, language, address)

    def _refusal(self, scope) -> tuple | None:
        """A plain answer for what is not a stream to open (None: open one)."""
        if scope["method"] not in ("GET", "HEAD"):
            return _text(405, "Only GET here.", [(b"allow", b"GET, HEAD")])
        path = scope["path"]
        if path in ("/live", "/live/"):
            hub = self.hub
            return _text(
                200, f"live: {hub.open} connections open, {hub.dropped} dropped as too slow"
            )
        if not path.startswith("/live/") or len(path) > 40:
            return _text(404, "No such live topic.")
        if not names.TOPIC.fullmatch(path[len("/live/") :]):
            return _text(404, "No such live topic.")
        if len(scope.get("query_string", b"")) > 100:
            return _text(400, "The query is too long.")
        if self._language(scope) is None:
            return _text(400, "Unknown language: ?lang= takes one of the site's languages.")
        return None

    def _language(self, scope) -> str | None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        language = (query.get("lang") or ["en"])[0].lower()
        if names.LANGUAGE.fullmatch(language) and language in self.settings.languages:
            return language
        return None

    def _address(self, scope) -> str:
        if self.settings.trust_forwarded:
            for name, value in scope["headers"]:
                if name == b"x-forwarded-for":
                    last = value.decode("latin-1").rsplit(",", 1)[-1].strip()
                    if last:
                        return last[:64]
        client = scope.get("client")
        return client[0] if client else "unknown"

    @staticmethod
    def _last_event_id(scope) -> int:
        for name, value in scope["headers"]:
            if name == b"last-event-id" and value.isdigit() and len(value) <= 18:
                return int(value)
        return -1

    async def _send_text(self, send, status: int, headers: list, body: bytes) -> None:
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _stream(self, scope, receive, send, topic: str, language: str, address: str) -> None:
        hub, settings = self.hub, self.settings
        channels = [names.topic_channel(topic), names.language_channel(topic, language)]
        listener = Listener(address, settings.queue)
        hub.open += 1
        hub.addresses[address] += 1
        watcher = None
        try:
            try:
                await hub.start()
                await hub.join(listener, channels)
                after = self._last_event_id(scope)
                replay = await hub.last(channels, after) if after >= 0 else []
            except (RedisError, OSError, TimeoutError) as error:
                log.warning("live: Redis unavailable (%s)", error)
                message = (
                    "The live service cannot follow the event now: "
                    "this page goes on updating every few seconds."
                )
                await self._send_text(send, *_text(503, message, [(b"retry-after", b"30")]))
                return
            headers = [
                (b"content-type", b"text/event-stream; charset=utf-8"),
                (b"cache-control", b"no-store"),
                (b"access-control-allow-origin", b"*"),
                (b"x-accel-buffering", b"no"),
            ]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            if scope["method"] == "HEAD":
                await send({"type": "http.response.body", "body": b""})
                return
            opening = f"retry: {settings.retry_ms}\n: live {topic}\n\n".encode() + b"".join(replay)
            await send({"type": "http.response.body", "body": opening, "more_body": True})
            watcher = asyncio.get_running_loop().create_task(self._watch(receive, listener))
            heartbeat = settings.heartbeat
            while True:
                try:
                    async with asyncio.timeout(heartbeat):
                        data = await listener.queue.get()
                except TimeoutError:
                    data = b": ping\n\n"
                if data is None:
                    break
                await send({"type": "http.response.body", "body": data, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        except OSError:
            pass
        finally:
            if watcher is not None:
                watcher.cancel()
            hub.open -= 1
            hub.addresses[address] -= 1
            if hub.addresses[address] <= 0:
                del hub.addresses[address]
            await hub.leave(listener, channels)

    @staticmethod
    async def _watch(receive, listener: Listener) -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        listener.close()

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return


app = LiveApp()
