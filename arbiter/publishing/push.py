"""The venue's side of the protocol (docs/publishing.md, "Protocol"): offer, blobs, commit.

1. ``POST /publishing/offer/`` with the SHA-256 of every page: the public site answers those it
   lacks (after a dropped connection, only those still missing travel again).
2. ``POST /publishing/blobs/<sha256>/`` each missing one (idempotent, hash checked there).
3. ``POST /publishing/commit/`` with event, epoch, seq and the manifest: the public site
   switches the event's pages in one transaction, or refuses (409) a lower or forked seq.

Every request is signed (arbiter/publishing/signing.py) and bounded by PUBLISH_TIMEOUT per
connect and per read. Only the publisher process calls this, never a web request.
"""

import http.client
import json
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext

from arbiter.publishing.models import SigningKey
from arbiter.publishing.signing import sign


class PushFailed(Exception):
    """The public site could not be reached or answered with an error: retried later."""


@dataclass
class Refused(Exception):
    """The public site holds a publication of the event this one must not replace (a higher
    epoch/seq, or the same seq with another manifest): not retried until a take-over."""

    message: str
    epoch: int | None
    seq: int | None


@dataclass
class Answer:
    status: int
    body: bytes

    def json(self) -> dict:
        try:
            data = json.loads(self.body)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}


class Target:
    def __init__(self, base_url: str, key: SigningKey) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise PushFailed(gettext("Not a public site's address: %(url)s") % {"url": base_url})
        self.https = parts.scheme == "https"
        self.host, self.port = parts.hostname, parts.port
        self.prefix = parts.path.rstrip("/")
        self.key = key
        self.sent = 0

    def request(self, method: str, path: str, body: bytes, content_type: str) -> Answer:
        path = f"{self.prefix}{path}"
        kind = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        connection = kind(self.host, self.port, timeout=settings.PUBLISH_TIMEOUT)
        headers = {"Content-Type": content_type, **sign(self.key, method, path, body)}
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read(1024 * 1024)
            self.sent += len(body)
            return Answer(response.status, data)
        except (OSError, http.client.HTTPException) as error:
            raise PushFailed(f"{method} {path}: {type(error).__name__}: {error}") from error
        finally:
            connection.close()

    def json(self, path: str, data: dict) -> Answer:
        body = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
        return self.request("POST", path, body, "application/json")


def push(target: Target, event_id: int, epoch: int, seq: int, manifest: dict, blobs) -> str:
    """Send one publication; returns "accepted" or "already" (the same commit held); raises
    Refused or PushFailed."""
    wanted = sorted(blobs)
    answer = target.json("/publishing/offer/", {"event": event_id, "blobs": wanted})
    _check(answer)
    missing = answer.json().get("missing", [])
    for sha in missing:
        if sha not in blobs:
            raise PushFailed(
                gettext("The public site asked for an unknown blob %(sha)s.") % {"sha": sha[:12]}
            )
        _check(
            target.request(
                "POST", f"/publishing/blobs/{sha}/", blobs[sha], "application/octet-stream"
            )
        )
    commit = {"event": event_id, "epoch": epoch, "seq": seq, "manifest": manifest}
    answer = target.json("/publishing/commit/", commit)
    _check(answer)
    return answer.json().get("result", "accepted")


def _check(answer: Answer) -> None:
    if answer.status == 200:
        return
    data = answer.json()
    message = str(data.get("error") or answer.body[:200].decode("utf-8", "replace"))
    if answer.status == 409 and data.get("refused"):
        raise Refused(message, data.get("epoch"), data.get("seq"))
    raise PushFailed(f"HTTP {answer.status}: {message}"[:500])
