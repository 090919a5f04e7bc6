"""FIDE mode and its warning levels: what an endorsed program must stop or make the arbiter
confirm (C.02, 2026; the verification checklist, docs/fide-endorsement.md).

A tournament of a FIDE-rated system starts in FIDE mode (Q40, Q56); leaving it is one-way (Q45),
behind a level-4 confirmation (Q43), and written into the TRF (Q44). Every action the checklist
guards states its :class:`RuleWarning` values; :func:`require` lets it through only once the
arbiter confirmed them at their level, on the warnings they saw (a page that showed other
warnings, or none, is asked again). Warnings cannot be switched off or lowered (Q218-221): the
levels are the same in every mode, except that outside FIDE mode an action FIDE mode refuses
(level 5) asks for the level-4 confirmation instead.

What a warned action writes into the TRF (``### ...`` comment records, TRF-2026: any line whose
first three characters are ``###``) is kept in the audit log beside the change
(``trf_note`` in the entry's ``after``) and written by every TRF export (:func:`trf_notes`).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from django.db.models import Q
from django.utils.translation import gettext as _

from arbiter.core.once import FIELD as ONCE_FIELD


class Level(IntEnum):
    """The checklist's warning levels (spec §1.2)."""

    #: Shown, nothing asked (level 1 is not described by any source: information only).
    INFORM = 1
    #: Shown and acknowledged; the action goes ahead.
    ACKNOWLEDGE = 2
    #: Confirm or cancel.
    CONFIRM = 3
    #: Two steps: the second states the consequences (what is written into the TRF).
    DOUBLE_CONFIRM = 4
    #: Refused in FIDE mode; the only way through is to leave FIDE mode (itself level 4).
    REFUSE = 5


@dataclass(frozen=True)
class RuleWarning:
    """One thing the rules say about an action: its level, the message for the arbiter and the
    ``###`` record it writes into the TRF once confirmed (empty: none)."""

    level: Level
    message: str
    trf_note: str = ""


class NeedsConfirmation(Exception):
    """The action waits for the arbiter to confirm ``warnings`` up to ``level``; ``step`` is the
    step to show (2 is a level-4 confirmation's second step, stating the consequences), and
    :attr:`token` what the confirming form posts back."""

    def __init__(self, warnings: Sequence[RuleWarning], level: Level, step: int = 1) -> None:
        super().__init__("; ".join(w.message for w in warnings))
        self.warnings = tuple(warnings)
        self.level = level
        self.step = step

    @property
    def token(self) -> str:
        return confirmation_token(self.warnings, self.step)


class RefusedInFideMode(Exception):
    """FIDE mode refuses the action (level 5); the message says why and that leaving FIDE mode
    is the only way through."""


def effective_level(warning: RuleWarning, fide_mode: bool) -> Level:
    """The level a warning takes: its own, except that outside FIDE mode a refusal becomes a
    level-4 confirmation."""
    if warning.level is Level.REFUSE and not fide_mode:
        return Level.DOUBLE_CONFIRM
    return warning.level


def _digest(warnings: Sequence[RuleWarning]) -> str:
    text = "\n".join(f"{int(w.level)} {w.message}" for w in warnings)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def confirmation_token(warnings: Sequence[RuleWarning], step: int = 1) -> str:
    """What a form posts to confirm ``warnings`` (step 2: a level-4 confirmation's second step):
    tied to their text, so that a page that showed other warnings confirms nothing."""
    return f"{_digest(warnings)}:{step}"


def require(fide_mode: bool, warnings: Sequence[RuleWarning], confirmation: str = "") -> None:
    """Let an action through only when its ``warnings`` were confirmed at their level.

    Raises :class:`RefusedInFideMode` for a level-5 warning in FIDE mode, and
    :class:`NeedsConfirmation` while ``confirmation`` (the posted token) does not confirm the
    warnings as they stand now: a level-2 or level-3 warning needs one step, level 4 two.
    Level-1 warnings ask for nothing."""
    refused = [w for w in warnings if effective_level(w, fide_mode) is Level.REFUSE]
    if refused:
        raise RefusedInFideMode(
            " ".join(w.message for w in refused)
            + " "
            + _("FIDE mode refuses this; leaving FIDE mode is the only way through.")
        )
    level = max((effective_level(w, fide_mode) for w in warnings), default=Level.INFORM)
    if level <= Level.INFORM:
        return
    steps = 2 if level is Level.DOUBLE_CONFIRM else 1
    digest, _sep, step_text = confirmation.partition(":")
    confirmed = int(step_text) if digest == _digest(warnings) and step_text.isdigit() else 0
    if confirmed < steps:
        raise NeedsConfirmation(warnings, level, step=confirmed + 1)


_UNSAFE = re.compile(r"[^\x20-\x7e]")


def trf_note(kind: str, round_number: int, text: str) -> str:
    """A ``###`` record of the spec's shape, ``### MPA @ Round 3: ...``: one line of printable
    ASCII (spec §1.3; accents dropped, ``Müller`` as ``Muller``, any other character ``?``), at
    most 300 characters as the audit log keeps it."""
    line = f"### {kind} @ Round {round_number}: {' '.join(text.split())}"
    plain = "".join(c for c in unicodedata.normalize("NFKD", line) if not unicodedata.combining(c))
    return _UNSAFE.sub("?", plain)[:300].rstrip()


#: The records that speak of a round's pairing: deleting the round (to pair it again) clears
#: them (Q65: unpairing a round clears its MPA record; an imported round paired again is no
#: longer the file's).
CLEARED_WITH_ROUND = frozenset({"MPA", "Import"})
_NOTE = re.compile(r"^### (\S+) @ Round (\d+):")


def trf_notes(tournament) -> list[str]:
    """The tournament's ``###`` records in the order they were written, for its TRF exports;
    a record of :data:`CLEARED_WITH_ROUND` is left out once its round was deleted after it
    (``round.delete`` in the audit log)."""
    from arbiter.core.models import AuditEntry

    entries = (
        AuditEntry.objects.filter(tournament=tournament)
        .filter(Q(after__has_key="trf_note") | Q(action="round.delete"))
        .order_by("at", "id")
        .values_list("action", "before", "after")
    )
    notes: list[tuple[str, int, str]] = []
    for action, before, after in entries:
        if action == "round.delete":
            deleted = (before or {}).get("round", 0)
            notes = [n for n in notes if n[0] not in CLEARED_WITH_ROUND or n[1] < deleted]
            continue
        note = after["trf_note"]
        found = _NOTE.match(note)
        kind, number = (found.group(1), int(found.group(2))) if found else ("", 0)
        notes.append((kind, number, note))
    return [note for _kind, _number, note in notes]


def repost(post, needs: NeedsConfirmation) -> dict:
    """The context of ``arbiter/_rule_warnings.html``, the confirmation a refused form shows:
    the warnings, and the posted fields sent again with the token that confirms them. A form's
    one-time token (arbiter/core/once.py) is not sent again: it was spent on the first post."""
    fields = [
        (name, value)
        for name, values in post.lists()
        if name not in ("csrfmiddlewaretoken", "confirmation", ONCE_FIELD)
        for value in values
    ]
    return {"needs": needs, "repost": fields}
