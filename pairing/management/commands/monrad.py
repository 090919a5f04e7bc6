"""`manage.py monrad ...`: a Monrad club evening from a terminal, through the same services as
the page: present, absent, late, pair, accept, swap, unpair, result, standing, settings.
Members are named by their card (starting) number."""

from django.core.management.base import CommandError

from arbiter.core.models import Round, Tournament
from arbiter.core.services.results import record_result
from pairing.engines.results import RESULTS
from pairing.management.arbiter_command import ArbiterCommand
from pairing.monrad import services as service
from pairing.rounds import services as lifecycle
from pairing.templatetags.monrad import club_points


class Command(ArbiterCommand):
    help = "Run a Monrad club evening: check in, pair, accept, results, standing."

    def add_actions(self, actions) -> None:
        for name, help_text in (
            ("present", "check members in for the next evening (card numbers)"),
            ("absent", "check members out again"),
        ):
            sub = actions.add_parser(name, help=help_text)
            sub.add_argument("numbers", type=int, nargs="+")
        late = actions.add_parser("late", help="add a new member and check them in")
        late.add_argument("name")
        late.add_argument("--rating", type=int, default=0)
        actions.add_parser("pair", help="pair the evening among those present")
        actions.add_parser("accept", help="accept a pairing with repeats")
        swap = actions.add_parser("swap", help="swap two players (card numbers) in a draft")
        swap.add_argument("first", type=int)
        swap.add_argument("second", type=int)
        unpair = actions.add_parser("unpair", help="undo the last pairing")
        unpair.add_argument(
            "--confirm", action="store_true", help="even if it is public or has results"
        )
        result = actions.add_parser("result", help="enter a result: BOARD RESULT [--round N]")
        result.add_argument("board", type=int)
        result.add_argument("result", help=", ".join(r.code for r in RESULTS))
        result.add_argument("--round", type=int, help="default: the last round")
        actions.add_parser("standing", help="print the standing")
        options = actions.add_parser("settings", help="change the event's settings")
        options.add_argument("--scoring", choices=["3-2-1", "1-0.5-0"])
        options.add_argument("--bye", dest="bye_value", choices=["win", "draw", "loss", "zero"])
        options.add_argument("--order", dest="tie_order", choices=["previous", "number"])
        options.add_argument("--tiebreak", choices=["bh-c1", "bh-c2", "sb", "wins"])

    def _members(self, tournament: Tournament, numbers: list[int]):
        found = {
            e.starting_number: e for e in tournament.entries.filter(starting_number__in=numbers)
        }
        missing = [n for n in numbers if n not in found]
        if missing:
            raise CommandError(f"No member with card number {', '.join(map(str, missing))}.")
        return [found[n] for n in numbers]

    def present(self, user, tournament: Tournament, options: dict) -> str:
        for entry in self._members(tournament, options["numbers"]):
            service.set_present(user, tournament, entry, True)
        number = service.next_evening(tournament)
        return f"Round {number}: {len(service.present_ids(tournament, number))} present."

    def absent(self, user, tournament: Tournament, options: dict) -> str:
        for entry in self._members(tournament, options["numbers"]):
            service.set_present(user, tournament, entry, False)
        number = service.next_evening(tournament)
        return f"Round {number}: {len(service.present_ids(tournament, number))} present."

    def late(self, user, tournament: Tournament, options: dict) -> str:
        entry = service.add_late_member(user, tournament, options["name"], options["rating"])
        return f"{entry.name} added with card {entry.starting_number} and checked in."

    def pair(self, user, tournament: Tournament, options: dict) -> str:
        round_ = lifecycle.pair_next_round(user, tournament)
        return self._show(round_)

    def _show(self, round_: Round) -> str:
        state = "draft: accept or edit it" if round_.state == Round.State.DRAFT else "published"
        lines = [f"Round {round_.number} paired ({state}):"]
        repeats = service.repeat_boards(round_)
        for game in round_.games.select_related("white", "black").order_by("board"):
            lines.append(
                f"{game.board:>4}  {game.white.starting_number:>4} {game.white.name}"
                f"  -  {game.black.starting_number:>4} {game.black.name}"
                + ("  (repeat)" if game.board in repeats else "")
            )
        for bye in round_.byes.select_related("entry"):
            lines.append(f"      {bye.entry.starting_number:>4} {bye.entry.name}: bye")
        pairing = getattr(round_, "monrad_pairing", None)
        lines += [f"note: {note}" for note in (pairing.notes if pairing else [])]
        return "\n".join(lines)

    def accept(self, user, tournament: Tournament, options: dict) -> str:
        round_ = lifecycle.publish_round(user, self.last_round(tournament), seen=None)
        return f"Round {round_.number} accepted and published."

    def swap(self, user, tournament: Tournament, options: dict) -> str:
        first, second = self._members(tournament, [options["first"], options["second"]])
        round_ = self.last_round(tournament)
        lifecycle.swap_players(user, round_, first, second, seen=None)
        return self._show(round_)

    def unpair(self, user, tournament: Tournament, options: dict) -> str:
        round_ = self.delete_last(user, tournament, options["confirm"])
        return f"Round {round_.number}: pairing undone."

    def result(self, user, tournament: Tournament, options: dict) -> str:
        round_ = (
            tournament.rounds.filter(number=options["round"]).first()
            if options["round"]
            else tournament.rounds.order_by("-number").first()
        )
        game = round_.games.filter(board=options["board"]).first() if round_ else None
        if game is None:
            raise CommandError(f"No board {options['board']} in that round.")
        game = record_result(user, game, options["result"])
        return f"Round {round_.number}, board {game.board}: {game.get_result_display()}"

    def standing(self, user, tournament: Tournament, options: dict) -> str:
        season = service.read_season(tournament)
        lines = ["Rank  Member                          Pts  Games  TB"]
        for row in season.standing:
            games, tiebreak = row.tiebreaks  # GP, then the club's tie-break
            lines.append(
                f"{row.rank:>4}  {row.entry.name:<30} {club_points(row.points):>4}  {games:>5}"
                f"  {club_points(tiebreak)}"
            )
        return "\n".join(lines)

    def settings(self, user, tournament: Tournament, options: dict) -> str:
        fields = ("scoring", "bye_value", "tie_order", "tiebreak")
        values = {k: options[k] for k in fields if options.get(k)}
        chosen = service.update_settings(user, tournament, **values)
        return ", ".join(f"{k}: {getattr(chosen, k)}" for k in fields)
