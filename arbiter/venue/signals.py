"""Where the venue hears of the changes it notifies players of (docs/venue.md, "Notifications").

The pairing systems and the judo day stand below the venue and do not know of it: every change
of theirs is written to the audit log (arbiter/core/services/audit.py), so the venue listens to
the log's new entries. A round published ("round.publish", or "round.pair" of a round
published at once) or a bout decided ("bracket.bout") queues a task once the change is
committed (a change rolled back notifies nobody); with notifications off (no VAPID key) nothing
is queued.
"""

from django.db import transaction
from django.db.models.signals import post_save

from arbiter.core.models import AuditEntry
from arbiter.venue import tasks
from arbiter.venue.services.subscriptions import enabled

#: The audit log's actions the venue notifies of, and the task each queues: a draft published,
#: a round paired and published at once (``after["published"]``), a bout decided.
NOTIFIED = {
    "round.publish": tasks.round_published,
    "round.pair": tasks.round_published,
    "bracket.bout": tasks.bout_decided,
}


def audit_written(sender, instance: AuditEntry, created: bool, **kwargs) -> None:
    task = NOTIFIED.get(instance.action)
    if not created or task is None or instance.tournament_id is None or not enabled():
        return
    after = instance.after if isinstance(instance.after, dict) else {}
    if instance.action == "round.pair" and not after.get("published"):
        return  # a draft: told when it is published
    args = [instance.tournament_id]
    if task is tasks.round_published and isinstance(after.get("round"), int):
        args.append(after["round"])
    transaction.on_commit(lambda: task.enqueue(*args))


def connect() -> None:
    post_save.connect(audit_written, sender=AuditEntry, dispatch_uid="venue-notifications")
