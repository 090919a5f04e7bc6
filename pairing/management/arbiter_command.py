"""The frame of the management commands an arbiter runs on one tournament (``swiss``,
``monrad``): the tournament id, ``--user`` for the audit log, one subcommand per action, each a
method of the command that calls the same service as the page and returns the text to print."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from arbiter.models import Tournament


class ArbiterCommand(BaseCommand):
    #: The service errors that refuse an action with a message for the arbiter.
    refusals: tuple[type[Exception], ...] = ()

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", type=int, help="tournament id")
        parser.add_argument("--user", required=True, help="the arbiter's username (audit log)")
        self.add_actions(parser.add_subparsers(dest="action", required=True))

    def add_actions(self, actions) -> None:
        raise NotImplementedError

    def handle(self, *args, **options) -> None:
        tournament = Tournament.objects.filter(pk=options["tournament"]).first()
        user = get_user_model().objects.filter(username=options["user"]).first()
        if tournament is None or user is None:
            raise CommandError("No such tournament or user.")
        if not tournament.staff.filter(user=user).exists():
            raise CommandError(f"{user.username} is not an arbiter of {tournament.name}.")
        try:
            self.stdout.write(getattr(self, options["action"])(user, tournament, options))
        except self.refusals as error:
            raise CommandError(str(error)) from error
