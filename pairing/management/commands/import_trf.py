"""`manage.py import_trf FILE --user NAME`: a Swiss from a TRF file, through the page's service."""

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from arbiter.platform.limits import megabytes
from pairing.engines.trf import TrfError, decode_trf
from pairing.swiss.trf.imports import import_trf


class Command(BaseCommand):
    help = "Create a FIDE Dutch Swiss from a TRF-16 or TRF-2026 file (players and rounds played)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the TRF file")
        parser.add_argument("--user", required=True, help="the chief arbiter's username")
        parser.add_argument("--name", default="", help="the tournament's name (default: 012)")

    def handle(self, *args, **options) -> None:
        user = get_user_model().objects.filter(username=options["user"], is_active=True).first()
        if user is None:
            raise CommandError(f"No active user {options['user']!r}.")
        path = Path(options["file"])
        try:
            if path.stat().st_size > settings.MAX_UPLOAD_BYTES:
                raise CommandError(
                    f"{path} is larger than {megabytes(settings.MAX_UPLOAD_BYTES)} "
                    "(MAX_UPLOAD_BYTES); nothing was imported."
                )
            text = decode_trf(path.read_bytes())
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error.strerror}") from error
        try:
            tournament = import_trf(user, text, name=options["name"])
        except TrfError as error:
            raise CommandError(f"{options['file']}, {error}; nothing was imported.") from error
        self.stdout.write(
            f"Imported {tournament.name} (id {tournament.pk}): "
            f"{tournament.entries.count()} players, {tournament.rounds.count()} rounds."
        )
