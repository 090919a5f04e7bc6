"""A TRF-2026 team file as the team Swiss sees it: each team's rounds (a match played or
forfeited, a PAB, a requested bye, an absence) and, from them, the
:class:`~pairing.engines.team_swiss.state.TeamState` of every team before a round.

The file is read by :mod:`pairing.engines.trf_team` (records 310, 320, 330, 300, 352, 362, 240
on top of the individual TRF); :func:`from_team_trf` is the adapter from that model. How a
round's matches come out of the players' games follows gacrux's reading (docs/teams.md, "The
team Swiss engine"): the team with White is the team whose first-board player has the 352
colour of that board; a match counts as played when a board was played (or both teams scored).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pairing.engines import trf_team as _trf_team
from pairing.engines.team_swiss.state import (
    COLOUR_MODELS,
    ColourModel,
    Match,
    Rules,
    TeamState,
    TeamSwissError,
)
from pairing.engines.trf_team import TeamTrf


@dataclass(frozen=True)
class TeamRound:
    """What one team did in one round. ``kind``: ``"match"`` (``played`` or not), ``"pab"``,
    ``"forfeit"`` (a 330 record), ``"none"`` (not paired). ``white`` for a match: this team had
    White on board 1."""

    kind: str
    opponent: int = 0
    white: bool = False
    played: bool = False
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    won: bool = False


@dataclass(frozen=True)
class TeamFile:
    teams: tuple[int, ...]
    names: dict[int, str]
    rounds: int
    initial_colour: str
    system: str
    boards: int
    pattern: str
    win: Fraction
    draw: Fraction
    loss: Fraction
    pab_mp: Fraction
    pab_gp: Fraction
    held: int  # rounds with any result in the file
    results: dict[int, dict[int, TeamRound]]  # round -> team -> what it did

    @property
    def colour_model(self) -> ColourModel:
        """Art. 1.7 from the 192 code: TYPEB, TYPEA, else no preferences (``FIDE_TEAM`` alone
        is Type A)."""
        code = self.system.upper()
        if "TYPEB" in code:
            return "typeb"
        if "TYPEA" in code or code in ("FIDE_TEAM", ""):
            return "typea"
        return "none"

    @property
    def scores(self) -> str:
        """The score part of the 192 code: ``MP_GP`` (the default, art. 1.2.2), ``GP_MP``,
        ``MP`` or ``GP`` (one score: the secondary is not used)."""
        parts = [p for p in self.system.upper().split("_") if p in ("MP", "GP")]
        return "_".join(parts) or "MP_GP"

    @property
    def primary(self) -> str:
        """``"MP"`` or ``"GP"`` (art. 1.2; the default is MP)."""
        return self.scores[:2]

    @property
    def secondary_used(self) -> bool:
        """Art. 1.2.1: a code naming one score states the other is not used for colours."""
        return "_" in self.scores


def rules_for(f: TeamFile, rnd: int, colour_model: ColourModel | None = None) -> Rules:
    """The rules of round ``rnd``: the event's length is record 142 (or the rounds held)."""
    model = colour_model or f.colour_model
    if model not in COLOUR_MODELS:
        raise TeamSwissError(f"unknown colour model {model!r}")
    if "BAKU" in f.system.upper():
        if f.primary == "GP":
            raise TeamSwissError(
                "Baku acceleration cannot be used with GP primary (C.04.7 art. 1.4.4)"
            )
        raise TeamSwissError(
            "Baku acceleration (250 records) is not supported by the team engine yet; pair "
            "this event without it, or by hand"
        )
    initial: Literal["w", "b"] = "b" if f.initial_colour == "b" else "w"
    return Rules(
        round=rnd,
        rounds=max(f.rounds, f.held),
        colour_model=model,
        secondary_used=f.secondary_used,
        initial_colour=initial,
    )


def states_before(f: TeamFile, rnd: int) -> list[TeamState]:
    """Every team's state before round ``rnd`` (from rounds 1..rnd-1). When the file already
    holds round ``rnd``, a team with neither a match nor the PAB in it (absent, or a requested
    bye) is not present, as gacrux reads such a file; a round to come has every team present.
    """
    held = f.results.get(rnd, {})
    paired = {t for t, res in held.items() if res.kind in ("match", "forfeit", "pab")}
    mp = {t: Fraction(0) for t in f.teams}
    gp = {t: Fraction(0) for t in f.teams}
    colours = {t: "" for t in f.teams}
    met: dict[int, set[int]] = {t: set() for t in f.teams}
    barred = {t: False for t in f.teams}
    floated = {t: False for t in f.teams}
    primary_gp = f.primary == "GP"
    for r in range(1, rnd):
        before = dict(gp if primary_gp else mp)
        this = f.results.get(r, {})
        for t in f.teams:
            floated[t] = False
        for t, res in this.items():
            if t not in mp:
                continue
            mp[t] += res.match_points
            gp[t] += res.game_points
            if res.kind in ("pab", "fpb"):
                barred[t] = True
            elif res.kind in ("match", "forfeit"):
                if res.played:
                    colours[t] += "w" if res.white else "b"
                    met[t].add(res.opponent)
                    floated[t] = before[t] != before.get(res.opponent, before[t])
                elif res.won:
                    barred[t] = True  # a forfeit win bars a PAB ([C2])
    out = []
    for t in f.teams:
        primary, secondary = (gp[t], mp[t]) if primary_gp else (mp[t], gp[t])
        out.append(
            TeamState(
                tpn=t,
                score=primary,
                primary=primary,
                secondary=secondary,
                colours=colours[t],
                floated=floated[t],
                opponents=frozenset(met[t]),
                bye_barred=barred[t],
                present=not paired or t in paired,
            )
        )
    return out


def played_round(f: TeamFile, rnd: int) -> tuple[list[Match], int | None]:
    """The file's own pairing of round ``rnd``: its matches (white first) and its PAB."""
    matches = []
    bye = None
    for t, res in sorted(f.results.get(rnd, {}).items()):
        if res.kind == "pab":
            bye = t
        elif res.kind in ("match", "forfeit") and res.white:
            matches.append(Match(t, res.opponent))
    return matches, bye


def from_team_trf(t: TeamTrf) -> TeamFile:
    """The engine's view of a team file read by :mod:`pairing.engines.trf_team` (the full
    TRF-2026 team reader: 300 lineups, 240 team byes, errors with line and column).

    A match counts as played when one of its boards was (art. 1.6.1), or, as gacrux reads it,
    when both teams scored; a whole-match forfeit (330) or a match every board of which one
    team lost by forfeit is a forfeit win for the other ([C2]); an FPB (240 ``F``) bars the PAB
    too; HPB, ZPB and absence count only their points.
    """
    records = t.records
    results: dict[int, dict[int, TeamRound]] = {}
    for tpn, rounds in t.rounds.items():
        for r in rounds:
            mp, gp = Fraction(r.match_points), Fraction(r.game_points)
            kind = r.kind
            if kind == _trf_team.PLAYED:
                played = any(r.board_played) or (gp > 0 and r.opponent_game_points > 0)
                won = r.game_points > r.opponent_game_points
                entry = TeamRound(
                    "match", r.opponent or 0, r.colour == "W", played, mp, gp, won and not played
                )
            elif kind in (_trf_team.FORFEIT_WIN, _trf_team.FORFEIT_LOSS, _trf_team.DOUBLE_FORFEIT):
                entry = TeamRound(
                    "forfeit", r.opponent or 0, False, False, mp, gp, kind == _trf_team.FORFEIT_WIN
                )
            elif kind == _trf_team.PAB:
                entry = TeamRound("pab", match_points=mp, game_points=gp)
            elif kind == _trf_team.FPB:
                entry = TeamRound("fpb", match_points=mp, game_points=gp, won=True)
            elif kind in (_trf_team.HPB, _trf_team.ZPB):
                entry = TeamRound("bye", match_points=mp, game_points=gp)
            else:
                continue  # absent: nothing to count
            results.setdefault(r.round, {})[tpn] = entry
    tournament = t.tournament
    scoring = records.scoring
    return TeamFile(
        teams=tuple(sorted(team.number for team in records.teams)),
        names={team.number: team.name for team in records.teams},
        rounds=tournament.rounds,
        initial_colour=tournament.initial_colour or _initial_colour(results.get(1, {})),
        system=tournament.system,
        boards=records.boards,
        pattern=records.board_colours,
        win=Fraction(scoring.win),
        draw=Fraction(scoring.draw),
        loss=Fraction(scoring.loss),
        pab_mp=Fraction(scoring.bye_match_points),
        pab_gp=Fraction(scoring.bye_game_points),
        held=max((r for r, teams in results.items() if teams), default=0),
        results=results,
    )


def _initial_colour(first_round: dict[int, TeamRound]) -> str:
    """Art. 4.1 when the file has no 152: read the lot back from round 1 through art. 4.3.1.
    The played match holding the smallest TPN: its first-team is the smaller TPN (all scores
    are 0), which had the initial colour if odd, else the opposite one. No played match: W."""
    played = sorted(
        (min(t, res.opponent), t, res)
        for t, res in first_round.items()
        if res.kind == "match" and res.played
    )
    if not played:
        return "w"
    first, _, res = min((p for p in played if p[0] == p[1]), default=played[0])
    colour = "w" if res.white else "b"
    return colour if first % 2 == 1 else ("b" if colour == "w" else "w")


def read_team_trf(text: str) -> TeamFile:
    """Read a TRF-2026 team file with :func:`pairing.engines.trf_team.parse_team_trf`; a broken
    record raises :class:`~pairing.engines.trf.TrfError` naming its line and column."""
    return from_team_trf(_trf_team.parse_team_trf(text))
