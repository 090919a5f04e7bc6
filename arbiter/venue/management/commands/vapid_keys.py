"""``manage.py vapid_keys``: a fresh VAPID key pair for web push (docs/venue.md,
"Notifications"), as the settings take them: the public key as the browsers' Push API takes it
(the uncompressed P-256 point, base64url) and the private key (its 32 bytes, base64url)."""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def fresh_pair() -> tuple[str, str]:
    """(public, private), base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    private = key.private_numbers().private_value.to_bytes(32, "big")
    return b64(public), b64(private)


class Command(BaseCommand):
    help = "Print a fresh VAPID key pair for web push, as environment settings."

    def handle(self, *args, **options) -> None:
        public, private = fresh_pair()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}")
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}")
        self.stdout.write("VAPID_SUBJECT=mailto:you@example.org")
