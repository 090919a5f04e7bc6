"""Team tie-breaks (C.07 for team events, as FIDE's reference checker gacrux 1.11.65 computes
them) and board prizes. docs/teams.md, "Team tie-breaks and board prizes", lists the codes,
the unplayed-round rules and where gacrux and the rule text part.

The API (names stable, the standings pages and exports build on them):

* :func:`rank_teams` ``(rounds, codes, settings, *, through_round=None) -> tuple[TeamRow,
  ...]``: the teams ranked by ``codes`` in order (the first is usually ``MPTS`` or ``GPTS``),
  each :class:`TeamRow` carrying the value of every code. ``rounds`` maps a team's TPN to its
  :class:`~pairing.engines.trf_team.TeamRound` records (round 1 first), as
  :func:`pairing.engines.trf_team.team_matches` gives them or the app builds them.
* :func:`settings_from_trf` ``(file) -> TeamSettings``: the settings a team TRF file states.
* :func:`board_prizes` ``(file, *, ratings=None) -> tuple[BoardPrize, ...]``: per player and
  board, games played over the board, points, percentage, average rating of the opponents and
  performance (forfeits and empty boards excluded).
* :data:`TEAM_CODES`, :func:`parse_code`: the codes understood.

Codes (gacrux's spelling, read case-insensitively; a modifier follows ``/`` or ``-``, a score
basis follows ``:``): ``MPTS``, ``GPTS``, ``MPVGP`` (the score that is not primary), ``BH``,
``SB`` (``:MP`` / ``:GP``, cuts ``/C1`` ``/C2``, medians ``/M1`` on BH), ``ESB`` and ``EMMSB``
``EMGSB`` ``EGMSB`` ``EGGSB`` (opponent's X score x own Y result), ``BC`` (board count, lower
first), ``TBR`` (top-board result), ``BBE`` (bottom-board elimination), ``DE``, ``EDE``
(``EDEC`` ``EDET`` ``EDEB`` ``EDEBT`` ``EDEBB``: board criteria when exactly two teams stay
tied), ``STD``, ``TPN``.
TBR, BBE, DE and EDE* values are ranks within the group still tied when their turn comes (1
best; 0 when the group was not split), as gacrux reports them.

Unplayed rounds (C.07 2026 Art. 16 as gacrux applies it to teams): in a Swiss, an opponent's
score counts its unplayed rounds after its last played (or won) round as draws (a drawn
match, or half the boards); one's own unplayed round counts one's own score, capped (2026
rules) by the opponent's adjusted score for a forfeit, or by a draw per round played so far
for a bye. In a round robin unplayed rounds count nothing and forfeits count as played.

Pure Python, no Django; mypy --strict.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cached_property

from pairing.engines.team_match import MatchScoring
from pairing.engines.trf_team import (
    FORFEIT_WIN,
    FPB,
    HPB,
    PAB,
    PLAYED,
    TeamRound,
    TeamTrf,
)

from .values import dp

__all__ = [
    "ASCENDING_CODES",
    "TEAM_CODES",
    "BoardPrize",
    "TeamCode",
    "TeamRow",
    "TeamSettings",
    "board_prizes",
    "parse_code",
    "rank_teams",
    "settings_from_trf",
]

#: The tie-break names understood (before any ``:MP``/``:GP`` or modifier).
TEAM_CODES = (
    "MPTS", "GPTS", "PTS", "MPVGP", "BH", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB",
    "BC", "TBR", "BBE", "DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "STD",
    "TPN", "SSSC",
)  # fmt: skip
#: Codes whose lower value ranks first (gacrux: board count and the pairing number).
ASCENDING_CODES = frozenset({"BC", "TPN"})
#: Codes whose value is a rank inside the group still tied (lower first, 0 not split).
_RANK_CODES = frozenset({"TBR", "BBE", "DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"})
_ZERO = Decimal(0)
#: Codes that take cuts (``/C1``: the least significant opponent left out; ``/M1``, BH only:
#: the most significant too).
_CUTTABLE = frozenset({"BH", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"})


@dataclass(frozen=True)
class TeamSettings:
    """What the tie-breaks need to know of the event: the board count, the match scoring
    (``362``/``320``), a game's points (``162``: win, draw; the PAB's per board), the primary
    score (``"MP"`` or ``"GP"``; ``""`` when the event does not say: then the first of
    ``MPTS``/``GPTS`` in the codes, else match points, as gacrux chooses), a round robin
    (C.07 Art. 15) or a Swiss (Art. 16), and the rules (``"2026"``: Art. 16.4 caps;
    ``"2024"``: none)."""

    boards: int
    scoring: MatchScoring = field(default_factory=MatchScoring)
    game_win: Decimal = Decimal(1)
    game_draw: Decimal = Decimal("0.5")
    game_pab: Decimal = Decimal(1)
    primary: str = "MP"
    round_robin: bool = False
    rules: str = "2026"


@dataclass(frozen=True)
class TeamCode:
    """A parsed code: ``name`` (``BH``), ``basis`` (``"MP"``/``"GP"``/``""`` for the primary
    score), ``cut_low``/``cut_high`` (``/C1``: 1, 0; ``/M1``: 1, 1), ``text`` as given."""

    name: str
    basis: str = ""
    cut_low: int = 0
    cut_high: int = 0
    text: str = ""


@dataclass(frozen=True)
class TeamRow:
    """A team's line: rank (shared when every value is equal), match and game points, and the
    value of each code in the order asked (Decimal, or int for the rank-valued codes)."""

    team: int
    rank: int
    match_points: Decimal
    game_points: Decimal
    values: tuple[Decimal | int, ...]


@dataclass(frozen=True)
class BoardPrize:
    """A player's record on one board: games played over the board (forfeits and empty
    boards excluded), points in them, percentage (None without a game), the average rating
    of the rated opponents (ARO) and the performance ARO + dp(p) (None without a rated
    opponent), and ``forfeits`` (board forfeits won or lost, not counted)."""

    player: int
    team: int
    board: int
    games: int
    points: Decimal
    percentage: Decimal | None
    average_opponent: int | None
    performance: int | None
    forfeits: int


_CODE = re.compile(r"^([A-Z]+)(?::(MP|GP))?((?:[/-][A-Z0-9]+)*)$")


def parse_code(text: str) -> TeamCode:
    """``BH:GP/C1`` -> TeamCode("BH", "GP", 1, 0); ``SSSC/K2`` -> divisor 2 (``cut_low``).
    ValueError for a code not understood."""
    m = _CODE.match(text.strip().upper())
    if not m or m.group(1) not in TEAM_CODES:
        raise ValueError(f"unknown team tie-break {text!r}")
    name, basis = m.group(1), m.group(2) or ""
    low = high = 0
    for modifier in filter(None, re.split(r"[/-]", m.group(3))):
        kind, number = modifier[0], modifier[1:]
        if kind == "K" and name == "SSSC" and number.isdigit() and int(number) > 0:
            low = int(number)
            continue
        if (
            kind not in "CM"
            or not number.isdigit()
            or name not in _CUTTABLE
            or (kind == "M" and name != "BH")
        ):
            raise ValueError(f"modifier {modifier!r} not understood on {name}")
        low = int(number)
        high = int(number) if kind == "M" else 0
    if name in ("MPTS", "GPTS") and basis:
        raise ValueError(f"{name} has its score in its name")
    return TeamCode(name, basis, low, high, text.strip())


def settings_from_trf(file: TeamTrf) -> TeamSettings:
    """The settings a team file states: board count (``352``), scoring (``362``, ``320``,
    ``162``), primary score and round robin from ``192`` (``..._GP_MP``/``..._GP``: game
    points primary; no score in the code: not said, ``FIDE_TEAM`` match points;
    ``ROUNDROBIN``: a round robin), rules from the start date (``042``: from
    1 March 2026 the 2026 rules, as gacrux chooses)."""
    t = file.tournament
    system = t.system.upper()
    scores = re.search(r"_(MP|GP)(?:_(?:MP|GP))?(?:_BAKU)?$", system)
    primary = scores.group(1) if scores else ""
    if re.fullmatch(r"FIDE_TEAM(_TYPE[AB])?(_BAKU)?", system):
        primary = "MP"  # C.04.6 1.2.2: match points unless the rules say otherwise
    rules = "2026"
    from pairing.engines.trf import parse_date

    start = parse_date(t.start_date) if t.start_date else None
    if start is not None and (start.year, start.month) < (2026, 3):
        rules = "2024"
    return TeamSettings(
        boards=file.records.boards,
        scoring=file.records.scoring,
        game_win=Decimal(t.scoring.win) / 10,
        game_draw=Decimal(t.scoring.draw) / 10,
        game_pab=Decimal(t.scoring.pab) / 10,
        primary=primary,
        round_robin="ROUNDROBIN" in system,
        rules=rules,
    )


# --- what gacrux keeps of a team's round ---------------------------------------------------


@dataclass(frozen=True)
class _Round:
    round: int
    opponent: int | None
    colour: str
    points: dict[str, Decimal]  # "MP", "GP"
    played: bool  # played over the board (a PAB counts, as gacrux has it)
    vur: dict[str, bool]  # a voluntary unplayed round for each score basis
    boards: tuple[tuple[int, Decimal, bool], ...]  # board, points, played (own boards)


def _round(r: TeamRound, s: TeamSettings) -> _Round:
    """A TeamRound as gacrux sees it: a match is played when a board was, or both teams
    scored; a round is voluntary unplayed when not played and not won (Art. 16.1); the boards
    of a round without a match score what its result gives every board."""
    points = {"MP": r.match_points, "GP": r.game_points}
    if r.kind == PLAYED:
        played = any(r.board_played) or (r.game_points > 0 and r.opponent_game_points > 0)
        won = r.game_points > r.opponent_game_points
        boards = tuple(
            (k, p, bool(r.board_played[k - 1]) if k <= len(r.board_played) else False)
            for k, p in enumerate(r.board_points, start=1)
        )
        board_vur = not any(played_board or p == s.game_win for _, p, played_board in boards)
        vur = {"MP": not played and not won, "GP": board_vur}
    else:
        played = r.kind == PAB
        won = r.kind in (FORFEIT_WIN, FPB)
        per_board = s.game_pab if played else s.game_win if won else (
            s.game_draw if r.kind == HPB else _ZERO
        )  # fmt: skip
        boards = tuple((k, per_board, played) for k in range(1, s.boards + 1))
        unplayed = not played and not won
        vur = {"MP": unplayed, "GP": unplayed}
    return _Round(r.round, r.opponent, r.colour, points, played, vur, boards)


class _Field:
    """The teams' rounds through ``through_round``, and what the codes share."""

    def __init__(
        self, rounds: Mapping[int, Sequence[TeamRound]], s: TeamSettings, through_round: int
    ) -> None:
        self.settings = s
        self.through = through_round
        self.teams = sorted(rounds)
        self.rounds: dict[int, dict[int, _Round]] = {}
        for team in self.teams:
            kept = {r.round: _round(r, s) for r in rounds[team] if r.round <= through_round}
            for number in range(1, through_round + 1):
                kept.setdefault(
                    number,
                    _Round(number, None, "", {"MP": _ZERO, "GP": _ZERO}, False,
                           {"MP": True, "GP": True}, ()),
                )  # fmt: skip
            self.rounds[team] = kept
        self.adjusted: dict[str, dict[int, Decimal]] = {}
        self._board_points: dict[int, dict[int, Decimal]] = {}

    def total(self, team: int, basis: str) -> Decimal:
        return sum((r.points[basis] for r in self.rounds[team].values()), _ZERO)

    def draw(self, basis: str) -> Decimal:
        s = self.settings
        return s.scoring.draw if basis == "MP" else s.game_draw * s.boards

    def win(self, basis: str) -> Decimal:
        s = self.settings
        return s.scoring.win if basis == "MP" else s.game_win * s.boards

    def last_present(self, team: int, basis: str) -> int:
        """The last round that was not a voluntary unplayed round (Art. 16.2)."""
        return max((n for n, r in self.rounds[team].items() if not r.vur[basis]), default=0)

    def adjusted_score(self, team: int, basis: str) -> Decimal:
        """The team's score as an opponent (Art. 16.3): its unplayed rounds after its last
        present round, without an opponent, count as draws (nothing in a round robin)."""
        cache = self.adjusted.setdefault(basis, {})
        if team not in cache:
            last = self.last_present(team, basis)
            no_opponent = _ZERO if self.settings.round_robin else self.draw(basis)
            cache[team] = sum(
                (
                    r.points[basis] if n <= last or r.opponent is not None else no_opponent
                    for n, r in self.rounds[team].items()
                ),
                _ZERO,
            )
        return cache[team]

    def board_points(self, team: int) -> dict[int, Decimal]:
        """Board number -> the team's points on it over its rounds (byes: every board)."""
        if team not in self._board_points:
            out: dict[int, Decimal] = {}
            for r in self.rounds[team].values():
                for board, points, _ in r.boards:
                    out[board] = out.get(board, _ZERO) + points
            self._board_points[team] = out
        return self._board_points[team]

    @cached_property
    def max_board(self) -> int:
        """The highest board of a match (gacrux's board count for TBR, BBE, SSSC)."""
        return max(
            (
                board
                for team in self.teams
                for r in self.rounds[team].values()
                if r.opponent is not None
                for board, _, _ in r.boards
            ),
            default=self.settings.boards,
        )


def _other(basis: str) -> str:
    return "GP" if basis == "MP" else "MP"


def _buchholz(f: _Field, team: int, code: TeamCode, primary: str) -> Decimal:
    """BH, SB and the ESB family (C.07 Art. 8, 9; unplayed rounds Art. 16; cuts Art. 14)."""
    name = code.name
    if name in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        opponent_basis, own_basis = name[1] + "P", name[2] + "P"
    elif name == "ESB":
        opponent_basis = code.basis or primary
        own_basis = _other(opponent_basis)
    else:
        opponent_basis = own_basis = code.basis or primary
    is_sb = name != "BH"
    s = f.settings
    own_total = f.total(team, opponent_basis)
    elements: list[tuple[Decimal, Decimal, bool, int]] = []  # score, value, vur, round
    for n, r in sorted(f.rounds[team].items()):
        opponent = r.opponent
        played = r.played or (s.round_robin and opponent is not None)
        vur = r.vur["MP"]
        if played and opponent is not None:
            score = f.adjusted_score(opponent, opponent_basis)
            vur = False
        elif not s.round_robin:
            score = own_total
            if s.rules == "2026":
                if opponent is not None:
                    score = min(score, f.adjusted_score(opponent, opponent_basis))
                else:
                    score = min(score, f.draw(opponent_basis) * f.through)
        else:
            score = _ZERO
        if opponent is None and s.round_robin:
            continue
        value = score * r.points[own_basis] if is_sb else score
        elements.append((score, value, vur, n))
    low = min(code.cut_low, f.through)
    high = min(code.cut_high, f.through - low)
    for _ in range(low):
        if not elements:
            break
        lowest = min(elements, key=lambda e: (e[0], e[1]))
        voluntary = min(elements, key=lambda e: (not e[2], e[1], e[0]))
        if not voluntary[2] or lowest[1] > voluntary[1]:
            elements.remove(lowest)
        else:
            elements.remove(voluntary)
    for _ in range(high):
        if not elements:
            break
        elements.remove(max(elements, key=lambda e: (e[0], e[1])))
    return sum((e[1] for e in elements), _ZERO)


def _std(f: _Field, team: int, primary: str) -> Decimal:
    """STD (C.07 2026): a point for each won match, half for a drawn one on match points; on
    game points, the same board by board."""
    s = f.settings
    total = _ZERO
    for r in f.rounds[team].values():
        if primary == "MP":
            p = r.points["MP"]
            total += (
                Decimal(1)
                if p > s.scoring.draw
                else Decimal("0.5")
                if p == s.scoring.draw
                else _ZERO
            )
        else:
            for _, p, _ in r.boards if r.opponent is not None and r.played else ():
                total += (
                    Decimal(1) if p > s.game_draw else Decimal("0.5") if p == s.game_draw else _ZERO
                )
            if not (r.opponent is not None and r.played):
                per = r.boards[0][1] if r.boards else _ZERO
                one = (
                    Decimal(1)
                    if per > s.game_draw
                    else Decimal("0.5")
                    if per == s.game_draw
                    else _ZERO
                )
                total += one * s.boards
    return total


def _sssc(f: _Field, team: int, code: TeamCode, primary: str) -> Decimal:
    """SSSC (score and strength combination): the secondary score plus the Buchholz on the
    primary divided by a normaliser, to two decimals: ``/K<n>`` gives it, else, as gacrux
    computes it, floor(win x rounds / game win / boards) with match points primary, floor(win
    x rounds x boards / match win) with game points primary. When that floor is 0 (few
    rounds) gacrux fails (error 510); we divide by 1 (docs/teams.md)."""
    s = f.settings
    bh = _buchholz(f, team, TeamCode("BH", primary), primary)
    if code.cut_low:
        divisor = Decimal(code.cut_low)
    elif primary == "MP":
        divisor = Decimal(int(s.scoring.win * f.through / s.game_win / f.max_board))
    else:
        divisor = Decimal(int(s.game_win * f.through * f.max_board / s.scoring.win))
    value = f.total(team, _other(primary)) + bh / (divisor or 1)
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


def _board_count(f: _Field, team: int) -> Decimal:
    """BC: the points of each board times its number, summed (lower ranks first)."""
    return sum((board * points for board, points in f.board_points(team).items()), _ZERO)


def _split_by(group: list[int], key: Mapping[int, Sequence[Decimal]] | None) -> list[list[int]]:
    """The group in subgroups by a lexicographic key, highest first."""
    if key is None:
        return [group]
    ordered = sorted(group, key=lambda t: (tuple(-v for v in key[t]), t))
    out: list[list[int]] = []
    for team in ordered:
        if out and key[out[-1][0]] == key[team]:
            out[-1].append(team)
        else:
            out.append([team])
    return out


def _board_keys(f: _Field, group: list[int], name: str) -> dict[int, list[Decimal]]:
    """TBR: board 1's points, then board 2's ...; BBE: the total, without the bottom board,
    without the two bottom boards ... (compared one after the other)."""
    out: dict[int, list[Decimal]] = {}
    top = f.max_board
    for team in group:
        bp = f.board_points(team)
        if name == "TBR":
            out[team] = [bp.get(k, _ZERO) for k in range(1, top + 1)]
        else:
            left = sum(bp.values(), _ZERO)
            key = []
            for k in range(top, 0, -1):
                left -= bp.get(k, _ZERO)
                key.append(left)
            out[team] = key
    return out


def _ranks_in(groups: list[list[int]]) -> dict[int, int]:
    """Competition ranks 1, 1, 3 ... over ordered subgroups; 0 for all if not split."""
    if len(groups) <= 1:
        return {t: 0 for g in groups for t in g}
    out: dict[int, int] = {}
    position = 1
    for g in groups:
        for t in g:
            out[t] = position
        position += len(g)
    return out


def _direct_encounter_split(
    f: _Field, group: list[int], basis: str, weights: list[Decimal] | None = None
) -> list[list[int]]:
    """DE (C.07 Art. 6) on ``basis`` within ``group``: each team's average result against
    the others of the group (``weights`` per board instead: a board criterion). In a Swiss,
    when not every pair met, a team ranks ahead only when its score beats what any other
    could still reach (an unplayed encounter counting as a win)."""
    s = f.settings
    members = set(group)
    scores: dict[int, Decimal] = {}
    reach: dict[int, Decimal] = {}
    all_met = True
    for team in group:
        results: dict[int, list[Decimal]] = {}
        for r in f.rounds[team].values():
            if r.opponent in members and (r.played or s.round_robin):
                if weights is not None:
                    value = sum((weights[b - 1] * p for b, p, _ in r.boards), _ZERO)
                else:
                    value = r.points[basis]
                results.setdefault(r.opponent, []).append(value)
        score = sum((sum(v, _ZERO) / len(v) for v in results.values()), _ZERO)
        scores[team] = score
        missing = len(group) - 1 - len(results)
        if not s.round_robin and missing > 0:
            all_met = False
        reach[team] = score + max(missing, 0) * f.win(basis)
    ordered = sorted(group, key=lambda t: (-scores[t], -reach[t], t))
    if all_met:
        return _split_by(group, {t: [scores[t]] for t in group})
    out: list[list[int]] = []
    for i, team in enumerate(ordered):
        rest = ordered[i + 1 :]
        if rest and scores[team] > max(reach[t] for t in rest) and len(out) == i:
            out.append([team])
        else:
            out.append(ordered[i:])
            break
    return out


def _ede(f: _Field, group: list[int], name: str, primary: str) -> list[list[int]]:
    """DE on the primary score, then the secondary, again while either splits; EDEC, EDET,
    EDEB then apply board count, top board, bottom boards (EDEBT, EDEBB: board count, then
    top or bottom boards) to exactly two teams still tied (C.07 13.3.2 as gacrux quotes it)."""
    steps = ["P"] if name == "DE" else ["P", "S"]
    boards = f.settings.boards
    if name in ("EDEC", "EDEBT", "EDEBB"):
        steps.append("C")
    if name in ("EDET", "EDEBT"):
        steps += ["T"] * boards
    elif name in ("EDEB", "EDEBB"):
        steps += ["B"] * (boards - 1)
    if len(group) == 1:
        return [group]
    split = [group]
    for index, step in enumerate(steps):
        if step in "PS":
            basis = primary if step == "P" else _other(primary)
            split = _direct_encounter_split(f, group, basis)
        elif len(group) == 2:
            position = steps[:index].count(step)
            if step == "C":
                weights = [Decimal(-k) for k in range(1, boards + 1)]
            elif step == "T":
                weights = [Decimal(int(k == position)) for k in range(boards)]
            else:
                weights = [Decimal(int(k < boards - 1 - position)) for k in range(boards)]
            split = _direct_encounter_split(f, group, "GP", weights)
        if len(split) > 1:
            break
    if len(split) == 1:
        return [group]
    return [part for sub in split for part in _ede(f, sub, name, primary)]


def rank_teams(
    rounds: Mapping[int, Sequence[TeamRound]],
    codes: Sequence[str],
    settings: TeamSettings,
    *,
    through_round: int | None = None,
) -> tuple[TeamRow, ...]:
    """The teams ranked by ``codes`` one after the other (each splits the groups the previous
    ones left tied), with every code's value. ``through_round``: the standings after that
    round (default: the last round any team has). ValueError for an unknown code."""
    parsed = [parse_code(c) for c in codes]
    if through_round is None:
        through_round = max((r.round for rs in rounds.values() for r in rs), default=0)
    f = _Field(rounds, settings, through_round)
    primary = settings.primary or next(
        (c.name[0] + "P" for c in parsed if c.name in ("MPTS", "GPTS")), "MP"
    )
    values: dict[int, list[Decimal | int]] = {t: [] for t in f.teams}
    groups = [list(f.teams)]
    for code in parsed:
        name = code.name
        computed: dict[int, Decimal | int] = {}
        if name in _RANK_CODES:
            new_groups: list[list[int]] = []
            for group in groups:
                if len(group) == 1:
                    computed[group[0]] = 0
                    new_groups.append(group)
                    continue
                if name in ("TBR", "BBE"):
                    split = _split_by(group, _board_keys(f, group, name))
                else:
                    split = _ede(f, group, name, primary)
                computed.update(_ranks_in(split))
                new_groups += split
            for team in f.teams:
                values[team].append(computed[team])
            groups = new_groups
            continue
        for team in f.teams:
            computed[team] = _value(f, team, code, primary)
            values[team].append(computed[team])
        sign = 1 if name in ASCENDING_CODES else -1
        groups = [
            sub
            for group in groups
            for sub in _split_by(group, {t: [Decimal(computed[t]) * -sign] for t in group})
        ]
    rows: list[TeamRow] = []
    for group in groups:
        position = len(rows) + 1
        for team in sorted(group):
            rows.append(
                TeamRow(team, position, f.total(team, "MP"), f.total(team, "GP"),
                        tuple(values[team]))
            )  # fmt: skip
    return tuple(rows)


def _value(f: _Field, team: int, code: TeamCode, primary: str) -> Decimal | int:
    name = code.name
    if name == "MPTS":
        return f.total(team, "MP")
    if name == "GPTS":
        return f.total(team, "GP")
    if name == "PTS":
        return f.total(team, code.basis or primary)
    if name == "MPVGP":
        return f.total(team, _other(primary))
    if name in ("BH", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        return _buchholz(f, team, code, primary)
    if name == "BC":
        return _board_count(f, team)
    if name == "STD":
        return _std(f, team, code.basis or primary)
    if name == "TPN":
        return team
    if name == "SSSC":
        return _sssc(f, team, code, primary)
    raise ValueError(f"unknown team tie-break {code.text!r}")


# --- board prizes ---------------------------------------------------------------------------


def board_prizes(
    file: TeamTrf, *, ratings: Mapping[int, int | None] | None = None
) -> tuple[BoardPrize, ...]:
    """Every player's record on each board they played (a reserve who played two boards has
    two lines): games over the board, points, percentage, ARO and performance ARO + dp(p)
    (FIDE table 8.1(a), p rounded to two decimals); forfeits and empty boards are counted
    apart, never as games. ``ratings``: player -> rating (default: the 001 ratings; 0 or
    None is unrated, left out of ARO). Ordered by board, then points, then percentage."""
    rating_of = ratings if ratings is not None else {
        p.number: p.rating or None for p in file.tournament.players
    }  # fmt: skip
    team_of = file.records.team_of()
    tally: dict[tuple[int, int], _Tally] = {}
    for match in file.matches:
        for board in match.boards:
            sides = (
                (board.white_team_player, board.black_team_player, board.white_team_points),
                (board.black_team_player, board.white_team_player, board.black_team_points),
            )
            for player, opponent, points in sides:
                if player is None:
                    continue
                entry = tally.setdefault((player, board.board), _Tally())
                if board.played and opponent is not None:
                    entry.games += 1
                    entry.points += points
                    rating = rating_of.get(opponent)
                    if rating:
                        entry.rated.append((rating, points))
                else:
                    entry.forfeits += 1
    out: list[BoardPrize] = []
    for (player, board_number), entry in tally.items():
        percentage = None
        if entry.games:
            percentage = (entry.points * 100 / entry.games).quantize(Decimal("0.1"), ROUND_HALF_UP)
        aro = performance = None
        if entry.rated:
            total = sum(r for r, _ in entry.rated)
            aro = int((Decimal(total) / len(entry.rated)).quantize(Decimal(1), ROUND_HALF_UP))
            p = Fraction(sum((pts for _, pts in entry.rated), _ZERO)) / len(entry.rated)
            performance = aro + dp(p)
        out.append(
            BoardPrize(
                player,
                team_of.get(player, 0),
                board_number,
                entry.games,
                entry.points,
                percentage,
                aro,
                performance,
                entry.forfeits,
            )
        )
    return tuple(sorted(out, key=lambda b: (b.board, -b.points, -(b.percentage or 0), b.player)))


@dataclass
class _Tally:
    games: int = 0
    points: Decimal = _ZERO
    rated: list[tuple[int, Decimal]] = field(default_factory=list)
    forfeits: int = 0
