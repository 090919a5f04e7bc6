"""What the core tells the rooms above it without importing them (docs/layout.md): they connect
their receivers to these signals in their apps' ``ready()``."""

from django.db import transaction
from django.dispatch import Signal

#: A tournament's change is committed: sent after the commit (never inside the transaction),
#: once per tournament and transaction however many changes it held, with ``tournament_id`` and
#: ``versioned`` (whether its version moved: False when only what is kept beside it changed,
#: such as a judo table's score entry).
#: A receiver's error is logged and never undoes or fails the change (the live pages' push:
#: arbiter/live/publisher.py).
tournament_committed = Signal()


def changed_after_commit(tournament_id: int, versioned: bool = True) -> None:
    """Send :data:`tournament_committed` for the tournament once the current transaction
    commits (at once outside one); a second change of it in the same block adds nothing (in a
    block nested in it, it may send it again), and a transaction rolled back sends nothing."""
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        here = set(connection.savepoint_ids)
        for savepoints, pending, _robust in connection.run_on_commit:
            if getattr(pending, "tournament_id", None) == tournament_id and savepoints == here:
                pending.versioned = pending.versioned or versioned
                return

    def send() -> None:
        tournament_committed.send(
            sender=None, tournament_id=tournament_id, versioned=send.versioned
        )

    send.tournament_id = tournament_id  # type: ignore[attr-defined]
    send.versioned = versioned  # type: ignore[attr-defined]
    transaction.on_commit(send, robust=True)
