"""manage.py restore FILE [--dry-run]: load a backup written by `manage.py backup`, all of it or
nothing, after naming what it creates."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from arbiter.desk.backup import BackupError, Plan, loads, plan, restore
from arbiter.platform.limits import megabytes


class Command(BaseCommand):
    help = (
        "Restore the tournaments of a backup file in one transaction, after listing what it "
        "creates (--dry-run: list only). Refused (nothing written) when the file is damaged or "
        "not signed with this server's BACKUP_KEY, or a tournament with the same name, system "
        "and start date exists. Missing users are created without a usable password."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="name the tournaments, rows and users the restore would create; write nothing",
        )

    def handle(self, *args, file, dry_run, **options) -> None:
        try:
            size = Path(file).stat().st_size
            if size > settings.MAX_BACKUP_BYTES:
                raise CommandError(
                    f"{file} has {megabytes(size)}: more than a backup may have "
                    f"({megabytes(settings.MAX_BACKUP_BYTES)}, MAX_BACKUP_BYTES); nothing was "
                    "restored."
                )
            text = Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        try:
            document = loads(text)
            if dry_run:
                self.say(plan(document), dry_run=True)
                return
            restored = restore(document, announce=self.say)
        except BackupError as error:
            raise CommandError(str(error)) from error
        created = self.planned.new_users
        for tournament in restored:
            self.stdout.write(f"Restored {tournament.name} as tournament {tournament.pk}.")
        if created:
            self.stdout.write(
                "Created users without a usable password (set one in /admin/ to let them log "
                "in): " + ", ".join(created)
            )

    def say(self, planned: Plan, dry_run: bool = False) -> None:
        """What the restore creates, before it writes (or instead, in a dry run)."""
        self.planned = planned
        self.stdout.write("Would restore:" if dry_run else "Restoring:")
        for line in planned.lines():
            self.stdout.write(f"  {line}")
        if dry_run:
            refused = " (and the restore would be refused)" if planned.refused else ""
            self.stdout.write(f"Dry run: nothing was written{refused}.")
