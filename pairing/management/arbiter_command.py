"""The frame of the management commands an arbiter runs on one tournament (``swiss``,
``monrad``): the tournament id, ``--user`` for the audit log, one subcommand per action, each a
method of the command that calls the same service as the page and returns the text to print."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from arbiter.core.models import Round, Tournament
from arbiter.core.services.results import ResultError
from pairing.rounds import services as lifecycle


class ArbiterCommand(BaseCommand):
    """The round lifecycle's subcommands (publish, swap, delete) act on the last round as it is
    now: a terminal shows no stale page."""

    #: The service errors that refuse an action with a message for the arbiter.
    refusals: tuple[type[Exception], ...] = (lifecycle.RoundError, ResultError)

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

    def last_round(self, tournament: Tournament) -> Round:
        round_ = tournament.rounds.order_by("-number").first()
        if round_ is None:
            raise CommandError("No round has been paired yet.")
        return round_

    def delete_last(self, user, tournament: Tournament, confirm: bool) -> Round:
        round_ = self.last_round(tournament)
        try:
            lifecycle.delete_last_round(user, round_, seen=None, confirm=confirm)
        except lifecycle.ConfirmationNeeded as refused:
            raise CommandError(f"{refused} Add --confirm to delete it all the same.") from refused
        return round_
