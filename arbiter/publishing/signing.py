"""Ed25519 signatures of the venue's requests (docs/publishing.md, "Signed").

Every request to the public site's /publishing/ endpoints carries the venue's public key and a
signature over ``METHOD\\npath\\nsha256(body)``: the method and path bind it to one endpoint,
the body's hash to its content. A commit's body names the event, epoch, seq and the manifest
(whose hash it binds), so the signature covers event|epoch|seq|manifest; a blob's body is
named by its hash. No timestamp or nonce is needed: a replayed offer or blob is harmless
(idempotent) and a replayed commit is refused by its seq, never by a clock.
"""

import base64
import hashlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from django.db import transaction

from arbiter.publishing.models import SigningKey

KEY_HEADER = "X-Publish-Key"
SIGNATURE_HEADER = "X-Publish-Signature"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def message(method: str, path: str, body: bytes) -> bytes:
    return f"{method.upper()}\n{path}\n{hashlib.sha256(body).hexdigest()}".encode()


def venue_key() -> SigningKey:
    """This venue's key, made on first use (read without a transaction: on SQLite a
    transaction takes the write lock, and a page showing the key must not wait for a writer)."""
    return SigningKey.objects.order_by("pk").first() or _make_key()


@transaction.atomic
def _make_key() -> SigningKey:
    key = SigningKey.objects.select_for_update().order_by("pk").first()
    if key is None:
        private = Ed25519PrivateKey.generate()
        raw = private.private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        )
        public = private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        key = SigningKey.objects.create(private_key=raw, public_key=_b64(public))
    return key


def sign(key: SigningKey, method: str, path: str, body: bytes) -> dict[str, str]:
    """The headers that sign this request."""
    private = Ed25519PrivateKey.from_private_bytes(bytes(key.private_key))
    signature = private.sign(message(method, path, body))
    return {KEY_HEADER: key.public_key, SIGNATURE_HEADER: _b64(signature)}


def valid_public_key(text: str) -> bool:
    try:
        raw = _unb64(text)
        Ed25519PublicKey.from_public_bytes(raw)
    except (ValueError, TypeError):
        return False
    return len(raw) == 32 and _b64(raw) == text


def verify(public_key: str, signature: str, method: str, path: str, body: bytes) -> bool:
    try:
        key = Ed25519PublicKey.from_public_bytes(_unb64(public_key))
        key.verify(_unb64(signature), message(method, path, body))
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True
