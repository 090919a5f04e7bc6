"""What a Monrad club evening adds to the round lifecycle (pairing/rounds/services.py): check in,
add a late member, the engine's pairing of the evening among those present, the repeats an
arbiter accepts, the settings; and the season read back as the engine's cards and the standings
under the club rule the settings make (arbiter/core/standings.py, the same rows the public pages
show when the club rule is the event's tie-break rules).

Each change is one transaction that first locks the tournament row, and writes an audit entry.
The page (pairing/monrad/views.py) and ``manage.py monrad`` call these functions; results go
through the app's result service (arbiter/core/services/results.py). Decisions: docs/monrad.md.
"""

import random
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from arbiter.core.models import Bye, Entry, Game, Round, Tournament, no_control_characters
from arbiter.core.services.audit import record
from arbiter.core.services.entries import EntryError, add_entry
from arbiter.core.standings import COUNTED_STATES, StandingRow, ranked, read_results
from arbiter.core.systems import System
from arbiter.platform.time_limit import run_pure
from pairing.engines import monrad as engine
from pairing.engines import results
from pairing.engines import standings as standings_engine
from pairing.engines.messages import N_
from pairing.engines.standings import RuleSet
from pairing.monrad.models import MonradCheckIn, MonradPairing, MonradSettings
from pairing.rounds.services import Proposal, RoundError, locked_tournament

#: A round's summary: its draft's "last change", the audit log, the pairing job's outcome.
#: Stored in English, shown in the reader's language through engine_text (docs/i18n.md).
PAIRED = N_("Round %(number)s paired: %(present)s present, %(boards)s boards")
PAIRED_WITH_BYE = N_(
    "Round %(number)s paired: %(present)s present, %(boards)s boards, bye %(name)s"
)
WAITING = N_("%(repeats)s repeat(s), waiting for an arbiter to accept")


class EveningError(RoundError):
    """A change the Monrad event cannot take now; the message is for the arbiter."""


# --- reading the season ---------------------------------------------------------------------


def settings_of(tournament: Tournament) -> MonradSettings:
    """The event's settings; the defaults (unsaved) until an arbiter changes one."""
    found = MonradSettings.objects.filter(tournament=tournament).first()
    return found or MonradSettings(tournament=tournament)


def club_rules(tournament: Tournament) -> RuleSet:
    """The event's club rule set (the registry's ``club_rules``): the scoring, the bye's value,
    the tie-break and the order inside a pile of its settings. One query."""
    return engine_settings(settings_of(tournament)).rules


def engine_settings(chosen: MonradSettings) -> engine.Settings:
    return engine.Settings(
        # plain strings (an unsaved default's are the choices' enum members)
        scoring=str(chosen.scoring),
        bye=str(chosen.bye_value),
        tie_order=str(chosen.tie_order),
        tiebreak=str(chosen.tiebreak),
    )


@dataclass(frozen=True)
class Evenings:
    """The season as read once: the Monrad engine's players and evenings, and the same games
    and byes as the standings engine reads them (arbiter/core/standings.py)."""

    players: list[engine.Player]
    evenings: list[engine.Evening]
    entries: dict[str, Entry]
    games: list[standings_engine.Game]
    byes: list[standings_engine.Bye]

    def standing(self, rules: RuleSet) -> tuple[StandingRow, ...]:
        """The standings rows under ``rules`` (the club rule): what the public standings show
        when the club rule is the event's tie-break rules."""
        return ranked(list(self.entries.values()), self.games, self.byes, rules)


def players_and_evenings(tournament: Tournament, through_round: int | None = None) -> Evenings:
    """The engines' input from the database: four queries (entries, rounds, games, byes).

    Only published and complete rounds count (a draft is a proposal); the members without a
    card number yet (before round 1) come after the others, by name.
    """
    entries = list(tournament.entries.order_by("starting_number", "name"))
    top = max((e.starting_number or 0 for e in entries), default=0)
    players = [
        engine.Player(str(e.pk), e.starting_number or top + index, e.name)
        for index, e in enumerate(entries, start=1)
    ]
    rounds = Round.objects.filter(tournament=tournament, state__in=COUNTED_STATES)
    if through_round is not None:
        rounds = rounds.filter(number__lte=through_round)
    numbers = sorted(rounds.values_list("number", flat=True))
    games, byes = read_results(tournament, through_round)
    played: dict[int, list[engine.Game]] = {n: [] for n in numbers}
    for game in games:
        code = game.result.code if game.result else ""
        played[game.round].append(engine.Game(str(game.white), str(game.black), code))
    allocated = {b.round: str(b.player) for b in byes if b.kind == Bye.Kind.PAIRING_ALLOCATED}
    evenings = [engine.Evening(tuple(played[n]), allocated.get(n)) for n in numbers]
    by_id = {str(e.pk): e for e in entries}
    return Evenings(players, evenings, by_id, games, byes)


@dataclass(frozen=True)
class Season:
    """The season as the page shows it: every card in position order and the standing."""

    cards: list[engine.Card]
    standing: tuple[StandingRow, ...]
    entries: dict[str, Entry]
    settings: MonradSettings


def read_season(tournament: Tournament) -> Season:
    chosen = settings_of(tournament)
    read = players_and_evenings(tournament)
    options = engine_settings(chosen)
    cards = engine.season(read.players, read.evenings, options)
    return Season(cards, read.standing(options.rules), read.entries, chosen)


def next_evening(tournament: Tournament) -> int:
    """The round whose attendance is open: the one after the last round paired."""
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def present_ids(tournament: Tournament, number: int) -> set[int]:
    return set(
        MonradCheckIn.objects.filter(tournament=tournament, round_number=number).values_list(
            "entry_id", flat=True
        )
    )


def check_ins(tournament: Tournament, number: int) -> dict[int, bool]:
    """The members checked in for round ``number``, each with whether they did it by scanning
    their card (docs/venue.md); one query."""
    return dict(
        MonradCheckIn.objects.filter(tournament=tournament, round_number=number).values_list(
            "entry_id", "by_player"
        )
    )


# --- state changes --------------------------------------------------------------------------


def locked_monrad(tournament: Tournament) -> Tournament:
    tournament = locked_tournament(tournament)
    if tournament.system != System.MONRAD:
        raise EveningError(gettext("Only a Monrad event has club evenings."))
    return tournament


@transaction.atomic
def set_present(
    user, tournament: Tournament, entry: Entry, present: bool, *, by_player: bool = False
) -> bool:
    """Check a member in for the next evening (or out again), until that round is paired;
    ``by_player``: the member scanned their card (docs/venue.md). Returns whether anything
    changed."""
    tournament = locked_monrad(tournament)
    if entry.tournament_id != tournament.pk:
        raise EveningError(
            gettext("%(name)s is not a member of %(tournament_name)s.")
            % {"name": entry.name, "tournament_name": tournament.name}
        )
    number = next_evening(tournament)
    if present and entry.withdrawn:
        raise EveningError(gettext("%(name)s has withdrawn from the event.") % {"name": entry.name})
    existing = MonradCheckIn.objects.filter(entry=entry, round_number=number)
    if present == existing.exists():
        return False
    if present:
        MonradCheckIn.objects.create(
            tournament=tournament,
            entry=entry,
            round_number=number,
            created_by=user if user is not None and user.is_authenticated else None,
            by_player=by_player,
        )
    else:
        existing.delete()
    record(
        user,
        tournament,
        "monrad.check_in" if present else "monrad.check_out",
        f"Round {number}: {entry.name} {'present' if present else 'not present'}"
        + (" (by scanning their card)" if by_player else ""),
        after={"round": number, "entry": entry.pk, "present": present}
        | ({"by_player": True} if by_player else {}),
    )
    return True


@transaction.atomic
def check_in(
    user,
    tournament: Tournament,
    entry: Entry,
    present: bool,
    *,
    by_player: bool = False,
    number: int | None = None,
) -> bool:
    """The Monrad's check-in as the registry names it (arbiter/core/systems.py, ``CheckIn``):
    :func:`set_present` for the evening the page showed (``number``), refused once that evening
    is paired."""
    tournament = locked_monrad(tournament)
    opened = next_evening(tournament)
    if number is not None and number != opened:
        raise EveningError(
            gettext(
                "The check-in is for round %(open)s now (the page showed round %(shown)s): "
                "look again."
            )
            % {"open": opened, "shown": number}
        )
    return set_present(user, tournament, entry, present, by_player=by_player)


@transaction.atomic
def add_late_member(user, tournament: Tournament, name: str, rating: int = 0) -> Entry:
    """A new member who turns up tonight: a card with the next number (0 points, at the bottom)
    and checked in for the evening."""
    locked_monrad(tournament)
    name = " ".join(name.split())
    if not name:
        raise EveningError(gettext("The new member needs a name."))
    if len(name) > 100:
        raise EveningError(gettext("A name has at most 100 characters."))
    try:
        no_control_characters(name)
    except ValidationError as error:
        raise EveningError(error.messages[0]) from None
    if tournament.entries.filter(name__iexact=name).exists():
        raise EveningError(
            gettext("%(name)s is already a member: check them in instead.") % {"name": name}
        )
    try:
        entry = add_entry(user, tournament, {"name": name, "rating": rating})
    except EntryError as error:  # the club is full (MAX_PLAYERS)
        raise EveningError(str(error)) from None
    set_present(user, tournament, entry, True)
    return entry


def propose_evening(user, tournament: Tournament, number: int) -> Proposal:
    """The Monrad pairing of evening ``number`` among the members checked in (the registry's
    pairer for a Monrad). Free of repeats it is published at once (results can be entered); with
    repeats, or a second bye, it stays a draft for an arbiter to accept or edit."""
    present = MonradCheckIn.objects.filter(
        tournament=tournament, round_number=number, entry__withdrawn=False
    ).values_list("entry_id", flat=True)
    present = [str(pk) for pk in present]
    if len(present) < 2:
        raise RoundError(
            gettext("Check in at least two members before pairing round %(number)s.")
            % {"number": number}
        )
    seed = _draw_cards(user, tournament) if number == 1 else None
    read = players_and_evenings(tournament, number - 1)
    entries = read.entries
    try:
        pairing = run_pure(
            engine.pair_evening,
            read.players,
            read.evenings,
            present,
            engine_settings(settings_of(tournament)),
        )
    except engine.MonradError as error:
        raise RoundError(
            gettext("Round %(number)s cannot be paired: %(error)s")
            % {"number": number, "error": error}
        ) from error
    values = {"number": number, "present": pairing.present, "boards": len(pairing.boards)}
    summary = PAIRED % values
    if pairing.bye:
        summary = PAIRED_WITH_BYE % {**values, "name": entries[pairing.bye].name}
    if pairing.needs_acceptance:
        summary += "; " + WAITING % {"repeats": pairing.repeats}

    def keep(round_: Round) -> None:
        MonradPairing.objects.create(
            round=round_,
            boards=[[int(b.white), int(b.black), b.repeat] for b in pairing.boards],
            bye_id=int(pairing.bye) if pairing.bye else None,
            backtracks=pairing.backtracks,
            repeats=pairing.repeats,
            second_bye=pairing.second_bye,
            notes=list(pairing.notes),
            paired_by=user if user is not None and user.is_authenticated else None,
        )

    return Proposal(
        boards=[(int(b.white), int(b.black)) for b in pairing.boards],
        bye=int(pairing.bye) if pairing.bye else None,
        draft=pairing.needs_acceptance,
        seed=seed,
        summary=summary,
        audit={
            "present": [int(p) for p in present],
            "repeats": pairing.repeats,
            "backtracks": pairing.backtracks,
        },
        keep=keep,
    )


def _draw_cards(user, tournament: Tournament) -> int:
    """Before round 1 every member's card number is drawn by lot, with a seed round 1 keeps."""
    seed = random.SystemRandom().randrange(2**31)
    entries = list(Entry.objects.filter(tournament=tournament).order_by("pk"))
    random.Random(seed).shuffle(entries)
    Entry.objects.filter(tournament=tournament).update(starting_number=None)
    for number, entry in enumerate(entries, start=1):
        entry.starting_number = number
    Entry.objects.bulk_update(entries, ["starting_number"])
    record(
        user,
        tournament,
        "monrad.draw_cards",
        f"Cards drawn by lot for {len(entries)} members",
        after={"seed": seed, "numbers": {str(e.pk): e.starting_number for e in entries}},
    )
    return seed


def publish_notes(user, round_: Round) -> list[str]:
    """An arbiter accepts the draft: its repeats go into the audit entry, and the engine's
    record says who accepted it."""
    MonradPairing.objects.filter(round=round_).update(
        accepted_by=user if user is not None and user.is_authenticated else None,
        accepted_at=timezone.now(),
    )
    return [f"repeat on {line}" for line in _repeats(round_)]


def _met_before(round_: Round) -> set[frozenset[int]]:
    """The pairs who played each other before this round (forfeits are no meeting)."""
    earlier = Game.objects.filter(
        round__tournament_id=round_.tournament_id,
        round__number__lt=round_.number,
        result__in=sorted(results.PLAYED_CODES),
    ).values_list("white_id", "black_id")
    return {frozenset(pair) for pair in earlier}


def _repeats(round_: Round) -> list[str]:
    met = _met_before(round_)
    return [
        f"board {g.board}: {g.white.name} - {g.black.name}"
        for g in round_.games.select_related("white", "black").order_by("board")
        if frozenset((g.white_id, g.black_id)) in met
    ]


def repeat_boards(round_: Round) -> set[int]:
    """Board numbers of the round whose players have met before."""
    met = _met_before(round_)
    return {
        board
        for board, white, black in round_.games.values_list("board", "white_id", "black_id")
        if frozenset((white, black)) in met
    }


@transaction.atomic
def update_settings(user, tournament: Tournament, **values) -> MonradSettings:
    """Change the scoring, the bye's value, the order inside a pile or the tie-break; the
    standing and the positions for the next round follow at once."""
    tournament = locked_monrad(tournament)
    chosen = settings_of(tournament)
    before = {k: getattr(chosen, k) for k in values}
    for name, value in values.items():
        choices = MonradSettings._meta.get_field(name).choices
        if value not in {v for v, _ in choices}:
            raise EveningError(
                gettext("%(value)s is not a choice for %(_)s.")
                % {"value": repr(value), "_": name.replace("_", " ")}
            )
        setattr(chosen, name, value)
    changed = {k: v for k, v in values.items() if before[k] != v}
    if changed or chosen.pk is None:
        chosen.save()
    if changed:
        record(
            user,
            tournament,
            "monrad.settings",
            "Monrad settings: " + ", ".join(f"{k} {v}" for k, v in changed.items()),
            before={k: before[k] for k in changed},
            after=changed,
        )
    return chosen
