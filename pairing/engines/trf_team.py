"""TRF-2026 team records: the teams of a TRF file, each round's team matches, and the writer.

A team file is an individual TRF (:mod:`pairing.engines.trf`: the games stay in the ``001``
records) plus the team records of TRF-2026 (columns 1-based, inclusive; docs/teams.md, "TRF-2026
team records"):

* ``310`` a team: TPN 5-7, name 9-40, nickname 42-46, strength factor 48-53, match points
  55-60, game points 62-67, rank 69-71, then its players' starting numbers in roster order at
  74-77, 79-82, ... (14 at most); ``013`` (TRF-16, read only when no ``310`` is there): name
  5-36, players at 37-40, 42-45, ... (TPN = its place among the 013 records);
* ``352`` the board colours of the team with White (``WBWB``): its length is the board count;
* ``362`` match scoring, 9-column items from column 5: ``T``, the symbol (``W D L``), points;
* ``320`` the pairing-allocated bye (one record): MP 5-8, GP 10-13, then per round the TPN
  that had it (``000`` none) at 15-17, 19-21, ...;
* ``330`` a whole match forfeited: type 5-6 (``+-``, ``-+``, ``--``), round 8-10, white TPN
  12-14, black TPN 16-18;
* ``300`` a lineup out of the default order: round 5-7, team 9-11, opponent 13-15, then the
  players board by board at 17-20, 22-25, ... (``0000`` an empty board);
* ``240`` team byes (``F H Z``, with team TPNs): read by :func:`pairing.engines.trf.parse_trf`
  into ``TrfTournament.byes``.

The API (names stable, other helpers build on them):

* :func:`parse_team_trf` ``(text, limits) -> TeamTrf``: read a whole team file; every broken
  record is a :class:`~pairing.engines.trf.TrfError` naming its line and column.
* :func:`read_team_records` ``(t, text=None) -> TrfTeamRecords``: the team records of a
  :class:`TrfTournament` read with ``parse_trf(text, teams=True)`` (``text`` gives the lines
  for the errors).
* :func:`team_matches` ``(t, records) -> TeamTrf``: each round's matches derived from the
  ``001`` records (:class:`TeamMatch`) and each team's rounds (:class:`TeamRound`).
* :func:`team_record_lines` ``(records) -> list[str]`` and :func:`write_team_trf` ``(t,
  records) -> str``: the file written back (``write_trf`` and the team records after it);
  :func:`with_totals` puts the match and game point totals of the results into the ``310``s.

How a round is read (gacrux 1.11.65 reads it so, docs/teams.md): a team's players in a round
are its roster players with an opponent in that round, or with a forfeit win (``+``) against
nobody (an empty board facing them), in roster order, unless a ``300`` record gives the order;
board *k* is the *k*-th of them. The team with White is the one whose player on the first board
with a game has the colour ``352`` gives that board (board 1 of ``WBWB``: White), C.04.6 1.6.1.
Game points are the players' points under ``162`` (a forfeit win a win), match points compare
them (:class:`~pairing.engines.team_match.MatchScoring`, ``362``); a match where neither team
scored is lost by both, as gacrux scores it. A ``330`` forfeit is scored by
:func:`pairing.engines.team_match.forfeit_score`; the PAB by ``320``; an ``F``/``H``/``Z`` bye
(``240``) as a won, drawn or lost match with every board won, drawn or lost.

Pure Python, no Django; mypy --strict.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

from pairing.engines import team_match
from pairing.engines.team_match import MatchScoring
from pairing.engines.trf import (
    TrfError,
    TrfLimits,
    TrfPlayer,
    TrfResult,
    TrfTournament,
    parse_trf,
    write_trf,
)

__all__ = [
    "BYE_KINDS",
    "MAX_ROSTER",
    "TEAM_RECORDS",
    "TeamBoard",
    "TeamMatch",
    "TeamRound",
    "TeamTrf",
    "TrfLineup",
    "TrfMatchForfeit",
    "TrfTeam",
    "TrfTeamRecords",
    "parse_team_trf",
    "read_team_records",
    "team_matches",
    "team_record_lines",
    "with_totals",
    "write_team_trf",
]

_LIMITS = TrfLimits()
#: The records this module reads and writes (``240`` stays with :mod:`pairing.engines.trf`).
TEAM_RECORDS = frozenset({"013", "300", "310", "320", "330", "352", "362"})
#: A roster holds at most 14 players (``310`` columns 74-142).
MAX_ROSTER = 14
#: What a team did in a round (:attr:`TeamRound.kind`).
PLAYED, FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT = "played", "+", "-", "--"
#: Byes: the pairing-allocated bye (``320``), and the requested ones (``240``).
PAB, FPB, HPB, ZPB, ABSENT = "PAB", "FPB", "HPB", "ZPB", "absent"
BYE_KINDS = {"F": FPB, "H": HPB, "Z": ZPB}
_FORFEIT_ALIASES = {
    **dict.fromkeys(("+-", "10", "WL", "WZ"), "+-"),
    **dict.fromkeys(("-+", "01", "LW", "ZW"), "-+"),
    **dict.fromkeys(("--", "00", "LL", "ZZ"), "--"),
}


@dataclass(frozen=True)
class TrfTeam:
    """A ``310`` (or ``013``) record: the team with pairing number ``number`` and its roster,
    players' starting numbers in board order. ``match_points``/``game_points``/``rank`` are
    what the file declares (None when blank)."""

    number: int
    name: str
    players: tuple[int, ...]
    nickname: str = ""
    strength: str = ""
    match_points: Decimal | None = None
    game_points: Decimal | None = None
    rank: int | None = None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfLineup:
    """A ``300`` record: team ``team`` played round ``round`` against ``opponent`` with these
    players, board by board (None: an empty board)."""

    round: int
    team: int
    opponent: int
    players: tuple[int | None, ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfMatchForfeit:
    """A ``330`` record: the match of round ``round`` between ``white`` and ``black`` was
    forfeited: ``+-`` white won, ``-+`` black won, ``--`` neither."""

    kind: str
    round: int
    white: int
    black: int
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfTeamRecords:
    """Every team record of a file. ``pab_teams[r - 1]`` is the team with the PAB in round
    ``r`` (``320``; None: nobody); ``scoring`` holds ``362`` and the ``320`` values;
    ``board_colours`` is ``352`` (``"WBWB"``: its length is the board count). ``legacy`` is
    True when the teams came from ``013`` records (written back as ``310``)."""

    teams: tuple[TrfTeam, ...]
    board_colours: str
    scoring: MatchScoring = field(default_factory=MatchScoring)
    pab_teams: tuple[int | None, ...] = ()
    forfeits: tuple[TrfMatchForfeit, ...] = ()
    lineups: tuple[TrfLineup, ...] = ()
    legacy: bool = False

    @property
    def boards(self) -> int:
        return len(self.board_colours)

    def team(self, number: int) -> TrfTeam:
        for team in self.teams:
            if team.number == number:
                return team
        raise KeyError(number)

    def team_of(self) -> dict[int, int]:
        """Player starting number -> TPN of their team."""
        return {p: team.number for team in self.teams for p in team.players}


@dataclass(frozen=True)
class TeamBoard:
    """Board ``board`` (1-based) of a match, seen from the match's white team (the team with
    White on board 1): its player and the other team's (None: an empty board), the white
    team's player's colour (``"W"``/``"B"``), each side's TRF result code (``" "`` for an
    empty board) and points. ``played`` is False for a forfeit or an empty board."""

    board: int
    white_team_player: int | None
    black_team_player: int | None
    colour: str
    white_team_code: str
    black_team_code: str
    white_team_points: Decimal
    black_team_points: Decimal
    played: bool


@dataclass(frozen=True)
class TeamMatch:
    """A match of round ``round``: ``white`` has White on board 1 (C.04.6 1.6.1). ``forfeit``
    is the ``330`` type of a whole match forfeited ("" otherwise, when ``boards`` gives the
    games). ``colour_known`` is False when no board had a colour (every board forfeited
    without one): ``white`` is then the smaller TPN."""

    round: int
    white: int
    black: int
    boards: tuple[TeamBoard, ...]
    white_game_points: Decimal
    black_game_points: Decimal
    white_match_points: Decimal
    black_match_points: Decimal
    forfeit: str = ""
    colour_known: bool = True

    @property
    def played(self) -> bool:
        """A match was played when one of its games was (C.04.6 1.6.1 reads colours of played
        matches only)."""
        return any(board.played for board in self.boards)


@dataclass(frozen=True)
class TeamRound:
    """What team ``team`` did in round ``round``: ``kind`` is ``played`` (a match, some boards
    maybe forfeited), ``+``/``-``/``--`` (a whole match forfeited, won or lost or both),
    ``PAB``, ``FPB``, ``HPB``, ``ZPB``, or ``absent``; ``colour`` ``W``/``B`` in a match
    whose colours are known, else ""; ``board_points`` its points board by board (matches
    only: empty for a whole-match forfeit or a bye)."""

    team: int
    round: int
    kind: str
    opponent: int | None
    colour: str
    match_points: Decimal
    game_points: Decimal
    opponent_match_points: Decimal = Decimal(0)
    opponent_game_points: Decimal = Decimal(0)
    board_points: tuple[Decimal, ...] = ()
    board_played: tuple[bool, ...] = ()

    @property
    def is_match(self) -> bool:
        """A match against a team (played or forfeited), not a bye or an absence."""
        return self.opponent is not None


@dataclass(frozen=True)
class TeamTrf:
    """A team file read: the individual file, its team records, each round's matches in round
    order (white team's TPN order within a round), and each team's rounds
    (``rounds[tpn][r - 1]``, every team has one per round up to :attr:`round_count`)."""

    tournament: TrfTournament
    records: TrfTeamRecords
    matches: tuple[TeamMatch, ...]
    rounds: dict[int, tuple[TeamRound, ...]]
    round_count: int

    def match_points(self, team: int) -> Decimal:
        return sum((r.match_points for r in self.rounds[team]), Decimal(0))

    def game_points(self, team: int) -> Decimal:
        return sum((r.game_points for r in self.rounds[team]), Decimal(0))


# --- reading ---------------------------------------------------------------------------------


def parse_team_trf(text: str, limits: TrfLimits = _LIMITS) -> TeamTrf:
    """A TRF-2026 team file: the individual records (:func:`parse_trf` with ``teams``), the
    team records, and the matches of every round. A broken record raises :class:`TrfError`
    with its line and column."""
    t = parse_trf(text, limits, teams=True)
    return team_matches(t, read_team_records(t, text))


def _numbered(t: TrfTournament, text: str | None) -> list[tuple[int, str]]:
    """The team records of ``t`` with their line numbers in ``text`` (0 without a text)."""
    records = [raw for raw in t.other_lines if raw[:3] in TEAM_RECORDS]
    if text is None:
        return [(0, raw) for raw in records]
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    numbered = [(n, raw) for n, raw in enumerate(lines, start=1) if raw[:3] in TEAM_RECORDS]
    return numbered if len(numbered) == len(records) else [(0, raw) for raw in records]


def read_team_records(t: TrfTournament, text: str | None = None) -> TrfTeamRecords:
    """The team records of ``t`` (read with ``parse_trf(text, teams=True)``, so that they are
    in ``t.other_lines``), checked: teams with distinct TPNs and rosters, players of the file,
    one ``352``, at most one ``320``. ``text`` is the file read, for the lines of errors."""
    records = _numbered(t, text)
    numbers = {p.number for p in t.players}
    has_310 = any(raw[:3] == "310" for _, raw in records)
    teams: list[TrfTeam] = []
    colours = ""
    colours_line = 0
    scoring = MatchScoring()
    pab_line = 0
    pab: tuple[int | None, ...] = ()
    forfeits: list[TrfMatchForfeit] = []
    lineups: list[TrfLineup] = []
    for lineno, raw in records:
        code = raw[:3]
        if code == "310":
            teams.append(_team_310(raw, lineno))
        elif code == "013" and not has_310:
            teams.append(_team_013(raw, lineno, len(teams) + 1))
        elif code == "352":
            if colours_line or colours:
                raise TrfError(lineno, 1, f"a second 352 record (line {colours_line})")
            colours = raw[4:].rstrip()
            colours_line = lineno
            if not colours or set(colours) - {"W", "B"}:
                bad = next((i for i, c in enumerate(colours) if c not in "WB"), 0)
                raise TrfError(lineno, 5 + bad, "352 must be the board colours, W and B only")
        elif code == "362":
            scoring = _scoring_362(raw, lineno, scoring)
        elif code == "320":
            if pab_line:
                raise TrfError(lineno, 1, f"a second 320 record (line {pab_line}): one a file")
            pab_line = lineno
            scoring, pab = _pab_320(raw, lineno, scoring)
        elif code == "330":
            forfeits.append(_forfeit_330(raw, lineno))
        elif code == "300":
            lineups.append(_lineup_300(raw, lineno))
    if not teams:
        raise TrfError(0, 0, "no team records (310 or 013)")
    if not colours:
        raise TrfError(0, 0, "no board colours (352): the board count is its length")
    _check_teams(teams, numbers, len(colours))
    tpns = {team.number for team in teams}
    for f in forfeits:
        for col, tpn in ((12, f.white), (16, f.black)):
            if tpn not in tpns:
                raise TrfError(f.line, col, f"no team {tpn}")
    for r, pab_tpn in enumerate(pab, start=1):
        if pab_tpn is not None and pab_tpn not in tpns:
            raise TrfError(pab_line, 15 + 4 * (r - 1), f"no team {pab_tpn}")
    _check_lineups(lineups, teams, len(colours))
    return TrfTeamRecords(
        teams=tuple(sorted(teams, key=lambda team: team.number)),
        board_colours=colours,
        scoring=scoring,
        pab_teams=pab,
        forfeits=tuple(forfeits),
        lineups=tuple(lineups),
        legacy=not has_310,
    )


def _col(s: str, a: int, b: int) -> str:
    return s[a - 1 : b].ljust(b - a + 1)


def _number(raw: str, lineno: int, a: int, b: int, what: str, blank: int | None = None) -> int:
    text = _col(raw, a, b).strip()
    if not text and blank is not None:
        return blank
    if not (text.isascii() and text.isdigit()):
        raise TrfError(lineno, a, f"invalid {what} {text!r}")
    return int(text)


def _decimal(raw: str, lineno: int, a: int, b: int, what: str) -> Decimal | None:
    text = _col(raw, a, b).strip().replace(",", ".")
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise TrfError(lineno, a, f"invalid {what} {text!r}") from None
    if not value.is_finite() or value < 0 or value > 9999:
        raise TrfError(lineno, a, f"invalid {what} {text!r}")
    return value


def _ids(raw: str, lineno: int, start: int, width: int, what: str) -> list[int | None]:
    """Numbers of ``width`` columns every ``width + 1`` from ``start``; 0 is None."""
    out: list[int | None] = []
    for col in range(start, len(raw.rstrip()) + 1, width + 1):
        if raw[col - 2 : col - 1].strip() and col > start:
            raise TrfError(lineno, col - 1, f"unexpected character before the {what}")
        value = _number(raw, lineno, col, col + width - 1, what, blank=0)
        out.append(value or None)
    return out


def _team_310(raw: str, lineno: int) -> TrfTeam:
    number = _number(raw, lineno, 5, 7, "team pairing number")
    if number == 0:
        raise TrfError(lineno, 5, "team pairing number 0")
    if _col(raw, 72, 73).strip():
        raise TrfError(lineno, 72, "columns 72-73 must be blank (players start at column 74)")
    rank_text = _col(raw, 69, 71).strip()
    players = [p for p in _ids(raw, lineno, 74, 4, "player number") if p is not None]
    return TrfTeam(
        number=number,
        name=_col(raw, 9, 40).strip(),
        nickname=_col(raw, 42, 46).strip(),
        strength=_col(raw, 48, 53).strip(),
        match_points=_decimal(raw, lineno, 55, 60, "match points"),
        game_points=_decimal(raw, lineno, 62, 67, "game points"),
        rank=_number(raw, lineno, 69, 71, "rank") if rank_text else None,
        players=tuple(players),
        line=lineno,
    )


def _team_013(raw: str, lineno: int, number: int) -> TrfTeam:
    players = [p for p in _ids(raw, lineno, 37, 4, "player number") if p is not None]
    return TrfTeam(number, _col(raw, 5, 36).strip(), tuple(players), line=lineno)


def _check_teams(teams: list[TrfTeam], numbers: set[int], boards: int) -> None:
    seen: dict[int, int] = {}
    team_of: dict[int, int] = {}
    for team in teams:
        if team.number in seen:
            raise TrfError(team.line, 5, f"team {team.number} repeated (line {seen[team.number]})")
        seen[team.number] = team.line
        if len(team.players) > MAX_ROSTER:
            raise TrfError(team.line, 74, f"more than {MAX_ROSTER} players")
        for place, player in enumerate(team.players):
            col = 74 + 5 * place
            if player not in numbers:
                raise TrfError(team.line, col, f"player {player} has no 001 record")
            if player in team_of:
                raise TrfError(
                    team.line, col, f"player {player} is already in team {team_of[player]}"
                )
            team_of[player] = team.number


def _scoring_362(raw: str, lineno: int, scoring: MatchScoring) -> MatchScoring:
    values: dict[str, Decimal] = {}
    names = {"W": "win", "D": "draw", "L": "loss"}
    col = 5
    while col <= len(raw.rstrip()):
        item = _col(raw, col, col + 5)
        if item.strip():
            if item[0] != "T" or item[1] not in names:
                raise TrfError(lineno, col, f"362 items are TW, TD or TL, not {item[:2]!r}")
            value = _decimal(raw, lineno, col + 2, col + 5, "match points")
            if value is None:
                raise TrfError(lineno, col + 2, "no match points")
            values[names[item[1]]] = value
        col += 9
    return replace(scoring, **values)


def _pab_320(
    raw: str, lineno: int, scoring: MatchScoring
) -> tuple[MatchScoring, tuple[int | None, ...]]:
    mp = _decimal(raw, lineno, 5, 8, "PAB match points")
    gp = _decimal(raw, lineno, 10, 13, "PAB game points")
    if mp is None or gp is None:
        raise TrfError(lineno, 5 if mp is None else 10, "320 gives the PAB's MP and GP")
    teams = _ids(raw, lineno, 15, 3, "team pairing number")
    while teams and teams[-1] is None:
        teams.pop()
    return replace(scoring, bye_match_points=mp, bye_game_points=gp), tuple(teams)


def _forfeit_330(raw: str, lineno: int) -> TrfMatchForfeit:
    kind = _FORFEIT_ALIASES.get(_col(raw, 5, 6).upper())
    if kind is None:
        raise TrfError(lineno, 5, f"330 forfeit must be +-, -+ or --, not {_col(raw, 5, 6)!r}")
    rnd = _number(raw, lineno, 8, 10, "round")
    white = _number(raw, lineno, 12, 14, "white team")
    black = _number(raw, lineno, 16, 18, "black team")
    if rnd == 0:
        raise TrfError(lineno, 8, "round 0")
    if white == black:
        raise TrfError(lineno, 16, "a team forfeits against itself")
    return TrfMatchForfeit(kind, rnd, white, black, line=lineno)


def _lineup_300(raw: str, lineno: int) -> TrfLineup:
    rnd = _number(raw, lineno, 5, 7, "round")
    team = _number(raw, lineno, 9, 11, "team")
    opponent = _number(raw, lineno, 13, 15, "opponent team")
    if rnd == 0:
        raise TrfError(lineno, 5, "round 0")
    players = _ids(raw, lineno, 17, 4, "player number")
    if not players:
        raise TrfError(lineno, 17, "300 lists no players")
    return TrfLineup(rnd, team, opponent, tuple(players), line=lineno)


def _check_lineups(lineups: list[TrfLineup], teams: list[TrfTeam], boards: int) -> None:
    rosters = {team.number: team.players for team in teams}
    seen: dict[tuple[int, int], int] = {}
    for lineup in lineups:
        if lineup.team not in rosters:
            raise TrfError(lineup.line, 9, f"no team {lineup.team}")
        if lineup.opponent not in rosters or lineup.opponent == lineup.team:
            raise TrfError(lineup.line, 13, f"no opponent team {lineup.opponent}")
        if (lineup.round, lineup.team) in seen:
            raise TrfError(
                lineup.line,
                5,
                f"a second 300 record for team {lineup.team} in "
                f"round {lineup.round} (line {seen[lineup.round, lineup.team]})",
            )
        seen[lineup.round, lineup.team] = lineup.line
        if len(lineup.players) > boards:
            raise TrfError(lineup.line, 17 + 5 * boards, f"more players than {boards} boards")
        placed: set[int] = set()
        for board, player in enumerate(lineup.players):
            if player is None:
                continue
            if player not in rosters[lineup.team] or player in placed:
                raise TrfError(
                    lineup.line,
                    17 + 5 * board,
                    f"player {player} is not a player of team {lineup.team} or is on two boards",
                )
            placed.add(player)


# --- the matches of each round -------------------------------------------------------------


def _points(t: TrfTournament, code: str) -> Decimal:
    """A player's points for a TRF result code under ``162`` (a forfeit win a win)."""
    s = t.scoring
    tenths = {
        "1": s.win,
        "+": s.win,
        "W": s.win,
        "=": s.draw,
        "D": s.draw,
        "?": s.unknown,
        "0": s.loss,
        "L": s.loss,
        "-": s.forfeit_loss,
    }.get(code, 0)
    return Decimal(tenths) / 10


def _block(player: TrfPlayer, rnd: int) -> TrfResult:
    if rnd <= len(player.results):
        return player.results[rnd - 1]
    return TrfResult(None, " ", " ")


def _column(rnd: int) -> int:
    return 92 + 10 * (rnd - 1)


def team_matches(t: TrfTournament, records: TrfTeamRecords) -> TeamTrf:
    """Each round's matches from the ``001`` records, the ``300`` lineups and the ``330``
    forfeits, and each team's rounds with its match and game points. A player facing two
    teams in a round, more players than boards, or boards that do not face each other raise
    :class:`TrfError` at the player's ``001`` record and round."""
    players = {p.number: p for p in t.players}
    team_of = records.team_of()
    for p in t.players:
        if p.number not in team_of and any(r.opponent is not None for r in p.results):
            raise TrfError(p.line, 5, f"player {p.number} plays but is in no team (310)")
    rounds = max(
        [len(p.results) for p in t.players]
        + [f.round for f in records.forfeits]
        + [len(records.pab_teams)]
        + [lineup.round for lineup in records.lineups]
    )
    matches: list[TeamMatch] = []
    team_rounds: dict[int, list[TeamRound]] = {team.number: [] for team in records.teams}
    for rnd in range(1, rounds + 1):
        round_matches = _round_matches(t, records, players, team_of, rnd)
        matches += round_matches
        done = _match_rounds(round_matches, records)
        for team in records.teams:
            if team.number not in done:
                done[team.number] = _unpaired(t, records, players, team, rnd)
            team_rounds[team.number].append(done[team.number])
    return TeamTrf(
        tournament=t,
        records=records,
        matches=tuple(matches),
        rounds={tpn: tuple(rs) for tpn, rs in team_rounds.items()},
        round_count=rounds,
    )


def _round_matches(
    t: TrfTournament,
    records: TrfTeamRecords,
    players: dict[int, TrfPlayer],
    team_of: dict[int, int],
    rnd: int,
) -> list[TeamMatch]:
    forfeited = {}
    for f in records.forfeits:
        if f.round == rnd:
            for tpn in (f.white, f.black):
                if tpn in forfeited:
                    raise TrfError(f.line, 12, f"team {tpn} has two forfeits in round {rnd}")
                forfeited[tpn] = f
    opponents: dict[int, int] = {}  # team -> opponent team
    lineups: dict[int, list[int | None]] = {}
    for team in records.teams:
        lineup: list[int | None] = []
        for number in team.players:
            player = players[number]
            block = _block(player, rnd)
            if block.opponent is None:
                if block.code == "+" and team.number not in forfeited:
                    lineup.append(number)
                continue
            other = team_of.get(block.opponent)
            if other is None or other == team.number:
                raise TrfError(
                    player.line,
                    _column(rnd),
                    f"opponent {block.opponent} is not a player of another team",
                )
            if opponents.setdefault(team.number, other) != other:
                raise TrfError(
                    player.line,
                    _column(rnd),
                    f"team {team.number} meets teams "
                    f"{opponents[team.number]} and {other} in round {rnd}",
                )
            if team.number in forfeited:
                raise TrfError(
                    player.line,
                    _column(rnd),
                    f"team {team.number} forfeited its "
                    f"match of round {rnd} (330) but its player has a game",
                )
            lineup.append(number)
        lineups[team.number] = lineup
    for lineup300 in records.lineups:
        if lineup300.round == rnd:
            lineups[lineup300.team] = list(lineup300.players)
            if opponents.get(lineup300.team, lineup300.opponent) != lineup300.opponent:
                raise TrfError(
                    lineup300.line,
                    13,
                    f"team {lineup300.team} met team {opponents[lineup300.team]} in round {rnd}",
                )
            opponents[lineup300.team] = lineup300.opponent
    out: list[TeamMatch] = []
    for a in sorted(opponents):
        b = opponents[a]
        if opponents.get(b) != a:
            raise TrfError(0, 0, f"round {rnd}: team {a} meets team {b}, who meets another")
        if a < b:
            out.append(_match(t, records, players, rnd, a, b, lineups[a], lineups[b]))
    for f in sorted({id(f): f for f in forfeited.values()}.values(), key=lambda f: f.white):
        score = team_match.forfeit_score(f.kind, records.scoring, boards=records.boards)
        white_gp, black_gp = _times(score.first_game_points, t), _times(score.second_game_points, t)
        out.append(
            TeamMatch(
                rnd,
                f.white,
                f.black,
                (),
                white_gp,
                black_gp,
                score.first_match_points,
                score.second_match_points,
                forfeit=f.kind,
            )
        )
    return sorted(out, key=lambda m: m.white)


def _times(every_board: Decimal, t: TrfTournament) -> Decimal:
    """A forfeited match's game points (``forfeit_score`` counts boards) at ``162``'s win."""
    return every_board * Decimal(t.scoring.win) / 10


def _match(
    t: TrfTournament,
    records: TrfTeamRecords,
    players: dict[int, TrfPlayer],
    rnd: int,
    a: int,
    b: int,
    lineup_a: list[int | None],
    lineup_b: list[int | None],
) -> TeamMatch:
    """The boards of the match between teams ``a`` and ``b`` (``a`` < ``b``): the two
    lineups merged board by board, a player facing nobody taking a board alone."""
    pairs: list[tuple[int | None, int | None]] = []
    i = j = 0
    while i < len(lineup_a) or j < len(lineup_b):
        pa = lineup_a[i] if i < len(lineup_a) else None
        pb = lineup_b[j] if j < len(lineup_b) else None
        opp_a = _block(players[pa], rnd).opponent if pa is not None else None
        opp_b = _block(players[pb], rnd).opponent if pb is not None else None
        if pa is not None and pb is not None and opp_a == pb:
            pairs.append((pa, pb))
            i, j = i + 1, j + 1
        elif pa is not None and opp_a is None:
            pairs.append((pa, None))
            i, j = i + 1, j + (pb is None and j < len(lineup_b))
        elif pb is not None and opp_b is None:
            pairs.append((None, pb))
            i, j = i + (pa is None and i < len(lineup_a)), j + 1
        elif pa is None and pb is None:
            i, j = i + 1, j + 1
            pairs.append((None, None))
        else:
            who = players[pa] if pa is not None else players[pb]  # type: ignore[index]
            raise TrfError(
                who.line,
                _column(rnd),
                f"round {rnd}, board {len(pairs) + 1} of "
                f"teams {a}-{b}: the players do not face each other in the boards' "
                "order (a 300 record gives a lineup out of order)",
            )
    while pairs and pairs[-1] == (None, None):
        pairs.pop()
    if len(pairs) > records.boards:
        who = players[next(p for pair in pairs[records.boards :] for p in pair if p is not None)]
        raise TrfError(
            who.line,
            _column(rnd),
            f"round {rnd}: teams {a}-{b} have more than {records.boards} boards (352)",
        )
    pattern = records.board_colours
    a_white: bool | None = None
    for k, (pa, pb) in enumerate(pairs):
        colour = _block(players[pa], rnd).colour if pa is not None else ""
        if not colour and pb is not None:
            colour = "b" if _block(players[pb], rnd).colour == "w" else ""
            colour = colour or ("w" if _block(players[pb], rnd).colour == "b" else "")
        if colour in ("w", "b"):
            a_white = (colour == "w") == (pattern[k] == "W")
            break
    known = a_white is not None
    if not a_white:
        pairs = [(pb, pa) for pa, pb in pairs] if known else pairs
    white, black = (a, b) if a_white or not known else (b, a)
    boards: list[TeamBoard] = []
    totals = [Decimal(0), Decimal(0)]
    for k, (pw, pb) in enumerate(pairs):
        codes = [_block(players[p], rnd).code if p is not None else " " for p in (pw, pb)]
        points = [
            _points(t, code) if p is not None else Decimal(0)
            for p, code in zip((pw, pb), codes, strict=True)
        ]
        colour = _block(players[pw], rnd).colour.upper() if pw is not None else ""
        if colour not in ("W", "B"):
            colour = pattern[k] if known else ""
        played = pw is not None and pb is not None and _block(players[pw], rnd).played
        boards.append(
            TeamBoard(k + 1, pw, pb, colour, codes[0], codes[1], points[0], points[1], played)
        )
        totals[0] += points[0]
        totals[1] += points[1]
    scoring = records.scoring
    if totals[0] == totals[1] == 0:
        mps = (scoring.loss, scoring.loss)
    else:
        mps = (
            scoring.match_points(totals[0], totals[1]),
            scoring.match_points(totals[1], totals[0]),
        )
    return TeamMatch(
        rnd, white, black, tuple(boards), totals[0], totals[1], mps[0], mps[1], colour_known=known
    )


def _match_rounds(matches: list[TeamMatch], records: TrfTeamRecords) -> dict[int, TeamRound]:
    out: dict[int, TeamRound] = {}
    for m in matches:
        for side, (team, other) in enumerate(((m.white, m.black), (m.black, m.white))):
            own_mp, other_mp = (
                (m.white_match_points, m.black_match_points)
                if side == 0
                else (m.black_match_points, m.white_match_points)
            )
            own_gp, other_gp = (
                (m.white_game_points, m.black_game_points)
                if side == 0
                else (m.black_game_points, m.white_game_points)
            )
            if m.forfeit:
                kind = (
                    DOUBLE_FORFEIT
                    if m.forfeit == "--"
                    else (FORFEIT_WIN if (m.forfeit == "+-") == (side == 0) else FORFEIT_LOSS)
                )
                colour = ""
            else:
                kind = PLAYED
                colour = ("W" if side == 0 else "B") if m.colour_known else ""
            board_points = tuple(
                b.white_team_points if side == 0 else b.black_team_points for b in m.boards
            )
            out[team] = TeamRound(
                team,
                m.round,
                kind,
                other,
                colour,
                own_mp,
                own_gp,
                other_mp,
                other_gp,
                board_points,
                tuple(b.played for b in m.boards),
            )
    return out


def _unpaired(
    t: TrfTournament,
    records: TrfTeamRecords,
    players: dict[int, TrfPlayer],
    team: TrfTeam,
    rnd: int,
) -> TeamRound:
    """A team without a match in round ``rnd``: the PAB (``320``, or ``U`` on its boards), a
    requested bye (``240``), or absent."""
    scoring = records.scoring
    boards = Decimal(records.boards)
    pab = rnd <= len(records.pab_teams) and records.pab_teams[rnd - 1] == team.number
    if pab or (
        not records.pab_teams and any(_block(players[p], rnd).code == "U" for p in team.players)
    ):
        return TeamRound(
            team.number, rnd, PAB, None, "", scoring.bye_match_points, scoring.bye_game_points
        )
    for kind, bye_round, ids in t.byes:
        if bye_round == rnd and team.number in ids:
            s = t.scoring
            mp, gp = {
                "F": (scoring.win, boards * s.win / 10),
                "H": (scoring.draw, boards * s.draw / 10),
                "Z": (scoring.loss, boards * s.zero_bye / 10),
            }[kind]
            return TeamRound(team.number, rnd, BYE_KINDS[kind], None, "", mp, gp)
    return TeamRound(team.number, rnd, ABSENT, None, "", Decimal(0), Decimal(0))


# --- writing -------------------------------------------------------------------------------


def _fmt(value: Decimal | None, width: int) -> str:
    """Points with one decimal at least (``2.0``, ``1.25``), right-aligned."""
    if value is None:
        return " " * width
    text = f"{value:.1f}" if value == value.quantize(Decimal("0.1")) else f"{value.normalize()}"
    return f"{text:>{width}}"


def team_record_lines(records: TrfTeamRecords) -> list[str]:
    """The team records as TRF-2026 writes them: ``352``, ``362`` (when not 2/1/0), the
    ``310`` teams, ``300`` lineups, ``320`` (always, with its values) and ``330`` forfeits."""
    out = [f"352 {records.board_colours}"]
    s = records.scoring
    if (s.win, s.draw, s.loss) != (Decimal(2), Decimal(1), Decimal(0)):
        items = (("W", s.win), ("D", s.draw), ("L", s.loss))
        out.append("362 " + "".join(f"T{sym}{_fmt(v, 4)}   " for sym, v in items).rstrip())
    for team in records.teams:
        rank = "" if team.rank is None else str(team.rank)
        head = (
            f"310 {team.number:>3} {team.name[:32]:<32} {team.nickname[:5]:<5} "
            f"{team.strength[:6]:>6} {_fmt(team.match_points, 6)} {_fmt(team.game_points, 6)} "
            f"{rank:>3} "
        )
        out.append((head + "".join(f" {p:>4}" for p in team.players)).rstrip())
    for lineup in records.lineups:
        ids = "".join(f" {p or 0:>4}" for p in lineup.players)
        out.append(f"300 {lineup.round:>3} {lineup.team:>3} {lineup.opponent:>3}{ids}")
    pab_teams = list(records.pab_teams)
    while pab_teams and pab_teams[-1] is None:
        pab_teams.pop()
    pab_ids = "".join(f" {tpn or 0:>3}" for tpn in pab_teams)
    out.append(f"320 {_fmt(s.bye_match_points, 4)} {_fmt(s.bye_game_points, 4)}{pab_ids}")
    for f in records.forfeits:
        out.append(f"330 {f.kind} {f.round:>3} {f.white:>3} {f.black:>3}")
    return [line.rstrip() for line in out]


def write_team_trf(t: TrfTournament, records: TrfTeamRecords, *, newline: str = "\n") -> str:
    """A TRF-2026 team file: :func:`write_trf` of ``t`` without any team record it kept,
    then :func:`team_record_lines` (``240`` team byes stay in ``t.byes``)."""
    others = tuple(raw for raw in t.other_lines if raw[:3] not in TEAM_RECORDS)
    text = write_trf(replace(t, other_lines=others), newline=newline)
    return text + newline.join(team_record_lines(records)) + newline


def with_totals(file: TeamTrf, ranks: dict[int, int] | None = None) -> TrfTeamRecords:
    """The records with each ``310``'s match and game points set to what its rounds give
    (and its rank from ``ranks``, TPN -> rank, when given)."""
    teams = tuple(
        replace(
            team,
            match_points=file.match_points(team.number),
            game_points=file.game_points(team.number),
            rank=(ranks or {}).get(team.number, team.rank),
        )
        for team in file.records.teams
    )
    return replace(file.records, teams=teams)
