"""A team event's results read from the database: each match with its boards and its score so
far, each team's match and game points, the team standings, the team crosstable and the board
prizes (C.04.6 art. 1.2; C.07 team tie-breaks; docs/teams.md, "Team standings and board
prizes").

Everything here starts from :func:`read_event`, a fixed number of queries whatever the size of
the event: the settings, the rounds, the teams, the matches, their games, the team byes and the
players. Only published and complete rounds count, as for individuals
(``arbiter.core.standings``): a draft round is a proposal. A match's score comes from its boards
through the shared engine (``pairing.engines.team_match.score``); a match counts in the standings
once every board has its result (or it was forfeited as a whole), and until then its page shows
the game points of the boards finished ("live").

The tie-breaks past the two scores (Direct Encounter, the ESB family, Buchholz on match or game
points, board count, ...) are the team tie-break engine's; the rows carry what it gives.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.apps import apps
from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext, gettext_lazy

from arbiter.core.models import Entry, Game, Team, TeamMatch, Tournament
from arbiter.core.public_cache import shared, stamp
from arbiter.core.standings import BEING_PLAYED, COMPLETE, COUNTED_STATES, round_progress
from arbiter.teams.models import TeamBye, TeamSettings
from pairing.engines import results, trf_team
from pairing.engines import team_match as engine
from pairing.engines.tiebreaks import dp
from pairing.engines.tiebreaks import teams as tb

ZERO = Decimal(0)

#: C.07 team tie-breaks when the event chose none (docs/teams.md): a team round robin compares
#: the other score, then the direct encounter, then the opponents' scores weighted by the result
#: against them; a team Swiss, where opponents differ, takes that weighted sum (ESB, as the
#: Olympiad's "Sonneborn-Berger") before Buchholz and the direct encounter. The other score
#: (``MPvGP``) is no column of its own where the event ranks by it anyway (``secondary_used``).
ROUND_ROBIN_TIEBREAKS = ("MPvGP", "EDE", "ESB")
SWISS_TIEBREAKS = ("MPvGP", "ESB", "BH", "EDE")

#: A whole match's forfeit as the second-named team reads it.
FORFEIT_SEEN_BY_AWAY = {"": "", "+-": "-+", "-+": "+-", "--": "--"}


@dataclass
class Board:
    """One board of a match as the public reads it: its number in the match (1..boards), its
    players (None: nobody sat there, the other wins by forfeit), its result code ("" while on),
    whether the first-named (home) team has White on it, and its game (None: an empty board)."""

    number: int
    white: Entry | None
    black: Entry | None
    result: str
    home_white: bool
    game: Game | None = None
    adjourned: bool = False

    @property
    def outcome(self) -> results.Result | None:
        return results.from_code(self.result)

    @property
    def played(self) -> bool:
        """Played over the board: two players and a result that is no forfeit."""
        outcome = self.outcome
        return self.game is not None and outcome is not None and outcome.played

    @property
    def home_player(self) -> Entry | None:
        return self.white if self.home_white else self.black

    @property
    def away_player(self) -> Entry | None:
        return self.black if self.home_white else self.white

    def points_of(self, white: bool) -> Decimal | None:
        outcome = self.outcome
        if outcome is None:
            return None
        return outcome.points()[0 if white else 1]

    @property
    def home_points(self) -> Decimal | None:
        return self.points_of(self.home_white)

    @property
    def away_points(self) -> Decimal | None:
        return self.points_of(not self.home_white)

    @property
    def home_result(self) -> str:
        """The result as the home team reads it: "1 - 0", "½ - ½", "+ - -"; empty while on."""
        outcome = self.outcome
        if outcome is None:
            return ""
        home, away = ("white", "black") if self.home_white else ("black", "white")
        return f"{outcome.symbol(home)} - {outcome.symbol(away)}"


@dataclass
class Match:
    """A match of a round with its boards; ``score`` once it is decided (every board has its
    result, or it was forfeited as a whole), and the game points of the boards finished so far."""

    match: TeamMatch
    round: int
    boards: list[Board] = field(default_factory=list)
    score: engine.MatchScore | None = None
    home_so_far: Decimal = ZERO
    away_so_far: Decimal = ZERO
    finished_boards: int = 0

    @property
    def decided(self) -> bool:
        return self.score is not None

    @property
    def home_white(self) -> bool:
        """The home team has White on board 1: the match's colour is White's for it."""
        return self.boards[0].home_white if self.boards else True


@dataclass(frozen=True)
class Record:
    """What one team made of one round: its opponent (None: a bye), its game and match points,
    and its opponent's (the tie-break engine's input)."""

    round: int
    team: int
    opponent: int | None
    game_points: Decimal
    match_points: Decimal
    opponent_game_points: Decimal = ZERO
    opponent_match_points: Decimal = ZERO
    #: "" for a match, the TeamBye kind for a bye, "+-"/"-+"/"--" seen from this team.
    bye: str = ""
    forfeit: str = ""
    white: bool = True
    #: The team was named first in the match.
    home: bool = True


@dataclass
class TeamEvent:
    """A team event's public rounds as read once: what every page and computation here needs."""

    tournament: Tournament
    settings: TeamSettings
    scoring: engine.MatchScoring
    teams: list[Team]
    rounds: list[tuple[int, str]]
    matches: list[Match]
    byes: list[TeamBye]
    members: dict[int, list[Entry]]

    def records(self, through: int | None = None) -> list[Record]:
        """Each team's decided matches and byes up to round ``through``."""
        out = []
        for match in self.matches:
            if match.score is None or (through is not None and match.round > through):
                continue
            m, s = match.match, match.score
            out.append(
                Record(
                    match.round,
                    m.home_id,
                    m.away_id,
                    s.first_game_points,
                    s.first_match_points,
                    s.second_game_points,
                    s.second_match_points,
                    forfeit=m.forfeit,
                    white=match.home_white,
                )
            )
            out.append(
                Record(
                    match.round,
                    m.away_id,
                    m.home_id,
                    s.second_game_points,
                    s.second_match_points,
                    s.first_game_points,
                    s.first_match_points,
                    forfeit=FORFEIT_SEEN_BY_AWAY[m.forfeit],
                    white=not match.home_white,
                    home=False,
                )
            )
        for bye in self.byes:
            number = bye.round.number
            if through is None or number <= through:
                mp, gp = bye_points(bye.kind, self.scoring, self.settings.boards)
                out.append(Record(number, bye.team_id, None, gp, mp, bye=bye.kind))
        return out


def bye_points(kind: str, scoring: engine.MatchScoring, boards: int) -> tuple[Decimal, Decimal]:
    """Match and game points of a team's bye: the pairing-allocated one as the event says
    (TRF-2026 320); a full-point bye as a won match with every board won, a half-point bye as
    a drawn match (half the boards), a zero-point bye nothing (docs/teams.md; gacrux's score
    system: ``FG`` is ``W*``, a won game times the boards)."""
    if kind == TeamBye.Kind.PAIRING_ALLOCATED:
        return scoring.bye_match_points, scoring.bye_game_points
    if kind == TeamBye.Kind.FULL_POINT:
        return scoring.win, Decimal(boards)
    if kind == TeamBye.Kind.HALF_POINT:
        return scoring.draw, Decimal(boards) / 2
    return ZERO, ZERO


def team_settings(tournament: Tournament) -> TeamSettings:
    """The event's settings, or the defaults (unsaved) when it has none yet: one query."""
    found = TeamSettings.objects.filter(tournament=tournament).first()
    return found or TeamSettings(tournament=tournament)


def read_event(tournament: Tournament, settings: TeamSettings | None = None) -> TeamEvent:
    """The public rounds of a team event: seven queries whatever its size (settings, rounds,
    teams, players, matches, games, byes)."""
    settings = settings or team_settings(tournament)
    scoring = settings.match_scoring()
    rounds = round_progress(tournament)
    teams = list(
        Team.objects.filter(tournament=tournament)
        .select_related("withdrawal")
        .order_by("number", "name")
    )
    members: dict[int, list[Entry]] = defaultdict(list)
    for entry in (
        Entry.objects.filter(tournament=tournament)
        .exclude(team=None)
        .order_by("team_board", "name", "pk")
    ):
        members[entry.team_id].append(entry)
    counted = {"round__tournament": tournament, "round__state__in": COUNTED_STATES}
    by_id = {team.pk: team for team in teams}
    matches = {
        m.pk: Match(m, m.round.number)
        for m in TeamMatch.objects.filter(**counted)
        .select_related("round")
        .order_by("round__number", "table")
    }
    team_of = {e.pk: e.team_id for entries in members.values() for e in entries}
    entries = {e.pk: e for entries in members.values() for e in entries}
    placed: dict[int, dict[int, Board]] = defaultdict(dict)
    waiting: dict[int, list[Game]] = defaultdict(list)
    for empty in _empty_boards(tournament):
        white, black = entries.get(empty.white_id), entries.get(empty.black_id)
        code = "+-" if white else "-+" if black else "--"
        placed[empty.match_id][empty.board] = Board(empty.board, white, black, code, True)
    for game in (
        Game.objects.filter(**counted, team_match__isnull=False)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    ):
        game.white = entries.get(game.white_id) or game.white
        game.black = entries.get(game.black_id) or game.black
        table = matches[game.team_match_id].match.table
        number = game.board - (table - 1) * settings.boards
        if 1 <= number <= settings.boards and number not in placed[game.team_match_id]:
            placed[game.team_match_id][number] = _board(number, game)
        else:
            waiting[game.team_match_id].append(game)
    for match_id, games in waiting.items():  # a game on another board: the first free one
        free = (b for b in range(1, settings.boards + 1) if b not in placed[match_id])
        for number, game in zip(free, games, strict=False):
            placed[match_id][number] = _board(number, game)
    for match_id, boards in placed.items():
        match = matches[match_id]
        match.boards = [boards[number] for number in sorted(boards)]
        home_white = _home_white(match, team_of)
        for board in match.boards:
            colour = engine.board_colours(settings.boards, home_white)[board.number - 1]
            if board.game is None:
                board.home_white = colour == "W"
            else:
                board.home_white = team_of.get(board.game.white_id) == match.match.home_id
    for match in matches.values():
        match.match.home, match.match.away = by_id[match.match.home_id], by_id[match.match.away_id]
        _score(match, scoring, settings.boards)
    byes = list(TeamBye.objects.filter(**counted).select_related("round").order_by("round__number"))
    for bye in byes:
        bye.team = by_id[bye.team_id]
    return TeamEvent(
        tournament, settings, scoring, teams, rounds, list(matches.values()), byes, dict(members)
    )


def _board(number: int, game: Game) -> Board:
    code = "" if game.adjourned else game.result
    return Board(number, game.white, game.black, code, True, game, game.adjourned)


def _home_white(match: Match, team_of: dict[int, int | None]) -> bool:
    """Whether the home team has White on board 1 (C.04.6 1.6.1), read from the first board
    with a game (colours alternate from there); True without any."""
    for board in match.boards:
        if board.game is not None:
            home_has_white = team_of.get(board.game.white_id) == match.match.home_id
            white_on_board = board.number % 2 == 1  # the home team's colour on odd boards
            return home_has_white == white_on_board
    return True


def _empty_boards(tournament: Tournament) -> list:
    """The boards nobody sat at (the team systems' ``EmptyBoard``, read through the app
    registry as the team file export reads it): one query, none before that model exists."""
    try:
        model = apps.get_model("pairing", "EmptyBoard")
    except LookupError:
        return []
    return list(
        model.objects.filter(
            match__round__tournament=tournament, match__round__state__in=COUNTED_STATES
        )
    )


def _score(match: Match, scoring: engine.MatchScoring, boards: int) -> None:
    """The match's score when decided (``engine.score`` on its boards' results, or the whole
    match forfeited) and its game points so far."""
    m = match.match
    for board in match.boards:
        if board.result:
            match.finished_boards += 1
            match.home_so_far += board.home_points or ZERO
            match.away_so_far += board.away_points or ZERO
    if m.forfeit:
        match.score = engine.forfeit_score(m.forfeit, scoring, boards=boards)
        return
    if not match.boards or match.finished_boards < len(match.boards):
        return
    if len(match.boards) == boards and _alternating(match):
        match.score = engine.score(
            [board.result for board in match.boards],
            scoring,
            boards=boards,
            first_white_on_board_one=match.home_white,
        )
    else:  # a board without a game (left empty), or colours as the arbiter set them
        home, away = match.home_so_far, match.away_so_far
        match.score = engine.MatchScore(
            home, away, scoring.match_points(home, away), scoring.match_points(away, home)
        )


def _alternating(match: Match) -> bool:
    pattern = engine.board_colours(len(match.boards), match.home_white)
    return all((c == "W") == b.home_white for c, b in zip(pattern, match.boards, strict=True))


def public_event(tournament: Tournament) -> TeamEvent:
    """:func:`read_event` once per tournament version, shared by the public pages and PDFs."""
    return shared(f"team-event:{tournament.pk}:{stamp(tournament)}", lambda: read_event(tournament))


# --- standings --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamRow:
    rank: int
    team: Team
    match_points: Decimal
    game_points: Decimal
    played: int
    tiebreaks: tuple[Decimal | int | None, ...] = ()
    shared: bool = False
    #: The round the team withdrew from (its past results stand), None while it plays on.
    withdrawn_from: int | None = None


@dataclass(frozen=True)
class TeamStandings:
    through_round: int
    #: The score ranked first ("mp" or "gp") and the other.
    primary: str
    #: (column heading, what it is), one per tie-break after the two scores.
    legend: tuple[tuple[str, str], ...]
    rows: tuple[TeamRow, ...]
    being_played: tuple[int, ...] = ()
    final: bool = False


def _withdrawn_from(team: Team) -> int | None:
    """The round ``team`` withdrew from (read with the teams: no query), None if it did not."""
    try:
        return team.withdrawal.from_round
    except ObjectDoesNotExist:
        return None


def tiebreak_codes(tournament: Tournament) -> tuple[str, ...]:
    """The event's C.07 team tie-breaks in order: its own list (``Tournament.tiebreaks``), else
    ours for a team round robin or a team Swiss (docs/teams.md). The registry's
    ``default_tiebreaks`` are not read here: they rank the players of the event (the individual
    standings and cards), whose engine knows other codes."""
    chosen = tournament.tiebreaks.split()
    if chosen:
        return tuple(chosen)
    all_play_all = tournament.pairing_system.all_play_all
    return ROUND_ROBIN_TIEBREAKS if all_play_all else SWISS_TIEBREAKS


def through_round(event: TeamEvent, asked: int | None = None) -> int:
    """The round the standings stand after: the one asked for (at most the last public one),
    else the last with every match decided, or with any board finished where the system follows
    its rounds live (as ``arbiter.core.standings``)."""
    if asked is not None:
        return min(asked, max((n for n, _ in event.rounds), default=0))
    live = event.tournament.pairing_system.live_standings
    counts = (COMPLETE, BEING_PLAYED) if live else (COMPLETE,)
    return max((n for n, now in event.rounds if now in counts), default=0)


def team_standings(event: TeamEvent, asked: int | None = None) -> TeamStandings:
    """The teams ranked by the team tie-break engine (``pairing.engines.tiebreaks.teams``, as
    FIDE's checker computes C.07 for teams): the primary score, then the other (when the event
    uses it), then the event's tie-breaks (:func:`tiebreak_codes`); teams share a rank only when
    all are equal, listed then by pairing number. No query."""
    through = through_round(event, asked)
    records = event.records(through)
    played: Counter[int] = Counter(r.team for r in records if r.opponent is not None)
    settings = event.settings
    primary = settings.primary_score
    scores = ["MPTS", "GPTS"] if primary == TeamSettings.Score.MATCH_POINTS else ["GPTS", "MPTS"]
    if not settings.secondary_used:
        scores = scores[:1]
    codes = usable_codes(tiebreak_codes(event.tournament), settings.secondary_used)
    number = team_numbers(event.teams)
    by_number = {number[team.pk]: team for team in event.teams}
    ranked = tb.rank_teams(
        engine_rounds(event, records, number),
        [*scores, *codes],
        engine_settings(event),
        through_round=through,
    )
    sharing = Counter(row.rank for row in ranked)
    rows = tuple(
        TeamRow(
            row.rank,
            by_number[row.team],
            row.match_points,
            row.game_points,
            played[by_number[row.team].pk],
            row.values[len(scores) :],
            sharing[row.rank] > 1,
            _withdrawn_from(by_number[row.team]),
        )
        for row in ranked
    )
    being_played = tuple(n for n, now in event.rounds if now == BEING_PLAYED)
    final = event.tournament.status == Tournament.Status.FINISHED and through == max(
        (n for n, _ in event.rounds), default=-1
    )
    legend = tuple((code, str(tiebreak_name(code))) for code in codes)
    return TeamStandings(through, primary, legend, rows, being_played, final)


def usable_codes(codes: tuple[str, ...], secondary_used: bool = True) -> tuple[str, ...]:
    """The codes the team tie-break engine understands, in order. Left out: the two scores,
    already the first columns (and ``MPvGP``, the other score, when it already ranks second),
    and any code the engine does not know (an individual event's, say)."""
    scores = {"MPTS", "GPTS", *(("MPVGP",) if secondary_used else ())}
    kept = []
    for code in codes:
        try:
            parsed = tb.parse_code(code)
        except ValueError:
            continue
        if parsed.name not in scores:
            kept.append(code)
    return tuple(kept)


def team_numbers(teams: list[Team]) -> dict[int, int]:
    """Each team's pairing number (TPN); a team without one numbered after the others."""
    taken = [t.number for t in teams if t.number]
    following = max(taken, default=0)
    out = {}
    for team in teams:
        if team.number:
            out[team.pk] = team.number
        else:
            following += 1
            out[team.pk] = following
    return out


def engine_settings(event: TeamEvent) -> tb.TeamSettings:
    """The event's settings as the team tie-break engine reads them: boards, match scoring,
    chess game points, the primary score, round robin (C.07 Art. 15) or Swiss (Art. 16), and the
    rules (the 2026 text unless the tournament follows C.07 of 2023)."""
    settings, tournament = event.settings, event.tournament
    return tb.TeamSettings(
        boards=settings.boards,
        scoring=event.scoring,
        game_pab=event.scoring.bye_game_points / settings.boards,
        primary=settings.primary_score.upper(),
        round_robin=tournament.pairing_system.all_play_all,
        rules="2024" if tournament.tiebreak_rules == "2023" else "2026",
    )


#: A whole match's forfeit as the engine names the team's round: won, lost, both lost.
_FORFEIT_KIND = {
    "+-": trf_team.FORFEIT_WIN,
    "-+": trf_team.FORFEIT_LOSS,
    "--": trf_team.DOUBLE_FORFEIT,
}
_BYE_KIND = {
    TeamBye.Kind.PAIRING_ALLOCATED: trf_team.PAB,
    TeamBye.Kind.FULL_POINT: trf_team.FPB,
    TeamBye.Kind.HALF_POINT: trf_team.HPB,
    TeamBye.Kind.ZERO_POINT: trf_team.ZPB,
}


def engine_rounds(
    event: TeamEvent, records: list[Record], number: dict[int, int]
) -> dict[int, tuple[trf_team.TeamRound, ...]]:
    """The decided matches and the byes as the engine's team rounds, by pairing number: a match
    with its board points and which boards were played over the board."""
    boards_of = {
        (match.round, match.match.pk): match.boards for match in event.matches if match.decided
    }
    match_of = {
        (match.round, team): match.match.pk
        for match in event.matches
        for team in (match.match.home_id, match.match.away_id)
    }
    out: dict[int, list[trf_team.TeamRound]] = {number[t.pk]: [] for t in event.teams}
    for r in records:
        if r.opponent is None:
            out[number[r.team]].append(
                trf_team.TeamRound(
                    number[r.team], r.round, _BYE_KIND[r.bye], None, "", r.match_points,
                    r.game_points,
                )
            )  # fmt: skip
            continue
        boards = boards_of.get((r.round, match_of[(r.round, r.team)]), [])
        points = tuple((b.home_points if r.home else b.away_points) or ZERO for b in boards)
        kind = _FORFEIT_KIND[r.forfeit] if r.forfeit else trf_team.PLAYED
        out[number[r.team]].append(
            trf_team.TeamRound(
                number[r.team],
                r.round,
                kind,
                number[r.opponent],
                "W" if r.white else "B",
                r.match_points,
                r.game_points,
                r.opponent_match_points,
                r.opponent_game_points,
                points if not r.forfeit else (),
                tuple(b.played for b in boards) if not r.forfeit else (),
            )
        )
    return {team: tuple(sorted(rounds, key=lambda x: x.round)) for team, rounds in out.items()}


#: What each team tie-break is, for the legend (by the code's name; docs/teams.md).
TIEBREAK_NAMES = {
    "MPVGP": gettext_lazy("the other score (game points when match points rank first)"),
    "PTS": gettext_lazy("points"),
    "BH": gettext_lazy("Buchholz: the sum of the opponents' scores"),
    "SB": gettext_lazy(
        "Sonneborn-Berger: the opponents' scores weighted by the result against them"
    ),
    "ESB": gettext_lazy(
        "extended Sonneborn-Berger: each opponent's primary score times the other score made "
        "against it"
    ),
    "EMMSB": gettext_lazy("each opponent's match points times the match points made against it"),
    "EMGSB": gettext_lazy("each opponent's match points times the game points made against it"),
    "EGMSB": gettext_lazy("each opponent's game points times the match points made against it"),
    "EGGSB": gettext_lazy("each opponent's game points times the game points made against it"),
    "BC": gettext_lazy("board count: the points of each board times its number (lower first)"),
    "TBR": gettext_lazy("top-board result: board 1's points, then board 2's, ..."),
    "BBE": gettext_lazy("bottom-board elimination: the points without the last boards"),
    "DE": gettext_lazy("direct encounter among the teams tied"),
    "EDE": gettext_lazy("extended direct encounter: on the primary score, then the other"),
    "EDEC": gettext_lazy("extended direct encounter, then board count"),
    "EDET": gettext_lazy("extended direct encounter, then top-board result"),
    "EDEB": gettext_lazy("extended direct encounter, then bottom-board elimination"),
    "STD": gettext_lazy("standard points: 1 a match won, ½ drawn, 0 lost"),
    "TPN": gettext_lazy("team pairing number (lower first)"),
    "SSSC": gettext_lazy("score and strength combination"),
}


def tiebreak_name(code: str) -> str:
    name = tb.parse_code(code).name
    return str(TIEBREAK_NAMES.get(name, code))


def public_team_standings(tournament: Tournament, asked: int | None = None) -> TeamStandings:
    """:func:`team_standings` once per tournament version and round asked for."""
    key = f"team-standings:{tournament.pk}:{stamp(tournament)}:{asked}"
    return shared(key, lambda: team_standings(public_event(tournament), asked))


# --- crosstable -------------------------------------------------------------------------------


@dataclass
class CrossRow:
    team: Team
    rank: int
    match_points: Decimal
    game_points: Decimal
    #: One cell per column: the game points scored in each match (a double round robin has two
    #: matches in a cell), with the opponent and colour in a team Swiss's round columns.
    cells: list[str] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)


@dataclass
class TeamCrosstable:
    berger: bool
    columns: list[int]
    rows: list[CrossRow]


def team_crosstable(event: TeamEvent, standings: TeamStandings) -> TeamCrosstable:
    """Team against team with the game points each scored (Berger layout) in a team round robin;
    one column per round (opponent's number, colour on board 1, game points) in a team Swiss.
    Matches still being played read their score so far in brackets. No query."""
    ranks = {row.team.pk: row for row in standings.rows}
    numbers = {team.pk: team.number or i for i, team in enumerate(event.teams, start=1)}
    berger = event.tournament.pairing_system.crosstable == "berger"
    rows = {
        t.pk: CrossRow(t, ranks[t.pk].rank, ranks[t.pk].match_points, ranks[t.pk].game_points)
        for t in event.teams
    }
    columns = [numbers[t.pk] for t in event.teams] if berger else [n for n, _ in event.rounds]
    index = {n: i for i, n in enumerate(columns)}
    for row in rows.values():
        row.cells = [""] * len(columns)
        row.titles = [""] * len(columns)
        if berger:
            row.cells[index[numbers[row.team.pk]]] = "■"
    for match in event.matches:
        for side, other, own, white in _sides(match):
            cell = index.get(numbers[other] if berger else match.round)
            if cell is None or side not in rows:
                continue
            text = _points_text(own) if match.decided else f"({_points_text(own)})"
            if not berger:
                colour = gettext("w") if white else gettext("b")
                text = f"{numbers[other]}{colour} {text}"
            row = rows[side]
            row.cells[cell] = f"{row.cells[cell]} {text}".strip()
            row.titles[cell] = (
                f"{row.titles[cell]} "
                + gettext("round %(round)s: %(points)s against %(team)s")
                % {"round": match.round, "points": _points_text(own), "team": rows[other].team.name}
            ).strip()
    if not berger:
        for bye in event.byes:
            cell = index.get(bye.round.number)
            if cell is not None and bye.team_id in rows:
                _, gp = bye_points(bye.kind, event.scoring, event.settings.boards)
                rows[bye.team_id].cells[cell] = f"{gettext('bye')} {_points_text(gp)}"
    ordered = sorted(rows.values(), key=lambda r: numbers[r.team.pk])
    return TeamCrosstable(berger, columns, ordered)


def _sides(match: Match):
    m = match.match
    home = match.score.first_game_points if match.score else match.home_so_far
    away = match.score.second_game_points if match.score else match.away_so_far
    yield m.home_id, m.away_id, home, match.home_white
    yield m.away_id, m.home_id, away, not match.home_white


def _points_text(value: Decimal) -> str:
    whole = int(value)
    half = value - whole == Decimal("0.5")
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole) if value == whole else str(value)


# --- board prizes -----------------------------------------------------------------------------

RESERVE = 0


@dataclass
class BoardLine:
    """A player's games in the board prizes: points, games played over the board (forfeits
    left out), the percentage, the average rating of the opponents and the performance."""

    entry: Entry
    team: Team
    slot: int
    points: Decimal = ZERO
    games: int = 0
    opponents_ratings: list[int] = field(default_factory=list)
    boards_played: Counter[int] = field(default_factory=Counter)

    @property
    def percentage(self) -> Decimal | None:
        if not self.games:
            return None
        return (self.points * 100 / self.games).quantize(Decimal("0.1"))

    @property
    def average_rating(self) -> int | None:
        rated = [r for r in self.opponents_ratings if r]
        return round(sum(rated) / len(rated)) if rated else None

    @property
    def performance(self) -> int | None:
        """Rating performance TPR = ARO + dp(p) over the rated opponents (FIDE table 8.1.1)."""
        aro = self.average_rating
        if aro is None or not self.games:
            return None
        return aro + dp(Fraction(self.points) / self.games)


@dataclass
class BoardPrize:
    slot: int  # 1..boards, RESERVE for the reserves
    lines: list[BoardLine]


def board_prizes(event: TeamEvent) -> list[BoardPrize]:
    """The players by board of their team's fixed order (``Entry.team_board``), the reserves (a
    slot after the last board) in a group of their own, each with every game they played
    whatever the board (Olympiad practice); a player without a slot goes under the board they
    played most. Ranked by percentage, then performance, then points. No query."""
    boards = event.settings.boards
    teams = {team.pk: team for team in event.teams}
    lines: dict[int, BoardLine] = {}
    for team_id, entries in event.members.items():
        for entry in entries:
            slot = entry.team_board or RESERVE
            lines[entry.pk] = BoardLine(entry, teams[team_id], RESERVE if slot > boards else slot)
    for match in event.matches:
        for board in match.boards:
            if not board.played:
                continue
            white, black = board.outcome.points()
            for player, opponent, points in (
                (board.white, board.black, white),
                (board.black, board.white, black),
            ):
                line = lines.get(player.pk)
                if line is None:
                    continue
                line.points += points
                line.games += 1
                line.opponents_ratings.append(opponent.rating)
                line.boards_played[board.number] += 1
    groups: dict[int, list[BoardLine]] = defaultdict(list)
    for line in lines.values():
        if not line.games:
            continue
        if line.entry.team_board is None:
            line.slot = line.boards_played.most_common(1)[0][0]
        groups[line.slot].append(line)
    order = [*range(1, boards + 1), RESERVE]
    return [
        BoardPrize(
            slot,
            sorted(
                groups[slot],
                key=lambda ln: (
                    -(ln.percentage or 0),
                    -(ln.performance or 0),
                    -ln.points,
                    ln.entry.name,
                ),
            ),
        )
        for slot in order
        if groups.get(slot)
    ]


# --- a team's and a player's rounds -----------------------------------------------------------


@dataclass
class TeamRound:
    round: int
    match: Match | None = None
    opponent: Team | None = None
    white: bool = True
    own: Decimal | None = None
    other: Decimal | None = None
    match_points: Decimal | None = None
    bye: str = ""
    bye_label: str = ""


def team_rounds(event: TeamEvent, team: Team) -> list[TeamRound]:
    """The team's rounds: its match (opponent, colour on board 1, score so far or final) or its
    bye. No query."""
    teams = {t.pk: t for t in event.teams}
    lines = {number: TeamRound(number) for number, _ in event.rounds}
    for match in event.matches:
        m = match.match
        if team.pk not in (m.home_id, m.away_id) or match.round not in lines:
            continue
        home = m.home_id == team.pk
        line = lines[match.round]
        line.match = match
        line.opponent = teams.get(m.away_id if home else m.home_id)
        line.white = match.home_white if home else not match.home_white
        if match.score:
            s = match.score
            line.own = s.first_game_points if home else s.second_game_points
            line.other = s.second_game_points if home else s.first_game_points
            line.match_points = s.first_match_points if home else s.second_match_points
        else:
            line.own = match.home_so_far if home else match.away_so_far
            line.other = match.away_so_far if home else match.home_so_far
    for bye in event.byes:
        if bye.team_id == team.pk and bye.round.number in lines:
            line = lines[bye.round.number]
            mp, gp = bye_points(bye.kind, event.scoring, event.settings.boards)
            line.bye, line.bye_label = bye.kind, bye.get_kind_display()
            line.own, line.match_points = gp, mp
    return [lines[number] for number, _ in event.rounds]


@dataclass(frozen=True)
class Seat:
    """Where a player sat in a round: the match board, colour, opponent and own result."""

    round: int
    table: int
    #: The board in the match (1..boards).
    number: int
    white: bool
    board: Board
    opponent_team: Team | None


def seats(event: TeamEvent) -> dict[int, dict[int, Seat]]:
    """Each player's seats by round: {entry id: {round: Seat}}. No query."""
    teams = {t.pk: t for t in event.teams}
    out: dict[int, dict[int, Seat]] = defaultdict(dict)
    for match in event.matches:
        m = match.match
        for board in match.boards:
            for player, white in ((board.white, True), (board.black, False)):
                if player is None:
                    continue
                own_home = white == board.home_white
                opponent = teams.get(m.away_id if own_home else m.home_id)
                out[player.pk][match.round] = Seat(
                    match.round, m.table, board.number, white, board, opponent
                )
    return out


def result_text(board: Board, white: bool) -> str:
    """A player's own result: 1 ½ 0, + or - for forfeits, empty while on."""
    outcome = board.outcome
    return outcome.symbol("white" if white else "black") if outcome else ""


def board_label(slot: int) -> str:
    return gettext("Reserves") if slot == RESERVE else gettext("Board %(n)s") % {"n": slot}
