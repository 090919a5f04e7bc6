"""A team event in the database as a TRF-2026 team file (docs/teams.md, "Team exports and
imports"): :func:`team_trf` reads the tournament into the team file model of
:mod:`pairing.engines.trf_team` (``TeamTrf``: the individual part with its 001 round fields,
the team records 310 with match and game points and ranks, 352, 362, 320, 330, 300, the
requested team byes as 240, and each round's matches and each team's rounds as gacrux reads
them); :func:`team_trf_file` writes it for the downloads (with ``legacy``: TRF-16, 013 records).

The team standings read the same model (``TeamTrf.rounds``: a team's match and game points
round by round), so the file, the standings and FIDE's checker count alike. A constant number
of queries whatever the size of the event.

How the database keeps what the file says (the team systems write it so,
pairing/team_rounds/writing.py): board ``b`` of the match at table ``t`` is the round's board
``(t - 1) * boards + b`` (a game elsewhere takes the first free board); a board nobody sat at
is an empty board of the match (``pairing.EmptyBoard``: the player who was there wins by
forfeit, ``0000 - +`` in their 001 record, ``0000`` in the other team's 300), read through the
app registry so that this module works before that model exists; a whole match forfeited is
``TeamMatch.forfeit`` (330); a team's bye a ``TeamBye`` (the PAB in 320, its lineup's players
``0000 - U``; the requested ones in 240 with team numbers).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from decimal import Decimal

from django.apps import apps

from arbiter.core.models import Entry, Game, Round, Team, TeamMatch, Tournament
from arbiter.core.systems import SYSTEMS
from arbiter.teams.lineups import lineup_for
from arbiter.teams.models import TeamBye, TeamSettings
from pairing.engines import results as engine_results
from pairing.engines import team_match
from pairing.engines.trf import TrfPlayer, TrfResult, TrfTournament, write_trf
from pairing.engines.trf_team import (
    TeamTrf,
    TrfLineup,
    TrfMatchForfeit,
    TrfTeam,
    TrfTeamRecords,
    team_matches,
    with_totals,
    write_team_trf,
)

BLANK = TrfResult(None, " ", " ")
ZERO = Decimal(0)
#: A player's points (tenths) for ``U``, the PAB of their team: the individual PAB of record
#: 162 (a win by default), as FIDE's checker counts the 001 points column.
PAB_POINTS = 10


def _system_code(tournament: Tournament) -> str:
    """The ``192`` code: the registered system's own (its ``trf_type``)."""
    system = SYSTEMS.get(tournament.system)
    return system.trf_type(tournament) if system is not None and system.trf_type else ""


def _settings(tournament: Tournament):
    found = TeamSettings.objects.filter(tournament=tournament).first()
    return found or TeamSettings(tournament=tournament)


def completed_rounds(tournament: Tournament) -> int:
    """How many rounds from the first are complete (as the individual export counts them,
    pairing/swiss/trf/export.py, a room above this one)."""
    done = 0
    for number, state in tournament.rounds.order_by("number").values_list("number", "state"):
        if number != done + 1 or state != Round.State.COMPLETE:
            break
        done = number
    return done


def empty_board_model():
    """The team systems' model of a board nobody sat at, None before it exists."""
    try:
        return apps.get_model("pairing", "EmptyBoard")
    except LookupError:
        return None


def numbered(tournament: Tournament) -> tuple[list[Team], dict[int, list[Entry]], dict[int, int]]:
    """The teams by pairing number, each team's players in board order, and the starting
    number of every team member: their own, else given after the highest in team and board
    order (a team without a pairing number after the others, by name)."""
    teams = list(tournament.teams.all())
    teams.sort(key=lambda t: (t.number is None, t.number or 0, t.name))
    taken = {t.number for t in teams if t.number}
    following = max(taken, default=0)
    team_numbers = {}
    for team in teams:
        if team.number is None:
            following += 1
            team_numbers[team.pk] = following
        else:
            team_numbers[team.pk] = team.number
    members: dict[int, list[Entry]] = {t.pk: [] for t in teams}
    entries = list(
        Entry.objects.filter(tournament=tournament, team__isnull=False).order_by("team_board", "pk")
    )
    for entry in entries:
        members[entry.team_id].append(entry)
    order = sorted(entries, key=lambda e: (team_numbers[e.team_id], e.team_board or 0, e.pk))
    number = {e.pk: e.starting_number for e in order if e.starting_number}
    following = max(number.values(), default=0)
    for entry in order:
        if entry.pk not in number:
            following += 1
            number[entry.pk] = following
    for team in teams:
        team.number = team_numbers[team.pk]
    return teams, members, number


def team_trf(tournament: Tournament, *, through_round: int | None = None) -> TeamTrf:
    """The tournament after ``through_round`` rounds (None: its complete rounds) as the team
    file model (:class:`~pairing.engines.trf_team.TeamTrf`): the individual part, the team
    records with their totals and ranks, and each round's matches and each team's rounds read
    back from them as gacrux reads a file (``rounds[tpn][r - 1]``: match and game points),
    which the team standings read too."""
    settings = _settings(tournament)
    boards = settings.boards
    scoring = settings.match_scoring()
    through = completed_rounds(tournament) if through_round is None else through_round
    teams, members, number = numbered(tournament)
    team_no = {t.pk: t.number for t in teams}
    position = {e.pk: i for ms in members.values() for i, e in enumerate(ms)}
    results: dict[int, dict[int, TrfResult]] = defaultdict(dict)
    points: dict[int, int] = defaultdict(int)  # entry -> tenths
    forfeits, lineups = [], []
    pab_teams: list[int | None] = [None] * through
    matches = list(
        TeamMatch.objects.filter(round__tournament=tournament, round__number__lte=through)
        .select_related("round")
        .order_by("round__number", "table")
    )
    games_of: dict[int, list[Game]] = defaultdict(list)
    for game in Game.objects.filter(
        round__tournament=tournament, round__number__lte=through, team_match__isnull=False
    ).order_by("board"):
        games_of[game.team_match_id].append(game)
    empties_of: dict[int, list] = defaultdict(list)
    model = empty_board_model()
    if model is not None:
        for empty in model.objects.filter(
            match__round__tournament=tournament, match__round__number__lte=through
        ):
            empties_of[empty.match_id].append(empty)
    team_of = {e.pk: e.team_id for ms in members.values() for e in ms}
    by_team = {t.pk: t for t in teams}
    for match in matches:
        r = match.round.number
        placed = _boards(match, games_of[match.pk], empties_of[match.pk], boards)
        home_white = _home_white(match, placed, boards, team_of)
        colours = team_match.board_colours(boards, home_white)
        home_line: list[int | None] = []
        away_line: list[int | None] = []
        for b in range(1, boards + 1):
            white, black, code = placed.get(b, (None, None, "--"))
            home, away = (white, black) if colours[b - 1] == "W" else (black, white)
            home_line.append(home)
            away_line.append(away)
            outcome = engine_results.from_code(code)
            if white is not None and black is not None:
                w_code, b_code = outcome.trf if outcome else (" ", " ")
                results[white][r] = TrfResult(number[black], "w", w_code)
                results[black][r] = TrfResult(number[white], "b", b_code)
            elif white is not None or black is not None:
                results[white or black][r] = TrfResult(None, "-", "+")
            if outcome is not None:
                w_points, b_points = outcome.points()
                for who, worth in ((white, w_points), (black, b_points)):
                    if who is not None:
                        points[who] += int(Decimal(worth) * 10)
        home_no, away_no = team_no[match.home_id], team_no[match.away_id]
        white_no, black_no = (home_no, away_no) if home_white else (away_no, home_no)
        if match.forfeit:
            kind = match.forfeit if home_white else match.forfeit[::-1]
            forfeits.append(TrfMatchForfeit(kind, r, white_no, black_no))
            # each lineup's players forfeit their boards (gacrux reads the match from them)
            for team_id, code in (
                (match.home_id, match.forfeit[0]),
                (match.away_id, match.forfeit[1]),
            ):
                for entry in lineup_for(by_team[team_id], r, settings):
                    if entry is not None and entry.pk in number:
                        results[entry.pk][r] = TrfResult(None, "-", code)
                        points[entry.pk] += 10 if code == "+" else 0
            continue
        for team_id, line, other in (
            (match.home_id, home_line, away_no),
            (match.away_id, away_line, home_no),
        ):
            if _out_of_order(line, position):
                ids = tuple(number[e] if e is not None else None for e in line)
                lineups.append(TrfLineup(r, team_no[team_id], other, ids))
    requested: dict[tuple[str, int], list[int]] = defaultdict(list)
    byes = TeamBye.objects.filter(round__tournament=tournament, round__number__lte=through)
    for bye in byes.select_related("round").order_by("round__number", "team__number"):
        r, tno = bye.round.number, team_no[bye.team_id]
        if bye.kind == TeamBye.Kind.PAIRING_ALLOCATED:
            pab_teams[r - 1] = tno
            for entry in lineup_for(by_team[bye.team_id], r, settings):
                if entry is not None and entry.pk in number:
                    results[entry.pk][r] = TrfResult(None, "-", "U")
                    points[entry.pk] += PAB_POINTS
        else:
            requested[(bye.kind, r)].append(tno)
    players = []
    for team in teams:
        for entry in members[team.pk]:
            row = [results[entry.pk].get(r, BLANK) for r in range(1, through + 1)]
            while row and row[-1].is_blank:
                row.pop()
            players.append(_player(entry, number[entry.pk], points[entry.pk], tuple(row)))
    players.sort(key=lambda p: p.number)
    base = TrfTournament(
        players=tuple(players),
        name=tournament.name,
        start_date=_date(tournament.start_date),
        end_date=_date(tournament.end_date),
        rounds=tournament.planned_rounds or max(through, 1),
        initial_colour=tournament.initial_colour,
        system=_system_code(tournament),
        byes=tuple(
            (kind, r, tuple(sorted(nos)))
            for (kind, r), nos in sorted(requested.items(), key=lambda i: (i[0][1], i[0][0]))
        ),
        other_lines=tuple(_header_lines(tournament, teams, players)),
    )
    while pab_teams and pab_teams[-1] is None:
        pab_teams.pop()
    records = TrfTeamRecords(
        teams=tuple(
            TrfTeam(
                number=t.number,
                name=t.name,
                players=tuple(number[e.pk] for e in members[t.pk]),
                nickname=t.nickname,
                strength="0",
            )
            for t in teams
        ),
        board_colours=team_match.board_colours(boards),
        scoring=scoring,
        pab_teams=tuple(pab_teams),
        forfeits=tuple(forfeits),
        lineups=tuple(lineups),
    )
    read = team_matches(base, records)
    ranks = _ranks(read, settings)
    return replace(read, records=with_totals(read, ranks))


def _boards(match: TeamMatch, games: list[Game], empties: list, boards: int) -> dict:
    """Board in the match -> (white entry id, black entry id, result code): a game's board is
    its round board less the tables before (pairing/team_rounds/writing.py), else the first
    free board; an empty board names the player who was there (the other side None)."""
    placed: dict[int, tuple[int | None, int | None, str]] = {}
    for empty in empties:
        code = "+-" if empty.white_id else "-+" if empty.black_id else "--"
        placed[empty.board] = (empty.white_id, empty.black_id, code)
    waiting = []
    for game in games:
        b = game.board - (match.table - 1) * boards
        code = "" if game.adjourned else game.result
        if 1 <= b <= boards and b not in placed:
            placed[b] = (game.white_id, game.black_id, code)
        else:
            waiting.append((game.white_id, game.black_id, code))
    free = (b for b in range(1, boards + 1) if b not in placed)
    for row, b in zip(waiting, free, strict=False):
        placed[b] = row
    return placed


def _home_white(match: TeamMatch, placed: dict, boards: int, team_of: dict[int, int]) -> bool:
    """Whether the team named first has White on board 1 (C.04.6 1.6.1): read from the first
    board with a player (a match without any: yes, as the team systems name it first)."""
    pattern = team_match.board_colours(boards)
    for b in sorted(placed):
        white, black, _ = placed[b]
        for who, colour in ((white, "W"), (black, "B")):
            if who is None:
                continue
            home_has_it = team_of.get(who) == match.home_id
            return (pattern[b - 1] == colour) == home_has_it
    return True


def _out_of_order(line: list[int | None], position: dict[int, int]) -> bool:
    """A lineup the board order does not give (TRF-2026 300): a board left empty, or players
    not in the order of the team's list."""
    if any(entry is None for entry in line):
        return True
    places = [position.get(entry, -1) for entry in line]
    return places != sorted(places) or len(set(places)) != len(places)


def _ranks(file: TeamTrf, settings) -> dict[int, int]:
    """Ranks by the primary score, then the other when it is used; ties share a rank (310
    allows it; the team standings break ties with the tie-breaks)."""

    def key(team: int) -> tuple:
        mp, gp = file.match_points(team), file.game_points(team)
        first, second = (mp, gp) if settings.primary_score == "mp" else (gp, mp)
        return (first, second) if settings.secondary_used else (first,)

    ordered = sorted(file.rounds, key=lambda t: (tuple(-v for v in key(t)), t))
    ranks, previous, rank = {}, None, 0
    for place, team in enumerate(ordered, start=1):
        if key(team) != previous:
            rank, previous = place, key(team)
        ranks[team] = rank
    return ranks


def _player(entry: Entry, number: int, points: int, results: tuple[TrfResult, ...]) -> TrfPlayer:
    return TrfPlayer(
        number=number,
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


def _date(date) -> str:
    return date.strftime("%Y/%m/%d") if date else ""


def _header_lines(tournament, teams, players) -> list[str]:
    chief = tournament.staff.filter(role="chief").select_related("user").first()
    lines = [
        f"{code} {text}"
        for code, text in (
            ("022", tournament.city),
            ("032", tournament.federation),
            ("062", str(len(players))),
            ("082", str(len(teams))),
            ("102", chief.user.get_full_name() if chief else ""),
            ("122", tournament.time_control),
        )
        if text
    ]
    return lines


def legacy_team_line(team: TrfTeam) -> str:
    """TRF-16 record 013: the team's name and its players."""
    return f"013 {team.name[:32]:<32}" + " ".join(f"{p:>4}" for p in team.players)


def write_team_file(file: TeamTrf, *, legacy: bool = False, newline: str = "\n") -> str:
    """The file (:func:`~pairing.engines.trf_team.write_team_trf`: the individual records,
    then 352, 362, 310, 300, 320, 330). ``legacy``: TRF-16, the teams as 013 records and none
    of TRF-2026's records."""
    if not legacy:
        return write_team_trf(file.tournament, file.records, newline=newline)
    text = write_trf(file.tournament, legacy=True, newline=newline)
    return text + newline.join(legacy_team_line(team) for team in file.records.teams) + newline


def team_trf_file(
    tournament: Tournament, *, legacy: bool = False, public: bool = False
) -> tuple[str, int]:
    """The team event's file of its complete rounds, and how many they are (the download:
    the registry's ``trf_file``; a team file has nothing the public may not see)."""
    rounds = completed_rounds(tournament)
    return write_team_file(team_trf(tournament, through_round=rounds), legacy=legacy), rounds


def is_team_event(tournament: Tournament) -> bool:
    """A team round robin or a team Swiss: the registry's ``team_event``."""
    system = SYSTEMS.get(tournament.system)
    return system is not None and system.team_event


def team_round_trf(tournament: Tournament, number: int) -> str:
    """A published round of a team event, for anyone to check with FIDE's checker
    (``gacrux.pairingchecker -c -m fideteam -n N``): the team file through round ``number``,
    with the results entered so far. Unlike the individual round file its games keep their
    results: a 001 record whose last round has no result ends before the result column once
    written (trailing blanks are dropped), and gacrux then reads no game in that round."""
    return write_team_file(team_trf(tournament, through_round=number))
