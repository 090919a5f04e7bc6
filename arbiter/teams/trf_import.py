"""A team tournament from a TRF-2026 team file (docs/teams.md, "Team exports and imports"):
the inverse of :func:`arbiter.teams.trf_export.team_trf`.

The file is read and checked first, in plain Python (:func:`pairing.engines.trf_team.
parse_team_trf`, then :func:`check_team_file`), so a broken record stops the import with a
:class:`~pairing.engines.trf.TrfError` naming its line (and column) before anything is written;
the writing is one transaction. The TRF import job (pairing/swiss/trf/jobs.py) sends a file with
team records (310 or 013) here, so the page, the background job, its preview and "nothing
saved" on error are the individual import's.

What is made: a team Swiss for ``FIDE_TEAM_*`` codes (or no 192), a team round robin for
``*_TEAM_*ROUNDROBIN``; its team settings (boards from 352, match scoring from 362, the PAB's
values from 320, colour model and scores from 192); the teams with their rosters in board
order; every round with its matches (the team with White on board 1 named first, tables in the
order of that team's number), their games on the round's boards ``(table - 1) * boards + b``,
the empty boards, the whole-match forfeits (330); each team's lineup of each round it played
(the boards of its match, or the players of its PAB); the teams' byes (320, 240).
"""

from __future__ import annotations

import re
from decimal import Decimal

from django.conf import settings as django_settings
from django.db import transaction
from django.utils.translation import gettext

from arbiter.core.models import (
    CONTROL_CHARACTERS,
    Entry,
    Game,
    Round,
    Team,
    TeamMatch,
    Tournament,
    TournamentArbiter,
    federation_code,
    tiebreak_rules_for,
)
from arbiter.core.services.audit import record
from arbiter.core.systems import System
from arbiter.core.trf_columns import birth_year, check_player, entry_sex, entry_title
from arbiter.teams.models import (
    MOST_BOARDS,
    MOST_PLAYERS_PER_TEAM,
    Lineup,
    LineupBoard,
    TeamBye,
    TeamSettings,
)
from arbiter.teams.trf_export import empty_board_model
from pairing.engines import results, team_match, time_control
from pairing.engines.trf import Scoring, TrfError, TrfLimits, parse_date
from pairing.engines.trf_team import PAB, TeamTrf, parse_team_trf

#: The largest value a match-scoring field holds (``TeamSettings``: three digits, one decimal).
MOST_MATCH_POINTS = Decimal("99.9")
MOST_GAME_POINTS = Decimal("999.9")
#: Team records: a file with one of them is a team file (:func:`is_team_file`).
TEAM_MARKERS = ("310", "013")


def is_team_file(text: str) -> bool:
    """Whether a TRF declares teams (a 310 or, TRF-16, a 013 record)."""
    return any(line[:3] in TEAM_MARKERS for line in text.splitlines())


def system_of(code: str) -> tuple[str, dict]:
    """The team system and the settings a ``192`` code names (gacrux's codes): a round robin
    for ``*_TEAM_*ROUNDROBIN``, a team Swiss for ``FIDE_TEAM*`` (or no code) with its colour
    model and scores; None for any other code."""
    code = code.strip().upper()
    if "TEAM" in code and code.endswith("ROUNDROBIN"):
        return System.TEAM_ROUND_ROBIN, {}
    if code and not code.startswith("FIDE_TEAM"):
        return "", {}
    rest = code.removeprefix("FIDE_TEAM").removesuffix("_BAKU").strip("_").split("_")
    colours = TeamSettings.Colours.NONE
    if rest and rest[0] in ("TYPEA", "TYPEB"):
        colours = rest.pop(0).lower()
    elif not any(rest):  # FIDE_TEAM, or no code: gacrux reads Type A, MP then GP
        colours, rest = TeamSettings.Colours.TYPE_A, ["MP", "GP"]
    if not rest or rest[0] not in ("MP", "GP") or len(rest) > 2:
        return "", {}
    if len(rest) == 2 and rest[1] not in ("MP", "GP"):
        return "", {}
    return System.TEAM_SWISS, {
        "colours": colours,
        "primary_score": rest[0].lower(),
        "secondary_used": len(rest) == 2,
    }


def check_team_file(file: TeamTrf, lines: list[str]) -> tuple[str, dict]:
    """What the app cannot represent, or what does not add up, refused with its line: the
    system, the scoring, the board colours, the teams' numbers, rosters and totals, the
    players' points and games, the byes. Returns the system and the settings from 192."""
    t, records = file.tournament, file.records
    system, from_192 = system_of(t.system)
    if not system:
        raise TrfError(
            _line_of(lines, "192"),
            5,
            gettext("the tournament type %(system)s is not a team Swiss or team round robin")
            % {"system": repr(t.system)},
        )
    scoring = Scoring()
    if t.scoring.adjourned is not None:
        scoring = Scoring(adjourned=scoring.draw)
    if t.scoring != scoring:
        raise TrfError(
            _line_of(lines, "162"), 0, gettext("only the standard scoring (1, ½, 0) is supported")
        )
    boards = records.boards
    if boards > MOST_BOARDS:
        raise TrfError(
            _line_of(lines, "352"), 5, gettext("more than %(boards)s boards") % {"boards": 10}
        )
    if records.board_colours != team_match.board_colours(boards):
        raise TrfError(
            _line_of(lines, "352"),
            5,
            gettext("the board colours must alternate from White on board 1 (WBWB...)"),
        )
    s = records.scoring
    for value, most, code in (
        (s.win, MOST_MATCH_POINTS, "362"),
        (s.draw, MOST_MATCH_POINTS, "362"),
        (s.loss, MOST_MATCH_POINTS, "362"),
        (s.bye_match_points, MOST_MATCH_POINTS, "320"),
        (s.bye_game_points, MOST_GAME_POINTS, "320"),
    ):
        if value > most or value != value.quantize(Decimal("0.1")):
            raise TrfError(
                _line_of(lines, code),
                5,
                gettext("points %(points)s: at most %(most)s, in tenths")
                % {"points": value, "most": most},
            )
    _check_byes(file, lines)
    _check_teams(file)
    _check_players(file)
    _check_games(file)
    if file.round_count > django_settings.MAX_ROUNDS:
        raise TrfError(
            0, 0, gettext("more than %(rounds)s rounds") % {"rounds": django_settings.MAX_ROUNDS}
        )
    return system, from_192


def _check_teams(file: TeamTrf) -> None:
    teams = file.records.teams
    if len(teams) > django_settings.MAX_PLAYERS:
        raise TrfError(teams[-1].line, 5, gettext("too many teams"))
    names: dict[str, int] = {}
    for index, team in enumerate(teams, start=1):
        if team.number != index:
            raise TrfError(
                team.line,
                5,
                gettext("team pairing numbers must run from 1 without gaps: %(number)s is missing")
                % {"number": index},
            )
        if not team.name:
            raise TrfError(team.line, 9, gettext("team %(number)s has no name") % {"number": index})
        if team.name.casefold() in names:
            raise TrfError(
                team.line,
                9,
                gettext("team name %(name)s repeated (team %(number)s)")
                % {"name": repr(team.name), "number": names[team.name.casefold()]},
            )
        names[team.name.casefold()] = team.number
        if not team.players:
            raise TrfError(
                team.line, 74, gettext("team %(number)s has no players") % {"number": index}
            )
        if len(team.players) > MOST_PLAYERS_PER_TEAM:
            raise TrfError(team.line, 74, gettext("more than 14 players"))
        for column, declared, counted in (
            (55, team.match_points, file.match_points(team.number)),
            (62, team.game_points, file.game_points(team.number)),
        ):
            if declared is not None and declared != counted:
                raise TrfError(
                    team.line,
                    column,
                    gettext("team %(number)s has %(declared)s points, its rounds give %(counted)s")
                    % {"number": team.number, "declared": declared, "counted": counted},
                )


def _check_players(file: TeamTrf) -> None:
    """Every player is in a team, has a name, a plausible rating, a FIDE id of their own, and
    the points their rounds give (a forfeit win a win, the PAB nothing)."""
    team_of = file.records.team_of()
    fide_ids: dict[int, int] = {}
    for p in file.tournament.players:
        if p.number not in team_of:
            raise TrfError(
                p.line, 5, gettext("player %(number)s is in no team (310)") % {"number": p.number}
            )
        check_player(p, fide_ids)
        counted = sum(_INDIVIDUAL.get(r.code, 0) for r in p.results)
        byes = sum(10 for r in p.results if r.code == "U")
        if p.points not in (counted, counted + byes):  # the PAB a win (gacrux) or nothing
            raise TrfError(
                p.line,
                81,
                gettext("player %(number)s has %(points)s points, the rounds give %(counted)s")
                % {
                    "number": p.number,
                    "points": p.points / 10,
                    "counted": counted / 10,
                },
            )


#: A player's points in tenths by result code: a forfeit win a win, the PAB nothing (the team
#: has the PAB's points, 320).
_INDIVIDUAL = {"1": 10, "+": 10, "W": 10, "=": 5, "D": 5, "?": 5}


def _check_games(file: TeamTrf) -> None:
    """Both sides of every game agree (opponent, colours, results that fit); a result is
    missing only in the last round; the PAB (``U``) only on a team that had it."""
    players = {p.number: p for p in file.tournament.players}
    team_of = file.records.team_of()
    last = file.round_count
    for p in file.tournament.players:
        for r, res in enumerate(p.results, start=1):
            column = 92 + 10 * (r - 1)
            if res.opponent is None:
                kind = file.rounds[team_of[p.number]][r - 1].kind
                if res.code == "U":
                    if kind != PAB:
                        raise TrfError(
                            p.line,
                            column + 7,
                            gettext("round %(round)s: a PAB (U) but team %(team)s has none")
                            % {"round": r, "team": team_of[p.number]},
                        )
                elif res.code == "+" or (res.code == "-" and kind in _FORFEITED):
                    continue
                elif res.code != " ":
                    raise TrfError(
                        p.line,
                        column + 7,
                        gettext("round %(round)s: result %(code)s without an opponent")
                        % {"round": r, "code": repr(res.code)},
                    )
                continue
            other = players[res.opponent]
            theirs = other.results[r - 1] if len(other.results) >= r else None
            if (
                theirs is None
                or theirs.opponent != p.number
                or res.colour + theirs.colour
                not in (
                    "wb",
                    "bw",
                )
            ):
                raise TrfError(
                    p.line,
                    column,
                    gettext(
                        "round %(round)s: player %(player)s meets %(opponent)s, whose entry "
                        "says otherwise"
                    )
                    % {"round": r, "player": p.number, "opponent": other.number},
                )
            if res.colour != "w":
                continue
            if res.code == " " and theirs.code == " ":
                if r != last:
                    raise TrfError(
                        p.line,
                        column + 7,
                        gettext(
                            "round %(round)s: a game without a result, but later rounds were played"
                        )
                        % {"round": r},
                    )
                continue
            if results.from_trf(*(_SAME.get(c, c) for c in (res.code, theirs.code))) is None:
                raise TrfError(
                    p.line,
                    column + 7,
                    gettext("round %(round)s: results %(mine)s and %(theirs)s do not fit together")
                    % {"round": r, "mine": repr(res.code), "theirs": repr(theirs.code)},
                )


_SAME = {"W": "1", "D": "=", "L": "0"}
#: A team's round whose match was forfeited as a whole (330): its players may say ``+``/``-``.
_FORFEITED = ("+", "-", "--")


def _check_byes(file: TeamTrf, lines: list[str]) -> None:
    """A team with the PAB (320) or a requested bye (240) has no match in that round."""
    for r, tpn in enumerate(file.records.pab_teams, start=1):
        if tpn is not None and file.rounds[tpn][r - 1].kind != PAB:
            raise TrfError(
                _line_of(lines, "320"),
                15 + 4 * (r - 1),
                gettext("round %(round)s: team %(team)s has the PAB and a match")
                % {"round": r, "team": tpn},
            )
    numbers = {team.number for team in file.records.teams}
    for kind, r, ids in file.tournament.byes:
        for tpn in ids:
            if tpn not in numbers:
                raise TrfError(
                    _line_of(lines, "240"), 11, gettext("no team %(team)s") % {"team": tpn}
                )
            if r <= file.round_count and file.rounds[tpn][r - 1].opponent is not None:
                raise TrfError(
                    _line_of(lines, "240"),
                    11,
                    gettext("round %(round)s: team %(team)s has a bye (%(kind)s) and a match")
                    % {"round": r, "team": tpn, "kind": kind},
                )


def _check_characters(lines: list[str]) -> None:
    """No control character in a record (a tab would shift every column after it)."""
    for number, raw in enumerate(lines, start=1):
        found = CONTROL_CHARACTERS.search(raw)
        if found is not None:
            raise TrfError(
                number,
                found.start() + 1,
                gettext("a control character (%(character)s) (is this a TRF file?)")
                % {"character": f"U+{ord(found.group()):04X}"},
            )


def read_team_file(text: str) -> tuple[TeamTrf, str, dict]:
    """The file read and checked, without the database: raises :class:`TrfError` at the first
    fault. Returns the model, the system and the settings from 192."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    _check_characters(lines)
    file = parse_team_trf(text, trf_limits())
    system, from_192 = check_team_file(file, lines)
    return file, system, from_192


@transaction.atomic
def import_team_trf(user, text: str, *, name: str = "") -> Tournament:
    """Create a team tournament from a TRF-2026 team file, with ``user`` as its chief arbiter;
    raises :class:`TrfError` on a broken record, nothing saved."""
    file, system, from_192 = read_team_file(text)
    t, records = file.tournament, file.records
    empty_model = empty_board_model()
    boards = records.boards
    if empty_model is None and any(
        None in (b.white_team_player, b.black_team_player) for m in file.matches for b in m.boards
    ):
        raise TrfError(0, 0, gettext("empty boards need the team systems"))
    headers = {raw[:3]: raw[4:].strip() for raw in reversed(t.other_lines) if raw[3:4] == " "}
    start = parse_date(t.start_date)
    end = parse_date(t.end_date)
    planned = max(t.rounds, file.round_count) or None
    tournament = Tournament.objects.create(
        name=(name or t.name or "Imported team tournament")[:200],
        system=system,
        tiebreak_rules=tiebreak_rules_for(start),
        start_date=start,
        end_date=end if end and (not start or end >= start) else None,
        city=headers.get("022", "")[:100],
        federation=_federation(headers.get("032", "")),
        time_control=headers.get("122", "")[:100],
        rating_type=time_control.rating_type(headers.get("122", "")),
        planned_rounds=planned,
        status=Tournament.Status.RUNNING if file.round_count else Tournament.Status.PREPARING,
        initial_colour=t.initial_colour,
    )
    TournamentArbiter.objects.create(
        tournament=tournament, user=user, role=TournamentArbiter.Role.CHIEF
    )
    s = records.scoring
    settings = TeamSettings.objects.create(
        tournament=tournament,
        boards=boards,
        most_players=max(boards, *(len(team.players) for team in records.teams)),
        match_win=s.win,
        match_draw=s.draw,
        match_loss=s.loss,
        bye_match_points=s.bye_match_points,
        bye_game_points=s.bye_game_points,
        **from_192,
    )
    teams = {
        team.number: Team.objects.create(
            tournament=tournament, name=team.name[:100], number=team.number, nickname=team.nickname
        )
        for team in records.teams
    }
    team_of = records.team_of()
    place = {p: i for team in records.teams for i, p in enumerate(team.players, start=1)}
    entries = {p.number: _entry(tournament, p, teams[team_of[p.number]], place) for p in t.players}
    Entry.objects.bulk_create(entries.values())
    _store_rounds(tournament, file, teams, entries, empty_model)
    record(
        user,
        tournament,
        "tournament.import_trf",
        f"Imported {tournament.name} from a TRF team file: {len(teams)} teams, "
        f"{len(entries)} players, {file.round_count} rounds",
        after={
            "format": "TRF-2026",
            "teams": len(teams),
            "players": len(entries),
            "rounds": file.round_count,
            "boards": settings.boards,
            "adjustments": [*t.adjustments, *_adjustments(file)],
            "round_checks": {},
        },
    )
    return tournament


def _adjustments(file: TeamTrf) -> list[str]:
    later = sorted({r for _, r, _ in file.tournament.byes if r > file.round_count})
    if not later:
        return []
    return [
        "requested team byes (240) of rounds not paired yet are not kept: "
        + ", ".join(map(str, later))
    ]


def _entry(tournament, p, team: Team, place: dict[int, int]) -> Entry:
    return Entry(
        tournament=tournament,
        name=p.name[:100],
        title=entry_title(p.title),
        sex=entry_sex(p.sex),
        federation=_federation(p.federation),
        rating=p.rating,
        fide_id=p.fide_number,
        birth_year=birth_year(p.birth),
        starting_number=p.number,
        team=team,
        team_board=place[p.number],
    )


def _store_rounds(tournament, file: TeamTrf, teams: dict, entries: dict, empty_model) -> None:
    t, records = file.tournament, file.records
    boards = records.boards
    players = {p.number: p for p in t.players}
    for r in range(1, file.round_count + 1):
        matches = [m for m in file.matches if m.round == r]
        complete = all(
            players[b.white_team_player].results[r - 1].code != " "
            for m in matches
            for b in m.boards
            if b.white_team_player and b.black_team_player
        )
        round_ = Round.objects.create(
            tournament=tournament,
            number=r,
            state=Round.State.COMPLETE if complete else Round.State.PUBLISHED,
        )
        games, empties, lineups = [], [], []
        for table, m in enumerate(matches, start=1):
            match = TeamMatch.objects.create(
                round=round_,
                table=table,
                home=teams[m.white],
                away=teams[m.black],
                forfeit=m.forfeit,
            )
            if m.forfeit:
                for tpn in (m.white, m.black):
                    on_board = _unpaired_players(records, players, tpn, r, "+-")
                    if on_board:
                        lineups.append((teams[tpn], _padded(on_board, boards)))
                continue
            home_line: list[int | None] = [None] * boards
            away_line: list[int | None] = [None] * boards
            for b in m.boards:
                wt, bt = b.white_team_player, b.black_team_player
                home_line[b.board - 1], away_line[b.board - 1] = wt, bt
                colour = b.colour or records.board_colours[b.board - 1]
                white, black = (wt, bt) if colour == "W" else (bt, wt)
                if white is not None and black is not None:
                    games.append(
                        Game(
                            round=round_,
                            board=(table - 1) * boards + b.board,
                            white=entries[white],
                            black=entries[black],
                            result=_result(players[white], players[black], r),
                            adjourned=players[white].results[r - 1].code == "?",
                            team_match=match,
                        )
                    )
                else:
                    empties.append(
                        empty_model(
                            match=match,
                            board=b.board,
                            white=entries[white] if white else None,
                            black=entries[black] if black else None,
                        )
                    )
            for b in range(len(m.boards) + 1, boards + 1):
                empties.append(empty_model(match=match, board=b, white=None, black=None))
            lineups.append((teams[m.white], home_line))
            lineups.append((teams[m.black], away_line))
        Game.objects.bulk_create(games)
        if empties:
            empty_model.objects.bulk_create(empties)
        for tpn, team in teams.items():
            kind = file.rounds[tpn][r - 1].kind
            if kind == PAB:
                TeamBye.objects.create(round=round_, team=team, kind=TeamBye.Kind.PAIRING_ALLOCATED)
                on_bye = _unpaired_players(records, players, tpn, r, "U")
                if on_bye:
                    lineups.append((team, _padded(on_bye, boards)))
            elif kind in ("FPB", "HPB", "ZPB"):
                TeamBye.objects.create(round=round_, team=team, kind=kind[0])
        for team, line in lineups:
            lineup = Lineup.objects.create(team=team, round_number=r)
            LineupBoard.objects.bulk_create(
                LineupBoard(lineup=lineup, board=b, entry=entries[p] if p else None)
                for b, p in enumerate(line, start=1)
            )


def _unpaired_players(records, players: dict, tpn: int, r: int, codes: str) -> list[int]:
    """The players of team ``tpn`` written without an opponent in round ``r`` with one of
    ``codes``: the lineup of a PAB (``U``) or of a match forfeited as a whole (``+``/``-``)."""
    return [
        p
        for p in records.team(tpn).players
        if len(players[p].results) >= r
        and players[p].results[r - 1].opponent is None
        and players[p].results[r - 1].code in codes
    ]


def _padded(line: list[int], boards: int) -> list[int | None]:
    return [*line[:boards], *([None] * (boards - len(line)))]


def _result(white, black, r: int) -> str:
    """The stored result of a game from both players' codes; "" while it is on or adjourned."""
    codes = tuple(_SAME.get(c, c) for c in (white.results[r - 1].code, black.results[r - 1].code))
    if codes == (" ", " ") or codes == ("?", "?"):
        return ""
    outcome = results.from_trf(*codes)
    return outcome.code if outcome else ""


def trf_limits() -> TrfLimits:
    """The reader's bounds from the settings, as the individual import's
    (pairing/swiss/trf/imports.py, a room above this one)."""
    players, rounds = django_settings.MAX_PLAYERS, django_settings.MAX_ROUNDS
    return TrfLimits(players=players, rounds=rounds, acceleration_cells=players * rounds)


def _federation(code: str) -> str:
    code = code.strip().upper()
    return code if re.fullmatch(federation_code.regex, code) else ""


def _line_of(lines: list[str], code: str) -> int:
    return next((i for i, raw in enumerate(lines, start=1) if raw[:3] == code), 0)
