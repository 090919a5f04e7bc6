"""manage.py import_rating_list FILE [--month YYYY-MM] [--source fide|national --federation XXX
--columns name=Name,fide_id=FIDE ...]: a rating list imported by the service the page's job
calls (arbiter/ratings/importing.py), with its progress and outcome printed; the exit status is
1 when the file is refused."""

import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from arbiter.ratings import importing
from arbiter.ratings.models import RatingList
from pairing.engines.rating_lists import CSV_FIELDS

#: Seconds between two progress lines.
EVERY = 5.0


class Command(BaseCommand):
    help = (
        "Import a rating list file: FIDE's combined TXT (players_list_foa.txt, or "
        "players_list.zip), its XML list, its per-type lists (standard_oct26frl.zip), or a "
        "national list as CSV. The month comes from --month, else the file's name."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the list file, zipped or not")
        parser.add_argument("--month", help="YYYY-MM: the month the list is in force from")
        parser.add_argument(
            "--source", choices=RatingList.Source.values, default=RatingList.Source.FIDE
        )
        parser.add_argument("--federation", default="", help="a national list's (e.g. NOR)")
        parser.add_argument(
            "--rating-type",
            choices=["standard", "rapid", "blitz"],
            help="which rating a per-type list's one column (or a national list's) is",
        )
        parser.add_argument(
            "--columns",
            default="",
            help="a national list's columns: field=Header,... with the fields "
            + ", ".join(CSV_FIELDS),
        )
        parser.add_argument("--encoding", default="utf-8", help="a national list's encoding")
        parser.add_argument("--user", help="the username recorded as having imported it")

    def handle(self, *args, file, **options) -> None:
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
            if user is None:
                raise CommandError(f"No user {options['user']!r}.")
        started = time.monotonic()
        last = [started]

        def progress(rating_list: RatingList) -> None:
            now = time.monotonic()
            if now - last[0] >= EVERY:
                last[0] = now
                share = rating_list.bytes_read / rating_list.size if rating_list.size else 0
                self.stderr.write(
                    f"  {rating_list.players} players, {share:.0%} of the file, "
                    f"{now - started:.0f} s"
                )

        try:
            rating_list = importing.import_rating_list(
                file,
                source=options["source"],
                federation=options["federation"],
                month=options["month"],
                rating_type=options["rating_type"],
                columns=_columns(options["columns"]),
                encoding=options["encoding"],
                user=user,
                progress=progress,
            )
        except importing.ImportRefused as refused:
            raise CommandError(f"Not imported: {refused}") from None
        self.stdout.write(
            f"{importing.outcome_message(rating_list)} ({time.monotonic() - started:.0f} s)."
        )


def _columns(text: str) -> dict[str, str]:
    """``field=Header,field=Header`` as a mapping; a field that is not a list's is refused."""
    columns: dict[str, str] = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        field, equals, header = part.partition("=")
        field = field.strip()
        if not equals or field not in CSV_FIELDS:
            raise CommandError(
                f"--columns: {part!r} is not field=Header, the fields being "
                + ", ".join(CSV_FIELDS)
                + "."
            )
        columns[field] = header.strip()
    return columns
