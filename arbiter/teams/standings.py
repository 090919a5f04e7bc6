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

from django.utils.translation import gettext, gettext_lazy

from arbiter.core.models import Entry, Game, Team, TeamMatch, Tournament
from arbiter.core.public_cache import shared, stamp
from arbiter.core.standings import BEING_PLAYED, COMPLETE, COUNTED_STATES, round_progress
from arbiter.teams.models import TeamBye, TeamSettings
from pairing.engines import results
from pairing.engines import team_match as engine
from pairing.engines.tiebreaks import dp

ZERO = Decimal(0)

#: C.07 team tie-breaks when the event chose none (docs/teams.md): a team round robin compares
#: the other score, then the direct encounter, then the opponents' scores weighted by the result
#: against them; a team Swiss, where opponents differ, takes that weighted sum (ESB, as the
#: Olympiad's "Sonneborn-Berger") before Buchholz and the direct encounter.
ROUND_ROBIN_TIEBREAKS = ("MPvGP", "EDE", "ESB")
SWISS_TIEBREAKS = ("MPvGP", "ESB", "BH", "EDE")

#: A whole match's forfeit as the second-named team reads it.
FORFEIT_SEEN_BY_AWAY = {"": "", "+-": "-+", "-+": "+-", "--": "--"}


@dataclass
class Board:
    """One board of a match as the public reads it: its number in the match (1..boards), the
    game, and whether the first-named (home) team has White on it."""

    number: int
    game: Game
    home_white: bool

    @property
    def home_points(self) -> Decimal | None:
        outcome = self.game.outcome
        if outcome is None:
            return None
        white, black = outcome.points()
        return white if self.home_white else black

    @property
    def home_result(self) -> str:
        """The result as the home team reads it: "1 - 0", "½ - ½", "+ - -"; empty while on."""
        outcome = self.game.outcome
        if outcome is None:
            return ""
        home, away = ("white", "black") if self.home_white else ("black", "white")
        return f"{outcome.symbol(home)} - {outcome.symbol(away)}"

    @property
    def away_points(self) -> Decimal | None:
        outcome = self.game.outcome
        if outcome is None:
            return None
        white, black = outcome.points()
        return black if self.home_white else white


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
                )
            )
        for bye in self.byes:
            number = bye.round.number
            if through is None or number <= through:
                mp, gp = bye_points(bye.kind, self.scoring, self.settings.boards)
                out.append(Record(number, bye.team_id, None, gp, mp, bye=bye.kind))
        return out


def match_scoring(settings: TeamSettings) -> engine.MatchScoring:
    """The event's match points (TRF-2026 362) and what the pairing-allocated bye gives (320;
    its game points, when the event set none, half the boards: a drawn match)."""
    bye_gp = settings.bye_game_points
    return engine.MatchScoring(
        settings.match_win,
        settings.match_draw,
        settings.match_loss,
        settings.bye_match_points,
        bye_gp if bye_gp is not None else Decimal(settings.boards) / 2,
    )


def bye_points(kind: str, scoring: engine.MatchScoring, boards: int) -> tuple[Decimal, Decimal]:
    """Match and game points of a team's bye: the pairing-allocated one as the event says
    (TRF-2026 320); a full-point bye as a won match with the PAB's game points, a half-point bye
    as a drawn match (half the boards), a zero-point bye nothing (docs/teams.md)."""
    if kind == TeamBye.Kind.PAIRING_ALLOCATED:
        return scoring.bye_match_points, scoring.bye_game_points
    if kind == TeamBye.Kind.FULL_POINT:
        return scoring.win, scoring.bye_game_points
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
    scoring = match_scoring(settings)
    rounds = round_progress(tournament)
    teams = list(Team.objects.filter(tournament=tournament).order_by("number", "name"))
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
    for game in (
        Game.objects.filter(**counted, team_match__isnull=False)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    ):
        match = matches[game.team_match_id]
        game.white = entries.get(game.white_id) or game.white
        game.black = entries.get(game.black_id) or game.black
        home_white = team_of.get(game.white_id) == match.match.home_id
        match.boards.append(Board(len(match.boards) + 1, game, home_white))
    for match in matches.values():
        match.match.home, match.match.away = by_id[match.match.home_id], by_id[match.match.away_id]
        _score(match, scoring, settings.boards)
    byes = list(TeamBye.objects.filter(**counted).select_related("round").order_by("round__number"))
    for bye in byes:
        bye.team = by_id[bye.team_id]
    return TeamEvent(
        tournament, settings, scoring, teams, rounds, list(matches.values()), byes, dict(members)
    )


def _score(match: Match, scoring: engine.MatchScoring, boards: int) -> None:
    """The match's score when decided (``engine.score`` on its boards' results, or the whole
    match forfeited) and its game points so far."""
    m = match.match
    for board in match.boards:
        if board.game.result:
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
            [board.game.result for board in match.boards],
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


def tiebreak_codes(tournament: Tournament) -> tuple[str, ...]:
    """The event's C.07 team tie-breaks in order: its own list, else its system's default, else
    ours for a team round robin or a team Swiss (docs/teams.md)."""
    chosen = tournament.tiebreaks.split()
    if chosen:
        return tuple(chosen)
    system = tournament.pairing_system
    if system.default_tiebreaks:
        return system.default_tiebreaks
    return ROUND_ROBIN_TIEBREAKS if system.all_play_all else SWISS_TIEBREAKS


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
    """The teams ranked by their primary score, then the other, then the event's tie-breaks;
    teams share a rank only when all are equal, listed then by pairing number. No query."""
    through = through_round(event, asked)
    records = event.records(through)
    mp: Counter[int] = Counter()
    gp: Counter[int] = Counter()
    played: Counter[int] = Counter()
    for record in records:
        mp[record.team] += record.match_points
        gp[record.team] += record.game_points
        played[record.team] += record.opponent is not None
    primary = event.settings.primary_score
    legend, values = _tiebreaks(event, records, tiebreak_codes(event.tournament))

    def score(team: Team) -> tuple[Decimal, Decimal]:
        pair = (mp[team.pk] or ZERO, gp[team.pk] or ZERO)
        return pair if primary == TeamSettings.Score.MATCH_POINTS else (pair[1], pair[0])

    def key(team: Team) -> tuple:
        own = values.get(team.pk, ())
        return (*score(team), *(_comparable(v) for v in own))

    ordered = sorted(event.teams, key=lambda t: (tuple(-k for k in key(t)), t.number or 0, t.pk))
    keys = [key(team) for team in ordered]
    sharing = Counter(keys)
    rows = []
    rank = 0
    for position, (team, team_key) in enumerate(zip(ordered, keys, strict=True), start=1):
        if position == 1 or team_key != keys[position - 2]:
            rank = position
        rows.append(
            TeamRow(
                rank,
                team,
                mp[team.pk] or ZERO,
                gp[team.pk] or ZERO,
                played[team.pk],
                values.get(team.pk, ()),
                sharing[team_key] > 1,
            )
        )
    being_played = tuple(n for n, now in event.rounds if now == BEING_PLAYED)
    final = event.tournament.status == Tournament.Status.FINISHED and through == max(
        (n for n, _ in event.rounds), default=-1
    )
    return TeamStandings(through, primary, legend, tuple(rows), being_played, final)


def _comparable(value: Decimal | int | None) -> Decimal:
    return Decimal(value) if value is not None else Decimal(-(10**9))


def _tiebreaks(
    event: TeamEvent, records: list[Record], codes: tuple[str, ...]
) -> tuple[tuple[tuple[str, str], ...], dict[int, tuple[Decimal | int | None, ...]]]:
    """The tie-break columns after the two scores: the team tie-break engine's values for the
    event's codes. Until that engine is part of the app only the other score is shown (as the
    standings' second column), so no column is added here."""
    return (), {}


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
            game, outcome = board.game, board.game.outcome
            if outcome is None or not outcome.played:
                continue
            white, black = outcome.points()
            for player, opponent, points in (
                (game.white, game.black, white),
                (game.black, game.white, black),
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
    board: int
    white: bool
    game: Game
    opponent_team: Team | None


def seats(event: TeamEvent) -> dict[int, dict[int, Seat]]:
    """Each player's seats by round: {entry id: {round: Seat}}. No query."""
    teams = {t.pk: t for t in event.teams}
    out: dict[int, dict[int, Seat]] = defaultdict(dict)
    for match in event.matches:
        m = match.match
        for board in match.boards:
            game = board.game
            for entry_id, white in ((game.white_id, True), (game.black_id, False)):
                own_home = white == board.home_white
                opponent = teams.get(m.away_id if own_home else m.home_id)
                out[entry_id][match.round] = Seat(
                    match.round, m.table, board.number, white, game, opponent
                )
    return out


def result_text(game: Game, white: bool) -> str:
    """A player's own result: 1 ½ 0, + or - for forfeits, empty while on."""
    outcome = results.from_code(game.result)
    return outcome.symbol("white" if white else "black") if outcome else ""


def board_label(slot: int) -> str:
    return gettext("Reserves") if slot == RESERVE else gettext("Board %(n)s") % {"n": slot}


PRIMARY_NAMES = {
    TeamSettings.Score.MATCH_POINTS: (gettext_lazy("MP"), gettext_lazy("match points")),
    TeamSettings.Score.GAME_POINTS: (gettext_lazy("GP"), gettext_lazy("game points")),
}
