"""manage.py flush: Django's own, with the audit log's guard lifted (arbiter/core/audit_guard.py),
since emptying every table empties the log too. The test suite's transactional tests end with
it."""

from django.core.management.commands import flush

from arbiter.core.audit_guard import audit_log_unlocked


class Command(flush.Command):
    def handle(self, **options) -> None:
        with audit_log_unlocked(options["database"]):
            super().handle(**options)
