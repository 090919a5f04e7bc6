"""manage.py backup [TOURNAMENT_ID ...] [--output FILE]: the tournaments as a JSON backup."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from arbiter.desk.backup import BackupError, dump, dumps


class Command(BaseCommand):
    help = (
        "Write one or more tournaments (all of them without ids) with everything that hangs "
        "off them to a versioned JSON backup; restore it with `manage.py restore FILE`."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("tournament_ids", nargs="*", type=int, metavar="TOURNAMENT_ID")
        parser.add_argument("--output", "-o", help="the file to write (default: standard output)")

    def handle(self, *args, tournament_ids, output, **options) -> None:
        try:
            document = dump(tournament_ids or None)
        except BackupError as error:
            raise CommandError(str(error)) from error
        text = dumps(document)
        rows = sum(document["counts"].values())
        summary = (
            f"Backed up {len(document['tournaments'])} tournament(s) and "
            f"{len(document['competitions'])} competition day(s), {rows} rows"
        )
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(f"{summary} to {output}.")
        else:
            self.stdout.write(text, ending="")
            self.stderr.write(f"{summary}.")
