"""A tournament as a TRF: the Dutch engine's input and the file federations rate from.

One function reads the database into the engine's plain :class:`TrfTournament`; the engine's own
writer turns that into text (TRF-2026, or TRF-16 with ``legacy=True``). The pairing service
feeds the same object to the engine, so what we export is exactly what we paired from.

An imported tournament is written back as its file wrote it (docs/trf.md): the records the
models lack (:class:`~pairing.models.TrfSource`), a player line's columns
(:class:`~pairing.models.TrfPlayerColumns`) and rounds written otherwise than the app writes
them (:class:`~pairing.models.TrfRoundBlock`), each as long as it still says what the
tournament holds; what the arbiter changed since is written from the models.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from django.db.models import Q
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.models import Bye, Entry, Game, Round, TiebreakRules, Tournament
from arbiter.core.standings import ZERO, adjourned_games, games_text, rule_set, tiebreak_codes
from arbiter.core.trf_columns import birth_year, entry_sex, entry_title, is_federation_code
from pairing.engines import standings as engine
from pairing.engines import tiebreaks as tb
from pairing.engines.results import DRAW_GAME
from pairing.engines.results import from_code as result_from_code
from pairing.engines.trf import (
    REQUESTED_BYE_KINDS,
    UNKNOWN_RESULT,
    Scoring,
    TrfForbidden,
    TrfPlayer,
    TrfResult,
    TrfTournament,
    endorsed_system,
    parse_date,
    write_trf,
)
from pairing.swiss.models import Acceleration, EnginePairing, ForbiddenPair, PlayerRoundRecord
from pairing.swiss.trf.columns import block_result, block_text
from pairing.swiss.trf.models import TrfPlayerColumns, TrfRoundBlock, TrfSource
from pairing.swiss.trf.national import national_lines

BLANK = TrfResult(None, " ", " ")


def engine_system(tournament: Tournament) -> str:
    """The ``192`` tournament type for the rule set and acceleration, spelt as the endorsed
    engine reads it (:func:`~pairing.engines.trf.endorsed_system`)."""
    code = f"FIDE_DUTCH_{tournament.rules_version}"
    return endorsed_system(code + "_BAKU" if tournament.baku_acceleration else code)


def completed_rounds(tournament: Tournament) -> int:
    """How many rounds from the first are complete (every board has a result)."""
    states = tournament.rounds.order_by("number").values_list("number", "state")
    done = 0
    for number, state in states:
        if number != done + 1 or state != Round.State.COMPLETE:
            break
        done = number
    return done


class RatingReportWaits(Exception):
    """Every round is played but an adjourned game has no result yet: no rating report (FIDE's
    checklist Q169); the message names the games."""


def _rating_report_waits(tournament: Tournament) -> str:
    """Why there is no rating report yet: every round is played but an adjourned game has no
    result (Q169), the games named; "" when there is one."""
    done = completed_rounds(tournament)
    if not tournament.planned_rounds or done < tournament.planned_rounds:
        return ""
    waiting = adjourned_games(tournament)
    if not waiting:
        return ""
    return gettext(
        "No rating report while an adjourned game has no result: %(games)s. Enter its result first."
    ) % {"games": games_text(waiting)}


def trf_file(
    tournament: Tournament, *, legacy: bool = False, public: bool = False
) -> tuple[str, int]:
    """The rating report file of the complete rounds, and how many they are (``public``: the
    download anyone may make, without the arbiter's forbidden pairs).

    The round after them carries what the arbiter recorded for it (requested byes, the
    withdrawn), as the endorsed engines read it, while the tournament has rounds to play; the
    rank column is the standings after the complete rounds. An adjourned game is written ``?``
    while rounds remain; once every round is played, :class:`RatingReportWaits` is raised until
    it has its result (Q169).
    """
    waiting = _rating_report_waits(tournament)
    if waiting:
        raise RatingReportWaits(waiting)
    rounds = completed_rounds(tournament)
    more = not tournament.planned_rounds or rounds < tournament.planned_rounds
    # the round to pair carries what was asked for it; a round robin has none to pair
    more = more and tournament.pairing_system.pairer is not None
    trf = tournament_trf(
        tournament, through_round=rounds, next_round=more, ranks=True, public=public
    )
    if legacy and not more and _imported_without_rounds(tournament):
        trf = replace(trf, rounds=0)  # a TRF-16 file without XXR comes back without it
    return write_trf(_with_paper_trail(tournament, trf, legacy), legacy=legacy), rounds


def _with_paper_trail(tournament: Tournament, trf: TrfTournament, legacy: bool) -> TrfTournament:
    """The rating report's own records: TRF-2026's ``202``, the tie-breaks (MTB26 codes, as
    C.07 ranks the standings: ``BH/C1,BH,SB``) unless an imported file wrote its own; then the
    ``###`` records of the audit log (arbiter/core/fide_mode.py), after the header records, in
    the order written (spec §1.3: manual pairings, imports, leaving FIDE mode ...)."""
    lines = list(trf.other_lines)
    club = tournament.tiebreak_rules == TiebreakRules.CLUB
    if not legacy and not club and not any(raw[:3] == "202" for raw in lines):
        lines.append("202 " + ",".join(map(tb.mtb26, tiebreak_codes(tournament))))
    lines += fide_mode.trf_notes(tournament)
    return replace(trf, other_lines=tuple(lines))


def _imported_without_rounds(tournament: Tournament) -> bool:
    """Whether the tournament is an imported file that gave no number of rounds (no ``XXR``)
    and still has the rounds it had then. TRF-2026 always has ``142``; a TRF-16 file comes
    back as it was written."""
    source = TrfSource.objects.filter(tournament=tournament).first()
    return (
        source is not None
        and not source.rounds_given
        and tournament.planned_rounds == source.rounds
    )


def tournament_trf(
    tournament: Tournament,
    *,
    through_round: int,
    next_round: bool = False,
    ranks: bool = False,
    public: bool = False,
) -> TrfTournament:
    """The tournament after ``through_round`` rounds.

    ``public``: the file anyone may download, without the forbidden pairs (the arbiter's notes
    on who must not meet, not results).

    With ``next_round`` the round after it carries what the arbiter recorded for it (requested
    byes as ``0000 - H/Z/F``, the withdrawn as ``0000 - Z``), as the endorsed engines read it.
    With ``ranks`` the rank column holds the standings after ``through_round``. A constant
    number of queries whatever the size of the field.
    """
    entries = list(
        tournament.entries.exclude(starting_number=None)
        .select_related("trf")
        .order_by("starting_number")
    )
    number = {entry.pk: entry.starting_number for entry in entries}
    rounds: dict[int, dict[int, TrfResult]] = {entry.pk: {} for entry in entries}
    rows = Game.objects.filter(
        round__tournament=tournament, round__number__lte=through_round
    ).values_list("round__number", "white_id", "black_id", "result", "adjourned")
    # an adjourned game is written ``?`` and scores a draw (TRF-2026: ``X`` in 162, a draw's
    # points unless it says otherwise), as the pairing counts it (checklist Q157, Q164-165, Q167)
    games = []
    for round_number, white, black, result, adjourned in rows:
        outcome = DRAW_GAME if adjourned else result_from_code(result)
        games.append(engine.Game(round_number, white, black, outcome))
        codes = (UNKNOWN_RESULT, UNKNOWN_RESULT) if adjourned else None
        white_code, black_code = codes or (outcome.trf if outcome else (" ", " "))
        rounds[white][round_number] = TrfResult(number[black], "w", white_code)
        rounds[black][round_number] = TrfResult(number[white], "b", black_code)
    requested: dict[tuple[str, int], list[int]] = defaultdict(list)
    byes = [
        engine.Bye(*row)
        for row in Bye.objects.filter(
            round__tournament=tournament, round__number__lte=through_round
        ).values_list("round__number", "entry_id", "kind")
    ]
    for bye in byes:
        rounds[bye.player][bye.round] = TrfResult(None, "-", bye.kind)
        if bye.kind in REQUESTED_BYE_KINDS:
            requested[(bye.kind, bye.round)].append(number[bye.player])
    _as_written(tournament, rounds, through_round)
    players = []
    absent, withdrawn = (
        _absent_next(tournament, entries, through_round + 1) if next_round else ({}, {})
    )
    # a withdrawal is an absence from every round left: TRF-2026 has no record of its own for
    # it, but 240 announces the absences of the rounds not yet paired (docs/trf.md). The
    # round to pair has it already, from ``absent``.
    last = tournament.planned_rounds or 0
    for entry_id, first in withdrawn.items():
        for later in range(max(first, through_round + 2), last + 1):
            requested[("Z", later)].append(number[entry_id])
    system = tournament.pairing_system
    # the standings engine's points, under the tournament's scoring: chess, the
    # pairing-allocated bye what the system gives it (nothing in a round robin)
    rules = rule_set(tournament)
    points = engine.points(games, byes, rules.scoring)
    for entry in entries:
        results = [rounds[entry.pk].get(r, BLANK) for r in range(1, through_round + 1)]
        own = points.get(entry.pk, ZERO)
        if entry.pk in absent:
            results.append(TrfResult(None, "-", absent[entry.pk]))
            requested[(absent[entry.pk], through_round + 1)].append(entry.starting_number)
            # the points a requested bye of the next round awards count already (as Vega
            # writes them; the endorsed engines read the points with or without them)
            own += rules.scoring.bye(absent[entry.pk])
        players.append(_player(entry, int(own * 10), tuple(results)))
    source = TrfSource.objects.filter(tournament=tournament).first()
    if ranks:
        players = _with_ranks(tournament, source, players, through_round)
    own, other = _header_lines(tournament, source, through_round)
    accelerations = _accelerations(tournament, number)
    return TrfTournament(
        players=tuple(players),
        rounds=tournament.planned_rounds or max(through_round + 1, 1),
        initial_colour=tournament.initial_colour,
        scoring=Scoring(pab=int(rules.scoring.pab * 10)),
        system=system.trf_type(tournament) if system.trf_type else "",
        forbidden=() if public else _forbidden(tournament, number),
        accelerations=accelerations,
        accelerations_specified=bool(accelerations),
        byes=tuple(
            (kind, round_number, tuple(sorted(numbers)))
            for (kind, round_number), numbers in sorted(
                requested.items(), key=lambda item: (item[0][1], "HZF".index(item[0][0]))
            )
        ),
        other_lines=(*other, *national_lines(tournament, entries)),
        **own,
    )


def _as_written(tournament: Tournament, rounds: dict[int, dict[int, TrfResult]], through: int):
    """Rounds an imported file wrote otherwise (``153 - -``, ``0000 - +``, ``W``): as written,
    while the app would still write the same as when it was imported."""
    blocks = TrfRoundBlock.objects.filter(
        entry__tournament=tournament, round_number__lte=through
    ).values_list("entry_id", "round_number", "written", "read_as")
    for entry_id, round_number, written, read_as in blocks:
        current = rounds.get(entry_id, {}).get(round_number, BLANK)
        if block_text(current) == read_as:
            rounds[entry_id][round_number] = block_result(written)


def _player(entry: Entry, points: int, results: tuple[TrfResult, ...]) -> TrfPlayer:
    player = TrfPlayer(
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
    written = getattr(entry, "trf", None) if _has_columns(entry) else None
    if written is None:
        return player
    fide_id = written.fide_id.strip()
    return TrfPlayer(
        number=player.number,
        name=player.name,
        rating=player.rating,
        points=player.points,
        results=player.results,
        sex=written.sex if entry_sex(written.sex) == entry.sex else player.sex,
        title=written.title if entry_title(written.title) == entry.title else player.title,
        federation=(
            written.federation
            if written.federation.strip().upper() == entry.federation
            or (not entry.federation and not is_federation_code(written.federation))
            else player.federation
        ),
        fide_id=(
            written.fide_id
            if (int(fide_id) if fide_id.isdigit() else 0) == (entry.fide_id or 0)
            else player.fide_id
        ),
        birth=written.birth if birth_year(written.birth) == entry.birth_year else player.birth,
        rank=written.rank,
    )


def _has_columns(entry: Entry) -> bool:
    try:
        entry.trf  # noqa: B018 (a reverse one-to-one raises when absent)
    except TrfPlayerColumns.DoesNotExist:
        return False
    return True


def _with_ranks(tournament, source: TrfSource | None, players: list[TrfPlayer], through: int):
    """The rank column: an imported file's own while its rounds are all there is, else the
    standings after ``through`` (C.07, the tournament's tie-breaks)."""
    from arbiter.core.standings import standings

    if source is not None and source.rounds == through:
        return players
    rank = {row.entry.starting_number: row.rank for row in standings(tournament, through).rows}
    return [
        TrfPlayer(**{**p.__dict__, "rank": rank.get(p.number) if through else None})
        for p in players
    ]


def _absent_next(
    tournament: Tournament, entries: list[Entry], round_number: int
) -> tuple[dict, dict]:
    """Entry id -> TRF code for those who will not be paired in ``round_number``; and for the
    withdrawn, entry id -> the first round from ``round_number`` on that they miss. One query."""
    records = PlayerRoundRecord.objects.filter(tournament=tournament).filter(
        Q(round_number=round_number) | Q(kind=PlayerRoundRecord.Kind.WITHDRAWN)
    )
    numbered = {entry.pk for entry in entries}
    withdrawn = {entry.pk: round_number for entry in entries if entry.withdrawn}
    absent = dict.fromkeys(withdrawn, "Z")
    for record in records.values_list("entry_id", "round_number", "kind"):
        entry_id, number, kind = record
        if kind == PlayerRoundRecord.Kind.WITHDRAWN and entry_id in numbered:
            if number <= round_number:
                absent[entry_id] = "Z"
            withdrawn[entry_id] = min(withdrawn.get(entry_id, number), max(number, round_number))
        elif kind != PlayerRoundRecord.Kind.WITHDRAWN:
            absent.setdefault(entry_id, kind)
    return absent, withdrawn


def _forbidden(tournament: Tournament, number: dict[int, int]) -> tuple[TrfForbidden, ...]:
    pairs = ForbiddenPair.objects.filter(tournament=tournament).values_list("first", "second")
    return tuple(
        TrfForbidden((number[a], number[b])) for a, b in pairs if a in number and b in number
    )


def _accelerations(tournament: Tournament, number: dict[int, int]) -> tuple:
    """``XXA``: (starting number, tenths per round from round 1) for each accelerated player."""
    values: dict[int, dict[int, int]] = defaultdict(dict)
    rows = Acceleration.objects.filter(tournament=tournament).values_list(
        "entry_id", "round_number", "points"
    )
    for entry_id, round_number, points in rows:
        if entry_id in number:
            values[number[entry_id]][round_number] = int(points * 10)
    return tuple(
        (player, tuple(by_round.get(r, 0) for r in range(1, max(by_round) + 1)))
        for player, by_round in sorted(values.items())
    )


def _header_lines(
    tournament: Tournament, source: TrfSource | None, through_round: int
) -> tuple[dict, tuple[str, ...]]:
    """The tournament records: the name and dates as :class:`TrfTournament` fields, the others
    as lines. An imported file's own records come back as written while they still say what
    the tournament says (``042 28. 07. 2005`` for 28 July 2005); what the arbiter changed is
    written from the models, and records the models lack (``062 ... 132``) as written."""
    chief = tournament.staff.filter(role="chief").select_related("user").first()
    own = {
        "012": tournament.name,
        "022": tournament.city,
        "032": tournament.federation,
        "042": _date_text(tournament.start_date),
        "052": _date_text(tournament.end_date),
        # a name, never the login's username (issue 17)
        "102": chief.user.get_full_name() if chief else "",
        "122": tournament.time_control,
    }
    written = list(source.lines) if source is not None else []
    if source is not None:
        own.pop("102")  # the file's chief arbiter (if it named one), not whoever imported it
    lines: list[str] = []
    for raw in written:
        code = raw[:3]
        if code in own and not _still_says(code, raw[4:].strip(), own[code], tournament):
            continue
        own.pop(code, None)  # the file's own record stands
        lines.append(raw)
    fields = {}
    for code, field_name in (("012", "name"), ("042", "start_date"), ("052", "end_date")):
        fields[field_name] = own.pop(code, "")
    lines[:0] = [f"{code} {text}" for code, text in own.items() if text]
    paired_here = EnginePairing.objects.filter(
        round__tournament=tournament, round__number__lte=through_round
    ).exists()
    if source is None or (paired_here and not any(r[:3] == "182" for r in lines)):
        lines.append(f"182 {tournament.pairing_system.trf_program}")
    return fields, tuple(lines)


def _still_says(code: str, written: str, value: str, tournament: Tournament) -> bool:
    """Whether an imported header record still says what the tournament's field holds."""
    if code in ("042", "052"):
        date = tournament.start_date if code == "042" else tournament.end_date
        return parse_date(written) == date
    if code == "032":
        return written.upper() == value or (not value and not is_federation_code(written))
    return written == value


def _date_text(date) -> str:
    return date.strftime("%Y/%m/%d") if date else ""
