"""The secret behind each player's card (docs/venue.md, "Cards").

A card's QR code holds its secret (32 random bytes, URL-safe): whoever holds the printout acts
as that player, and only as that player: every action of a card names the player it is for, so
a secret never reaches another board. The arbiter revokes a card by issuing a new secret; the
printouts of the old one stop working at once.
"""

import secrets

from django.db import transaction

from arbiter.core.models import Entry
from arbiter.core.services.audit import record
from arbiter.venue.models import CardKey

#: The length of a secret as it is printed (``secrets.token_urlsafe(32)``).
SECRET_LENGTH = 43
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def key_for(entry: Entry) -> CardKey:
    """The entry's card key, made at its first printout."""
    key = CardKey.objects.filter(entry=entry).first()
    if key is not None:
        return key
    with transaction.atomic():
        key, _created = CardKey.objects.get_or_create(
            entry=entry, defaults={"secret": secrets.token_urlsafe(32)}
        )
    return key


def keys_for(entries: list[Entry]) -> dict[int, CardKey]:
    """The card keys of many entries at once (a printout of a whole round): two queries, and
    one insert for those without a key yet."""
    ids = [entry.pk for entry in entries]
    keys = {key.entry_id: key for key in CardKey.objects.filter(entry_id__in=ids)}
    missing = [
        CardKey(entry_id=pk, secret=secrets.token_urlsafe(32)) for pk in ids if pk not in keys
    ]
    if missing:
        CardKey.objects.bulk_create(missing, ignore_conflicts=True)
        keys = {key.entry_id: key for key in CardKey.objects.filter(entry_id__in=ids)}
    return keys


def well_formed(secret: str) -> bool:
    """A secret as printed: exactly its length, URL-safe characters only."""
    return len(secret) == SECRET_LENGTH and set(secret) <= _ALPHABET


def entry_of(secret: str) -> Entry | None:
    """The player a secret opens (None: no card has it, or it was revoked). The caller limits
    how often one address may try (arbiter/venue/views: guessing is rate-limited)."""
    if not well_formed(secret):
        return None
    key = CardKey.objects.select_related("entry__tournament").filter(secret=secret).first()
    return key.entry if key is not None else None


@transaction.atomic
def revoke(user, entry: Entry) -> CardKey:
    """Issue the player a new card secret: the old QR codes open nothing any more (a lost or
    shared printout). Audited; the arbiter prints the new card."""
    key = key_for(entry)
    key = CardKey.objects.select_for_update().get(pk=key.pk)
    key.secret = secrets.token_urlsafe(32)
    key.issued += 1
    key.save()
    record(
        user,
        entry.tournament,
        "card.revoke",
        f"New card for {entry.name} (card #{key.issued}); the old one opens nothing",
        after={"entry": entry.pk, "issued": key.issued},
        moves_version=False,
    )
    return key
