"""`manage.py swiss ...`: the Swiss round cycle from a terminal, through the same services as the
pages: pair, swap, publish, result, delete."""

from django.core.management.base import CommandError

from arbiter.core import fide_mode
from arbiter.core.models import Round, Tournament
from arbiter.core.services.results import record_result
from pairing.engines.results import RESULTS
from pairing.management.arbiter_command import ArbiterCommand
from pairing.rounds import services as lifecycle
from pairing.swiss import services as swiss


class Command(ArbiterCommand):
    help = "Run a FIDE Dutch Swiss round cycle: pair, swap, publish, result, delete."

    def add_actions(self, actions) -> None:
        actions.add_parser("pair", help="pair the next round as a draft")
        swap = actions.add_parser("swap", help="swap two players (starting numbers) in the draft")
        swap.add_argument("first", type=int)
        swap.add_argument("second", type=int)
        swap.add_argument(
            "--confirm", action="store_true", help="even if it breaks a rule (a rematch, colours)"
        )
        publish = actions.add_parser("publish", help="publish the draft")
        publish.add_argument(
            "--confirmation",
            default="",
            help="the token the previous run printed: confirms the warnings it listed",
        )
        result = actions.add_parser("result", help="enter a result: ROUND BOARD RESULT")
        result.add_argument("round", type=int)
        result.add_argument("board", type=int)
        result.add_argument("result", help=", ".join(r.code for r in RESULTS))
        delete = actions.add_parser("delete", help="delete the last round")
        delete.add_argument(
            "--confirm", action="store_true", help="even if it is public or has results"
        )

    def pair(self, user, tournament: Tournament, options: dict) -> str:
        round_ = lifecycle.pair_next_round(user, tournament)
        lines = [f"Round {round_.number} paired (draft):"]
        for game in round_.games.select_related("white", "black").order_by("board"):
            lines.append(
                f"{game.board:>4}  {game.white.starting_number:>4} {game.white.name}"
                f"  -  {game.black.starting_number:>4} {game.black.name}"
            )
        for bye in round_.byes.select_related("entry"):
            lines.append(
                f"      {bye.entry.starting_number:>4} {bye.entry.name}: {bye.get_kind_display()}"
            )
        warnings = swiss.draft_warnings(round_)
        lines += [f"warning: {w.message}" for w in warnings]
        return "\n".join(lines)

    def swap(self, user, tournament: Tournament, options: dict) -> str:
        draft = self.last_round(tournament)
        first, second = (
            tournament.entries.get(starting_number=options[key]) for key in ("first", "second")
        )
        try:
            lifecycle.swap_players(user, draft, first, second, seen=None)
        except fide_mode.NeedsConfirmation as needs:
            if not options["confirm"]:
                raise CommandError(f"{needs} Add --confirm to swap all the same.") from needs
            # the second step's token confirms every level up to 4
            token = fide_mode.confirmation_token(needs.warnings, 2)
            lifecycle.swap_players(user, draft, first, second, seen=None, confirmation=token)
        except fide_mode.RefusedInFideMode as refused:
            raise CommandError(str(refused)) from refused
        warnings = swiss.draft_warnings(draft)
        return "\n".join(["Swapped."] + [f"warning: {w.message}" for w in warnings])

    def publish(self, user, tournament: Tournament, options: dict) -> str:
        """A draft that differs from the engine's pairing is published on the third run: the
        first lists the differences, the second what the TRF records (level 4, Q69)."""
        try:
            round_ = lifecycle.publish_round(
                user, self.last_round(tournament), seen=None, confirmation=options["confirmation"]
            )
        except fide_mode.NeedsConfirmation as needs:
            lines = [f"level {int(w.level)}: {w.message}" for w in needs.warnings]
            if needs.step == 2:
                lines += [f"the TRF will record: {w.trf_note}" for w in needs.warnings]
            lines.append(f"to go on: publish --confirmation {needs.token}")
            raise CommandError("\n".join(lines)) from needs
        return f"Round {round_.number} published."

    def result(self, user, tournament: Tournament, options: dict) -> str:
        game = (
            Round.objects.get(tournament=tournament, number=options["round"])
            .games.filter(board=options["board"])
            .first()
        )
        if game is None:
            raise CommandError(f"Round {options['round']} has no board {options['board']}.")
        game = record_result(user, game, options["result"])
        return f"Round {options['round']}, board {game.board}: {game.get_result_display()}"

    def delete(self, user, tournament: Tournament, options: dict) -> str:
        round_ = self.delete_last(user, tournament, options["confirm"])
        return f"Round {round_.number} deleted."
