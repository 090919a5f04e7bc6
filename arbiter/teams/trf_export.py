"""A team event in the database as a TRF-2026 team file (docs/teams.md, "Team exports and
imports"): :func:`team_file` reads the tournament into the plain :class:`TeamFile` (players and
their round fields, teams with their match and game points, board colours, match scoring, the
pairing-allocated byes, match forfeits, lineups out of the board order, requested team byes);
:func:`write_team_file` writes it; :func:`team_trf_file` is the download (TRF-2026 records 001,
310, 320, 330, 300, 352, 362, 240, 192; with ``legacy`` TRF-16's 013 instead).

The same :class:`TeamFile` gives each team's match and game points per round
(:attr:`TeamFile.rounds`), which the team standings read. A constant number of queries whatever
the size of the event.

Where the database keeps a board nobody sat at: the team systems store it as an empty board of
the match (``pairing.EmptyBoard``: the player who was there, who wins by forfeit); it is read
through the app registry, so this module works before that model exists (no empty boards then).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.apps import apps

from arbiter.core.models import Entry, Game, Team, TeamMatch, Tournament
from pairing.engines import results as engine_results
from pairing.engines import team_match
from pairing.engines.trf import TrfPlayer, TrfResult, TrfTournament, format_points, write_trf
from pairing.swiss.trf.export import completed_rounds

BLANK = TrfResult(None, " ", " ")
#: The codes of the team systems (arbiter/core/systems.py ``System``).
TEAM_SWISS = "team_swiss"
TEAM_ROUND_ROBIN = "team_round_robin"
ZERO = Decimal(0)


@dataclass(frozen=True)
class TeamLine:
    """A team's 310 record: pairing number, name, nickname, strength factor, match and game
    points after the rounds written, rank (ties share it), players by starting number in the
    team's board order (reserves after)."""

    number: int
    name: str
    nickname: str = ""
    strength: int = 0
    match_points: Decimal = ZERO
    game_points: Decimal = ZERO
    rank: int = 0
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class LineupLine:
    """A 300 record: a team's players board by board (0: an empty board) in a round, against
    its scheduled opponent, where the board order does not give them."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class MatchForfeit:
    """A 330 record: a whole match forfeited, ``+-`` (White team wins), ``-+``, ``--``."""

    kind: str
    round: int
    white: int
    black: int


@dataclass(frozen=True)
class TeamRound:
    """What a team made of a round: its opponent (None: a bye), the bye's kind, match and game
    points, and whether it had White on board 1."""

    opponent: int | None
    match_points: Decimal
    game_points: Decimal
    bye: str = ""
    white: bool = False
    forfeit: str = ""


@dataclass(frozen=True)
class TeamFile:
    """A team tournament as its TRF-2026 file says it. ``players`` is the individual part
    (001 records, header records, 192 and the requested team byes as its ``byes``: TRF-2026 240
    names team numbers in a team file)."""

    players: TrfTournament
    teams: tuple[TeamLine, ...]
    board_colours: str
    match_scoring: tuple[Decimal, Decimal, Decimal]  # TW, TD, TL
    pab: tuple[Decimal, Decimal]  # match points, game points
    pab_teams: tuple[int, ...]  # per round from 1: the team with the PAB, 0 none
    forfeits: tuple[MatchForfeit, ...] = ()
    lineups: tuple[LineupLine, ...] = ()
    #: team number -> round -> what the team made of it (not written: the standings read it)
    rounds: dict[int, dict[int, TeamRound]] = field(default_factory=dict)


def team_trf_type(tournament: Tournament) -> str:
    """The ``192`` tournament type: ``FIDE_TEAM_`` + colour model + scores for a team Swiss
    (``FIDE_TEAM_TYPEA_MP_GP``, as gacrux reads them), ``FIDE_TEAM_ROUNDROBIN`` for a team round
    robin (``FIDE_TEAM_DOUBLEROUNDROBIN`` when its rounds are two cycles)."""
    settings = _settings(tournament)
    if tournament.system == TEAM_ROUND_ROBIN:
        teams = tournament.teams.count()
        cycle = teams - 1 + teams % 2
        double = cycle and (tournament.planned_rounds or 0) > cycle
        return "FIDE_TEAM_DOUBLEROUNDROBIN" if double else "FIDE_TEAM_ROUNDROBIN"
    colours = {"typea": "TYPEA_", "typeb": "TYPEB_"}.get(settings.colours, "")
    primary = settings.primary_score.upper()
    other = "GP" if primary == "MP" else "MP"
    return f"FIDE_TEAM_{colours}{primary}" + (f"_{other}" if settings.secondary_used else "")


def _settings(tournament: Tournament):
    from arbiter.teams.models import TeamSettings

    found = TeamSettings.objects.filter(tournament=tournament).first()
    return found or TeamSettings(tournament=tournament)


def scoring_of(settings) -> team_match.MatchScoring:
    """The event's match scoring (TRF-2026 362 and 320) as the pure module takes it."""
    bye_gp = settings.bye_game_points
    if bye_gp is None:
        bye_gp = Decimal(settings.boards) / 2
    return team_match.MatchScoring(
        win=settings.match_win,
        draw=settings.match_draw,
        loss=settings.match_loss,
        bye_match_points=settings.bye_match_points,
        bye_game_points=bye_gp,
    )


def bye_score(kind: str, scoring: team_match.MatchScoring, boards: int) -> tuple[Decimal, Decimal]:
    """A team bye's match and game points: the PAB's the event's (320); a full-point bye a won
    match with every board, a half-point bye a drawn one with half the boards, a zero-point bye
    nothing (docs/teams.md: TRF-2026 fixes none of them)."""
    if kind == "U":
        return scoring.bye_match_points, scoring.bye_game_points
    if kind == "F":
        return scoring.win, Decimal(boards)
    if kind == "H":
        return scoring.draw, Decimal(boards) / 2
    return scoring.loss, ZERO


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
        Entry.objects.filter(tournament=tournament, team__isnull=False).order_by(
            "team_board", "pk"
        )
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


def team_file(tournament: Tournament, *, through_round: int | None = None) -> TeamFile:
    """The tournament after ``through_round`` rounds (None: its complete rounds) as a
    :class:`TeamFile`."""
    settings = _settings(tournament)
    boards = settings.boards
    scoring = scoring_of(settings)
    through = completed_rounds(tournament) if through_round is None else through_round
    teams, members, number = numbered(tournament)
    team_no = {t.pk: t.number for t in teams}
    position = {e.pk: i for ms in members.values() for i, e in enumerate(ms)}
    results: dict[int, dict[int, TrfResult]] = defaultdict(dict)
    points: dict[int, int] = defaultdict(int)  # entry -> tenths
    team_rounds: dict[int, dict[int, TeamRound]] = {t.number: {} for t in teams}
    forfeits, lineups = [], []
    pab_teams = [0] * through
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
    for match in matches:
        r = match.round.number
        placed = _boards(match, games_of[match.pk], empties_of[match.pk], boards)
        home_white = _home_white(match, placed, boards)
        colours = team_match.board_colours(boards, home_white)
        home_line, away_line, codes = [], [], []
        for b in range(1, boards + 1):
            white, black, code = placed.get(b, (None, None, "--"))
            home_is_white = colours[b - 1] == "W"
            home, away = (white, black) if home_is_white else (black, white)
            home_line.append(home)
            away_line.append(away)
            codes.append(code)
            outcome = engine_results.from_code(code)
            if white is not None and black is not None:
                w_code, b_code = outcome.trf if outcome else (" ", " ")
                results[white][r] = TrfResult(number[black], "w", w_code)
                results[black][r] = TrfResult(number[white], "b", b_code)
            elif white is not None:
                results[white][r] = TrfResult(None, "-", "+")
            elif black is not None:
                results[black][r] = TrfResult(None, "-", "+")
            if outcome is not None:
                w_points, b_points = outcome.points()
                for who, worth in ((white, w_points), (black, b_points)):
                    if who is not None:
                        points[who] += int(Decimal(worth) * 10)
        score = team_match.score(
            codes,
            scoring,
            boards=boards,
            first_white_on_board_one=home_white,
            forfeit=match.forfeit,
        )
        home_no, away_no = team_no[match.home_id], team_no[match.away_id]
        white_no, black_no = (home_no, away_no) if home_white else (away_no, home_no)
        if match.forfeit:
            kind = match.forfeit if home_white else match.forfeit[::-1]
            forfeits.append(MatchForfeit(kind, r, white_no, black_no))
        mp = score or team_match.MatchScore(ZERO, ZERO, ZERO, ZERO)
        team_rounds[home_no][r] = TeamRound(
            away_no, mp.first_match_points, mp.first_game_points, white=home_white,
            forfeit=match.forfeit,
        )
        team_rounds[away_no][r] = TeamRound(
            home_no, mp.second_match_points, mp.second_game_points, white=not home_white,
            forfeit=match.forfeit[::-1],
        )
        if not match.forfeit:
            for team_id, line, other in (
                (match.home_id, home_line, away_no),
                (match.away_id, away_line, home_no),
            ):
                if _out_of_order(line, position):
                    ids = tuple(number[e] if e is not None else 0 for e in line)
                    lineups.append(LineupLine(r, team_no[team_id], other, ids))
    requested: dict[tuple[str, int], list[int]] = defaultdict(list)
    from arbiter.teams.lineups import lineup_for
    from arbiter.teams.models import TeamBye

    byes = TeamBye.objects.filter(round__tournament=tournament, round__number__lte=through)
    by_team = {t.pk: t for t in teams}
    for bye in byes.select_related("round").order_by("round__number", "team__number"):
        r, tno = bye.round.number, team_no[bye.team_id]
        mp, gp = bye_score(bye.kind, scoring, boards)
        team_rounds[tno][r] = TeamRound(None, mp, gp, bye=bye.kind)
        if bye.kind == "U":
            pab_teams[r - 1] = tno
            for entry in lineup_for(by_team[bye.team_id], r, settings):
                if entry is not None and entry.pk in number:
                    results[entry.pk][r] = TrfResult(None, "-", "U")
        else:
            requested[(bye.kind, r)].append(tno)
    totals = {
        t.number: (
            sum((tr.match_points for tr in team_rounds[t.number].values()), ZERO),
            sum((tr.game_points for tr in team_rounds[t.number].values()), ZERO),
        )
        for t in teams
    }
    ranks = _ranks(totals, settings)
    players = []
    for team in teams:
        for entry in members[team.pk]:
            row = [results[entry.pk].get(r, BLANK) for r in range(1, through + 1)]
            while row and row[-1].is_blank:
                row.pop()
            players.append(_player(entry, number[entry.pk], points[entry.pk], tuple(row)))
    players.sort(key=lambda p: p.number)
    lines = _header_lines(tournament, teams, players, boards, scoring)
    base = TrfTournament(
        players=tuple(players),
        name=tournament.name,
        start_date=_date(tournament.start_date),
        end_date=_date(tournament.end_date),
        rounds=tournament.planned_rounds or max(through, 1),
        initial_colour=tournament.initial_colour,
        system=team_trf_type(tournament),
        byes=tuple(
            (kind, r, tuple(sorted(nos)))
            for (kind, r), nos in sorted(requested.items(), key=lambda i: (i[0][1], i[0][0]))
        ),
        other_lines=tuple(lines),
    )
    team_lines = tuple(
        TeamLine(
            number=t.number,
            name=t.name,
            nickname=t.nickname,
            match_points=totals[t.number][0],
            game_points=totals[t.number][1],
            rank=ranks[t.number],
            players=tuple(number[e.pk] for e in members[t.pk]),
        )
        for t in teams
    )
    return TeamFile(
        players=base,
        teams=team_lines,
        board_colours=team_match.board_colours(boards),
        match_scoring=(scoring.win, scoring.draw, scoring.loss),
        pab=(scoring.bye_match_points, scoring.bye_game_points),
        pab_teams=tuple(pab_teams),
        forfeits=tuple(forfeits),
        lineups=tuple(lineups),
        rounds=team_rounds,
    )


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


def _home_white(match: TeamMatch, placed: dict, boards: int) -> bool:
    """Whether the team named first has White on board 1: read from the first board with a
    player whose team is known (a match with no board at all: yes)."""
    pattern = team_match.board_colours(boards)
    members = {}
    for b in sorted(placed):
        white, black, _ = placed[b]
        for who, colour in ((white, "W"), (black, "B")):
            if who is not None:
                members[who] = (b, colour)
    if not members:
        return True
    teams = dict(
        Entry.objects.filter(pk__in=list(members)).values_list("pk", "team_id")
    )
    for who, (b, colour) in sorted(members.items(), key=lambda item: item[1][0]):
        if teams.get(who) == match.home_id:
            return (pattern[b - 1] == colour)
        if teams.get(who) == match.away_id:
            return pattern[b - 1] != colour
    return True


def _out_of_order(line: list[int | None], position: dict[int, int]) -> bool:
    """A lineup the board order does not give (TRF-2026 300): a board left empty, or players
    not in the order of the team's list."""
    if any(entry is None for entry in line):
        return True
    places = [position.get(entry, -1) for entry in line]
    return places != sorted(places) or len(set(places)) != len(places)


def _ranks(totals: dict[int, tuple[Decimal, Decimal]], settings) -> dict[int, int]:
    """Ranks by the primary score, then the other when it is used; ties share a rank (310
    allows it; the team standings break them)."""

    def key(team: int) -> tuple:
        mp, gp = totals[team]
        first, second = (mp, gp) if settings.primary_score == "mp" else (gp, mp)
        return (first, second) if settings.secondary_used else (first,)

    ordered = sorted(totals, key=lambda t: (tuple(-v for v in key(t)), t))
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


def _header_lines(tournament, teams, players, boards, scoring) -> list[str]:
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


def board_colour_line(t: TeamFile) -> str:
    return f"352 {t.board_colours}"


def match_scoring_line(t: TeamFile) -> str:
    """TRF-2026 362: ``TW``, ``TD``, ``TL`` with their match points, 9 columns apart."""
    items = zip("WDL", t.match_scoring, strict=True)
    return "362 " + "".join(f"T{sym}{_pts(v):>4}   " for sym, v in items).rstrip()


def _pts(value: Decimal) -> str:
    return format_points(int(value * 10))


def team_line(team: TeamLine) -> str:
    head = (
        f"310 {team.number:>3} {team.name[:32]:<32} {team.nickname[:5]:<5} {team.strength:>6} "
        f"{_pts(team.match_points):>6} {_pts(team.game_points):>6} {team.rank:>3} "
    )
    return head + "".join(f" {p:>4}" for p in team.players)


def pab_line(t: TeamFile) -> str:
    mp, gp = t.pab
    return f"320 {_pts(mp):>4} {_pts(gp):>4}" + "".join(f" {n:>3}" for n in t.pab_teams)


def forfeit_line(f: MatchForfeit) -> str:
    return f"330 {f.kind} {f.round:>3} {f.white:>3} {f.black:>3}"


def lineup_line(line: LineupLine) -> str:
    ids = "".join(f" {p:04d}" if p == 0 else f" {p:>4}" for p in line.players)
    return f"300 {line.round:>3} {line.team:>3} {line.opponent:>3}{ids}"


def legacy_team_line(team: TeamLine) -> str:
    """TRF-16 record 013: the team's name and its players."""
    return f"013 {team.name[:32]:<32}" + " ".join(f"{p:>4}" for p in team.players)


def write_team_file(t: TeamFile, *, legacy: bool = False, newline: str = "\n") -> str:
    """The file: the individual part (headers, 142, 152, 192, 352, 362, 240, 001) then the teams
    (310), the PAB (320), the match forfeits (330) and the lineups (300). ``legacy``: TRF-16,
    the teams as 013 records and none of TRF-2026's team records."""
    if legacy:
        text = write_trf(t.players, legacy=True, newline=newline)
        return text + newline.join(legacy_team_line(team) for team in t.teams) + newline
    own = [board_colour_line(t), match_scoring_line(t)]
    base = replace(t.players, other_lines=(*t.players.other_lines, *own))
    text = write_trf(base, newline=newline)
    lines = [team_line(team) for team in t.teams]
    lines.append(pab_line(t))
    lines += [forfeit_line(f) for f in t.forfeits]
    lines += [lineup_line(line) for line in t.lineups]
    return text + newline.join(line.rstrip() for line in lines) + newline


def team_trf_file(
    tournament: Tournament, *, legacy: bool = False, public: bool = False
) -> tuple[str, int]:
    """The team event's file of its complete rounds, and how many they are (the download:
    the registry's ``trf_file``; a team file has nothing the public may not see)."""
    rounds = completed_rounds(tournament)
    return write_team_file(team_file(tournament, through_round=rounds), legacy=legacy), rounds


def is_team_event(tournament: Tournament) -> bool:
    """A team round robin or a team Swiss (the registry's codes)."""
    return tournament.system in (TEAM_SWISS, TEAM_ROUND_ROBIN)
