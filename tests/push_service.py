"""A push service of the tests' own (RFC 8030's receiving end, as FCM or Mozilla's autopush
are for real browsers): an HTTP server on a free loopback port that keeps every message posted
to it and answers with the status the test sets (201 by default), and a browser's subscription
keys to decrypt them with (RFC 8291, http_ece). Used by tests/arbiter/venue/test_push.py and
the browser test of notifications (tests/browser/test_venue_push.py)."""

import base64
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Pushed:
    """One message as the push service received it."""

    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """The server's address, what it received and the status it answers."""

    url: str
    received: list[Pushed] = field(default_factory=list)
    status: int = 201
    arrived: threading.Event = field(default_factory=threading.Event)

    def endpoint(self, name: str = "browser-1") -> str:
        return f"{self.url}/push/{name}"


class Subscriber:
    """A browser's side of a subscription: its P-256 key pair and auth secret."""

    def __init__(self, private_key: ec.EllipticCurvePrivateKey | None = None, auth=None) -> None:
        self.private_key = private_key or ec.generate_private_key(ec.SECP256R1())
        self.auth = auth or os.urandom(16)

    @property
    def p256dh(self) -> str:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64(point)

    def keys(self) -> dict[str, str]:
        return {"p256dh": self.p256dh, "auth": b64(self.auth)}

    def decrypt(self, body: bytes) -> bytes:
        """The plaintext of an aes128gcm message (the sender's key is in its header)."""
        return http_ece.decrypt(
            body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )


def serve() -> tuple[PushService, ThreadingHTTPServer]:
    """Start the push service (stop it with ``server.shutdown()``)."""
    holder: dict[str, PushService] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            service = holder["service"]
            service.received.append(Pushed(self.path, dict(self.headers.items()), body))
            self.send_response(service.status)
            self.send_header("Content-Length", "0")
            self.end_headers()
            service.arrived.set()

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    host, port = server.server_address[:2]
    holder["service"] = PushService(f"http://{host}:{port}")
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    return holder["service"], server
