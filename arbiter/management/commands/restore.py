"""manage.py restore FILE: load a backup written by `manage.py backup`, all of it or nothing."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from arbiter.backup import BackupError, loads, restore


class Command(BaseCommand):
    help = (
        "Restore the tournaments of a backup file in one transaction. Refused (nothing written) "
        "when the file is damaged or a tournament with the same name, system and start date "
        "exists. Missing users are created without a usable password."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")

    def handle(self, *args, file, **options) -> None:
        try:
            text = Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        users = set(get_user_model().objects.values_list("username", flat=True))
        try:
            restored = restore(loads(text))
        except BackupError as error:
            raise CommandError(str(error)) from error
        created = sorted(set(get_user_model().objects.values_list("username", flat=True)) - users)
        for tournament in restored:
            self.stdout.write(f"Restored {tournament.name} as tournament {tournament.pk}.")
        if created:
            self.stdout.write(
                "Created users without a usable password (set one in /admin/ to let them log "
                "in): " + ", ".join(created)
            )
