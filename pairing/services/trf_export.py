"""A tournament as a TRF: the Dutch engine's input and the file federations rate from.

One function reads the database into the engine's plain :class:`TrfTournament`; the engine's own
writer turns that into text (TRF-2026, or TRF-16 with ``legacy=True``). The pairing service
feeds the same object to the engine, so what we export is exactly what we paired from.
"""

from django.db.models import Q

from arbiter.models import Bye, Entry, Game, Round, Tournament
from pairing.engines.results import from_code as result_from_code
from pairing.engines.trf import Scoring, TrfForbidden, TrfPlayer, TrfResult, TrfTournament
from pairing.models import EnginePairing, ForbiddenPair, PlayerRoundRecord

#: Points in tenths of each TRF code, chess scoring (C.04.1: the PAB scores a win).
CODE_POINTS = {"1": 10, "+": 10, "=": 5, "0": 0, "-": 0, "U": 10, "F": 10, "H": 5, "Z": 0}
BLANK = TrfResult(None, " ", " ")


def engine_system(tournament: Tournament) -> str:
    """The TRF-2026 `192` code (ETT26) for the tournament's rule set and acceleration."""
    code = f"FIDE_DUTCH_{tournament.rules_version}"
    return code + "_BAKU" if tournament.baku_acceleration else code


def completed_rounds(tournament: Tournament) -> int:
    """How many rounds from the first are complete (every board has a result)."""
    states = tournament.rounds.order_by("number").values_list("number", "state")
    done = 0
    for number, state in states:
        if number != done + 1 or state != Round.State.COMPLETE:
            break
        done = number
    return done


def tournament_trf(
    tournament: Tournament, *, through_round: int, next_round: bool = False, public: bool = False
) -> TrfTournament:
    """The tournament after ``through_round`` rounds.

    ``public``: the file anyone may download, without the forbidden pairs (the arbiter's notes
    on who must not meet, not results).

    With ``next_round`` the round after it carries what the arbiter recorded for it (requested
    byes as ``0000 - H/Z/F``, the withdrawn as ``0000 - Z``), as the endorsed engines read it.
    Five queries whatever the size of the field.
    """
    entries = list(tournament.entries.exclude(starting_number=None).order_by("starting_number"))
    number = {entry.pk: entry.starting_number for entry in entries}
    rounds: dict[int, dict[int, TrfResult]] = {entry.pk: {} for entry in entries}
    games = Game.objects.filter(
        round__tournament=tournament, round__number__lte=through_round
    ).values_list("round__number", "white_id", "black_id", "result")
    for round_number, white, black, result in games:
        outcome = result_from_code(result)
        white_code, black_code = outcome.trf if outcome else (" ", " ")
        rounds[white][round_number] = TrfResult(number[black], "w", white_code)
        rounds[black][round_number] = TrfResult(number[white], "b", black_code)
    byes = Bye.objects.filter(
        round__tournament=tournament, round__number__lte=through_round
    ).values_list("round__number", "entry_id", "kind")
    for round_number, entry_id, kind in byes:
        rounds[entry_id][round_number] = TrfResult(None, "-", kind)
    players = []
    absent = _absent_next(tournament, entries, through_round + 1) if next_round else {}
    for entry in entries:
        results = [rounds[entry.pk].get(r, BLANK) for r in range(1, through_round + 1)]
        points = sum(CODE_POINTS.get(result.code, 0) for result in results)
        if entry.pk in absent:
            results.append(TrfResult(None, "-", absent[entry.pk]))
        players.append(_player(entry, points, tuple(results)))
    return TrfTournament(
        players=tuple(players),
        name=tournament.name,
        start_date=tournament.start_date.strftime("%Y/%m/%d") if tournament.start_date else "",
        end_date=tournament.end_date.strftime("%Y/%m/%d") if tournament.end_date else "",
        rounds=tournament.planned_rounds or max(through_round + 1, 1),
        initial_colour=tournament.initial_colour,
        scoring=Scoring(),
        system=engine_system(tournament),
        forbidden=() if public else _forbidden(tournament, number),
        other_lines=_header_lines(tournament, through_round),
    )


def _player(entry: Entry, points: int, results: tuple[TrfResult, ...]) -> TrfPlayer:
    return TrfPlayer(
        number=entry.starting_number,
        name=entry.name,
        rating=entry.rating,
        points=points,
        results=results,
        sex={"m": "m", "f": "w"}.get(entry.sex, ""),
        title=entry.title,
        federation=entry.federation,
        fide_id=str(entry.fide_id or ""),
        birth=f"{entry.birth_year}/00/00" if entry.birth_year else "",
    )


def _absent_next(tournament: Tournament, entries: list[Entry], round_number: int) -> dict:
    """Entry id -> TRF code for those who will not be paired in ``round_number``."""
    records = PlayerRoundRecord.objects.filter(tournament=tournament).filter(
        Q(round_number=round_number) | Q(kind=PlayerRoundRecord.Kind.WITHDRAWN)
    )
    absent = {}
    for record in records.values_list("entry_id", "round_number", "kind"):
        entry_id, number, kind = record
        if kind == PlayerRoundRecord.Kind.WITHDRAWN:
            if number <= round_number:
                absent[entry_id] = "Z"
        else:
            absent.setdefault(entry_id, kind)
    for entry in entries:
        if entry.withdrawn:
            absent[entry.pk] = "Z"
    return absent


def _forbidden(tournament: Tournament, number: dict[int, int]) -> tuple[TrfForbidden, ...]:
    pairs = ForbiddenPair.objects.filter(tournament=tournament).values_list("first", "second")
    return tuple(
        TrfForbidden((number[a], number[b])) for a, b in pairs if a in number and b in number
    )


def _header_lines(tournament: Tournament, through_round: int) -> tuple[str, ...]:
    """City, federation, chief arbiter, time control, the pairing program and manual changes."""
    lines = []
    if tournament.city:
        lines.append(f"022 {tournament.city}")
    if tournament.federation:
        lines.append(f"032 {tournament.federation}")
    chief = tournament.staff.filter(role="chief").select_related("user").first()
    if chief and chief.user.get_full_name():  # a name, never the login's username
        lines.append(f"102 {chief.user.get_full_name()}")
    if tournament.time_control:
        lines.append(f"122 {tournament.time_control}")
    lines.append("182 arbiter app, FIDE Dutch engine")
    edited = EnginePairing.objects.filter(
        round__tournament=tournament, round__number__lte=through_round, edited=True
    ).values_list("round__number", flat=True)
    for round_number in sorted(edited):
        lines.append(f"### round {round_number}: pairing changed by the arbiter after the engine")
    return tuple(lines)
