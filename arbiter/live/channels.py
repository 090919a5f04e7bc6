"""The names the publisher (Django) and the push service (no Django) share: topics, the Redis
channels and keys, and an event's frame as the service sends it (docs/live.md).

No Django import: the push service imports this module alone.
"""

from __future__ import annotations

import re

#: A topic: ``t12`` (a tournament's pages and screens), ``c5`` (a competition's pages and
#: cards), ``c5-mat2`` (a judo mat's public page), ``c5-mat2-screen`` (its venue screen).
#: Bounded: ids up to 9 digits, mats up to 2.
TOPIC = re.compile(r"(?:t[1-9][0-9]{0,8}|c[1-9][0-9]{0,8}(?:-mat[1-9][0-9]?(?:-screen)?)?)")
#: A language code as the app's URLs have them (``en``, ``sv``, ``pt-br``).
LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]{2,8})?")
PREFIX = "live:"
#: The counter every event's id is drawn from: one sequence for every channel, so a
#: reconnecting browser's Last-Event-ID compares with any channel's last event.
IDS = PREFIX + "id"
#: How long the last event of a channel is kept for a reconnecting browser.
LAST_SECONDS = 24 * 3600


def topic_channel(topic: str) -> str:
    """Where a topic's ``changed`` nudges go (the same for every language)."""
    return f"{PREFIX}{topic}"


def language_channel(topic: str, language: str) -> str:
    """Where a topic's ``fragment`` events in one language go."""
    return f"{PREFIX}{topic}:{language}"


def last_key(channel: str) -> str:
    """Where the last event published on `channel` is kept (its frame)."""
    return f"{PREFIX}last:{channel}"


def frame(event_id: int, event: str, data: str) -> bytes:
    """An event as Server-Sent Events write it: its id first (the service reads it back for a
    replay), its name, then its data a line each (a newline in the data would end the event)."""
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"id: {event_id}\nevent: {event}\n{lines}\n".encode()


def frame_id(data: bytes) -> int:
    """The id of a frame made by :func:`frame` (0 when it has none)."""
    first, _newline, _rest = data.partition(b"\n")
    if first.startswith(b"id: ") and first[4:].isdigit():
        return int(first[4:])
    return 0


def publish(client, channel: str, event: str, data: str) -> int:
    """Publish an event on `channel` with a new id and keep it as the channel's last (for a
    browser coming back with Last-Event-ID); `client` is a (sync) redis-py client. The number
    of push processes that received it."""
    event_id = client.incr(IDS)
    data_frame = frame(event_id, event, data)
    pipe = client.pipeline(transaction=False)
    pipe.set(last_key(channel), data_frame, ex=LAST_SECONDS)
    pipe.publish(channel, data_frame)
    return pipe.execute()[1]
